/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/intercept.h — straight-line intercept (no gravity): bullets, lasers
 * with travel time, anything fired at constant speed in a straight line.
 */
#ifndef AIMFIX_INTERCEPT_H
#define AIMFIX_INTERCEPT_H

#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * af_intercept_f64 — where to aim a projectile of fixed speed so that it
 * meets a target moving at constant velocity.
 *
 * The projectile leaves shooter->position at t = 0 with launch speed `speed`
 * (m/s) and flies straight; with AF_INHERIT_VELOCITY in flags it also
 * carries shooter->velocity (see types.h). The target is at
 * target->position + target->velocity * t. Solved: |D + V t| = speed * t,
 * D = target - shooter position, V = target velocity (minus the shooter's
 * when inherited), a quadratic in t whose roots are computed without
 * cancellation (the smaller-magnitude root as c/q).
 *
 * Domain: every input finite, speed > 0; any distance, subnormal ones
 * included (a target 1e-310 m away is met at t = 1e-310 s / speed). A
 * time of flight below 2^-1042 s (about 2.2e-314 s, a subnormal double
 * with fewer than 32 significant bits) counts as underflowing: its
 * rounding alone would move the meeting by more than 1e-10 of |D|.
 *
 * Equal speeds are decided on the exact values passed: |V|^2 - speed^2 is
 * formed with V's largest component against speed (their difference
 * exact), so |V| = speed holds exactly when the inputs say so
 * (|(6, -2, 3)| = 7), a target receding at exactly the projectile's speed
 * gives AF_ERR_NO_SOLUTION, never an intercept 1e16 s away from a rounding
 * of that difference, and a target faster by far less than a rounding of
 * speed^2 stays faster. Only an excess below the double range (under
 * 2^-1074 in the solve's units, |V| and speed scaled near 1) counts as
 * equal speeds; the meeting returned then misses by less than that excess
 * times t / speed.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param speed    launch speed, m/s
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the intercepts
 * @return with out->shot[] ordered earliest first:
 *   - AF_OK, 1 shot   one intercept in the future. This includes equal speeds
 *                   (|V| = speed: the equation is linear) with the target
 *                   approaching, and a target slower than the projectile.
 *   - AF_OK, 2 shots  a target faster than the projectile and coming closer:
 *                   the projectile can meet it early (head-on) or late
 *                   (after it has passed); both are given, earliest first.
 *                   A tangent (double) root is given once.
 *   - AF_OK, 1 shot with t = 0 and a zero velocity: the target is at the
 *                   muzzle now (coincident); nothing to aim.
 *   - AF_ERR_NO_SOLUTION   the target escapes (faster and not closing, or
 *                   equally fast and not closing) or every root is in the
 *                   past.
 *   - AF_ERR_OVERFLOW      every intercept's time of flight underflows
 *                   (below 2^-1042 s) or overflows, or its numbers do not
 *                   fit a double
 *                   (such an intercept is left out, the other kept).
 *   - AF_ERR_BAD_ARGUMENT  a NULL pointer, a non-finite input, speed <= 0.
 *
 * On any failure out->count is 0 and every shot is zero.
 */
AF_CHECK_RESULT af_status af_intercept_f64(const af_body_f64 *shooter,
                                           const af_body_f64 *target,
                                           double speed, unsigned flags,
                                           af_shots_f64 *out);

/**
 * af_intercept_q16 — af_intercept_f64 in Q16.16, with the same arguments,
 * answers and statuses, computed with integers only.
 *
 * Domain: any Q16.16 positions and velocities whose differences (target
 * minus shooter position; target minus inherited shooter velocity) fit
 * Q16.16 componentwise (|.| < 32768), else AF_ERR_OUT_OF_RANGE; speed > 0
 * (AF_ERR_BAD_ARGUMENT otherwise). A solution whose time of flight
 * (>= 32768 s), launch velocity or impact point does not fit Q16.16 is
 * left out (the other kept); AF_ERR_OVERFLOW (out cleared) when none is
 * left. Never a wrapped value.
 *
 * Accuracy: the quadratic's coefficients are formed exactly from the
 * inputs (rounded once each, to about 61 bits, when a component is 16384
 * or more) and its discriminant is exact, so no root carries
 * cancellation, however close the target's speed is to the projectile's
 * or the two meetings are to each other; each root is then
 * formed with 31 significant bits, t within a few LSB of the exact root at
 * the largest times and rounded to Q16.16 (a root below 2^-17 s is
 * returned as 1 LSB), velocity and point to nearest. The launch velocity's
 * direction is exact to the Q16.16 rounding of its components (2^-17 /
 * speed radians), so speeds below about 0.25 m/s get a coarser aim; the
 * accuracy table in docs/q16.md gives the measured figures.
 */
AF_CHECK_RESULT af_status af_intercept_q16(const af_body_q16 *shooter,
                                           const af_body_q16 *target,
                                           fix16_t speed, unsigned flags,
                                           af_shots_q16 *out);

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_INTERCEPT_H */
