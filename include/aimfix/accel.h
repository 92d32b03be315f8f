/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/accel.h — targets that accelerate: the straight-line intercept,
 * the fixed-speed lob, the fixed-time lob and the chosen-apex lob at a
 * target whose acceleration is constant.
 *
 * The target is at p + v t + a t^2/2. A projectile launched with velocity
 * u under gravity g is at u t + g t^2/2 (from the shooter), so it meets the
 * target when D + V t + (a - g) t^2/2 = u t: the moving-target lob of
 * af_arc_moving_f64 with gravity replaced by the relative acceleration
 * g - a, which these functions call. The straight-line intercept is the
 * same equation with g = 0. The impact point is where the accelerating
 * target is at the time of flight. The existing functions, which take an
 * af_body_f64, are unchanged.
 */
#ifndef AIMFIX_ACCEL_H
#define AIMFIX_ACCEL_H

#include "aimfix/ballistic.h"
#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A point that moves with constant acceleration. */
typedef struct af_body_accel_f64 {
    af_vec3_f64 position;     /**< where it is at t = 0 (m) */
    af_vec3_f64 velocity;     /**< its velocity at t = 0 (m/s) */
    af_vec3_f64 acceleration; /**< its constant acceleration (m/s^2) */
} af_body_accel_f64;

/** af_body_accel_f64 in Q16.16. */
typedef struct af_body_accel_q16 {
    af_vec3_q16 position;     /**< where it is at t = 0 (m) */
    af_vec3_q16 velocity;     /**< its velocity at t = 0 (m/s) */
    af_vec3_q16 acceleration; /**< its constant acceleration (m/s^2) */
} af_body_accel_q16;

/**
 * af_intercept_accel_f64 — af_intercept_f64 at an accelerating target: the
 * launch velocities of speed `speed` (m/s, > 0) whose straight line meets
 * the target, |D + V t + a t^2/2| = speed t, a quartic in t solved as
 * af_arc_moving_f64 with gravity -a (every root, earliest first, up to 4).
 * Zero acceleration is af_intercept_f64 itself (the same bits).
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position, velocity and acceleration at t = 0
 * @param speed    launch speed, m/s
 * @param flags    0 or AF_INHERIT_VELOCITY (the shooter's velocity only;
 *                 a shooter's acceleration is not modelled)
 * @param out      the intercepts; each point is where the target is at t
 * @return the statuses of af_arc_moving_f64 (af_intercept_f64's for zero
 * acceleration); a solution whose impact point does not fit a double is
 * left out (AF_ERR_OVERFLOW when none is left); AF_ERR_BAD_ARGUMENT for a
 * NULL pointer, a non-finite input or speed <= 0.
 */
AF_CHECK_RESULT af_status af_intercept_accel_f64(const af_body_f64 *shooter,
                                                 const af_body_accel_f64 *target,
                                                 double speed, unsigned flags,
                                                 af_shots_f64 *out);

/**
 * af_arc_moving_accel_f64 — af_arc_moving_f64 at an accelerating target:
 * every launch velocity of speed `speed` (m/s, > 0) that meets it under
 * gravity, found by af_arc_moving_f64 with the relative acceleration
 * g - a in place of gravity (so with its domain, method and guarantee that
 * no root is lost, but for a meeting whose impact point p + v t + a t^2/2
 * does not fit a double, as after 2e157 s at 132 m/s^2: left out, see
 * below). An acceleration equal to gravity leaves a straight
 * line (the target falls with the projectile). Zero acceleration gives the
 * same bits as af_arc_moving_f64.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position, velocity and acceleration at t = 0
 * @param speed    launch speed, m/s
 * @param gravity  gravity acting on the projectile, m/s^2
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shots; each point is where the target is at t
 * @return the statuses of af_arc_moving_f64; AF_ERR_OVERFLOW also when
 * g - a does not fit a double, or when every solution's impact point does
 * not (such a solution is left out, the others kept).
 */
AF_CHECK_RESULT af_status af_arc_moving_accel_f64(const af_body_f64 *shooter,
                                                  const af_body_accel_f64 *target,
                                                  double speed,
                                                  const af_vec3_f64 *gravity,
                                                  unsigned flags, af_shots_f64 *out);

/**
 * af_arc_apex_accel_f64 — af_arc_apex_f64 at an accelerating target: a lob
 * of chosen height whose apex is the projectile's own. The policy fixes
 * the vertical launch speed w under the real gravity g (the apex height
 * above the higher end, from the target's position now, as in
 * af_arc_apex_f64); the heights then meet where
 *     (|g| + a.up)/2 t^2 - (w - vz) t + dz = 0
 * (the relative acceleration along up in place of |g|; the later root,
 * descending relative to the target), and the horizontal velocity reaches
 * the accelerating target's position at t, its drift a_h t^2/2 included.
 * Zero acceleration gives af_arc_apex_f64's bits.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position, velocity and acceleration at t = 0
 * @param gravity  gravity, m/s^2 (nonzero)
 * @param policy   how high to lob
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shot; its point is where the target is at t
 * @return the statuses of af_arc_apex_f64; AF_ERR_NO_SOLUTION also when the
 * target accelerates upwards at |g| or more (|g| + a.up <= 0: the heights'
 * equation opens no descending meeting); AF_ERR_OVERFLOW when a result
 * does not fit a double.
 */
