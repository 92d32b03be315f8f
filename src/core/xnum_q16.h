/* SPDX-License-Identifier: MIT */
/*
 * src/core/xnum_q16.h — the signed operations on the wide numbers
 * (afn_snum, num_q16.h), for the quantities of either sign: a root of the
 * moving lob's quartic, which may lie anywhere between microseconds and
 * hours, the drag solvers' vectors. Internal.
 *
 * Each name ends in its rounding, as in num_q16.h: _near rounds to
 * nearest, ties away from zero (30 significant bits); _trunc truncates
 * the magnitude (symmetric under a change of sign, cheaper, for the drag
 * solvers' inner loops); no suffix, exact. Integer-only: every operation
 * is a 32x32->64-bit product or a 64-bit sum, a count of leading zeros
 * and shifts, so the bits are the same on every compiler and core.
 */
#ifndef AIMFIX_SRC_XNUM_Q16_H
#define AIMFIX_SRC_XNUM_Q16_H

#include "num_q16.h"

/* v 2^e, normalized. */
static inline afn_snum afn_s_make_near(int64_t v, int e)
{
    afn_snum r = { 0, 0 };
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

static inline afn_snum afn_s_mul_near(afn_snum a, afn_snum b)
{
    return afn_s_make_near(afi_smul32_compact(a.m, b.m), a.e + b.e);
}

static inline afn_snum afn_s_neg(afn_snum a)
{
    a.m = -a.m;
    return a;
}

static inline afn_snum afn_s_add_near(afn_snum a, afn_snum b)
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
    return afn_s_make_near(afi_scale(a.m, sa) + afi_scale(b.m, sb), top);
}

static inline afn_snum afn_s_sub_near(afn_snum a, afn_snum b)
{
    return afn_s_add_near(a, afn_s_neg(b));
}

/* a / b, b nonzero. */
static inline afn_snum afn_s_div_near(afn_snum a, afn_snum b)
{
    afn_snum r = { 0, 0 };
    if (a.m == 0 || b.m == 0)
        return r; /* callers never divide by zero */
    r = afn_p_div_u64_near((uint64_t)afi_abs32(a.m) << 31, afi_abs32(b.m));
    r.e += a.e - b.e - 31;
    if ((a.m < 0) != (b.m < 0))
        r.m = -r.m;
    return r;
}

static inline int afn_s_sign(afn_snum a)
{
    return (a.m > 0) - (a.m < 0);
}

/* a < b for positive normalized a, b. */
static inline int afn_s_less(afn_snum a, afn_snum b)
{
    return a.e < b.e || (a.e == b.e && a.m < b.m);
}

/* |a| */
static inline afn_snum afn_s_abs(afn_snum a)
{
    if (a.m < 0)
        a.m = -a.m;
    return a;
}

/* The larger of two magnitudes. */
static inline afn_snum afn_s_max_abs(afn_snum a, afn_snum b)
{
    a = afn_s_abs(a);
    b = afn_s_abs(b);
    return afn_s_less(a, b) ? b : a;
}

/* sqrt of a >= 0 (0 for a < 0). */
static inline afn_snum afn_s_sqrt_near(afn_snum a)
{
    afn_snum x = { 0, 0 };
    if (a.m <= 0)
        return x;
    return afn_p_sqrt_near(a);
}

/* Fast arithmetic on afn_snum for the drag solvers' inner loops: products and
 * sums normalised by truncating the magnitude (symmetric under a change
 * of sign; the last bit is not rounded): cheaper than afn_s_make_near. */

/* v 2^e for |v| < 2^63, normalised. */
static inline afn_snum afn_s_make_trunc(int64_t v, int e)
{
    uint64_t mag = afi_abs64(v);
    afn_snum r;
    int k;
    if (mag == 0) {
        r.m = 0;
        r.e = 0;
        return r;
    }
    k = 33 - afi_clz64(mag); /* bits - 31 */
    mag = k > 0 ? mag >> k : mag << -k;
    r.m = v < 0 ? -(int32_t)mag : (int32_t)mag;
    r.e = e + k;
    return r;
}

