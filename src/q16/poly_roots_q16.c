/* SPDX-License-Identifier: MIT */
/*
 * The real roots of a polynomial of degree <= 4 with floating coefficients
 * on an interval, in Q16.16's integers: the moving-target lob's careful
 * path (moving_q16.h). Its turning points are the roots of its derivative
 * (isolated the same way, down to the quadratic in closed form); between
 * two of them it is monotonic and holds at most one root, found by
 * Newton's method kept inside the bracket, on the convex path's
 * evaluation (afq_poly_terms: every term in one 32-bit unit wherever tau
 * lies). No closed-form quartic formula: no root is lost.
 */
#include "moving_q16.h"
#include "distance_q16.h"

/* Steps of one root's refinement: a Newton step is kept only when it
 * stays inside the bracket and at least halves the previous one, else
 * the bracket is halved (geometrically while its ends are more than a
 * factor 4 apart), so the bracket shrinks at every step and within about
 * 8 + 2 x 30 steps it is down to 2^-30 of the root. */
#define MOVING_MAX_STEPS 72

/* The value of p at tau > 0 in the unit of afq_poly_terms (2^-28 of its
 * largest term), with its rounding: a few units per term and 2^-22 of
 * the terms' size for the coefficients' own (31 bits, a derivative's
 * rounded once more). */
static int32_t value_at(const struct afq_poly *p, afn_snum tau, int32_t t[5], uint32_t *tol)
{
    uint32_t size = afq_poly_terms(p, tau, t);
    *tol = (size >> 22) + 8;
    return t[0] + t[1] + t[2] + t[3] + t[4];
}

/* The sign of p at tau (positive); 0 within its rounding. */
static int sign_at(const struct afq_poly *p, afn_snum tau)
{
    int32_t t[5];
    uint32_t tol;
    int32_t v = value_at(p, tau, t, &tol);
    if (afi_abs32(v) <= tol)
        return 0;
    return v > 0 ? 1 : -1;
}

/* Midpoint of a positive bracket: geometric while the ends are more than a
 * factor 4 apart (the roots' scale is not known), arithmetic otherwise. */
static afn_snum midpoint(afn_snum a, afn_snum b)
{
    afn_snum m;
    if (b.e - a.e >= 3) {
        m.m = INT32_C(1) << 30; /* 2^(mean exponent), roughly sqrt(a b) */
        m.e = (a.e + b.e) / 2;
        if (afn_s_less(a, m) && afn_s_less(m, b))
            return m;
    }
    m = afn_s_add_near(a, b);
    m.e--;
    return m;
}

/* A root of p in (a, b), where p changes sign (p(a) of sign sa), by
 * Newton's method on p, tau -> tau (1 - p / (tau p')), on the convex
 * path's evaluation (afq_poly_terms). A step is kept when it stays inside
 * the bracket and its length's binary exponent is below that of the step
 * before the last (it at least about halves every two steps, as from far
 * above a root where one term rules and each step takes the same share
 * of tau); else the bracket is halved. The first point is a factor 2
 * inside the `near` end (1: b, -1: a), the one that is a turning point
 * of p, when the bracket spans more than a factor 8: a root usually lies
 * within a small factor of the turning point before it, and halvings
 * from the middle of a wide bracket would cost several steps. */
static AFI_OUTLINE_M0 afn_snum root_in(const struct afq_poly *p, afn_snum a, afn_snum b, int sa,
                                       int near)
{
    afn_snum x = midpoint(a, b), next;
    int step, last = INT16_MAX, before = INT16_MAX;
    if (near != 0 && b.e - a.e >= 3) {
        x = near > 0 ? b : a;
        x.e += near > 0 ? -1 : 1;
    }
    for (step = 0; step < MOVING_MAX_STEPS; step++) {
        int32_t t[5], v, half_slope;
        uint32_t tol, r;
        int down, length;
        if (!afn_s_less(a, x) || !afn_s_less(x, b))
            break; /* the bracket is down to adjacent numbers */
        v = value_at(p, x, t, &tol);
        if (v == 0)
            break;
        if ((v > 0) == (sa > 0))
            a = x;
        else
            b = x;
        /* tau p' / 2 = sum i T_i / 2, below 5 2^28. */
        half_slope = afi_floor_shift32(t[1], 1) + t[2] + afi_floor_shift32(3 * t[3], 1) + 2 * t[4];
        if (half_slope != 0) {
            r = afq_ratio_q30(afi_abs32(v), 2 * afi_abs32(half_slope));
            down = (v > 0) == (half_slope > 0);
            /* The step is about r 2^x.e long. */
            length = 32 - afi_clz32(r | 1u) + x.e;
            if ((!down || r < UINT32_C(1) << 30) && length < before) {
                next = afq_scaled_tau(x, r, down);
                if (afn_s_less(a, next) && afn_s_less(next, b)) {
                    /* Within the rounding, or a step below 2^-26: the
                     * last one. */
                    if (afi_abs32(v) <= tol || r <= 16)
                        return next;
                    before = last;
                    last = length;
                    x = next;
                    continue;
                }
            }
        }
        if (afi_abs32(v) <= tol)
            break;
        x = midpoint(a, b);
        before = last;
        last = b.e + 30; /* half the bracket at most */
    }
    return x;
}

/* The sign of F at tau from the distance itself (afq_distance_value): a
 * close pass (the target through the muzzle) cancels in r's sum, in
 * 31-bit numbers per component, where the polynomial's own terms (|d'|^2
 * and its like) would bury the small F left under their 28 bits. Zero
 * within the roundings (2^-26 of the terms). */
