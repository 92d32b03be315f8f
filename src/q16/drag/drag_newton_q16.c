/* SPDX-License-Identifier: MIT */
/*
 * The root finder of the Q16 drag solvers: afr_drag_newton_f64's bracketed,
 * safeguarded Newton iteration on 31-bit floating integers (afn_snum).
 *
 * A Newton evaluation that leaves the bracket wider than half of what it
 * was is followed by a bisection, and a Newton point outside the bracket
 * is replaced by one, so the bracket at least halves every two
 * evaluations; it starts at most 2^30 times the tolerance wide (the
 * tolerance is 2^-30 of the larger end), hence AFQ_DRAG_NEWTON_MAX_STEPS. A
 * bracket that no longer splits (its middle rounds onto an end) holds the
 * root as closely as 30 bits can.
 *
 * Band mode (afq_drag_newton_band, the fixed-speed aim's refinement) stops
 * instead where the function's rounding noise leaves the root, and skips
 * the forced bisection while Newton at least halves |f|; every
 * evaluation still counts against AFQ_DRAG_NEWTON_MAX_STEPS.
 */
#include "drag_q16.h"

/* Band mode ends the search once the bracket is within 2^BAND_SLACK_BITS
 * times 2 noise / |f'| of the first point within the noise. */
#define BAND_SLACK_BITS 3

/* The middle of [lo, hi]. */
static afn_snum middle(afn_snum lo, afn_snum hi)
{
    afn_snum m = afn_s_add_trunc_compact(lo, hi);
    m.e--;
    return m;
}

static int snum_same(afn_snum a, afn_snum b)
{
    return a.m == b.m && (a.m == 0 || a.e == b.e);
}

/* a / b (b nonzero) to 15 bits, by one 32-bit division: a Newton
 * correction needs no more (its error is squared away by the next one,
 * and the bracket, not the correction, bounds the steps). */
static afn_snum rough_quotient(afn_snum a, afn_snum b)
{
    uint32_t q = afi_abs32(a.m) / (afi_abs32(b.m) >> 15);
    return afn_s_make_trunc((a.m < 0) != (b.m < 0) ? -(int64_t)q : (int64_t)q, a.e - b.e - 15);
}

