/*
 * Forward prediction in Q16: where a body is after a time or a number of
 * engine steps, from the law of drag_q16.h, and the pieces every other Q16
 * drag solver evaluates the law with.
 */
#include <string.h>

#include "drag_q16.h"

af_status dq_law_init(const af_drag_q16 *drag, dq_law *law)
{
    if (!drag)
        return AF_ERR_BAD_ARGUMENT;
    law->mu = dq_make(0, 0);
    switch (drag->kind) {
    case AF_DRAG_KIND_STEPPED:
        return dq_stepped_law(drag, law);
    case AF_DRAG_KIND_CONTINUOUS:
        return dq_continuous_law(drag, law);
    }
    return AF_ERR_BAD_ARGUMENT;
}

void dq_law_rate(dq_law *law)
{
    law->mu = law->continuous || dq_is_zero(law->lambda) ? law->lambda
                                                          : dq_div(law->lambda, law->unit);
}

void dq_terms_of(const dq_law *law, const dq_coef *k, dq_terms *out)
{
    if (law->continuous) {
        out->a = out->d = out->db = k->tphi1;
        out->b = k->t2phi2;
        out->da = k->c;
        return;
    }
    out->a = dq_mul(law->rho, k->tphi1);
    out->d = dq_mul(law->sigma, k->tphi1);
    out->b = dq_mul(law->sigma, dq_add(dq_mul(law->lag, k->t), dq_mul(law->rho, k->t2phi2)));
    out->da = dq_mul(law->rho, k->c);
    out->db = dq_mul(law->sigma, dq_add(law->lag, out->a));
}

void dq_terms_at(const dq_law *law, dq_num t, dq_coef *k, dq_terms *terms)
{
    dq_coef_at(t, dq_mul(law->mu, t), k);
    dq_terms_of(law, k, terms);
}

/* x / 2^s rounded to nearest, ties away from zero, for s in [1, 63] and
 * |x| < 2^63 - 2^62. */
static int64_t round_shift(int64_t x, int s)
{
    uint64_t mag = (afi_abs64(x) + ((uint64_t)1 << (s - 1))) >> s;
    return x < 0 ? -(int64_t)mag : (int64_t)mag;
}

int dq_apply(const af_vec3_q16 *base, int n, const dq_num *coef, const af_vec3_q16 *const *in,
             af_vec3_q16 *out)
{
    int32_t m[3];
    int shift[3], top = 0, any = 0, j, i, s;
    for (j = 0; j < n; j++)
        if (coef[j].m != 0 && (!any || coef[j].e > top)) {
            top = coef[j].e;
            any = 1;
        }
    /* Each product of a 30-bit mantissa and a raw Q16.16 value is exact
     * (below 2^61) and brought to the unit of the largest coefficient,
     * 2^(top + 2) raw, by its own shift: a term with a small coefficient
     * and a large input (a tiny e^-x times the launch velocity) keeps its
     * bits down to that unit, 2^-29 of the largest coefficient. Three of
     * them sum exactly in 64 bits. */
    for (j = 0; j < n; j++) {
        shift[j] = top - coef[j].e;
        m[j] = coef[j].m == 0 || shift[j] >= 63 ? 0 : (int32_t)(coef[j].m >> 2);
    }
    s = -(top + 2);
    for (i = 0; i < 3; i++) {
        int64_t sum = 0, v;
        for (j = 0; j < n; j++) {
            int64_t p = (int64_t)m[j] * (&in[j]->x)[i];
            sum += shift[j] ? afi_floor_shift64(p, shift[j]) : p;
        }
        if (sum == 0 || s >= 64) {
            v = 0;
        } else if (s > 0) {
            v = round_shift(sum, s);
        } else {
            if (s <= -31 || afi_abs64(sum) >= ((uint64_t)1 << (31 + s)))
                return 0; /* at least 2^31 raw */
            v = sum * ((int64_t)1 << -s);
        }
        if (base)
            v += (&base->x)[i];
        if (v > INT32_MAX || v < INT32_MIN)
            return 0;
        (&out->x)[i] = (fix16_t)v;
    }
    return 1;
}

int dq_state(const dq_law *law, const af_body_q16 *start, const dq_coef *k,
             const dq_terms *terms, af_body_q16 *out)
{
    const af_vec3_q16 *in[3];
    dq_num pos[3], vel[3];
    af_body_q16 r;
    int n = law->continuous ? 3 : 2;
    in[0] = &start->velocity;
    in[1] = &law->model->gravity;
    in[2] = &law->model->wind;
    pos[0] = terms->a;
    pos[1] = terms->b;
    pos[2] = k->tbk; /* b k: the wind's share of the position */
    vel[0] = k->c;
    vel[1] = terms->d;
    vel[2] = k->omc; /* d k */
    if (!dq_apply(&start->position, n, pos, in, &r.position) ||
        !dq_apply(NULL, n, vel, in, &r.velocity))
        return 0;
    *out = r;
    return 1;
}

/* The state after t seconds, or t steps when `steps`; out may be start. */
static af_status predict_at(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t,
                            int steps, af_body_q16 *out)
{
    dq_law law;
    dq_coef k;
    dq_terms terms;
    af_body_q16 from;
    dq_num time, x;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!start) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    from = *start;
    memset(out, 0, sizeof *out);
    if (t < 0 || dq_law_init(drag, &law) != AF_OK || (steps && law.continuous))
        return AF_ERR_BAD_ARGUMENT;
    time = dq_q16(t);
    if (steps) { /* n steps: t = n dt, x = n lambda */
        x = dq_mul(time, law.lambda);
        time = dq_mul(time, law.unit);
    } else if (law.continuous) { /* x = k t, exactly */
        x = dq_make((uint64_t)(uint32_t)drag->k * (uint32_t)t, -32);
    } else { /* x = lambda t / dt */
        x = dq_mul(law.lambda, dq_div(time, law.unit));
    }
    dq_coef_at(time, x, &k);
    dq_terms_of(&law, &k, &terms);
    if (!dq_state(&law, &from, &k, &terms, out)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}

af_status af_drag_predict_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t,
                              af_body_q16 *out)
{
    return predict_at(drag, start, t, 0, out);
}

af_status af_drag_predict_steps_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t n,
                                    af_body_q16 *out)
{
    return predict_at(drag, start, n, 1, out);
}
