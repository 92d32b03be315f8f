/* SPDX-License-Identifier: MIT */
/*
 * An engine's cap on the distance a body moves in one step (max_move, Box2D's
 * b2_maxTranslation): a flight that would exceed it is refused, since the
 * engine clamps that step and leaves the model.
 *
 * The move of step k is dt times a velocity of the step sequence: v[k]
 * (gravity or damping first), v[k] / r (damping last: the velocity before
 * its damping), v[k-1] (moving first). Along the sequence v[k] = r^k (v0 -
 * v_inf) + v_inf (v0 + k g dt without drag) is affine in r^k (in k), so
 * |v[k]| is convex in it and, r^k being monotone in k, largest at the first
 * or the last step: the first move in closed form and one prediction for
 * the last decide the whole flight.
 */
#include <math.h>
#include <string.h>

#include "drag_cap_f64.h"
#include "vec_f64.h"

/* The velocity whose dt multiple is the first step's move. */
static af_vec3_f64 first_move_velocity(const af_drag_f64 *drag, af_vec3_f64 v0)
{
    af_vec3_f64 gdt = vscale(drag->gravity, drag->dt);
    switch (drag->order) {
    case AF_STEP_GRAVITY_THEN_DAMPING:
        return vscale(vadd(v0, gdt), drag->r);
    case AF_STEP_DAMPING_THEN_GRAVITY:
        return vadd(vscale(v0, drag->r), gdt);
    case AF_STEP_DAMPING_LAST:
        return vadd(v0, gdt);
    case AF_STEP_MOVE_FIRST:
        break;
    }
    return v0;
}

/* Whether a move of dt |v| (dt |v| / r when divide) is longer than the cap. */
static int exceeds(const af_drag_f64 *drag, af_vec3_f64 v, int divide)
{
    double move = drag->dt * vnorm(v);
    return (divide ? move / drag->r : move) > drag->max_move;
}

af_status afr_drag_cap_steps_f64(const af_drag_f64 *drag, const af_body_f64 *start, double n)
{
    double last = ceil(n);
    af_drag_f64 free_model;
    af_body_f64 end;
    if (drag->kind != AF_DRAG_KIND_STEPPED || !(drag->max_move > 0.0) || !(n > 0.0))
        return AF_OK;
    if (exceeds(drag, first_move_velocity(drag, start->velocity), 0))
        return AF_ERR_ENGINE_LIMIT;
    if (!(last > 1.0) || !isfinite(last))
        return AF_OK;
    free_model = *drag;
    free_model.max_move = 0.0; /* the prediction below must not recurse */
    if (af_drag_predict_steps_f64(&free_model, start,
                                  drag->order == AF_STEP_MOVE_FIRST ? last - 1.0 : last,
                                  &end) != AF_OK)
        return AF_OK; /* the caller's own overflow check answers */
    return exceeds(drag, end.velocity, drag->order == AF_STEP_DAMPING_LAST) ? AF_ERR_ENGINE_LIMIT
                                                                           : AF_OK;
}

af_status afr_drag_cap_f64(const af_drag_f64 *drag, const af_body_f64 *start, double t)
{
    if (drag->kind != AF_DRAG_KIND_STEPPED)
        return AF_OK;
    return afr_drag_cap_steps_f64(drag, start, t / drag->dt);
}

af_status afr_drag_cap_shots_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                 unsigned flags, af_status status, af_shots_f64 *out)
{
    int i, kept = 0, dropped = 0;
    if (status != AF_OK || drag->kind != AF_DRAG_KIND_STEPPED || !(drag->max_move > 0.0))
        return status;
    for (i = 0; i < out->count; i++) {
        af_body_f64 launch;
        launch.position = shooter->position;
        launch.velocity = out->shot[i].velocity;
        if (flags & AF_INHERIT_VELOCITY)
            launch.velocity = vadd(launch.velocity, shooter->velocity);
        if (afr_drag_cap_f64(drag, &launch, out->shot[i].t) != AF_OK) {
            dropped++;
            continue;
        }
        out->shot[kept++] = out->shot[i];
    }
    for (i = kept; i < out->count; i++)
        memset(&out->shot[i], 0, sizeof out->shot[i]);
    out->count = kept;
    return kept == 0 && dropped ? AF_ERR_ENGINE_LIMIT : AF_OK;
}
