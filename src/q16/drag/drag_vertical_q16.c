/* SPDX-License-Identifier: MIT */
/*
 * The vertical motion of the Q16 drag law (drag_q16.h's heights): "up",
 * the launch's vertical speed U and the pull W along it, the height and
 * its slope at a time, the apex in closed form (drag_height_f64.c's
 * method), and the event reported at a time; the time at a height is
 * drag_height_q16.c's.
 *
 *     h(t) = U a(t) + W b(t),  h'(t) = U da + W db,
 *     t_apex = (U / w) log1p(y) / y - lead,  y = mu U / w,  w = -sigma W,
 *     lead = (lag / rho) log1p(mu lag / rho) / (mu lag / rho).
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

static const afn_unum one = { 0x80000000u, -31 };

/* x = hi 2^32 + lo with lo brought into [0, 2^32) (lo >= 0 on entry). */
static void carry32(int64_t *hi, int64_t *lo)
{
    *hi += *lo >> 32;
    *lo &= 0xffffffff;
}

/* a.g of raw vectors, exactly: hi 2^32 + lo (raw^2 units), lo in
 * [0, 2^32), |hi| <= 3 2^30 + 3. */
static void exact_dot(const af_vec3_q16 *a, const af_vec3_q16 *g, int64_t *hi, int64_t *lo)
{
    int i;
    *hi = *lo = 0;
    for (i = 0; i < 3; i++) {
        int64_t p = afi_smul32((&a->x)[i], (&g->x)[i]); /* |p| <= 2^62 */
        *hi += afi_floor_shift64(p, 32);
        *lo += (int64_t)((uint64_t)p & 0xffffffffu);
    }
    carry32(hi, lo);
}

/* -(hi 2^32 + lo) 2^e / |g|, rounded once after the exact numerator. */
static afn_snum over_glen(int64_t hi, int64_t lo, int e, afn_unum glen)
{
    afn_snum d =
        hi >= -((int64_t)1 << 30) && hi < ((int64_t)1 << 30)
            ? afn_s_make_near(hi * ((int64_t)1 << 32) + lo, e) /* exact below 2^62 */
            : afn_s_add_trunc(afn_s_make_near(hi, e + 32), afn_s_make_near(lo, e)); /* sign: hi's */
    return afn_s_div_near(afn_s_neg(d), afn_u_to_s_sticky(glen));
}

/* W = -|g| + k wind.up for continuous drag, as -(|g|^2 + k wind.g) / |g|:
 * the numerator exact (raw units, 2^-48) before its one rounding, so that
 * the sign of W, an updraft at W >= 0, is exact, W = 0 included (up's
 * rounding would move it by 2^-30 of k |wind|). */
static afn_snum continuous_pull(const af_drag_q16 *drag, afn_unum glen)
{
    int64_t hi, lo, k = drag->k, dhi, dlo;
    uint64_t g2 = 0;
    int i;
    for (i = 0; i < 3; i++)
        g2 += (uint64_t)afi_smul32((&drag->gravity.x)[i], (&drag->gravity.x)[i]);
    exact_dot(&drag->wind, &drag->gravity, &hi, &lo);
    /* k wind.g + |g|^2 2^16, each part below 2^63 (k < 2^31). */
    dhi = k * hi + (int64_t)(g2 >> 16);
    dlo = k * lo + (int64_t)((g2 & 0xffffu) << 16);
    carry32(&dhi, &dlo);
    return over_glen(dhi, dlo, -48, glen);
}

