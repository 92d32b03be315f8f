/* SPDX-License-Identifier: MIT */
/*
 * Forward prediction in Q16: where a body is after a time, from the law of
 * drag_q16.h, and the pieces every other Q16 drag solver evaluates the law
 * with (the prediction in steps: drag_steps_q16.c).
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

af_status afq_drag_law_init(const af_drag_q16 *drag, afq_drag_law *law)
{
    if (!drag)
        return AF_ERR_BAD_ARGUMENT;
    law->mu = afn_u_make_trunc(0, 0);
    switch (drag->kind) {
    case AF_DRAG_KIND_STEPPED:
        return afq_drag_stepped_law(drag, law);
    case AF_DRAG_KIND_CONTINUOUS:
        return afq_drag_continuous_law(drag, law);
    }
    return AF_ERR_BAD_ARGUMENT;
}

void afq_drag_law_rate(afq_drag_law *law)
{
    law->mu = law->continuous || afn_u_is_zero(law->lambda)
                  ? law->lambda
                  : afn_u_div_trunc(law->lambda, law->unit);
}

void afq_drag_terms_of(const afq_drag_law *law, const afq_drag_coef *k, afq_drag_terms *out)
{
    if (law->continuous) {
        out->a = out->d = k->tphi1;
        out->b = k->t2phi2;
        return;
    }
    out->a = afn_u_mul_trunc(law->rho, k->tphi1);
    /* sigma = rho for gravity first (the same number): d = a. */
    out->d = law->sigma.m == law->rho.m && law->sigma.e == law->rho.e
                 ? out->a
                 : afn_u_mul_trunc(law->sigma, k->tphi1);
    out->b = afn_u_mul_trunc(law->sigma, afn_u_add_trunc(afn_u_mul_trunc(law->lag, k->t),
                                                         afn_u_mul_trunc(law->rho, k->t2phi2)));
}

void afq_drag_slopes_of(const afq_drag_law *law, const afq_drag_coef *k, afq_drag_terms *terms)
{
    if (law->continuous) {
        terms->da = k->c;
        terms->db = k->tphi1;
        return;
    }
    terms->da = afn_u_mul_trunc(law->rho, k->c);
    terms->db = afn_u_mul_trunc(law->sigma, afn_u_add_trunc(law->lag, terms->a));
}

void afq_drag_terms_at(const afq_drag_law *law, afn_unum t, afq_drag_coef *k, afq_drag_terms *terms)
{
    afq_drag_coef_at(t, afn_u_mul_trunc(law->mu, t), k);
    afq_drag_terms_of(law, k, terms);
}

void afq_drag_vec_of(const af_vec3_q16 *in, afq_drag_vec *out)
{
    uint32_t ax = afi_abs32(in->x), ay = afi_abs32(in->y), az = afi_abs32(in->z);
    uint32_t top = ax | ay | az; /* the same leading bit as the largest */
    int z = top ? afi_clz32(top) - 1 : 0;
    if (z < 0)
        z = 0; /* a component of -2^31: already full */
    out->z = z;
    out->zero = top == 0;
    out->v[0] = (int32_t)((uint32_t)in->x << z);
    out->v[1] = (int32_t)((uint32_t)in->y << z);
    out->v[2] = (int32_t)((uint32_t)in->z << z);
}

void afq_drag_vec_of64(const int64_t in[3], afq_drag_vec *out)
{
    uint64_t top = afi_abs64(in[0]) | afi_abs64(in[1]) | afi_abs64(in[2]);
    int z, i;
    if (!(top >> 31)) { /* fits 32 bits: exactly */
        af_vec3_q16 v;
        v.x = (fix16_t)in[0];
        v.y = (fix16_t)in[1];
        v.z = (fix16_t)in[2];
        afq_drag_vec_of(&v, out);
        return;
    }
    /* Shifted right (rounded) until the largest is below 2^31: z < 0. */
    z = afi_clz64(top) - 33;
    out->z = z;
    out->zero = 0;
    for (i = 0; i < 3; i++)
        out->v[i] = (int32_t)afi_floor_shift64(in[i] + ((int64_t)1 << (-z - 1)), -z);
}

/* The mantissa of a term aligned to the unit 2^(top + 2), negated for a
 * term to subtract. A term 2^30 times below the largest keeps a mantissa
 * of 0 or 1 (the shift stops at 31): an error of at most one unit. The
 * shift is clamped rather than the mantissa set to 0, so that GCC keeps
 * the 32 x 32-bit multiplies below (a select with a constant 0 makes it
 * widen them to 64 x 64 bits). */
static int32_t aligned(afn_unum c, const afq_drag_vec *in, int top, int negative)
{
    /* d >= 2 for every term that counts (top is the largest); a term left
     * out of top (a zero coefficient or vector) may have any d: clamped
     * too, its product is zero anyway. */
    int d = top - (c.e - in->z) + 2;
    int32_t m = (int32_t)(c.m >> (d < 2 ? 2 : d < 31 ? d : 31));
    return negative ? -m : m;
}

