/* SPDX-License-Identifier: MIT */
/*
 * src/q16/turret_q16.h — the head frame and the angle rules shared by the
 * Q16.16 turret functions. Internal; integers only.
 */
#ifndef AIMFIX_SRC_TURRET_Q16_H
#define AIMFIX_SRC_TURRET_Q16_H

#include "aimfix/accel.h"
#include "aimfix/q16.h"
#include "aimfix/turret.h"

/* 2 pi and pi in Q16.16 (411774.8 and 205887.4 rounded), for spans of
 * half a turn; whole turns are dropped with 2 pi in Q32.32, whose error
 * stays below an LSB of Q16.16 over the 10 430 turns a fix16_t holds. */
#define AFI_TWO_PI_Q16 411775
#define AFI_TWO_PI_Q32 INT64_C(26986075409)
#define AFI_HALF_PI_Q16 102944

/* The head's frame, unit vectors: up, forward square to it, left. */
typedef struct afi_head_q16 {
    af_vec3_q16 up, forward, left;
} afi_head_q16;

/* The turret's domain (see aimfix/turret.h) and its frame: 1 when usable. */
int afq_turret_frame_q16(const af_turret_q16 *turret, afi_head_q16 *head);

/* The yaw (any turn) and pitch of a nonzero direction, without limits; a
 * vertical direction keeps the current yaw. 0 for a zero direction. */
int afq_turret_heading_q16(const af_turret_q16 *turret, const afi_head_q16 *head,
                           const af_vec3_q16 *direction, fix16_t *yaw, fix16_t *pitch);

/* The limits applied as in afr_turret_limit_f64: AF_OK (out filled),
 * AF_ERR_BEYOND_PITCH or AF_ERR_BEYOND_YAW (out untouched). */
af_status afq_turret_limit_q16(const af_turret_q16 *turret, fix16_t yaw, fix16_t pitch,
                               af_turret_command_q16 *out);

/* The barrel's unit direction at yaw and pitch and the muzzle's position
 * when the pivot is at `pivot`; AF_ERR_OVERFLOW when the muzzle does not
 * fit. */
af_status afq_turret_muzzle_q16(const af_turret_q16 *turret, const afi_head_q16 *head, fix16_t yaw,
                                fix16_t pitch, const af_vec3_q16 *pivot, af_vec3_q16 *barrel,
                                af_vec3_q16 *muzzle);

/* The longest slew the limits allow from the current angles, s
 * (fix16_maximum when it does not fit). */
fix16_t afq_turret_max_slew_q16(const af_turret_q16 *turret);

/* What a Q16 turret aim fires: every shot from the shooter (the muzzle,
 * with the platform's velocity) at the target (its position and velocity
 * at the launch time), as af_arc_moving_q16 gives them: AF_OK with the
 * shots earliest first, or its failure statuses (AF_ERR_OUT_OF_RANGE and
 * AF_ERR_OVERFLOW: the scene left Q16.16; AF_ERR_ENGINE_LIMIT: every shot
 * broke an engine's cap). */
typedef struct afq_turret_solver_q16 {
    af_status (*solve)(void *ctx, const af_body_q16 *shooter, const af_body_q16 *target,
                       af_shots_q16 *shots);
    /* optional: the flights and unlimited angles at one launch time, from
     * the pivot then and the target then, as afq_turret_flights_q16 gives
     * them; AFQ_FLIGHTS_OTHER hands the launch time to `solve` */
    int (*flights)(void *ctx, const afi_head_q16 *head, const af_vec3_q16 *pivot,
                   const af_body_q16 *target, fix16_t flight[], fix16_t yaw[], fix16_t pitch[]);
    /* optional: 0 drops a finished shot as beyond the engine's cap */
    int (*keep)(void *ctx, const af_turret_shot_q16 *shot);
    void *ctx;
} afq_turret_solver_q16;

/* What afq_turret_flights_q16 returns besides a count of flights. */
#define AFQ_FLIGHTS_BEYOND (-1) /* every flight is longer than Q16.16 holds */
#define AFQ_FLIGHTS_OTHER (-2)  /* a scene the polynomial's units do not hold */

/* The flights (raw Q16.16, earliest first, at most AF_MAX_SHOTS) of a
 * vacuum shot from the turret whose pivot is A short of the target, the
 * target moving at W relative to what the shot inherits, g' = gravity -
 * target acceleration, and the barrel's unlimited yaw and pitch for each
 * (turret_flights_q16.c): the count, or AFQ_FLIGHTS_BEYOND or
 * AFQ_FLIGHTS_OTHER. */
int afq_turret_flights_q16(const af_turret_q16 *t, const afi_head_q16 *head,
                           const af_vec3_q16 *A, const af_vec3_q16 *W, const af_vec3_q16 *grel,
                           fix16_t flight[], fix16_t yaw[], fix16_t pitch[]);

/* The launch-time search shared by the Q16 turret aims
 * (turret_search_q16.c): statuses as af_turret_aim_q16, and
 * AF_ERR_ENGINE_LIMIT when no shot was found and the solver said so, or
 * when `keep` dropped every shot. The
 * target's acceleration moves it between launch times and to each shot's
 * impact point; the solver meets it from the launch on. Checks the
 * turret; the caller checks the rest. */
af_status afq_turret_search_q16(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                                const afq_turret_solver_q16 *solver, af_turret_shots_q16 *out);

/* afr_turret_steady_f64 in Q16.16: the target with zero acceleration, or
 * AF_ERR_BAD_ARGUMENT for a NULL target or out (out, when given, emptied). */
af_status afq_turret_steady_q16(const af_body_q16 *target, af_body_accel_q16 *body,
                                af_turret_shots_q16 *out);

#endif /* AIMFIX_SRC_TURRET_Q16_H */
