/* SPDX-License-Identifier: MIT */
/*
 * The time at which a body reaches a height in Q16, by the method of
 * drag_height_f64.c (read it first), on the vertical law of
 * drag_vertical_q16.c: about an apex
 * h(t_apex + s) = h_apex - K s^2 phi2(mu s), solved as
 * G(s) = s sqrt(phi2(mu s)) = +-sqrt((h_apex - H) / K) inside closed-form
 * brackets, or Newton on h itself low on the way up and for a body thrown
 * down.
 *
 * Signed scalars are afn_snum, the law's coefficients afn_unum. One difference
 * from f64: the law is only evaluated at t >= 0, so when the apex lies
 * before the launch (a body already falling) its height and curvature
 * come from the launch instead: with S = -t_apex the launch is S after the
 * apex, so 0 = h_apex - K S^2 phi2(mu S) and K = K0 e^(mu S), K0 = rho
 * (w + mu U) the curvature at launch.
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

static const afn_snum one_s = { 0x40000000, -30 };

/* The law's coefficients at time t >= 0 (afn_snum). */
static void terms_at(const afq_drag_vertical *v, afn_snum t, afq_drag_coef *k,
                     afq_drag_terms *terms)
{
    afq_drag_terms_at(&v->law, t.m > 0 ? afn_s_to_u(t) : afn_u_make_trunc(0, 0), k, terms);
}

/* ---- Newton on the height itself ------------------------------------- */

typedef struct height_fn {
    const afq_drag_vertical *v;
    afn_snum target;
    int negate; /* solve H - h (increasing when h falls) */
} height_fn;

static afn_snum height_offset(afn_snum t, void *ctx, afn_snum *slope, afn_snum *noise)
{
    const height_fn *f = ctx;
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_snum h;
    terms_at(f->v, t, &k, &terms);
    h = afn_s_sub_trunc(afq_drag_height_of(f->v, &terms), f->target);
    /* Each term of h is good to about 2^-28 of itself, and they may
     * cancel: 2^-26 of their sizes here. Taken at the bracket's end
     * instead, where a and b are larger, it let Newton stop several times
     * that far from the root. */
    *noise = afn_s_add_trunc(afn_s_abs(afn_s_mul_u_trunc(f->v->U, terms.a)),
                             afn_s_abs(afn_s_mul_u_trunc(f->v->W, terms.b)));
    noise->e -= 26;
    afq_drag_slopes_of(&f->v->law, &k, &terms);
    *slope = afq_drag_vertical_slope(f->v, &terms);
    if (f->negate) {
        h.m = -h.m;
        slope->m = -slope->m;
    }
    return h;
}

/* Newton on h over [lo, hi] from x0 (the end where it converges
 * monotonically). */
static af_status solve_on_height(const afq_drag_vertical *v, afn_snum H, int negate, afn_snum lo,
                                 afn_snum hi, afn_snum x0, afn_snum *t, int *steps)
{
    height_fn f;
    f.v = v;
    f.target = H;
    f.negate = negate;
    if (!afn_s_lt(lo, hi)) { /* the bounds met: a straight line */
        *t = lo;
        return AF_OK;
    }
    return afq_drag_newton(height_offset, &f, lo, hi, x0, t, steps);
}

/* ---- Newton about the apex ------------------------------------------- */

typedef struct apex_fn {
    afn_unum mu;
    afn_snum target;
} apex_fn;

/* G(s) - target, with G' = phi1 / (2 sqrt(phi2)). */
static afn_snum apex_distance(afn_snum s, void *ctx, afn_snum *slope, afn_snum *noise)
{
    const apex_fn *f = ctx;
    afn_unum phi1, phi2, root;
    afn_snum g;
    afq_drag_phi(afn_s_mul_u_trunc(s, f->mu), &phi1, &phi2);
    root = afn_u_sqrt_near(phi2);
    g = afn_s_mul_u_trunc(s, root);
    *slope = afn_u_to_s_sticky(afn_u_scale(afn_u_div_trunc(phi1, root), -1));
    *noise = afn_s_add_trunc(afn_s_abs(g), afn_s_abs(f->target));
    noise->e -= 27;
    return afn_s_sub_trunc(g, f->target);
}

/* sqrt(2), ln 2 as afn_snum. */
static const afn_snum sqrt_2 = { 1518500250, -30 };
static const afn_snum ln_2_x = { 1488522236, -31 };

