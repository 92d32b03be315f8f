/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/turret_head.h — a turret's head: its description (a yaw-pitch
 * head with limits, a muzzle that moves as the head turns, a fire latency
 * and servos of limited slew rate), the angles that point its barrel and
 * where the barrel and muzzle are at given angles. The aims that use it
 * are in aimfix/turret_aim.h; aimfix/turret.h includes both.
 *
 * Head frame. up is the yaw axis; forward, made square to up, is the
 * heading at yaw 0; left = up x forward. Yaw turns from forward towards left
 * (counter-clockwise seen from above), pitch tilts up from the horizontal:
 *     barrel = cos(pitch) (cos(yaw) forward + sin(yaw) left) + sin(pitch) up
 *     above  = -sin(pitch) (cos(yaw) forward + sin(yaw) left) + cos(pitch) up
 * The muzzle is muzzle_forward along the barrel and muzzle_up along above
 * from the pivot, so it moves as the head turns.
 */
#ifndef AIMFIX_TURRET_HEAD_H
#define AIMFIX_TURRET_HEAD_H

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
 *
 * Pitch stays within +-pi/2: (yaw + pi, pi - pitch) points the barrel as
 * (yaw, pitch) does, so wider limits add no direction. With a muzzle above
 * the barrel a point near the zenith lies on the muzzle's path from both
 * planes (yaw and yaw + pi, the second over the top) with a pitch in
 * range; every aim (with drag too) takes the one within the limits with
 * the shorter slew, and reports beyond the limits only when neither is
 * within.
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
 *   outside its domain; AF_ERR_OVERFLOW when the slew time does not fit a
 *   double (a turn over a rate near the smallest double). On failure *out
 *   is all zero.
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
 *   non-finite angle or a turret outside its domain; AF_ERR_OVERFLOW when
 *   the muzzle's position does not fit a double. On failure *out is all
 *   zero.
 */
AF_CHECK_RESULT af_status af_turret_barrel_f64(const af_turret_f64 *turret, double yaw,
                                             double pitch, af_turret_pose_f64 *out);

/* ---- Q16.16 twins ---------------------------------------------------- */

/**
 * af_turret_angles_f64 in Q16.16, integers only.
 *
 * The angles come from af_atan2_q16 (0.51 LSB) of the direction's
 * components in the head frame; whole turns are counted against 2 pi in
 * Q32.32, so a wrapped or limited yaw moved by k turns is k 2 pi rounded
 * once, however large k (plus k 2^-33 rad, 2 pi's own rounding there). The frame itself is refused when forward is within
 * about 2^-8 rad of up: every component of up x forward below 2^-8 of up's
 * largest times |forward|, which refuses every angle below 2^-8 / sqrt 3
 * and none above sqrt 3 2^-8 rad.
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

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_TURRET_HEAD_H */
