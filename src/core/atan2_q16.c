/* SPDX-License-Identifier: MIT */
/*
 * atan2 in Q16.16 radians, within 0.51 LSB for every pair of inputs.
 *
 * Reduction: with s = min(|x|, |y|) and b = max(|x|, |y|), the angle of
 * (b, s) lies in [0, pi/4]. Below tan(pi/8) it is atan(s / b); above,
 * atan(s / b) = pi/4 - atan((b - s) / (b + s)), whose argument is again
 * below tan(pi/8). So one division gives t in [0, tan(pi/8)], where a
 * degree-11 odd polynomial is within 2^-30.6 of atan (fit by
 * scripts/q16-coefficients.py). The octant, quadrant and sign are then
 * put back with pi/4, pi/2 and pi in Q30, and the angle is rounded once.
 *
 * The division needs only 30 bits (2^-30 in t is 2^-14 LSB of the angle),
 * so it is a reciprocal, not an exact 64-by-32-bit division: a 32-bit
 * division by the divisor's top 16 bits, one Newton step, one product:
 * cheaper than the long division.
 */
#include "q16_internal.h"

/* atan(t) = t Q(t^2) on t in [0, tan(pi/8)], Q(u) = sum c_k u^k, Q30. */
static const int32_t atan_poly[6] = {
    1073741823,  /* c0 =  0.999999999371 */
    -357913657,  /* c1 = -0.33333306893  */
    214728855,   /* c2 =  0.199981830411 */
    -152895818,  /* c3 = -0.142395326696 */
    113492673,   /* c4 =  0.105698288064 */
    -64706960,   /* c5 = -0.0602630522766 */
};

#define TAN_PI_8_Q32 1779033704u /* tan(pi/8) = 0.414213562373 */
#define PI_4_Q30 843314857u      /* 0.785398163397 */
#define PI_2_Q30 1686629713u     /* 1.57079632679 */
#define PI_Q30 3373259426u       /* 3.14159265359 */

/* num / den in Q32 for num < den / 2, within 2^-30 relative. */
static uint32_t ratio_q32(uint32_t num, uint32_t den)
{
    int s = afi_clz32(den);
    uint32_t d = den << s, n = num << s; /* d in [2^31, 2^32) */
    /* x0 ~ 2^48 / d from d's top 16 bits, relative error e in
     * (-2^-16, 2^-15): the residual 2^48 - d x0 = -2^48 e is below 2^33. */
    uint32_t x0 = 0xFFFFFFFFu / (d >> 16);
    int64_t residual = ((int64_t)1 << 48) - (int64_t)afi_umul32(d, x0);
    /* Newton for the reciprocal: x1 = 2^15 x0 (2 - d x0 / 2^48) ~ 2^63 / d,
     * relative error -e^2 >= -2^-30, and at most 2^32. */
    int64_t x1 = ((int64_t)x0 << 15) + afi_floor_shift64((int64_t)x0 * residual, 33);
    if (x1 > 0xFFFFFFFF)
        x1 = 0xFFFFFFFF;
    /* n / d 2^32 = n x1 / 2^31: below 2^31 as n < d / 2. */
    return (uint32_t)(afi_umul32(n, (uint32_t)x1) >> 31);
}

/* atan(t / 2^32) in Q30 for t in [0, tan(pi/8) 2^32]. */
static uint32_t atan_small_q30(uint32_t t)
{
    /* u = t^2 in Q32 is below 0.172 2^32, so it is also a valid int32_t. */
    int32_t u = (int32_t)(afi_umul32(t, t) >> 32);
    int32_t acc = atan_poly[5];
    int k;
    for (k = 4; k >= 0; k--) /* Horner; each product's top word is Q30 */
        acc = atan_poly[k] + (int32_t)afi_floor_shift64((int64_t)acc * u, 32);
    /* Q(u) is in [0.95, 1], positive: t (Q32) Q (Q30) >> 32 is Q30. */
    return (uint32_t)(afi_umul32(t, (uint32_t)acc) >> 32);
}

fix16_t af_atan2_q16(fix16_t y, fix16_t x)
{
    uint32_t ax = afi_abs32(x), ay = afi_abs32(y);
    uint32_t big = ax >= ay ? ax : ay, small = ax >= ay ? ay : ax;
    uint32_t num, angle; /* angle in Q30, in [0, pi] */
    uint64_t den;
    int reflected;

    if (big == 0)
        return 0; /* atan2(0, 0) = 0, as C's atan2 */
    /* small / big <= tan(pi/8), compared exactly in 64 bits. */
    reflected = ((uint64_t)small << 32) > (uint64_t)big * TAN_PI_8_Q32;
    if (reflected) {
        num = big - small;
        den = (uint64_t)big + small;
        if (den > 0xFFFFFFFFu) { /* b + s needs 33 bits: halve both */
            num >>= 1;
            den >>= 1;
        }
    } else {
        num = small;
        den = big;
    }
    /* num <= tan(pi/8) den. */
    angle = atan_small_q30(ratio_q32(num, (uint32_t)den));
    if (reflected)
        angle = PI_4_Q30 - angle;
    if (ay > ax)
        angle = PI_2_Q30 - angle;
    if (x < 0)
        angle = PI_Q30 - angle;
    /* Q30 to Q16, ties away from zero; at most pi 2^16 < 2^18. */
    angle = (angle + (UINT32_C(1) << 13)) >> 14;
    return afi_signed32(angle, y < 0);
}
