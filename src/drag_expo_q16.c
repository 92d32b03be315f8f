/* SPDX-License-Identifier: MIT */
/*
 * The exponential parts of the drag law in Q16 (drag_q16.h): at a time t
 * with x = mu t,
 *     c = e^-x, 1 - c, t phi1(x), t^2 phi2(x), t - t phi1(x),
 * each to about 30 significant bits whatever the size of x, as afdq_num.
 *
 * Below x = 1/2 the textbook forms cancel (1 - e^-x loses a bit per
 * halving of x), so phi2 comes from its Taylor series and the others from
 * it without cancellation: phi1 = 1 - x phi2, 1 - c = x phi1. From 1/2 up,
 * c is an exponential, 1 - c loses at most 1.4 bits (c <= 0.61), and
 * t phi1 = (1 - c) t / x, t^2 phi2 = (t - t phi1) t / x, where the
 * subtraction loses at most 2.3 bits (phi1(x) <= 0.79). Above x = 44, c is
 * below 2^-63: zero for every use (it weighs a Q16.16 velocity).
 */
#include "drag_q16.h"

/* 1 / (k + 2)! in Q32, k = 0 .. 8: phi2(x) = sum (-x)^k / (k + 2)!. For
 * x < 1/2 the first term left out, x^9 / 11!, is below 2^-34. */
static const uint32_t phi2_series[9] = {
    2147483648u, /* 1/2 */
    715827883u,  /* 1/6 */
    178956971u,  /* 1/24 */
    35791394u,   /* 1/120 */
    5965232u,    /* 1/720 */
    852176u,     /* 1/5040 */
    106522u,     /* 1/40320 */
    11836u,      /* 1/362880 */
    1184u,       /* 1/3628800 */
};

/* log2(e) = 1.44269504089; the regimes' bounds 1/2 and 44. */
static const afdq_num log2_e = { 3098164010u, -31 };
static const afdq_num series_end = { 0x80000000u, -32 };
static const afdq_num exp_end = { 0xB0000000u, -26 };

/* phi2(x) in Q32 for x in Q32 below 2^31 (x < 1/2). Horner's rule with
 * truncating products; every partial sum stays positive (each
 * coefficient is at least 3 times the next, x below 1/2). */
static uint32_t phi2_small(uint32_t x)
{
    uint32_t acc = phi2_series[8];
    int k;
    AFI_OPAQUE_FACTOR(x); /* a 32-bit value: one UMULL a step, no MLA by its high word */
    for (k = 7; k >= 0; k--)
        acc = phi2_series[k] - (uint32_t)(afi_umul32(x, acc) >> 32);
    return acc;
}

/* phi2(-u) = sum u^k / (k + 2)! in Q32 for u in Q32 below 2^31: the same
 * series with every term positive (below 0.55: it fits). */
static uint32_t phi2_small_negative(uint32_t u)
{
    uint32_t acc = phi2_series[8];
    int k;
    AFI_OPAQUE_FACTOR(u);
    for (k = 7; k >= 0; k--)
        acc = phi2_series[k] + (uint32_t)(afi_umul32(u, acc) >> 32);
    return acc;
}

/* e^-x for x in [1/2, 44): 2^-y with y = x log2 e in Q32.32, y = n + f:
 * 2^-y = 2^(-n - 1) 2^(1 - f) for f > 0. */
static afdq_num exp_minus(afdq_num x)
{
    uint64_t y = afdq_fixed(afdq_mul(x, log2_e), 32);
    uint32_t f = (uint32_t)y;
    int n = (int)(y >> 32);
    afdq_num c;
    if (f == 0) {
        c.m = 0x80000000u;
        c.e = -31 - n;
    } else {
        c.m = afi_exp2_frac_q31(0u - f);
        c.e = -32 - n;
    }
    return c;
}

/* e^u for u >= 0: 2^y with y = u log2 e = n + f, y below 2^12. */
static afdq_num exp_plus(afdq_num u)
{
    afdq_num y = afdq_mul(u, log2_e), r;
    uint64_t fixed;
    /* Beyond 2^4096 is beyond any use: saturate there, where the exponent
     * still fits a 16-bit int and sums of a few such exponents do too. */
    if (!afdq_less(y, afdq_make(1, 12))) {
        r.m = 0xFFFFFFFFu;
        r.e = 1 << 12;
        return r;
    }
    fixed = afdq_fixed(y, 32);
    r.m = afi_exp2_frac_q31((uint32_t)fixed);
    r.e = (int)(fixed >> 32) - 31;
    return r;
}

