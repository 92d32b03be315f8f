/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with linear drag in Q16.16: every shot of
 * af_turret_aim_drag_q16, flown in double by the tests' own kinematics
 * (the engine's literal step loop, or Runge-Kutta) from the Q16.16
 * command, meets the target within the Q16 tolerance
 * (tests/support/turret_q16_check.h, with the drag aim's own rounding of
 * the flight time), inside the limits, in time, and never before the f64
 * solver's earliest impact (itself checked by a brute-force scan in
 * suite_turret_drag_f64); and the edges.
 */
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "harness.h"
#include "q16_solve_check.h"
#include "turret_check.h"
#include "turret_drag_q16_check.h"
#include "turret_q16_check.h"

#define LSB (1.0 / 65536.0)
#define Q(v) ((fix16_t)((v) * 65536))

static af_status aim_q16(const af_turret_q16 *t, const af_drag_q16 *m,
                         const af_body_accel_q16 *target, fix16_t max_time,
                         af_turret_shots_q16 *out)
{
    af_body_q16 body;
    body.position = target->position;
    body.velocity = target->velocity;
    return af_turret_aim_drag_q16(t, m, &body, max_time, out);
}

static af_status aim_f64(const turret_scene *wide, const turret_scene *s, const af_drag_f64 *m,
                         af_turret_shots_f64 *out)
{
    (void)s;
    return af_turret_aim_drag_f64(&wide->turret, m, &wide->target, wide->max_time, out);
}

/* Random scenes, each engine's model in turn, against the f64 aim. */
static void random_aims(int lob, const char *name)
{
    turret_drag_q16_random_aims(lob, name, 0.0, aim_q16, aim_f64);
}

static void random_straight_aims(void)
{
    random_aims(0, "turret_drag_q16.straight");
}

static void random_lob_aims(void)
{
    random_aims(1, "turret_drag_q16.lob");
}

/* The edges, a row each with its reason: a level turret (z up, heading
 * +x, yaw +-1.5, pitch -0.2 to 1, muzzle 0.5 m along and 0.1 m above,
 * rates 1 and 0.5 rad/s, latency 0.1 s), gravity -9.81 z. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, z, speed;
        af_drag_model model;
        double d, dt, max_time;
        af_status status;
    } rows[] = {
        { "a lob at 150 m (Unity, 0.1 /s at 60 Hz): both arcs", 150, 0, 50, AF_DRAG_UNITY, 0.1,
          1.0 / 60, 20, AF_OK },
        { "150 m with strong drag (2 /s): beyond the reach", 150, 0, 50, AF_DRAG_UNITY, 2.0,
          1.0 / 60, 20, AF_ERR_NO_SOLUTION },
        { "flights up to 1 s only: none that short", 150, 0, 50, AF_DRAG_UNITY, 0.1, 1.0 / 60,
          1.0, AF_ERR_NO_SOLUTION },
        { "straight up 50 m, pitch up to 1 rad: beyond the pitch limit", 0, 50, 50,
          AF_DRAG_EXACT, 0.1, 1.0 / 60, 20, AF_ERR_BEYOND_PITCH },
        { "Box2D at 30 Hz, a 100 m/s shot moves 3.3 m a step: over its 2 m cap", 100, 0, 100,
          AF_DRAG_BOX2D, 0.1, 1.0 / 30, 20, AF_ERR_ENGINE_LIMIT },
        { "continuous drag at 100 m", 100, 0, 50, AF_DRAG_CONTINUOUS, 0.1, 0, 20, AF_OK },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_q16 target;
        af_vec3_q16 g = { 0, 0, Q(-9.81) };
        af_drag_q16 qm;
        af_drag_f64 m;
        af_turret_shots_q16 out;
        turret_scene s;
        af_status st;
        memset(&s, 0, sizeof s);
        memset(&target, 0, sizeof target);
        t.speed = Q(rows[i].speed);
        target.position.x = Q(rows[i].x);
        target.position.z = Q(rows[i].z);
        TH_CHECK(af_drag_init_q16(rows[i].model, Q(rows[i].d), Q(rows[i].dt), &g, NULL, &qm) ==
                     AF_OK,
                 "%s: model", rows[i].why);
        m = dq16_model_f64(&qm);
        st = af_turret_aim_drag_q16(&t, &qm, &target, Q(rows[i].max_time), &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        s.turret = turret_f64_of(&t);
        s.target.position = q16_vec_to_f64(target.position);
        s.gravity = q16_vec_to_f64(g);
        s.drag = &m;
        s.max_time = rows[i].max_time;
        turret_q16_check_shots(&s, st, &out, rows[i].why, (long)i);
        if (i == 0)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
    {
        /* Bad models and flight bounds: refused, out all zero. */
        af_turret_q16 t;
        af_body_q16 target;
        af_vec3_q16 g = { 0, 0, Q(-9.81) };
        af_drag_q16 qm;
        af_turret_shots_q16 out;
        memset(&t, 0, sizeof t);
        memset(&target, 0, sizeof target);
        t.up.z = t.forward.x = Q(1);
        t.yaw_min = Q(-1.5);
        t.yaw_max = Q(1.5);
        t.pitch_max = Q(1);
        t.yaw_rate = t.pitch_rate = Q(1);
        t.speed = Q(50);
        target.position.x = Q(100);
        TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.1), Q(0.02), &g, NULL, &qm) == AF_OK,
                 "model");
        turret_q16_check_refused(af_turret_aim_drag_q16(&t, &qm, &target, 0, &out),
                                 AF_ERR_BAD_ARGUMENT, &out, "max_time 0");
        turret_q16_check_refused(af_turret_aim_drag_q16(&t, NULL, &target, Q(10), &out),
                                 AF_ERR_BAD_ARGUMENT, &out, "NULL model");
        /* Q16.16's edges: the target minus the pivot must fit (40000 m
         * does not); a target at its far end fits but is out of reach. */
        t.pivot.x = Q(-20000);
        target.position.x = Q(20000);
        turret_q16_check_refused(af_turret_aim_drag_q16(&t, &qm, &target, Q(10), &out),
                                 AF_ERR_OUT_OF_RANGE, &out,
                                 "target 40000 m from the pivot: beyond Q16.16");
        t.pivot.x = 0;
        target.position.x = fix16_maximum;
        turret_q16_check_refused(af_turret_aim_drag_q16(&t, &qm, &target, Q(10), &out),
                                 AF_ERR_NO_SOLUTION, &out,
                                 "target at Q16.16's far end: out of a 50 m/s shot's reach");
        target.position.x = Q(100);
        qm.dt = 0;
        turret_q16_check_refused(af_turret_aim_drag_q16(&t, &qm, &target, Q(10), &out),
                                 AF_ERR_BAD_ARGUMENT, &out, "stepped model with dt = 0");
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(random_straight_aims),
    TH_CASE(random_lob_aims),
};

TH_MAIN("turret_drag_q16", cases)
