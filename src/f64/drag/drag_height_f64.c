/* SPDX-License-Identifier: MIT */
/*
 * The time at which a height is reached on the way up or down.
 *
 * Along up the law reads h(t) = U a(t) + W b(t), concave or convex
 * throughout; its apex in closed form is drag_vertical_f64.c's.
 *
 * About the apex, h(t_apex + s) = h_apex - K s^2 phi2(mu s) exactly, with
 * K = -h''(t_apex) (the only function with that curvature, slope 0 and
 * value h_apex there). So a height H is reached where
 *     G(s) = s sqrt(phi2(mu s)) = +-sqrt((h_apex - H) / K)
 * G is increasing on the whole line, a straight line s / sqrt(2) without
 * drag, and concave; unlike h it has no flat spot at the apex, where Newton
 * on h itself would crawl. Its root is bracketed in closed form (below).
 */
#include <float.h>
#include <math.h>

#include "drag_cap_f64.h"
#include "drag_f64.h"

/* G(s) - target with G' (see the top of this file), counting calls. */
typedef struct apex_fn {
    double mu, target;
    int calls;
} apex_fn;

static double apex_distance(double s, void *ctx, double *slope, double *noise)
{
    apex_fn *f = ctx;
    double x = f->mu * s, root_phi2 = sqrt(afr_drag_phi2(x));
    f->calls++;
    *noise = 4.0 * DBL_EPSILON * (fabs(s * root_phi2) + fabs(f->target));
    /* G' = phi1 / (2 sqrt(phi2)), from G^2 = s^2 phi2 and its derivative
     * s phi1: no cancellation anywhere, 1/sqrt(2) at the apex. */
    *slope = afr_drag_phi1(x) / (2.0 * root_phi2);
    return s * root_phi2 - f->target;
}

/*
 * Brackets for G(s) = g (g = target), mu > 0 in units z = mu s, where
 * Gamma(z) = z sqrt(phi2(z)) = mu G:
 *   falling, g > 0:  phi2(z) <= 1/2 and z^2 phi2(z) = z - 1 + e^-z <= z give
 *                    G(s) <= s / sqrt(2) and G(s) <= sqrt(s / mu), so
 *                    s >= max(sqrt(2) g, mu g^2); phi2(z) >= 1 / (2 + z)
 *                    (since (2 + z) e^-z - 2 + z >= 0 for z >= 0) gives
 *                    s <= g (mu g + sqrt(mu^2 g^2 + 8)) / 2.
 *   rising, g < 0:   with u = -z > 0, Gamma^2 = e^u - 1 - u lies between
 *                    e^u / 2 - 1 (as e^u / 2 >= u) and e^u - 1, so
 *                    -(ln 2 + log1p(mu^2 g^2)) / mu <= s <= -log1p(mu^2 g^2) / mu;
 *                    phi2 >= 1/2 also gives s >= sqrt(2) g.
 * The ends are a factor of at most about 1.5 apart (ln 2 in z when rising)
 * and meet at sqrt(2) g without drag. They are widened by a few ulps so
 * that rounding leaves the root inside.
 */
static void apex_bracket(double mu, double g, double t_apex, double *lo, double *hi)
{
    const double widen = 8.0 * DBL_EPSILON;
    double a = fabs(g), gamma2 = (mu * a) * (mu * a);
    if (g >= 0.0) {
        *lo = fmax(sqrt(2.0) * a, mu * a * a);
        *hi = a * (mu * a + sqrt(gamma2 + 8.0)) / 2.0;
    } else {
        *lo = fmax(-t_apex, -sqrt(2.0) * a);
        if (mu > 0.0)
            *lo = fmax(*lo, -(log(2.0) + log1p(gamma2)) / mu);
        *hi = -mu * a * a * afr_drag_log1p_ratio(gamma2);
    }
    *lo -= widen * (fabs(*lo) + fabs(*hi));
    *hi += widen * (fabs(*lo) + fabs(*hi));
}

