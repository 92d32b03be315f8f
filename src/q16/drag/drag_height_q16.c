/* SPDX-License-Identifier: MIT */
/*
 * The time at which a body reaches a height in Q16, with the brackets of
 * drag_height_f64.c (read it first) on the vertical law of
 * drag_vertical_q16.c, and Newton on the closed-form height itself:
 * about an apex h(t_apex + s) = h_apex - K s^2 phi2(mu s), solved as
 * s^2 phi2(mu s) = (h_apex - H) / K with K = w (rho + mu lag); low on the
 * way up and for a body thrown down, h(t) from the launch. Each
 * evaluation is one exponential and a few products from constants folded
 * once (afq_drag_decay), and Newton runs from the bracket's end where the
 * curve's one convexity keeps it on one side of the root, without the
 * bracketed iteration's bisections.
 *
 * Signed scalars are afn_snum, the law's coefficients afn_unum. When the
 * apex lies before the launch (a body already falling), S = -t_apex: the
 * launch is S after the apex, so h_apex = K S^2 phi2(mu S).
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

static const afn_unum one = { 0x80000000u, -31 };
static const afn_snum one_s = { 0x40000000, -30 };

/* ---- Newton on the height itself ------------------------------------- */

/*
 * h(t) = U rho t phi1(x) + W sigma lag t + W sigma rho t^2 phi2(x),
 * h'(t) = U rho e^-x + W sigma lag + W sigma rho t phi1(x), x = mu t:
 * the law's a and b with their constants folded once, so that an
 * evaluation is one exponential and a few products (afq_drag_decay, from
 * 1 / mu taken once), not the law's every coefficient.
 */
typedef struct height_fn {
    afn_unum mu, inv_mu;
    afn_snum Ur, Wsl, Wsr; /* U rho, W sigma lag, W sigma rho */
    afn_snum target;
    int negate; /* solve H - h (increasing when h falls) */
} height_fn;

static afn_snum height_offset(afn_snum t, void *ctx, afn_snum *slope, afn_snum *noise)
{
    const height_fn *f = ctx;
    afq_drag_decayed d;
    afn_snum launch, pull_part, h;
    if (t.m < 0)
        t.m = 0;
    afq_drag_decay(t, f->mu, f->inv_mu, &d);
    launch = afn_s_mul_u_trunc(f->Ur, d.sphi1);
    pull_part = afn_s_add_trunc(afn_s_mul_trunc(f->Wsl, t), afn_s_mul_u_trunc(f->Wsr, d.s2phi2));
    h = afn_s_sub_trunc(afn_s_add_trunc(launch, pull_part), f->target);
    /* Each term of h is good to about 2^-28 of itself, and they may
     * cancel: 2^-26 of their sizes here (at t, not at the bracket's end,
     * where they are larger and would stop Newton far from the root). */
    *noise = afn_s_add_trunc(afn_s_abs(launch), afn_s_abs(pull_part));
    noise->e -= 26;
    *slope = afn_s_add_trunc(afn_s_add_trunc(afn_s_mul_u_trunc(f->Ur, d.c), f->Wsl),
                             afn_s_mul_u_trunc(f->Wsr, d.sphi1));
    if (f->negate) {
        h.m = -h.m;
        slope->m = -slope->m;
    }
    return h;
}

/* The constants of h from the law, 1 / mu among them (the one division
 * every evaluation shares); target 0. */
static void height_fn_init(const afq_drag_vertical *v, height_fn *f)
{
    const afq_drag_law *law = &v->law;
    afn_snum Ws = afn_s_mul_u_trunc(v->W, law->sigma);
    f->mu = law->mu;
    f->inv_mu = afn_u_is_zero(law->mu) ? law->mu : afn_u_div_trunc(one, law->mu);
    f->Ur = afn_s_mul_u_trunc(v->U, law->rho);
    f->Wsl = afn_s_mul_u_trunc(Ws, law->lag);
    f->Wsr = afn_s_mul_u_trunc(Ws, law->rho);
    f->target.m = 0;
    f->target.e = 0;
    f->negate = 0;
}

/* h(t) (f's target 0). */
static afn_snum height_at(height_fn *f, afn_snum t)
{
    afn_snum slope, noise;
    return height_offset(t, f, &slope, &noise);
}

/* Newton on h over [lo, hi] from x0 (the end where it converges
 * monotonically). */
