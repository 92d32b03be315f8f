/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 intercept's exact discriminant: 128-bit products and their
 * square root in 32-bit words (see intercept_q16.c, its only includer, so
 * that the functions stay static and inlined as there).
 */
#ifndef AIMFIX_Q16_INTERCEPT_WIDE_Q16_H
#define AIMFIX_Q16_INTERCEPT_WIDE_Q16_H

#include "solve_q16.h"

/* x y for x, y < 2^62, exactly: (*hi, *lo) in 64-bit words. Each
 * partial product takes the carry of the one before (x y + c + d <
 * 2^64 for 32-bit x, y, c, d): a multiply-accumulate each. */
static void mul128(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    uint32_t xl = (uint32_t)x, xh = (uint32_t)(x >> 32), yl = (uint32_t)y, yh = (uint32_t)(y >> 32);
    uint64_t ll = afi_umul32(xl, yl);
    uint64_t m1 = afi_umul32(xl, yh) + (ll >> 32);
    uint64_t m2 = afi_umul32(xh, yl) + (uint32_t)m1;
    *lo = (m2 << 32) | (uint32_t)ll;
    *hi = afi_umul32(xh, yh) + (m1 >> 32) + (m2 >> 32);
}

/* x^2 for x < 2^62: three products, the middle one used twice. */
static void square128(uint64_t x, uint64_t *hi, uint64_t *lo)
{
    uint32_t xl = (uint32_t)x, xh = (uint32_t)(x >> 32);
    uint64_t ll = afi_umul32(xl, xl), m = afi_umul32(xl, xh);
    uint64_t m1 = m + (ll >> 32), m2 = m + (uint32_t)m1;
    *lo = (m2 << 32) | (uint32_t)ll;
    *hi = afi_square32(xh) + (m1 >> 32) + (m2 >> 32);
}

/* The 64 bits of w1 w2 w3 (32-bit words, w1 the highest) from bit z of
 * w1 on, 0 <= z < 32: 32-bit shifts only, the lower word's in two steps
 * as a shift by 32 is undefined. */
static uint64_t top64(uint32_t w1, uint32_t w2, uint32_t w3, int z)
{
    uint32_t h = (w1 << z) | ((w2 >> 1) >> (31 - z)), l = (w2 << z) | ((w3 >> 1) >> (31 - z));
    return ((uint64_t)h << 32) | l;
}

/* floor(sqrt(x)) to 32 significant bits for 0 < x < 2^126 in two words:
 * r 2^e, r in [2^31, 2^32) (the bits below the top 64 of x, dropped,
 * move it by less than 2^-31 of a unit of r). */
static uint32_t sqrt128(uint64_t hi, uint64_t lo, int *e)
{
    uint32_t w0 = (uint32_t)(hi >> 32), w1 = (uint32_t)hi, w2 = (uint32_t)(lo >> 32);
    int z;
    if (w0) {
        z = afi_clz32(w0) & ~1;
        *e = 32 - z / 2; /* x = top 2^(64 - z) */
        return afi_floor_sqrt_top64(top64(w0, w1, w2, z));
    }
    if (w1) {
        z = afi_clz32(w1) & ~1;
        *e = 16 - z / 2; /* x = top 2^(32 - z) */
        return afi_floor_sqrt_top64(top64(w1, w2, (uint32_t)lo, z));
    }
    z = afi_clz64(lo) & ~1;
    *e = -(z / 2);
    return afi_floor_sqrt_top64(lo << z);
}

/* B^2 - A C for |B| = Bu, exactly, into (*hi, *lo) (below 2^125): its
 * sign (-1, 0, 1). A function of its own, so that each frame stays small
 * (8-bit cores reach only 64 bytes of a frame directly). */
static int discriminant(uint64_t Bu, int64_t A, uint64_t C, uint64_t *hi, uint64_t *lo)
{
    uint64_t ph, pl, qh, ql;
    square128(Bu, &ph, &pl);
    mul128(C, afi_abs64(A), &qh, &ql);
    if (A < 0) {
        /* Projectile faster: roots of opposite signs, disc = B^2 + |A| C. */
        pl += ql;
        ph += qh + (pl < ql);
    } else {
        if (ph < qh || (ph == qh && pl < ql))
            return -1;
        ph -= qh + (pl < ql);
        pl -= ql;
    }
    *hi = ph;
    *lo = pl;
    return (ph | pl) != 0;
}

#endif
