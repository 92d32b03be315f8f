/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/fixed_launch.h — a launcher whose direction or elevation is fixed
 * and whose speed is free: a flywheel launcher with a fixed hood, a mortar
 * at a set elevation. Each function finds the launch speeds, and the times
 * of flight, at which the projectile meets a target that is static, moving
 * or accelerating (af_body_accel_f64: zero velocity and acceleration for a
 * static one), in vacuum or under a linear drag model of aimfix/drag.h.
 *
 * Two ways to fix the launch:
 *   - fixed direction (af_fixed_dir_*): the launch velocity is s d for a
 *     unit d (any nonzero length is normalised) and s > 0. The projectile
 *     then stays in the plane of d and gravity (or on the line d when they
 *     are parallel), so the target must come into that plane at the moment
 *     it is met; a target that never does gives AF_ERR_NO_SOLUTION. A
 *     target that is on the launch line at every time (straight up or down
 *     at a target on the vertical line, or a static target ahead without
 *     gravity) is met at every time it is ahead of the shooter, each at
 *     its own speed: no time is the answer, AF_ERR_OUT_OF_RANGE
 *     (AF_ERR_NO_SOLUTION when it is never ahead). That holds term by
 *     term (position, velocity, acceleration each within 2^-36 of the
 *     line); a target on the line now that any term takes off it, however
 *     slowly (a subnormal gravity across), is met only at the roots of the
 *     numbers given, if any: on the line now would need an infinite speed.
 *   - fixed elevation (af_fixed_elev_*): the launch velocity's angle above
 *     the horizontal (the plane square to gravity) is `elevation`, rad, in
 *     [-pi/2, pi/2]; the yaw is free and follows the target. Gravity must
 *     be nonzero (it defines the horizontal). +-pi/2 is the fixed direction
 *     straight up or down.
 *
 * With d the unit launch direction, the projectile launched from the
 * shooter at speed s is at s d t + g t^2/2 (plus the shooter's velocity
 * times t with AF_INHERIT_VELOCITY) relative to the launch point; the
 * velocity that meets the target after t is the fixed-time aim's
 * (af_arc_time_accel_f64, af_drag_aim_time_f64), u(t), and the solutions
 * are the times at which u(t) has the fixed direction or elevation. Each
 * shot's velocity has exactly the fixed direction (or elevation, up to its
 * rounding) and the length u(t) . d, d the launch direction: |u(t)| at an
 * exact root and, at a time rounded off it, the speed whose shot passes
 * nearest the target; its point is where the target is at t. Solutions come earliest first, all
 * of them (up to AF_MAX_SHOTS; the vacuum functions solve polynomials of
 * degree 2 and 4, so there are at most 2 for a fixed direction and 4 for a
 * fixed elevation). A target at the muzzle at t = 0 gives the t = 0 shot
 * with zero velocity first. At a fixed elevation, a time at which u(t) is
 * zero within its rounding (the projectile dropped from the muzzle meets
 * the target then, as at every time for one on the gravity line that
 * falls with it) has no heading, so no elevation: it is not a solution
 * (AF_ERR_NO_SOLUTION when no other is; a shot straight up or down there
 * is one at +-pi/2, not at the elevation asked).
 *
 * Shared rules: a NULL pointer, a non-finite input, a zero direction, an
 * elevation outside [-pi/2, pi/2] or a fixed elevation without gravity
 * give AF_ERR_BAD_ARGUMENT; on failure out->count is 0 and every shot is
 * zero; AF_ERR_OVERFLOW when every solution's numbers overflow.
 *
 * Accuracy (f64): the shot meets the target within 2^-36 of the scene's
 * size |D| + |V| t + |a| t^2/2 (D, V, a the target's position, velocity and
 * acceleration relative to the shooter, gravity included in a); a target
 * within that distance of the reachable plane counts as in it. Under drag
 * the plane's tolerance is 2^-30 of the required velocity's terms
 * (|u| + |D|/t + |V| + |a| t) times the flight's reach per unit velocity.
 */
#ifndef AIMFIX_FIXED_LAUNCH_H
#define AIMFIX_FIXED_LAUNCH_H

#include "aimfix/accel.h"
#include "aimfix/drag.h"
#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * af_fixed_dir_f64 — the speeds along the fixed direction `direction` that
 * meet the target in vacuum: the positive roots of the perpendicular part
 * of D + V t + (a - g) t^2/2, a quadratic in t, solved without
 * cancellation; each must leave the target on the launch ray (not behind
 * the shooter).
 *
 * @param shooter    launch point and velocity at t = 0 (m, m/s)
 * @param target     target position, velocity and acceleration at t = 0
 * @param direction  the launch direction, any nonzero length
 * @param gravity    gravity, m/s^2 (zero allowed: a straight line)
 * @param flags      0 or AF_INHERIT_VELOCITY
 * @param out        the shots, earliest first
 * @return AF_OK with 1 or 2 shots; AF_ERR_NO_SOLUTION when the target never
 *   comes onto the launch ray in front of the shooter; AF_ERR_OUT_OF_RANGE
 *   for a target on the launch line at every time;
 *   AF_ERR_BAD_ARGUMENT, AF_ERR_OVERFLOW as the shared rules above.
 */
