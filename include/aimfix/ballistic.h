/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/ballistic.h — projectiles under gravity, without drag: the lobs
 * at a static point, and the rules shared by every lob. The lobs at a
 * moving target are in aimfix/ballistic_moving.h, which this header
 * includes.
 *
 * The projectile leaves its launch point at t = 0 with launch velocity u and
 * follows p(t) = p0 + u t + g t^2 / 2, where g is the gravity vector the
 * caller passes (any direction; "up" is -g/|g|, "height" is measured along
 * up, "horizontal" is perpendicular to it).
 *
 * Shared rules for every function here:
 *   - Domain: every input finite; gravity may be any vector, including zero
 *     unless the function says otherwise.
 *   - Solutions come in out->shot[] ordered by time of flight, earliest first,
 *     so for a fixed speed the low (flat) arc comes before the high (lob).
 *   - On failure out->count is 0 and every shot is zero.
 *   - A NULL pointer or a non-finite input gives AF_ERR_BAD_ARGUMENT.
 */
#ifndef AIMFIX_BALLISTIC_H
#define AIMFIX_BALLISTIC_H

#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * af_arc_point_f64 — launch velocities of a given speed (m/s, > 0) that
 * carry a projectile from `from` to the static point `to`.
 *
 * Solved in t^2 = s: |g|^2/4 s^2 - (speed^2 + d.g) s + |d|^2 = 0 with
 * d = to - from, so that every direction of gravity, a target straight above
 * or below, and g = 0 need no special case; both roots are computed without
 * cancellation and without forming |g|^2 (which under- or overflows long
 * before the answer does). The velocity is (d - g t^2/2) / t, its part
 * along gravity formed from the roots without cancellation: the launch
 * speed equals `speed` to a few ulps for every point (far below the
 * launcher too), and a point at any distance, subnormal ones included,
 * gets both arcs.
 *
 * @param from     launch point, m
 * @param to       the point to hit, m
 * @param speed    launch speed, m/s
 * @param gravity  gravity, m/s^2
 * @param out      the shots
 * @return
 *   - AF_OK, 2 shots  the low arc, then the high arc. Straight above the
 *                   launch point both go straight up: the first meets the
 *                   point rising, the second falling back.
 *   - AF_OK, 1 shot   g = 0 (a straight line), or the point is exactly at the
 *                   edge of reach (both arcs are one).
 *   - AF_OK, 1 shot with t = 0 and zero velocity, then the straight-up shot
 *                   that falls back to it (2 shots): from == to.
 *   - AF_ERR_NO_SOLUTION   the point is out of reach at this speed.
 *   - AF_ERR_OVERFLOW      |d| does not fit a double, or the point is within
 *                        reach only by a drop over more than DBL_MAX
 *                        speed^2 / |g|, or no arc's time of flight is a
 *                        finite double of at least 2^-1042 s (an arc whose
 *                        time underflows below that, a subnormal with
 *                        fewer than 32 significant bits, or overflows is
 *                        left out, the other kept), or a velocity does not
 *                        fit.
 *   - AF_ERR_BAD_ARGUMENT  speed <= 0.
 */
AF_CHECK_RESULT af_status af_arc_point_f64(const af_vec3_f64 *from,
                                           const af_vec3_f64 *to, double speed,
                                           const af_vec3_f64 *gravity,
                                           af_shots_f64 *out);

/**
 * Result of af_arc_max_range_f64.
 * All zero on failure.
 */
typedef struct af_range_f64 {
    double range;            /**< largest horizontal distance reachable, m (drag: signed, along the heading) */
    double t;                /**< time of flight of that shot, s */
    double horizontal_speed; /**< launch velocity's horizontal component, m/s */
    double vertical_speed;   /**< launch velocity's component along up, m/s */
} af_range_f64;

/**
 * af_arc_max_range_f64 — the farthest a projectile launched at `speed`
 * (m/s, > 0) can land on a level `height` (m, along up, relative to the
 * launch point: negative when landing lower), and the shot that does it:
 * range = speed / |g| * sqrt(speed^2 - 2 |g| height). From a height the best
 * angle is below 45 degrees; 45 degrees is the rule only for height = 0.
 *
 * @param speed    launch speed, m/s
 * @param height   the level to land on, m along up from the launch point
 * @param gravity  gravity, m/s^2
 * @param out      the range and its shot
 * Every output is formed from mantissas and exponents: finite (or
 * subnormal) whenever its true value is, to a few ulps.
 *
 * @return AF_OK; AF_ERR_NO_SOLUTION when the level is above the highest
 * point a vertical shot reaches (speed^2 < 2 |g| height, decided to the
 * rounding of |g|, a few ulps; exactly at it the range is 0);
 * AF_ERR_OVERFLOW when the range or the time does not fit a double;
 * AF_ERR_BAD_ARGUMENT for speed <= 0 or g = 0 (without
 * gravity the range has no maximum).
 */
AF_CHECK_RESULT af_status af_arc_max_range_f64(double speed, double height,
                                               const af_vec3_f64 *gravity,
                                               af_range_f64 *out);

/**
 * af_arc_min_speed_f64 — the slowest launch that reaches the static point
 * `to` from `from`, and its shot (out->shot[0]; the speed is the length of
 * its velocity): speed^2 = |g| (|d| + height), reached at t^2 = 2 |d| / |g|.
 *
 * Each part of the launch velocity is divided by t before the parts are
 * summed, and t is formed from square roots, so a point near DBL_MAX (or a
 * tiny one under huge gravity) is hit.
 *
 * @param from     launch point, m
 * @param to       the point to reach, m
 * @param gravity  gravity, m/s^2
 * @param out      the shot
 * @return AF_OK with 1 shot (t = 0 and zero velocity when from == to);
 * AF_ERR_OVERFLOW when |d|, t or the velocity does not fit a double;
 * AF_ERR_BAD_ARGUMENT when g = 0 (any speed reaches the point; there is no
 * slowest).
 */
