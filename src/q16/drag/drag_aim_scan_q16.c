/* SPDX-License-Identifier: MIT */
/*
 * The scan of the fixed-speed aim in Q16 (drag_aim_f64.c's, adaptive):
 * F(T) = |u(T)| - speed evaluated along T, the stretches where it provably
 * keeps its sign skipped (the bounds below), its sign changes and
 * turning points refined into roots.
 */
#include "drag_aim_q16.h"

static const afn_unum one = { 0x80000000u, -31 };

static afn_snum speed_excess(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    afq_aim_eval ev;
    afq_aim_evaluate(ctx, T.m > 0 ? afn_s_to_u(T) : afn_u_make_trunc(0, 0), &ev);
    *slope = ev.slope;
    *noise = ev.noise;
    return ev.f;
}

/* -F for a stretch where F decreases. The refinement (afq_drag_newton_band)
 * does not take a point where F is within its noise for the root: near a
 * shallow dip F stays within its noise over a stretch that may reach the
 * next root. The bracket closes on the sign change until it is within the
 * width the noise leaves the root. */
static afn_snum speed_deficit(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    afn_snum f = speed_excess(T, ctx, slope, noise);
    *slope = afn_s_neg(*slope);
    return afn_s_neg(f);
}

/* F' alone, and -F', for locating a turning point of F (slope unknown:
 * the iteration bisects). */
static afn_snum speed_slope(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    afn_snum f_slope, f_noise;
    (void)speed_excess(T, ctx, &f_slope, &f_noise);
    slope->m = noise->m = 0;
    slope->e = noise->e = 0;
    return f_slope;
}

static afn_snum speed_slope_down(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    return afn_s_neg(speed_slope(T, ctx, slope, noise));
}

/* The root of F in (lo, hi), where F changes sign. */
static af_status refine_root(afq_aim_problem *pb, afn_snum lo, afn_snum hi, afn_snum f_lo,
                             afn_snum f_hi, afn_snum s_lo, afn_snum s_hi, afn_snum *T)
{
    /* Start at the secant's root, or at Newton's from the end nearer
     * zero when its slope there points into the bracket. */
    afn_snum x0 = afn_s_add_trunc_compact(
        lo, afn_s_mul_trunc_compact(afn_s_sub_trunc_compact(hi, lo),
                                    afn_s_div_near(f_lo, afn_s_sub_trunc_compact(f_lo, f_hi))));
    int near_lo = afn_s_mag_less(f_lo, f_hi);
    afn_snum f = near_lo ? f_lo : f_hi, slope = near_lo ? s_lo : s_hi;
    int steps;
    if (slope.m != 0 && ((slope.m < 0) != (f.m < 0)) == near_lo) {
        afn_snum x = afn_s_sub_trunc_compact(near_lo ? lo : hi, afn_s_div_near(f, slope));
        if (afn_s_lt(lo, x) && afn_s_lt(x, hi))
            x0 = x;
    }
    return afq_drag_newton_band(f_lo.m < 0 ? speed_excess : speed_deficit, pb, lo, hi, x0, T,
                                &steps);
}

/* Where F' = 0 in (lo, hi), F' going from f1_lo to the other sign. */
static afn_snum locate_dip(afq_aim_problem *pb, afn_snum lo, afn_snum hi, afn_snum f1_lo)
{
    afn_snum T = lo;
    int steps;
    (void)afq_drag_newton(f1_lo.m < 0 ? speed_slope : speed_slope_down, pb, lo, hi, lo, &T, &steps);
    return T;
}

/* Roots come in increasing order; one that rounds to the same Q16.16 time
 * as the last is the same shot (where the speed equation is flat within
 * its rounding, every evaluation may be a root), and must not take a place
 * a later root needs; so is one before it (the two sides of a double root
 * crossed by rounding). */
int afq_aim_add_root(afn_snum *roots, int n, afn_snum T)
{
    fix16_t t, last;
    if (n > 0 && afn_s_to_raw_near(T, &t) && afn_s_to_raw_near(roots[n - 1], &last) && t <= last)
        return n;
    if (n < AF_MAX_SHOTS)
        roots[n++] = T;
    return n;
}

/* The most halvings of a step over which F turned twice (turned_twice):
 * 2^SPLIT_DEPTH - 1 evaluations at most per step. */
#define SPLIT_DEPTH 3

/*
 * Whether F turned twice from e0 to e1 (f1 there, h later), as the cubic
 * through both ends' values and slopes does: its slope of one sign at
 * both ends and the other at the middle, where Simpson's rule gives
 * F'(mid) = (6 (F1 - F0) / h - F0' - F1') / 4, beyond F's noise. A hump and
 * a dip between two samples (a pair of roots on the hump) show neither a
 * sign change nor a slope that turned once.
 */
