/* SPDX-License-Identifier: MIT */
/*
 * Turret aim in vacuum or along straight lines in Q16.16 (see
 * aimfix/turret.h), at a target of constant velocity or acceleration:
 * the launch-time search of turret_search_q16.c over the flights of the
 * polynomial in flight time (turret_flights_q16.c), or, for a scene its
 * units do not hold, over the fixed-speed lob (af_arc_moving_q16, or
 * af_arc_moving_accel_q16 when the target accelerates) fired from the
 * muzzle.
 */
#include "aimfix/ballistic.h"
#include "aimfix/turret.h"

#include <string.h>

#include "turret_q16.h"

struct vacuum {
    const af_turret_q16 *turret;
    const af_vec3_q16 *gravity;
    const af_vec3_q16 *acceleration;
};

static af_status solve_vacuum(void *ctx, const af_body_q16 *shooter, const af_body_q16 *target,
                              af_shots_q16 *shots)
{
    const struct vacuum *v = ctx;
    unsigned flags = v->turret->flags & AF_INHERIT_VELOCITY;
    af_body_accel_q16 body;
    if (v->acceleration->x == 0 && v->acceleration->y == 0 && v->acceleration->z == 0)
        return af_arc_moving_q16(shooter, target, v->turret->speed, v->gravity, flags, shots);
    body.position = target->position;
    body.velocity = target->velocity;
    body.acceleration = *v->acceleration;
    return af_arc_moving_accel_q16(shooter, &body, v->turret->speed, v->gravity, flags, shots);
}

/* The flights from the polynomial in flight time (turret_flights_q16.c),
 * with the relative acceleration in place of gravity; a gravity minus
 * acceleration beyond Q16.16 is left to solve_vacuum. */
static int flights_vacuum(void *ctx, const afi_head_q16 *head, const af_vec3_q16 *pivot,
                          const af_body_q16 *target, fix16_t flight[], fix16_t yaw[],
                          fix16_t pitch[])
{
    const struct vacuum *v = ctx;
    af_vec3_q16 A, W, grel;
    if (af_vec3_sub_q16(&target->position, pivot, &A) != AF_OK ||
        af_vec3_sub_q16(v->gravity, v->acceleration, &grel) != AF_OK)
        return AFQ_FLIGHTS_OTHER;
    W = target->velocity;
    if ((v->turret->flags & AF_INHERIT_VELOCITY) &&
        af_vec3_sub_q16(&W, &v->turret->velocity, &W) != AF_OK)
        return AFQ_FLIGHTS_OTHER;
    return afq_turret_flights_q16(v->turret, head, &A, &W, &grel, flight, yaw, pitch);
}

af_status af_turret_aim_accel_q16(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                                  const af_vec3_q16 *gravity, af_turret_shots_q16 *out)
{
    struct vacuum v;
    afq_turret_solver_q16 solver;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target || !gravity || !turret)
        return AF_ERR_BAD_ARGUMENT;
    v.turret = turret;
    v.gravity = gravity;
    v.acceleration = &target->acceleration;
    solver.solve = solve_vacuum;
    solver.flights = flights_vacuum;
    solver.keep = NULL;
    solver.ctx = &v;
    return afq_turret_search_q16(turret, target, &solver, out);
}

af_status af_turret_aim_q16(const af_turret_q16 *turret, const af_body_q16 *target,
                            const af_vec3_q16 *gravity, af_turret_shots_q16 *out)
{
    af_body_accel_q16 body;
    af_status status = afq_turret_steady_q16(target, &body, out);
    if (status != AF_OK)
        return status;
    return af_turret_aim_accel_q16(turret, &body, gravity, out);
}
