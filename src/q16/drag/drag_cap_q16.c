/* SPDX-License-Identifier: MIT */
/*
 * drag_cap_f64.c in Q16.16: an engine's cap on the move of one step, from
 * the moves of the first and the last step (the longest two), each the
 * difference of two whole-step predictions.
 */
#include <string.h>

#include "drag_cap_q16.h"

/* Whether the move of step k (1 to 32767) is longer than the cap. */
static int move_exceeds(const af_drag_q16 *drag, const af_body_q16 *start, int32_t k,
                        fix16_t max_move)
{
    af_body_q16 before, after;
    uint64_t len2 = 0, cap = (uint64_t)(uint32_t)max_move;
    int i;
    if (af_drag_predict_steps_q16(drag, start, (fix16_t)((k - 1) * 65536), &before) != AF_OK ||
        af_drag_predict_steps_q16(drag, start, (fix16_t)(k * 65536), &after) != AF_OK)
        return 0; /* the caller's own overflow check answers */
    for (i = 0; i < 3; i++) {
        int64_t d = (int64_t)(&after.position.x)[i] - (&before.position.x)[i];
        uint64_t m = (uint64_t)(d < 0 ? -d : d);
        if (m > cap)
            return 1;
        len2 += m * m; /* each below 2^62: three fit */
    }
    return len2 > cap * cap;
}

/* The cap over steps 1 to last. */
static af_status cap_to(const af_drag_q16 *drag, const af_body_q16 *start, int64_t last)
{
    af_drag_q16 free_model;
    if (drag->kind != AF_DRAG_KIND_STEPPED || drag->max_move <= 0 || last <= 0)
        return AF_OK;
    free_model = *drag;
    free_model.max_move = 0; /* the predictions below must not recurse */
    if (move_exceeds(&free_model, start, 1, drag->max_move) ||
        (last > 1 && last < 32768 && move_exceeds(&free_model, start, (int32_t)last, drag->max_move)))
        return AF_ERR_ENGINE_LIMIT;
    return AF_OK;
}

af_status afq_drag_cap(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t)
{
    if (drag->kind != AF_DRAG_KIND_STEPPED || t <= 0)
        return AF_OK;
    return cap_to(drag, start, ((int64_t)t + drag->dt - 1) / drag->dt);
}

af_status afq_drag_cap_steps(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t n)
{
    return cap_to(drag, start, ((int64_t)n + 65535) / 65536);
}

af_status afq_drag_cap_shots(const af_drag_q16 *drag, const af_body_q16 *shooter, unsigned flags,
                             af_status status, af_shots_q16 *out)
{
    int i, kept = 0, dropped = 0;
    if (status != AF_OK || drag->kind != AF_DRAG_KIND_STEPPED || drag->max_move <= 0)
        return status;
    for (i = 0; i < out->count; i++) {
        af_body_q16 launch;
        launch.position = shooter->position;
        launch.velocity = out->shot[i].velocity;
        if (flags & AF_INHERIT_VELOCITY) {
            /* A sum beyond Q16.16 is no flight the engine can hold. */
            int64_t s[3];
            int c, wide = 0;
            for (c = 0; c < 3; c++) {
                s[c] = (int64_t)(&launch.velocity.x)[c] + (&shooter->velocity.x)[c];
                wide |= s[c] > INT32_MAX || s[c] < INT32_MIN;
            }
            if (wide) {
                dropped++;
                continue;
            }
            launch.velocity.x = (fix16_t)s[0];
            launch.velocity.y = (fix16_t)s[1];
            launch.velocity.z = (fix16_t)s[2];
        }
        if (afq_drag_cap(drag, &launch, out->shot[i].t) != AF_OK) {
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
