/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/qdrag_real.h — the float and double yardsticks of the
 * quadratic drag rows (bench/rows/rows_qdrag.c): the f64 solvers of
 * aimfix/qdrag.h as double, and the same sources compiled for float
 * (bench/yardsticks/float_f64.h) as float. One source,
 * bench/yardsticks/qdrag_real.c, compiled once for each type.
 *
 * The real arguments: [0] 1 for the continuous kind, [1] k, [2] dt,
 * [3..5] gravity, [6..8] position (the aims: the target's), [9..11]
 * velocity, [12] time (the aims: time of flight or speed), [13..15] wind,
 * [16] the order (1 drag first), [17] c.
 */
#ifndef AIMFIX_BENCH_QDRAG_REAL_H
#define AIMFIX_BENCH_QDRAG_REAL_H

/* The real arguments of a quadratic drag row. */
#define BENCH_QDRAG_ARGS 18

/* The longest flight the fixed-speed aim looks through, s. */
#define BENCH_QDRAG_AIM_MAX_TIME 4

#define BENCH_QDRAG_REAL_FUNCTIONS(X) X(qdrag_predict) X(qdrag_aim_time) X(qdrag_aim_speed)

#define BENCH_QDRAG_DECLARE(name)                                             \
    int bench_##name##_float(const float *a, float *r);                       \
    int bench_##name##_double(const double *a, double *r);
BENCH_QDRAG_REAL_FUNCTIONS(BENCH_QDRAG_DECLARE)

#endif /* AIMFIX_BENCH_QDRAG_REAL_H */
