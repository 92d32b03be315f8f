/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_arc_min_speed_f64 and af_arc_min_speed_q16
 * (see fuzz_check.h). */
#include <math.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "kinematics.h"

enum { FROM = 0, TO = 3, GRAVITY = 6, SLOTS = 9 };
static const char *const names[SLOTS] = { "from.x", "from.y", "from.z", "to.x", "to.y",
                                          "to.z", "gravity.x", "gravity.y", "gravity.z" };
static const fz_kind kinds[SLOTS] = { FZ_ANY, FZ_ANY, FZ_ANY, FZ_WIDE, FZ_WIDE,
                                      FZ_WIDE, FZ_ANY, FZ_ANY, FZ_ANY };

static scenario scene(const double *s)
{
    scenario sc = { { { 0, 0, 0 }, { 0, 0, 0 } }, { { 0, 0, 0 }, { 0, 0, 0 } }, { 0, 0, 0 }, 0, 0 };
    sc.shooter.position = fz_vec_f64(s, FROM);
    sc.target.position = fz_vec_f64(s, TO);
    sc.gravity = fz_vec_f64(s, GRAVITY);
    return sc;
}

static af_status run_f64(const double *s, af_shots_f64 *out)
{
    scenario sc = scene(s);
    af_status st = af_arc_min_speed_f64(&sc.shooter.position, &sc.target.position, &sc.gravity,
                                        out);
    fz_shots_f64(st, out);
    if (st == AF_OK) {
        af_vec3_f64 d = { sc.target.position.x - sc.shooter.position.x,
                          sc.target.position.y - sc.shooter.position.y,
                          sc.target.position.z - sc.shooter.position.z };
        /* From d and g brought near 1 first (powers of two 2^ed and
         * 2^eg, ed + eg even): a subnormal d or g keeps a few bits, which
         * their lengths and the height would carry. */
        af_vec3_f64 gs = sc.gravity, ds = d;
        double g = kin_len(sc.gravity), dist = kin_len(d), gn, dn, up, want, got;
        int eg, ed;
        (void)frexp(fz_vmax(gs), &eg);
        (void)frexp(fz_vmax(ds), &ed);
        eg += (ed + eg) % 2 != 0;
        gs.x = ldexp(gs.x, -eg);
        gs.y = ldexp(gs.y, -eg);
        gs.z = ldexp(gs.z, -eg);
        ds.x = ldexp(ds.x, -ed);
        ds.y = ldexp(ds.y, -ed);
        ds.z = ldexp(ds.z, -ed);
        gn = kin_len(gs);
        dn = kin_len(ds);
        up = -(ds.x * (gs.x / gn) + ds.y * (gs.y / gn) + ds.z * (gs.z / gn));
        want = ldexp(sqrt(gn * (dn + up)), (ed + eg) / 2);
        got = kin_len(out->shot[0].velocity);
        FZ_CHECK(out->count == 1, "ok with %d shots", out->count);
        fz_hit_f64(&sc, out, 0.0);
        /* ballistic.h's closed form of the slowest speed, compared in
         * squares: |d| + height cancels for a point straight below, so
         * its rounding is relative to g |d| (formed first: 1e-9 g
         * underflows for a subnormal g), the difference of the squares as
         * a product (a square overflows near 1.4e154). */
        if (isfinite(want) && isfinite(got) && isfinite(g * dist) && want > 1e-150)
            FZ_CHECK(fabs(got - want) * (got + want) <= 1e-9 * (g * dist),
                     "launch speed %.17g, the slowest is %.17g", got, want);
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in;
    fz_args a;
    af_shots_f64 f;
    af_shots_q16 q;
    af_status sf, sq;
    af_vec3_q16 from, to, g;
    scenario sc;

    fz_input_start(&in, data, size);
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("arc_min_speed", &a);

    fz_call("af_arc_min_speed_f64 on the decoded values");
    (void)run_f64(a.v, &f);
    fz_call("af_arc_min_speed_f64 on the Q16.16 values");
    sf = run_f64(a.fq, &f);

    fz_call("af_arc_min_speed_q16");
    from = fz_vec_q16(a.q, FROM);
    to = fz_vec_q16(a.q, TO);
    g = fz_vec_q16(a.q, GRAVITY);
    sq = af_arc_min_speed_q16(&from, &to, &g, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_diff_fits3(to, from), "out_of_range although to - from fits Q16.16");
    FZ_CHECK(sq == sf || sq == AF_ERR_OUT_OF_RANGE ||
                 (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                  !(fz_fits(f.shot[0].t) && fz_fits3(f.shot[0].velocity))),
             "q16 says %s, f64 %s", af_status_name(sq), af_status_name(sf));
    sc = scene(a.fq);
    if (sq == AF_OK) {
        fz_hit_q16(&sc, &q, 0);
        if (sf == AF_OK) {
            double want = kin_len(f.shot[0].velocity);
            double scale = want + kin_len(sc.gravity) * f.shot[0].t;
            fz_close_value("launch speed", kin_len(fz_vec_of_q16(q.shot[0].velocity)), want,
                           scale);
        }
    }
    return 0;
}
