/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the accelerating-target intercept and fixed-speed lob
 * (aimfix/accel.h), f64 and q16 (see fuzz_check.h). A selector byte picks
 * the intercept (no gravity) or the lob.
 *
 * accel.h: meeting a target at p + v t + a t^2/2 under gravity g is the
 * moving-target lob at p + v t under g - a, each point being where the
 * accelerating target is at t. So every shot is judged by the invariants
 * of that scene (its meeting, speed and roots) once its point is checked
 * against p + v t + a t^2/2; with a = 0 the answer is the constant-velocity
 * solver's, bit for bit.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"
#include "kinematics.h"

enum { ACCEL = FZ_SCENE_SLOTS, SLOTS = FZ_SCENE_SLOTS + 3 };

/* No meeting of the reduced scene is lost, but for one whose point p + v t
 * + a t^2/2 does not fit a double, which accel.h leaves out: the reduced
 * solver's shots whose point does not fit count as found. */
static void no_root_lost(const scenario *sc, af_vec3_f64 a, af_status st,
                         const af_shots_f64 *out)
{
    af_shots_f64 all = *out, reduced;
    int i;
    if ((a.x != 0 || a.y != 0 || a.z != 0) &&
        af_arc_moving_f64(&sc->shooter, &sc->target, sc->speed, &sc->gravity, sc->flags,
                          &reduced) == AF_OK)
        for (i = 0; i < reduced.count && all.count < AF_MAX_SHOTS; i++) {
            double t = reduced.shot[i].t;
            af_vec3_f64 p = sc->target.position, v = sc->target.velocity, lib;
            /* the library's order, (p + v t) + (a (t / 2)) t, besides ours */
            lib.x = (p.x + v.x * t) + (a.x * (0.5 * t)) * t;
            lib.y = (p.y + v.y * t) + (a.y * (0.5 * t)) * t;
            lib.z = (p.z + v.z * t) + (a.z * (0.5 * t)) * t;
            if (!fz_finite3(fz_accel_point(p, v, a, t)) ||
                !fz_finite3(lib)) {
                all.shot[all.count++] = reduced.shot[i];
                st = AF_OK;
            }
        }
    fz_no_root_lost_f64(sc, st, &all);
}