void afdq_phi(afx z, afdq_num *phi1, afdq_num *phi2)
{
    afdq_num u = afx_dq(z);
    if (z.m >= 0) {
        if (afdq_less(u, series_end)) {
            afdq_num p2 = afdq_make(phi2_small((uint32_t)afdq_fixed(u, 32)), -32);
            *phi2 = p2;
            *phi1 = afdq_make(((uint64_t)1 << 32) - afdq_fixed(afdq_mul(u, p2), 32), -32);
        } else {
            afdq_num c = afdq_less(u, exp_end) ? exp_minus(u) : afdq_make(0, 0);
            afdq_num omc = afdq_make(((uint64_t)1 << 32) - afdq_fixed(c, 32), -32);
            *phi1 = afdq_div(omc, u);
            *phi2 = afdq_div(afdq_sub(afdq_make(1, 0), *phi1), u);
        }
        return;
    }
    if (afdq_less(u, series_end)) {
        afdq_num p2 = afdq_make(phi2_small_negative((uint32_t)afdq_fixed(u, 32)), -32);
        *phi2 = p2;
        *phi1 = afdq_add(afdq_make(1, 0), afdq_mul(u, p2));
    } else {
        /* e^u - 1 >= 0.65 and e^u - 1 - u >= 0.149: at most 2.2 bits lost. */
        afdq_num em1 = afdq_sub(exp_plus(u), afdq_make(1, 0));
        *phi1 = afdq_div(em1, u);
        *phi2 = afdq_div(afdq_div(afdq_sub(em1, u), u), u);
    }
}

/* 1 / (k + 1) in Q32 for k = 1 .. 7 (k = 0, 1 itself, is 2^32). */
static const uint32_t log1p_series[8] = {
    0u, 2147483648u, 1431655765u, 1073741824u, 858993459u, 715827883u, 613566757u, 536870912u,
};

/* ln 2 = 0.693147180560 (m 2^-32). */
static const afdq_num ln_2 = { 2977044472u, -32 };

afdq_num afdq_log1p_ratio(afx y)
{
    afdq_num ay = afx_dq(y);
    if (afdq_less(ay, afdq_make(1, -4))) {
        /* sum (-y)^k / (k + 1), k = 0 .. 7: the first term left out is
         * below 2^-32 / 9. Signed Q32 throughout (|y| < 2^-4). */
        int64_t yq = (int64_t)afdq_fixed(ay, 32), acc = log1p_series[7];
        int k;
        if (y.m > 0)
            yq = -yq; /* -y */
        for (k = 6; k >= 1; k--)
            acc = (int64_t)log1p_series[k] + afi_floor_shift64(yq * acc, 32);
        acc = ((int64_t)1 << 32) + afi_floor_shift64(yq * acc, 32);
        return afdq_make((uint64_t)acc, -32);
    }
    {
        /* ln(1 + y) / y from log2 of 1 + y's 32-bit mantissa: 30
         * significant bits, y at least 1/16 away from 0. */
        afdq_num z = afx_dq(dx_add(afx_make(1, 0), y));
        afx l2 = dx_add(afx_make(afi_log2_q58(z.m), -58), afx_make(z.e + 16, 0));
        return afx_dq(afx_div(afx_mul_dq(l2, ln_2), y));
    }
}

afx afdq_log2(afdq_num a)
{
    return dx_add(afx_make(afi_log2_q58(a.m), -58), afx_make(a.e + 16, 0));
}

afdq_num afdq_pow2(afx y)
{
    /* y in Q32.32 (|y| < 2^30 here): 2^y = 2^n 2^f. */
    int64_t fixed = afs_scale(y.m, y.e + 32);
    afdq_num r;
    r.m = afi_exp2_frac_q31((uint32_t)((uint64_t)fixed & 0xFFFFFFFFu));
    r.e = (int)afi_floor_shift64(fixed, 32) - 31;
    return r;
}

void afdq_coef_at(afdq_num t, afdq_num x, afdq_coef *k)
{
    k->t = t;
    k->x = x;
    if (afdq_less(x, series_end)) {
        afdq_num phi2 = afdq_make(phi2_small((uint32_t)afdq_fixed(x, 32)), -32);
        afdq_num xphi2 = afdq_mul(x, phi2), phi1;
        phi1 = afdq_make(((uint64_t)1 << 32) - afdq_fixed(xphi2, 32), -32);
        k->omc = afdq_mul(x, phi1);
        k->c = afdq_make(((uint64_t)1 << 32) - afdq_fixed(k->omc, 32), -32);
        k->tphi1 = afdq_mul(t, phi1);
        k->t2phi2 = afdq_mul(t, afdq_mul(t, phi2));
        k->tbk = afdq_mul(t, xphi2);
    } else {
        afdq_num tx = afdq_div(t, x);
        if (afdq_less(x, exp_end)) {
            k->c = exp_minus(x);
            k->omc = afdq_make(((uint64_t)1 << 32) - afdq_fixed(k->c, 32), -32);
        } else {
            k->c = afdq_make(0, 0);
            k->omc = afdq_make(1, 0);
        }
        k->tphi1 = afdq_mul(k->omc, tx);
        k->tbk = afdq_sub(t, k->tphi1);
        k->t2phi2 = afdq_mul(k->tbk, tx);
    }
}