int afq_drag_apply(int n, const afn_unum *coef, unsigned negative, const afq_drag_vec *in,
                   int64_t out[3])
{
    static const afq_drag_vec none = { { 0, 0, 0 }, 0, 1 };
    const afq_drag_vec *v[4];
    int32_t m[4];
    int top = 0, any = 0, j, i, s;
    /* Term j is about m_j v_j 2^(e_j - z_j): the largest one sets the
     * unit, and the others' mantissas are shifted to it. With mantissas
     * below 2^30 and inputs of at most 2^31, a product is below 2^61 and
     * four of them sum exactly in 64 bits; each term keeps its bits down
     * to 2^-29 of the largest term, whatever the sizes of its coefficient
     * and input. */
    for (j = 0; j < 4; j++)
        v[j] = j < n ? &in[j] : &none;
    for (j = 0; j < n; j++) {
        int f = coef[j].e - in[j].z;
        if (coef[j].m != 0 && !in[j].zero && (!any || f > top)) {
            top = f;
            any = 1;
        }
    }
    for (j = 0; j < 4; j++)
        m[j] = aligned(coef[j < n ? j : 0], v[j], top, (negative >> j) & 1u);
    s = -(top + 2); /* the sum's unit is 2^-s raw */
    for (i = 0; i < 3; i++) {
        int64_t sum = (int64_t)m[0] * v[0]->v[i] + (int64_t)m[1] * v[1]->v[i] +
                      (int64_t)m[2] * v[2]->v[i] + (int64_t)m[3] * v[3]->v[i];
        /* Rounded to nearest, ties up: floor(sum / 2^s + 1/2), as
         * floor((floor(sum / 2^(s - 1)) + 1) / 2), the half added after
         * the shift: sum itself may reach 2^63 - 4. */
        if (s >= 64) {
            out[i] = 0;
        } else if (s >= 33) { /* the high word alone */
            int32_t h = afi_floor_shift32((int32_t)afi_floor_shift64(sum, 32), s - 33);
            out[i] = afi_floor_shift64((int64_t)h + 1, 1);
        } else if (s > 0) {
            out[i] = afi_floor_shift64(afi_floor_shift64(sum, s - 1) + 1, 1);
        } else {
            if (s <= -62 || afi_abs64(sum) >= ((uint64_t)1 << (62 + s)))
                return 0; /* at least 2^62 raw */
            out[i] = sum * ((int64_t)1 << -s);
        }
    }
    return 1;
}

int afq_drag_store3(const int64_t v[3], const af_vec3_q16 *base, af_vec3_q16 *out)
{
    int i;
    for (i = 0; i < 3; i++) {
        int64_t r = v[i] + (base ? (&base->x)[i] : 0);
        if (r > INT32_MAX || r < INT32_MIN)
            return 0;
        (&out->x)[i] = (fix16_t)r;
    }
    return 1;
}

void afq_drag_launch_vec(const afq_drag_law *law, const af_vec3_q16 *v, afq_drag_vec *out)
{
    const af_drag_q16 *m = law->model;
    int64_t w[3];
    uint64_t top = 0;
    int i, halve;
    if (!law->move_first) {
        afq_drag_vec_of(v, out);
        return;
    }
    /* v 2^16 - g dt in units of 2^-32, exactly (each product below 2^62);
     * halved when that could reach afq_drag_vec_of64's 2^62. */
    for (i = 0; i < 3; i++) {
        w[i] = (int64_t)(&v->x)[i] * 65536 - (int64_t)(&m->gravity.x)[i] * m->dt;
        top |= afi_abs64(w[i]);
    }
    halve = (top >> 61) != 0;
    for (i = 0; i < 3 && halve; i++)
        w[i] = afi_floor_shift64(w[i], 1);
    afq_drag_vec_of64(w, out);
    out->z += halve ? 15 : 16;
}

