/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/turret_drag_aim.h — a turret's aims for a projectile slowed by
 * linear (aimfix/drag.h) or quadratic (aimfix/qdrag.h) drag, each also at
 * an accelerating target: af_turret_aim_f64's launch-time search
 * (aimfix/turret_aim.h) with the drag models' flights. Time t = 0 is when
 * the command is given, as there.
 */
#ifndef AIMFIX_TURRET_DRAG_AIM_H
#define AIMFIX_TURRET_DRAG_AIM_H

#include "aimfix/accel.h"
#include "aimfix/drag.h"
#include "aimfix/qdrag.h"
#include "aimfix/status.h"
#include "aimfix/turret_head.h"
#include "aimfix/turret_shot.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * af_turret_aim_drag_f64 — af_turret_aim_f64 for a projectile slowed by a
 * linear drag model (aimfix/drag.h: continuous drag with its wind, or an
 * engine's fixed steps, the presets included), whose gravity is the
 * model's. The shot leaves from the muzzle at the launch time with
 * speed * barrel (plus the platform's velocity when inherited) and flies
 * by the model's law, so after a flight f it is at
 * muzzle + a(f) velocity + b(f) G, and it meets the target exactly when
 *     |R(f)| = hypot(muzzle_forward + speed a(f), muzzle_up),
 *     R(f) = target(L + f) - pivot(L) - a(f) inherited - b(f) G.
 * At each launch time the flights up to max_time are found by sampling
 * that gap at f = 0 and at 64 times spaced geometrically from
 * max_time / 2^24 to max_time, bisecting each sign change to a double and
 * splitting each sampled dip that reaches zero into its two roots; what
 * the sampling cannot see is a pair of flights closer than the samples
 * whose dip is not between two samples, or a flight shorter than
 * max_time / 2^24 other than a crossing from f = 0. The launch-time search
 * is af_turret_aim_f64's.
 *
 * @param turret    the turret
 * @param drag      the drag model (its gravity acts on the projectile)
 * @param target    target position and velocity at t = 0 (m, m/s)
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_f64; AF_ERR_BAD_ARGUMENT also for an invalid
 *   model or max_time <= 0; AF_ERR_ENGINE_LIMIT when every shot found has
 *   a step longer than the model's cap (such shots are left out).
 */
AF_CHECK_RESULT af_status af_turret_aim_drag_f64(const af_turret_f64 *turret,
                                                 const af_drag_f64 *drag,
                                                 const af_body_f64 *target, double max_time,
                                                 af_turret_shots_f64 *out);

/**
 * af_turret_aim_drag_accel_f64 — af_turret_aim_drag_f64 at a target whose
 * acceleration is constant: the target is at p + v t + a t^2/2. At each
 * launch time L the target is taken at L (p + v L + a L^2/2, velocity
 * v + a L) and R(f) gains a f^2/2; the flight sampling, the launch-time
 * search, their guarantee and the statuses are af_turret_aim_drag_f64's
 * (zero acceleration gives its very bits), with af_turret_aim_accel_f64's
 * scan past the longest slew. Each shot's point is where the
 * accelerating target is at the impact time.
 *
 * @param turret    the turret
 * @param drag      the drag model (its gravity acts on the projectile)
 * @param target    target position, velocity and acceleration at t = 0
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_drag_f64; AF_ERR_BAD_ARGUMENT also for a
 *   non-finite acceleration.
 */
AF_CHECK_RESULT af_status af_turret_aim_drag_accel_f64(const af_turret_f64 *turret,
                                                       const af_drag_f64 *drag,
                                                       const af_body_accel_f64 *target,
                                                       double max_time,
                                                       af_turret_shots_f64 *out);

/**
 * af_turret_aim_qdrag_f64 — af_turret_aim_drag_f64 for a projectile slowed
 * by a quadratic drag model (aimfix/qdrag.h, either kind), whose gravity
 * is the model's. The shot leaves from the muzzle at the launch time with
 * speed * barrel (plus the platform's velocity when inherited) and flies
 * by the model's law. That law has no closed form, so at each launch time
 * the shots are af_qdrag_aim_speed_f64's (flights up to max_time) from the
 * muzzle, each solved again from the muzzle its barrel gives until that
 * muzzle moves by at most 1e-12 of the scene (24 passes at most, each
 * branch starting from its angles at the launch time searched last; a
 * shot that does not settle is left out). The launch-time search is
 * af_turret_aim_f64's; what it finds is what af_qdrag_aim_speed_f64 finds
 * at each launch time. As that aim does, a finished shot whose first
 * stepped engine step folds its velocity relative to the air ((2 k s + c)
 * dt >= 1, aimfix/qdrag.h) is refused.
 *
 * @param turret    the turret
 * @param drag      the quadratic drag model (its gravity acts on the projectile)
 * @param target    target position and velocity at t = 0 (m, m/s)
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_f64; AF_ERR_BAD_ARGUMENT also for an invalid
 *   model or max_time <= 0; AF_ERR_ENGINE_LIMIT when every shot found
 *   was refused for a folding first step.
 */
AF_CHECK_RESULT af_status af_turret_aim_qdrag_f64(const af_turret_f64 *turret,
                                                  const af_qdrag_f64 *drag,
                                                  const af_body_f64 *target, double max_time,
                                                  af_turret_shots_f64 *out);

/**
 * af_turret_aim_qdrag_accel_f64 — af_turret_aim_qdrag_f64 at a target
 * whose acceleration is constant: the target is at p + v t + a t^2/2. At
 * each launch time the shots are af_qdrag_aim_speed_accel_f64's (flights
 * up to max_time) from the muzzle at the target as it is then (position
 * p + v L + a L^2/2, velocity v + a L, the same acceleration), settled on
 * the muzzle as in af_turret_aim_qdrag_f64; the launch-time search and
 * the statuses are its (zero acceleration gives its very bits), with
 * af_turret_aim_accel_f64's scan past the longest slew. Each
 * shot's point is where the accelerating target is at the impact time.
 *
 * @param turret    the turret
 * @param drag      the quadratic drag model (its gravity acts on the projectile)
 * @param target    target position, velocity and acceleration at t = 0
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_qdrag_f64; AF_ERR_BAD_ARGUMENT also for a
 *   non-finite acceleration.
 */
AF_CHECK_RESULT af_status af_turret_aim_qdrag_accel_f64(const af_turret_f64 *turret,
                                                        const af_qdrag_f64 *drag,
                                                        const af_body_accel_f64 *target,
                                                        double max_time,
                                                        af_turret_shots_f64 *out);

/* ---- Q16.16 twins ---------------------------------------------------- */

/**
 * af_turret_aim_drag_f64 in Q16.16, integers only: af_turret_aim_q16's
 * search with the shots at each launch time af_drag_aim_speed_q16's
 * (flights up to max_time) from the muzzle, solved again from the
 * muzzle each shot's angles give until it moves by at most 2 LSB. Each
 * flight is within that aim's rounding of a true one.
 *
 * @param turret    the turret
 * @param drag      the drag model (its gravity acts on the projectile)
 * @param target    target position and velocity at t = 0 (m, m/s)
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_q16; AF_ERR_BAD_ARGUMENT also for an invalid
 *   model or max_time <= 0; AF_ERR_ENGINE_LIMIT when no shot was found
 *   and the drag aim refused shots for the model's cap.
 */
AF_CHECK_RESULT af_status af_turret_aim_drag_q16(const af_turret_q16 *turret,
                                                 const af_drag_q16 *drag,
                                                 const af_body_q16 *target, fix16_t max_time,
                                                 af_turret_shots_q16 *out);

/**
 * af_turret_aim_drag_accel_f64 in Q16.16, integers only:
 * af_turret_aim_drag_q16's search with the target's position and
 * velocity at each launch time p + v L + a L^2/2 and v + a L (as in
 * af_turret_aim_accel_q16, with its scan past the longest slew) and the
 * shots then af_drag_aim_speed_accel_q16's
 * from the muzzle, settled on it as in af_turret_aim_drag_q16 (zero
 * acceleration gives its very bits). A launch time at which the target's
 * position or velocity does not fit Q16.16 is not searched.
 *
 * Domain: af_turret_aim_drag_q16's, and af_drag_aim_speed_accel_q16's
 * for the target relative to the muzzle at each launch time.
 *
 * @param turret    the turret
 * @param drag      the drag model (its gravity acts on the projectile)
 * @param target    target position, velocity and acceleration at t = 0
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_drag_q16.
 */
AF_CHECK_RESULT af_status af_turret_aim_drag_accel_q16(const af_turret_q16 *turret,
                                                       const af_drag_q16 *drag,
                                                       const af_body_accel_q16 *target,
                                                       fix16_t max_time,
                                                       af_turret_shots_q16 *out);

/**
 * af_turret_aim_qdrag_f64 in Q16.16, integers only: af_turret_aim_q16's
 * search with the shots at each launch time af_qdrag_aim_speed_q16's
 * (flights up to max_time) from the muzzle, solved again from the muzzle
 * each shot's angles give until it moves by at most 2 LSB. Each launch
 * time's aim follows the last one's roots (Newton's method on the time
 * and launch velocity together), or its closest approach when it had
 * none, and scans the flight times afresh only when one is lost or comes
 * near; its shots are that aim's to within its rounding. Between such
 * exact aims (one every 32 aims at most, and wherever a root moves its
 * launch velocity by more than speed / 32 or its time by more than
 * 1/32) the search runs on each root's flight linearised about it (its
 * Jacobian in the launch velocity and its end velocity in time), and a
 * launch time without roots is taken to have none while the same model
 * about the least launch speed keeps that above speed * 17/16; every
 * shot it returns is then aimed exactly at its launch time, that launch
 * time moved to where the exact slew ends when the shot waits for it or
 * is late (8 exact aims at most). When the exact aims' root count changes
 * between two of them, or a shot cannot be aimed exactly, the search runs
 * again on exact aims alone. Each flight is the Q16.16 engine's own.
 *
 * @param turret    the turret
 * @param drag      the quadratic drag model (its gravity acts on the projectile)
 * @param target    target position and velocity at t = 0 (m, m/s)
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_q16; AF_ERR_BAD_ARGUMENT also for a model
 *   af_qdrag_aim_speed_q16 refuses or max_time <= 0.
 */
AF_CHECK_RESULT af_status af_turret_aim_qdrag_q16(const af_turret_q16 *turret,
                                                  const af_qdrag_q16 *drag,
                                                  const af_body_q16 *target, fix16_t max_time,
                                                  af_turret_shots_q16 *out);

/**
 * af_turret_aim_qdrag_accel_f64 in Q16.16, integers only:
 * af_turret_aim_qdrag_q16's search with the target's position and
 * velocity at each launch time p + v L + a L^2/2 and v + a L (as in
 * af_turret_aim_accel_q16, with its scan past the longest slew) and the
 * shots then
 * af_qdrag_aim_speed_accel_q16's from the muzzle, settled on it as in
 * af_turret_aim_qdrag_q16 (zero acceleration gives its very bits). A
 * launch time at which the target's position or velocity does not fit
 * Q16.16 is not searched.
 *
 * Domain: af_turret_aim_qdrag_q16's, and af_qdrag_aim_speed_accel_q16's
 * for the target relative to the muzzle at each launch time.
 *
 * @param turret    the turret
 * @param drag      the quadratic drag model (its gravity acts on the projectile)
 * @param target    target position, velocity and acceleration at t = 0
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_qdrag_q16.
 */
AF_CHECK_RESULT af_status af_turret_aim_qdrag_accel_q16(const af_turret_q16 *turret,
                                                        const af_qdrag_q16 *drag,
                                                        const af_body_accel_q16 *target,
                                                        fix16_t max_time,
                                                        af_turret_shots_q16 *out);

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_TURRET_DRAG_AIM_H */