AF_CHECK_RESULT af_status af_fixed_dir_f64(const af_body_f64 *shooter,
                                           const af_body_accel_f64 *target,
                                           const af_vec3_f64 *direction,
                                           const af_vec3_f64 *gravity, unsigned flags,
                                           af_shots_f64 *out);

/**
 * af_fixed_elev_f64 — the speeds at the fixed elevation `elevation` (the
 * yaw follows the target) that meet the target in vacuum: the positive
 * roots of cos^2 e R_up(t)^2 - sin^2 e |R_h(t)|^2, a quartic in t (R the
 * target's position relative to the projectile's free fall, R_up its part
 * along up, R_h the rest) with R_up of the sign of e, isolated between the
 * quartic's turning points and refined on the unexpanded product (no root
 * lost); each root, and each root of R_up (where the quartic's pair for
 * +-e is below its rounding under a tiny e), is then carried by Newton's
 * method to the root of cos e R_up - sin e |R_h| itself; e = 0 solves
 * R_up(t) = 0 directly. A scene beyond 2^+-256 m is solved scaled by a
 * power of two (the same times); AF_ERR_OVERFLOW when one beyond 2^256
 * has a nonzero term of D, V and a 2^400 below the largest (the quartic's
 * squares of both do not fit a double).
 *
 * @param shooter    launch point and velocity at t = 0 (m, m/s)
 * @param target     target position, velocity and acceleration at t = 0
 * @param elevation  the launch angle above the horizontal, rad
 * @param gravity    gravity, m/s^2, nonzero
 * @param flags      0 or AF_INHERIT_VELOCITY
 * @param out        the shots, earliest first
 * @return AF_OK with 1 to 4 shots; AF_ERR_NO_SOLUTION when no speed
 *   meets the target; AF_ERR_OUT_OF_RANGE when every time meets it (a
 *   target that falls with the projectile at the elevation); otherwise
 *   as the shared rules above.
 */
AF_CHECK_RESULT af_status af_fixed_elev_f64(const af_body_f64 *shooter,
                                            const af_body_accel_f64 *target, double elevation,
                                            const af_vec3_f64 *gravity, unsigned flags,
                                            af_shots_f64 *out);

/** Samples of the flight-time scan of the f64 drag functions below:
 * geometric from the longest time searched down to 2^-24 of it. */
#define AF_FIXED_SCAN_POINTS 512

/**
 * af_drag_fixed_dir_f64 — af_fixed_dir_f64 under a drag model, for
 * flights up to `max_time` (s, > 0). The required launch velocity u(t) is
 * af_drag_aim_time_f64's for the target's position at t; its two
 * components square to the direction are sampled at AF_FIXED_SCAN_POINTS
 * times and each sign change is bisected to the last bit of t; a root of
 * one is kept when the other is within its rounding there and u . d > 0.
 * Two solutions closer than one sample step (3.3 % of t) can be missed.
 *
 * @param drag       the drag model (its gravity is the projectile's)
 * @param shooter    launch point and velocity at t = 0 (m, m/s)
 * @param target     target position, velocity and acceleration at t = 0
 * @param direction  the launch direction, any nonzero length
 * @param max_time   longest flight searched, s
 * @param flags      0 or AF_INHERIT_VELOCITY
 * @param out        the shots, earliest first
 * @return as af_fixed_dir_f64; AF_ERR_BAD_ARGUMENT also for an invalid
 *   model or max_time <= 0; AF_ERR_ENGINE_LIMIT when every solution breaks
 *   the model's step cap.
 */
AF_CHECK_RESULT af_status af_drag_fixed_dir_f64(const af_drag_f64 *drag,
                                                const af_body_f64 *shooter,
                                                const af_body_accel_f64 *target,
                                                const af_vec3_f64 *direction, double max_time,
                                                unsigned flags, af_shots_f64 *out);

/**
 * af_drag_fixed_elev_f64 — af_fixed_elev_f64 under a drag model, for
 * flights up to `max_time` (s, > 0): cos e u_up(t) - sin e |u_h(t)| (u(t)
 * as af_drag_fixed_dir_f64's, up against the model's gravity) sampled at
 * AF_FIXED_SCAN_POINTS times, each sign change bisected.
 *
 * A sign change where |u(t)| is within 4096 DBL_EPSILON of the terms u is
 * formed from (the target's point and the launch point over a(t), b(t) G /
 * a(t), the shooter's velocity) is the rounding's, about a zero of u.
 *
 * @param drag       the drag model, with nonzero gravity
 * @param shooter    launch point and velocity at t = 0 (m, m/s)
 * @param target     target position, velocity and acceleration at t = 0
 * @param elevation  the launch angle above the horizontal, rad
 * @param max_time   longest flight searched, s
 * @param flags      0 or AF_INHERIT_VELOCITY
 * @param out        the shots, earliest first
 * @return as af_drag_fixed_dir_f64.
 */
