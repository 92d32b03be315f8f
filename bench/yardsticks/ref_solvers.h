/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/ref_solvers.h — the yardsticks of the solvers' benchmark
 * rows: each solver's algorithm in float (the same steps as its _f64 twin in
 * src/, its argument checks left out: the inputs are always valid), and the
 * textbook formulas on libfixmath's fix16_* calls, with the Q16 solver's own
 * signature so that both share its row's adapter.
 *
 * The float forms take their row's arguments as real numbers in the
 * layout of bench/rows/solver_rows.h and write every shot they find as
 * BENCH_FLOAT_SHOT numbers (t, launch velocity, impact point), earliest
 * first, as the solver fills its out-struct; they return 1, or 0 for no
 * solution. The textbook forms return AF_ERR_OVERFLOW when a fix16_* call
 * returned fix16_overflow, AF_ERR_NO_SOLUTION where the formula has no
 * answer (a negative discriminant, no positive root), and take "up" as
 * +z with g = -gravity.z, as the forum formulas they transliterate do
 * (the rows' gravity points down z).
 */
#ifndef AIMFIX_BENCH_REF_SOLVERS_H
#define AIMFIX_BENCH_REF_SOLVERS_H

#include "aimfix.h"

/* Numbers per shot the float forms write: t, velocity, point. */
#define BENCH_FLOAT_SHOT 7

/* af_intercept_f64's algorithm in float: 1 and the first shot (t and
 * velocity), or 0 for no solution. */
int bench_intercept_float(const float *a, float *r);

/* The textbook intercept on libfixmath: (V.V - s^2) t^2 + 2 (D.V) t +
 * D.D = 0 solved with the quadratic formula, AF_ERR_NO_SOLUTION without a
 * positive root. */
af_status bench_intercept_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                                fix16_t speed, unsigned flags, af_shots_q16 *out);

/* Floors: af_intercept_q16's and af_arc_time_q16's arithmetic with no
 * checks, no rounding and no emptying of unused slots, to measure what
 * that arithmetic alone costs (bench/floors/floor_*.c). Garbage, not an error,
 * for inputs whose results do not fit. */
af_status bench_intercept_floor(const af_body_q16 *shooter, const af_body_q16 *target,
                                fix16_t speed, unsigned flags, af_shots_q16 *out);
af_status bench_arc_time_floor(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t t,
                               const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out);

/* The lobs' f64 algorithms in float (a range is its four numbers). */
int bench_arc_point_float(const float *a, float *r);
int bench_arc_max_range_float(const float *a, float *r);
int bench_arc_min_speed_float(const float *a, float *r);
int bench_arc_time_float(const float *a, float *r);
int bench_arc_apex_float(const float *a, float *r);
int bench_arc_moving_float(const float *a, float *r);

/* Both arcs from tan(theta) = (v^2 -+ sqrt(v^4 - g (g x^2 + 2 y v^2)))
 * / (g x), x the horizontal distance and y the height: fix16_atan2, then
 * the velocity from fix16_cos and fix16_sin, t = x / (v cos theta). */
af_status bench_arc_point_fix16(const af_vec3_q16 *from, const af_vec3_q16 *to, fix16_t speed,
                                const af_vec3_q16 *gravity, af_shots_q16 *out);

/* R = v / g sqrt(v^2 - 2 g h) (h the level's height), at
 * tan(theta) = v / sqrt(v^2 - 2 g h). */
af_status bench_arc_max_range_fix16(fix16_t speed, fix16_t height, const af_vec3_q16 *gravity,
                                    af_range_q16 *out);

/* v^2 = g (y + sqrt(x^2 + y^2)) at tan(theta) = (y + sqrt(x^2 + y^2)) / x. */
af_status bench_arc_min_speed_fix16(const af_vec3_q16 *from, const af_vec3_q16 *to,
                                    const af_vec3_q16 *gravity, af_shots_q16 *out);

/* u = (D + V t - g t^2 / 2) / t, per axis. */
af_status bench_arc_time_fix16(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t t,
                               const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out);

/* The apex height H (or the vertical speed w) from the policy, then
 * w = sqrt(2 g H), t = w / g + sqrt(2 (H - y) / g) (up to the apex and
 * down to the target's height, which is taken as fixed), and the
 * horizontal velocity to the target's position at t. */
af_status bench_arc_apex_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                               const af_vec3_q16 *gravity, const af_arc_policy_q16 *policy,
                               unsigned flags, af_shots_q16 *out);

/* The low arc only, as forum answers do: bench_arc_point_fix16's formula
 * aimed at the target's position now, then again at its position after
 * the last answer's time of flight, until two times agree to 2 LSB or 10
 * rounds have run. */
af_status bench_arc_moving_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                                 fix16_t speed, const af_vec3_q16 *gravity, unsigned flags,
                                 af_shots_q16 *out);

/* A body under linear drag after n steps (t = n dt) or t seconds: v = v* + (v0
 * - v*) E, p = p0 + v* t + (v0 - v*) S with the terminal velocity v*, E = r^n =
 * e^(n ln r) or e^(-k t) and S its geometric or exponential sum
 * (bench/yardsticks/drag_fix16.h); the polynomials without drag. */
af_status bench_drag_predict_steps_fix16(const af_drag_q16 *drag, const af_body_q16 *start,
                                         fix16_t n, af_body_q16 *out);
af_status bench_drag_predict_fix16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t,
                                   af_body_q16 *out);

/* When a body under linear drag is at a height along up = -g / |g| on a
 * branch: the crossing of the vertical closed form bisected to one LSB of
 * time, with the apex where the vertical velocity is zero
 * (bench/yardsticks/drag_height_fix16.c); AF_ERR_NO_SOLUTION off the branch,
 * AF_ERR_OUT_OF_RANGE in an updraft, AF_ERR_BAD_ARGUMENT for g = 0. */
af_status bench_drag_time_at_height_fix16(const af_drag_q16 *drag, const af_body_q16 *start,
                                          fix16_t height, af_branch branch,
                                          af_drag_event_q16 *out);

/* The launch velocities of length `speed` under linear drag: the
 * fixed-time aim u = (P(t) - p0 - moved(t)) / reach(t) in closed form,
 * whose speed is sampled at 32 even times up to max_time, each crossing
 * of the speed bisected to one LSB of time (bench/yardsticks/drag_aim_fix16.c);
 * AF_ERR_NO_SOLUTION without a crossing. */
af_status bench_drag_aim_speed_fix16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                     const af_body_q16 *target, fix16_t speed, fix16_t max_time,
                                     unsigned flags, af_shots_q16 *out);

#endif /* AIMFIX_BENCH_REF_SOLVERS_H */
