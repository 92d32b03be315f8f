/* SPDX-License-Identifier: MIT */
/*
 * src/core/num_q16.h — the wide number of the Q16 solvers, afn_snum: m 2^e
 * with a signed 31-bit mantissa, |m| in [2^30, 2^31) (or 0), for the
 * quantities whose size no input bounds (a time of flight, its reciprocal,
 * a length); and its operations on positive numbers (afn_p_), which a
 * positive mantissa makes cheaper than the signed ones (xnum_q16.h).
 * Internal.
 *
 * Names: an operation that rounds says how at the end of its name, _near
 * (to nearest, ties away from zero, 30 significant bits kept) or _trunc
 * (the magnitude truncated); one without either is exact. Integer-only:
 * the same bits on every compiler and core.
 */
#ifndef AIMFIX_SRC_NUM_Q16_H
#define AIMFIX_SRC_NUM_Q16_H

#include "rsqrt_q16.h"

/* m 2^e, |m| in [2^30, 2^31), or m = 0 for zero. */
typedef struct afn_snum {
    int32_t m;
    int e;
} afn_snum;

/* The number of a positive mantissa below 2^31 or of 2^31 exactly, which
 * rounding carried up and which is 2^30 one place up. Without a branch:
 * one here is copied into the tail of every caller, doubling its code. */
static inline afn_snum afn_p_carry(uint32_t m, int e)
{
    afn_snum r;
    r.m = (int32_t)(m >> (m >> 31));
    r.e = e + (int)(m >> 31);
    return r;
}

/* x != 0 rounded to 31 bits: x = result 2^*shift (the result may carry into
 * 2^31, which the caller folds back). 32-bit shifts whenever x fits 32
 * bits (a 64-bit shift is a sequence on a 32-bit core). */
static inline uint32_t afn_p_to31_near(uint64_t x, int *shift)
{
    if (!(x >> 32)) {
        uint32_t x32 = (uint32_t)x;
        int z = afi_clz32(x32) - 1;
        *shift = -z;
        if (z >= 0)
            return x32 << z;
        return (x32 >> 1) + (x32 & 1); /* bit 31 set: one bit dropped, rounded */
    }
    {
        /* x >> (shift - 1) has 32 bits: hi's and the top of lo's, put
         * together with 32-bit shifts (lo's in two steps, as a shift by
         * 32 is undefined); then the last bit rounds. */
        uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;
        int z = afi_clz32(hi);
        uint32_t r = (hi << z) | ((lo >> 1) >> (31 - z));
        *shift = 33 - z;
        return (r >> 1) + (r & 1);
    }
}

/* A uint64_t as a normalized number (0 for 0). */
static inline afn_snum afn_p_from_u64_near(uint64_t x)
{
    afn_snum r = { 0, 0 };
    uint32_t m;
    int e;
    if (x == 0)
        return r;
    m = afn_p_to31_near(x, &e);
    return afn_p_carry(m, e);
}

/* A positive int32_t as a normalized number: a count of leading zeros and
 * one 32-bit shift. */
static inline afn_snum afn_p_from_pos32(int32_t x)
{
    afn_snum r;
    int z = afi_clz32((uint32_t)x) - 1;
    r.m = (int32_t)((uint32_t)x << z);
    r.e = -z;
    return r;
}

/* 1 / n for n >= 0: afn_p_div_u64_near(2^62, n.m) with its exponent,
 * without a division. round(2^61 / m) is in (2^30, 2^31]; 2^31 (m =
 * 2^30) is renormalised. The zero number gives zero, as the division
 * does for a zero divisor (afi_recip31 is not defined there: a root of a
 * value that rounds to 0, as the maximum range's at a speed of 1 raw). */
static inline afn_snum afn_p_recip_near(afn_snum n)
{
    afn_snum r = { 0, 0 };
    if (n.m == 0)
        return r;
    return afn_p_carry(afi_recip31((uint32_t)n.m), -61 - n.e);
}

/* x n for n >= 0 rounded to an integer, or 0 when it does not fit |.| <
 * 2^62 (then *ok is cleared). Any x: one wider than 31 bits is first
 * rounded to its leading 31 (a relative 2^-31, below the 30 bits n
 * carries). */
