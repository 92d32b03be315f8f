/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/types.h — vectors, bodies and shots, in both number formats.
 *
 * Units: any consistent set (the documentation says metres, seconds, m/s and
 * m/s^2). Time t = 0 is "now": the moment the shot leaves the muzzle, at which
 * the positions passed in are taken.
 *
 * Frames: everything is in one inertial world frame. Gravity is a vector the
 * caller passes (for example {0, 0, -9.81} with z up, or {0, -9.81, 0} with
 * y up); "up" is the direction opposite to gravity. A 2D problem is the z = 0
 * case of the 3D one.
 *
 * Every _f64 type has a _q16 twin of the same shape holding libfixmath's
 * fix16_t (Q16.16 in an int32_t: value = raw / 65536).
 */
#ifndef AIMFIX_TYPES_H
#define AIMFIX_TYPES_H

#include <fix16.h>

#include "aimfix/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A vector of the world frame. */
typedef struct af_vec3_f64 {
    double x; /**< x component */
    double y; /**< y component */
    double z; /**< z component */
} af_vec3_f64;

/** A vector of the world frame, in Q16.16. */
typedef struct af_vec3_q16 {
    fix16_t x; /**< x component */
    fix16_t y; /**< y component */
    fix16_t z; /**< z component */
} af_vec3_q16;

/** A point that moves at constant velocity. */
typedef struct af_body_f64 {
    af_vec3_f64 position; /**< where it is at t = 0 (m) */
    af_vec3_f64 velocity; /**< its velocity (m/s) */
} af_body_f64;

/** af_body_f64 in Q16.16. */
typedef struct af_body_q16 {
    af_vec3_q16 position; /**< where it is at t = 0 (m) */
    af_vec3_q16 velocity; /**< its velocity (m/s) */
} af_body_q16;

/**
 * Flags for solvers that take a shooter body.
 * AF_INHERIT_VELOCITY: the projectile leaves with the shooter's velocity
 * added to the launch velocity (a gun on a moving vehicle). Without it the
 * projectile's world velocity is the launch velocity alone, and the
 * shooter's velocity is ignored.
 */
enum {
    AF_INHERIT_VELOCITY = 1u << 0 /**< the projectile carries the shooter's velocity */
};

/** One way to hit the target. */
typedef struct af_shot_f64 {
    double t; /**< time of flight from launch to impact, s (> 0) */
    /** launch velocity the launcher must give, m/s. When the shooter's
     * velocity is inherited this is relative to the shooter (the
     * barrel's direction and muzzle speed); the projectile's world
     * velocity is velocity + shooter velocity. */
    af_vec3_f64 velocity;
    af_vec3_f64 point; /**< impact point in the world frame, m (where the target is at t) */
} af_shot_f64;

/** af_shot_f64 in Q16.16. */
typedef struct af_shot_q16 {
    fix16_t t; /**< time of flight from launch to impact, s (> 0) */
    af_vec3_q16 velocity; /**< launch velocity, m/s, as af_shot_f64::velocity */
    af_vec3_q16 point; /**< impact point in the world frame, m */
} af_shot_q16;

/**
 * Every solution a solver found, ordered by time of flight, earliest first
 * (for a lob: the low arc before the high one). count is 0 on failure, and
 * the unused entries of shot[] are always all zero.
 */
typedef struct af_shots_f64 {
    int count; /**< how many entries of shot[] hold a solution */
    af_shot_f64 shot[AF_MAX_SHOTS]; /**< the solutions, earliest first */
} af_shots_f64;

/** af_shots_f64 in Q16.16. */
typedef struct af_shots_q16 {
    int count; /**< how many entries of shot[] hold a solution */
    af_shot_q16 shot[AF_MAX_SHOTS]; /**< the solutions, earliest first */
} af_shots_q16;

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_TYPES_H */
