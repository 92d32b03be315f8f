/* SPDX-License-Identifier: MIT */
/*
 * src/q16/accel_q16.h — where a target of constant acceleration is, in
 * Q16.16 (accel_q16.c). Internal; integers only.
 */
#ifndef AIMFIX_SRC_ACCEL_Q16_H
#define AIMFIX_SRC_ACCEL_Q16_H

#include "aimfix/accel.h"

#include "solve_q16.h"

/* p + v t + a t^2/2 for one axis (t >= 0 raw), each term rounded once
 * and summed exactly: 1 when it fits Q16.16 (stored in *out). */
int afq_accel_axis_at(fix16_t p, fix16_t v, fix16_t a, fix16_t t, fix16_t *out);

/* The body's position at t >= 0, every axis as afq_accel_axis_at: 1 when
 * it fits. */
int afq_accel_at(const af_body_accel_q16 *body, fix16_t t, af_vec3_q16 *out);

/* p + v t + a t^2/2 as afq_accel_at, from its three vectors. */
int afq_path_at(const af_vec3_q16 *p, const af_vec3_q16 *v, const af_vec3_q16 *a, fix16_t t,
                af_vec3_q16 *out);

/* The constant-velocity lobs (aimfix/ballistic.h) with each impact point
 * placed where a target of acceleration a (NULL: none) is; the gravity
 * passed is already relative to the target's. */
af_status afq_arc_moving(const af_body_q16 *shooter, const af_body_q16 *target,
                         const af_vec3_q16 *accel, fix16_t speed, const af_vec3_q16 *gravity,
                         unsigned flags, af_shots_q16 *out);
af_status afq_arc_apex(const af_body_q16 *shooter, const af_body_q16 *target,
                       const af_vec3_q16 *accel, const af_vec3_q16 *gravity,
                       const af_arc_policy_q16 *policy, unsigned flags, af_shots_q16 *out);
af_status afq_arc_time(const af_body_q16 *shooter, const af_body_q16 *target,
                       const af_vec3_q16 *accel, fix16_t t, const af_vec3_q16 *gravity,
                       unsigned flags, af_shots_q16 *out);

/* Where a target is at t >= 0: with acceleration a as afq_accel_at, with
 * none (a NULL) as afq_body_at, so that a point p + v t beyond Q16.16
 * does not lose a meeting whose accelerated point fits. 1 when it fits. */
static inline int afq_target_at(const af_body_q16 *b, const af_vec3_q16 *a, fix16_t t,
                                af_vec3_q16 *p)
{
    return a ? afq_path_at(&b->position, &b->velocity, a, t, p) : afq_body_at(b, t, p);
}

/* The target's acceleration, NULL when it has none (its points are then
 * the constant-velocity solvers' own). */
static inline const af_vec3_q16 *afq_acceleration_of(const af_body_accel_q16 *target)
{
    const af_vec3_q16 *a = &target->acceleration;
    return a->x == 0 && a->y == 0 && a->z == 0 ? NULL : a;
}

/* A solver's status st and shots with each point placed where a target of
 * acceleration accel (NULL: none, the shots kept as they are) is at its
 * time; a shot whose point does not fit Q16.16 is left out,
 * AF_ERR_OVERFLOW when none is left. */
af_status afq_place_points(const af_body_q16 *target, const af_vec3_q16 *accel, af_status st,
                           af_shots_q16 *out);

#endif /* AIMFIX_SRC_ACCEL_Q16_H */