static inline int64_t afn_p_mul64_near(int64_t x, afn_snum n, int *ok)
{
    uint64_t ax = afi_abs64(x), p;
    int e = n.e;
    if (ax >> 31) {
        int k = 33 - afi_clz64(ax); /* ax >> k < 2^31 */
        ax = (ax + ((uint64_t)1 << (k - 1))) >> k;
        e += k;
    }
    {
        uint32_t a32 = (uint32_t)ax;
        AFI_OPAQUE_FACTOR(a32); /* else ax's (zero) high word is multiplied too */
        p = afi_umul32(a32, (uint32_t)n.m); /* < 2^62 */
    }
    if (e > 0) {
        if (e >= 62 || p >> (62 - e)) {
            *ok = 0;
            return 0;
        }
        p <<= e;
    } else if (e < 0) {
        p = e <= -63 ? 0 : afi_round_shift_u64(p, -e);
    }
    return x < 0 ? -(int64_t)p : (int64_t)p;
}

/* n >= 0 rounded to an integer: afn_p_mul64_near(1, n) with 32-bit
 * shifts, or 0 with *ok cleared when it is 2^62 or more (m 2^e with m in
 * [2^30, 2^31) reaches 2^62 from e = 32 up). */
static inline int64_t afn_p_to_int_near(afn_snum n, int *ok)
{
    uint32_t m = (uint32_t)n.m;
    if (n.e >= 0) {
        if (n.e >= 32 && m) {
            *ok = 0;
            return 0;
        }
        return (int64_t)((uint64_t)m << n.e);
    }
    if (n.e < -32)
        return 0; /* below 2^-2 */
    return ((m >> (-n.e - 1)) + 1) >> 1;
}

/* p 2^e as a normalized number, for p in [2^60, 2^62): the product of
 * two 31-bit mantissas (or of one and a reciprocal from afi_recip31). Its
 * leading bit is one of two, so the shift is a constant (no count of
 * leading zeros), rounded as afn_p_from_u64_near rounds: p >> (shift - 1)
 * has 32 bits, its last one rounds. */
static inline afn_snum afn_p_from_product_near(uint64_t p, int e)
{
    uint32_t top;
    if (p >> 61) {
        top = (uint32_t)(p >> 30);
        e += 31;
    } else {
        top = (uint32_t)(p >> 29);
        e += 30;
    }
    return afn_p_carry((top >> 1) + (top & 1), e);
}

/* a b for a, b >= 0. */
static inline afn_snum afn_p_mul_near(afn_snum a, afn_snum b)
{
    uint64_t p = afi_umul32((uint32_t)a.m, (uint32_t)b.m);
    /* p >= 2^60 unless a or b is zero (or not normalized). */
    afn_snum r;
    if (p >> 60)
        return afn_p_from_product_near(p, a.e + b.e);
    r = afn_p_from_u64_near(p);
    r.e += a.e + b.e;
    return r;
}

/* num / den for den > 0: both brought to 31-bit mantissas, then num times
 * the reciprocal of den (afi_recip31, no division); error below 2^-29.5
 * relative. 0 / den is the zero number (m = 0, e = 0). */
static inline afn_snum afn_p_div_u64_near(uint64_t num, uint64_t den)
{
    afn_snum zero = { 0, 0 }, n, d;
    uint32_t nm;
    if (num == 0 || den == 0)
        return zero; /* callers never divide by zero; 0 is the safe answer */
    n = afn_p_from_u64_near(num);
    d = afn_p_from_u64_near(den);
    nm = (uint32_t)n.m;
    AFI_OPAQUE_FACTOR(nm); /* else its (zero) high word is multiplied too */
    /* n.m / d.m = n.m (2^61 / d.m) 2^-61: the product is in [2^60, 2^62)
     * (the reciprocal in (2^30, 2^31]). */
    return afn_p_from_product_near(afi_umul32(nm, afi_recip31((uint32_t)d.m)), n.e - d.e - 61);
}

/* a / b for a >= 0, b > 0: afn_p_div_u64_near's product of a's mantissa
 * and b's reciprocal, the mantissas already normalized. */
