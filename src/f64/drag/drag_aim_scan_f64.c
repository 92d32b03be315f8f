/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag at a chosen speed: the roots of the speed equation
 * F(T) = |u(T)| - speed (afr_drag_aim_excess_f64) over the times of
 * flight, by a geometric scan whose sign changes and turning points are
 * refined with the bracketed Newton iteration of drag_newton_f64.c.
 */
#include <math.h>

#include "drag_aim_f64.h"

static double speed_excess(double T, void *ctx, double *slope, double *noise)
{
    return afr_drag_aim_excess_f64(ctx, T, 0, slope, noise);
}

/* speed_excess with its sign flipped, for a stretch where F decreases
 * (afr_drag_newton_f64 wants an increasing function). */
static double speed_deficit(double T, void *ctx, double *slope, double *noise)
{
    double f = speed_excess(T, ctx, slope, noise);
    *slope = -*slope;
    return -f;
}

/* T F' alone (rising through a dip of F), and -T F' (through a hump), for
 * locating a turning point of F between two samples; their slope is not
 * known (0), so afr_drag_newton_f64 bisects. */
static double speed_slope(double T, void *ctx, double *slope, double *noise)
{
    double f_slope, f_noise;
    (void)afr_drag_aim_excess_f64(ctx, T, 1, &f_slope, &f_noise);
    *slope = 0.0;
    *noise = 0.0;
    return f_slope;
}

static double speed_slope_down(double T, void *ctx, double *slope, double *noise)
{
    return -speed_slope(T, ctx, slope, noise);
}

/* The root of F in (lo, hi), where F changes sign (f_lo, f_hi). */
static af_status refine_root(drag_aim_problem_f64 *pb, double lo, double hi, double f_lo,
                             double f_hi, double *T)
{
    double x0, slope, noise;
    int steps, i;
    /* Newton's tolerance is 2^-50 of hi, and a scan cell can span 2^33 in
     * time (a subnormal distance's t_lo to max_time): a root near its
     * lower end would keep 17 bits. The bracket is first halved in its
     * logarithm until hi <= 2 lo (12 halvings at most: 2^2098 is the
     * widest ratio of two positive doubles). */
    for (i = 0; i < 12 && hi / 2.0 > lo; i++) {
        double mid = sqrt(lo) * sqrt(hi), f = speed_excess(mid, pb, &slope, &noise);
        if (!(mid > lo && mid < hi) || !isfinite(f))
            break; /* no double between, or F beyond the doubles: Newton decides */
        if (fabs(f) <= noise) {
            *T = mid;
            return AF_OK;
        }
        if ((f < 0.0) == (f_lo < 0.0)) {
            lo = mid;
            f_lo = f;
        } else {
            hi = mid;
            f_hi = f;
        }
    }
    /* Start at the secant's root: F is smooth and the samples close. */
    x0 = lo + (hi - lo) * (f_lo / (f_lo - f_hi));
    return afr_drag_newton_f64(f_lo < 0.0 ? speed_excess : speed_deficit, pb, lo, hi, x0,
                           ldexp(hi, -DRAG_NEWTON_TOL_BITS), T, &steps);
}

/* Where F' = 0 in (lo, hi), F' going from f1_lo to the other sign. Only
 * the sign of F there matters, and F is flat there: 2^-30 of T is plenty
 * (31 bisections). */
static double locate_dip(drag_aim_problem_f64 *pb, double lo, double hi, double f1_lo)
{
    double T = lo;
    int steps;
    (void)afr_drag_newton_f64(f1_lo < 0.0 ? speed_slope : speed_slope_down, pb, lo, hi, lo,
                          ldexp(hi, -30), &T, &steps);
    return T;
}

/* A meeting before 2^-1042 s is left out as underflowing (drag_aim.h):
 * its time, a subnormal of a few bits, cannot carry the speed. */
static int add_root(double *roots, int n, double T)
{
    if (n < AF_MAX_SHOTS && T >= ldexp(1.0, -1042)) /* AFR_MIN_TIME, 0 in the float copy */
        roots[n++] = T;
    return n;
}

/*
 * The scan: F at AF_DRAG_AIM_SCAN_POINTS times T_i, geometric from t_lo to
 * t_hi. Every sign change between neighbours is a root; where F keeps its
 * sign but its slope turns towards zero and back (a dip, or a hump when F
 * is negative) the turning point is located and, if F crosses zero there,
 * the two roots either side of it are refined.
 */
