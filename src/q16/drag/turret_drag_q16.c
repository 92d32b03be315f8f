/* SPDX-License-Identifier: MIT */
/*
 * Turret aim with linear drag in Q16.16 (see aimfix/turret.h): the
 * launch-time search of turret_search_q16.c over the drag aim at a fixed
 * speed (af_drag_aim_speed_q16) fired from the muzzle, or its _accel_ form
 * at a target of constant acceleration.
 */
#include "aimfix/drag.h"
#include "aimfix/turret.h"

#include <string.h>

#include "../turret_q16.h"
#include "drag_cap_q16.h"
#include "drag_q16.h"

struct drag_aim {
    const af_turret_q16 *turret;
    const af_drag_q16 *drag;
    afq_drag_law law;
    const af_vec3_q16 *acceleration; /* the target's, at every launch time */
    fix16_t max_time;
};

static af_status solve_drag(void *ctx, const af_body_q16 *shooter, const af_body_q16 *target,
                            af_shots_q16 *shots)
{
    const struct drag_aim *d = ctx;
    unsigned flags = d->turret->flags & AF_INHERIT_VELOCITY;
    af_body_accel_q16 body;
    if (d->acceleration->x == 0 && d->acceleration->y == 0 && d->acceleration->z == 0)
        return af_drag_aim_speed_q16(d->drag, shooter, target, d->turret->speed, d->max_time,
                                     flags, shots);
    body.position = target->position;
    body.velocity = target->velocity;
    body.acceleration = *d->acceleration;
    return af_drag_aim_speed_accel_q16(d->drag, shooter, &body, d->turret->speed, d->max_time,
                                       flags, shots);
}

/* The engine's cap over the turret's shot, from its muzzle with its
 * velocity (the drag aim checked the shot it solved, from a muzzle that
 * settled within a few LSB). */
static int keep(void *ctx, const af_turret_shot_q16 *shot)
{
    const struct drag_aim *d = ctx;
    af_body_q16 start;
    start.position = shot->muzzle;
    start.velocity = shot->velocity;
    return afq_drag_cap(&d->law, &start, shot->flight) == AF_OK;
}

af_status af_turret_aim_drag_accel_q16(const af_turret_q16 *turret, const af_drag_q16 *drag,
                                       const af_body_accel_q16 *target, fix16_t max_time,
                                       af_turret_shots_q16 *out)
{
    struct drag_aim d;
    afq_turret_solver_q16 solver;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!turret || !drag || !target || max_time <= 0)
        return AF_ERR_BAD_ARGUMENT;
    /* The model is checked once here, so that a bad one is not taken for
     * launch times without shots. */
    if (afq_drag_law_init(drag, &d.law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    d.turret = turret;
    d.drag = drag;
    d.max_time = max_time;
    d.acceleration = &target->acceleration;
    solver.solve = solve_drag;
    solver.flights = NULL;
    solver.keep = keep;
    solver.ctx = &d;
    return afq_turret_search_q16(turret, target, &solver, out);
}

af_status af_turret_aim_drag_q16(const af_turret_q16 *turret, const af_drag_q16 *drag,
                                 const af_body_q16 *target, fix16_t max_time,
                                 af_turret_shots_q16 *out)
{
    af_body_accel_q16 body;
    af_status status = afq_turret_steady_q16(target, &body, out);
    if (status != AF_OK)
        return status;
    return af_turret_aim_drag_accel_q16(turret, drag, &body, max_time, out);
}
