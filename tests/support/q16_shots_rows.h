/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_shots_rows.h — the fixed-direction and fixed-elevation
 * launchers, the drag aims at accelerating targets and the closest-miss
 * aims as rows of the Q16 solver table
 * (q16_solvers.h), in a group of their own: each solve scans hundreds of
 * flight times, so the determinism suite hashes fewer of them. The rows
 * have no f64 twin (run_f64 is NULL) and no vectors.
 */
#ifndef AIMFIX_TESTS_Q16_SHOTS_ROWS_H
#define AIMFIX_TESTS_Q16_SHOTS_ROWS_H

#include "q16_solvers.h"

extern const qs_group qs_shots_group;

#endif /* AIMFIX_TESTS_Q16_SHOTS_ROWS_H */
