/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_aim_time_f64 and af_drag_aim_time_q16
 * (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "drag_sim.h"
#include "fuzz_aim.h"
#include "kinematics.h"

/* The aim's slots (fuzz_aim.h), then t. */
enum { TIME = FZ_AIM_SLOTS, SLOTS };

static af_body_f64 launch(const af_body_f64 *shooter, const af_shot_f64 *shot, unsigned flags)
{
    af_body_f64 b;
    b.position = shooter->position;
    b.velocity = shot->velocity;
    if (flags & AF_INHERIT_VELOCITY) {
        b.velocity.x += shooter->velocity.x;
        b.velocity.y += shooter->velocity.y;
        b.velocity.z += shooter->velocity.z;
    }
    return b;
}

/* a(t) of drag.h's p = p0 + a v0 + b G: how far a unit launch velocity
 * carries the body by t (t itself without drag; r dt after one step of a
 * strongly damped engine); t when the prediction fails. */
static double reach_of(const af_drag_f64 *m, double t)
{
    double a = fz_law_coef(m, t, 0);
    return a > 0 ? a : t;
}

static af_status run_f64(const double *s, fz_model_ints mi, unsigned flags, af_shots_f64 *out)
{
    fz_aim_scene sc = fz_aim_scene_of(s, mi, flags, 0.0);
    af_drag_f64 m = sc.m;
    af_body_f64 shooter = sc.shooter, target = sc.target, flown;
    af_status st = af_drag_aim_time_f64(&m, &shooter, &target, s[TIME], flags, out);
    fz_shots_f64(st, out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(out->count == 1 && out->shot[0].t == s[TIME], "ok with %d shots, t %.17g",
             out->count, out->shot[0].t);
    {
        af_body_f64 b = launch(&shooter, &out->shot[0], flags);
        af_vec3_f64 p = kin_body(&target, s[TIME]);
        if (fz_drag_fly(&m, &b, s[TIME], &flown)) {
            /* The launch velocity is the returned one plus the shooter's:
             * that sum's rounding is relative to either. */
            double scale = fz_drag_scale(&m, &b, s[TIME]) + kin_len(p) +
                           (kin_len(shooter.velocity) + kin_len(out->shot[0].velocity)) *
                               s[TIME];
            double miss = kin_dist(flown.position, p);
            FZ_CHECK(miss <= 1e-9 * scale + FZ_TINY, "the flight misses by %.3g (scale %.3g)",
                     miss, scale);
        }
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    af_shots_f64 f;
    af_shots_q16 q;
    af_body_q16 shooter, target;
    af_drag_q16 m;
    af_status sf, sq;
    unsigned flags;

    names[TIME] = "t";
    kinds[TIME] = FZ_POS;
    fz_input_start(&in, data, size);
    flags = fz_aim_decode(&in, &a, SLOTS, names, kinds, FZ_WIDE, "drag_aim_time", &mi);

    fz_call("af_drag_aim_time_f64 on the decoded values");
    (void)run_f64(a.v, mi, flags, &f);
    fz_call("af_drag_aim_time_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, flags, &f);

    fz_call("af_drag_aim_time_q16");
    fz_aim_q16(a.q, mi, &m, &shooter, &target);
    sq = af_drag_aim_time_q16(&m, &shooter, &target, a.q[TIME], flags, &q);
    fz_shots_q16(sq, &q);
    fz_aim_out_of_range(sq, &shooter, &target);
    FZ_CHECK(sq == sf || sq == AF_ERR_OUT_OF_RANGE ||
                 (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                  !(fz_fits3(f.shot[0].velocity) && fz_fits3(f.shot[0].point))),
             "q16 says %s, f64 %s", af_status_name(sq), af_status_name(sf));
    if (sq == AF_OK && sf == AF_OK) {
        fz_aim_scene sc = fz_aim_scene_of(a.fq, mi, flags, 0.0);
        af_drag_f64 mf = sc.m;
        af_body_f64 b = sc.shooter, tb = sc.target;
        double t = a.fq[TIME];
        /* v0 = (P - p0 - b g) / a: relative to |v0| and the terms over
         * a(t) (drag.h: each output within its terms' size), which strong
         * damping makes far smaller than t. */
        double a_t = reach_of(&mf, t);
        double scale = kin_len(f.shot[0].velocity) + fz_drag_scale(&mf, &b, t) / a_t +
                       (kin_len(tb.position) + kin_len(tb.velocity) * t) / a_t;
        FZ_CHECK(q.shot[0].t == a.q[TIME], "raw t %ld, asked %ld", (long)q.shot[0].t,
                 (long)a.q[TIME]);
        fz_vec_close("velocity", q.shot[0].velocity, f.shot[0].velocity, scale);
    }
    return 0;
}