int afr_drag_aim_scan_f64(drag_aim_problem_f64 *pb, double t_lo, double t_hi, int lo_bounds,
                          double *roots)
{
    double T[2], F[2], F1[2], N[2], noise;
    /* The grid's steps in logarithms: t_hi / t_lo overflows for a
     * subnormal distance's t_lo (1e-312 s), and its powers with it. */
    double log_lo = log(t_lo), step = (log(t_hi) - log_lo) / (AF_DRAG_AIM_SCAN_POINTS - 1);
    int i, n = 0, band;

    T[0] = t_lo;
    F[0] = speed_excess(T[0], pb, &F1[0], &noise);
    N[0] = noise;
    /* t_lo bounds every root from below and can be one (a straight shot
     * with no drag or gravity meets at exactly |D| / speed): no sign change
     * before it can show that root, so zero within F's noise there is it.
     * Not for a target at the muzzle (lo_bounds 0), where t_lo is only
     * where the scan starts and the root at 0 is the t = 0 shot. */
    if (lo_bounds && fabs(F[0]) <= noise)
        F[0] = 0.0;
    /* At the muzzle the t = 0 root reaches as far as F stays within its
     * noise from the start: no other root can be told from it there. */
    band = !lo_bounds && fabs(F[0]) <= noise;
    if (F[0] == 0.0 && !band)
        n = add_root(roots, n, T[0]);
    for (i = 1; i < AF_DRAG_AIM_SCAN_POINTS; i++) {
        double root;
        T[1] = i == AF_DRAG_AIM_SCAN_POINTS - 1 ? t_hi : exp(log_lo + step * i);
        F[1] = speed_excess(T[1], pb, &F1[1], &N[1]);
        if (band) {
            band = fabs(F[1]) <= N[1];
        } else if (fabs(F[0]) <= N[0] && fabs(F[1]) <= N[1]) {
            /* Both within F's noise (a target as fast as the projectile
             * over decades of time): a zero or a sign change there is the
             * rounding's, one root of the stretch at most (where F entered
             * it), lest they crowd the roots beyond it out of the slots. */
        } else if (F[1] == 0.0) {
            n = add_root(roots, n, T[1]);
        } else if (F[0] != 0.0 && (F[0] < 0.0) != (F[1] < 0.0)) {
            if (refine_root(pb, T[0], T[1], F[0], F[1], &root) == AF_OK)
                n = add_root(roots, n, root);
        } else if (F[0] != 0.0 && (F1[0] < 0.0) != (F1[1] < 0.0) &&
                   (F[0] > 0.0) == (F1[0] < 0.0)) {
            /* Moving towards zero at T0, away at T1: a turning point. */
            double Tm = locate_dip(pb, T[0], T[1], F1[0]), f1m, Fm = speed_excess(Tm, pb, &f1m,
                                                                                 &noise);
            if ((Fm < 0.0) != (F[0] < 0.0) && fabs(Fm) > noise) {
                if (refine_root(pb, T[0], Tm, F[0], Fm, &root) == AF_OK)
                    n = add_root(roots, n, root);
                if (refine_root(pb, Tm, T[1], Fm, F[1], &root) == AF_OK)
                    n = add_root(roots, n, root);
            } else if (Fm == 0.0) {
                n = add_root(roots, n, Tm);
            }
        } else if (F[0] == 0.0 && F1[0] != 0.0 && (F1[0] < 0.0) != (F1[1] < 0.0) &&
                   (F1[0] < 0.0) != (F[1] < 0.0)) {
            /* A root at T0 (the scan's lower bound, or a sample), F
             * leaving it to one side and turning to end on the other: a
             * second root past the turning point (a target sweeping past
             * the muzzle, met on its way in and on its way out). */
            double Tm = locate_dip(pb, T[0], T[1], F1[0]), f1m, Fm = speed_excess(Tm, pb, &f1m,
                                                                                 &noise);
            if ((Fm < 0.0) != (F[1] < 0.0) && fabs(Fm) > noise &&
                refine_root(pb, Tm, T[1], Fm, F[1], &root) == AF_OK)
                n = add_root(roots, n, root);
        }
        T[0] = T[1];
        F[0] = F[1];
        F1[0] = F1[1];
        N[0] = N[1];
    }
    return n;
}
