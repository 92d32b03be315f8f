/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, stepped kind: a Q16.16 engine's step (the
 * operations aimfix/qdrag.h states, each rounded by af_mul_q16), the state
 * after n steps and between them, and the engine's highest step.
 */
#include <stdint.h>
#include <string.h>

#include "aimfix/q16.h"
#include "aimfix/qdrag.h"

static int model_ok(const af_qdrag_q16 *m)
{
    return m && m->kind == AF_DRAG_KIND_STEPPED && m->dt > 0 && m->k >= 0 && m->c >= 0 &&
           (m->order == AF_QDRAG_GRAVITY_FIRST || m->order == AF_QDRAG_DRAG_FIRST);
}

/* c = a + b * s (or a - b * s when minus) per component, b * s rounded. */
static af_status add_scaled(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t s, int minus,
                            af_vec3_q16 *c)
{
    af_vec3_q16 t;
    af_status st = af_mul_q16(b->x, s, &t.x);
    if (st == AF_OK)
        st = af_mul_q16(b->y, s, &t.y);
    if (st == AF_OK)
        st = af_mul_q16(b->z, s, &t.z);
    if (st == AF_OK)
        st = minus ? af_vec3_sub_q16(a, &t, c) : af_vec3_add_q16(a, &t, c);
    return st;
}

/* One engine step of b; the velocity the step moved with is b's new one. */
static af_status engine_step(const af_qdrag_q16 *m, af_body_q16 *b)
{
    af_vec3_q16 u = b->velocity, r, v;
    fix16_t s, d;
    af_status st = AF_OK;
    if (m->order == AF_QDRAG_GRAVITY_FIRST)
        st = add_scaled(&u, &m->gravity, m->dt, 0, &u);
    if (st == AF_OK)
        st = af_vec3_sub_q16(&u, &m->wind, &r);
    if (st == AF_OK)
        st = af_vec3_len_q16(&r, &s);
    if (st == AF_OK)
        st = af_mul_q16(m->k, s, &d);
    if (st == AF_OK)
        st = af_add_q16(d, m->c, &d);
    if (st == AF_OK)
        st = af_mul_q16(d, m->dt, &d);
    if (st == AF_OK)
        st = add_scaled(&u, &r, d, 1, &v);
    if (st == AF_OK && m->order == AF_QDRAG_DRAG_FIRST)
        st = add_scaled(&v, &m->gravity, m->dt, 0, &v);
    if (st == AF_OK)
        st = add_scaled(&b->position, &v, m->dt, 0, &b->position);
    if (st == AF_OK)
        b->velocity = v;
    return st;
}

/* The state n whole steps and tau (0 <= tau < dt) after launch. */
static af_status at(const af_qdrag_q16 *m, const af_body_q16 *start, int32_t n, fix16_t tau,
                    af_body_q16 *out)
{
    af_body_q16 b = *start, next;
    af_status st = AF_OK;
    int32_t i;
    for (i = 0; i < n && st == AF_OK; i++)
        st = engine_step(m, &b);
    if (st == AF_OK && tau > 0) {
        next = b;
        st = engine_step(m, &next);
        if (st == AF_OK)
            st = add_scaled(&b.position, &next.velocity, tau, 0, &b.position);
        b.velocity = next.velocity;
    }
    if (st == AF_OK)
        *out = b;
    return st;
}

af_status af_qdrag_predict_q16(const af_qdrag_q16 *drag, const af_body_q16 *start, fix16_t t,
                               af_body_q16 *out)
{
    af_body_q16 s;
    af_status st;
    int32_t n;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!model_ok(drag) || !start || t < 0) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    s = *start;
    memset(out, 0, sizeof *out);
    /* Whole steps and the exact remainder, in raw units. */
    n = t / drag->dt;
    st = n > AF_QDRAG_MAX_STEPS ? AF_ERR_NO_CONVERGENCE : at(drag, &s, n, t - n * drag->dt, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}

af_status af_qdrag_predict_steps_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                                     fix16_t n, af_body_q16 *out)
{
    af_body_q16 s;
    af_status st;
    fix16_t tau = 0;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!model_ok(drag) || !start || n < 0) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    s = *start;
    memset(out, 0, sizeof *out);
    st = af_mul_q16(n & 0xFFFF, drag->dt, &tau);
    if (st == AF_OK)
        st = at(drag, &s, n >> 16, tau, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}

af_status af_qdrag_apex_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                            af_drag_event_q16 *out)
{
    af_body_q16 b, next;
    af_vec3_q16 dp;
    fix16_t glen, h;
    int64_t dot;
    af_status st;
    int32_t n;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!model_ok(drag) || !start ||
        (drag->gravity.x == 0 && drag->gravity.y == 0 && drag->gravity.z == 0))
        return AF_ERR_BAD_ARGUMENT;
    b = *start;
    for (n = 0;; n++) {
        next = b;
        st = engine_step(drag, &next);
        if (st != AF_OK)
            return st;
        /* The exact product's sign: an overflowing dot is stored
         * saturated, with its sign. */
        if (af_vec3_dot_q16(&next.velocity, &drag->gravity, &dot) != AF_OK && dot == 0)
            return AF_ERR_OVERFLOW;
        if (dot >= 0)
            break;
        /* Still rising when the next step's time leaves Q16.16. */
        if ((int64_t)(n + 1) * drag->dt > INT32_MAX - drag->dt)
            return AF_ERR_NO_SOLUTION;
        b = next;
    }
    st = af_vec3_sub_q16(&b.position, &start->position, &dp);
    if (st == AF_OK)
        st = af_vec3_dot_q16(&dp, &drag->gravity, &dot);
    if (st == AF_OK)
        st = af_round_q32_q16(dot, &h);
    if (st == AF_OK)
        st = af_vec3_len_q16(&drag->gravity, &glen);
    if (st == AF_OK)
        st = af_muldiv_q16(h, -65536, glen, &h);
    if (st != AF_OK) {
        memset(out, 0, sizeof *out);
        return st;
    }
    out->t = n * drag->dt; /* fits: checked in the loop */
    out->height = h;
    out->state = b;
    out->steps = 0;
    return AF_OK;
}
