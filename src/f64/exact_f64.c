/* SPDX-License-Identifier: MIT */
/*
 * Exact differences of squares (see exact_f64.h). Products are split
 * Dekker's way (no fused multiply-add needed: some C libraries emulate it
 * inexactly) and summed as a nonoverlapping expansion (Shewchuk), whose
 * components are all zero exactly when the sum is.
 */
#include "exact_f64.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

#include "vec_f64.h"

/* 2^ceil(p/2) + 1 splits a p-bit mantissa into two halves whose products
 * are exact (2^27 + 1 for double). */
#define VELTKAMP_SPLIT ((double)(((uint32_t)1 << ((DBL_MANT_DIG + 1) / 2)) + 1u))

/* a + b = *s + *e exactly. */
static void two_sum(double a, double b, double *s, double *e)
{
    double sum = a + b, bv = sum - a;
    *e = (a - (sum - bv)) + (b - bv);
    *s = sum;
}

/* a^2 = *p + *e exactly, for |a| <= 1 and a not tiny (Veltkamp's split into
 * two 26-bit halves). */
static void two_square(double a, double *p, double *e)
{
    double c = VELTKAMP_SPLIT * a, hi = c - (c - a), lo = a - hi;
    *p = a * a;
    *e = ((hi * hi - *p) + 2.0 * hi * lo) + lo * lo;
}

/* a b = *p + *e exactly, for |a|, |b| <= 1 and a product not tiny
 * (Dekker's, with Veltkamp's split into 26-bit halves). */
static void two_product(double a, double b, double *p, double *e)
{
    double ca = VELTKAMP_SPLIT * a, ah = ca - (ca - a), al = a - ah;
    double cb = VELTKAMP_SPLIT * b, bh = cb - (cb - b), bl = b - bh;
    *p = a * b;
    *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

/* Adds b to the expansion e[0..n) (components by increasing magnitude,
 * zeros dropped); returns its new length (at most n + 1). */
static int grow(double *e, int n, double b)
{
    double q = b, h;
    int i, m = 0;
    for (i = 0; i < n; i++) {
        two_sum(q, e[i], &q, &h);
        if (h != 0.0)
            e[m++] = h;
    }
    if (q != 0.0)
        e[m++] = q;
    return m;
}

double afr_sq_excess_f64(af_vec3_f64 v, double s)
{
    double m = fmax(fmax(fabs(v.x), fabs(v.y)), fmax(fabs(v.z), s));
    double terms[8], e[8], sum = 0.0, ss;
    int k, n = 0, i;

    if (!isfinite(m))
        return m - m; /* NaN for a non-finite input */
    /* Scale by a power of two (exact) so that the largest is in [0.5, 1). */
    (void)frexp(m, &k);
    v.x = ldexp(v.x, -k);
    v.y = ldexp(v.y, -k);
    v.z = ldexp(v.z, -k);
    s = ldexp(s, -k);
    two_square(v.x, &terms[0], &terms[1]);
    two_square(v.y, &terms[2], &terms[3]);
    two_square(v.z, &terms[4], &terms[5]);
    two_square(s, &terms[6], &terms[7]);
    terms[6] = -terms[6];
    terms[7] = -terms[7];
    for (i = 0; i < 8; i++)
        n = grow(e, n, terms[i]);
    /* Smallest first: the sum rounds (nearly) once. */
    for (i = 0; i < n; i++)
        sum += e[i];
    ss = s * s;
    /* s^2 may underflow where s is far below |v|: divide by s twice. */
    return ss >= ldexp(1.0, -969) ? sum / ss : (sum / s) / s;
}

/* a_j b_k - a_k b_j: the products' difference exact (a two-sum), their
 * errors added to its error term, then the one rounding. */
static double cross_part(double aj, double bk, double ak, double bj)
{
    double p, pe, q, qe, s, se;
    two_product(aj, bk, &p, &pe);
    two_product(ak, bj, &q, &qe);
    two_sum(p, -q, &s, &se);
    return s + (se + (pe - qe));
}

af_vec3_f64 afr_cross_exact_f64(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 r;
    r.x = cross_part(a.y, b.z, a.z, b.y);
    r.y = cross_part(a.z, b.x, a.x, b.z);
    r.z = cross_part(a.x, b.y, a.y, b.x);
    return r;
}

int afr_across_f64(af_vec3_f64 v, af_vec3_f64 g, af_vec3_f64 *out)
{
    af_vec3_f64 h = afr_vunit_scale(v), u = afr_vunit_scale(g), c;
    double length;
    if (afr_viszero(h) || afr_viszero(u))
        return 0;
    c = afr_cross_exact_f64(h, u);
    length = afr_vnorm(c) / (afr_vnorm(h) * afr_vnorm(u));
    if (!(length > 1e-12))
        return 0;
    *out = afr_cross_exact_f64(u, afr_vunit_scale(c));
    *out = afr_vdiv(*out, afr_vnorm(*out));
    return 1;
}
