/* SPDX-License-Identifier: MIT */
/*
 * The real roots of a polynomial of degree <= 4 with floating coefficients
 * on an interval, in Q16.16's integers: the moving-target lob's careful
 * path (moving_q16.h). Its turning points are the roots of its derivative
 * (isolated the same way, down to the quadratic in closed form); between
 * two of them it is monotonic and holds at most one root, found by
 * Newton's method kept inside the bracket. No closed-form quartic
 * formula: no root is lost.
 */
#include <limits.h>

#include "moving_q16.h"
#include "distance_q16.h"

/* Steps of one root's refinement in fixed point: a Newton step is kept only
 * when it halves the previous one, else the bracket is halved, so within
 * 2 (30 + 2) steps the step or the bracket is down to a unit of 2^-30. */
#define MOVING_MAX_STEPS 72

/*
 * The polynomial rescaled for tau = x 2^P, x = X / 2^30 in (0, 1]: every
 * term c_i tau^i becomes k_i x^i 2^E with |k_i| <= 2^28, so that Horner's
 * rule runs in 32-bit integers with a 32x32->64-bit product and a constant
 * shift per step, cheaper than a floating operation. The terms keep 28
 * bits relative to the largest
 * possible one on the interval; the root is found to about 2^-26 of tau.
 */
struct scaled {
    int32_t k[5];
    int n, P, E;
};

static void scale_poly(const struct afq_poly *p, int P, struct scaled *s)
{
    int i, top = INT_MIN;
    s->n = p->n;
    s->P = P;
    /* |c_i tau^i| < 2^(e_i + 31 + i P) for x <= 1. */
    for (i = 0; i <= p->n; i++)
        if (p->c[i].m != 0 && p->c[i].e + 31 + i * P > top)
            top = p->c[i].e + 31 + i * P;
    s->E = top - 28;
    for (i = 0; i <= p->n; i++) {
        int shift = s->E - p->c[i].e - i * P; /* >= 3 */
        int32_t m = p->c[i].m;
        s->k[i] = m == 0 || shift > 31
                      ? 0
                      : afi_signed32(((afi_abs32(m) >> (shift - 1)) + 1) >> 1, m < 0);
    }
}

/* The scaled polynomial at X (Q30): its value (units 2^E) and the sum of
 * the terms' magnitudes (the value's scale, for telling zero from
 * rounding). */
static int32_t horner(const struct scaled *s, int32_t X, uint32_t *size)
{
    int32_t v = s->k[s->n];
    uint32_t a = afi_abs32(v);
    int i;
    for (i = s->n - 1; i >= 0; i--) {
        v = (int32_t)afi_floor_shift64((int64_t)v * X, 30) + s->k[i];
        a = (uint32_t)(afi_umul32(a, (uint32_t)X) >> 30) + afi_abs32(s->k[i]);
    }
    *size = a;
    return v;
}

/* The value and a quarter of the slope (the Newton steps need no size,
 * and the slope to 16 bits only): all in 32 bits, the slope's quarter
 * staying below 2^31 as the slope stays below 4 times the terms' sum. */
static int32_t horner_step(const struct scaled *s, int32_t X, int32_t *slope4)
{
    int32_t v = s->k[s->n], d = 0;
    int i;
    for (i = s->n - 1; i >= 0; i--) {
        d = (int32_t)afi_floor_shift64((int64_t)d * X, 30) + afi_floor_shift32(v, 2);
        v = (int32_t)afi_floor_shift64((int64_t)v * X, 30) + s->k[i];
    }
    *slope4 = d;
    return v;
}

/* Rounding in the scaled form leaves errors of a few units; below 2^-22 of
 * the terms' size (64 units of 2^28) the value counts as zero. */
static int sign_of_value(int32_t v, uint32_t size)
{
    uint32_t tol = (size >> 22) + 64;
    if (v > 0 && (uint32_t)v > tol)
        return 1;
    if (v < 0 && afi_abs32(v) > tol)
        return -1;
    return 0;
}

