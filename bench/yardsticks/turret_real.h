/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/turret_real.h — the float and double yardsticks of the turret rows
 * (bench/rows/rows_turret.c), in bench/yardsticks/turret_real.c, compiled twice.
 *
 * A turret row's input, every value Q16.16 (real numbers for the
 * yardsticks, one for one):
 *   [0..2]   target position, m      [3..5]  target velocity, m/s
 *   [6..8]   target acceleration, m/s^2 (the accelerating rows)
 *   [9]      muzzle speed, m/s       [10]    latency, s
 *   [11]     current yaw, rad        [12]    current pitch, rad
 *   [13]     gravity along z, m/s^2 (0: a straight line)
 *   [14]     muzzle along the barrel, m   [15]  muzzle above it, m
 *   [16]     the platform's velocity along x, m/s (inherited when nonzero)
 *   [17]     drag damping d, 1/s (Unity's law; the drag row), or the
 *            quadratic coefficient k, 1/m (the quadratic drag row)
 *   [18]     the engine's step, s (the drag rows)
 * The rest of the turret is fixed: pivot at the origin, z up, heading +x,
 * yaw within +-2.4 rad, pitch -0.3 to 1.3 rad, rates 1.5 and
 * 1 rad/s. The outputs are the first shot: launch time, flight time, yaw,
 * pitch.
 */
#ifndef AIMFIX_BENCH_TURRET_REAL_H
#define AIMFIX_BENCH_TURRET_REAL_H

#define BENCH_TURRET_ARGS 19
/* The fixed part of the turret, Q16.16 raw (the yardsticks divide by
 * 65536, so that every variant sees the same numbers). */
#define BENCH_TURRET_YAW_LIMIT 157286  /* 2.4 rad */
#define BENCH_TURRET_PITCH_MIN (-19661) /* -0.3 rad */
#define BENCH_TURRET_PITCH_MAX 85197   /* 1.3 rad */
#define BENCH_TURRET_YAW_RATE 98304    /* 1.5 rad/s */
#define BENCH_TURRET_PITCH_RATE 65536  /* 1 rad/s */
/* Longest flight the drag row searches, s. */
#define BENCH_TURRET_MAX_TIME 8

#define BENCH_TURRET_REAL_FUNCTIONS(X)                                        \
    X(turret_aim) X(turret_aim_accel) X(turret_aim_drag) X(turret_aim_drag_accel)         \
    X(turret_aim_qdrag)

#define BENCH_TURRET_DECLARE(name)                                            \
    int bench_##name##_float(const float *a, float *r);                       \
    int bench_##name##_double(const double *a, double *r);
BENCH_TURRET_REAL_FUNCTIONS(BENCH_TURRET_DECLARE)

#endif /* AIMFIX_BENCH_TURRET_REAL_H */
