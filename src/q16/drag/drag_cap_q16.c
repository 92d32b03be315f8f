/* SPDX-License-Identifier: MIT */
/*
 * drag_cap_f64.c in Q16.16: an engine's cap on the move of one step, from
 * the moves of the first step (exactly, from the launch) and the last (one
 * whole-step prediction's velocity): the longest two.
 */
#include <string.h>

#include "drag_cap_q16.h"

/* |w|^2 for w in units of 2^-32 (|w_i| < 2^63), to 29 bits: each
 * component cut to 31 bits in one shared unit, so that the squares are
 * single long multiplies summed exactly (below 3 2^62). */
static afn_unum len2_q32(const int64_t w[3])
{
    uint64_t m[3], top, sum = 0;
    int i, sh;
    for (i = 0; i < 3; i++)
        m[i] = afi_abs64(w[i]);
    top = m[0] | m[1] | m[2];
    sh = top >> 31 ? 33 - afi_clz64(top) : 0; /* top >> sh below 2^31 */
    for (i = 0; i < 3; i++) {
        uint32_t c = (uint32_t)(m[i] >> sh);
        sum += afi_umul32(c, c);
    }
    return afn_u_make_trunc(sum, 2 * sh - 64);
}

/* How a move relates to dt |w|. */
enum { MOVE_IS = 0, MOVE_TIMES_R = 1, MOVE_OVER_R = 2 };

/* Whether the move dt |w| (times r, or over r) is longer than the cap, w
 * in units of 2^-32: (dt |w|)^2 against cap^2, with r^2 on one side. */
static int exceeds(const af_drag_q16 *drag, const int64_t w[3], int how)
{
    /* The squares of the Q16.16 inputs are exact in 64 bits. */
    afn_unum move2 = afn_u_mul_trunc(len2_q32(w), afn_u_make_trunc(afi_square32(drag->dt), -32)),
             cap2 = afn_u_make_trunc(afi_square32(drag->max_move), -32);
    afn_unum r2 = afn_u_make_trunc(afi_square32(drag->r), -32);
    if (how == MOVE_TIMES_R)
        move2 = afn_u_mul_trunc(move2, r2);
    else if (how == MOVE_OVER_R)
        cap2 = afn_u_mul_trunc(cap2, r2);
    return afn_u_less(cap2, move2);
}

/* The velocity whose dt multiple is the first step's move, exactly, in
 * units of 2^-32 (products below 2^62, sums below 2^63); for gravity
 * first without its factor r (times r: the caller's). */
static void first_move_velocity(const af_drag_q16 *drag, const af_vec3_q16 *v0, int64_t w[3])
{
    int i;
    for (i = 0; i < 3; i++) {
        int64_t v = (&v0->x)[i], gdt = (int64_t)(&drag->gravity.x)[i] * drag->dt;
        switch (drag->order) {
        case AF_STEP_DAMPING_THEN_GRAVITY:
            w[i] = v * drag->r + gdt;
            break;
        case AF_STEP_MOVE_FIRST:
            w[i] = v * 65536;
            break;
        default: /* v0 + g dt: damping last's move, gravity first's before r */
            w[i] = v * 65536 + gdt;
            break;
        }
    }
}

/* Whether the first move, from the launch, is beyond the cap. */
static int first_exceeds(const af_drag_q16 *drag, const af_body_q16 *start)
{
    int64_t w[3];
    first_move_velocity(drag, &start->velocity, w);
    return exceeds(drag, w, drag->order == AF_STEP_GRAVITY_THEN_DAMPING ? MOVE_TIMES_R : MOVE_IS);
}

/* Whether step `last` moves beyond the cap, v the velocity that moves it. */
static int last_exceeds(const af_drag_q16 *drag, const af_vec3_q16 *v)
{
    int64_t w[3];
    int i;
    for (i = 0; i < 3; i++)
        w[i] = (int64_t)(&v->x)[i] * 65536;
    return exceeds(drag, w, drag->order == AF_STEP_DAMPING_LAST ? MOVE_OVER_R : MOVE_IS);
}

af_status afq_drag_cap_moves(const af_drag_q16 *drag, const af_body_q16 *start, int64_t last,
                             const af_vec3_q16 *v_move)
{
    if (drag->kind != AF_DRAG_KIND_STEPPED || drag->max_move <= 0 || last <= 0)
        return AF_OK;
    if (first_exceeds(drag, start))
        return AF_ERR_ENGINE_LIMIT;
    if (last < 2 || last >= 32768 || !v_move)
        return AF_OK;
    return last_exceeds(drag, v_move) ? AF_ERR_ENGINE_LIMIT : AF_OK;
}

/* The cap over steps 1 to last: the first move and the last (the longest
 * two, drag_cap_f64.c), the last from one evaluation of the velocity. */
static af_status cap_to(const afq_drag_law *law, const af_body_q16 *start, int64_t last)
{
    const af_drag_q16 *drag = law->model;
    af_vec3_q16 end;
    if (law->continuous || drag->max_move <= 0 || last <= 0)
        return AF_OK;
    if (first_exceeds(drag, start))
        return AF_ERR_ENGINE_LIMIT;
    if (last < 2 || last >= 32768)
        return AF_OK;
    /* Moving first, step `last` moves by the velocity after step last - 1. */
    if (!afq_drag_velocity_steps(
            law, start, (uint32_t)(drag->order == AF_STEP_MOVE_FIRST ? last - 1 : last), &end))
        return AF_OK; /* the caller's own overflow check answers */
    return last_exceeds(drag, &end) ? AF_ERR_ENGINE_LIMIT : AF_OK;
}

af_status afq_drag_cap(const afq_drag_law *law, const af_body_q16 *start, fix16_t t)
{
    if (law->continuous || t <= 0 || law->model->max_move <= 0)
        return AF_OK;
    return cap_to(law, start, ((int64_t)t + law->model->dt - 1) / law->model->dt);
}

af_status afq_drag_cap_shots(const af_drag_q16 *drag, const af_body_q16 *shooter, unsigned flags,
                             af_status status, af_shots_q16 *out)
{
    int i, kept = 0, dropped = 0;
    afq_drag_law law;
    if (status != AF_OK || drag->kind != AF_DRAG_KIND_STEPPED || drag->max_move <= 0 ||
        afq_drag_law_init(drag, &law) != AF_OK)
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
        if (afq_drag_cap(&law, &launch, out->shot[i].t) != AF_OK) {
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
