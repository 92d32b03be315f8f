/*
 * bench/ref_solvers.h — the yardsticks of the solvers' benchmark rows:
 * each solver's algorithm in float (the same steps as its _f64 twin in
 * src/), and the textbook formulas on libfixmath's fix16_* calls, with
 * the Q16 solver's own signature so that both share its row's adapter.
 *
 * Solver rows take their arguments as an array of 16 real numbers (the
 * float form) or as Q16.16 raw values (the fixed-point forms):
 *   [0..2] shooter position, [3..5] shooter velocity,
 *   [6..8] target position, [9..11] target velocity,
 *   [12] projectile speed, [13] 1 with AF_INHERIT_VELOCITY, else 0,
 * and give the first (earliest) shot: t, then the launch velocity.
 */
#ifndef AIMFIX_BENCH_REF_SOLVERS_H
#define AIMFIX_BENCH_REF_SOLVERS_H

#include "aimfix.h"

/* af_intercept_f64's algorithm in float: 1 and the shot, or 0 for no
 * solution. */
int bench_intercept_float(const float *a, float *r);

/* The textbook intercept on libfixmath: (V.V - s^2) t^2 + 2 (D.V) t +
 * D.D = 0 solved with the quadratic formula, AF_ERR_OVERFLOW when a
 * fix16_* call returned fix16_overflow, AF_ERR_NO_SOLUTION without a
 * positive root. */
af_status bench_intercept_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                                fix16_t speed, unsigned flags, af_shots_q16 *out);

#endif /* AIMFIX_BENCH_REF_SOLVERS_H */
