/* SPDX-License-Identifier: MIT */
/* Bounded root finding for the f64 solvers (see roots_f64.h). */
#include "roots_f64.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

/* Midpoint of a bracket: geometric while the ends are more than a factor 4
 * apart on the same side of zero (roots may sit anywhere between 1e-20 and
 * 1e20; halving would take thousands of steps), arithmetic otherwise. */
static double bracket_mid(double a, double b)
{
    if (a > 0.0 && b > 4.0 * a)
        return sqrt(a) * sqrt(b);
    if (b < 0.0 && a < 4.0 * b)
        return -sqrt(-a) * sqrt(-b);
    return a + 0.5 * (b - a);
}

/* The bisection point after the first: an end still at zero means every
 * probe so far fell beyond the root, which may lie anywhere down to the
 * smallest normal, so the bracket is split geometrically from there
 * (halving 1e108 down to a root at 1e-107 would outlast the step bound). */
static double bisect_from(double a, double b)
{
    if (a == 0.0 && b > 0.0)
        return sqrt(DBL_MIN) * sqrt(b);
    if (b == 0.0 && a < 0.0)
        return -sqrt(DBL_MIN) * sqrt(-a);
    return bracket_mid(a, b);
}

/* Whether [a, b] is at most half as wide as [a0, b0] was: in the ratio of
 * its ends (its fourth root, which neither overflows nor underflows) where
 * bracket_mid is geometric, so that Newton steps that only halve a bracket
 * 1e300 wide (a quadratic term dominating far right of a root) count as
 * the slow progress they are and a geometric bisection follows. */
static int bracket_halved(double a0, double b0, double a, double b)
{
    /* An end at zero: halving the other end is a bit of 2^1000; only
     * leaving zero or a geometric split's drop counts. */
    if (a0 == 0.0 && b0 > 0.0)
        return a > 0.0 || b <= sqrt(DBL_MIN) * sqrt(b0);
    if (b0 == 0.0 && a0 < 0.0)
        return b < 0.0 || a >= -sqrt(DBL_MIN) * sqrt(-a0);
    if (a0 > 0.0 && b0 > 4.0 * a0)
        return sqrt(sqrt(b)) / sqrt(sqrt(a)) <= sqrt(sqrt(sqrt(b0)) / sqrt(sqrt(a0)));
    if (b0 < 0.0 && a0 < 4.0 * b0)
        return sqrt(sqrt(-a)) / sqrt(sqrt(-b)) <= sqrt(sqrt(sqrt(-a0)) / sqrt(sqrt(-b0)));
    return b - a <= 0.5 * (b0 - a0);
}

af_status afr_root_bracketed_f64(root_fn_f64 fn, void *ctx, double a, double b, double fa,
                             double fb, double *root)
{
    double x, fx, slope, a0 = a, b0 = b, xbest = 0.0, fbest = INFINITY, sbest = 0.0, reach = 0.0;
    int step, force_bisect = 0, newton = 0;
    int rising = fb > fa;
    (void)fa;
    (void)fb;

    x = bracket_mid(a, b);
    for (step = 0; step < ROOTS_MAX_STEPS; step++) {
        double next;
        slope = 0.0;
        fx = fn(x, ctx, &slope);
        if (fx == 0.0) {
            *root = x;
            return AF_OK;
        }
        /* Keep the sign change inside [a, b]. */
        if ((fx > 0.0) == rising)
            b = x;
        else
            a = x;
        if (!(b - a > 2.0 * DBL_EPSILON * fmax(fabs(a), fabs(b)))) {
            *root = a + 0.5 * (b - a);
            return AF_OK;
        }
        /* Newton from the point nearest the root so far, not from a
         * bisection's midpoint (from there it only closes in linearly). */
        if (fabs(fx) < fabs(fbest)) {
            xbest = x;
            fbest = fx;
            sbest = slope;
            reach = 0.0;
        } else if (newton) {
            /* A Newton step from xbest that came no nearer: within the
             * function's rounding near the root, the next reaches twice
             * as far. */
            reach = 2.0 * fabs(x - xbest);
        }
        /* Every second step must at least halve the bracket. */
        if (!bracket_halved(a0, b0, a, b)) {
            force_bisect = !force_bisect;
        } else {
            force_bisect = 0;
        }
        a0 = a;
        b0 = b;
        next = NAN;
        if (sbest != 0.0 && !force_bisect) {
            /* Newton has converged from one side, where the far end
             * would stay put: at least a few ulps past xbest, towards
             * the root, closes the bracket there. */
            double dt = -fbest / sbest, least = fmax(reach, 4.0 * DBL_EPSILON * fabs(xbest));
            if (!(fabs(dt) >= least))
                dt = (fbest > 0.0) == rising ? -least : least;
            next = xbest + dt;
        }
        newton = next > a && next < b;
        if (!newton)
            next = bisect_from(a, b);
        x = next;
    }
    *root = a + 0.5 * (b - a);
    return AF_ERR_NO_CONVERGENCE;
}

