/* SPDX-License-Identifier: MIT */
/*
 * An engine's cap on the distance a body moves in one step (max_move, Box2D's
 * b2_maxTranslation): a flight that would exceed it is refused, since the
 * engine clamps that step and leaves the model.
 *
 * Every step order moves the body by an affine function of r^k (of k
 * without drag) in step k, so the length of the move is convex in it and
 * largest at the first or the last step: two moves decide the whole flight.
 */
#include <math.h>
#include <string.h>

#include "drag_cap_f64.h"
#include "../vec_f64.h"

/* Whether the move of step k >= 1 is longer than the cap. */
static int move_exceeds(const af_drag_f64 *drag, const af_body_f64 *start, double k,
                        double cap)
{
    af_body_f64 before, after;
    af_vec3_f64 move;
    if (af_drag_predict_steps_f64(drag, start, k - 1.0, &before) != AF_OK ||
        af_drag_predict_steps_f64(drag, start, k, &after) != AF_OK)
        return 0; /* the caller's own overflow check answers */
    move = afr_vsub(after.position, before.position);
    return afr_vdot(move, move) > cap * cap;
}

af_status afr_drag_cap_steps_f64(const af_drag_f64 *drag, const af_body_f64 *start, double n)
{
    double last = ceil(n);
    af_drag_f64 free_model;
    if (drag->kind != AF_DRAG_KIND_STEPPED || !(drag->max_move > 0.0) || !(n > 0.0))
        return AF_OK;
    free_model = *drag;
    free_model.max_move = 0.0; /* the predictions below must not recurse */
    if (move_exceeds(&free_model, start, 1.0, drag->max_move) ||
        (last > 1.0 && isfinite(last) && move_exceeds(&free_model, start, last, drag->max_move)))
        return AF_ERR_ENGINE_LIMIT;
    return AF_OK;
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
            launch.velocity = afr_vadd(launch.velocity, shooter->velocity);
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
