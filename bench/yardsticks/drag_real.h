/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/drag_real.h — the float and double yardsticks of the drag
 * rows (bench/rows/rows_drag.c): the f64 drag solvers themselves as double, and
 * the same sources compiled for float (bench/yardsticks/float_f64.h) as float.
 * One source, bench/yardsticks/drag_real.c, compiled once for each type.
 *
 * The real arguments (drag_real_args in rows_drag.c): [0] 1 for
 * continuous drag, [1] r (stepped) or k (continuous), [2] dt, [3..5]
 * gravity, [6..8] position (the heights' row: [6] 1 when falling),
 * [9..11] velocity, [12] steps, time, height or speed, [13..15] wind.
 */
#ifndef AIMFIX_BENCH_DRAG_REAL_H
#define AIMFIX_BENCH_DRAG_REAL_H

/* The longest flight the fixed-speed aim looks through, s. */
#define BENCH_DRAG_AIM_MAX_TIME 8

#define BENCH_DRAG_REAL_FUNCTIONS(X) X(drag_steps) X(drag_predict) X(drag_height) X(drag_aim_speed)

#define BENCH_DRAG_DECLARE(name)                                              \
    int bench_##name##_float(const float *a, float *r);                       \
    int bench_##name##_double(const double *a, double *r);
BENCH_DRAG_REAL_FUNCTIONS(BENCH_DRAG_DECLARE)

#endif /* AIMFIX_BENCH_DRAG_REAL_H */
