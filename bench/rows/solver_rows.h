/* SPDX-License-Identifier: MIT */
/*
 * bench/rows/solver_rows.h — what the solvers' benchmark rows share: where each
 * argument sits in a row's input, the adapters that call a Q16 solver (or
 * its libfixmath yardstick, which has the same signature) inside
 * BENCH_COUNT, the first shot as a row's outputs, and the pieces their
 * input sets are built from.
 *
 * Every solver row's input, as Q16.16 raw values (real numbers for the
 * float and double yardsticks, one for one):
 *   [0..2]   shooter position (the launch point `from`), m
 *   [3..5]   shooter velocity, m/s
 *   [6..8]   target position (the point `to`), m
 *   [9..11]  target velocity, m/s
 *   [12]     projectile speed (m/s), or time of flight (s)
 *   [13]     1 with AF_INHERIT_VELOCITY, else 0
 *   [14..16] gravity, m/s^2
 *   [17..19] arc policy: kind (0 apex height, 1 vertical speed), base,
 *            per_distance
 * The maximum range has its own three: [0] speed, [1] height of the level,
 * [2..4] gravity. A row's outputs are its first (earliest) shot: t, then
 * the launch velocity (or the range's four numbers); the float yardsticks
 * write every shot they find, four numbers each, as the solver would.
 */
#ifndef AIMFIX_BENCH_SOLVER_ROWS_H
#define AIMFIX_BENCH_SOLVER_ROWS_H

#include "bench.h"

#define BENCH_AT_SHOOTER 0
#define BENCH_AT_TARGET 6
#define BENCH_AT_SPEED 12
#define BENCH_AT_INHERIT 13
#define BENCH_AT_GRAVITY 14
#define BENCH_AT_POLICY 17
#define BENCH_AT_RANGE_SPEED 0
#define BENCH_AT_RANGE_HEIGHT 1
#define BENCH_AT_RANGE_GRAVITY 2

/* Values of one shot in a row's outputs: t and the launch velocity. */
#define BENCH_SHOT_VALUES 4

/* Q16.16 raw of whole metres (or m/s, s). */
#define BENCH_ONE 65536
#define BENCH_M(x) ((int32_t)(x) * BENCH_ONE)

/* ---- Q16 arguments and results --------------------------------------- */

af_vec3_q16 bench_vec_q16(const bench_input *in, unsigned first);
/* Position at first, velocity at first + 3. */
af_body_q16 bench_body_q16(const bench_input *in, unsigned first);
/* The first shot, in real units; none unless AF_OK with a shot. */
void bench_put_shot_q16(bench_output *out, af_status status, const af_shots_q16 *shots);

/* Adapters by signature, for the Q16 solvers and their libfixmath
 * yardsticks (bench_fn's members of the same names). */
uint32_t bench_call_arc_point(const bench_row *, const bench_variant *, const bench_input *,
                              bench_output *);
uint32_t bench_call_arc_min_speed(const bench_row *, const bench_variant *,
                                  const bench_input *, bench_output *);
uint32_t bench_call_arc_max_range(const bench_row *, const bench_variant *,
                                  const bench_input *, bench_output *);
uint32_t bench_call_arc_bodies(const bench_row *, const bench_variant *, const bench_input *,
                               bench_output *);
uint32_t bench_call_arc_apex(const bench_row *, const bench_variant *, const bench_input *,
                             bench_output *);

/* ---- f64 arguments and results (the double column) ------------------- */

af_vec3_f64 bench_vec_f64(const double *a, unsigned first);
af_body_f64 bench_body_f64(const double *a, unsigned first);
unsigned bench_flags_f64(const double *a);
/* The first shot into r[0..3]: 1, or 0 unless AF_OK with a shot. */
int bench_first_shot_f64(af_status status, const af_shots_f64 *shots, double *r);

/* The first shot of an f64 solver taking two bodies, a speed or a time,
 * gravity and flags (af_arc_time_f64, af_arc_moving_f64) on a row's
 * arguments: the double column's body. */
int bench_arc_bodies_f64(af_status (*f)(const af_body_f64 *, const af_body_f64 *, double,
                                        const af_vec3_f64 *, unsigned, af_shots_f64 *),
                         const double *a, double *r);

/* ---- Input sets ------------------------------------------------------- */

/* Draw k of input i of the row: uniform in [lo, hi] (raw), and a
 * magnitude of lo_bits to hi_bits bits (raw), log-uniform. */
int32_t bench_draw_uniform(const bench_row *row, unsigned i, unsigned k, int32_t lo, int32_t hi);
int32_t bench_draw_bits(const bench_row *row, unsigned i, unsigned k, unsigned lo_bits,
                        unsigned hi_bits);

/* raw * (num / 65536), rounded down: a fraction num (Q16.16) of a value. */
int32_t bench_part(int64_t raw, int32_t num);

/* A horizontal offset (x, y) of length `length` (raw) in one of 16
 * directions, from draw k; z untouched. */
void bench_put_horizontal(const bench_row *row, unsigned i, unsigned k, int32_t length,
                          int32_t *xy);

/* The target `length` (raw) from the shooter along one of 16 horizontal
 * directions (draw k) and `height` (raw) above it. */
void bench_put_target(const bench_row *row, unsigned i, unsigned k, int32_t length,
                      int32_t height, bench_input *in);

/* Gravity straight down the z axis, as a turret levelled on the ground
 * or a z-up game has it: 9.81 m/s^2 for half the inputs, the other half
 * uniform in [4, 40] (game worlds tune it), from draw k. Stored at
 * raw[first..first + 2]; returns its magnitude, raw. */
int32_t bench_put_gravity(const bench_row *row, unsigned i, unsigned k, bench_input *in,
                          unsigned first);

/* The shooter (the launch point) within 100 m of the origin per axis, at
 * rest. Draws 0 to 2. */
void bench_put_launch_point(const bench_row *row, unsigned i, bench_input *in);

/* The same, and on odd inputs moving horizontally at up to 8 m/s with its
 * velocity inherited (a turret on a vehicle). Draws 0 to 4. */
void bench_put_shooter(const bench_row *row, unsigned i, bench_input *in);

#endif /* AIMFIX_BENCH_SOLVER_ROWS_H */
