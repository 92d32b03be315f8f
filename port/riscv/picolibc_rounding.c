/* SPDX-License-Identifier: MIT */
/*
 * floor and ceil, replacing picolibc's: Debian's picolibc 1.8 for rv32
 * returns wrong values for about 1 in 100 doubles of magnitude 2^21 to 2^52
 * (floor(-0x1.ad6e1d3174297p+22) = -0x1.ad6e1p+22), which skews the tests'
 * rounding to Q16.16. Linked before libm, these take their place.
 */
#include <math.h>
#include <stdint.h>

/* From 2^52 up every double is an integer; below it, one fits int64_t. */
#define ALL_INTEGERS 4503599627370496.0

double floor(double x)
{
    double t;
    if (!(fabs(x) < ALL_INTEGERS) || x == 0.0)
        return x; /* an integer, zero of either sign, infinite or NaN */
    t = (double)(int64_t)x; /* x truncated toward zero */
    return t > x ? t - 1.0 : t;
}

double ceil(double x)
{
    double t;
    if (!(fabs(x) < ALL_INTEGERS) || x == 0.0)
        return x;
    t = (double)(int64_t)x;
    if (t < x)
        return t + 1.0;
    return t == 0.0 && x < 0.0 ? -0.0 : t; /* ceil(-0.5) is -0 */
}
