/* SPDX-License-Identifier: MIT */
/*
 * Turret aim with quadratic drag in Q16.16 (see aimfix/turret.h): the
 * launch-time search of turret_search_q16.c over the quadratic drag aim
 * at a fixed speed fired from the muzzle, at a target of constant
 * velocity or acceleration. The launch times the search asks for lie
 * close together and the flights do not depend on the launch time, so
 * each aim follows the roots of the one before by Newton's method on
 * time and launch velocity (a flight or two each), and scans the flight
 * times in full only when one of them is lost (qdrag_speed_q16.c).
 */
#include "aimfix/qdrag.h"
#include "aimfix/turret.h"

#include <string.h>

#include "../turret_q16.h"
#include "qdrag_aim_q16.h"

struct qdrag_aim {
    const af_turret_q16 *turret;
    const af_qdrag_q16 *drag;
    const af_vec3_q16 *acceleration; /* the target's, at every launch time */
    fix16_t max_time;
    afq_qd_roots known; /* the last aim's roots, followed by the next */
};

static af_status solve_qdrag(void *ctx, const af_body_q16 *shooter, const af_body_q16 *target,
                             af_shots_q16 *shots)
{
    struct qdrag_aim *d = ctx;
    return afq_qd_aim_follow(d->drag, shooter, target, d->acceleration, d->turret->speed,
                             d->max_time, d->turret->flags & AF_INHERIT_VELOCITY, &d->known,
                             shots);
}

/* Both entries: the target as position, velocity and acceleration. */
static af_status aim(const af_turret_q16 *turret, const af_qdrag_q16 *drag,
                     const af_body_accel_q16 *target, fix16_t max_time,
                     af_turret_shots_q16 *out)
{
    struct qdrag_aim d;
    afq_turret_solver_q16 solver;
    af_body_q16 still;

    if (!turret || !drag || !target || max_time <= 0)
        return AF_ERR_BAD_ARGUMENT;
    /* The model is checked once here, by the flight the aim itself would
     * refuse it in, so that a bad one is not taken for launch times
     * without shots. */
    memset(&still, 0, sizeof still);
    if (af_qdrag_predict_q16(drag, &still, 0, &still) == AF_ERR_BAD_ARGUMENT)
        return AF_ERR_BAD_ARGUMENT;
    d.turret = turret;
    d.drag = drag;
    d.max_time = max_time;
    d.acceleration = &target->acceleration;
    d.known.n = 0;
    solver.solve = solve_qdrag;
    solver.flights = NULL;
    solver.keep = NULL;
    solver.ctx = &d;
    return afq_turret_search_q16(turret, target, &solver, out);
}

af_status af_turret_aim_qdrag_accel_q16(const af_turret_q16 *turret, const af_qdrag_q16 *drag,
                                        const af_body_accel_q16 *target, fix16_t max_time,
                                        af_turret_shots_q16 *out)
{
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    return aim(turret, drag, target, max_time, out);
}

af_status af_turret_aim_qdrag_q16(const af_turret_q16 *turret, const af_qdrag_q16 *drag,
                                  const af_body_q16 *target, fix16_t max_time,
                                  af_turret_shots_q16 *out)
{
    af_body_accel_q16 body;
    af_status status = afq_turret_steady_q16(target, &body, out);
    if (status != AF_OK)
        return status;
    return aim(turret, drag, &body, max_time, out);
}
