/* SPDX-License-Identifier: MIT */
/*
 * Heights in Q16: the apex in closed form and the time at which a height
 * is reached, by the method of drag_height_f64.c (read it first):
 *
 *     h(t) = U a(t) + W b(t),  h'(t) = U da + W db,
 *     t_apex = (U / w) log1p(y) / y - lead,  y = mu U / w,  w = -sigma W,
 *     lead = (lag / rho) log1p(mu lag / rho) / (mu lag / rho),
 *
 * and about an apex h(t_apex + s) = h_apex - K s^2 phi2(mu s), solved as
 * G(s) = s sqrt(phi2(mu s)) = +-sqrt((h_apex - H) / K) inside closed-form
 * brackets, or Newton on h itself low on the way up and for a body thrown
 * down.
 *
 * Signed scalars are afx, the law's coefficients afdq_num. One difference
 * from f64: the law is only evaluated at t >= 0, so when the apex lies
 * before the launch (a body already falling) its height and curvature
 * come from the launch instead: with S = -t_apex the launch is S after the
 * apex, so 0 = h_apex - K S^2 phi2(mu S) and K = K0 e^(mu S), K0 = rho
 * (w + mu U) the curvature at launch.
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

static const afdq_num one = { 0x80000000u, -31 };

af_status afdq_vertical_init(const af_drag_q16 *drag, const af_body_q16 *start, afdq_vertical *v)
{
    uint64_t len2;
    afdq_num inv;
    int64_t u = 0, wu = 0;
    int i, k;
    if (!start || afdq_law_init(drag, &v->law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    len2 = af_vec3_len2_q16(&drag->gravity);
    if (len2 == 0)
        return AF_ERR_BAD_ARGUMENT;
    afdq_law_rate(&v->law);
    v->glen = afdq_sqrt(afdq_make(len2, -32));
    inv = afdq_div(one, v->glen);
    /* up_i 2^30 = -g_i (raw) (inv.m / 2) 2^(e + 15), at most 2^30 in
     * magnitude; the product stays below 2^62. */
    k = -(inv.e + 15);
    for (i = 0; i < 3; i++) {
        int64_t p = (int64_t)(&drag->gravity.x)[i] * (int64_t)(inv.m >> 1);
        int64_t q = k >= 63 ? 0 : k > 0 ? afi_floor_shift64(p + ((int64_t)1 << (k - 1)), k) : p;
        v->up[i] = -(int32_t)q;
    }
    for (i = 0; i < 3; i++) {
        u += (int64_t)(&start->velocity.x)[i] * v->up[i];
        wu += (int64_t)(&drag->wind.x)[i] * v->up[i];
    }
    v->U = afx_make(u, -46);
    v->W = afdq_afx(v->glen);
    v->W.m = -v->W.m;
    if (v->law.continuous) /* W = -|g| + k wind.up */
        v->W = dx_add(v->W, afx_mul_dq(afx_make(wu, -46), v->law.lambda));
    if (v->law.move_first) /* the law's launch, v0 - g dt, along up */
        v->U = dx_sub(v->U, afx_mul_dq(v->W, v->law.unit));
    return AF_OK;
}

afx afdq_height_of(const afdq_vertical *v, const afdq_terms *terms)
{
    return dx_add(afx_mul_dq(v->U, terms->a), afx_mul_dq(v->W, terms->b));
}

static afx slope_of(const afdq_vertical *v, const afdq_terms *terms)
{
    return dx_add(afx_mul_dq(v->U, terms->da), afx_mul_dq(v->W, terms->db));
}

/* w = -sigma W > 0 (W < 0 here). */
static afx pull(const afdq_vertical *v)
{
    afx w = afx_mul_dq(v->W, v->law.sigma);
    w.m = -w.m;
    return w;
}

/* h'(0) = U rho + W sigma lag. */
static afx launch_slope(const afdq_vertical *v)
{
    return dx_add(afx_mul_dq(v->U, v->law.rho),
                   afx_mul_dq(v->W, afdq_mul(v->law.sigma, v->law.lag)));
}

/* The curvature at launch, K0 = rho (w + mu U): > 0 for a concave curve. */
static afx launch_curvature(const afdq_vertical *v)
{
    return afx_mul_dq(dx_add(pull(v), afx_mul_dq(v->U, v->law.mu)), v->law.rho);
}

/* (Y / w) log1p(mu Y / w) / (mu Y / w): the time at which a slope that
 * starts Y above its limit has fallen to it (t_apex + lead for Y = U). */
