/*
 * aimfix/intercept.h — straight-line intercept (no gravity): bullets, lasers
 * with travel time, anything fired at constant speed in a straight line.
 */
#ifndef AIMFIX_INTERCEPT_H
#define AIMFIX_INTERCEPT_H

#include "aimfix/status.h"
#include "aimfix/types.h"

/*
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
 * Domain: every input finite, speed > 0.
 *
 * Returns, with out->shot[] ordered earliest first:
 *   AF_OK, 1 shot   one intercept in the future. This includes equal speeds
 *                   (|V| = speed: the equation is linear) with the target
 *                   approaching, and a target slower than the projectile.
 *   AF_OK, 2 shots  a target faster than the projectile and coming closer:
 *                   the projectile can meet it early (head-on) or late
 *                   (after it has passed); both are given, earliest first.
 *                   A tangent (double) root is given once.
 *   AF_OK, 1 shot with t = 0 and a zero velocity: the target is at the
 *                   muzzle now (coincident); nothing to aim.
 *   AF_ERR_NO_SOLUTION   the target escapes (faster and not closing, or
 *                   equally fast and not closing) or every root is in the
 *                   past.
 *   AF_ERR_BAD_ARGUMENT  a NULL pointer, a non-finite input, speed <= 0.
 * On any failure out->count is 0 and every shot is zero.
 */
AF_CHECK_RESULT af_status af_intercept_f64(const af_body_f64 *shooter,
                                           const af_body_f64 *target,
                                           double speed, unsigned flags,
                                           af_shots_f64 *out);

#endif /* AIMFIX_INTERCEPT_H */
