/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/turret_aim.h — a turret's aims: every command (yaw, pitch,
 * launch time) whose projectile meets a moving target, in a vacuum or
 * with linear or quadratic drag, each also at an accelerating target.
 * The turret itself, its frame and its angles are in aimfix/turret_head.h;
 * aimfix/turret.h includes both.
 *
 * Time t = 0 is "now", when the command is given: the pivot and the target
 * are where the caller says at t = 0. Both axes start turning at once, each
 * at its own rate; the shot leaves when both have arrived and the latency
 * has passed, whichever is later (the launch time).
 */
#ifndef AIMFIX_TURRET_AIM_H
#define AIMFIX_TURRET_AIM_H

#include "aimfix/accel.h"
#include "aimfix/drag.h"
#include "aimfix/qdrag.h"
#include "aimfix/status.h"
#include "aimfix/turret_head.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One turret shot. */
typedef struct af_turret_shot_f64 {
    double yaw;           /**< commanded yaw, rad */
    double pitch;         /**< commanded pitch, rad */
    /** launch time from now, s: max(latency, slew), or later when the shot
     * only becomes possible later (the target comes within the limits or
     * within reach): the head waits on target */
    double launch;
    double flight;        /**< time of flight from launch to impact, s */
    af_vec3_f64 muzzle;   /**< where the projectile leaves, at the launch time, m */
    af_vec3_f64 velocity; /**< the projectile's world velocity at launch, m/s */
    af_vec3_f64 point;    /**< impact point: the target at launch + flight, m */
} af_turret_shot_f64;

/** af_turret_shot_f64 in Q16.16. */
typedef struct af_turret_shot_q16 {
    fix16_t yaw;          /**< commanded yaw, rad */
    fix16_t pitch;        /**< commanded pitch, rad */
    fix16_t launch;       /**< launch time from now, s */
    fix16_t flight;       /**< time of flight, s */
    af_vec3_q16 muzzle;   /**< launch point, m */
    af_vec3_q16 velocity; /**< world launch velocity, m/s */
    af_vec3_q16 point;    /**< impact point, m */
} af_turret_shot_q16;

/** Every turret shot found, earliest impact (launch + flight) first; count
 * is 0 on failure and unused entries are all zero. */
typedef struct af_turret_shots_f64 {
    int count;                              /**< number of shots */
    af_turret_shot_f64 shot[AF_MAX_SHOTS];  /**< the shots */
} af_turret_shots_f64;

/** af_turret_shots_f64 in Q16.16. */
typedef struct af_turret_shots_q16 {
    int count;                              /**< number of shots */
    af_turret_shot_q16 shot[AF_MAX_SHOTS];  /**< the shots */
} af_turret_shots_q16;

/** Cells of the launch-time scan of af_turret_aim_f64. */
#define AF_TURRET_SCAN_CELLS 256

/** Cells of the launch-time scan of af_turret_aim_q16 (fewer: each of its
 * evaluations is several fixed-speed solves). */
#define AF_TURRET_SCAN_CELLS_Q16 64

/**
 * af_turret_aim_f64 — every command that makes the turret's projectile meet
 * a target moving at constant velocity: a straight-line projectile when
 * gravity is zero, else a vacuum lob (both arcs).
 *
 * For a launch time L and a flight time f the muzzle must reach
 *     R = target(L + f) - pivot(L) - [inherited] velocity f - gravity f^2/2
 * and it does exactly when |R|^2 = (muzzle_forward + speed f)^2 + muzzle_up^2
 * (a polynomial of degree 4 at most in f, whose roots are isolated as in
 * af_arc_moving_f64); the angles then follow from R. A command is a
 * solution when its launch time is max(latency, slew(angles)). Launch
 * times beyond max(latency, largest slew within the limits) cannot occur,
 * so the search covers a bounded interval: it is cut into
 * AF_TURRET_SCAN_CELLS cells per branch of roots and each sign change of
 * max(latency, slew) - L is refined by bisection (a bounded number of
 * steps). What the scan cannot see is a stretch of launch times shorter
 * than a cell in which a branch is in time and within the limits (the head
 * catching a target that outruns it again within the cell, or the target
 * crossing a limit and back), or a pair of branches born and gone within
 * one cell; a cell whose ends hold different numbers of branches is halved
 * up to 24 times to find where one is born. Everything else is found: the
 * first launch time of every other stretch, to the last bit. Where a
 * branch in time hits earlier the later it leaves (its impact time falls
 * with the launch time: a target closing faster than the shot, or one
 * accelerating towards the turret), the launch time of its earliest
 * impact is found too (golden-section search between samples), and past
 * the longest slew such a branch is followed in cells that double, until
 * it stops falling or no launch can beat a shot found.
 *
 * @param turret   the turret
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return
 *   - AF_OK, 1 to AF_MAX_SHOTS shots, each within the limits.
 *   - AF_ERR_NO_SOLUTION   no projectile of this speed meets the target at
 *     any launch time the head allows (out of range, target escaping,
 *     target inside the muzzle's circle).
 *   - AF_ERR_BEYOND_PITCH, AF_ERR_BEYOND_YAW   shots exist but the earliest
 *     of them needs that angle outside the limits, and no other is within.
 *   - AF_ERR_BAD_ARGUMENT  a NULL pointer, a non-finite input, a turret
 *     outside its domain.
 *   - AF_ERR_OVERFLOW      a result does not fit a double.
 *
 *   On failure out->count is 0 and every shot is zero.
 */
