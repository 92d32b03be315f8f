/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with linear drag, double precision: every shot of
 * af_turret_aim_drag_f64 flown by the tests' own kinematics (the engine's
 * literal step loop, or Runge-Kutta for continuous drag; the shot leaves
 * at the launch time from the muzzle at the commanded angles), within the
 * limits, in time, not beaten by a brute-force scan of every launch time
 * (continuous drag), and its edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"
#include "turret_drag_check.h"

static af_status aim(const turret_scene *s, af_turret_shots_f64 *out)
{
    return af_turret_aim_drag_f64(&s->turret, s->drag, &s->target, s->max_time, out);
}

static void random_drag_shots_hit(int lob, const char *name)
{
    turret_drag_random_shots_hit(lob, name, 0.0, aim);
}

static void random_straight_drag_shots_hit(void)
{
    random_drag_shots_hit(0, "turret_drag_f64.straight");
}

static void random_drag_lobs_hit(void)
{
    random_drag_shots_hit(1, "turret_drag_f64.lob");
}

/* The brute-force scan with continuous drag (the one model whose flight
 * the tests write in closed form): no impact before the solver's first,
 * none where the solver says none. */
static void scan_finds_nothing_earlier(void)
{
    turret_drag_scan_finds_nothing_earlier("turret_drag_f64.scan", 0.0, aim);
}

/* Without drag (continuous, k = 0) the drag aim is the vacuum aim: the
 * same status and the same earliest shot to 1e-9 of the scene. */
static void no_drag_is_the_vacuum_aim(void)
{
    th_rng rng = th_rng_for("turret_drag_f64.no_drag");
    long i, n = th_count(300), compared = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_scene_random(&rng, (int)(i & 1));
        af_drag_f64 m;
        af_turret_shots_f64 a, b;
        af_status sa, sb;
        int k;
        TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.0, 0.0, &s.gravity, NULL, &m) == AF_OK,
                 "model");
        s.drag = &m;
        s.max_time = 1e3;
        sa = aim(&s, &a);
        sb = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &b);
        if (sa != AF_OK || sb != AF_OK) {
            TH_CHECK(sa == sb, "%ld: drag %s, vacuum %s", i, af_status_name(sa),
                     af_status_name(sb));
            continue;
        }
        compared++;
        k = 0;
        {
            double size = turret_scene_size(&s, &b.shot[k]);
            TH_CHECK(fabs(a.shot[k].launch + a.shot[k].flight - b.shot[k].launch -
                          b.shot[k].flight) <= 1e-9 * (1.0 + b.shot[k].launch + b.shot[k].flight) &&
                         fabs(a.shot[k].point.x - b.shot[k].point.x) +
                                 fabs(a.shot[k].point.y - b.shot[k].point.y) +
                                 fabs(a.shot[k].point.z - b.shot[k].point.z) <=
                             1e-9 * size,
                     "%ld: first impact %.17g with drag, %.17g without", i,
                     a.shot[k].launch + a.shot[k].flight, b.shot[k].launch + b.shot[k].flight);
        }
    }
    th_note("%ld of %ld scenes compared", compared, n);
}