/* The sign of p at tau (positive), from its own scaling. */
static int sign_at(const struct afq_poly *p, afn_snum tau)
{
    struct scaled s;
    uint32_t size;
    int32_t v;
    scale_poly(p, tau.e + 31, &s); /* tau = (m / 2^31) 2^(e + 31) */
    v = horner(&s, (int32_t)(((uint32_t)tau.m >> 1) + (tau.m & 1)), &size);
    return sign_of_value(v, size);
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

/* |num| 2^30 / |den| (a Newton step in Q30 units of x), saturated at
 * 2^30: needed to about 15 bits only (the next step corrects it), so it is
 * one 32-by-32-bit division of the leading bits. */
static int32_t step_q30(int32_t num, int64_t den)
{
    uint32_t n = afi_abs32(num), n31, d16, q;
    uint64_t d = afi_abs64(den);
    int zn, sd, e;
    if (n == 0)
        return 0;
    if (d == 0)
        return INT32_C(1) << 30;
    zn = afi_clz32(n) - 1;
    n31 = n << zn; /* [2^30, 2^31) */
    sd = 48 - afi_clz64(d); /* bits(d) - 16 */
    d16 = (uint32_t)(sd >= 0 ? d >> sd : d << -sd); /* [2^15, 2^16) */
    q = n31 / d16; /* (2^14, 2^16] */
    e = 30 - zn - sd; /* the step is q 2^e */
    if (e >= 0)
        return e > 16 || (q << e) >> 30 ? INT32_C(1) << 30 : (int32_t)(q << e);
    return e < -31 ? 0 : (int32_t)(q >> -e);
}

/* A root of p in (a, b), where p changes sign (p(a) of sign sa). */
static AFI_OUTLINE_M0 afn_snum root_in(const struct afq_poly *p, afn_snum a, afn_snum b, int sa)
{
    struct scaled s;
    int32_t xa = 0, xb = 0, x = 0, last;
    int step, phase;
    afn_snum r, root = { 0, 0 };
    /* Geometric bisection until b < 4 a. */
    for (step = 0; step < 8 && b.e - a.e >= 2; step++) {
        afn_snum m = midpoint(a, b);
        int sm = sign_at(p, m);
        if (sm == 0)
            return m;
        if (sm == sa)
            a = m;
        else
            b = m;
    }
    /* Newton in fixed point, twice: first on the scale of the whole bracket
     * (tau = x 2^P with b at x in [1/2, 1), a at x > 1/8), where a root near
     * a may have terms up to 2^12 below the scale; then on the scale of the
     * narrow bracket left around the root, which gives every bit back. */
    for (phase = 0; phase < 2; phase++) {
        scale_poly(p, b.e + 31, &s);
        xb = (int32_t)((b.m >> 1) + (b.m & 1));
        xa = (int32_t)afi_round_shift_u64(a.m, 1 + (b.e - a.e));
        /* Phase 0 starts in the middle; phase 1 from phase 0's root. */
        x = phase == 0 ? xa + (xb - xa) / 2
                       : (int32_t)afi_round_shift_u64(root.m, 1 + (b.e - root.e));
        if (x <= xa || x >= xb)
            x = xa + (xb - xa) / 2;
        last = xb - xa;
        for (step = 0; step < MOVING_MAX_STEPS; step++) {
            int32_t slope4, v = horner_step(&s, x, &slope4), next = -1, dx = 0;
            int sv = (v > 0) - (v < 0); /* here every bit counts */
            if (sv == 0)
                break;
            if (sv == sa)
                xa = x;
            else
                xb = x;
            if (xb - xa <= 2)
                break;
            /* Newton's step, kept when it stays inside the bracket and at
             * least halves the previous step; else a bisection. */
            if (slope4 != 0) {
                dx = step_q30(v, (int64_t)slope4 * 4);
                next = ((v < 0) != (slope4 < 0)) ? x + dx : x - dx;
            }
            if (next > xa && next < xb && dx <= last / 2) {
                if (dx <= 1) {
                    x = next;
                    break; /* converged to a unit of 2^-30 */
                }
                last = dx;
                x = next;
            } else {
                last = xb - xa;
                x = xa + (xb - xa) / 2;
            }
        }
        if (phase == 0) {
            /* The bracket left, widened by a unit each side, and the root. */
            a = afn_s_make_near(xa > 1 ? xa - 1 : xa, s.P - 30);
            b = afn_s_make_near(xb + 1, s.P - 30);
            root = afn_s_make_near(x, s.P - 30);
        }
    }
    r = afn_s_make_near(x, s.P - 30);
    return r;
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

/* The positive roots of the quadratic p inside (lo, hi), ascending, in
 * closed form, cancellation-free: q = -(b + sgn(b) sqrt(b^2 - 4ac)) / 2,
 * roots q / a and c / q. A function of its own, so that each frame stays
 * small (8-bit cores reach only 64 bytes of a frame directly). */
static int quadratic_roots(const struct afq_poly *p, afn_snum lo, afn_snum hi, afn_snum *roots)
{
    afn_snum a = p->c[2], c = p->c[0], q, r[2];
    int count = 0, i;
    if (!closed_form_q(a, p->c[1], c, &q))
        return 0;
    r[0] = afn_s_div_near(q, a);
    r[1] = afn_s_div_near(c, q);
    if (afn_s_less(r[1], r[0]) && afn_s_sign(r[1]) > 0) {
        afn_snum t = r[0];
        r[0] = r[1];
        r[1] = t;
    }
    for (i = 0; i < 2; i++)
        if (afn_s_sign(r[i]) > 0 && afn_s_less(lo, r[i]) && afn_s_less(r[i], hi) &&
            (count == 0 || roots[0].m != r[i].m || roots[0].e != r[i].e))
            roots[count++] = r[i];
    return count;
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
            roots[count++] = root_in(p, points[i], points[i + 1], signs[i]);
    }
    return count;
}

afn_snum afq_quadratic_root(const afn_snum *c, int largest, afn_snum lo, afn_snum hi)
{
    afn_snum q;
    int i;
    if (c[2].m == 0 || !closed_form_q(c[2], c[1], c[0], &q))
        return hi;
    /* c / q first for the smallest, q / a first for the largest; a
     * quotient's sign is known before it is formed. */
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

int afq_poly_roots(const struct afq_poly *p, const struct afq_fit *f, afn_snum lo, afn_snum hi,
                   afn_snum *roots)
{
    return roots_in(p, f, lo, hi, roots);
}