/* afr_quadratic_roots_f64 (a != 0) where h^2 or ac leaves the normal range:
 * each number as m 2^e (0.5 <= |m| < 1), the discriminant over 2^E for E
 * the even exponent just above both terms, the roots rebuilt from the
 * mantissas, so that h ~ 1e154 (h^2 overflowing) loses no real root. */
static int quadratic_scaled(double a, double h, double c, double r[2])
{
    double ma, mh, mc, disc, q;
    int ea, eh, ec, E;
    ma = frexp(a, &ea);
    mh = frexp(h, &eh);
    mc = frexp(c, &ec);
    E = h != 0.0 ? 2 * eh : ea + ec;
    if (c != 0.0 && ea + ec > E)
        E = ea + ec;
    if (E % 2 != 0)
        E++;
    /* The smaller term, where it underflows, is below 2^-1000 of the other. */
    disc = ldexp(mh * mh, 2 * eh - E) - (c != 0.0 ? ldexp(ma * mc, ea + ec - E) : 0.0);
    if (disc < 0.0)
        return 0;
    if (disc == 0.0) {
        r[0] = ldexp(-mh / ma, eh - ea);
        return 1;
    }
    /* q / 2^(E/2): its ratios to a's and c's mantissas scaled back. */
    q = -(ldexp(mh, eh - E / 2) + copysign(sqrt(disc), h));
    r[0] = ldexp(q / ma, E / 2 - ea);
    r[1] = c != 0.0 ? ldexp(mc / q, ec - E / 2) : 0.0;
    if (r[0] > r[1]) {
        double t = r[0];
        r[0] = r[1];
        r[1] = t;
    }
    return 2;
}

int afr_quadratic_roots_f64(double a, double h, double c, double r[2])
{
    double disc, q, big;
    if (a == 0.0) {
        if (h == 0.0)
            return 0;
        r[0] = -c / (2.0 * h);
        return 1;
    }
    big = fmax(h * h, fabs(a * c));
    /* h^2 - ac is at most twice the larger term: past DBL_MAX / 2 it may
     * overflow where each term fits. */
    if ((!(big <= 0.5 * DBL_MAX) || big < DBL_MIN * 0x1p62) && (h - h) + (c - c) + (a - a) == 0.0)
        return quadratic_scaled(a, h, c, r);
    disc = h * h - a * c;
    if (disc < 0.0)
        return 0;
    if (disc == 0.0) {
        r[0] = -h / a;
        return 1;
    }
    q = -(h + copysign(sqrt(disc), h));
    if (q == 0.0) { /* h == 0 and disc == -ac > 0: symmetric pair */
        r[1] = sqrt(-c / a);
        r[0] = -r[1];
        return 2;
    }
    r[0] = q / a;
    r[1] = c / q;
    if (r[0] > r[1]) {
        double t = r[0];
        r[0] = r[1];
        r[1] = t;
    }
    return 2;
}

/* |num / den|^(1/k) for k = 1..4, or for k = 3 the power of two just
 * above it, without forming the ratio (which may overflow where its root
 * does not). Only correctly rounded operations (and exact scalings), so
 * that the bound, and every root found within it, is the same bits on
 * every C library. */
static double root_ratio(double num, double den, int k)
{
    double a = fabs(num), b = fabs(den);
    int ea, eb, e;
    switch (k) {
    case 1:
        return a / b;
    case 2:
        return sqrt(a) / sqrt(b);
    case 3:
        if (a == 0.0)
            return 0.0;
        (void)frexp(a, &ea);
        (void)frexp(b, &eb);
        e = ea - eb + 1; /* a / b < 2^e: the cube root is below 2^ceil(e / 3) */
        return ldexp(1.0, e >= 0 ? (e + 2) / 3 : -(-e / 3));
    default:
        return sqrt(sqrt(a)) / sqrt(sqrt(b));
    }
}

/* Fujiwara's bound: every root has |x| <= 2 max_k |c[n-k] / c[n]|^(1/k),
 * the last term halved (|c[0] / (2 c[n])|^(1/n)). Unlike Cauchy's
 * 1 + max |c[i] / c[n]| it scales like the roots themselves, so that the
 * search interval does not reach far past them where the polynomial and
 * its rounding bound overflow. */
static double fujiwara(const double *c, int n, int step)
{
    double m = 0.0;
    int k;
    for (k = 1; k <= n; k++) {
        double num = c[(n - k) * step + (step < 0 ? n : 0)];
        double den = c[step < 0 ? 0 : n];
        m = fmax(m, root_ratio(k == n ? 0.5 * num : num, den, k));
    }
    return 2.0 * m;
}

void afr_poly_root_bounds_f64(const double *c, int n, double *lower, double *upper)
{
    /* The lower bound is the upper bound of the reversed polynomial's roots
     * (1/x), whose coefficients are c read backwards: c[n - i]. */
    *upper = fujiwara(c, n, 1);
    *lower = 1.0 / fujiwara(c, n, -1);
}

/* Horner's rule with the derivative; ctx is the coefficient array with the
 * degree stored in the struct below. */
struct poly {
    const double *c;
    int n;
};

