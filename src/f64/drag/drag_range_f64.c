/* SPDX-License-Identifier: MIT */
/*
 * Maximum range with drag: the farthest landing on a level for a launch
 * speed, over the elevation of the launch.
 *
 * The height of a flight depends only on the upward launch speed U (h =
 * U a + W b). So the elevations that reach a level above the launch are
 * those with U at least U_min, where the apex height, increasing in U,
 * equals the level: U_min is a root of h_apex(U) - H, whose slope is
 * a(t_apex) (at the apex the time's own change does not move the height).
 * Between that elevation and straight up the range is unimodal (in still
 * air; a wind along the heading adds a drift that grows with the time of
 * flight, so the ends are tried as well); a golden-section search of
 * RANGE_GOLDEN_STEPS steps narrows the elevation to 0.618^60 of its
 * interval (1e-12 rad), far below what the flat top of the range needs.
 *
 * The range is signed, along the heading: a head wind can carry a lob back
 * behind the launcher, and such a landing is no farther along the heading
 * than one just short of it. Elevations past vertical are never better:
 * the mirrored launch lands at the same time with the drift unchanged and
 * the launch's own part forward instead of back.
 */
#include <float.h>
#include <math.h>

#include "../exact_f64.h"
#include "drag_cap_f64.h"
#include "drag_f64.h"

#define RANGE_GOLDEN_STEPS 60
#define HALF_PI 1.5707963267948966

typedef struct range_problem {
    const af_drag_f64 *drag;
    af_vec3_f64 up, heading;
    double speed, height;
    /* G . heading = k wind . heading (gravity is across it) as
     * pull_along 2^pull_exp: k's exponent apart, so that a subnormal k
     * keeps the product's bits (its drift is that times b, huge). */
    double pull_along;
    int pull_exp;
} range_problem;

static af_body_f64 launch(const range_problem *pb, double elevation)
{
    af_body_f64 start;
    start.position = afr_vzero();
    start.velocity = afr_vaddk(afr_vscale(pb->heading, pb->speed * cos(elevation)), pb->up,
                               pb->speed * sin(elevation));
    return start;
}

/* The signed horizontal distance along the heading to where the flight at
 * this elevation comes down to the level, and its time: AF_OK; -inf (still
 * AF_OK) when it never gets there; AF_ERR_OVERFLOW when that landing does
 * not fit a double. */
static af_status range_at(const range_problem *pb, double elevation, double *range, double *t)
{
    af_body_f64 start = launch(pb, elevation);
    drag_vertical_f64 vert;
    drag_coef_f64 k;
    int steps;
    af_status st;
    *range = -INFINITY;
    *t = 0.0;
    if (afr_drag_vertical_init_f64(pb->drag, &start, &vert) != AF_OK)
        return AF_OK;
    st = afr_drag_height_time_f64(&vert, pb->height, AF_FALLING, t, &steps);
    if (st == AF_ERR_OVERFLOW)
        return st;
    if (st != AF_OK)
        return AF_OK;
    afr_drag_coef_at_f64(&vert.law, *t, &k);
    /* p . heading of p = a v0 + b G, term by term: the launch's own part
     * is never negative, whatever the rounding of a vertical component. */
    *range = afr_drag_times_a_f64(pb->speed * cos(elevation), &k) +
             afr_drag_times_b_ldexp_f64(pb->pull_along, pb->pull_exp, &k);
    return isfinite(*range) && isfinite(*t) ? AF_OK : AF_ERR_OVERFLOW;
}

/* h_apex(U) - H and its slope a(t_apex), for U_min. */
static double apex_excess(double U, void *ctx, double *slope, double *noise)
{
    const range_problem *pb = ctx;
    af_body_f64 start;
    drag_vertical_f64 vert;
    af_drag_event_f64 apex;
    drag_coef_f64 k;
    start.position = afr_vzero();
    start.velocity = afr_vscale(pb->up, U);
    if (af_drag_apex_f64(pb->drag, &start, &apex) != AF_OK ||
        afr_drag_vertical_init_f64(pb->drag, &start, &vert) != AF_OK) {
        *slope = 0.0;
        *noise = 0.0;
        return -pb->height;
    }
    afr_drag_coef_at_f64(&vert.law, apex.t, &k);
    *slope = k.a;
    *noise = 8.0 * DBL_EPSILON * (fabs(apex.height) + fabs(pb->height));
    return apex.height - pb->height;
}

/* The lowest elevation whose flight reaches the level after launch: -90
 * degrees below the launch point; on its level, the lowest whose height
 * rises at launch, h'(0) = U rho + W sigma lag > 0 (any U > 0 without an
 * engine's lag; an engine's first step already carries one step of
 * gravity, so a slow shot must climb steeply to rise at all), since every
 * lower one is back on the level at t = 0 with range 0, a flat stretch in
 * which the golden section would lose the maximum (so too on a level
 * below the launch that the shot straight down reaches at t = 0). */
