/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/turret.h — turrets: a yaw-pitch head with limits, a muzzle that
 * moves as the head turns, a fire latency and servos of limited slew rate.
 *
 * Head frame. up is the yaw axis; forward, made square to up, is the
 * heading at yaw 0; left = up x forward. Yaw turns from forward towards left
 * (counter-clockwise seen from above), pitch tilts up from the horizontal:
 *     barrel = cos(pitch) (cos(yaw) forward + sin(yaw) left) + sin(pitch) up
 *     above  = -sin(pitch) (cos(yaw) forward + sin(yaw) left) + cos(pitch) up
 * The muzzle is muzzle_forward along the barrel and muzzle_up along above
 * from the pivot, so it moves as the head turns.
 *
 * Time t = 0 is "now", when the command is given: the pivot and the target
 * are where the caller says at t = 0. Both axes start turning at once, each
 * at its own rate; the shot leaves when both have arrived and the latency
 * has passed, whichever is later (the launch time).
 */
#ifndef AIMFIX_TURRET_H
#define AIMFIX_TURRET_H

#include "aimfix/accel.h"
#include "aimfix/drag.h"
#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Flags of a turret (af_turret_f64::flags), besides AF_INHERIT_VELOCITY
 * (the projectile carries the platform's velocity).
 */
enum {
    /** The yaw axis turns without end (a slip ring): any yaw is reachable,
     * the head turns the shorter way, and yaw_min and yaw_max are ignored. */
    AF_TURRET_YAW_WRAPS = 1u << 1,
    /** A rotating shooter: the barrel turns about whichever axis is
     * shortest, at yaw_rate, so the slew is the angle between the current
     * barrel and the new one over yaw_rate (pitch_rate is not used; the
     * limits still apply). A ship, a hull, a spacecraft that must face its
     * shot; with pitch limits of 0 it is a shooter turning in the plane. */
    AF_TURRET_ONE_RATE = 1u << 2
};

/**
 * A turret. Angles in radians, times in seconds, rates in rad/s.
 *
 * Domain (else AF_ERR_BAD_ARGUMENT): every number finite; up nonzero;
 * forward not parallel to up; yaw_min <= yaw <= yaw_max unless the yaw
 * wraps; -pi/2 <= pitch_min <= pitch <= pitch_max <= pi/2; muzzle_forward
 * >= 0; yaw_rate > 0 and pitch_rate > 0 (a head that cannot turn has no
 * slew time); latency >= 0; speed > 0.
 */
typedef struct af_turret_f64 {
    af_vec3_f64 pivot;     /**< where the yaw and pitch axes cross at t = 0, m */
    af_vec3_f64 up;        /**< the yaw axis, any length (usually minus gravity) */
    af_vec3_f64 forward;   /**< the heading at yaw 0 (its part along up is ignored) */
    double yaw_min;        /**< least yaw, rad (ignored when the yaw wraps) */
    double yaw_max;        /**< greatest yaw, rad; the span may exceed 2 pi (cable wrap) */
    double pitch_min;      /**< least pitch, rad, >= -pi/2 */
    double pitch_max;      /**< greatest pitch, rad, <= pi/2 */
    double muzzle_forward; /**< muzzle's distance from the pivot along the barrel, m */
    double muzzle_up;      /**< muzzle's distance above the barrel's axis, m */
    double yaw;            /**< current yaw, rad */
    double pitch;          /**< current pitch, rad */
    double yaw_rate;       /**< yaw slew rate, rad/s */
    double pitch_rate;     /**< pitch slew rate, rad/s */
    double latency;        /**< least time from the command to the launch, s */
    double speed;          /**< muzzle speed, m/s */
    af_vec3_f64 velocity;  /**< the platform's velocity (the pivot moves with it), m/s */
    unsigned flags;        /**< AF_INHERIT_VELOCITY, AF_TURRET_YAW_WRAPS, AF_TURRET_ONE_RATE */
} af_turret_f64;

/** af_turret_f64 in Q16.16 (same fields, same meaning and domain). */
typedef struct af_turret_q16 {
    af_vec3_q16 pivot;     /**< where the yaw and pitch axes cross at t = 0, m */
    af_vec3_q16 up;        /**< the yaw axis, any length */
    af_vec3_q16 forward;   /**< the heading at yaw 0 */
    fix16_t yaw_min;       /**< least yaw, rad */
    fix16_t yaw_max;       /**< greatest yaw, rad */
    fix16_t pitch_min;     /**< least pitch, rad, >= -pi/2 (raw -102944) */
    fix16_t pitch_max;     /**< greatest pitch, rad, <= pi/2 (raw 102944) */
    fix16_t muzzle_forward; /**< muzzle's distance along the barrel, m */
    fix16_t muzzle_up;     /**< muzzle's distance above the barrel's axis, m */
    fix16_t yaw;           /**< current yaw, rad */
    fix16_t pitch;         /**< current pitch, rad */
    fix16_t yaw_rate;      /**< yaw slew rate, rad/s */
    fix16_t pitch_rate;    /**< pitch slew rate, rad/s */
    fix16_t latency;       /**< least time from the command to the launch, s */
    fix16_t speed;         /**< muzzle speed, m/s */
    af_vec3_q16 velocity;  /**< the platform's velocity, m/s */
    unsigned flags;        /**< AF_INHERIT_VELOCITY, AF_TURRET_YAW_WRAPS, AF_TURRET_ONE_RATE */
} af_turret_q16;

/** A head command and what it costs. All zero on failure. */
typedef struct af_turret_command_f64 {
    double yaw;   /**< yaw, rad, within the limits (in (-pi, pi] when the yaw wraps) */
    double pitch; /**< pitch, rad, within the limits */
    double slew;  /**< time both axes take to get there from the current angles, s */
} af_turret_command_f64;

/** af_turret_command_f64 in Q16.16. */
typedef struct af_turret_command_q16 {
    fix16_t yaw;   /**< yaw, rad */
    fix16_t pitch; /**< pitch, rad */
    fix16_t slew;  /**< slew time, s */
} af_turret_command_q16;

/** Where the head points at given angles. All zero on failure. */
typedef struct af_turret_pose_f64 {
    af_vec3_f64 barrel; /**< the barrel's unit direction */
    af_vec3_f64 muzzle; /**< the muzzle's position at t = 0, m */
} af_turret_pose_f64;

/** af_turret_pose_f64 in Q16.16. */
typedef struct af_turret_pose_q16 {
    af_vec3_q16 barrel; /**< the barrel's unit direction */
    af_vec3_q16 muzzle; /**< the muzzle's position at t = 0, m */
} af_turret_pose_q16;

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

/**
 * af_turret_angles_f64 — the yaw and pitch that point the barrel along
 * `direction`, within the limits, and the slew time from the current
 * angles. Of the yaws that point that way (yaw + 2 pi k) the one within the
 * limits nearest the current yaw is taken; a vertical direction keeps the
 * current yaw.
 *
 * @param turret     the turret
 * @param direction  any nonzero vector
 * @param out        the angles
 * @return AF_OK; AF_ERR_BEYOND_YAW or AF_ERR_BEYOND_PITCH when that
 *   angle is outside the limits (pitch is tested first);
 *   AF_ERR_BAD_ARGUMENT for a NULL pointer, a zero direction or a turret
 *   outside its domain. On failure *out is all zero.
 */
AF_CHECK_RESULT af_status af_turret_angles_f64(const af_turret_f64 *turret,
                                               const af_vec3_f64 *direction,
                                               af_turret_command_f64 *out);

/**
 * af_turret_barrel_f64 — the barrel's direction and the muzzle's position
 * (at t = 0) for the angles yaw and pitch.
 *
 * @param turret  the turret
 * @param yaw     yaw, rad
 * @param pitch   pitch, rad
 * @param out     the pose
 * @return AF_OK; AF_ERR_BEYOND_PITCH or AF_ERR_BEYOND_YAW when an angle is
 *   outside the limits; AF_ERR_BAD_ARGUMENT for a NULL pointer, a
 *   non-finite angle or a turret outside its domain. On failure *out is
 *   all zero.
 */
AF_CHECK_RESULT af_status af_turret_barrel_f64(const af_turret_f64 *turret, double yaw,
                                             double pitch, af_turret_pose_f64 *out);

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
 * af_turret_aim_f64's (zero acceleration gives its very bits). Each shot's
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

/** Cells of the launch-time scan of af_turret_aim_f64. */
#define AF_TURRET_SCAN_CELLS 256

/** Cells of the launch-time scan of af_turret_aim_q16 (fewer: each of its
 * evaluations is several fixed-speed solves). */
#define AF_TURRET_SCAN_CELLS_Q16 64

/* ---- Q16.16 twins ---------------------------------------------------- */

/**
 * af_turret_angles_f64 in Q16.16, integers only.
 *
 * The angles come from af_atan2_q16 (0.51 LSB) of the direction's
 * components in the head frame; yaws a whole turn apart differ by 411775
 * LSB (2 pi rounded). The frame itself is refused when forward is within
 * 2^-8 rad of up.
 *
 * @param turret     the turret
 * @param direction  any nonzero vector
 * @param out        the angles and slew time
 * @return as af_turret_angles_f64 (no NaN to refuse); the slew saturates
 *   at fix16_maximum when it does not fit.
 */
AF_CHECK_RESULT af_status af_turret_angles_q16(const af_turret_q16 *turret,
                                               const af_vec3_q16 *direction,
                                               af_turret_command_q16 *out);

/**
 * af_turret_barrel_f64 in Q16.16, integers only (sines and cosines from
 * af_sin_q16 and af_cos_q16, 0.51 LSB).
 *
 * @param turret  the turret
 * @param yaw     yaw, rad
 * @param pitch   pitch, rad
 * @param out     the pose
 * @return as af_turret_barrel_f64; AF_ERR_OVERFLOW when the muzzle's
 *   position does not fit Q16.16.
 */
AF_CHECK_RESULT af_status af_turret_barrel_q16(const af_turret_q16 *turret, fix16_t yaw,
                                               fix16_t pitch, af_turret_pose_q16 *out);

/**
 * af_turret_aim_f64 in Q16.16, integers only: the same search over launch
 * times (AF_TURRET_SCAN_CELLS_Q16 cells, bisected to one LSB of time).
 * At each launch time the shots are af_arc_moving_q16's from the muzzle
 * (af_intercept_q16's without gravity), solved again from the muzzle that
 * each shot's angles give until that muzzle moves by at most 2 LSB (8
 * passes at most; a shot that does not settle, as for a target within a
 * few muzzle offsets of the pivot, is left out).
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
 * p + v L + a L^2/2 (each term rounded once) and v + a L, and the shots
 * from the muzzle af_arc_moving_accel_q16's (af_arc_moving_q16's, the
 * very bits of af_turret_aim_q16, for zero acceleration). A launch time
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
 * (flights up to max_time) from the muzzle, settled as there. Each
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

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_TURRET_H */