static double poly_eval(double x, void *ctx, double *slope)
{
    const struct poly *p = ctx;
    double v = p->c[p->n], d = 0.0;
    int i;
    for (i = p->n - 1; i >= 0; i--) {
        d = d * x + v;
        v = v * x + p->c[i];
    }
    *slope = d;
    return v;
}

/* Rounding error of Horner's rule at x: a classical bound, 2n u sum|c_i x^i|,
 * doubled for margin. The factor is applied to each coefficient first, so
 * that the bound overflows only where the polynomial's terms do. */
static double poly_tol(double x, void *ctx)
{
    const struct poly *p = ctx;
    double ax = fabs(x), k = 4.0 * p->n * DBL_EPSILON, s = k * fabs(p->c[p->n]);
    int i;
    for (i = p->n - 1; i >= 0; i--)
        s = s * ax + k * fabs(p->c[i]);
    return s;
}

/* An infinite value has its sign: it overflowed because its leading terms
 * did, which no finite term left to add can cancel (its tolerance is then
 * infinite too). */
static int sign_with_tol(double v, double tol)
{
    if (isinf(v))
        return v > 0.0 ? 1 : -1;
    if (v > tol)
        return 1;
    if (v < -tol)
        return -1;
    return 0;
}

int afr_poly_roots_f64(const double *c, int n, double lo, double hi, root_fn_f64 sign_fn,
                   root_tol_f64 sign_tol, void *ctx, double *roots)
{
    struct poly p;
    double points[6], values[6], crit[4];
    int signs[6], count = 0, npoints = 0, ncrit, i;

    p.c = c;
    p.n = n;
    if (!sign_fn) {
        sign_fn = poly_eval;
        sign_tol = poly_tol;
        ctx = &p;
    }
    if (n == 1 || n == 2) {
        /* Each root is polished inside its own stretch, split at the
         * vertex -c1 / (2 c2) for two, so that polishing neither swaps two
         * close roots nor merges them. */
        double r[2], slope, vertex = n == 2 ? -c[1] / (2.0 * c[2]) : 0.0;
        int k = n == 1 ? 1 : afr_quadratic_roots_f64(c[2], 0.5 * c[1], c[0], r);
        if (n == 1)
            r[0] = -c[0] / c[1];
        if (n == 2 && k == 0 && vertex > lo && vertex < hi) {
            /* No real root in rounding, but the vertex may be zero within
             * the accurate function's own rounding: a tangent (double)
             * root, given once, as at a critical point below. */
            if (sign_with_tol(sign_fn(vertex, ctx, &slope), sign_tol(vertex, ctx)) == 0)
                roots[count++] = vertex;
            return count;
        }
        for (i = 0; i < k; i++) {
            double below = k == 2 && i == 1 ? fmax(lo, vertex) : lo;
            double above = k == 2 && i == 0 ? fmin(hi, vertex) : hi;
            if (r[i] > lo && r[i] < hi) {
                /* Polish with the accurate function when there is one:
                 * one Newton step is enough from a closed form. */
                double f = sign_fn(r[i], ctx, &slope), x = r[i];
                if (slope != 0.0 && isfinite(f / slope)) {
                    double nx = x - f / slope;
                    if (nx > below && nx < above && fabs(nx - x) < 1e-6 * fabs(x))
                        x = nx;
                }
                roots[count++] = x;
            }
        }
        return count;
    }

    /* Critical points: roots of p' inside (lo, hi), from p' / 4 where a
     * coefficient i c[i] would overflow (c[2] near DBL_MAX where speed^2 /
     * (|g| L) is): the same roots, the scaling exact for such numbers. */
    {
        double d[4], k = 1.0;
        for (i = 1; i <= n; i++)
            if (fabs(c[i]) > DBL_MAX / n)
                k = 0.25;
        for (i = 1; i <= n; i++)
            d[i - 1] = i * (k * c[i]);
        ncrit = afr_poly_roots_f64(d, n - 1, lo, hi, NULL, NULL, NULL, crit);
    }
    points[npoints++] = lo;
    for (i = 0; i < ncrit; i++)
        points[npoints++] = crit[i];
    points[npoints++] = hi;
    for (i = 0; i < npoints; i++) {
        double slope;
        values[i] = sign_fn(points[i], ctx, &slope);
        signs[i] = sign_with_tol(values[i], sign_tol(points[i], ctx));
    }
    for (i = 0; i < npoints; i++) {
        /* A critical point where p vanishes within rounding: a root there. */
        if (signs[i] == 0 && i > 0 && i < npoints - 1) {
            roots[count++] = points[i];
            continue;
        }
        if (i + 1 < npoints && signs[i] != 0 && signs[i + 1] != 0 && signs[i] != signs[i + 1]) {
            double r;
            (void)afr_root_bracketed_f64(sign_fn, ctx, points[i], points[i + 1], values[i],
                                     values[i + 1], &r);
            /* Even at the step bound the bracket has shrunk around the root
             * to a few ulps of it (bisections: 11 geometric ones from any
             * finite end to within a factor 4, 52 arithmetic ones); its
             * midpoint is the best answer there is. */
            roots[count++] = r;
        }
    }
    return count;
}
