/* SPDX-License-Identifier: MIT */
/*
 * The pull of continuous drag along up, from its exact numerator: W =
 * -(|g|^2 + k wind.g) / |g| (see drag_height_f64.c). Products are split
 * Dekker's way (no fused multiply-add) and summed as a nonoverlapping
 * expansion (Shewchuk), whose largest component carries the sign of the
 * exact sum: 0 exactly when gravity and the wind's pull cancel.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include "drag_f64.h"

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

/* a b = *p + *e exactly, for |a|, |b| below 2^900 and |a b| above 2^-900
 * (Dekker's product of Veltkamp halves). Inside the band of in_band every
 * product taken stays between 2^-810 and 2^600. */
static void two_product(double a, double b, double *p, double *e)
{
    double ca = VELTKAMP_SPLIT * a, ah = ca - (ca - a), al = a - ah;
    double cb = VELTKAMP_SPLIT * b, bh = cb - (cb - b), bl = b - bh;
    *p = a * b;
    *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

/* 0, or a magnitude within 2^-200 and 2^200 (by its exponent: no constant
 * beyond a float, for the float copy of the benchmarks). */
static int in_band(double x)
{
    int e;
    if (x == 0.0)
        return 1;
    (void)frexp(x, &e);
    return isfinite(x) && e >= -199 && e <= 200;
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

int afr_drag_pull_excess_f64(af_vec3_f64 g, double k, af_vec3_f64 w, double *out)
{
    const double *gv = &g.x, *wv = &w.x;
    double e[20], sum = 0.0;
    int i, j, n = 0;
    *out = 0.0;
    if (!in_band(k))
        return 0;
    for (i = 0; i < 3; i++)
        if (!in_band(gv[i]) || !in_band(wv[i]))
            return 0;
    for (i = 0; i < 3; i++) {
        double t[6], p, q;
        two_product(gv[i], gv[i], &t[0], &t[1]);
        two_product(wv[i], gv[i], &p, &q);
        two_product(k, p, &t[2], &t[3]);
        two_product(k, q, &t[4], &t[5]);
        for (j = 0; j < 6; j++)
            n = grow(e, n, t[j]);
    }
    /* Smallest first: the sum has the sign of the largest component. */
    for (i = 0; i < n; i++)
        sum += e[i];
    *out = sum;
    return 1;
}
