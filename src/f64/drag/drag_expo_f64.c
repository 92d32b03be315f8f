/* SPDX-License-Identifier: MIT */
/*
 * The exponential functions every drag formula is built from, evaluated
 * without the cancellation their textbook forms suffer near zero.
 *
 * The sum of a geometric series, (1 - r^n) / (1 - r), is 0/0 at r = 1 and
 * loses a digit per decade that r approaches 1 when written that way: with
 * r = exp(-lambda), 1 - r^n = -expm1(-n lambda) and the quotient becomes
 * n phi1(n lambda) / phi1(lambda), with every part accurate to a few ulps
 * and finite at lambda = 0. Likewise for the double sums with phi2.
 */
#include <math.h>

#include "drag_f64.h"

/* phi1(x) = (1 - exp(-x)) / x, phi1(0) = 1. expm1 keeps the numerator's
 * relative accuracy for small x; for any x the quotient is one division. */
double afr_drag_phi1(double x)
{
    if (x == 0.0)
        return 1.0;
    return -expm1(-x) / x;
}

/*
 * phi2(x) = (x - 1 + exp(-x)) / x^2 = sum_k (-x)^k / (k + 2)!, phi2(0) = 1/2.
 *
 * For |x| < 1 the numerator cancels (three terms of size 1 leaving x^2/2),
 * so the Taylor series is used: 18 terms leave a remainder below
 * 1/20! < 5e-19, far under the rounding of the result (>= 0.36).
 * For |x| >= 1, phi2 = (1 - phi1(x)) / x: phi1 is at most 0.64 for x >= 1
 * and at least 1.7 for x <= -1, so the subtraction loses under two bits.
 */
#define PHI2_TERMS 18

double afr_drag_phi2(double x)
{
    /* 1 / (k + 2)! for k = 0 .. PHI2_TERMS - 1. */
    static const double inv_fact[PHI2_TERMS] = {
        1.0 / 2.0,
        1.0 / 6.0,
        1.0 / 24.0,
        1.0 / 120.0,
        1.0 / 720.0,
        1.0 / 5040.0,
        1.0 / 40320.0,
        1.0 / 362880.0,
        1.0 / 3628800.0,
        1.0 / 39916800.0,
        1.0 / 479001600.0,
        1.0 / 6227020800.0,
        1.0 / 87178291200.0,
        1.0 / 1307674368000.0,
        1.0 / 20922789888000.0,
        1.0 / 355687428096000.0,
        1.0 / 6402373705728000.0,
        1.0 / 121645100408832000.0,
    };
    double sum;
    int k;

    if (fabs(x) >= 1.0)
        return (1.0 - afr_drag_phi1(x)) / x;
    sum = inv_fact[PHI2_TERMS - 1];
    for (k = PHI2_TERMS - 2; k >= 0; k--)
        sum = inv_fact[k] - x * sum;
    return sum;
}

/* log1p(y) / y for y > -1, 1 at y = 0: the ratio stays accurate as y -> 0,
 * where log1p(y) ~ y. */
double afr_drag_log1p_ratio(double y)
{
    if (y == 0.0)
        return 1.0;
    return log1p(y) / y;
}