static afx decay_time(const afdq_vertical *v, afx Y, afx w)
{
    afx r = afx_div(Y, w);
    if (r.m == 0)
        return r;
    return afx_mul_dq(r, afdq_log1p_ratio(afx_mul_dq(r, v->law.mu)));
}

afx afdq_apex_time(const afdq_vertical *v)
{
    afx lead = { 0, 0 };
    if (!afdq_is_zero(v->law.lag)) {
        /* lead = (lag / rho) log1p(mu lag / rho) / (mu lag / rho). */
        afdq_num r = afdq_div(v->law.lag, v->law.rho);
        lead = afdq_afx(afdq_mul(r, afdq_log1p_ratio(afdq_afx(afdq_mul(r, v->law.mu)))));
    }
    return dx_sub(decay_time(v, v->U, pull(v)), lead);
}

/* The law's coefficients at time t >= 0 (afx). */
static void terms_at(const afdq_vertical *v, afx t, afdq_coef *k, afdq_terms *terms)
{
    afdq_terms_at(&v->law, t.m > 0 ? afx_dq(t) : afdq_make(0, 0), k, terms);
}

/* ---- Newton on the height itself ------------------------------------- */

typedef struct height_fn {
    const afdq_vertical *v;
    afx target;
    int negate; /* solve H - h (increasing when h falls) */
} height_fn;

static afx height_offset(afx t, void *ctx, afx *slope, afx *noise)
{
    const height_fn *f = ctx;
    afdq_coef k;
    afdq_terms terms;
    afx h;
    terms_at(f->v, t, &k, &terms);
    h = dx_sub(afdq_height_of(f->v, &terms), f->target);
    /* Each term of h is good to about 2^-28 of itself, and they may
     * cancel: 2^-26 of their sizes here. Taken at the bracket's end
     * instead, where a and b are larger, it let Newton stop several times
     * that far from the root. */
    *noise = dx_add(afx_abs(afx_mul_dq(f->v->U, terms.a)), afx_abs(afx_mul_dq(f->v->W, terms.b)));
    noise->e -= 26;
    afdq_slopes_of(&f->v->law, &k, &terms);
    *slope = slope_of(f->v, &terms);
    if (f->negate) {
        h.m = -h.m;
        slope->m = -slope->m;
    }
    return h;
}

/* Newton on h over [lo, hi] from x0 (the end where it converges
 * monotonically). */
static af_status solve_on_height(const afdq_vertical *v, afx H, int negate, afx lo, afx hi, afx x0,
                                 afx *t, int *steps)
{
    height_fn f;
    f.v = v;
    f.target = H;
    f.negate = negate;
    if (!afx_lt(lo, hi)) { /* the bounds met: a straight line */
        *t = lo;
        return AF_OK;
    }
    return afdq_newton(height_offset, &f, lo, hi, x0, t, steps);
}

/* ---- Newton about the apex ------------------------------------------- */

typedef struct apex_fn {
    afdq_num mu;
    afx target;
} apex_fn;

/* G(s) - target, with G' = phi1 / (2 sqrt(phi2)). */
static afx apex_distance(afx s, void *ctx, afx *slope, afx *noise)
{
    const apex_fn *f = ctx;
    afdq_num phi1, phi2, root;
    afx g;
    afdq_phi(afx_mul_dq(s, f->mu), &phi1, &phi2);
    root = afdq_sqrt(phi2);
    g = afx_mul_dq(s, root);
    *slope = afdq_afx(afdq_scale(afdq_div(phi1, root), -1));
    *noise = dx_add(afx_abs(g), afx_abs(f->target));
    noise->e -= 27;
    return dx_sub(g, f->target);
}

/* sqrt(2), ln 2 as afx. */
static const afx sqrt_2 = { 1518500250, -30 };
static const afx ln_2_x = { 1488522236, -31 };

