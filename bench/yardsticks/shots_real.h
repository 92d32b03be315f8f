/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/shots_real.h — the float and double yardsticks of the
 * fixed-launcher and closest-miss rows (bench/rows/rows_shots.c), in
 * bench/yardsticks/shots_real.c, compiled twice.
 *
 * A row's input, every value Q16.16 (real numbers for the yardsticks, one
 * for one); the shooter stands still at the origin:
 *   [0..2]   target position, m      [3..5]  target velocity, m/s
 *   [6..8]   target acceleration, m/s^2
 *   [9]      launch speed, m/s (the miss rows)
 *   [10]     elevation, rad (the fixed-elevation rows)
 *   [11..13] launch direction (the fixed-direction row)
 *   [14]     gravity along z, m/s^2
 *   [15]     drag damping d, 1/s (Unity's law; the drag rows)
 *   [16]     the engine's step, s (the drag rows)
 *   [17]     longest flight, s (the drag rows)
 * The outputs: the fixed rows' first shot (t, launch velocity); the miss
 * rows' miss distance, t and launch velocity.
 */
#ifndef AIMFIX_BENCH_SHOTS_REAL_H
#define AIMFIX_BENCH_SHOTS_REAL_H

#define BENCH_SHOTS_ARGS 18

#define BENCH_SHOTS_REAL_FUNCTIONS(X) X(fixed_dir) X(fixed_elev) X(drag_fixed_elev) X(drag_miss)

#define BENCH_SHOTS_DECLARE(name)                                             \
    int bench_##name##_float(const float *a, float *r);                       \
    int bench_##name##_double(const double *a, double *r);
BENCH_SHOTS_REAL_FUNCTIONS(BENCH_SHOTS_DECLARE)
/* The vacuum closest miss has a double column only. */
int bench_moving_miss_double(const double *a, double *r);

#endif /* AIMFIX_BENCH_SHOTS_REAL_H */
