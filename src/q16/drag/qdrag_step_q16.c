/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, stepped kind: a Q16.16 engine's step (the
 * operations aimfix/qdrag.h states, each rounded by af_mul_q16), the flight
 * the solvers march, and the state after n steps and between them (the
 * apex: qdrag_apex_q16.c).
 */
#include <stdint.h>
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_q16.h"

int afq_qd_model_ok(const af_qdrag_q16 *m)
{
    if (!m || m->k < 0 || m->c < 0)
        return 0;
    if (m->kind == AF_DRAG_KIND_CONTINUOUS)
        return 1;
    return m->kind == AF_DRAG_KIND_STEPPED && m->dt > 0 &&
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

af_status afq_qd_add_scaled(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t s,
                            af_vec3_q16 *c)
{
    return add_scaled(a, b, s, 0, c);
}

/* x when it fits an int32_t; else 0 with *bad set. */
static int32_t fit(int64_t x, int *bad)
{
    if (x > INT32_MAX || x < INT32_MIN) {
        *bad = 1;
        return 0;
    }
    return (int32_t)x;
}

/* af_mul_q16's product (rounded to nearest, ties away from zero), its
 * overflow into *bad: the step's dozen products without a status each. */
static int32_t rmul(int32_t a, int32_t b, int *bad)
{
    return fit(afi_round_shift(afi_smul32_compact(a, b), 16), bad);
}

af_status afq_qd_step(const af_qdrag_q16 *m, af_body_q16 *b, afq_qd_frac *fr,
                      afq_qd_drag *drag)
{
    const int32_t dt = m->dt, *g = &m->gravity.x, *w = &m->wind.x;
    int32_t u[3], v[3], *p = &b->position.x;
    af_vec3_q16 r;
    int32_t *rr = &r.x;
    fix16_t s, d;
    int bad = 0, i;
    if (m->kind == AF_DRAG_KIND_CONTINUOUS)
        return afq_qd_rk4(m, b, fr, dt, drag);
    for (i = 0; i < 3; i++) {
        u[i] = (&b->velocity.x)[i];
        if (m->order == AF_QDRAG_GRAVITY_FIRST)
            u[i] = fit((int64_t)u[i] + rmul(g[i], dt, &bad), &bad);
        rr[i] = fit((int64_t)u[i] - w[i], &bad);
    }
    if (bad || af_vec3_len_q16(&r, &s) != AF_OK)
        return AF_ERR_OVERFLOW;
    d = rmul(fit((int64_t)rmul(m->k, s, &bad) + m->c, &bad), dt, &bad);
    for (i = 0; i < 3; i++) {
        v[i] = fit((int64_t)u[i] - rmul(rr[i], d, &bad), &bad);
        if (m->order == AF_QDRAG_DRAG_FIRST)
            v[i] = fit((int64_t)v[i] + rmul(g[i], dt, &bad), &bad);
    }
    for (i = 0; i < 3; i++)
        p[i] = fit((int64_t)p[i] + rmul(v[i], dt, &bad), &bad);
    if (bad)
        return AF_ERR_OVERFLOW;
    b->velocity.x = v[0];
    b->velocity.y = v[1];
    b->velocity.z = v[2];
    if (drag) {
        drag->r = r;
        drag->s = s;
        drag->d = d;
    }
    return AF_OK;
}

af_status afq_qd_start(afq_qd_flight *f, const af_qdrag_q16 *m, const af_body_q16 *start)
{
    f->m = m;
    f->at = *start;
    f->next = *start;
    memset(&f->at_f, 0, sizeof f->at_f);
    f->next_f = f->at_f;
    f->n = 0;
    return afq_qd_step(m, &f->next, &f->next_f, NULL);
}

af_status afq_qd_advance(afq_qd_flight *f)
{
    af_body_q16 next = f->next;
    afq_qd_frac next_f = f->next_f;
    af_status st;
    if (f->n >= AF_QDRAG_MAX_STEPS)
        return AF_ERR_NO_CONVERGENCE;
    /* The new node's time must fit Q16.16. */
    if ((int64_t)(f->n + 1) * f->m->dt > INT32_MAX)
        return AF_ERR_NO_SOLUTION;
    st = afq_qd_step(f->m, &next, &next_f, NULL);
    if (st != AF_OK)
        return st;
    f->at = f->next;
    f->at_f = f->next_f;
    f->next = next;
    f->next_f = next_f;
    f->n++;
    return AF_OK;
}

af_status afq_qd_seek(afq_qd_flight *f, fix16_t t, af_body_q16 *out)
{
    fix16_t tau;
    af_status st;
    while ((int64_t)t - afq_qd_time(f) >= f->m->dt) {
        st = afq_qd_advance(f);
        if (st != AF_OK)
            return st;
    }
    tau = t - afq_qd_time(f);
    if (tau <= 0) {
        *out = f->at;
        return AF_OK;
    }
    return afq_qd_between(f->m, &f->at, &f->at_f, &f->next, tau, out);
}

af_status afq_qd_between(const af_qdrag_q16 *m, const af_body_q16 *at, const afq_qd_frac *atf,
                         const af_body_q16 *next, fix16_t tau, af_body_q16 *out)
{
    af_body_q16 b = *at;
    afq_qd_frac fr = *atf;
    af_status st;
    if (m->kind == AF_DRAG_KIND_CONTINUOUS)
        st = afq_qd_rk4(m, &b, &fr, tau, NULL);
    else {
        b.velocity = next->velocity;
        st = add_scaled(&at->position, &next->velocity, tau, 0, &b.position);
    }
    if (st == AF_OK)
        *out = b;
    return st;
}

af_status afq_qd_drop(const af_qdrag_q16 *m, const af_vec3_q16 *p, const af_vec3_q16 *p0,
                      int64_t *drop)
{
    af_vec3_q16 dp;
    af_status st = af_vec3_sub_q16(p, p0, &dp);
    if (st == AF_OK)
        st = af_vec3_dot_q16(&dp, &m->gravity, drop);
    return st;
}

af_status afq_qd_height(const af_qdrag_q16 *m, const af_vec3_q16 *p, const af_vec3_q16 *p0,
                        fix16_t *height)
{
    int64_t drop;
    fix16_t glen;
    uint64_t mag;
    uint32_t q, r;
    af_status st = afq_qd_drop(m, p, p0, &drop);
    if (st == AF_OK)
        st = af_vec3_len_q16(&m->gravity, &glen);
    if (st != AF_OK)
        return st;
    /* -drop / |g|: Q32.32 over Q16.16 is Q16.16, rounded once (the drop
     * itself may be far beyond Q16.16: a height of 4 km under 32767
     * m/s^2). A quotient of 2^32 or more cannot fit. */
    mag = afi_abs64(drop);
    if ((mag >> 32) >= (uint32_t)glen)
        return afi_store_q16(UINT64_MAX, drop > 0, height);
    q = afi_udiv64_32(mag, (uint32_t)glen, &r);
    return afi_store_q16((uint64_t)q + (r >= (uint32_t)glen - r), drop > 0, height);
}

af_status afq_qd_rising(const afq_qd_flight *f, int *rising)
{
    int64_t dot;
    /* The exact product's sign: an overflowing dot is stored saturated,
     * with its sign. */
    if (af_vec3_dot_q16(&f->next.velocity, &f->m->gravity, &dot) != AF_OK && dot == 0)
        return AF_ERR_OVERFLOW;
    *rising = dot < 0;
    return AF_OK;
}

/* The state n whole steps and tau (0 <= tau < dt) after launch. */
static af_status at(const af_qdrag_q16 *m, const af_body_q16 *start, int32_t n, fix16_t tau,
                    af_body_q16 *out)
{
    af_body_q16 b = *start, next;
    afq_qd_frac fr, next_f;
    af_status st = AF_OK;
    int32_t i;
    memset(&fr, 0, sizeof fr);
    for (i = 0; i < n && st == AF_OK; i++)
        st = afq_qd_step(m, &b, &fr, NULL);
    if (st == AF_OK && tau > 0) {
        next = b;
        next_f = fr;
        if (m->kind == AF_DRAG_KIND_STEPPED)
            st = afq_qd_step(m, &next, &next_f, NULL);
        if (st == AF_OK)
            st = afq_qd_between(m, &b, &fr, &next, tau, &b);
    }
    if (st == AF_OK)
        *out = b;
    return st;
}

af_status af_qdrag_predict_q16(const af_qdrag_q16 *drag, const af_body_q16 *start, fix16_t t,
                               af_body_q16 *out)
{
    af_qdrag_q16 m;
    af_body_q16 s;
    af_status st;
    int32_t n;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!start || t < 0 || !afq_qd_prepare(drag, afq_qd_speed_of(drag, &start->velocity), &m)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    s = *start;
    memset(out, 0, sizeof *out);
    /* Whole steps and the exact remainder, in raw units. */
    n = t / m.dt;
    st = n > AF_QDRAG_MAX_STEPS ? AF_ERR_NO_CONVERGENCE : at(&m, &s, n, t - n * m.dt, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}

/* v frac dt, frac in 2^-16 of a step (dt > 0), rounded once: tau = frac dt
 * rounded first would move the body by up to |v| / 2 LSB of time. */
static af_status step_fraction(fix16_t v, uint32_t frac, fix16_t dt, fix16_t *out)
{
    uint64_t p = (uint64_t)frac * (uint32_t)dt, mag = afi_abs32(v);
    uint64_t hi = mag * (p >> 16), lo = mag * (p & 0xFFFF);
    uint64_t a = hi + (lo >> 16);
    uint32_t rem = (uint32_t)(((a & 0xFFFF) << 16) | (lo & 0xFFFF));
    return afi_store_q16((a >> 16) + (rem >= 0x80000000u), v < 0, out);
}

af_status af_qdrag_predict_steps_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                                     fix16_t n, af_body_q16 *out)
{
    af_body_q16 s, next;
    af_vec3_q16 move;
    af_status st;
    uint32_t frac = (uint32_t)n & 0xFFFF;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!afq_qd_model_ok(drag) || drag->kind != AF_DRAG_KIND_STEPPED || !start || n < 0) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    s = *start;
    memset(out, 0, sizeof *out);
    st = at(drag, &s, n >> 16, 0, out);
    if (st == AF_OK && frac) {
        /* On the segment to the next step, p[n] + v[n+1] frac dt. */
        afq_qd_frac none;
        memset(&none, 0, sizeof none);
        next = *out;
        st = afq_qd_step(drag, &next, &none, NULL);
        if (st == AF_OK)
            st = step_fraction(next.velocity.x, frac, drag->dt, &move.x);
        if (st == AF_OK)
            st = step_fraction(next.velocity.y, frac, drag->dt, &move.y);
        if (st == AF_OK)
            st = step_fraction(next.velocity.z, frac, drag->dt, &move.z);
        if (st == AF_OK)
            st = af_vec3_add_q16(&out->position, &move, &out->position);
        out->velocity = next.velocity;
    }
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
