/* SPDX-License-Identifier: MIT */
/*
 * Turret aims at accelerating targets, double precision: every shot of
 * af_turret_aim_accel_f64 flown by the tests' own kinematics (the shot
 * leaves at the launch time from the muzzle at the commanded angles, the
 * target moves as p + v t + a t^2/2), within the limits, in time, and not
 * beaten by a brute-force scan of every launch time; and its edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_accel_check.h"
#include "turret_check.h"

static af_status aim(const turret_scene *s, af_turret_shots_f64 *out)
{
    af_body_accel_f64 target = turret_scene_target(s);
    return af_turret_aim_accel_f64(&s->turret, &target, &s->gravity, out);
}

/* Random scenes whose target accelerates by up to 20 m/s^2 in any
 * direction (a car braking, a drone climbing). */
static void random_accelerating_targets_hit(int lob, const char *name)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(3000), found = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_accelerating_scene(&rng, lob, 20.0);
        af_turret_shots_f64 out;
        af_status st = aim(&s, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION || st == AF_ERR_BEYOND_YAW ||
                     st == AF_ERR_BEYOND_PITCH,
                 "%s %ld: %s", name, i, af_status_name(st));
        worst = fmax(worst, turret_check_accel_shots(&s, st, &out, i, name));
        found += st == AF_OK;
    }
    th_note("%s: %ld scenes, %ld with shots; worst miss %.3g of the scene", name, n, found,
            worst);
}

static void random_straight_shots_hit(void)
{
    random_accelerating_targets_hit(0, "turret_accel_f64.straight");
}

static void random_lobs_hit(void)
{
    random_accelerating_targets_hit(1, "turret_accel_f64.lob");
}

/* The brute-force scan (a grid: it can only find later shots than the
 * exact earliest) never finds an impact before the solver's first, and
 * finds none where the solver says none. */
static void scan_finds_nothing_earlier(int lob, const char *name)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(100), agreed = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_accelerating_scene(&rng, lob, 20.0);
        af_turret_shots_f64 out;
        af_status st = aim(&s, &out);
        double scan;
        scan = turret_scan_earliest(&s, 300, 1e-9);
        if (st == AF_OK) {
            /* A later launch can meet an accelerating target earlier: the
             * scan looks past the longest slew too, where the solver
             * follows every branch that still hits earlier. */
            turret_scene past = s;
            past.scan_past = 2.0 * (out.shot[0].launch + out.shot[0].flight);
            scan = turret_scan_earliest(&past, 600, 1e-9);
        }
        agreed += turret_check_scan(st, &out, scan, name, i);
    }
    th_note("%s: %ld scenes, %ld where both found shots", name, n, agreed);
}

static void scan_straight(void)
{
    scan_finds_nothing_earlier(0, "turret_accel_f64.scan_straight");
}

static void scan_lob(void)
{
    scan_finds_nothing_earlier(1, "turret_accel_f64.scan_lob");
}

/* The edges, a row each with its reason: the level turret, gravity -9.81
 * z or none. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, vx, ax, az;
        int lob;
        double latency, yaw_rate;
        af_status status;
    } rows[] = {
        { "target at the pivot, accelerating out of the muzzle's circle along x: met outside",
          0, 0, 5, 0, 0, 0.1, 1.0, AF_OK },
        { "target at the pivot, not accelerating: inside the muzzle's circle for ever",
          0, 0, 0, 0, 0, 0.1, 1.0, AF_ERR_NO_SOLUTION },
        { "target falling with the projectile (a = g): a straight line through the lob",
          100, 0, 0, -9.81, 1, 0.1, 1.0, AF_OK },
        { "target braking (10 m/s, -1/3 m/s^2, at rest 150 m on): met before it turns back",
          100, 10, -1.0 / 3.0, 0, 0, 0.1, 1.0, AF_OK },
        { "target accelerating away at 100 m/s^2: outruns a 50 m/s shot",
          100, 0, 100, 0, 0, 0.1, 1.0, AF_ERR_NO_SOLUTION },
        { "accelerating target behind the yaw limit: beyond the yaw limit",
          -100, 0, -1, 0, 0, 0.1, 1.0, AF_ERR_BEYOND_YAW },
        { "zero latency, the head on the target: launch at once",
          100, 0, 2, 0, 0, 0.0, 1.0, AF_OK },
        { "huge latency (100 s): the target 2.6 km out at 50 s, back at 100 m at the launch "
          "and coming at 100 m/s: met",
          100, 100, -2, 0, 0, 100.0, 1.0, AF_OK },
        { "a slow yaw (1e-3 rad/s) on a target ahead: no slew needed, launch at the latency",
          100, 0, 1, 0, 0, 0.1, 1e-3, AF_OK },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        turret_scene s;
        af_turret_shots_f64 out;
        af_status st;
        memset(&s, 0, sizeof s);
        s.turret = turret_level();
        s.turret.latency = rows[i].latency;
        s.turret.yaw_rate = rows[i].yaw_rate;
        s.target.position.x = rows[i].x;
        s.target.velocity.x = rows[i].vx;
        s.acceleration.x = rows[i].ax;
        s.acceleration.z = rows[i].az;
        s.gravity.z = rows[i].lob ? -9.81 : 0.0;
        st = aim(&s, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        turret_check_accel_shots(&s, st, &out, (long)i, rows[i].why);
    }
}

/* NaN or infinite accelerations are refused; one whose difference with
 * gravity overflows is an overflow; out is all zero. */
static void aim_refuses_non_finite_accelerations(void)
{
    static const struct {
        const char *why;
        double ax, gz;
        af_status status;
    } rows[] = {
        { "NaN acceleration", NAN, -9.81, AF_ERR_BAD_ARGUMENT },
        { "infinite acceleration", INFINITY, -9.81, AF_ERR_BAD_ARGUMENT },
        { "a - g overflows a double", 0, -1.7e308, AF_ERR_OVERFLOW },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_f64 t = turret_level();
        af_body_accel_f64 target;
        af_vec3_f64 g = { 0, 0, 0 };
        af_turret_shots_f64 out;
        af_status st;
        memset(&target, 0, sizeof target);
        target.position.x = 100.0;
        target.acceleration.x = rows[i].ax;
        if (i == 2)
            target.acceleration.z = 1.7e308;
        g.z = rows[i].gz;
        st = af_turret_aim_accel_f64(&t, &target, &g, &out);
        TH_CHECK(st == rows[i].status && turret_all_zero(&out, sizeof out),
                 "%s: %s", rows[i].why, af_status_name(st));
    }
    TH_CHECK(af_turret_aim_accel_f64(NULL, NULL, NULL, NULL) == AF_ERR_BAD_ARGUMENT,
             "NULL everything");
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_non_finite_accelerations),
    TH_CASE(random_straight_shots_hit),
    TH_CASE(random_lobs_hit),
    TH_CASE(scan_straight),
    TH_CASE(scan_lob),
};

TH_MAIN("turret_accel_f64", cases)
