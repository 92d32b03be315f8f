/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, continuous kind: the classical fourth-order
 * Runge-Kutta step of the ODE, and the step chosen from the scene. The
 * solvers march it as they march the stepped kind's engine; between two
 * steps the state is one more Runge-Kutta step of the time past the
 * first, so every query answers for the same path.
 */
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_q16.h"

/* x when it fits an int32_t; else 0 with *bad set. */
static int32_t fit(int64_t x, int *bad)
{
    if (x > INT32_MAX || x < INT32_MIN) {
        *bad = 1;
        return 0;
    }
    return (int32_t)x;
}

/* a * b in Q16.16, rounded to nearest, its overflow into *bad. */
static int32_t rmul(int32_t a, int32_t b, int *bad)
{
    return fit(afi_round_shift(afi_smul32_compact(a, b), 16), bad);
}

/* n / d rounded to nearest, ties away from zero (d > 0). */
static int64_t rdiv(int64_t n, int64_t d)
{
    return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

/* The law's acceleration at velocity v: g - (k s + c) r, r = v - w,
 * s = |r|; the drag into *dr unless NULL (d over a step of h). */
static af_status accel(const af_qdrag_q16 *m, const int32_t v[3], fix16_t h, int32_t a[3],
                       afq_qd_drag *dr)
{
    af_vec3_q16 r;
    int32_t *rr = &r.x;
    fix16_t s, q;
    int bad = 0, i;
    for (i = 0; i < 3; i++)
        rr[i] = fit((int64_t)v[i] - (&m->wind.x)[i], &bad);
    if (bad || af_vec3_len_q16(&r, &s) != AF_OK)
        return AF_ERR_OVERFLOW;
    q = fit((int64_t)rmul(m->k, s, &bad) + m->c, &bad);
    for (i = 0; i < 3; i++)
        a[i] = fit((int64_t)(&m->gravity.x)[i] - rmul(q, rr[i], &bad), &bad);
    if (bad)
        return AF_ERR_OVERFLOW;
    if (dr) {
        dr->r = r;
        dr->s = s;
        dr->d = rmul(q, h, &bad);
    }
    return bad ? AF_ERR_OVERFLOW : AF_OK;
}

/* x in Q16.16 with its fraction f below: in 2^-32. */
static int64_t wide(int32_t x, int32_t f)
{
    return (int64_t)x * 65536 + f;
}

/* w (2^-32) rounded to Q16.16 into *x, what is left into *f. */
static void split(int64_t w, int32_t *x, int32_t *f, int *bad)
{
    int64_t r = afi_round_shift(w, 16);
    *x = fit(r, bad);
    *f = (int32_t)(w - r * 65536);
}

/* The stage's velocity V0 + a h / 2^(shift - 16) per component (V0 in
 * 2^-32; shift 17: half a step), rounded to Q16.16. */
static void stage(const int64_t V0[3], const int32_t a[3], fix16_t h, int shift, int32_t v[3],
                  int *bad)
{
    int i;
    for (i = 0; i < 3; i++)
        v[i] = fit(afi_round_shift(V0[i] * ((int64_t)1 << (shift - 16)) + (int64_t)a[i] * h,
                                   shift),
                   bad);
}

af_status afq_qd_rk4(const af_qdrag_q16 *m, af_body_q16 *b, afq_qd_frac *fr, fix16_t h,
                     afq_qd_drag *drag)
{
    int32_t v0[3], v[3], a1[3], a2[3], a3[3], a4[3], p[3], w[3], pf[3], wf[3];
    int64_t V0[3];
    af_status st;
    int bad = 0, i;
    if (h < 0 || h > AFQ_QD_MAX_H)
        return AF_ERR_BAD_ARGUMENT;
    for (i = 0; i < 3; i++) {
        v0[i] = (&b->velocity.x)[i];
        V0[i] = wide(v0[i], fr->v[i]);
    }
    st = accel(m, v0, h, a1, drag);
    if (st != AF_OK)
        return st;
    stage(V0, a1, h, 17, v, &bad);
    st = bad ? AF_ERR_OVERFLOW : accel(m, v, h, a2, NULL);
    if (st != AF_OK)
        return st;
    stage(V0, a2, h, 17, v, &bad);
    st = bad ? AF_ERR_OVERFLOW : accel(m, v, h, a3, NULL);
    if (st != AF_OK)
        return st;
    stage(V0, a3, h, 16, v, &bad);
    st = bad ? AF_ERR_OVERFLOW : accel(m, v, h, a4, NULL);
    if (st != AF_OK)
        return st;
    for (i = 0; i < 3; i++) {
        /* Each sum of stages exact in 64 bits and rounded once onto the
         * state with its fraction: h <= 2^11 raw keeps 6 V0 h below 2^61
         * and h^2 (a1 + a2 + a3) below 2^55. */
        int64_t sv = (int64_t)a1[i] + 2 * ((int64_t)a2[i] + a3[i]) + a4[i];
        int64_t sp = (int64_t)a1[i] + a2[i] + a3[i];
        int64_t hh = (int64_t)h * h;
        split(V0[i] + rdiv(sv * h, 6), &w[i], &wf[i], &bad);
        split(wide((&b->position.x)[i], fr->p[i]) + rdiv(6 * V0[i] * h + hh * sp, 6 * 65536),
              &p[i], &pf[i], &bad);
    }
    if (bad)
        return AF_ERR_OVERFLOW;
    for (i = 0; i < 3; i++) {
        (&b->position.x)[i] = p[i];
        (&b->velocity.x)[i] = w[i];
        fr->p[i] = pf[i];
        fr->v[i] = wf[i];
    }
    return AF_OK;
}

/* The drag's rate at relative speed s: k s + c (1/s), saturated. */
static int64_t rate(const af_qdrag_q16 *m, int64_t s)
{
    int64_t r = ((int64_t)m->k * (s > INT32_MAX ? INT32_MAX : s) >> 16) + m->c;
    return r > INT32_MAX ? INT32_MAX : r;
}

int afq_qd_prepare(const af_qdrag_q16 *drag, int64_t speed, af_qdrag_q16 *work)
{
    fix16_t glen = 0, vt;
    int64_t lambda;
    fix16_t h = AFQ_QD_MAX_H;
    if (!afq_qd_model_ok(drag))
        return 0;
    *work = *drag;
    if (drag->kind == AF_DRAG_KIND_STEPPED)
        return 1;
    /* The fastest the drag acts along the flight: at the launch's speed
     * relative to the air, or at the terminal speed sqrt(|g| / k) a slower
     * launch falls towards: the larger of k s and sqrt(k |g|), plus c. */
    lambda = rate(drag, speed < 0 ? 0 : speed);
    if (af_vec3_len_q16(&drag->gravity, &glen) != AF_OK)
        glen = INT32_MAX;
    if (af_sqrt_q16((fix16_t)(((int64_t)drag->k * glen) >> 16 > INT32_MAX
                                  ? INT32_MAX
                                  : ((int64_t)drag->k * glen) >> 16),
                    &vt) == AF_OK &&
        (int64_t)vt + drag->c > lambda)
        lambda = (int64_t)vt + drag->c;
    /* The largest power-of-two step up to AFQ_QD_MAX_H with h lambda <=
     * 1/AFQ_QD_RATE_STEPS (down to one raw unit). */
    while (h > 1 && (int64_t)h * lambda * AFQ_QD_RATE_STEPS > ((int64_t)1 << 32))
        h >>= 1;
    /* A step the caller set (the solvers' own prepared copies among
     * them) bounds it. */
    if (drag->dt > 0 && drag->dt < h)
        h = drag->dt;
    work->dt = h;
    return 1;
}

int64_t afq_qd_speed_of(const af_qdrag_q16 *drag, const af_vec3_q16 *v)
{
    af_vec3_q16 r;
    fix16_t s;
    if (!drag || af_vec3_sub_q16(v, &drag->wind, &r) != AF_OK || af_vec3_len_q16(&r, &s) != AF_OK)
        return INT32_MAX;
    return s;
}
