/* SPDX-License-Identifier: MIT */
/*
 * src/core/num_mul32_q16.h — an int32_t times a positive wide number
 * (num_q16.h), rounded to the nearest integer (ties away from zero): the
 * Q16 solvers' most frequent product, in the form each core computes
 * fastest (the same bits in every form). Internal.
 */
#ifndef AIMFIX_SRC_NUM_MUL32_Q16_H
#define AIMFIX_SRC_NUM_MUL32_Q16_H

#include "num_q16.h"

/* afn_p_mul64_near for a 32-bit x: the same bits, faster. Its variable
 * 64-bit shifts of the magnitude (sequences on the Cortex-M, which has no
 * 64-bit shifter) and the sign's negations become a product
 * accumulated onto its rounding constant, 2^(k-1) - [x < 0] for a shift
 * k = -n.e, and one floor shift: floor((x m + 2^(k-1) - [x < 0]) / 2^k)
 * rounds to nearest with ties away from zero, as afi_round_shift does.
 * |x m| < 2^62 (m < 2^31), so the sum cannot overflow, and for k >= 33
 * the result fits 32 bits: the high word, shifted in 32 bits. */
AFI_ALWAYS_INLINE_EXCEPT_AVR int64_t afn_p_mul32_near_smlal(int32_t x, afn_snum n, int *ok)
{
    int k = -n.e;
    int32_t m = n.m;
    int64_t acc;
    AFI_OPAQUE(m);
    if (k >= 33) {
        if (k > 63)
            return 0; /* below 2^-1: rounds to 0 */
        acc = afi_smul32(x, m) + (int64_t)((uint64_t)(UINT32_C(1) << (k - 33)) << 32) +
              afi_floor_shift32(x, 31);
        return afi_floor_shift32((int32_t)afi_floor_shift64(acc, 32), k - 32);
    }
    if (k >= 1) {
        /* The constant fits 32 bits; the 64-bit shift is written as 32-bit
         * ones (shorter than a variable 64-bit shift's sequence). */
        uint32_t lo;
        int32_t hi;
        acc = afi_smul32(x, m) + (int64_t)(UINT32_C(1) << (k - 1)) + afi_floor_shift32(x, 31);
        lo = (uint32_t)acc;
        hi = (int32_t)afi_floor_shift64(acc, 32);
        if (k == 32)
            return hi;
        lo = (lo >> k) | ((uint32_t)hi << (32 - k));
        return (int64_t)afi_floor_shift32(hi, k) * ((int64_t)1 << 32) + lo;
    }
    return afn_p_mul64_near(x, n, ok); /* a left shift, tested for overflow */
}

/* afn_p_mul32_near for the Cortex-M0, in 32-bit operations: the magnitude |x| m
 * (from 16-bit halves, afi_umul32) as two words, 2^(k-1) added with a
 * carry, shifted by k as two words, then the sign: afn_p_mul64_near's own
 * rounding, without the 64-bit sequences of the signed form there.
 * Compiled on every build: the host tests it against afn_p_mul64_near
 * (suite_solve_helpers_q16). */
AFI_ALWAYS_INLINE_EXCEPT_AVR int64_t afn_p_mul32_near_halves(int32_t x, afn_snum n, int *ok)
{
    int k = -n.e;
    uint64_t p;
    uint32_t lo, hi, res_lo, res_hi;
    if (k < 1)
        return afn_p_mul64_near(x, n, ok); /* a left shift, tested for overflow */
    if (k > 63)
        return 0;
    p = afi_umul32(afi_abs32(x), (uint32_t)n.m); /* below 2^62 */
    lo = (uint32_t)p;
    hi = (uint32_t)(p >> 32);
    if (k <= 32) {
        uint32_t half = UINT32_C(1) << (k - 1);
        lo += half;
        hi += lo < half;
        if (k == 32) {
            res_lo = hi;
            res_hi = 0;
        } else {
            res_lo = (lo >> k) | (hi << (32 - k));
            res_hi = hi >> k;
        }
    } else {
        hi += UINT32_C(1) << (k - 33);
        res_lo = hi >> (k - 32);
        res_hi = 0;
    }
    {
        int64_t mag = (int64_t)(((uint64_t)res_hi << 32) | res_lo); /* below 2^62 */
        return x < 0 ? -mag : mag;
    }
}

/* afn_p_mul32_near is the form for the core. On ARMv6-M a function the
 * compiler may keep out of line in a solver that calls it often; a solver
 * that calls it once calls afn_p_mul32_near_inline. On AVR one copy out
 * of line (AFI_ALWAYS_INLINE_EXCEPT_AVR). Elsewhere always inline. */
#if defined(__ARM_ARCH_6M__)
#define afn_p_mul32_near_inline afn_p_mul32_near_halves
static inline int64_t afn_p_mul32_near(int32_t x, afn_snum n, int *ok)
{
    return afn_p_mul32_near_halves(x, n, ok);
}
#else
#define afn_p_mul32_near_inline afn_p_mul32_near_smlal
#define afn_p_mul32_near afn_p_mul32_near_smlal
#endif

#endif /* AIMFIX_SRC_NUM_MUL32_Q16_H */
