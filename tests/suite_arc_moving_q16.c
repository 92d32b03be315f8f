/* SPDX-License-Identifier: MIT */
/*
 * Fixed-speed lobs at a moving target in Q16.16 (af_arc_moving_q16) against
 * af_arc_moving_f64 on the same inputs: every solution the f64 solver finds
 * that Q16.16 can hold is found, and flown by the f64 physics it hits.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "q16_moving_judge.h"
#include "q16_solve_check.h"
#include "scenario.h"

static const q16_judge judge = { "arc_moving_q16", q16_moving_in_band, q16_miss_fixed_speed,
                                 q16_moving_t_tolerance, q16_moving_aim_tolerance };

static void random_moving_targets_agree_with_f64(void)
{
    th_rng rng = th_rng_for("arc_moving_q16.random");
    long i, n = th_count(100000);
    q16_tally tally = { 0 };
    for (i = 0; i < n; i++) {
        scenario s = q16_random_scenario(&rng, (int)(i % Q16_CLASSES));
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_arc_moving_f64(&s.shooter, &s.target, s.speed, &s.gravity, s.flags, &f);
        af_status sq = af_arc_moving_q16(&sh, &tg, q16_from_f64(s.speed), &g, s.flags, &q);
        q16_compare(&judge, &s, sf, &f, sq, &q, &tally, i);
    }
    q16_tally_report(&judge, &tally);
}

#define Q(v) ((fix16_t)((v) * 65536))

static void edge_cases(void)
{
    /* The f64 suite's diving target: four solutions. */
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 diver = { { Q(9), 0, Q(6) }, { Q(-15), 0, Q(-36) } };
    af_body_q16 muzzle = { { 0, 0, 0 }, { Q(3), 0, Q(4) } };
    af_vec3_q16 g = { 0, 0, Q(-10) }, none = { 0, 0, 0 };
    af_shots_q16 q = { 0 };
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), &g, 0, &q) == AF_OK && q.count == 4,
             "diving target: four solutions (got %d)", q.count);
    TH_CHECK(af_arc_moving_q16(&shooter, &muzzle, Q(10), &g, 0, &q) == AF_OK && q.count == 2 &&
                 q.shot[0].t == 0,
             "at the muzzle: t = 0, then one meeting (got %d)", q.count);
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), &none, 0, &q) == AF_OK,
             "no gravity: the straight-line intercept");
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, 0, &g, 0, &q) == AF_ERR_BAD_ARGUMENT &&
                 q.count == 0,
             "zero speed");
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), NULL, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "NULL gravity");
    diver.position.x = INT32_MAX;
    shooter.position.x = INT32_MIN;
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), &g, 0, &q) == AF_ERR_OUT_OF_RANGE,
             "a distance beyond Q16.16");
}

static const th_case cases[] = {
    TH_CASE(random_moving_targets_agree_with_f64),
    TH_CASE(edge_cases),
};

TH_MAIN("arc_moving_q16", cases)