static af_status solve_on_height(height_fn *f, afn_snum H, int negate, afn_snum lo, afn_snum hi,
                                 afn_snum x0, afn_snum *t, int *steps)
{
    f->target = H;
    f->negate = negate;
    if (!afn_s_lt(lo, hi)) { /* the bounds met: a straight line */
        *t = lo;
        return AF_OK;
    }
    return afq_drag_newton_one_sided(height_offset, f, lo, hi, x0, t, steps);
}

/* ---- Newton about the apex ------------------------------------------- */

/* About the apex, h = h_apex - K s^2 phi2(mu s): Newton on
 * s^2 phi2(mu s) - (h_apex - H) / K, whose slope is s phi1(mu s), negated
 * on the rising side (s < 0) so that it increases. Convex in s: from the
 * bracket's far end (falling) or near end (rising) Newton does not
 * overshoot. */
typedef struct apex_fn {
    afn_unum mu, inv_mu;
    afn_snum depth; /* (h_apex - H) / K */
    int rising;
} apex_fn;

static afn_snum apex_distance(afn_snum s, void *ctx, afn_snum *slope, afn_snum *noise)
{
    const apex_fn *f = ctx;
    afq_drag_decayed d;
    afn_snum g;
    if (f->rising ? s.m > 0 : s.m < 0)
        s.m = 0;
    afq_drag_decay(s, f->mu, f->inv_mu, &d);
    g = afn_s_sub_trunc(afn_u_to_s_sticky(d.s2phi2), f->depth);
    *slope = afn_u_to_s_sticky(d.sphi1);
    *noise = afn_s_add_trunc(afn_u_to_s_sticky(d.s2phi2), f->depth);
    noise->e -= 27;
    if (f->rising)
        g.m = -g.m;
    return g;
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
static af_status apex_offset(const height_fn *hf, afn_snum t_apex, afn_snum h_apex, afn_snum K,
                             afn_snum H, af_branch branch, afn_snum *s, int *steps)
{
    apex_fn f;
    afn_snum lo, hi, g;
    f.mu = hf->mu;
    f.inv_mu = hf->inv_mu;
    f.depth = afn_s_div_near(afn_s_sub_trunc(h_apex, H), K);
    f.rising = branch == AF_RISING;
    /* The bracket of s sqrt(phi2(mu s)) = +-sqrt(depth). */
    g = afn_s_sqrt_near(f.depth);
    if (f.rising)
        g = afn_s_neg(g);
    apex_bracket(f.mu, g, t_apex, &lo, &hi);
    return afq_drag_newton_one_sided(apex_distance, &f, lo, hi, f.rising ? lo : hi, s, steps);
}

/* The branches either side of an apex at t_apex >= 0. */
static af_status solve_about_apex(const afq_drag_vertical *v, afn_snum t_apex, afn_snum H,
                                  af_branch branch, afn_snum *t, int *steps)
{
    height_fn f;
    afn_snum h_apex, K, s;
    af_status st;

    height_fn_init(v, &f);
    h_apex = height_at(&f, t_apex);
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
            return solve_on_height(&f, H, 0, lo, afn_s_div_near(afn_s_mul_trunc(H, t_apex), h_apex),
                                   lo, t, steps);
        }
    }
    K = afq_drag_apex_curvature(v);
    st = apex_offset(&f, t_apex, h_apex, K, H, branch, &s, steps);
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
static af_status solve_falling_from_launch(const afq_drag_vertical *v, height_fn *f, afn_snum H,
                                           afn_snum s0, int concave, afn_snum *t, int *steps)
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
    return solve_on_height(f, H, 1, lo, hi, concave ? hi : lo, t, steps);
}

af_status afq_drag_height_time(const afq_drag_vertical *v, afn_snum H, af_branch branch,
                               afn_snum *t, int *steps)
{
    afn_snum s0, K0;
    height_fn f;
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
    height_fn_init(v, &f);
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
            afq_drag_decayed d;
            afn_snum K, h_apex, s;
            af_status st;
            afq_drag_decay(S, f.mu, f.inv_mu, &d);
            K = afq_drag_apex_curvature(v);
            h_apex = afn_s_mul_u_trunc(K, d.s2phi2); /* K S^2 phi2(mu S) */
            if (!afn_s_lt(afn_s_neg(H), h_apex)) {
                st = apex_offset(&f, afn_s_neg(S), h_apex, K, H, AF_FALLING, &s, steps);
                if (st != AF_OK)
                    return st;
                *t = afn_s_sub_trunc(s, S);
                if (t->m < 0)
                    t->m = 0;
                return AF_OK;
            }
        }
    }
    return solve_falling_from_launch(v, &f, H, s0, concave, t, steps);
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
