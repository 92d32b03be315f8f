/* SPDX-License-Identifier: MIT */
/*
 * base^exponent in Q16.16 as 2^(exponent log2(base)).
 *
 * The drag model raises a damping factor r close to 1 to a step count n in
 * the thousands: log2(r) is then tiny (-2.2e-5 for r = 1 - 2^-16) and any
 * absolute error in it is multiplied by n. So the logarithm is taken in Q58
 * with 30 significant bits whatever its size (afi_log2_q58) and multiplied
 * by the exponent exactly; only then is the product rounded to the Q32.32
 * argument of 2^y.
 */
#include "q16_internal.h"

af_status af_pow_q16(fix16_t base, fix16_t exponent, fix16_t *out)
{
    int64_t l, high, low;

    if (base < 0) {
        *out = 0;
        return AF_ERR_OUT_OF_RANGE;
    }
    if (base == 0) {
        if (exponent < 0) /* 1 / 0 */
            return afi_store_q16(UINT64_MAX, 0, out);
        *out = exponent == 0 ? AFI_ONE : 0;
        return AF_OK;
    }
    l = afi_log2_q58((uint32_t)base); /* |l| <= 16 2^58 = 2^62; 0 for 1 */
    /*
     * y = exponent l in Q32.32 is exponent (Q16) times l (Q58) / 2^42,
     * rounded once. The 96-bit product is taken in two halves of l,
     * l = 2^32 lh + ll with ll in [0, 2^32): high = exponent lh (below
     * 2^61) and low = exponent ll (below 2^63). Then
     *   exponent l = 2^32 (high + floor(low / 2^32)) + (low mod 2^32),
     * and the last term, a fraction of 2^32, cannot move a rounding to a
     * multiple of 2^42: y = floor((high + floor(low / 2^32) + 2^9) / 2^10),
     * the product rounded to nearest, ties up, exactly.
     */
    high = (int64_t)exponent * (int32_t)afi_floor_shift64(l, 32);
    low = (int64_t)exponent * (int64_t)(uint32_t)((uint64_t)l & 0xFFFFFFFFu);
    return afi_exp2_q32(afi_floor_shift64(high + afi_floor_shift64(low, 32) + 512, 10), out);
}