AF_CHECK_RESULT af_status af_arc_apex_accel_f64(const af_body_f64 *shooter,
                                                const af_body_accel_f64 *target,
                                                const af_vec3_f64 *gravity,
                                                const af_arc_policy_f64 *policy,
                                                unsigned flags, af_shots_f64 *out);

/**
 * af_arc_time_accel_f64 — af_arc_time_f64 at an accelerating target: the
 * launch velocity that meets it after exactly `t` seconds (> 0),
 * u = (D + V t + (a - g) t^2/2) / t, found by af_arc_time_f64 with gravity
 * g - a. Zero acceleration gives the same bits as af_arc_time_f64.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position, velocity and acceleration at t = 0
 * @param t        time of flight, s
 * @param gravity  gravity acting on the projectile, m/s^2
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shot; its point is where the target is at t
 * @return AF_OK with 1 shot; AF_ERR_BAD_ARGUMENT for t <= 0 or a
 * non-finite input; AF_ERR_OVERFLOW when g - a, the velocity or the
 * impact point does not fit a double.
 */
AF_CHECK_RESULT af_status af_arc_time_accel_f64(const af_body_f64 *shooter,
                                                const af_body_accel_f64 *target,
                                                double t, const af_vec3_f64 *gravity,
                                                unsigned flags, af_shots_f64 *out);

/**
 * @name Q16.16 twins
 *
 * Same arguments, answers and statuses as the f64 functions above, in
 * Q16.16 with integers only, through af_intercept_q16, af_arc_moving_q16
 * and af_arc_time_q16 (their domain rules apply). The relative
 * acceleration g - a (-a for the intercept) must fit Q16.16 componentwise
 * (|.| < 32768 m/s^2), else AF_ERR_OUT_OF_RANGE with out cleared: it is
 * the gravity the solver beneath is given. The impact point
 * p + v t + a t^2/2 is formed exactly in 64 bits and rounded once per
 * term (p + v t alone may pass Q16.16, but for a target accelerating
 * exactly as gravity, whose meetings are af_intercept_q16's); a solution
 * whose point does not fit Q16.16 is left out, AF_ERR_OVERFLOW when none
 * is left.
 * @{
 */

/** af_intercept_accel_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_intercept_accel_q16(const af_body_q16 *shooter,
                                                 const af_body_accel_q16 *target,
                                                 fix16_t speed, unsigned flags,
                                                 af_shots_q16 *out);

/** af_arc_moving_accel_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_arc_moving_accel_q16(const af_body_q16 *shooter,
                                                  const af_body_accel_q16 *target,
                                                  fix16_t speed,
                                                  const af_vec3_q16 *gravity,
                                                  unsigned flags, af_shots_q16 *out);

/** af_arc_time_accel_f64 in Q16.16: t > 0 in Q16.16 seconds. */
AF_CHECK_RESULT af_status af_arc_time_accel_q16(const af_body_q16 *shooter,
                                                const af_body_accel_q16 *target,
                                                fix16_t t, const af_vec3_q16 *gravity,
                                                unsigned flags, af_shots_q16 *out);

/** af_arc_apex_accel_f64 in Q16.16: up is -g normalised (af_vec3_normalize_q16),
 * the policy's value base + per_distance x and the vertical speed
 * sqrt(2 |g| H) each rounded once (af_arc_apex_q16 forms its value
 * exactly), then af_arc_apex_q16 with that vertical speed and the
 * relative acceleration along up, and the drift a_h t/2 added to the
 * velocity; AF_ERR_OUT_OF_RANGE when |g| (32768 m/s^2 or more, as with
 * a component of raw INT32_MIN) or the scene's projections do not fit
 * Q16.16. |g| and the pull along up, -(g - a).up, are Q16.16 numbers:
 * their half-LSB roundings, 2^-17 / |g| and 2^-17 / pull relative, move
 * the meeting by up to about twice that share of the range each (most
 * of it under a gravity of a few LSB, 1e-4 m/s^2). */
AF_CHECK_RESULT af_status af_arc_apex_accel_q16(const af_body_q16 *shooter,
                                                const af_body_accel_q16 *target,
                                                const af_vec3_q16 *gravity,
                                                const af_arc_policy_q16 *policy,
                                                unsigned flags, af_shots_q16 *out);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_ACCEL_H */
