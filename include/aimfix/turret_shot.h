/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/turret_shot.h — what a turret's aims return: the command (yaw,
 * pitch, launch time), the flight and the impact, for every shot found.
 */
#ifndef AIMFIX_TURRET_SHOT_H
#define AIMFIX_TURRET_SHOT_H

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

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_TURRET_SHOT_H */