/* h(t) - H with h' (sign = +1), or H - h(t) with -h' (sign = -1), so
 * that the function handed to afr_drag_newton_f64 increases; counts calls. */
typedef struct height_fn {
    const drag_vertical_f64 *vert;
    double target, sign;
    int calls;
} height_fn;

static double height_offset(double t, void *ctx, double *slope, double *noise)
{
    height_fn *f = ctx;
    drag_coef_f64 k;
    f->calls++;
    afr_drag_coef_at_f64(&f->vert->law, t, &k);
    /* Each coefficient is good to a few ulps; the terms may cancel. */
    *noise = 8.0 * DBL_EPSILON * (fabs(afr_drag_times_a_f64(f->vert->U, &k)) +
                                  fabs(afr_drag_times_b_f64(f->vert->W, &k)) + fabs(f->target));
    *slope = f->sign * afr_drag_slope_at_f64(f->vert, &k);
    return f->sign * (afr_drag_height_at_f64(f->vert, &k) - f->target);
}

/* The tolerance afr_drag_newton_f64 stops at: 2^-50 of the larger bracket end
 * (or more), the relative precision of the answer. */
static double newton_tol(double magnitude)
{
    return ldexp(magnitude, -DRAG_NEWTON_TOL_BITS);
}

/* Newton on the height itself over [lo, hi], from the end where it
 * converges monotonically (x0). */
static af_status solve_on_height(const drag_vertical_f64 *vert, double H, double sign, double lo,
                                 double hi, double x0, double *t, int *steps)
{
    height_fn f;
    af_status st;
    f.vert = vert;
    f.target = H;
    f.sign = sign;
    f.calls = 0;
    if (!(hi > lo)) { /* the bounds met: the height is a straight line */
        *t = lo;
        return AF_OK;
    }
    st = afr_drag_newton_f64(height_offset, &f, lo, hi, x0, newton_tol(fabs(hi)), t, steps);
    return st;
}

/* The branches either side of an apex at t_apex (before launch when the
 * body falls from the start; then only the falling branch is asked for). */
static af_status solve_about_apex(const drag_vertical_f64 *vert, double t_apex, double H,
                                  af_branch branch, double *t, int *steps)
{
    drag_coef_f64 k;
    apex_fn f;
    double h_apex, curvature, lo, hi, s;
    af_status st;

    afr_drag_coef_at_f64(&vert->law, t_apex, &k);
    h_apex = afr_drag_height_at_f64(vert, &k);
    /* rho c (w + mu U), with c mu taken first: past an apex that a fast
     * launch into strong drag reaches, mu U may overflow where c mu U does
     * not. */
    curvature = vert->law.rho * (k.c * (-vert->law.sigma * vert->W) + (k.c * vert->law.mu) * vert->U);
    if (H > h_apex || (branch == AF_RISING && H < 0.0))
        return AF_ERR_NO_SOLUTION;
    if (branch == AF_RISING && H == 0.0)
        return AF_OK; /* the launch itself */
    if (branch == AF_RISING && H <= 0.5 * h_apex) {
        /* Low on the way up, far from the apex's flat top: on h itself,
         * concave and rising. The tangent at launch lies above it and the
         * chord to the apex below, so the time lies between H / h'(0) and
         * H t_apex / h_apex; Newton from the lower end climbs to it. */
        lo = H / afr_drag_launch_slope_f64(vert);
        return solve_on_height(vert, H, 1.0, lo, H / h_apex * t_apex, lo, t, steps);
    }
    /* Drag so strong that the curvature underflows, or overflows (a
     * gravity of 1e308 under a step of 1e-301 s), or an apex beyond the
     * doubles (1e310 s for 16 m/s up against a gravity of 1e-309): a
     * quantity the solver works from that does not fit a double (drag.h). */
    if (!(curvature > 0.0 && curvature < INFINITY) || !isfinite(h_apex))
        return AF_ERR_OVERFLOW;
    f.mu = vert->law.mu;
    /* Each side's root first: the quotient itself underflows (a drop of
     * 5e-253 m under 9e252 m/s^2, 1e-505 s^2) where its root does not. */
    f.target = sqrt(h_apex - H) / sqrt(curvature);
    if (branch == AF_RISING)
        f.target = -f.target;
    f.calls = 0;
    apex_bracket(f.mu, f.target, t_apex, &lo, &hi);
    /* G is concave: from the lower end Newton climbs to the root. */
    st = afr_drag_newton_f64(apex_distance, &f, lo, hi, lo,
                         newton_tol(fmax(fabs(lo), fabs(hi)) + fabs(t_apex)), &s, steps);
    if (st != AF_OK)
        return st;
    *t = fmax(t_apex + s, 0.0);
    /* An apex time rounded below its true value (a subnormal one to 0)
     * can leave a falling answer still rising: the next doubles up. */
    if (branch == AF_FALLING) {
        int n;
        for (n = 0; n < 4; n++) {
            afr_drag_coef_at_f64(&vert->law, *t, &k);
            if (!(afr_drag_slope_at_f64(vert, &k) > 0.0))
                break;
            *t = nextafter(*t, INFINITY);
        }
    }
    return AF_OK;
}