AF_CHECK_RESULT af_status af_turret_aim_f64(const af_turret_f64 *turret,
                                            const af_body_f64 *target,
                                            const af_vec3_f64 *gravity,
                                            af_turret_shots_f64 *out);

/**
 * af_turret_aim_accel_f64 — af_turret_aim_f64 at a target whose
 * acceleration is constant: the target is at p + v t + a t^2/2. The reach
 * polynomial keeps its degree 4, with the relative acceleration a - gravity
 * in place of -gravity and the target's position and velocity taken at
 * each launch time; the search, its guarantee and the statuses are
 * af_turret_aim_f64's (zero acceleration gives its very bits), and past
 * the longest slew the launch times up to the earliest impact found are
 * scanned in AF_TURRET_SCAN_CELLS cells more, for a branch born there (a
 * target that comes within reach later and is met sooner). Each shot's
 * point is where the accelerating target is at the impact time.
 *
 * @param turret   the turret
 * @param target   target position, velocity and acceleration at t = 0
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return as af_turret_aim_f64; AF_ERR_BAD_ARGUMENT also for a non-finite
 *   acceleration; AF_ERR_OVERFLOW when a - gravity does not fit a double.
 */
AF_CHECK_RESULT af_status af_turret_aim_accel_f64(const af_turret_f64 *turret,
                                                  const af_body_accel_f64 *target,
                                                  const af_vec3_f64 *gravity,
                                                  af_turret_shots_f64 *out);

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
 * at each launch time.
 *
 * @param turret    the turret
 * @param drag      the quadratic drag model (its gravity acts on the projectile)
 * @param target    target position and velocity at t = 0 (m, m/s)
 * @param max_time  longest flight searched, s, > 0
 * @param out       the shots, earliest impact first
 * @return as af_turret_aim_f64; AF_ERR_BAD_ARGUMENT also for an invalid
 *   model or max_time <= 0.
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
 * af_turret_aim_f64 in Q16.16, integers only: the same search over launch
 * times (AF_TURRET_SCAN_CELLS_Q16 cells, bisected to one LSB of time).
 * At each launch time the flights are the roots of the polynomial in
 * flight time of af_turret_aim_f64, in units fitted to the target's
 * distance from the pivot and isolated as af_arc_moving_q16 isolates its
 * quartic's; the angles follow from R. A scene whose muzzle offset does
 * not fit those units (a target within the muzzle's circle, or the
 * target minus the pivot near Q16.16's end) is solved as before: the
 * shots af_arc_moving_q16's (af_intercept_q16's without gravity) from
 * the muzzle, solved again from the muzzle that each shot's angles give
 * until that muzzle moves by at most 2 LSB (8 passes at most; a shot
 * that does not settle is left out).
 *
 * Domain: as af_arc_moving_q16 for the target relative to the muzzle;
 * launch times at which the pivot or the target leaves Q16.16 are not
 * searched: AF_ERR_OUT_OF_RANGE when the target minus the pivot does not
 * fit at t = 0, or when no launch time found a shot and some left
 * Q16.16. A shot whose muzzle, velocity, impact point or impact time
 * does not fit is left out; AF_ERR_OVERFLOW when that leaves none.
 *
 * @param turret   the turret
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return as af_turret_aim_f64.
 */
AF_CHECK_RESULT af_status af_turret_aim_q16(const af_turret_q16 *turret,
                                            const af_body_q16 *target,
                                            const af_vec3_q16 *gravity,
                                            af_turret_shots_q16 *out);

/**
 * af_turret_aim_accel_f64 in Q16.16, integers only: af_turret_aim_q16's
 * search, with the target's position and velocity at each launch time
 * p + v L + a L^2/2 (each term rounded once) and v + a L, and the same
 * polynomial with the relative acceleration g - a in place of gravity
 * (the very bits of af_turret_aim_q16 for zero acceleration; scenes
 * outside its units take af_arc_moving_accel_q16's shots). A launch time
 * at which the target's position or velocity does not fit is not
 * searched, as one at which the relative acceleration g - a does not.
 *
 * @param turret   the turret
 * @param target   target position, velocity and acceleration at t = 0
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return as af_turret_aim_q16.
 */
AF_CHECK_RESULT af_status af_turret_aim_accel_q16(const af_turret_q16 *turret,
                                                  const af_body_accel_q16 *target,
                                                  const af_vec3_q16 *gravity,
                                                  af_turret_shots_q16 *out);

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
 * af_turret_aim_accel_q16) and the shots then af_drag_aim_speed_accel_q16's
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
 * near; its shots are that aim's to within its rounding. Each flight is
 * the Q16.16 engine's own.
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
 * af_turret_aim_accel_q16) and the shots then
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

#endif /* AIMFIX_TURRET_AIM_H */
