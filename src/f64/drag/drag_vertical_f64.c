/* SPDX-License-Identifier: MIT */
/*
 * The motion along up, and the apex in closed form.
 *
 * Along up the law of drag_f64.h reads h(t) = U a(t) + W b(t), U = v0.up,
 * W = G.up (W = -|g| for an engine; -|g| + k wind.up for continuous drag).
 * Its slope and curvature are
 *     h'(t)  = U rho c + W sigma (lag + rho t phi1(mu t))
 *     h''(t) = -rho c (w + mu U),    w = -sigma W,  c = exp(-mu t)
 * so the curvature never changes sign: the height is concave (a single
 * apex, real or before launch) or convex (a body thrown down faster than it
 * would fall). With t phi1(mu t) = (1 - c) / mu the slope is A c - B, and
 * h' = 0 at
 *     mu t = log1p(mu U / w) - log1p(mu lag / rho)
 * i.e. t_apex = (U / w) log1p(y) / y - lead, y = mu U / w (drag_f64.h for
 * lead). Without drag this is U / |g| - dt / 2 for an engine (each step
 * moves by the velocity after gravity) and U / |g| for the parabola.
 */
#include <math.h>

#include "drag_cap_f64.h"
#include "drag_f64.h"

af_status afr_drag_vertical_init_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                                 drag_vertical_f64 *vert)
{
    double g, excess;
    if (afr_drag_law_init_f64(drag, &vert->law) != AF_OK || !afr_body_ok_f64(start))
        return AF_ERR_BAD_ARGUMENT;
    g = afr_gravity_up_f64(&drag->gravity, &vert->up);
    if (g == 0.0)
        return AF_ERR_BAD_ARGUMENT;
    vert->U = afr_vdot(afr_vsub(start->velocity, vert->law.shift), vert->up);
    vert->W = afr_vdot(vert->law.accel, vert->up);
    /* Continuous drag: W = -(|g|^2 + k wind.g) / |g| from the exact
     * numerator, so that its sign, an updraft at W >= 0, is exact (up's
     * rounding would move it by an ulp of k |wind|). */
    if (drag->kind == AF_DRAG_KIND_CONTINUOUS &&
        afr_drag_pull_excess_f64(drag->gravity, drag->k, drag->wind, &excess))
        vert->W = -excess / g;
    return AF_OK;
}

int afr_drag_concave_f64(const drag_vertical_f64 *vert)
{
    return -vert->law.sigma * vert->W + vert->law.mu * vert->U > 0.0;
}

double afr_drag_apex_time_f64(const drag_vertical_f64 *vert)
{
    /* U / w with sigma W apart: w underflows (to 0) under a gravity of
     * 8e-322 where the ratio is 1e320. */
    double r = afr_drag_ratio_f64(vert->U, 1.0, 1.0, vert->law.sigma, -vert->W),
           y = vert->law.mu * r;
    /* Without drag y is 0, or NaN where U / w is beyond the doubles (a
     * gravity near 1e-309): the apex time is U / w itself. */
    if (!(vert->law.mu > 0.0))
        return r - vert->law.lead;
    /* U / w beyond the doubles need not put y there (0.79 for 13.5 m/s up
     * under a gravity of 4.8e-308 and a drag of 2.8e-309 s^-1): y from
     * the factors, its log1p over mu, not log(y) < 0 as if y overflowed. */
    if (!isfinite(r)) {
        y = afr_drag_ratio_f64(vert->law.mu, vert->U, 1.0, vert->law.sigma, -vert->W);
        if (isfinite(y))
            return log1p(y) / vert->law.mu - vert->law.lead;
    }
    /* y = mu U / w beyond the doubles (a launch near 1e300 into a drag
     * near 1e175): log1p(y) is then log(mu) + log(U / w) to the last bit,
     * or log(mu) + log(U) - log(w) where U / w is beyond them too (a
     * gravity near 1e-220). */
    if (!isfinite(y) && isfinite(r) && r > 0.0)
        return (log(vert->law.mu) + log(r)) / vert->law.mu - vert->law.lead;
    if (!isfinite(y) && vert->U > 0.0 && -vert->W > 0.0)
        return (log(vert->law.mu) + (log(vert->U) - (log(vert->law.sigma) + log(-vert->W)))) /
                   vert->law.mu -
               vert->law.lead;
    return r * afr_drag_log1p_ratio(y) - vert->law.lead;
}

void afr_drag_event_at_f64(const drag_vertical_f64 *vert, const af_body_f64 *start, double t,
                       int steps, af_drag_event_f64 *out)
{
    drag_coef_f64 k;
    afr_drag_coef_at_f64(&vert->law, t, &k);
    out->t = t;
    out->height = afr_drag_height_at_f64(vert, &k);
    out->state.position = afr_drag_position_f64(&vert->law, start, &k);
    out->state.velocity = afr_drag_velocity_f64(&vert->law, start, &k);
    out->steps = steps;
}

af_status af_drag_apex_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                           af_drag_event_f64 *out)
{
    drag_vertical_f64 vert;
    double t = 0.0;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    *out = (af_drag_event_f64){ 0 };
    if (afr_drag_vertical_init_f64(drag, start, &vert) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    if (vert.W >= 0.0) {
        /* Continuous updraft: the slope tends to W / k >= 0 (or is U c with
         * W = 0). Rising at launch or later, it never turns down. */
        if (vert.W > 0.0 || vert.U > 0.0)
            return AF_ERR_NO_SOLUTION;
    } else if (afr_drag_launch_slope_f64(&vert) > 0.0) {
        t = afr_drag_apex_time_f64(&vert);
    }
    afr_drag_event_at_f64(&vert, start, t, 0, out);
    if (!isfinite(out->t) || !isfinite(out->height) || !afr_vfinite(out->state.position) ||
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