static inline afn_snum afn_p_div_near(afn_snum a, afn_snum b)
{
    afn_snum zero = { 0, 0 };
    uint32_t am = (uint32_t)a.m;
    if (a.m == 0 || b.m == 0) {
        zero.e = a.e - b.e - 32; /* as afn_p_div_u64_near's zero was offset */
        return zero;
    }
    AFI_OPAQUE_FACTOR(am); /* else its (zero) high word is multiplied too */
    return afn_p_from_product_near(afi_umul32(am, afi_recip31((uint32_t)b.m)), a.e - b.e - 61);
}

/* sqrt(n) for n >= 0, 31 significant bits: round(sqrt(m 2^k)) 2^((e -
 * k) / 2) with k = 30 or 31 making e - k even. m 2^(k + 2) is already in
 * [2^62, 2^64), where the integer root's core starts (no normalization),
 * and its floor f = floor(2 sqrt(m 2^k)) rounds to round(sqrt(m 2^k)) by
 * its last bit (as af_sqrt_u64 rounds). The root is at most 2^31 (m 2^k <
 * 2^62); 2^31 itself is renormalized. */
static inline afn_snum afn_p_sqrt_near(afn_snum n)
{
    int odd = (n.e & 1) != 0;
    int e = (n.e - 30 - odd) / 2;
    uint32_t f;
    afn_snum r;
    if (n.m == 0) {
        r.m = 0;
        r.e = e;
        return r;
    }
    f = afi_floor_sqrt_top64(((uint64_t)(uint32_t)n.m << 32) << odd);
    return afn_p_carry((f >> 1) + (f & 1), e);
}

/* 1 / sqrt(n) for n >= 0, 31 significant bits (afi_rsqrt31: within 0.51
 * of a unit of the mantissa), the exponent made even by the mantissa's
 * extra bit; the zero number gives zero, as afn_p_recip_near does. One
 * call where a square root and a reciprocal would take two: sqrt(n) is n
 * times it. */
static inline afn_snum afn_p_rsqrt_near(afn_snum n)
{
    afn_snum r = { 0, 0 };
    int odd = n.e & 1;
    uint32_t m;
    if (n.m == 0)
        return r;
#if defined(__ARM_ARCH_6M__)
    m = afi_rsqrt31((uint32_t)n.m, odd); /* its 64-bit products are sequences there */
#else
    m = afi_rsqrt31_inline((uint32_t)n.m, odd);
#endif
    return afn_p_carry(m, -46 - (n.e - odd) / 2);
}

/* sqrt(n), and 1 / sqrt(n) into *inv, for n >= 0 from one reciprocal
 * root: sqrt(n) is n times it. */
static inline afn_snum afn_p_root_pair_near(afn_snum n, afn_snum *inv)
{
    *inv = afn_p_rsqrt_near(n);
    return afn_p_mul_near(n, *inv);
}

/* n 2^k for n >= 0 rounded to an integer, into *out as a Q16.16 raw
 * value; 0 when it does not fit (*out = 0). A 32-bit shift of the
 * mantissa. */
static inline int afn_p_to_raw_near(afn_snum n, int k, fix16_t *out)
{
    int e = n.e + k;
    uint32_t m = (uint32_t)n.m;
    if (e >= 0) {
        if (m && (e > 0 || m >> 31)) {
            *out = 0;
            return 0;
        }
        *out = (fix16_t)m;
        return 1;
    }
    *out = e < -32 ? 0 : (fix16_t)(((m >> (-e - 1)) + 1) >> 1);
    return 1;
}

/* The length of a Q16.16 vector, in raw units (the square root of the
 * exact squared length: not rounded to a whole raw unit, which would cost
 * 2^-20 relative for g = 9.81). 0 for 0. */
static inline afn_snum afn_p_len_near(const af_vec3_q16 *v)
{
    uint64_t len2 = af_vec3_len2_q16(v);
    afn_snum zero = { 0, 0 };
    return len2 ? afn_p_sqrt_near(afn_p_from_u64_near(len2)) : zero;
}

#endif /* AIMFIX_SRC_NUM_Q16_H */