static af_status lowest_elevation(range_problem *pb, double *elevation)
{
    double slope, noise, U_min;
    int steps;
    af_status st;
    *elevation = -HALF_PI;
    if (pb->height < 0.0) {
        /* A level that even the shot straight down reaches at t = 0 lies
         * within the launch point's rounding: the launch's own level. */
        double range, t;
        if (range_at(pb, -HALF_PI, &range, &t) != AF_OK || t > 0.0)
            return AF_OK;
    }
    if (pb->height <= 0.0) {
        drag_vertical_f64 vert;
        af_body_f64 start = launch(pb, HALF_PI);
        if (afr_drag_vertical_init_f64(pb->drag, &start, &vert) != AF_OK)
            return AF_ERR_BAD_ARGUMENT;
        /* The law's threshold, plus what an engine that moves first adds
         * to the launch the law sees. */
        U_min = fmax(0.0, afr_drag_ratio_f64(vert.law.sigma, vert.law.lag, -vert.W, vert.law.rho,
                                             1.0) +
                              afr_vdot(vert.law.shift, vert.up));
        *elevation = asin(fmin(U_min / pb->speed, 1.0));
        return AF_OK;
    }
    {
        /* The vertical shot's apex: when it does not fit a double, neither
         * does the search for the level below it. */
        af_body_f64 start = launch(pb, HALF_PI);
        af_drag_event_f64 apex;
        start.velocity = afr_vscale(pb->up, pb->speed);
        if (af_drag_apex_f64(pb->drag, &start, &apex) == AF_ERR_OVERFLOW)
            return AF_ERR_OVERFLOW;
    }
    if (apex_excess(pb->speed, pb, &slope, &noise) < 0.0)
        return AF_ERR_NO_SOLUTION;
    /* h_apex is convex in U (U^2 / 2|g| without drag): Newton from the
     * upper end descends to the root monotonically. */
    st = afr_drag_newton_f64(apex_excess, pb, 0.0, pb->speed, pb->speed,
                         ldexp(pb->speed, -DRAG_NEWTON_TOL_BITS), &U_min, &steps);
    if (st != AF_OK)
        return st;
    *elevation = asin(fmin(U_min / pb->speed, 1.0));
    return AF_OK;
}

af_status af_drag_max_range_f64(const af_drag_f64 *drag, double speed, double height,
                                const af_vec3_f64 *heading, af_range_f64 *out)
{
    const double golden = 0.6180339887498949; /* (sqrt(5) - 1) / 2 */
    range_problem pb;
    drag_law_f64 law;
    double lo, hi, lo_end, x1, x2, r1, r2, t1, t2, best, t_best, range;
    int i;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    *out = (af_range_f64){ 0 };
    if (afr_drag_law_init_f64(drag, &law) != AF_OK || !isfinite(speed) || !(speed > 0.0) ||
        !isfinite(height) || !heading || !afr_vfinite(*heading) ||
        afr_gravity_up_f64(&drag->gravity, &pb.up) == 0.0)
        return AF_ERR_BAD_ARGUMENT;
    pb.drag = drag;
    pb.speed = speed;
    pb.height = height;
    /* The heading's part across g from g x (heading x g), each cross
     * product exact before its rounding, of the heading and g scaled by
     * powers of two (a subnormal heading too): it keeps its direction
     * however near vertical the heading is, where heading - (heading.up)
     * up cancels against up's rounding (a heading 2^-19 off vertical kept
     * 37 bits of it, and a wind's drift along it followed the error). */
    if (!afr_across_f64(*heading, drag->gravity, &pb.heading))
        return AF_ERR_BAD_ARGUMENT;
    pb.pull_along = 0.0;
    pb.pull_exp = 0;
    if (drag->kind == AF_DRAG_KIND_CONTINUOUS)
        pb.pull_along = frexp(drag->k, &pb.pull_exp) * afr_vdot(drag->wind, pb.heading);
    {
        static const af_body_f64 rest = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
        drag_vertical_f64 vert;
        if (afr_drag_vertical_init_f64(drag, &rest, &vert) != AF_OK)
            return AF_ERR_BAD_ARGUMENT;
        if (!(vert.W < 0.0))
            return AF_ERR_OUT_OF_RANGE; /* an updraft: the flight need not land */
    }
    st = lowest_elevation(&pb, &lo);
    if (st != AF_OK)
        return st;
    hi = HALF_PI;
    lo_end = lo;
    x1 = hi - golden * (hi - lo);
    x2 = lo + golden * (hi - lo);
    st = range_at(&pb, x1, &r1, &t1);
    if (st == AF_OK)
        st = range_at(&pb, x2, &r2, &t2);
    for (i = 0; i < RANGE_GOLDEN_STEPS && st == AF_OK; i++) {
        if (r1 < r2) {
            lo = x1;
            x1 = x2;
            r1 = r2;
            t1 = t2;
            x2 = lo + golden * (hi - lo);
            st = range_at(&pb, x2, &r2, &t2);
        } else {
            hi = x2;
            x2 = x1;
            r2 = r1;
            t2 = t1;
            x1 = hi - golden * (hi - lo);
            st = range_at(&pb, x1, &r1, &t1);
        }
    }
    if (st != AF_OK)
        return st; /* a landing beyond the double range */
    best = r1 >= r2 ? x1 : x2;
    t_best = r1 >= r2 ? t1 : t2;
    range = fmax(r1, r2);
    /* The ends (the lowest elevation, straight up), where a drift along
     * the heading can put the maximum outside the golden section's reach. */
    for (i = 0; i < 2; i++) {
        double end = i ? HALF_PI : lo_end, r_end, t_end;
        st = range_at(&pb, end, &r_end, &t_end);
        if (st != AF_OK)
            return st;
        if (r_end > range) {
            range = r_end;
            best = end;
            t_best = t_end;
        }
    }
    if (range == -INFINITY)
        return AF_ERR_NO_SOLUTION;
    {
        af_body_f64 shot = launch(&pb, best);
        if (afr_drag_cap_f64(drag, &shot, t_best) != AF_OK)
            return AF_ERR_ENGINE_LIMIT;
    }
    out->range = range;
    out->t = t_best;
    out->horizontal_speed = speed * cos(best);
    out->vertical_speed = speed * sin(best);
    return AF_OK;
}