/* The brackets of drag_height_f64.c's apex_bracket, for G(s) = g. */
static void apex_bracket(afdq_num mu, afx g, afx t_apex, afx *lo, afx *hi)
{
    afx a = afx_abs(g), gamma = afx_mul_dq(a, mu), gamma2 = dx_mul(gamma, gamma), widen;
    if (g.m >= 0) {
        afx root = afx_sqrt(dx_add(gamma2, afx_make(8, 0)));
        *lo = dx_mul(sqrt_2, a);
        if (afx_lt(*lo, dx_mul(gamma, a)))
            *lo = dx_mul(gamma, a);
        *hi = dx_mul(a, dx_add(gamma, root));
        hi->e--;
    } else {
        afx l = afx_neg(dx_mul(sqrt_2, a));
        *lo = afx_neg(t_apex);
        if (afx_lt(*lo, l))
            *lo = l;
        if (!afdq_is_zero(mu)) {
            afx bound = dx_add(ln_2_x, afx_mul_dq(gamma2, afdq_log1p_ratio(gamma2)));
            bound = afx_neg(afx_div(bound, afdq_afx(mu)));
            if (afx_lt(*lo, bound))
                *lo = bound;
        }
        *hi = afx_neg(afx_mul_dq(dx_mul(gamma, a), afdq_log1p_ratio(gamma2)));
    }
    /* Widened by 2^-26 of the bracket: rounding leaves the root inside. */
    widen = dx_add(afx_abs(*lo), afx_abs(*hi));
    widen.e -= 26;
    *lo = dx_sub(*lo, widen);
    *hi = dx_add(*hi, widen);
}

/* The time from the apex at which h_apex - K s^2 phi2(mu s) = H, on the
 * branch (s < 0 rising, s > 0 falling). */
static af_status apex_offset(const afdq_vertical *v, afx t_apex, afx h_apex, afx K, afx H,
                             af_branch branch, afx *s, int *steps)
{
    apex_fn f;
    afx lo, hi;
    if (K.m <= 0) /* drag so strong that the curvature underflows */
        return AF_ERR_OUT_OF_RANGE;
    f.mu = v->law.mu;
    f.target = afx_sqrt(afx_div(dx_sub(h_apex, H), K));
    if (branch == AF_RISING)
        f.target = afx_neg(f.target);
    apex_bracket(f.mu, f.target, t_apex, &lo, &hi);
    /* G is concave: from the lower end Newton climbs to the root. */
    return afdq_newton(apex_distance, &f, lo, hi, lo, s, steps);
}

/* The branches either side of an apex at t_apex >= 0. */
static af_status solve_about_apex(const afdq_vertical *v, afx t_apex, afx H, af_branch branch,
                                  afx *t, int *steps)
{
    afdq_coef k;
    afdq_terms terms;
    afx h_apex, K, s;
    af_status st;

    terms_at(v, t_apex, &k, &terms);
    h_apex = afdq_height_of(v, &terms);
    if (afx_lt(h_apex, H) || (branch == AF_RISING && H.m < 0))
        return AF_ERR_NO_SOLUTION;
    if (branch == AF_RISING && H.m == 0)
        return AF_OK; /* the launch itself */
    if (branch == AF_RISING) {
        afx half = h_apex;
        half.e--;
        if (!afx_lt(half, H)) {
            /* Low on the way up: on h itself, concave and rising, between
             * the tangent at launch and the chord to the apex. */
            afx lo = afx_div(H, launch_slope(v));
            return solve_on_height(v, H, 0, lo, afx_div(dx_mul(H, t_apex), h_apex), lo, t,
                                   steps);
        }
    }
    K = afx_mul_dq(launch_curvature(v), k.c); /* K0 e^(-mu t_apex) */
    st = apex_offset(v, t_apex, h_apex, K, H, branch, &s, steps);
    if (st != AF_OK)
        return st;
    *t = dx_add(t_apex, s);
    if (t->m < 0)
        t->m = 0;
    return AF_OK;
}

/* h'(inf) = W sigma (lag + rho / mu), the terminal slope (mu > 0). */
static afx terminal_slope(const afdq_vertical *v)
{
    const afdq_law *law = &v->law;
    return afx_mul_dq(v->W, afdq_mul(law->sigma, afdq_add(law->lag, afdq_div(law->rho, law->mu))));
}

/* |h'(0)| below half the terminal slope (always, without drag). */
static int starts_near_top(const afdq_vertical *v, afx s0)
{
    afx half;
    if (afdq_is_zero(v->law.mu))
        return 1;
    half = terminal_slope(v);
    half.e--;
    return afx_mag_less(s0, half);
}

/* A body falling from launch (h'(0) < 0) reaching H < 0, with Newton on h
 * between the times the extreme slopes give. */
static af_status solve_falling_from_launch(const afdq_vertical *v, afx H, afx s0, int concave,
                                           afx *t, int *steps)
{
    afx lo = { 0, 0 }, hi;
    if (!afdq_is_zero(v->law.mu)) {
        afx s_inf = terminal_slope(v);
        afx steep = afx_lt(s0, s_inf) ? s0 : s_inf, gentle = afx_lt(s0, s_inf) ? s_inf : s0;
        lo = afx_div(H, steep);
        hi = afx_div(H, gentle);
    } else {
        hi = afx_div(H, s0);
    }
    return solve_on_height(v, H, 1, lo, hi, concave ? hi : lo, t, steps);
}