static int turned_twice(const afq_aim_eval *e0, afn_snum f1, const afq_aim_eval *e1, afn_unum h)
{
    afn_snum six_moved, ends, excess, margin;
    if (e0->slope.m == 0 || e1->slope.m == 0 || (e0->slope.m < 0) != (e1->slope.m < 0))
        return 0;
    six_moved = afn_s_mul_u_trunc_compact(afn_s_sub_trunc_compact(f1, e0->f),
                                          afn_u_make_trunc(6, 0));
    ends = afn_s_mul_u_trunc_compact(afn_s_add_trunc_compact(e0->slope, e1->slope), h);
    excess = afn_s_sub_trunc_compact(ends, six_moved);
    if (e0->slope.m < 0)
        excess = afn_s_neg(excess);
    /* 6 (N0 + N1) for the values, 2^-16 of the slopes' part for theirs. */
    margin = afn_s_add_trunc_compact(
        afn_s_mul_u_trunc_compact(afn_s_add_trunc_compact(e0->noise, e1->noise),
                                  afn_u_make_trunc(6, 0)),
        afn_u_to_s_sticky(afn_u_scale(afn_s_to_u(afn_s_abs(ends)), -16)));
    return excess.m > 0 && afn_s_mag_less(margin, excess);
}

/* The stretch before T1 over which F provably keeps T1's sign, its reach
 * bounded by e0's and e1's (the step's ends). */
static afn_unum safe_back(afq_aim_problem *pb, const afq_aim_consts *c, const afq_aim_eval *e0,
                          const afq_aim_eval *e1, afn_unum span)
{
    afq_aim_reach r;
    afq_aim_slack k;
    r.da_max = e0->da;
    r.a_max = e1->a;
    r.db_max = e1->db;
    afq_aim_slack_of(c, e1, 1, &k);
    return afq_aim_safe_stretch(pb, c, e1, &k, &r, span);
}

/*
 * The roots between an evaluation e0 at T0 and one at T1 (f1 there: F, or
 * a value just before a root within the noise, split 0), as in f64: a
 * sign change is refined; a turning point of F (towards zero at T0, away
 * at T1) is located and checked, unless it can only lie in the stretch
 * past T0's safe one and T1 proves that stretch too. A step over which F
 * turned twice is split where T0's and T1's bounds leave a stretch
 * unproved, up to split times (0 for a value f1 not e1's own).
 */