int afq_drag_apply2(const af_vec3_q16 *base, afn_unum c0, const afq_drag_vec *v0, afn_unum c1,
                    const afq_drag_vec *v1, int minus, af_vec3_q16 *out)
{
    int f0 = c0.e - v0->z, f1 = c1.e - v1->z, top, s, i;
    int live0 = c0.m != 0 && !v0->zero, live1 = c1.m != 0 && !v1->zero;
    int32_t m0, m1;
    top = !live0 ? f1 : !live1 ? f0 : f0 > f1 ? f0 : f1;
    m0 = aligned(c0, v0, top, 0);
    m1 = aligned(c1, v1, top, 0);
    /* GCC has proved both non-negative and would widen them as unsigned
     * (UMULL, ASR and MLA where one SMULL or SMLAL does). */
    AFI_OPAQUE(m0);
    AFI_OPAQUE(m1);
    if (minus)
        m1 = -m1;
    s = -(top + 2);
    if (s >= 32 && s < 64) {
        /* The high word of sum + half, shifted: a 32-bit value (the sum is
         * below 2^62), to which the base is added with a 32-bit overflow
         * test. */
        int64_t half = (int64_t)1 << (s - 1);
        for (i = 0; i < 3; i++) {
            int64_t sum = (int64_t)m0 * v0->v[i] + (int64_t)m1 * v1->v[i] + half;
            int32_t r = afi_floor_shift32((int32_t)afi_floor_shift64(sum, 32), s - 32);
            if (!base)
                (&out->x)[i] = r;
            else if (!afi_add_fits(r, (&base->x)[i], &(&out->x)[i]))
                return 0;
        }
        return 1;
    }
    {
        afn_unum coef[2];
        afq_drag_vec in[2];
        int64_t v[3];
        coef[0] = c0;
        coef[1] = c1;
        in[0] = *v0;
        in[1] = *v1;
        return afq_drag_apply(2, coef, minus ? 2u : 0u, in, v) && afq_drag_store3(v, base, out);
    }
}

int afq_drag_state(const afq_drag_law *law, const af_body_q16 *start, const afq_drag_coef *k,
                   const afq_drag_terms *terms, af_body_q16 *out)
{
    afq_drag_vec in[3];
    afn_unum pos[3], vel[3];
    int64_t p[3], v[3];
    af_body_q16 r;
    int n = 3;
    afq_drag_launch_vec(law, &start->velocity, &in[0]);
    afq_drag_vec_of(&law->model->gravity, &in[1]);
    if (!law->continuous) {
        af_body_q16 r2;
        /* Moving first, the velocity is the law's plus g dt. */
        afn_unum dv = law->move_first ? afn_u_add_trunc(terms->d, law->unit) : terms->d;
        if (!afq_drag_apply2(&start->position, terms->a, &in[0], terms->b, &in[1], 0,
                             &r2.position) ||
            !afq_drag_apply2(NULL, k->c, &in[0], dv, &in[1], 0, &r2.velocity))
            return 0;
        *out = r2;
        return 1;
    }
    afq_drag_vec_of(&law->model->wind, &in[2]);
    pos[0] = terms->a;
    pos[1] = terms->b;
    pos[2] = k->tbk; /* b k: the wind's share of the position */
    vel[0] = k->c;
    vel[1] = terms->d;
    vel[2] = k->omc; /* d k */
    if (!afq_drag_apply(n, pos, 0, in, p) || !afq_drag_store3(p, &start->position, &r.position) ||
        !afq_drag_apply(n, vel, 0, in, v) || !afq_drag_store3(v, NULL, &r.velocity))
        return 0;
    *out = r;
    return 1;
}

int afq_drag_velocity_steps(const afq_drag_law *law, const af_body_q16 *start, uint32_t n,
                            af_vec3_q16 *out)
{
    afq_drag_vec in[2];
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_unum steps = afn_u_make_trunc(n, 0);
    if (n == 0) {
        *out = start->velocity;
        return 1;
    }
    afq_drag_coef_at(afn_u_mul_trunc(steps, law->unit), afn_u_mul_trunc(steps, law->lambda), &k);
    afq_drag_terms_of(law, &k, &terms);
    afq_drag_launch_vec(law, &start->velocity, &in[0]);
    afq_drag_vec_of(&law->model->gravity, &in[1]);
    return afq_drag_apply2(NULL, k.c, &in[0],
                           law->move_first ? afn_u_add_trunc(terms.d, law->unit) : terms.d, &in[1],
                           0, out);
}

/* The state after t seconds; out may be start. */
static af_status predict_at(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t,
                            af_body_q16 *out)
{
    afq_drag_law law;
    afq_drag_coef k;
    afq_drag_terms terms;
    af_body_q16 from;
    afn_unum time, x;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!start) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    from = *start;
    memset(out, 0, sizeof *out);
    if (t < 0 || afq_drag_law_init(drag, &law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    time = afn_u_q16(t);
    if (law.continuous) { /* x = k t, exactly */
        x = afn_u_make_trunc((uint64_t)(uint32_t)drag->k * (uint32_t)t, -32);
    } else { /* x = lambda t / dt */
        x = afn_u_mul_trunc(law.lambda, afn_u_div_trunc(time, law.unit));
    }
    afq_drag_coef_at(time, x, &k);
    afq_drag_terms_of(&law, &k, &terms);
    if (!afq_drag_state(&law, &from, &k, &terms, out)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if (afq_drag_cap(&law, &from, t) != AF_OK) {
        memset(out, 0, sizeof *out);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}

af_status af_drag_predict_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t,
                              af_body_q16 *out)
{
    return predict_at(drag, start, t, out);
}