static af_status run_f64(const double *s, unsigned flags, int lob, af_shots_f64 *out)
{
    scenario sc = fz_scene(s, flags);
    af_body_accel_f64 target;
    af_vec3_f64 a = fz_vec_f64(s, ACCEL), none = { 0, 0, 0 };
    af_shots_f64 same, judged;
    af_status st, st0;

    target.position = sc.target.position;
    target.velocity = sc.target.velocity;
    target.acceleration = a;
    if (!lob)
        sc.gravity = none;
    st = lob ? af_arc_moving_accel_f64(&sc.shooter, &target, sc.speed, &sc.gravity, flags, out)
             : af_intercept_accel_f64(&sc.shooter, &target, sc.speed, flags, out);
    fz_shots_f64(st, out);
    if (a.x == 0 && a.y == 0 && a.z == 0) {
        st0 = lob ? af_arc_moving_f64(&sc.shooter, &sc.target, sc.speed, &sc.gravity, flags, &same)
                  : af_intercept_f64(&sc.shooter, &sc.target, sc.speed, flags, &same);
        FZ_CHECK(st0 == st && fz_same_shots_f64(&same, out),
                 "no acceleration: %s, the constant-velocity solver %s or other bits",
                 af_status_name(st), af_status_name(st0));
    }
    /* The scene it reduces to: gravity g - a, the target at p + v t. */
    sc.gravity.x -= a.x;
    sc.gravity.y -= a.y;
    sc.gravity.z -= a.z;
    if (!fz_finite3(sc.gravity))
        return st;
    fz_accel_points_f64(&target, out, &judged);
    /* Solved by af_arc_moving_f64 (but for the intercept without
     * acceleration): its speed tolerance at a near-double root. */
    if (st == AF_OK)
        fz_hit_tangent_f64(&sc, &judged, sc.speed,
                           lob || a.x != 0 || a.y != 0 || a.z != 0 ? 0x1p-26 : 0.0);
    no_root_lost(&sc, a, st, out);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    af_shots_f64 f;
    af_shots_q16 q, same, judged;
    af_status sf, sq, s0;
    unsigned flags, selector;
    int lob, i;
    af_body_q16 shooter, target;
    af_body_accel_q16 accel;
    af_vec3_q16 g, none = { 0, 0, 0 };
    scenario sc;

    for (i = 0; i < FZ_SCENE_SLOTS; i++) {
        names[i] = fz_scene_names[i];
        kinds[i] = fz_scene_kinds[i];
    }
    names[ACCEL] = "target.acceleration.x";
    names[ACCEL + 1] = "target.acceleration.y";
    names[ACCEL + 2] = "target.acceleration.z";
    kinds[ACCEL] = kinds[ACCEL + 1] = kinds[ACCEL + 2] = FZ_ANY;

    fz_input_start(&in, data, size);
    selector = fz_u8(&in);
    flags = selector & AF_INHERIT_VELOCITY;
    lob = (selector & 2) != 0;
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("accel", &a);
    fz_int("flags", (long)flags);
    fz_int("lob", (long)lob);

    fz_call(lob ? "af_arc_moving_accel_f64 on the decoded values"
                : "af_intercept_accel_f64 on the decoded values");
    (void)run_f64(a.v, flags, lob, &f);
    fz_call(lob ? "af_arc_moving_accel_f64 on the Q16.16 values"
                : "af_intercept_accel_f64 on the Q16.16 values");
    sf = run_f64(a.fq, flags, lob, &f);

    fz_call(lob ? "af_arc_moving_accel_q16" : "af_intercept_accel_q16");
    shooter = fz_body_q16(a.q, FZ_SHOOTER);
    target = fz_body_q16(a.q, FZ_TARGET);
    accel.position = target.position;
    accel.velocity = target.velocity;
    accel.acceleration = fz_vec_q16(a.q, ACCEL);
    g = lob ? fz_vec_q16(a.q, FZ_GRAVITY) : none;
    sq = lob ? af_arc_moving_accel_q16(&shooter, &accel, a.q[FZ_SPEED], &g, flags, &q)
             : af_intercept_accel_q16(&shooter, &accel, a.q[FZ_SPEED], flags, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_relative_fits(&shooter, &target, flags) ||
                     !fz_diff_fits3(g, accel.acceleration),
                 "out_of_range although every difference and g - a fit Q16.16");
    /* Without acceleration the constant-velocity answer, where g - a fits
     * (accel.h: else out_of_range, even for a = 0 under a gravity of -32768). */
    if ((accel.acceleration.x | accel.acceleration.y | accel.acceleration.z) == 0 &&
        fz_diff_fits3(g, accel.acceleration)) {
        s0 = lob ? af_arc_moving_q16(&shooter, &target, a.q[FZ_SPEED], &g, flags, &same)
                 : af_intercept_q16(&shooter, &target, a.q[FZ_SPEED], flags, &same);
        FZ_CHECK(s0 == sq && fz_same_shots_q16(&same, &q),
                 "no acceleration: %s, the constant-velocity solver %s or other bits",
                 af_status_name(sq), af_status_name(s0));
    }
    if (!fz_diff_fits3(g, accel.acceleration))
        return 0;
    sc = fz_scene(a.fq, flags);
    sc.gravity.x = fz_f64_of(g.x) - fz_f64_of(accel.acceleration.x);
    sc.gravity.y = fz_f64_of(g.y) - fz_f64_of(accel.acceleration.y);
    sc.gravity.z = fz_f64_of(g.z) - fz_f64_of(accel.acceleration.z);
    fz_reduced_points_q16(&sc, &q, &judged);
    if (sq == AF_OK)
        fz_hit_q16(&sc, &judged,
                   sc.gravity.x != 0 || sc.gravity.y != 0 || sc.gravity.z != 0 ? FZ_LOB_SPEED
                                                                              : FZ_LINE_SPEED);
    if (lob && g.x == accel.acceleration.x && g.y == accel.acceleration.y &&
        g.z == accel.acceleration.z && sf == AF_OK) {
        /* accel.h: a target accelerating exactly as gravity is met as
         * af_intercept_q16 meets it, whose point p + v t must fit as well
         * as the target's own. */
        af_vec3_f64 p = fz_vec_f64(a.fq, FZ_TARGET), v = fz_vec_f64(a.fq, FZ_TARGET + 3);
        for (i = 0; i < f.count; i++) {
            double t = f.shot[i].t;
            if (!fz_fits3(f.shot[i].point))
                continue;
            f.shot[i].point.x = p.x + v.x * t;
            f.shot[i].point.y = p.y + v.y * t;
            f.shot[i].point.z = p.z + v.z * t;
        }
    }
    fz_compare_shots(sf, &f, sq, &q, &sc);
    return 0;
}
