/* SPDX-License-Identifier: MIT */
/*
 * The root finder of the drag solvers: Newton's method started where it
 * converges monotonically, kept inside a bracket, with a proven bound on
 * its evaluations.
 *
 * The functions the solvers hand it are monotone and convex or concave on
 * the bracket, and the solvers start it at the end from which Newton's
 * iterates approach the root from one side without overshooting (the
 * lower end of a concave increasing function, the upper end of a convex
 * one). It then converges quadratically and stops as soon as a Newton
 * correction is below the tolerance or the function is zero within its
 * rounding error, typically after 2 to 6 evaluations.
 *
 * The bound holds whatever the function: a Newton evaluation that leaves
 * the bracket wider than half of what it was is followed by a bisection,
 * and a Newton point outside the bracket is replaced by one. So the bracket at
 * least halves every two evaluations and is below `tol` after
 * 2 ceil(log2(width / tol)) of them; the solvers pass tol >= 2^-50 of the
 * bracket's magnitude, hence DRAG_NEWTON_MAX_STEPS.
 *
 * The bound needs numbers to work with: a bracket or a function value that
 * is not finite (a slope that is not finite only stops Newton's steps) (a launch speed near the largest double, whose apex height
 * or whose terms at some time of the bracket exceed it) ends the search
 * with AF_ERR_OVERFLOW at once, instead of bisecting on NaN until the bound.
 */
#include <math.h>

#include "drag_f64.h"

af_status afr_drag_newton_f64(drag_fn_f64 fn, void *ctx, double lo, double hi, double x0, double tol,
                          double *root, int *steps)
{
    double x = fmin(fmax(x0, lo), hi), width = hi - lo;
    double best_x = x, best_f = INFINITY, best_slope = 0.0;
    int step, bisect = 0;

    *steps = 0;
    *root = 0.0;
    if (!isfinite(lo) || !isfinite(hi) || !isfinite(x0) || !isfinite(tol))
        return AF_ERR_OVERFLOW;
    for (step = 1; step <= DRAG_NEWTON_MAX_STEPS; step++) {
        double slope = 0.0, noise = 0.0, f = fn(x, ctx, &slope, &noise), next, mid;
        int newton_ok;
        *steps = step;
        if (!isfinite(f) || !isfinite(noise))
            return AF_ERR_OVERFLOW;
        /* Zero within the function's own rounding: no step can do better. */
        if (fabs(f) <= noise) {
            *root = x;
            return AF_OK;
        }
        if (f < 0.0)
            lo = x;
        else
            hi = x;
        /* Newton continues from the best point so far, so that a bisection
         * in between (which only serves the bound) does not reset it. */
        /* A slope beyond the doubles (a distance over a subnormal time
         * squared) gives no Newton step: the bisection goes on. */
        if (fabs(f) < fabs(best_f) && isfinite(slope)) {
            best_x = x;
            best_f = f;
            best_slope = slope;
        }
        next = best_x - best_f / best_slope;
        /* A correction below the tolerance ends the search, even one that
         * rounds onto the bracket's end (below an ulp of it). */
        if (next >= lo && next <= hi && fabs(next - best_x) <= tol) {
            *root = next;
            return AF_OK;
        }
        newton_ok = next > lo && next < hi; /* false for NaN too */
        mid = lo + 0.5 * (hi - lo);
        /* Below the tolerance, or no double left between the ends (a root
         * among the subnormals, where 2^-50 of the bracket is below the
         * smallest double and tol rounds to 0). */
        if (hi - lo <= tol || !(mid > lo && mid < hi)) {
            *root = mid;
            return AF_OK;
        }
        /* A Newton point that left the bracket at least half its width
         * forces a bisection next (a bisection halves it by itself). */
        bisect = !bisect && hi - lo > 0.5 * width;
        if (!newton_ok || bisect) {
            next = mid;
            bisect = 1;
        }
        width = hi - lo;
        x = next;
    }
    *root = lo + 0.5 * (hi - lo);
    return AF_ERR_NO_CONVERGENCE;
}