static int roots_between(afq_aim_problem *pb, const afq_aim_consts *c, afn_unum T0,
                         const afq_aim_eval *e0, afn_unum safe, afn_unum T1, afn_snum f1,
                         const afq_aim_eval *e1, int split, afn_snum *roots, int n)
{
    afn_snum root, lo = afn_u_to_s_sticky(T0), hi = afn_u_to_s_sticky(T1), zero = { 0, 0 };
    if (e0->f.m == 0) {
        /* A root at T0 (the scan's lower bound, or a sample), F leaving it
         * to one side and turning to end on the other: a second root past
         * the turning point (a target sweeping past the muzzle, met on its
         * way in and on its way out). */
        if (e0->slope.m != 0 && (e0->slope.m < 0) != (e1->slope.m < 0) &&
            (e0->slope.m < 0) != (f1.m < 0)) {
            afn_snum Tm = locate_dip(pb, lo, hi, e0->slope), f1m, noise;
            afn_snum Fm = speed_excess(Tm, pb, &f1m, &noise);
            if ((Fm.m < 0) != (f1.m < 0) && Fm.m != 0 &&
                refine_root(pb, Tm, hi, Fm, f1, zero, e1->slope, &root) == AF_OK)
                n = afq_aim_add_root(roots, n, root);
        }
        return n;
    }
    if ((e0->f.m < 0) != (f1.m < 0)) {
        if (refine_root(pb, lo, hi, e0->f, f1, e0->slope, e1->slope, &root) == AF_OK)
            n = afq_aim_add_root(roots, n, root);
    } else if ((e0->slope.m < 0) != (e1->slope.m < 0) && (e0->f.m > 0) == (e0->slope.m < 0)) {
        afn_unum span = afn_u_sub_trunc(T1, T0);
        if (afn_u_less(safe_back(pb, c, e0, e1, span), afn_u_sub_trunc(span, safe))) {
            afn_snum Tm = locate_dip(pb, lo, hi, e0->slope), f1m, noise;
            afn_snum Fm = speed_excess(Tm, pb, &f1m, &noise);
            if ((Fm.m < 0) != (e0->f.m < 0) && Fm.m != 0) {
                if (refine_root(pb, lo, Tm, e0->f, Fm, e0->slope, zero, &root) == AF_OK)
                    n = afq_aim_add_root(roots, n, root);
                if (refine_root(pb, Tm, hi, Fm, f1, zero, e1->slope, &root) == AF_OK)
                    n = afq_aim_add_root(roots, n, root);
            } else if (Fm.m == 0) {
                n = afq_aim_add_root(roots, n, Tm);
            }
        }
    } else if (split > 0 && turned_twice(e0, f1, e1, afn_u_sub_trunc(T1, T0)) &&
               afn_u_less(safe, afn_u_sub_trunc(T1, T0))) {
        afn_unum span = afn_u_sub_trunc(T1, T0), back, gap, Tm, rest;
        afq_aim_reach r;
        afq_aim_slack k;
        afq_aim_eval em;
        back = safe_back(pb, c, e0, e1, span);
        if (!afn_u_less(afn_u_add_trunc_compact(safe, back), span))
            return n;
        /* The middle of the stretch neither end's bound reaches: F there,
         * and each half as a step of its own. */
        gap = afn_u_sub_trunc(afn_u_sub_trunc(span, safe), back);
        Tm = afn_u_add_trunc_compact(afn_u_add_trunc_compact(T0, safe), afn_u_scale(gap, -1));
        if (!afn_u_less(T0, Tm) || !afn_u_less(Tm, T1))
            return n;
        afq_aim_evaluate(pb, Tm, &em);
        if (em.f.m != 0)
            n = roots_between(pb, c, T0, e0, safe, Tm, em.f, &em, split - 1, roots, n);
        else
            n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(Tm));
        rest = afn_u_sub_trunc(T1, Tm);
        afq_aim_reach_forward(pb, &em, rest, &r);
        afq_aim_slack_of(c, &em, 0, &k);
        n = roots_between(pb, c, Tm, &em, afq_aim_safe_stretch(pb, c, &em, &k, &r, rest), T1, f1,
                          e1, split - 1, roots, n);
    }
    return n;
}

/*
 * The scan of drag_aim_f64.c, adaptive: from each evaluated time, the
 * stretch where F provably keeps its sign (afq_aim_safe_stretch) is skipped, and
 * the next evaluation is at most one step of the f64 scan's geometric
 * grid (AF_DRAG_AIM_SCAN_POINTS times from t_lo to t_hi) beyond it, or
 * just past where Newton's step says F reaches zero; then roots_between.
 */