af_status afdq_height_time(const afdq_vertical *v, afx H, af_branch branch, afx *t, int *steps)
{
    afx s0, K0;
    int concave;
    t->m = 0;
    t->e = 0;
    *steps = 0;
    if (branch != AF_RISING && branch != AF_FALLING)
        return AF_ERR_BAD_ARGUMENT;
    /* An updraft at least as strong as gravity: the body need not come
     * down. */
    if (v->W.m >= 0)
        return AF_ERR_OUT_OF_RANGE;
    s0 = launch_slope(v);
    K0 = launch_curvature(v);
    concave = K0.m > 0;
    if (s0.m >= 0) {
        afx t_apex = afdq_apex_time(v);
        if (t_apex.m < 0)
            t_apex.m = 0;
        return solve_about_apex(v, t_apex, H, branch, t, steps);
    }
    if (branch == AF_RISING || H.m > 0)
        return AF_ERR_NO_SOLUTION;
    if (H.m == 0)
        return AF_OK;
    /* Past an apex the curve had S before launch: the apex form when that
     * apex is no higher above the launch than H is below it, as in f64,
     * and the curve starts near its top (h'(0) within half of the terminal
     * slope). Not for a launch near the terminal velocity: there the
     * curvature K0 = rho (w + mu U) is a difference of nearly equal terms
     * that 30 bits cannot resolve, while h is nearly straight, its slope
     * within a factor 2 from launch on, and Newton on it quick. */
    if (concave && starts_near_top(v, s0)) {
        afx S = afx_neg(afdq_apex_time(v));
        if (S.m > 0) {
            afdq_coef k;
            afdq_num Sd = afx_dq(S);
            afx K, h_apex, s;
            af_status st;
            afdq_coef_at(Sd, afdq_mul(v->law.mu, Sd), &k);
            K = afx_mul_dq(K0, afdq_div(one, k.c)); /* K0 e^(mu S) */
            h_apex = afx_mul_dq(K, k.t2phi2);      /* K S^2 phi2(mu S) */
            if (!afx_lt(afx_neg(H), h_apex)) {
                st = apex_offset(v, afx_neg(S), h_apex, K, H, AF_FALLING, &s, steps);
                if (st != AF_OK)
                    return st;
                *t = dx_sub(s, S);
                if (t->m < 0)
                    t->m = 0;
                return AF_OK;
            }
        }
    }
    return solve_falling_from_launch(v, H, s0, concave, t, steps);
}

/* The event at time t (afx >= 0) rounded to Q16.16: that time, and the
 * height and state there (so that predicting at out->t gives out->state),
 * or 0 when one of them does not fit Q16.16. */
static int event_at(const afdq_vertical *v, const af_body_q16 *start, afx t, int steps,
                    af_drag_event_q16 *out)
{
    afdq_coef k;
    afdq_terms terms;
    out->steps = steps;
    if (!afx_to_raw(t, &out->t))
        return 0;
    terms_at(v, afx_raw(out->t), &k, &terms);
    if (!afx_to_raw(afdq_height_of(v, &terms), &out->height) ||
        !afdq_state(&v->law, start, &k, &terms, &out->state))
        return 0;
    return 1;
}

af_status af_drag_apex_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                           af_drag_event_q16 *out)
{
    afdq_vertical v;
    afx t = { 0, 0 };

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (afdq_vertical_init(drag, start, &v) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    if (v.W.m >= 0) {
        /* Continuous updraft: rising at launch or later, it never turns. */
        if (v.W.m > 0 || v.U.m > 0)
            return AF_ERR_NO_SOLUTION;
    } else if (launch_slope(&v).m > 0) {
        t = afdq_apex_time(&v);
        if (t.m < 0)
            t.m = 0;
    }
    if (!event_at(&v, start, t, 0, out)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if (afdq_cap(&v.law, start, out->t) != AF_OK) {
        memset(out, 0, sizeof *out);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}

af_status af_drag_time_at_height_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                                     fix16_t height, af_branch branch, af_drag_event_q16 *out)
{
    afdq_vertical v;
    afx t;
    int steps;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (afdq_vertical_init(drag, start, &v) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    st = afdq_height_time(&v, afx_raw(height), branch, &t, &steps);
    if (st != AF_OK)
        return st;
    if (!event_at(&v, start, t, steps, out)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if (afdq_cap(&v.law, start, out->t) != AF_OK) {
        memset(out, 0, sizeof *out);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}