static AFI_OUTLINE_M0 int distance_sign(const struct afq_fit *f, afn_snum tau)
{
    afn_snum slope2, tol, diff = afq_distance_value(f, tau, &slope2, &tol);
    if (!afn_s_less(tol, afn_s_abs(diff)))
        return 0;
    return afn_s_sign(diff);
}

/* q = -(b + sgn(b) sqrt(b^2 - 4 a c)) / 2 of a tau^2 + b tau + c, whose
 * roots are q / a and c / q (cancellation-free): 0 when there is no real
 * root or q is zero. */
static int closed_form_q(afn_snum a, afn_snum b, afn_snum c, afn_snum *q)
{
    afn_snum ac4 = afn_s_mul_near(a, c), disc;
    ac4.e += 2; /* 4 a c: a power of two moves the exponent only */
    disc = afn_s_sub_near(afn_s_mul_near(b, b), ac4);
    if (afn_s_sign(disc) < 0)
        return 0;
    *q = afn_s_sqrt_near(disc);
    *q = afn_s_neg(afn_s_add_near(b, afn_s_sign(b) < 0 ? afn_s_neg(*q) : *q));
    q->e--;
    return q->m != 0;
}

/* Of the roots q / a and c / q of c[0] + c[1] tau + c[2] tau^2 (q from
 * closed_form_q), the smallest in (lo, hi), or the `largest`; hi itself
 * when there is none. c / q is never the larger in magnitude (q^2 >= a
 * c; near a double root, where rounding may swap them, either is as
 * good), so it is tried first for the smallest, and a quotient's sign
 * is known before it is formed. */
static afn_snum quadratic_pick(const afn_snum *c, afn_snum q, int largest, afn_snum lo, afn_snum hi)
{
    int i;
    for (i = 0; i < 2; i++) {
        int small = (i == 0) != (largest != 0);
        afn_snum x = small ? c[0] : q, y = small ? q : c[2], r;
        if (x.m == 0 || (x.m < 0) != (y.m < 0))
            continue; /* not positive */
        r = afn_s_div_near(afn_s_abs(x), afn_s_abs(y));
        if (afn_s_less(lo, r) && afn_s_less(r, hi))
            return r;
    }
    return hi;
}

/* The positive roots of the quadratic p inside (lo, hi), ascending, in
 * closed form, cancellation-free (closed_form_q): the smallest and the
 * largest there, one root when they are the same. */
static int quadratic_roots(const struct afq_poly *p, afn_snum lo, afn_snum hi, afn_snum *roots)
{
    afn_snum q;
    if (!closed_form_q(p->c[2], p->c[1], p->c[0], &q))
        return 0;
    roots[0] = quadratic_pick(p->c, q, 0, lo, hi);
    if (!afn_s_less(roots[0], hi))
        return 0;
    roots[1] = quadratic_pick(p->c, q, 1, lo, hi);
    return roots[1].m == roots[0].m && roots[1].e == roots[0].e ? 1 : 2;
}

/* The positive roots of p inside (lo, hi), ascending; a turning point
 * where p is zero within rounding counts as a (double) root. n <= 4.
 * With the fit (the quartic of a moving target), a turning point whose
 * value the polynomial cannot tell from zero is judged by the distance
 * itself (distance_sign): two close roots are not merged into one. */
static int roots_in(const struct afq_poly *p, const struct afq_fit *f, afn_snum lo, afn_snum hi,
                    afn_snum *roots)
{
    afn_snum points[6], turn[4];
    int signs[6], count = 0, npoints = 0, nturn, i;
    if (p->n == 2)
        return quadratic_roots(p, lo, hi, roots);
    /* Turning points: roots of p'. */
    {
        struct afq_poly d;
        d.n = p->n - 1;
        for (i = 1; i <= p->n; i++)
            d.c[i - 1] = afn_s_mul_near(p->c[i], afn_s_make_near(i, 0));
        nturn = roots_in(&d, NULL, lo, hi, turn);
    }
    points[npoints++] = lo;
    for (i = 0; i < nturn; i++)
        points[npoints++] = turn[i];
    points[npoints++] = hi;
    for (i = 0; i < npoints; i++)
        signs[i] = sign_at(p, points[i]);
    for (i = 1; f && i + 1 < npoints; i++)
        if (signs[i] == 0)
            signs[i] = distance_sign(f, points[i]);
    for (i = 0; i < npoints; i++) {
        if (signs[i] == 0 && i > 0 && i < npoints - 1) {
            roots[count++] = points[i]; /* tangent: a double root */
            continue;
        }
        if (i + 1 < npoints && signs[i] != 0 && signs[i + 1] != 0 && signs[i] != signs[i + 1])
            roots[count++] = root_in(p, points[i], points[i + 1], signs[i],
                                     (i + 2 < npoints) - (i > 0));
    }
    return count;
}

afn_snum afq_quadratic_root(const afn_snum *c, int largest, afn_snum lo, afn_snum hi)
{
    afn_snum q;
    if (c[2].m == 0 || !closed_form_q(c[2], c[1], c[0], &q))
        return hi;
    return quadratic_pick(c, q, largest, lo, hi);
}

int afq_poly_roots(const struct afq_poly *p, const struct afq_fit *f, afn_snum lo, afn_snum hi,
                   afn_snum *roots)
{
    return roots_in(p, f, lo, hi, roots);
}