int afq_aim_scan_roots(afq_aim_problem *pb, afn_unum t_lo, afn_unum t_hi, int lo_bounds,
                       afn_snum *roots)
{
    afq_aim_eval e[2];
    afq_aim_consts c;
    afn_unum T[2], grid;
    afn_snum step;
    int i, n = 0, band;

    afq_aim_consts_of(pb, &c);
    /* One grid step is (2^step - 1) of the time: the geometric grid's. */
    step = afn_s_div_near(afq_drag_log2(afn_u_div_trunc(t_hi, t_lo)),
                          afn_s_make_near(AF_DRAG_AIM_SCAN_POINTS - 1, 0));
    grid = afn_u_sub_trunc(afq_drag_pow2(step), one);
    if (grid.m == 0)
        grid = afn_u_make_trunc(1, -30);
    T[0] = t_lo;
    afq_aim_evaluate(pb, T[0], &e[0]);
    /* t_lo bounds every root from below and can be one (a straight shot
     * with no drag or gravity meets at exactly |D| / speed): no sign change
     * before it can show that root, so zero within F's noise there is it.
     * Not for a target at the muzzle (lo_bounds 0): there t_lo is only
     * where the scan starts, and the root at 0 is the t = 0 shot. */
    if (lo_bounds && !afn_s_mag_less(e[0].noise, e[0].f))
        e[0].f.m = 0;
    /* At the muzzle the t = 0 root reaches as far as F stays within its
     * noise from the start: no other root can be told from it there. */
    band = !lo_bounds && !afn_s_mag_less(e[0].noise, e[0].f);
    if (e[0].f.m == 0 && !band)
        n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(T[0]));
    /* Every step moves at least one grid step: the bound is the grid's. */
    for (i = 1; i < 2 * AF_DRAG_AIM_SCAN_POINTS && afn_u_less(T[0], t_hi); i++) {
        afn_unum rest = afn_u_sub_trunc(t_hi, T[0]), cap = afn_u_scale(T[0], -1), safe, land, delta,
                 clear;
        afn_unum noisy = afn_u_make_trunc(0, 0);
        afq_aim_reach r;
        afq_aim_slack k;
        int last = 0;
        /* The bounds over half of T0 first, then, if F keeps its sign that
         * far, over twice T0; no root in the rest of the scan ends it. */
        if (afn_u_less(rest, cap))
            cap = rest;
        afq_aim_reach_forward(pb, &e[0], cap, &r);
        afq_aim_slack_of(&c, &e[0], 0, &k);
        safe = afq_aim_safe_stretch(pb, &c, &e[0], &k, &r, cap);
        if (!afn_u_less(safe, cap) && afn_u_less(cap, rest)) {
            afn_unum further;
            cap = afn_u_scale(T[0], 1);
            if (afn_u_less(rest, cap))
                cap = rest;
            afq_aim_reach_forward(pb, &e[0], cap, &r);
            further = afq_aim_safe_stretch(pb, &c, &e[0], &k, &r, cap);
            if (afn_u_less(safe, further))
                safe = further;
        }
        if (!afn_u_less(safe, rest))
            break;
        delta = afn_u_mul_trunc_compact(T[0], grid);
        land = afn_u_add_trunc_compact(safe, delta);
        T[1] = afn_u_add_trunc_compact(T[0], land);
        if (!afn_u_less(T[1], t_hi)) {
            T[1] = t_hi;
            last = 1;
        }
        afq_aim_evaluate(pb, T[1], &e[1]);
        if (band) {
            band = !afn_s_mag_less(e[1].noise, e[1].f);
            T[0] = T[1];
            e[0] = e[1];
            if (last)
                break;
            continue;
        }
        clear = afn_u_scale(delta, -2);
        if (e[1].slope.m != 0 && !afn_s_mag_less(e[1].noise, e[1].f))
            noisy = afn_u_scale(afn_u_div_trunc(afn_s_to_u(e[1].noise), afn_s_to_u(e[1].slope)), 2);
        if (noisy.m != 0 && afn_u_less(noisy, clear) &&
            (e[0].slope.m < 0) == (e[1].slope.m < 0) &&
            !afn_u_less(afn_u_scale(afn_u_mul_trunc_compact(afn_s_to_u(e[1].slope),
                                                            afn_u_sub_trunc(T[1], T[0])),
                                    -2),
                        afn_u_mul_trunc_compact(
                            afn_s_to_u(afn_s_sub_trunc_compact(e[1].slope, e[0].slope)), noisy))) {
            /* Zero within F's noise where F crosses steeply (clear of its
             * noise within a quarter grid step, its slope of one sign from
             * T0 and changing by less than a quarter over that: |F1' -
             * F0'| noisy <= |F1'| (T1 - T0) / 4; a slope that turned is a
             * dip's, whose bottom roots_between locates): a root here,
             * whose sign no refinement could tell.
             * The stretch before it is searched up to where F is clear of
             * its noise (its sign there -F'), and the scan goes on from as
             * far past it. */
            if (afn_u_less(afn_u_add_trunc_compact(T[0], noisy), T[1]))
                n = roots_between(pb, &c, T[0], &e[0], safe, afn_u_sub_trunc(T[1], noisy),
                                  afn_s_mul_u_trunc_compact(afn_s_neg(e[1].slope), noisy), &e[1],
                                  0, roots, n);
            n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(T[1]));
            if (!last) {
                T[1] = afn_u_add_trunc_compact(T[1], noisy);
                if (!afn_u_less(T[1], t_hi)) {
                    T[1] = t_hi;
                    last = 1;
                }
                afq_aim_evaluate(pb, T[1], &e[1]);
            }
        } else if (e[1].f.m == 0) {
            n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(T[1]));
        } else {
            n = roots_between(pb, &c, T[0], &e[0], safe, T[1], e[1].f, &e[1], SPLIT_DEPTH, roots,
                              n);
            /* t_hi bounds the search from above as t_lo does from below: F
             * within its noise there and heading for zero, with no sign
             * change before, may cross just before t_hi or just past it,
             * which no evaluation can tell apart: zero within F's noise
             * there is a root at t_hi. */
            if (last && !afn_s_mag_less(e[1].noise, e[1].f) && e[1].slope.m != 0 &&
                (e[1].f.m < 0) != (e[1].slope.m < 0) && (e[0].f.m < 0) == (e[1].f.m < 0))
                n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(T[1]));
        }
        T[0] = T[1];
        e[0] = e[1];
        if (last)
            break;
    }
    return n;
}
