/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with linear drag at accelerating targets, double precision:
 * every shot of af_turret_aim_drag_accel_f64 flown by the tests' own
 * kinematics (the engine's literal step loop, or Runge-Kutta for
 * continuous drag; the shot leaves at the launch time from the muzzle at
 * the commanded angles, the target moves as p + v t + a t^2/2), within
 * the limits, in time, not beaten by a brute-force scan of every launch
 * time (continuous drag); and its edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_accel_check.h"
#include "turret_check.h"
#include "turret_drag_check.h"

static af_status aim(const turret_scene *s, af_turret_shots_f64 *out)
{
    af_body_accel_f64 target = turret_scene_target(s);
    return af_turret_aim_drag_accel_f64(&s->turret, s->drag, &target, s->max_time, out);
}

/* Random scenes whose target accelerates by up to 5 m/s^2 in any
 * direction (a car braking, a drone climbing): more and a slowed shot
 * rarely meets it. */
static void random_shots_hit(int lob, const char *name)
{
    turret_drag_random_shots_hit(lob, name, 5.0, aim);
}

static void random_straight_shots_hit(void)
{
    random_shots_hit(0, "turret_drag_accel_f64.straight");
}

static void random_lobs_hit(void)
{
    random_shots_hit(1, "turret_drag_accel_f64.lob");
}

/* The brute-force scan with continuous drag (the one model whose flight
 * the tests write in closed form), past the longest slew too (a later
 * launch can meet an accelerating target earlier): no impact before the
 * solver's first, none where the solver says none. */
static void scan_finds_nothing_earlier(void)
{
    turret_drag_scan_finds_nothing_earlier("turret_drag_accel_f64.scan", 5.0, aim);
}

/* The edges, a row each with its reason: the level turret (50 m/s),
 * gravity -9.81 z, continuous drag 0.1 /s unless the row says. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, z, vx, ax, az;
        af_drag_model model;
        double d, dt, max_time, latency;
        af_status status;
    } rows[] = {
        { "a still target at 150 m lifting at 0.2 m/s^2 (Unity at 60 Hz): both arcs", 150, 0, 0,
          0, 0.2, AF_DRAG_UNITY, 0.1, 1.0 / 60, 20, 0.1, AF_OK },
        { "a target at 100 m accelerating away at 30 m/s^2: out of reach", 100, 0, 0, 30, 0,
          AF_DRAG_CONTINUOUS, 0.1, 0, 20, 0.1, AF_ERR_NO_SOLUTION },
        { "a target 300 m off (beyond the reach) rushing in at 20 m/s^2: hit once near", 300, 0,
          0, -20, 0, AF_DRAG_CONTINUOUS, 0.1, 0, 20, 0.1, AF_OK },
        { "a target behind the yaw limit, lifting at 0.5 m/s^2", -100, 0, 0, 0, 0.5,
          AF_DRAG_CONTINUOUS, 0.1, 0, 20, 0.1, AF_ERR_BEYOND_YAW },
        { "a target at the pivot falling at g, no drag on it: straight down, below the pitch "
          "limit",
          0, 0, 0, 0, -9.81, AF_DRAG_CONTINUOUS, 0.1, 0, 20, 0.1, AF_ERR_BEYOND_PITCH },
        { "Unity at 60 Hz, a target at 100 m braking at 3 m/s^2", 100, 0, 10, -3, 0,
          AF_DRAG_UNITY, 0.1, 1.0 / 60, 20, 0.1, AF_OK },
        { "Box2D at 30 Hz, 50 m/s moves 1.7 m a step: within its 2 m cap", 100, 0, 0, 1, 1,
          AF_DRAG_BOX2D, 0.1, 1.0 / 30, 20, 0.1, AF_OK },
        { "zero latency", 100, 0, 0, 0, 3, AF_DRAG_CONTINUOUS, 0.1, 0, 20, 0.0, AF_OK },
        { "huge latency (100 s), the target lifting at 1 m/s^2 ends 5 km up: out of reach", 100,
          0, 0, 0, 1, AF_DRAG_CONTINUOUS, 0.1, 0, 20, 100, AF_ERR_NO_SOLUTION },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        turret_scene s;
        af_drag_f64 m;
        af_turret_shots_f64 out;
        af_status st;
        memset(&s, 0, sizeof s);
        s.turret = turret_level();
        s.turret.latency = rows[i].latency;
        s.target.position.x = rows[i].x;
        s.target.position.z = rows[i].z;
        s.target.velocity.x = rows[i].vx;
        s.acceleration.x = rows[i].ax;
        s.acceleration.z = rows[i].az;
        s.gravity.z = -9.81;
        TH_CHECK(af_drag_init_f64(rows[i].model, rows[i].d, rows[i].dt, &s.gravity, NULL, &m) ==
                     AF_OK,
                 "%s: model", rows[i].why);
        s.drag = &m;
        s.max_time = rows[i].max_time;
        st = aim(&s, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        turret_check_accel_shots(&s, st, &out, (long)i, rows[i].why);
        if (i == 0)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* Bad models, flight bounds and non-finite scenes: refused, out all zero
 * (turret_check.h's shared cases, then a NaN and an infinite
 * acceleration). */
static void aim_refuses_bad_arguments(void)
{
    int i;
    for (i = 0; i < TURRET_SHARED_REFUSALS + 2; i++) {
        turret_refusal r = turret_refusal_start();
        af_vec3_f64 g = { 0, 0, -9.81 };
        af_drag_f64 m;
        af_body_accel_f64 target;
        af_turret_shots_f64 out;
        TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.1, 1.0 / 60, &g, NULL, &m) == AF_OK, "model");
        memset(&target.acceleration, 0, sizeof target.acceleration);
        if (i < TURRET_SHARED_REFUSALS) {
            turret_refusal_spoil(&r, i, &m.dt, &m.kind);
        } else if (i == TURRET_SHARED_REFUSALS) {
            target.acceleration.y = NAN;
            r.why = "acceleration NaN";
        } else {
            target.acceleration.z = -INFINITY;
            r.why = "acceleration infinite";
        }
        target.position = r.target.position;
        target.velocity = r.target.velocity;
        turret_check_refused(af_turret_aim_drag_accel_f64(&r.turret, r.null_model ? NULL : &m,
                                                          &target, r.max_time, &out),
                             &out, r.why);
    }
    {
        af_turret_shots_f64 out;
        af_turret_f64 t = turret_level();
        af_vec3_f64 g = { 0, 0, -9.81 };
        af_drag_f64 m;
        TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.1, 1.0 / 60, &g, NULL, &m) == AF_OK, "model");
        turret_check_refused(af_turret_aim_drag_accel_f64(&t, &m, NULL, 10.0, &out), &out,
                             "NULL target");
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(random_straight_shots_hit),
    TH_CASE(random_lobs_hit),
    TH_CASE(scan_finds_nothing_earlier),
};

TH_MAIN("turret_drag_accel_f64", cases)