af_status afq_drag_newton_in(afq_drag_fn fn, void *ctx, afn_snum lo, afn_snum hi, afn_snum x0,
                             int band, afn_snum *root, int *steps)
{
    afn_snum x = x0, best_x = x0, best_f = { 0, 0 }, best_slope = { 0, 0 }, best_noise = { 0, 0 },
             width, tol;
    afn_snum band_width = { 0, 0 };
    int step, bisect = 0, have_best = 0, progress;

    if (afn_s_lt(x, lo))
        x = lo;
    if (afn_s_lt(hi, x))
        x = hi;
    tol = afn_s_larger(lo, hi);
    tol.e -= AFQ_DRAG_NEWTON_TOL_BITS;
    width = afn_s_sub_trunc_compact(hi, lo);
    for (step = 1; step <= AFQ_DRAG_NEWTON_MAX_STEPS; step++) {
        afn_snum slope = { 0, 0 }, noise = { 0, 0 }, f = fn(x, ctx, &slope, &noise), next, mid,
                 span;
        int newton_ok = 0;
        *steps = step;
        /* Zero within the function's own rounding: no step can do better. */
        if (!band && !afn_s_mag_less(noise, f)) {
            *root = x;
            return AF_OK;
        }
        /* Band mode: a point within the noise where f does not rise is no
         * root of this bracket but a falling crossing beside it, and f's
         * sign there tells nothing; the bracket is left as it was. Past
         * it (2 noise / |f'| away) f is clear of the noise: the search
         * goes on from there, on the side of the farther end (the nearer
         * end is the one whose sign came from within the noise). */
        if (band && slope.m <= 0 && !afn_s_mag_less(noise, f)) {
            int up = afn_s_lt(afn_s_sub_trunc_compact(x, lo), afn_s_sub_trunc_compact(hi, x));
            afn_snum d =
                slope.m != 0
                    ? afn_s_abs(rough_quotient(afn_s_add_trunc_compact(noise, noise), slope))
                    : slope;
            afn_snum past = up ? afn_s_add_trunc_compact(x, d) : afn_s_sub_trunc_compact(x, d);
            if (!afn_s_lt(lo, past) || !afn_s_lt(past, hi) || d.m == 0)
                past = up ? middle(x, hi) : middle(lo, x);
            if (snum_same(past, x))
                break;
            x = past;
            continue;
        }
        if (f.m < 0)
            lo = x;
        else
            hi = x;
        /* Band mode: a step that at least halves |f| (or the first) is
         * progress enough to go on with Newton. */
        progress = !have_best;
        if (have_best) {
            afn_snum half_best = best_f;
            half_best.e--;
            progress = afn_s_mag_less(f, half_best);
        }
        /* Newton continues from the best point so far, so that a bisection
         * in between (which only serves the bound) does not reset it. In
         * band mode the best point stays within the bracket: an end that
         * moved past it (f of its sign, rounded no smaller) takes its place,
         * the nearer to the root. */
        if (!have_best || afn_s_mag_less(f, best_f) ||
            (band && (afn_s_lt(best_x, lo) || afn_s_lt(hi, best_x)))) {
            best_x = x;
            best_f = f;
            best_slope = slope;
            best_noise = noise;
            have_best = 1;
        }
        next = best_x;
        span = afn_s_sub_trunc_compact(hi, lo);
        if (band) {
            /* At the first point within the noise, the root is within
             * 2 noise / |f'| of it (less its own |f| / |f'|): a probe that
             * far towards the other end makes a bracket that narrow, and
             * a bracket within 2^BAND_SLACK_BITS times that ends the
             * search. */
            if (band_width.m == 0 && slope.m != 0 && !afn_s_mag_less(noise, f)) {
                band_width =
                    afn_s_abs(rough_quotient(afn_s_add_trunc_compact(noise, noise), slope));
                band_width.e += BAND_SLACK_BITS;
                if (afn_s_mag_less(band_width, span)) {
                    afn_snum d = band_width;
                    d.e -= BAND_SLACK_BITS;
                    x = f.m < 0 ? afn_s_add_trunc_compact(x, d) : afn_s_sub_trunc_compact(x, d);
                    width = span;
                    bisect = 0;
                    continue;
                }
            }
            if (band_width.m != 0 && !afn_s_mag_less(band_width, span)) {
                /* The best point when f is within the noise there, else
                 * the bracket closed on another sign change (a dip within
                 * the noise beside it) and its middle is the root. */
                *root = afn_s_mag_less(best_noise, best_f) ? middle(lo, hi) : best_x;
                return AF_OK;
            }
        }
        if (best_slope.m != 0) {
            afn_snum step_size = rough_quotient(best_f, best_slope);
            next = afn_s_sub_trunc_compact(best_x, step_size);
            /* A correction below the tolerance ends the search. */
            if (!afn_s_lt(next, lo) && !afn_s_lt(hi, next) && !afn_s_mag_less(tol, step_size)) {
                *root = next;
                return AF_OK;
            }
            newton_ok = afn_s_lt(lo, next) && afn_s_lt(next, hi);
        }
        mid = middle(lo, hi);
        /* Below the tolerance, or no number left between the ends. */
        if (!afn_s_mag_less(tol, span) || snum_same(mid, lo) || snum_same(mid, hi)) {
            *root = mid;
            return AF_OK;
        }
        /* A Newton point that left the bracket at least half its width
         * forces a bisection next (a bisection halves it by itself). */
        {
            afn_snum half = width;
            half.e--;
            bisect = !bisect && afn_s_mag_less(half, span) && !(band && progress);
        }
        if (!newton_ok || bisect) {
            next = mid;
            bisect = 1;
        }
        width = span;
        x = next;
    }
    *root = middle(lo, hi);
    return AF_ERR_NO_CONVERGENCE;
}

/* The one-sided Newton of drag_q16.h. */
af_status afq_drag_newton_one_sided(afq_drag_fn fn, void *ctx, afn_snum lo, afn_snum hi,
                                    afn_snum x0, afn_snum *root, int *steps)
{
    afn_snum x = x0;
    int step, more;
    af_status st;
    for (step = 1; step <= AFQ_DRAG_NEWTON_MAX_STEPS / 2; step++) {
        afn_snum slope, noise, f = fn(x, ctx, &slope, &noise), d, next, tol;
        *steps = step;
        if (!afn_s_mag_less(noise, f)) {
            *root = x;
            return AF_OK;
        }
        if (f.m < 0)
            lo = x;
        else
            hi = x;
        if (slope.m <= 0)
            break;
        d = rough_quotient(f, slope);
        next = afn_s_sub_trunc(x, d);
        if (afn_s_lt(next, lo) || afn_s_lt(hi, next))
            break;
        /* 2^-30 of the point corrected, not of the bracket: an end that
         * bounds the root loosely (a height over a terminal slope of a
         * few LSB, 2^27 times the root) would stop the steps far short. */
        tol = afn_s_abs(next);
        tol.e -= AFQ_DRAG_NEWTON_TOL_BITS;
        if (!afn_s_mag_less(tol, d)) {
            *root = next;
            return AF_OK;
        }
        x = next;
    }
    if (!afn_s_lt(lo, hi)) {
        *root = lo;
        return AF_OK;
    }
    st = afq_drag_newton(fn, ctx, lo, hi, x, root, &more);
    *steps += more; /* at most 31 + 62 */
    return st;
}