AF_CHECK_RESULT af_status af_drag_fixed_elev_f64(const af_drag_f64 *drag,
                                                 const af_body_f64 *shooter,
                                                 const af_body_accel_f64 *target,
                                                 double elevation, double max_time,
                                                 unsigned flags, af_shots_f64 *out);

/**
 * @name Q16.16 twins
 *
 * Same arguments, answers and statuses, integers only. In vacuum the
 * reach R(t) = u(t) t = D + V t + (a - g) t^2/2 dotted with a Q16.16 axis
 * is a quadratic in t with coefficients exact in 64 bits: the fixed
 * direction roots the two parts square to it (a root kept where each of
 * the exact reach's two parts square to the direction, at the rounded
 * time, is within 4 LSB plus 2^-12 of the sum of the reach's component
 * magnitudes, plus its move over the time's rounding: a near pass up to
 * 2^-12 sqrt 6 |R| off the ray is a solution; then moved to the target's
 * nearest pass by one Gauss-Newton step when that is nearer); the fixed
 * elevation roots the quartic of
 * af_fixed_elev_f64 through its turning points and refines each root, and
 * each root of R_up (near which the roots of e and -e lie too close for
 * the quartic's rounding), by Newton's method on the unsquared angle
 * cos e R_up - sin e |R_h| (a root whose nearest LSB of time falls past
 * the root of R_up, on the wrong side, is taken at the neighbouring LSB on
 * the elevation's side; an R_up within 2 units of 0, its rounding, is on
 * either side). Under drag each function samples
 * af_drag_aim_time_q16's u(t) at the target's position at flight times
 * growing by a 32nd (at least 1 LSB) from 1 LSB to max_time (times at
 * which it does not fit are skipped) and bisects each sign change to one
 * LSB of time; two solutions within one sample step can be missed, as in
 * the drag f64 functions. Each shot's velocity comes from the fixed-time
 * aim at its time (af_arc_time_accel_q16 or af_drag_aim_time_q16).
 * The direction (or up, -g/|g|) is normalised to Q16.16 and the
 * elevation's sine and cosine come from af_sin_q16 and af_cos_q16 (0.51
 * LSB), so the launch direction is exact to a few 2^-16 rad; the speed is
 * u(t) . d at the time found, rounded to Q16.16. Flights
 * longer than 32767 s are not searched. In vacuum a target is on the
 * launch line at every time when D, V and A are each exactly parallel to
 * the direction as given (to gravity at +-pi/2) or zero.
 * AF_ERR_OUT_OF_RANGE also when the
 * target's relative position, its relative velocity (with
 * AF_INHERIT_VELOCITY) or the relative acceleration g - a does not fit
 * Q16.16; a solution whose velocity or impact point does not fit is
 * left out (AF_ERR_OVERFLOW when none is left), and so is one whose
 * velocity rounds to no speed along the direction, or to no horizontal
 * part at an elevation (a drop onto the target: AF_ERR_NO_SOLUTION when
 * none is left and none overflowed).
 * @{
 */

/** af_fixed_dir_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_fixed_dir_q16(const af_body_q16 *shooter,
                                           const af_body_accel_q16 *target,
                                           const af_vec3_q16 *direction,
                                           const af_vec3_q16 *gravity, unsigned flags,
                                           af_shots_q16 *out);

/** af_fixed_elev_f64 in Q16.16 (elevation in radians, |e| <= 102944 raw). */
AF_CHECK_RESULT af_status af_fixed_elev_q16(const af_body_q16 *shooter,
                                            const af_body_accel_q16 *target, fix16_t elevation,
                                            const af_vec3_q16 *gravity, unsigned flags,
                                            af_shots_q16 *out);

/** af_drag_fixed_dir_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_drag_fixed_dir_q16(const af_drag_q16 *drag,
                                                const af_body_q16 *shooter,
                                                const af_body_accel_q16 *target,
                                                const af_vec3_q16 *direction, fix16_t max_time,
                                                unsigned flags, af_shots_q16 *out);

/** af_drag_fixed_elev_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_drag_fixed_elev_q16(const af_drag_q16 *drag,
                                                 const af_body_q16 *shooter,
                                                 const af_body_accel_q16 *target,
                                                 fix16_t elevation, fix16_t max_time,
                                                 unsigned flags, af_shots_q16 *out);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_FIXED_LAUNCH_H */