/* The brackets of drag_height_f64.c's apex_bracket, for G(s) = g. */
static void apex_bracket(afn_unum mu, afn_snum g, afn_snum t_apex, afn_snum *lo, afn_snum *hi)
{
    afn_snum a = afn_s_abs(g), gamma = afn_s_mul_u_trunc(a, mu),
             gamma2 = afn_s_mul_trunc(gamma, gamma), widen;
    if (g.m >= 0) {
        afn_snum root = afn_s_sqrt_near(afn_s_add_trunc(gamma2, afn_s_make_near(8, 0)));
        *lo = afn_s_mul_trunc(sqrt_2, a);
        if (afn_s_lt(*lo, afn_s_mul_trunc(gamma, a)))
            *lo = afn_s_mul_trunc(gamma, a);
        *hi = afn_s_mul_trunc(a, afn_s_add_trunc(gamma, root));
        hi->e--;
    } else {
        afn_snum l = afn_s_neg(afn_s_mul_trunc(sqrt_2, a));
        *lo = afn_s_neg(t_apex);
        if (afn_s_lt(*lo, l))
            *lo = l;
        if (!afn_u_is_zero(mu)) {
            afn_snum bound =
                afn_s_add_trunc(ln_2_x, afn_s_mul_u_trunc(gamma2, afq_drag_log1p_ratio(gamma2)));
            bound = afn_s_neg(afn_s_div_near(bound, afn_u_to_s_sticky(mu)));
            if (afn_s_lt(*lo, bound))
                *lo = bound;
        }
        *hi = afn_s_neg(afn_s_mul_u_trunc(afn_s_mul_trunc(gamma, a), afq_drag_log1p_ratio(gamma2)));
    }
    /* Widened by 2^-26 of the bracket: rounding leaves the root inside. */
    widen = afn_s_add_trunc(afn_s_abs(*lo), afn_s_abs(*hi));
    widen.e -= 26;
    *lo = afn_s_sub_trunc(*lo, widen);
    *hi = afn_s_add_trunc(*hi, widen);
}

/* The time from the apex at which h_apex - K s^2 phi2(mu s) = H, on the
 * branch (s < 0 rising, s > 0 falling). */
static af_status apex_offset(const afq_drag_vertical *v, afn_snum t_apex, afn_snum h_apex,
                             afn_snum K, afn_snum H, af_branch branch, afn_snum *s, int *steps)
{
    apex_fn f;
    afn_snum lo, hi;
    f.mu = v->law.mu;
    f.target = afn_s_sqrt_near(afn_s_div_near(afn_s_sub_trunc(h_apex, H), K));
    if (branch == AF_RISING)
        f.target = afn_s_neg(f.target);
    apex_bracket(f.mu, f.target, t_apex, &lo, &hi);
    /* G is concave: from the lower end Newton climbs to the root. */
    return afq_drag_newton(apex_distance, &f, lo, hi, lo, s, steps);
}

/* The branches either side of an apex at t_apex >= 0. */
static af_status solve_about_apex(const afq_drag_vertical *v, afn_snum t_apex, afn_snum H,
                                  af_branch branch, afn_snum *t, int *steps)
{
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_snum h_apex, K, s;
    af_status st;

    terms_at(v, t_apex, &k, &terms);
    h_apex = afq_drag_height_of(v, &terms);
    if (afn_s_lt(h_apex, H) || (branch == AF_RISING && H.m < 0))
        return AF_ERR_NO_SOLUTION;
    if (branch == AF_RISING && H.m == 0)
        return AF_OK; /* the launch itself */
    if (branch == AF_RISING) {
        afn_snum half = h_apex;
        half.e--;
        if (!afn_s_lt(half, H)) {
            /* Low on the way up: on h itself, concave and rising, between
             * the tangent at launch and the chord to the apex. */
            afn_snum lo = afn_s_div_near(H, afq_drag_launch_slope(v));
            return solve_on_height(v, H, 0, lo, afn_s_div_near(afn_s_mul_trunc(H, t_apex), h_apex),
                                   lo, t, steps);
        }
    }
    K = afq_drag_apex_curvature(v);
    st = apex_offset(v, t_apex, h_apex, K, H, branch, &s, steps);
    if (st != AF_OK)
        return st;
    *t = afn_s_add_trunc(t_apex, s);
    if (t->m < 0)
        t->m = 0;
    return AF_OK;
}

/* h'(inf) = W sigma (lag + rho / mu), the terminal slope (mu > 0). */
static afn_snum terminal_slope(const afq_drag_vertical *v)
{
    const afq_drag_law *law = &v->law;
    return afn_s_mul_u_trunc(
        v->W,
        afn_u_mul_trunc(law->sigma, afn_u_add_trunc(law->lag, afn_u_div_trunc(law->rho, law->mu))));
}

/* |h'(0)| below half the terminal slope (always, without drag). */
static int starts_near_top(const afq_drag_vertical *v, afn_snum s0)
{
    afn_snum half;
    if (afn_u_is_zero(v->law.mu))
        return 1;
    half = terminal_slope(v);
    half.e--;
    return afn_s_mag_less(s0, half);
}