/* The terminal slope h'(inf) = W sigma (lag + rho / mu), mu > 0: under a
 * drag below 5.6e-309 /s rho / mu overflows where the slope need not
 * (4.4e-9 m/s under a gravity of 1e-317), then W sigma rho / mu from the
 * factors. */
static double terminal_slope(const drag_vertical_f64 *vert)
{
    const drag_law_f64 *law = &vert->law;
    double reach = law->lag + law->rho / law->mu;
    if (isfinite(reach))
        return afr_drag_product3_f64(vert->W, law->sigma, reach);
    return afr_drag_product3_f64(vert->W, law->sigma, law->lag) +
           afr_drag_ratio_f64(vert->W, law->sigma, law->rho, law->mu, 1.0);
}

/* |h'(0)| below half the terminal slope (always, without drag): the curve
 * starts near the apex's flat top. */
static int starts_near_top(const drag_vertical_f64 *vert, double s0)
{
    if (!(vert->law.mu > 0.0))
        return 1;
    return fabs(s0) < 0.5 * fabs(terminal_slope(vert));
}

/*
 * A body falling from launch (h'(0) < 0) reaching H < 0. The slope moves
 * monotonically from h'(0) to h'(inf) = W sigma (lag + rho / mu) (minus
 * infinity without drag), so h(t) lies between the two slopes times t and
 * the root between H / (steeper slope) and H / (gentler slope). Newton runs
 * on H - h, increasing: convex when h is concave (start at the upper end),
 * concave when h is convex (start at the lower end).
 */
static af_status solve_falling_from_launch(const drag_vertical_f64 *vert, double H, double *t,
                                           int *steps)
{
    const drag_law_f64 *law = &vert->law;
    double s0 = afr_drag_launch_slope_f64(vert), s_inf = -INFINITY, lo, hi;

    if (law->mu > 0.0)
        s_inf = terminal_slope(vert);
    lo = H / fmin(s0, s_inf);
    hi = H / fmax(s0, s_inf);
    /* Under drag the launch's own part U a(t), a = rho (1 - exp(-mu t)) /
     * mu, already falls as far as h does (W b <= 0): where it reaches H is
     * a bound too, and the one that holds when gravity is so weak that
     * the terminal slope puts H / s_inf far beyond the root. */
    if (law->mu > 0.0 && vert->U < 0.0) {
        /* -log1p(-reach) / mu as the drag-free time times log1p's ratio:
         * a subnormal mu leaves mu H, and log1p of it, a few bits. */
        double fall = H / (vert->U * law->rho), reach = law->mu * fall;
        if (reach < 1.0)
            hi = fmax(lo, fmin(hi, fall * afr_drag_log1p_ratio(-reach)));
        /* Beyond that part's whole reach U rho / mu, gravity's part
         * W b(t) >= s_inf t covers the rest, so h(t) >= U rho / mu + s_inf t:
         * the root is no earlier than the rest over s_inf. Without this
         * bound a launch far faster than the fall (1e154 m/s) leaves lo
         * at H over the launch slope, where that slope is 1e144 times the
         * terminal one and Newton's first step is below the tolerance of
         * a bracket reaching to the root. */
        else if (reach > 1.0) {
            double whole = vert->U * (law->rho / law->mu);
            double rest = (H - whole) / s_inf;
            double slack = 8.0 * DBL_EPSILON * (fabs(H) + fabs(whole)) / fabs(s_inf);
            lo = fmin(hi, fmax(lo, rest - slack));
        }
    }
    return solve_on_height(vert, H, -1.0, lo, hi, afr_drag_concave_f64(vert) ? hi : lo, t, steps);
}

