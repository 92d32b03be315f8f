/* SPDX-License-Identifier: MIT */
/*
 * src/xnum_q16.h — signed numbers m 2^e with a 31-bit mantissa, for the one
 * Q16 solver whose unknown spans many orders of magnitude: the time of
 * flight of a fixed-speed lob at a moving target, a root of a quartic that
 * may lie anywhere between microseconds and hours. Internal.
 *
 * Integer-only: every operation is a 32x32->64-bit product or a 64-bit sum,
 * a count of leading zeros and shifts, so the bits are the same on every
 * compiler and core. Rounding: to nearest, ties away from zero, after each
 * operation (30 significant bits kept, as everywhere in the Q16 solvers).
 */
#ifndef AIMFIX_SRC_XNUM_Q16_H
#define AIMFIX_SRC_XNUM_Q16_H

#include "solve_q16.h"

typedef struct afx {
    int32_t m; /* |m| in [2^30, 2^31), or 0 */
    int e;
} afx;

/* v 2^e, normalized. */
static inline afx afx_make(int64_t v, int e)
{
    afx r = { 0, 0 };
    uint64_t mag = afi_abs64(v);
    int k;
    if (mag == 0)
        return r;
    k = 33 - afi_clz64(mag); /* bits - 31 */
    if (k > 0) {
        mag = (mag + ((uint64_t)1 << (k - 1))) >> k;
        if (mag >> 31) { /* rounding carried into bit 31 */
            mag >>= 1;
            k++;
        }
    } else {
        mag <<= -k;
    }
    r.m = v < 0 ? -(int32_t)mag : (int32_t)mag;
    r.e = e + k;
    return r;
}

static inline afx afx_mul(afx a, afx b)
{
    return afx_make(afi_smul32_compact(a.m, b.m), a.e + b.e);
}

static inline afx afx_neg(afx a)
{
    a.m = -a.m;
    return a;
}

static inline afx afx_add(afx a, afx b)
{
    int top, sa, sb;
    if (a.m == 0)
        return b;
    if (b.m == 0)
        return a;
    /* Both mantissas placed with the larger exponent's at bit 31: the sum
     * of two values below 2^62 fits. */
    top = (a.e > b.e ? a.e : b.e) - 31;
    sa = a.e - top;
    sb = b.e - top;
    return afx_make(afs_scale(a.m, sa) + afs_scale(b.m, sb), top);
}

static inline afx afx_sub(afx a, afx b)
{
    return afx_add(a, afx_neg(b));
}

/* a / b, b nonzero. */
static inline afx afx_div(afx a, afx b)
{
    afs_num q;
    afx r = { 0, 0 };
    if (a.m == 0 || b.m == 0)
        return r; /* callers never divide by zero */
    q = afs_div((uint64_t)afi_abs32(a.m) << 31, afi_abs32(b.m));
    r.m = (int32_t)q.m;
    r.e = q.e + a.e - b.e - 31;
    if ((a.m < 0) != (b.m < 0))
        r.m = -r.m;
    return r;
}

static inline int afx_sign(afx a)
{
    return (a.m > 0) - (a.m < 0);
}

/* a < b for positive normalized a, b. */
static inline int afx_less(afx a, afx b)
{
    return a.e < b.e || (a.e == b.e && a.m < b.m);
}

/* |a| */
static inline afx afx_abs(afx a)
{
    if (a.m < 0)
        a.m = -a.m;
    return a;
}

/* The larger of two magnitudes. */
static inline afx afx_max_abs(afx a, afx b)
{
    a = afx_abs(a);
    b = afx_abs(b);
    return afx_less(a, b) ? b : a;
}

/* sqrt of a >= 0. */
static inline afx afx_sqrt(afx a)
{
    afs_num n, r;
    afx x = { 0, 0 };
    if (a.m <= 0)
        return x;
    n.m = (uint32_t)a.m;
    n.e = a.e;
    r = afs_sqrt(n);
    x.m = (int32_t)r.m;
    x.e = r.e;
    return x;
}

/* A positive afx as an afs_num. */
static inline afs_num afx_num(afx a)
{
    afs_num n;
    n.m = (uint32_t)a.m;
    n.e = a.e;
    return n;
}

/* G(tau) = |r|^2 - (s' tau)^2 for a fitted problem, from the distance r
 * = d' + v' tau - g' tau^2/2, each component summed in 31-bit numbers (a
 * close pass or a drop cancels there, not in G), with half its slope
 * r.(v' - g' tau) - s'^2 tau into *slope2 and, into *tol, G's rounding
 * (2^-26 of the terms times |r| + s' tau). distance_q16.c. */
afx afx_distance_value(const struct afs_fit *f, afx tau, afx *slope2, afx *tol);

/* A root tau > 0 refined by Newton's method on G itself (at most 6 steps,
 * each kept only while it stays positive, none once G is within its
 * rounding): for a root whose shot misses the asked speed, the equation's
 * rounding having placed it too far off. distance_q16.c. */
afx afx_distance_polish(const struct afs_fit *f, afx tau);

#endif /* AIMFIX_SRC_XNUM_Q16_H */
