/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_aim_time_f64 and af_drag_aim_time_q16, and their
 * forms at an accelerating target (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "drag_sim.h"
#include "fuzz_aim.h"
#include "fuzz_check.h"
#include "kinematics.h"

/* The aim's slots (fuzz_aim.h), then t and the target's acceleration
 * (last, so that an input made before it reads zero there). */
enum { TIME = FZ_AIM_SLOTS, ACCEL, SLOTS = ACCEL + 3 };

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
             * that sum's rounding is relative to either. The aim rounds the
             * target's position and move (drag_aim.h), which may cancel to
             * a meeting point far nearer. */
            double scale = fz_drag_scale(&m, &b, s[TIME]) + kin_len(p) +
                           kin_len(target.position) +
                           (kin_len(shooter.velocity) + kin_len(out->shot[0].velocity) +
                            kin_len(target.velocity)) *
                               s[TIME];
            double miss = kin_dist(flown.position, p);
            FZ_CHECK(miss <= 1e-9 * scale + FZ_TINY, "the flight misses by %.3g (scale %.3g)",
                     miss, scale);
        }
    }
    return st;
}

/* af_drag_aim_time_accel_f64: with no acceleration the plain aim's bits
 * (plain, its status st0); else a shot the tests' drag flight carries to
 * p + v t + a t^2/2 (drag_aim.h: the plain aim at the target's mean
 * velocity over the flight). */
static void run_accel_f64(const double *s, fz_model_ints mi, unsigned flags, af_status st0,
                          const af_shots_f64 *plain)
{
    fz_aim_scene sc = fz_aim_scene_of(s, mi, flags, 0.0);
    af_body_accel_f64 target;
    af_vec3_f64 a = fz_vec_f64(s, ACCEL);
    af_shots_f64 out;
    af_body_f64 flown;
    af_status st;
    target.position = sc.target.position;
    target.velocity = sc.target.velocity;
    target.acceleration = a;
    st = af_drag_aim_time_accel_f64(&sc.m, &sc.shooter, &target, s[TIME], flags, &out);
    fz_shots_f64(st, &out);
    if (a.x == 0 && a.y == 0 && a.z == 0) {
        FZ_CHECK(st == st0 && fz_same_shots_f64(&out, plain),
                 "no acceleration: %s, the plain aim %s or other bits", af_status_name(st),
                 af_status_name(st0));
        return;
    }
    if (st != AF_OK)
        return;
    FZ_CHECK(out.count == 1 && out.shot[0].t == s[TIME], "accel: ok with %d shots, t %.17g",
             out.count, out.shot[0].t);
    {
        af_body_f64 b = launch(&sc.shooter, &out.shot[0], flags);
        af_vec3_f64 p = fz_accel_point(target.position, target.velocity, a, s[TIME]);
        if (fz_finite3(p) && fz_drag_fly(&sc.m, &b, s[TIME], &flown)) {
            double scale = fz_drag_scale(&sc.m, &b, s[TIME]) + kin_len(p) +
                           kin_len(target.position) +
                           (kin_len(sc.shooter.velocity) + kin_len(out.shot[0].velocity) +
                            kin_len(target.velocity) + kin_len(a) * s[TIME]) *
                               s[TIME];
            double miss = kin_dist(flown.position, p);
            FZ_CHECK(!isfinite(scale) || miss <= 1e-9 * scale + FZ_TINY,
                     "accel: the flight misses by %.3g (scale %.3g)", miss, scale);
        }
    }
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
    names[ACCEL] = "target.acceleration.x";
    names[ACCEL + 1] = "target.acceleration.y";
    names[ACCEL + 2] = "target.acceleration.z";
    kinds[ACCEL] = kinds[ACCEL + 1] = kinds[ACCEL + 2] = FZ_ANY;
    fz_input_start(&in, data, size);
    flags = fz_aim_decode(&in, &a, SLOTS, names, kinds, FZ_WIDE, "drag_aim_time", &mi);

    fz_call("af_drag_aim_time_f64 on the decoded values");
    sf = run_f64(a.v, mi, flags, &f);
    fz_call("af_drag_aim_time_accel_f64 on the decoded values");
    run_accel_f64(a.v, mi, flags, sf, &f);
    fz_call("af_drag_aim_time_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, flags, &f);
    fz_call("af_drag_aim_time_accel_f64 on the Q16.16 values");
    run_accel_f64(a.fq, mi, flags, sf, &f);

    fz_call("af_drag_aim_time_q16");
    fz_aim_q16(a.q, mi, &m, &shooter, &target);
    sq = af_drag_aim_time_q16(&m, &shooter, &target, a.q[TIME], flags, &q);
    fz_shots_q16(sq, &q);
    {
        /* drag_aim.h: the accelerating form's own rules; with no
         * acceleration, the plain aim's bits. */
        af_body_accel_q16 body;
        af_shots_q16 qa;
        af_status sa;
        body.position = target.position;
        body.velocity = target.velocity;
        body.acceleration = fz_vec_q16(a.q, ACCEL);
        sa = af_drag_aim_time_accel_q16(&m, &shooter, &body, a.q[TIME], flags, &qa);
        fz_shots_q16(sa, &qa);
        if ((body.acceleration.x | body.acceleration.y | body.acceleration.z) == 0)
            FZ_CHECK(sa == sq && fz_same_shots_q16(&qa, &q),
                     "no acceleration: q16 %s, the plain aim %s or other bits", af_status_name(sa),
                     af_status_name(sq));
    }
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
