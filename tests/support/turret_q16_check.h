/* SPDX-License-Identifier: MIT */
/*
 * tests/support/turret_q16_check.h — a turret in Q16.16 and the same one in
 * doubles, and random Q16.16 turret scenes read back as doubles, so that
 * the Q16 and f64 solvers see identical inputs.
 */
#ifndef AIMFIX_TESTS_TURRET_Q16_CHECK_H
#define AIMFIX_TESTS_TURRET_Q16_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* Every field rounded to Q16.16, and back. */
af_turret_q16 turret_q16_of(const af_turret_f64 *t);
af_turret_f64 turret_f64_of(const af_turret_q16 *q);

/* turret_scene_random in Q16.16 (the pitch limits kept a few LSB off
 * +-pi/2), and *s the same scene in doubles. */
void turret_q16_scene(th_rng *rng, int lob, af_turret_q16 *qt, af_body_q16 *qb,
                      af_vec3_q16 *qg, turret_scene *s);

/* A Q16.16 turret shot read as doubles (its command, times and point). */
af_turret_shot_f64 turret_shot_f64_of(const af_turret_shot_q16 *q);

/*
 * The miss a Q16.16 command may leave, flown in double: 4 LSB of
 * direction (yaw and pitch each rounded, sines and cosines 0.51 LSB, the
 * frame's rounding) over the barrel and the flight; 1 LSB of launch and of
 * flight time at the speeds involved (the target's grows by |a| t); the
 * muzzle settled to 2 LSB a component and the positions rounded (8 LSB);
 * plus `time_slack` s of flight at the projectile's and the target's
 * speeds (a solver beneath that finds its flight times to a rounding of
 * its own: 0 for the vacuum lobs).
 */
double turret_q16_miss_tolerance(const turret_scene *s, const af_turret_shot_f64 *sh,
                                 double time_slack);

#endif /* AIMFIX_TESTS_TURRET_Q16_CHECK_H */
