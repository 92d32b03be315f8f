/*
 * base^exponent in Q16.16 as 2^(exponent log2(base)).
 *
 * The drag model raises a damping factor r close to 1 to a step count n in
 * the thousands: log2(r) is then tiny (-2.2e-5 for r = 1 - 2^-16) and any
 * absolute error in it is multiplied by n. So the logarithm is taken in Q58
 * with 30 significant bits whatever its size (afi_log2_q58), normalised to
 * a 31-bit mantissa and a shift, and multiplied by the exponent exactly;
 * only then is the product rounded to the Q32.32 argument of 2^y.
 */
#include "q16_internal.h"

af_status af_pow_q16(fix16_t base, fix16_t exponent, fix16_t *out)
{
    int64_t l, product;
    int32_t mantissa;
    int drop, s;

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
    /* Keep the top 31 bits of |l|: drop its low bits when it has more. */
    drop = 64 - afi_clz64(afi_abs64(l) | 1) - 31;
    if (drop < 0)
        drop = 0;
    mantissa = (int32_t)afi_floor_shift64(l, drop);
    /* exponent l = (exponent 2^-16) (mantissa 2^(drop - 58)); its Q32.32
     * value is exponent * mantissa / 2^(42 - drop), drop <= 32. The product
     * is below 2^62 and exact; one rounding to Q32.32 (ties up). */
    product = (int64_t)exponent * mantissa;
    s = 42 - drop;
    return afi_exp2_q32(afi_floor_shift64(product + ((int64_t)1 << (s - 1)), s), out);
}
