/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_moving_judge.h — the tolerances of the fixed-speed lob at a
 * moving target in Q16.16 (af_arc_moving_q16), from the dimensionless
 * quartic of the scenario: shared by every suite whose solver is that lob
 * underneath (the accelerating targets are it with g - a for gravity).
 */
#ifndef AIMFIX_TESTS_Q16_MOVING_JUDGE_H
#define AIMFIX_TESTS_Q16_MOVING_JUDGE_H

#include "q16_solve_check.h"
#include "scenario.h"

/* Whether some root of the scenario's quartic is nearly tangent (a grazing
 * shot), where 30-bit coefficients may keep or lose a pair of roots. */
int q16_moving_in_band(const scenario *s);

/* The allowed |t_q16 - t_f64|, seconds, for the f64 time tf. */
double q16_moving_t_tolerance(const scenario *s, double tf);

/* The allowed angle between the Q16 and f64 launch velocities, radians. */
double q16_moving_aim_tolerance(const scenario *s, const af_shot_f64 *f);

#endif /* AIMFIX_TESTS_Q16_MOVING_JUDGE_H */
