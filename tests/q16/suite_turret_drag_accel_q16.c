/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with linear drag at accelerating targets in Q16.16: every
 * shot of af_turret_aim_drag_accel_q16, flown in double by the tests' own
 * kinematics (the engine's literal step loop, or Runge-Kutta) from the
 * Q16.16 command to the target p + v t + a t^2/2, meets it within the Q16
 * tolerance (tests/support/turret_q16_check.h, with the drag aim's own
 * rounding of the flight time), inside the limits, in time, and never
 * before the f64 solver's earliest impact (itself checked by a
 * brute-force scan in suite_turret_drag_accel_f64); and the edges.
 */
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "harness.h"
#include "q16_solve_check.h"
#include "turret_check.h"
#include "turret_accel_q16_check.h"
#include "turret_drag_check.h"
#include "turret_drag_q16_check.h"
#include "turret_q16_check.h"

#define Q(v) ((fix16_t)((v) * 65536))

static af_status aim_q16(const af_turret_q16 *t, const af_drag_q16 *m,
                         const af_body_accel_q16 *target, fix16_t max_time,
                         af_turret_shots_q16 *out)
{
    return af_turret_aim_drag_accel_q16(t, m, target, max_time, out);
}

static af_status aim_f64(const turret_scene *wide, const turret_scene *s, const af_drag_f64 *m,
                         af_turret_shots_f64 *out)
{
    af_body_accel_f64 target = turret_scene_target(s);
    return af_turret_aim_drag_accel_f64(&wide->turret, m, &target, wide->max_time, out);
}

/* Random scenes whose target accelerates by up to 5 m/s^2 in any
 * direction, each engine's model in turn, against the f64 aim. */
static void random_aims(int lob, const char *name)
{
    turret_drag_q16_random_aims(lob, name, 5.0, aim_q16, aim_f64);
}

static void random_straight_aims(void)
{
    random_aims(0, "turret_drag_accel_q16.straight");
}

static void random_lob_aims(void)
{
    random_aims(1, "turret_drag_accel_q16.lob");
}

/* The edges, a row each with its reason: a level turret (z up, heading
 * +x, yaw +-1.5, pitch -0.2 to 1, muzzle 0.5 m along and 0.1 m above,
 * rates 1 and 0.5 rad/s, latency 0.1 s, 50 m/s), gravity -9.81 z, Unity's
 * damping 0.1 /s at 60 Hz. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, vx, ax, az;
        af_status status;
    } rows[] = {
        { "a still target at 150 m lifting at 0.2 m/s^2: both arcs", 150, 0, 0, 0.2, AF_OK },
        { "a target at 100 m accelerating away at 30 m/s^2: out of reach", 100, 0, 30, 0,
          AF_ERR_NO_SOLUTION },
        { "a target at 100 m braking at 3 m/s^2 from 10 m/s", 100, 10, -3, 0, AF_OK },
        { "behind the yaw limit, lifting at 0.5 m/s^2", -100, 0, 0, 0.5, AF_ERR_BEYOND_YAW },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_vec3_q16 g = { 0, 0, Q(-9.81) };
        af_drag_q16 qm;
        af_drag_f64 m;
        af_turret_shots_q16 out;
        turret_scene s;
        af_status st;
        memset(&s, 0, sizeof s);
        memset(&target, 0, sizeof target);
        target.position.x = Q(rows[i].x);
        target.velocity.x = Q(rows[i].vx);
        target.acceleration.x = Q(rows[i].ax);
        target.acceleration.z = Q(rows[i].az);
        TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.1), Q(1.0 / 60), &g, NULL, &qm) == AF_OK,
                 "%s: model", rows[i].why);
        m = dq16_model_f64(&qm);
        st = af_turret_aim_drag_accel_q16(&t, &qm, &target, Q(20), &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        s.turret = turret_f64_of(&t);
        s.target.position = q16_vec_to_f64(target.position);
        s.target.velocity = q16_vec_to_f64(target.velocity);
        s.acceleration = q16_vec_to_f64(target.acceleration);
        s.gravity = q16_vec_to_f64(g);
        s.drag = &m;
        s.max_time = 20;
        turret_q16_check_shots(&s, st, &out, rows[i].why, (long)i);
        if (i == 0)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
    {
        /* Bad arguments and Q16.16's edges: refused, out all zero. */
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_vec3_q16 g = { 0, 0, Q(-9.81) };
        af_drag_q16 qm;
        af_turret_shots_q16 out;
        memset(&target, 0, sizeof target);
        target.position.x = Q(100);
        TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.1), Q(0.02), &g, NULL, &qm) == AF_OK,
                 "model");
        turret_q16_check_refused(af_turret_aim_drag_accel_q16(&t, &qm, &target, 0, &out),
                                 AF_ERR_BAD_ARGUMENT, &out, "max_time 0");
        turret_q16_check_refused(af_turret_aim_drag_accel_q16(&t, NULL, &target, Q(10), &out),
                                 AF_ERR_BAD_ARGUMENT, &out, "NULL model");
        turret_q16_check_refused(af_turret_aim_drag_accel_q16(&t, &qm, NULL, Q(10), &out),
                                 AF_ERR_BAD_ARGUMENT, &out, "NULL target");
        /* An acceleration that carries the target out of Q16.16 within the
         * latency (30000 m/s^2 for 0.1 s and more: 150 m, then beyond the
         * 32768 m at 1.5 s) leaves no launch time with a shot in reach. */
        target.acceleration.x = Q(30000);
        turret_q16_check_refused(af_turret_aim_drag_accel_q16(&t, &qm, &target, Q(10), &out),
                                 AF_ERR_OUT_OF_RANGE, &out,
                                 "an acceleration that carries the target out of Q16.16");
        target.acceleration.x = 0;
        t.pivot.x = Q(-20000);
        target.position.x = Q(20000);
        turret_q16_check_refused(af_turret_aim_drag_accel_q16(&t, &qm, &target, Q(10), &out),
                                 AF_ERR_OUT_OF_RANGE, &out,
                                 "target 40000 m from the pivot: beyond Q16.16");
    }
}