af_status afq_drag_vertical_init(const af_drag_q16 *drag, const af_body_q16 *start,
                                 afq_drag_vertical *v)
{
    uint64_t len2;
    afn_unum inv;
    int i, k;
    if (!start || afq_drag_law_init(drag, &v->law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    len2 = af_vec3_len2_q16(&drag->gravity);
    if (len2 == 0)
        return AF_ERR_BAD_ARGUMENT;
    afq_drag_law_rate(&v->law);
    v->glen = afn_u_sqrt_near(afn_u_make_trunc(len2, -32));
    inv = afn_u_div_trunc(one, v->glen);
    /* up_i 2^30 = -g_i (raw) (inv.m / 2) 2^(e + 15), at most 2^30 in
     * magnitude; the product stays below 2^62. */
    k = -(inv.e + 15);
    for (i = 0; i < 3; i++) {
        int64_t p = (int64_t)(&drag->gravity.x)[i] * (int64_t)(inv.m >> 1);
        int64_t q = k >= 63 ? 0 : k > 0 ? afi_floor_shift64(p + ((int64_t)1 << (k - 1)), k) : p;
        v->up[i] = -(int32_t)q;
    }
    /* U = v0.up = -(v0.g) / |g| from the exact v0.g: up's rounding (2^-30)
     * would move U by 2^-30 of |v0|, and with it whether a nearly
     * weightless body rises at all. */
    {
        int64_t hi, lo;
        exact_dot(&start->velocity, &drag->gravity, &hi, &lo);
        v->U = over_glen(hi, lo, -32, v->glen);
    }
    v->W = afn_u_to_s_sticky(v->glen);
    v->W.m = -v->W.m;
    if (v->law.continuous)
        v->W = continuous_pull(drag, v->glen);
    if (v->law.move_first) /* the law's launch, v0 - g dt, along up */
        v->U = afn_s_sub_trunc(v->U, afn_s_mul_u_trunc(v->W, v->law.unit));
    return AF_OK;
}

afn_snum afq_drag_height_of(const afq_drag_vertical *v, const afq_drag_terms *terms)
{
    return afn_s_add_trunc(afn_s_mul_u_trunc(v->U, terms->a), afn_s_mul_u_trunc(v->W, terms->b));
}

afn_snum afq_drag_vertical_slope(const afq_drag_vertical *v, const afq_drag_terms *terms)
{
    return afn_s_add_trunc(afn_s_mul_u_trunc(v->U, terms->da), afn_s_mul_u_trunc(v->W, terms->db));
}

/* w = -sigma W > 0 (W < 0 here). */
static afn_snum pull(const afq_drag_vertical *v)
{
    afn_snum w = afn_s_mul_u_trunc(v->W, v->law.sigma);
    w.m = -w.m;
    return w;
}

/* h'(0) = U rho + W sigma lag. */
afn_snum afq_drag_launch_slope(const afq_drag_vertical *v)
{
    return afn_s_add_trunc(afn_s_mul_u_trunc(v->U, v->law.rho),
                           afn_s_mul_u_trunc(v->W, afn_u_mul_trunc(v->law.sigma, v->law.lag)));
}

/* The curvature at launch, K0 = rho (w + mu U): > 0 for a concave curve. */
afn_snum afq_drag_launch_curvature(const afq_drag_vertical *v)
{
    return afn_s_mul_u_trunc(afn_s_add_trunc(pull(v), afn_s_mul_u_trunc(v->U, v->law.mu)),
                             v->law.rho);
}

/* The curvature at the apex, -h'' = mu |h'(inf)| = w (rho + mu lag): with
 * h' = 0 there the exponential drops out, so a decay e^(-mu t_apex) too
 * small for 32 bits cannot make it vanish. */
afn_snum afq_drag_apex_curvature(const afq_drag_vertical *v)
{
    return afn_s_mul_u_trunc(pull(v),
                             afn_u_add_trunc(v->law.rho, afn_u_mul_trunc(v->law.mu, v->law.lag)));
}

/* (Y / w) log1p(mu Y / w) / (mu Y / w): the time at which a slope that
 * starts Y above its limit has fallen to it (t_apex + lead for Y = U). */
static afn_snum decay_time(const afq_drag_vertical *v, afn_snum Y, afn_snum w)
{
    afn_snum r = afn_s_div_near(Y, w);
    if (r.m == 0)
        return r;
    return afn_s_mul_u_trunc(r, afq_drag_log1p_ratio(afn_s_mul_u_trunc(r, v->law.mu)));
}

afn_snum afq_drag_apex_time(const afq_drag_vertical *v)
{
    afn_snum lead = { 0, 0 };
    if (!afn_u_is_zero(v->law.lag)) {
        /* lead = (lag / rho) log1p(mu lag / rho) / (mu lag / rho). */
        afn_unum r = afn_u_div_trunc(v->law.lag, v->law.rho);
        lead = afn_u_to_s_sticky(afn_u_mul_trunc(
            r, afq_drag_log1p_ratio(afn_u_to_s_sticky(afn_u_mul_trunc(r, v->law.mu)))));
    }
    return afn_s_sub_trunc(decay_time(v, v->U, pull(v)), lead);
}

/* The event at time t (afn_snum >= 0) rounded to Q16.16: that time, and the
 * height and state there (so that predicting at out->t gives out->state),
 * or 0 when one of them does not fit Q16.16. */
int afq_drag_event_at(const afq_drag_vertical *v, const af_body_q16 *start, afn_snum t, int steps,
                      af_drag_event_q16 *out)
{
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_snum at;
    out->steps = steps;
    if (!afn_s_to_raw_near(t, &out->t))
        return 0;
    at = afn_s_raw(out->t);
    afq_drag_terms_at(&v->law, at.m > 0 ? afn_s_to_u(at) : afn_u_make_trunc(0, 0), &k, &terms);
    if (!afn_s_to_raw_near(afq_drag_height_of(v, &terms), &out->height) ||
        !afq_drag_state(&v->law, start, &k, &terms, &out->state))
        return 0;
    return 1;
}

af_status af_drag_apex_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                           af_drag_event_q16 *out)
{
    afq_drag_vertical v;
    afn_snum t = { 0, 0 };

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (afq_drag_vertical_init(drag, start, &v) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    if (v.W.m >= 0) {
        /* Continuous updraft: rising at launch or later, it never turns. */
        if (v.W.m > 0 || v.U.m > 0)
            return AF_ERR_NO_SOLUTION;
    } else if (afq_drag_launch_slope(&v).m > 0) {
        t = afq_drag_apex_time(&v);
        if (t.m < 0)
            t.m = 0;
    }
    if (!afq_drag_event_at(&v, start, t, 0, out)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if (afq_drag_cap(&v.law, start, out->t) != AF_OK) {
        memset(out, 0, sizeof *out);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}
