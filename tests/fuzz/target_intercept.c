/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_intercept_f64 and af_intercept_q16 (see fuzz_check.h). */
#include <math.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "kinematics.h"

/* v scaled by a power of two that brings its largest component near 1
 * (exact): a product of two such never underflows to a false 0. */
static af_vec3_f64 unit_scaled(af_vec3_f64 v, double *s)
{
    int e;
    (void)frexp(fmax(s ? *s : 0.0, fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)))), &e);
    v.x = ldexp(v.x, -e);
    v.y = ldexp(v.y, -e);
    v.z = ldexp(v.z, -e);
    if (s)
        *s = ldexp(*s, -e);
    return v;
}

/* |v| = s on the exact values: the largest component against s (their
 * difference exact), the others' squares apart, so that a speed larger
 * by far less than a rounding of |v| is not taken for equal. */
static int equally_fast(af_vec3_f64 v, double s)
{
    double x, y, z, t;
    v = unit_scaled(v, &s);
    x = fabs(v.x), y = fabs(v.y), z = fabs(v.z);
    if (y > x)
        t = x, x = y, y = t;
    if (z > x)
        t = x, x = z, z = t;
    if (y == 0.0 && z == 0.0)
        return x == s;
    return x != s && (x - s) * (x + s) + (y * y + z * z) == 0.0;
}

static af_status run_f64(const double *s, unsigned flags, af_shots_f64 *out)
{
    scenario sc = fz_scene(s, flags);
    af_status st = af_intercept_f64(&sc.shooter, &sc.target, sc.speed, flags, out);
    af_vec3_f64 d = { sc.target.position.x - sc.shooter.position.x,
                      sc.target.position.y - sc.shooter.position.y,
                      sc.target.position.z - sc.shooter.position.z };
    af_vec3_f64 v = sc.target.velocity;
    sc.gravity.x = sc.gravity.y = sc.gravity.z = 0.0;
    if (flags & AF_INHERIT_VELOCITY) {
        v.x -= sc.shooter.velocity.x;
        v.y -= sc.shooter.velocity.y;
        v.z -= sc.shooter.velocity.z;
    }
    /* intercept.h: equally fast and not closing is no_solution. */
    af_vec3_f64 ds = unit_scaled(d, NULL), vs = unit_scaled(v, NULL);
    if (equally_fast(v, sc.speed) && ds.x * vs.x + ds.y * vs.y + ds.z * vs.z >= 0 &&
        kin_len(d) > 0)
        FZ_CHECK(st != AF_OK, "a target as fast as the projectile and not closing: ok, t %.17g",
                 out->shot[0].t);
    fz_shots_f64(st, out);
    if (st == AF_OK)
        fz_hit_f64(&sc, out, sc.speed);
    fz_no_root_lost_f64(&sc, st, out);
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
    unsigned flags;
    af_body_q16 shooter, target;
    scenario sc;

    fz_input_start(&in, data, size);
    flags = fz_u8(&in) & AF_INHERIT_VELOCITY;
    fz_decode(&in, &a, FZ_SCENE_SLOTS, fz_scene_kinds, fz_scene_names);
    fz_begin("intercept", &a);
    fz_int("flags", (long)flags);

    fz_call("af_intercept_f64 on the decoded values");
    (void)run_f64(a.v, flags, &f);

    fz_call("af_intercept_f64 on the Q16.16 values");
    sf = run_f64(a.fq, flags, &f);

    fz_call("af_intercept_q16");
    shooter = fz_body_q16(a.q, FZ_SHOOTER);
    target = fz_body_q16(a.q, FZ_TARGET);
    sq = af_intercept_q16(&shooter, &target, a.q[FZ_SPEED], flags, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_relative_fits(&shooter, &target, flags),
                 "out_of_range although every difference fits Q16.16");
    sc = fz_scene(a.fq, flags);
    sc.gravity.x = sc.gravity.y = sc.gravity.z = 0.0;
    if (sq == AF_OK)
        fz_hit_q16(&sc, &q, FZ_LINE_SPEED);
    fz_compare_shots(sf, &f, sq, &q, &sc);
    return 0;
}