/* The bounds of drag_height_f64.c's solve_falling_from_launch from the
 * launch's own part U a(t), a = rho (1 - e^(-mu t)) / mu, which falls at
 * least as far as h (W b <= 0): where it reaches H bounds the root above;
 * past its whole reach U rho / mu, h(t) >= U rho / mu + s_inf t bounds it
 * below. Without them a gravity of a few LSB puts H / s_inf so far beyond
 * the root that 2^-30 of that end stops Newton after its first step. Each
 * is widened by 2^-26 of itself: rounding leaves the root inside. */
static void launch_part_bounds(const afq_drag_vertical *v, afn_snum H, afn_snum s_inf,
                               afn_snum *lo, afn_snum *hi)
{
    const afq_drag_law *law = &v->law;
    afn_snum mu = afn_u_to_s_sticky(law->mu);
    afn_snum whole = afn_s_div_near(afn_s_mul_u_trunc(v->U, law->rho), mu); /* < 0 */
    afn_snum reach = afn_s_div_near(H, whole);
    afn_snum widen;
    if (afn_s_lt(reach, one_s)) {
        afn_snum t = afn_s_div_near(
            afn_s_mul_u_trunc(reach, afq_drag_log1p_ratio(afn_s_neg(reach))), mu);
        widen = t;
        widen.e -= 26;
        t = afn_s_add_trunc(t, widen);
        if (afn_s_lt(t, *hi))
            *hi = afn_s_lt(t, *lo) ? *lo : t;
    } else if (afn_s_lt(one_s, reach)) {
        afn_snum rest = afn_s_div_near(afn_s_sub_trunc(H, whole), s_inf);
        widen = afn_s_div_near(afn_s_add_trunc(afn_s_abs(H), afn_s_abs(whole)), afn_s_abs(s_inf));
        widen.e -= 26;
        rest = afn_s_sub_trunc(rest, widen);
        if (afn_s_lt(*lo, rest))
            *lo = afn_s_lt(*hi, rest) ? *hi : rest;
    }
}

/* A body falling from launch (h'(0) < 0) reaching H < 0, with Newton on h
 * between the times the extreme slopes give. */
static af_status solve_falling_from_launch(const afq_drag_vertical *v, afn_snum H, afn_snum s0,
                                           int concave, afn_snum *t, int *steps)
{
    afn_snum lo = { 0, 0 }, hi;
    if (!afn_u_is_zero(v->law.mu)) {
        afn_snum s_inf = terminal_slope(v);
        afn_snum steep = afn_s_lt(s0, s_inf) ? s0 : s_inf,
                 gentle = afn_s_lt(s0, s_inf) ? s_inf : s0;
        lo = afn_s_div_near(H, steep);
        hi = afn_s_div_near(H, gentle);
        if (v->U.m < 0)
            launch_part_bounds(v, H, s_inf, &lo, &hi);
    } else {
        hi = afn_s_div_near(H, s0);
    }
    return solve_on_height(v, H, 1, lo, hi, concave ? hi : lo, t, steps);
}

af_status afq_drag_height_time(const afq_drag_vertical *v, afn_snum H, af_branch branch,
                               afn_snum *t, int *steps)
{
    afn_snum s0, K0;
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
    s0 = afq_drag_launch_slope(v);
    K0 = afq_drag_launch_curvature(v);
    concave = K0.m > 0;
    if (s0.m >= 0) {
        afn_snum t_apex = afq_drag_apex_time(v);
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
        afn_snum S = afn_s_neg(afq_drag_apex_time(v));
        if (S.m > 0) {
            afq_drag_coef k;
            afn_unum Sd = afn_s_to_u(S);
            afn_snum K, h_apex, s;
            af_status st;
            afq_drag_coef_at(Sd, afn_u_mul_trunc(v->law.mu, Sd), &k);
            K = afq_drag_apex_curvature(v);
            h_apex = afn_s_mul_u_trunc(K, k.t2phi2); /* K S^2 phi2(mu S) */
            if (!afn_s_lt(afn_s_neg(H), h_apex)) {
                st = apex_offset(v, afn_s_neg(S), h_apex, K, H, AF_FALLING, &s, steps);
                if (st != AF_OK)
                    return st;
                *t = afn_s_sub_trunc(s, S);
                if (t->m < 0)
                    t->m = 0;
                return AF_OK;
            }
        }
    }
    return solve_falling_from_launch(v, H, s0, concave, t, steps);
}

af_status af_drag_time_at_height_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                                     fix16_t height, af_branch branch, af_drag_event_q16 *out)
{
    afq_drag_vertical v;
    afn_snum t;
    int steps;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (afq_drag_vertical_init(drag, start, &v) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    st = afq_drag_height_time(&v, afn_s_raw(height), branch, &t, &steps);
    if (st != AF_OK)
        return st;
    if (!afq_drag_event_at(&v, start, t, steps, out)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if (afq_drag_cap(&v.law, start, out->t) != AF_OK) {
        memset(out, 0, sizeof *out);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}