/* a b: a product of two normalised mantissas is in [2^60, 2^62). */
static inline afn_snum afn_s_mul_trunc(afn_snum a, afn_snum b)
{
    int32_t am = a.m, bm = b.m;
    int64_t p;
    uint64_t mag;
    int k;
    afn_snum r;
    /* A factor proved non-negative (an afn_unum's mantissa halved,
     * afn_s_mul_u_trunc) would be widened as unsigned, with a sign correction. */
    AFI_OPAQUE(am);
    AFI_OPAQUE(bm);
    p = afi_smul32_compact(am, bm);
    mag = afi_abs64(p);
    k = (mag >> 61) ? 31 : 30;
    if (mag == 0) {
        r.m = 0;
        r.e = 0;
        return r;
    }
    mag >>= k;
    r.m = p < 0 ? -(int32_t)mag : (int32_t)mag;
    r.e = a.e + b.e + k;
    return r;
}

/* a + b: the smaller aligned to the larger in 64 bits (exact below 2^-31
 * of the larger), one normalisation. */
static inline afn_snum afn_s_add_trunc(afn_snum a, afn_snum b)
{
    int d;
    if (a.m == 0)
        return b;
    if (b.m == 0)
        return a;
    if (a.e < b.e) {
        afn_snum t = a;
        a = b;
        b = t;
    }
    d = a.e - b.e;
    if (d > 31)
        return a;
    return afn_s_make_trunc(
        (int64_t)a.m * ((int64_t)1 << 31) + (int64_t)b.m * ((int64_t)1 << (31 - d)), a.e - 31);
}

static inline afn_snum afn_s_sub_trunc(afn_snum a, afn_snum b)
{
    b.m = -b.m;
    return afn_s_add_trunc(a, b);
}

/* |a| < |b| (afn_s_less assumes both nonzero). */
static inline int afn_s_mag_less(afn_snum a, afn_snum b)
{
    if (a.m == 0 || b.m == 0)
        return a.m == 0 && b.m != 0;
    return afn_s_less(afn_s_abs(a), afn_s_abs(b));
}

/* a < b for any signed a, b. */
static inline int afn_s_lt(afn_snum a, afn_snum b)
{
    int sa = afn_s_sign(a), sb = afn_s_sign(b);
    if (sa != sb)
        return sa < sb;
    if (sa == 0)
        return 0;
    return sa > 0 ? afn_s_less(a, b) : afn_s_less(afn_s_abs(b), afn_s_abs(a));
}

/* The larger magnitude of a and b. */
static inline afn_snum afn_s_larger(afn_snum a, afn_snum b)
{
    return afn_s_mag_less(a, b) ? afn_s_abs(b) : afn_s_abs(a);
}

/* A signed Q16.16 raw value. */
static inline afn_snum afn_s_raw(fix16_t v)
{
    return afn_s_make_near(v, -16);
}

/* The signed operations kept out of line on the Cortex-M0, for a solver
 * that calls them from many places (AFI_COMPACT). */
AFI_COMPACT afn_snum afn_s_make_near_compact(int64_t v, int e)
{
    return afn_s_make_near(v, e);
}

AFI_COMPACT afn_snum afn_s_add_near_compact(afn_snum a, afn_snum b)
{
    return afn_s_add_near(a, b);
}

AFI_COMPACT afn_snum afn_s_sub_near_compact(afn_snum a, afn_snum b)
{
    return afn_s_sub_near(a, b);
}

AFI_COMPACT afn_snum afn_s_mul_near_compact(afn_snum a, afn_snum b)
{
    return afn_s_mul_near(a, b);
}

/* a . b for vectors of signed numbers, truncated as afn_s_add_trunc and
 * afn_s_mul_trunc are. */
AFI_STATIC_HELPER afn_snum afn_s_dot3_trunc(const afn_snum a[3], const afn_snum b[3])
{
    return afn_s_add_trunc(
        afn_s_add_trunc(afn_s_mul_trunc(a[0], b[0]), afn_s_mul_trunc(a[1], b[1])),
        afn_s_mul_trunc(a[2], b[2]));
}

#endif /* AIMFIX_SRC_XNUM_Q16_H */