AF_CHECK_RESULT af_status af_arc_min_speed_f64(const af_vec3_f64 *from,
                                               const af_vec3_f64 *to,
                                               const af_vec3_f64 *gravity,
                                               af_shots_f64 *out);

/**
 * @name Q16.16 twins
 *
 * Same arguments, answers and statuses as the f64 functions (above and
 * in aimfix/ballistic_moving.h), in
 * libfixmath's fix16_t, computed with integers only (no floating point, no
 * libm, no heap, no static state; the same bits on every compiler and
 * core). Shared domain rules:
 *   - Inputs are any Q16.16 values whose differences used by the solver
 *     (target minus launch point; target velocity minus the inherited
 *     shooter velocity) fit Q16.16 componentwise, |.| < 32768 (a
 *     difference of exactly -32768 is out), else AF_ERR_OUT_OF_RANGE. Speeds and times must be > 0 (else
 *     AF_ERR_BAD_ARGUMENT); there is no NaN to refuse.
 *   - A solution whose time of flight (>= 32768 s), velocity or impact
 *     point does not fit Q16.16 is left out of out->shot[] (the others
 *     are kept, still earliest first); when that leaves none the call
 *     returns AF_ERR_OVERFLOW with out cleared. Never a wrapped value.
 *   - Equations are solved in power-of-two units fitted to the problem,
 *     with 30 significant bits relative to its own scale; outputs are
 *     rounded to Q16.16 (a positive time below half an LSB is returned as
 *     1 LSB). Directions are exact to the rounding of the velocity's
 *     components (2^-17 / speed radians). docs/q16.md's accuracy table
 *     gives the measured figures against the f64 reference.
 *   - Speed of a fixed-speed lob (af_arc_point_q16, and af_arc_moving_q16
 *     with gravity; without it, af_intercept_q16's rules): every shot
 *     returned has ||velocity| - speed| <= 2^-15 + 2^-24 max(speed,
 *     |D| / t + |V|) m/s (2 LSB, plus 2^-24 of the scene's velocity
 *     scale; D and V the target's position and velocity relative to the
 *     shooter, t the returned time), checked exactly on every shot. One
 *     that misses it (a root under the equation's 31-bit rounding: a
 *     target passing close to the muzzle, a near-grazing scene, a drop
 *     along strong gravity at a small speed, whose two arcs are a
 *     near-double root) is refined by Newton's method on the distance
 *     itself (af_arc_moving_q16), left out if it still misses, and
 *     AF_ERR_NO_CONVERGENCE is returned when that leaves none. The 2^-24
 *     covers the rounding of the launch velocity's terms (each to 2^-27
 *     of itself) and of the time at the edges of the domain (speeds near
 *     32768 m/s, where 2^-26 is missed). A point whose reach the roundings cannot tell
 *     (the discriminant below zero by their size only) also gives
 *     AF_ERR_NO_CONVERGENCE, not AF_ERR_NO_SOLUTION.
 *   - A fixed-speed lob whose only meetings lie beyond 32768 s returns
 *     AF_ERR_OVERFLOW, not AF_ERR_NO_SOLUTION.
 * @{
 */

/** af_arc_point_f64 in Q16.16. AF_ERR_NO_CONVERGENCE when the reach is
 * within the roundings, or when no arc meets the speed tolerance (the
 * shared rules above). */
AF_CHECK_RESULT af_status af_arc_point_q16(const af_vec3_q16 *from,
                                           const af_vec3_q16 *to, fix16_t speed,
                                           const af_vec3_q16 *gravity,
                                           af_shots_q16 *out);

/** af_range_f64 in Q16.16. */
typedef struct af_range_q16 {
    fix16_t range;            /**< largest horizontal distance reachable, m (drag: signed, along the heading) */
    fix16_t t;                /**< time of flight of that shot, s */
    fix16_t horizontal_speed; /**< launch velocity's horizontal component, m/s */
    fix16_t vertical_speed;   /**< launch velocity's component along up, m/s */
} af_range_q16;

/** af_arc_max_range_f64 in Q16.16. The status is decided exactly on the
 * raw values: AF_ERR_NO_SOLUTION exactly when speed^2 < 2 |g| height, as
 * in f64; AF_ERR_OVERFLOW when the range or the time of flight does not
 * fit (a range beyond 32768 m). Each output is within 2 LSB plus 2^-22 of
 * speed (1 + t) + range + |height| of the f64 answer on the same values
 * (every bit of speed^2 is kept however small the speed). */
AF_CHECK_RESULT af_status af_arc_max_range_q16(fix16_t speed, fix16_t height,
                                               const af_vec3_q16 *gravity,
                                               af_range_q16 *out);

/** af_arc_min_speed_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_arc_min_speed_q16(const af_vec3_q16 *from,
                                               const af_vec3_q16 *to,
                                               const af_vec3_q16 *gravity,
                                               af_shots_q16 *out);

/** @} */

#ifdef __cplusplus
}
#endif

/* The lobs at moving targets. */
#include "aimfix/ballistic_moving.h"

#endif /* AIMFIX_BALLISTIC_H */