/* A target that accelerates into reach after the longest slew: a launch
 * then, on a branch born there, meets it at 6.65 s where the first branch
 * found meets it at 6.77 s (a tilted gravity, a stepped model at 112 Hz,
 * the turret on a moving vehicle). */
static void a_branch_born_after_the_longest_slew_is_found(void)
{
    static const fix16_t turret_raw[] = { -2615600, 347868, 143712, -47867, 57, -52817,
                                          32124, 6308, -42703, -220574, 53204, 20809,
                                          102937, 61580, -28755, -124463, 70078, 300156,
                                          151958, 59558, 1403834, -52027, 4065, -20392 };
    af_turret_q16 t;
    af_body_accel_q16 target = { { -2592096, 287415, 301618 },
                                 { 152601, 167061, 69191 },
                                 { 212141, 14927, -105824 } };
    af_drag_q16 qm;
    af_drag_f64 m;
    af_turret_shots_q16 q;
    af_turret_shots_f64 f;
    turret_scene s, wide;
    af_body_accel_f64 target_f64;
    af_status sq, sf;
    memcpy(&t, turret_raw, sizeof turret_raw);
    t.flags = AF_INHERIT_VELOCITY;
    memset(&qm, 0, sizeof qm);
    qm.kind = AF_DRAG_KIND_STEPPED;
    qm.gravity.x = 275336;
    qm.gravity.y = -326;
    qm.gravity.z = 303806;
    qm.dt = 584;
    qm.r = 65492;
    qm.order = AF_STEP_DAMPING_THEN_GRAVITY;
    m = dq16_model_f64(&qm);
    memset(&s, 0, sizeof s);
    s.turret = turret_f64_of(&t);
    s.target.position = q16_vec_to_f64(target.position);
    s.target.velocity = q16_vec_to_f64(target.velocity);
    s.acceleration = q16_vec_to_f64(target.acceleration);
    s.gravity = q16_vec_to_f64(qm.gravity);
    s.drag = &m;
    s.max_time = q16_to_f64(1019609);
    sq = af_turret_aim_drag_accel_q16(&t, &qm, &target, 1019609, &q);
    wide = turret_q16_widened(&s);
    target_f64 = turret_scene_target(&s);
    sf = af_turret_aim_drag_accel_f64(&wide.turret, &m, &target_f64, wide.max_time, &f);
    TH_CHECK(sq == AF_OK && sf == AF_OK, "q16 %s, f64 %s", af_status_name(sq),
             af_status_name(sf));
    if (sq == AF_OK && sf == AF_OK) {
        double tq = turret_q16_check_not_earlier(&s, &q, &f, "born after the slew", 0);
        double tf = f.shot[0].launch + f.shot[0].flight;
        turret_q16_check_shots(&s, sq, &q, "born after the slew", 0);
        TH_CHECK(tq <= tf + 1e-3 * (1.0 + tf), "q16 meets at %.4f s, f64 at %.4f s", tq, tf);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(a_branch_born_after_the_longest_slew_is_found),
    TH_CASE(random_straight_aims),
    TH_CASE(random_lob_aims),
};

TH_MAIN("turret_drag_accel_q16", cases)
