/* SPDX-License-Identifier: MIT */
/*
 * Turret aims at accelerating targets in Q16.16: every shot of
 * af_turret_aim_accel_q16, flown in double by the tests' own kinematics
 * from the Q16.16 command, meets the accelerating target within the Q16
 * tolerance (tests/support/turret_q16_check.h), inside the limits, in
 * time, and never before the f64 solver's earliest impact (itself checked
 * by a brute-force scan in suite_turret_accel_f64); and the edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "port.h"
#include "q16_solve_check.h"
#include "turret_check.h"
#include "turret_accel_q16_check.h"
#include "turret_q16_check.h"

#define LSB (1.0 / 65536.0)
#define Q(v) ((fix16_t)((v) * 65536))

static void random_aims(int lob, const char *name)
{
    static const af_status also[] = { AF_ERR_OUT_OF_RANGE, AF_OK };
    th_rng rng = th_rng_for(name);
    long i, n = th_count(300);
    turret_q16_tally tl;
    memset(&tl, 0, sizeof tl);
    for (i = 0; i < n; i++) {
        af_turret_q16 qt;
        af_body_accel_q16 qa;
        af_vec3_q16 qg;
        turret_scene s;
        af_turret_shots_q16 q;
        af_turret_shots_f64 f;
        af_status sq, sf;
        uint32_t start, cost;
        turret_q16_accel_scene(&rng, lob, 20.0, &qt, &qa, &qg, &s);
        start = port_counter();
        sq = af_turret_aim_accel_q16(&qt, &qa, &qg, &q);
        cost = port_counter() - start;
        {
            turret_scene wide = turret_q16_widened(&s);
            af_body_accel_f64 target = turret_scene_target(&s);
            sf = af_turret_aim_accel_f64(&wide.turret, &target, &wide.gravity, &f);
        }
        turret_q16_tally_scene(&tl, &s, sq, &q, sf, &f, cost, also, name, i);
    }
    turret_q16_tally_note(&tl, name, n);
}

static void random_straight_aims(void)
{
    random_aims(0, "turret_accel_q16.straight");
}

static void random_lob_aims(void)
{
    random_aims(1, "turret_accel_q16.lob");
}

/* The edges, a row each with its reason: a level turret (z up, heading
 * +x, yaw +-1.5, pitch -0.2 to 1, muzzle 0.5 m along and 0.1 m above,
 * rates 1 and 0.5 rad/s, 50 m/s, latency 0.1 s), gravity -9.81 z or
 * none. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, vx, ax, az;
        int lob;
        af_status status;
    } rows[] = {
        { "target at the pivot, accelerating out of the muzzle's circle: met outside", 0, 0, 5,
          0, 0, AF_OK },
        { "target at the pivot, not accelerating: inside the muzzle's circle", 0, 0, 0, 0, 0,
          AF_ERR_NO_SOLUTION },
        { "target falling with the projectile (a = g): a straight line", 100, 0, 0, -9.81, 1,
          AF_OK },
        { "target accelerating away at 100 m/s^2: outruns a 50 m/s shot", 100, 0, 100, 0, 0,
          AF_ERR_NO_SOLUTION },
        { "behind the yaw limit, accelerating further back", -100, 0, -1, 0, 0,
          AF_ERR_BEYOND_YAW },
        { "g - a beyond Q16.16 (a = 32767 m/s^2 up, g = -9.81): no launch time searched", 100,
          0, 0, 32767, 1, AF_ERR_OUT_OF_RANGE },
        { "a target 32000 m out accelerating away at 1000 m/s^2 leaves Q16.16 during the "
          "scan, and no shot was found: out of range",
          32000, 0, 1000, 0, 0, AF_ERR_OUT_OF_RANGE },
        { "the same target accelerating at 100 m/s^2 stays in Q16.16 but out of reach",
          30000, 0, 100, 0, 0, AF_ERR_NO_SOLUTION },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_vec3_q16 g = { 0, 0, 0 };
        af_turret_shots_q16 out;
        turret_scene s;
        af_status st;
        memset(&s, 0, sizeof s);
        memset(&target, 0, sizeof target);
        target.position.x = Q(rows[i].x);
        target.velocity.x = Q(rows[i].vx);
        target.acceleration.x = Q(rows[i].ax);
        target.acceleration.z = Q(rows[i].az);
        if (rows[i].lob)
            g.z = Q(-9.81);
        st = af_turret_aim_accel_q16(&t, &target, &g, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        s.turret = turret_f64_of(&t);
        s.target.position = q16_vec_to_f64(target.position);
        s.target.velocity = q16_vec_to_f64(target.velocity);
        s.acceleration = q16_vec_to_f64(target.acceleration);
        s.gravity = q16_vec_to_f64(g);
        turret_q16_check_shots(&s, st, &out, rows[i].why, (long)i);
    }
    TH_CHECK(af_turret_aim_accel_q16(NULL, NULL, NULL, NULL) == AF_ERR_BAD_ARGUMENT,
             "NULL everything");
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(random_straight_aims),
    TH_CASE(random_lob_aims),
};

TH_MAIN("turret_accel_q16", cases)