/* The edges, a row each with its reason: the level turret (50 m/s),
 * gravity -9.81 z, Unity's damping 0.1 /s at 60 Hz unless the row says. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, z, vx;
        af_drag_model model;
        double d, dt, max_time, latency, speed;
        af_status status;
    } rows[] = {
        { "target at the pivot: only a shot straight up falls back on it, beyond 60 deg",
          0, 0, 0, AF_DRAG_UNITY, 0.1, 1.0 / 60, 20, 0.1, 50, AF_ERR_BEYOND_PITCH },
        { "target at the pivot, no gravity: inside the muzzle's circle for ever", 0, 0, 0,
          AF_DRAG_CONTINUOUS, 0.1, 0, 20, 0.1, 50, AF_ERR_NO_SOLUTION },
        { "a lob at 150 m: both arcs", 150, 0, 0, AF_DRAG_UNITY, 0.1, 1.0 / 60, 20, 0.1, 50,
          AF_OK },
        { "150 m with strong drag (2 /s): beyond the reach", 150, 0, 0, AF_DRAG_UNITY, 2.0,
          1.0 / 60, 20, 0.1, 50, AF_ERR_NO_SOLUTION },
        { "a lob at 150 m with flights up to 1 s only: none that short", 150, 0, 0,
          AF_DRAG_UNITY, 0.1, 1.0 / 60, 1.0, 0.1, 50, AF_ERR_NO_SOLUTION },
        { "straight up 50 m, pitch up to 60 deg: beyond the pitch limit", 0, 50, 0,
          AF_DRAG_EXACT, 0.1, 1.0 / 60, 20, 0.1, 50, AF_ERR_BEYOND_PITCH },
        { "behind the yaw limit", -100, 0, 0, AF_DRAG_BULLET, 0.1, 1.0 / 60, 20, 0.1, 50,
          AF_ERR_BEYOND_YAW },
        { "Box2D at 30 Hz, a 100 m/s shot moves 3.3 m a step: over its 2 m cap", 100, 0, 0,
          AF_DRAG_BOX2D, 0.1, 1.0 / 30, 20, 0.1, 100, AF_ERR_ENGINE_LIMIT },
        { "Box2D at 60 Hz, 50 m/s: 0.83 m a step, within its cap", 100, 0, 0, AF_DRAG_BOX2D,
          0.1, 1.0 / 60, 20, 0.1, 50, AF_OK },
        { "Chipmunk (it moves before it damps) at 100 m", 100, 0, 0, AF_DRAG_CHIPMUNK, 0.9,
          1.0 / 60, 20, 0.1, 50, AF_OK },
        { "continuous drag, zero latency", 100, 0, 0, AF_DRAG_CONTINUOUS, 0.1, 0, 20, 0.0, 50,
          AF_OK },
        { "huge latency (1e4 s), a static target: launch at the latency", 100, 0, 0,
          AF_DRAG_CONTINUOUS, 0.1, 0, 20, 1e4, 50, AF_OK },
        { "a target escaping at 40 m/s from a shot slowed by 1 /s: out of range", 50, 0, 40,
          AF_DRAG_CONTINUOUS, 1.0, 0, 20, 0.1, 50, AF_ERR_NO_SOLUTION },
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
        s.turret.speed = rows[i].speed;
        s.target.position.x = rows[i].x;
        s.target.position.z = rows[i].z;
        s.target.velocity.x = rows[i].vx;
        s.gravity.z = i == 1 ? 0.0 : -9.81;
        TH_CHECK(af_drag_init_f64(rows[i].model, rows[i].d, rows[i].dt, &s.gravity, NULL, &m) ==
                     AF_OK,
                 "%s: model", rows[i].why);
        s.drag = &m;
        s.max_time = rows[i].max_time;
        st = aim(&s, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        turret_check_shots(&s, st, &out, (long)i, rows[i].why);
        if (i == 2)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
        if (i == 11 && st == AF_OK)
            TH_CHECK(out.shot[0].launch == 1e4, "%s: launch %.17g", rows[i].why,
                     out.shot[0].launch);
    }
}

/* Bad models, flight bounds and non-finite scenes: refused, out all zero
 * (turret_check.h's shared cases, then a damping r above 1 and an
 * infinite max_time). */
static void aim_refuses_bad_arguments(void)
{
    int i;
    for (i = 0; i < TURRET_SHARED_REFUSALS + 2; i++) {
        turret_refusal r = turret_refusal_start();
        af_vec3_f64 g = { 0, 0, -9.81 };
        af_drag_f64 m;
        af_turret_shots_f64 out;
        TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.1, 1.0 / 60, &g, NULL, &m) == AF_OK, "model");
        if (i < TURRET_SHARED_REFUSALS) {
            turret_refusal_spoil(&r, i, &m.dt, &m.kind);
        } else if (i == TURRET_SHARED_REFUSALS) {
            m.r = 1.5;
            r.why = "r above 1";
        } else {
            r.max_time = INFINITY;
            r.why = "max_time infinite";
        }
        turret_check_refused(af_turret_aim_drag_f64(&r.turret, r.null_model ? NULL : &m,
                                                    &r.target, r.max_time, &out),
                             &out, r.why);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(no_drag_is_the_vacuum_aim),
    TH_CASE(random_straight_drag_shots_hit),
    TH_CASE(random_drag_lobs_hit),
    TH_CASE(scan_finds_nothing_earlier),
};

TH_MAIN("turret_drag_f64", cases)
