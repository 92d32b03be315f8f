/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_aim_speed_f64 and af_drag_aim_speed_q16
 * (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "drag_sim.h"
#include "fuzz_drag.h"
#include "kinematics.h"
#include "shots_check.h"

/* The model's slots (its body is the shooter), the target, the speed and
 * the longest flight. */
enum { TARGET = FZ_DRAG_SLOTS, SPEED = TARGET + 6, MAX_TIME, SLOTS };

/* Without drag (continuous with k = 0, or stepped with r = 1 and no
 * gravity: a straight line) the flight is the vacuum one, and the
 * times a shot of this speed can meet the target are the sign changes of
 * scenario_gap (shots_check.h): every one up to max_time must be given.
 * A scan of 512 cells, geometric from 1e-9 max_time. */
static void vacuum_root_lost(const af_drag_f64 *m, const af_body_f64 *shooter,
                               const af_body_f64 *target, double speed, double max_time,
                               unsigned flags, af_status st, const af_shots_f64 *out)
{
    scenario sc;
    double a, ha, ratio = pow(1e9, 1.0 / 512);
    int k, j;
    int vacuum_stepped = m->kind == AF_DRAG_KIND_STEPPED && m->r == 1 && m->order <= 1 &&
                         m->dt > 0 && m->gravity.x == 0 && m->gravity.y == 0 && m->gravity.z == 0;
    if (!(m->kind == AF_DRAG_KIND_CONTINUOUS && m->k == 0) && !vacuum_stepped)
        return;
    sc.shooter = *shooter;
    sc.target = *target;
    sc.gravity = m->gravity;
    sc.speed = speed;
    sc.flags = flags;
    a = max_time * 1e-9;
    ha = scenario_gap(&sc, a);
    for (k = 0; k < 512; k++) {
        double b = a * ratio, hb = scenario_gap(&sc, b);
        if (!isfinite(ha) || !isfinite(hb))
            return;
        if ((ha < 0) != (hb < 0) && b <= max_time * (1 - 1e-9)) {
            int found = 0;
            for (j = 0; j < out->count; j++)
                found |= out->shot[j].t >= a * (1 - 1e-9) && out->shot[j].t <= b * (1 + 1e-9);
            /* A sign change is an odd number of roots in the cell: a real
             * one, unless both ends are at the gap's rounding level. */
            if (fmax(fabs(ha), fabs(hb)) > 1e-12 * (speed * b + kin_len(target->position) +
                                                    kin_len(shooter->position)))
                FZ_CHECK(found, "no drag: a solution with t in [%.17g, %.17g] is lost (%s, %d "
                         "shots)", a, b, af_status_name(st), out->count);
        }
        a = b;
        ha = hb;
    }
}

static af_status run_f64(const double *s, fz_model_ints mi, unsigned flags, af_shots_f64 *out)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_body_f64 shooter = fz_body_f64(s, FZ_DRAG_BODY), target = fz_body_f64(s, TARGET);
    af_status st =
        af_drag_aim_speed_f64(&m, &shooter, &target, s[SPEED], s[MAX_TIME], flags, out);
    int i;
    fz_shots_f64(st, out);
    if (st == AF_OK) {
        for (i = 0; i < out->count; i++) {
            double len = kin_len(out->shot[i].velocity), t = out->shot[i].t;
            /* The velocity is (P - p0 - b g) / a: its rounding is relative
             * to those terms over t (wind acting as k wind of gravity). */
            double ref = s[SPEED] + kin_dist(target.position, shooter.position) / t +
                         kin_len(target.velocity) + kin_len(shooter.velocity) +
                         (kin_len(m.gravity) +
                          (m.kind == AF_DRAG_KIND_CONTINUOUS ? m.k * kin_len(m.wind) : 0.0)) *
                             t;
            FZ_CHECK(out->shot[i].t <= s[MAX_TIME], "shot %d: t %.17g beyond max_time", i,
                     out->shot[i].t);
            if (t > 0 && isfinite(len) && isfinite(ref))
                FZ_CHECK(fabs(len - s[SPEED]) <= 1e-9 * ref + FZ_TINY,
                         "shot %d: launch speed %.17g, asked %.17g (%.3g of the velocity's "
                         "terms, %.3g)", i, len, s[SPEED], fabs(len - s[SPEED]) / ref, ref);
        }
    }
    if (st == AF_OK || st == AF_ERR_NO_SOLUTION)
        vacuum_root_lost(&m, &shooter, &target, s[SPEED], s[MAX_TIME], flags, st, out);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    static const char *const target_names[6] = { "target.position.x", "target.position.y",
                                                  "target.position.z", "target.velocity.x",
                                                  "target.velocity.y", "target.velocity.z" };
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    af_shots_f64 f;
    af_shots_q16 q;
    af_body_q16 shooter, target;
    af_drag_q16 m;
    af_status sf, sq;
    unsigned flags;
    int i;

    fz_drag_slots(names, kinds);
    for (i = 0; i < 6; i++) {
        names[TARGET + i] = target_names[i];
        kinds[TARGET + i] = FZ_ANY;
    }
    names[SPEED] = "speed";
    kinds[SPEED] = FZ_POS;
    names[MAX_TIME] = "max_time";
    kinds[MAX_TIME] = FZ_POS;
    fz_input_start(&in, data, size);
    fz_begin("drag_aim_speed", &a);
    mi = fz_drag_ints(&in);
    flags = fz_u8(&in) & AF_INHERIT_VELOCITY;
    fz_int("flags", (long)flags);
    fz_decode(&in, &a, SLOTS, kinds, names);

    fz_call("af_drag_aim_speed_f64 on the decoded values");
    (void)run_f64(a.v, mi, flags, &f);
    fz_call("af_drag_aim_speed_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, flags, &f);

    fz_call("af_drag_aim_speed_q16");
    m = fz_drag_q16(a.q, mi);
    shooter = fz_body_q16(a.q, FZ_DRAG_BODY);
    target = fz_body_q16(a.q, TARGET);
    sq = af_drag_aim_speed_q16(&m, &shooter, &target, a.q[SPEED], a.q[MAX_TIME], flags, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_diff_fits3(target.position, shooter.position),
                 "out_of_range although the target's relative position fits Q16.16");
    if (sq == AF_OK) {
        /* drag.h: each shot's speed is the one asked (about an LSB). */
        for (i = 0; i < q.count; i++) {
            double len = kin_len(fz_vec_of_q16(q.shot[i].velocity));
            if (q.shot[i].t > 0)
                FZ_CHECK(fabs(len - a.fq[SPEED]) <= FZ_Q16_SPEED_LSB / 65536.0 +
                                                        a.fq[SPEED] / 67108864.0,
                         "shot %d: launch speed %.9g, asked %.9g (%.3g LSB off)", i, len,
                         a.fq[SPEED], fabs(len - a.fq[SPEED]) * 65536.0);
        }
    }
    fz_compare_shots(sf, &f, sq, &q, NULL);
    return 0;
}
