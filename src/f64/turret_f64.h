/* SPDX-License-Identifier: MIT */
/*
 * src/f64/turret_f64.h — the head frame and the angle rules shared by the f64
 * turret functions. Internal.
 */
#ifndef AIMFIX_SRC_TURRET_F64_H
#define AIMFIX_SRC_TURRET_F64_H

#include "aimfix/accel.h"
#include "aimfix/turret.h"

#include "vec_f64.h"

/* The head's frame: unit up, forward square to it, left = up x forward. */
typedef struct afr_head_f64 {
    af_vec3_f64 up, forward, left;
} afr_head_f64;

/* The turret's domain (see aimfix/turret.h) and its frame: 1 when usable. */
int afr_turret_frame_f64(const af_turret_f64 *turret, afr_head_f64 *head);

/* The angles for a barrel whose yaw is `yaw` up to a whole turn and whose
 * pitch is `pitch`: the yaw within the limits nearest the current one, and
 * the slew time. AF_OK, AF_ERR_BEYOND_PITCH or AF_ERR_BEYOND_YAW (out
 * untouched then). */
af_status afr_turret_limit_f64(const af_turret_f64 *turret, double yaw, double pitch,
                               af_turret_command_f64 *out);

/* The barrel and "above" unit vectors at the given angles. */
void afr_turret_axes_f64(const afr_head_f64 *head, double yaw, double pitch,
                         af_vec3_f64 *barrel, af_vec3_f64 *above);

/* The longest slew the limits allow from the current angles, s. */
double afr_turret_max_slew_f64(const af_turret_f64 *turret);

/* One flight that reaches the target from the muzzle at a launch time:
 * the flight time f > 0, the vector R from the pivot (at the launch time)
 * that the muzzle's path must pass through, and the barrel length lb at
 * which it does (R = lb barrel + muzzle_up above). */
typedef struct afr_turret_flight_f64 {
    double f;
    af_vec3_f64 R;
    double lb;
} afr_turret_flight_f64;

/* What a turret aim searches: the flights at launch time L (how many,
 * AF_MAX_SHOTS at most, by branch, earliest first), and optionally a last
 * check of a finished shot (0 drops it as beyond the engine's limit). */
typedef struct afr_turret_flights_f64 {
    int (*flights)(void *ctx, double L, afr_turret_flight_f64 *out);
    int (*keep)(void *ctx, const af_turret_shot_f64 *shot);
    void *ctx;
} afr_turret_flights_f64;

/* Where the target is at time t: p + v t + a t^2/2 (p + v t when a = 0). */
af_vec3_f64 afr_turret_target_at_f64(const af_body_accel_f64 *target, double t);

/* A constant-velocity target as one of zero acceleration, for the aims that
 * wrap their accelerating twins: AF_OK, or AF_ERR_BAD_ARGUMENT for a NULL
 * target or out (out, when given, emptied first). */
af_status afr_turret_steady_f64(const af_body_f64 *target, af_body_accel_f64 *body,
                                af_turret_shots_f64 *out);

/* The launch-time search shared by the turret aims (turret_search_f64.c):
 * every shot within the limits, earliest impact first, each shot's point
 * the target's position at its impact time; statuses as af_turret_aim_f64
 * (AF_ERR_ENGINE_LIMIT when `keep` dropped every shot). Checks the turret;
 * the caller checks the rest. */
af_status afr_turret_search_f64(const af_turret_f64 *turret, const af_body_accel_f64 *target,
                                const afr_turret_flights_f64 *fn, af_turret_shots_f64 *out);

#endif /* AIMFIX_SRC_TURRET_F64_H */