af_status afr_drag_height_time_f64(const drag_vertical_f64 *vert, double H, af_branch branch,
                               double *t, int *steps)
{
    double s0;
    *t = 0.0;
    *steps = 0;
    if (!isfinite(H) || (branch != AF_RISING && branch != AF_FALLING))
        return AF_ERR_BAD_ARGUMENT;
    /* An updraft at least as strong as gravity: the body need not come
     * down, and the brackets below assume it does. */
    if (!(vert->W < 0.0))
        return AF_ERR_OUT_OF_RANGE;
    s0 = afr_drag_launch_slope_f64(vert);
    /* W < 0 makes h'(inf) < 0: a body rising at launch is on a concave
     * curve with its apex ahead. */
    if (s0 >= 0.0)
        return solve_about_apex(vert, fmax(afr_drag_apex_time_f64(vert), 0.0), H, branch, t, steps);
    if (branch == AF_RISING || H > 0.0)
        return AF_ERR_NO_SOLUTION;
    if (H == 0.0)
        return AF_OK;
    if (afr_drag_concave_f64(vert) && starts_near_top(vert, s0)) {
        /* Falling at launch, but past an apex the curve had before launch.
         * When that apex is no higher above the launch than H is below it,
         * the apex form loses nothing to cancellation and keeps Newton off
         * the flat top the curve starts near; otherwise the curve is
         * nearly straight down to H and Newton on h is quick. Not for a
         * launch near the terminal velocity: the apex then lies decay
         * times back, where the curvature w + mu U is a difference of
         * nearly equal terms and exp(mu S) amplifies what is left of it,
         * while h is nearly straight from launch on. */
        double t_apex = afr_drag_apex_time_f64(vert);
        drag_coef_f64 k;
        afr_drag_coef_at_f64(&vert->law, t_apex, &k);
        if (afr_drag_height_at_f64(vert, &k) <= -H) {
            /* An apex form that does not fit the doubles leaves Newton on
             * h, which needs none of it. */
            af_status st = solve_about_apex(vert, t_apex, H, AF_FALLING, t, steps);
            if (st != AF_ERR_OVERFLOW)
                return st;
        }
    }
    return solve_falling_from_launch(vert, H, t, steps);
}

af_status af_drag_time_at_height_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                                     double height, af_branch branch, af_drag_event_f64 *out)
{
    drag_vertical_f64 vert;
    double t;
    int steps;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    *out = (af_drag_event_f64){ 0 };
    if (afr_drag_vertical_init_f64(drag, start, &vert) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    st = afr_drag_height_time_f64(&vert, height, branch, &t, &steps);
    if (st != AF_OK)
        return st;
    afr_drag_event_at_f64(&vert, start, t, steps, out);
    if (!isfinite(out->height) || !afr_vfinite(out->state.position) ||
        !afr_vfinite(out->state.velocity)) {
        *out = (af_drag_event_f64){ 0 };
        return AF_ERR_OVERFLOW;
    }
    if (afr_drag_cap_f64(drag, start, t) != AF_OK) {
        *out = (af_drag_event_f64){ 0 };
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}
