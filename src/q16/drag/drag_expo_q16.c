/* SPDX-License-Identifier: MIT */
/*
 * The exponential parts of the drag law in Q16 (drag_q16.h): at a time t
 * with x = mu t,
 *     c = e^-x, 1 - c, t phi1(x), t^2 phi2(x), t - t phi1(x),
 * each to about 30 significant bits whatever the size of x, as afn_unum.
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
static const afn_unum log2_e = { 3098164010u, -31 };
static const afn_unum series_end = { 0x80000000u, -32 };
static const afn_unum exp_end = { 0xB0000000u, -26 };

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

uint32_t afq_drag_phi2_q32(uint32_t x)
{
    return phi2_small(x);
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
static afn_unum exp_minus(afn_unum x)
{
    uint64_t y = afn_u_fixed_trunc(afn_u_mul_trunc(x, log2_e), 32);
    uint32_t f = (uint32_t)y;
    int n = (int)(y >> 32);
    afn_unum c;
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
static afn_unum exp_plus(afn_unum u)
{
    afn_unum y = afn_u_mul_trunc(u, log2_e), r;
    uint64_t fixed;
    /* Beyond 2^4096 is beyond any use: saturate there, where the exponent
     * still fits a 16-bit int and sums of a few such exponents do too. */
    if (!afn_u_less(y, afn_u_make_trunc(1, 12))) {
        r.m = 0xFFFFFFFFu;
        r.e = 1 << 12;
        return r;
    }
    fixed = afn_u_fixed_trunc(y, 32);
    r.m = afi_exp2_frac_q31((uint32_t)fixed);
    r.e = (int)(fixed >> 32) - 31;
    return r;
}

void afq_drag_phi(afn_snum z, afn_unum *phi1, afn_unum *phi2)
{
    afn_unum u = afn_s_to_u(z);
    if (z.m >= 0) {
        if (afn_u_less(u, series_end)) {
            afn_unum p2 = afn_u_make_trunc(phi2_small((uint32_t)afn_u_fixed_trunc(u, 32)), -32);
            *phi2 = p2;
            *phi1 = afn_u_make_trunc(
                ((uint64_t)1 << 32) - afn_u_fixed_trunc(afn_u_mul_trunc(u, p2), 32), -32);
        } else {
            afn_unum c = afn_u_less(u, exp_end) ? exp_minus(u) : afn_u_make_trunc(0, 0);
            afn_unum omc = afn_u_make_trunc(((uint64_t)1 << 32) - afn_u_fixed_trunc(c, 32), -32);
            *phi1 = afn_u_div_trunc(omc, u);
            *phi2 = afn_u_div_trunc(afn_u_sub_trunc(afn_u_make_trunc(1, 0), *phi1), u);
        }
        return;
    }
    if (afn_u_less(u, series_end)) {
        afn_unum p2 =
            afn_u_make_trunc(phi2_small_negative((uint32_t)afn_u_fixed_trunc(u, 32)), -32);
        *phi2 = p2;
        *phi1 = afn_u_add_trunc(afn_u_make_trunc(1, 0), afn_u_mul_trunc(u, p2));
    } else {
        /* e^u - 1 >= 0.65 and e^u - 1 - u >= 0.149: at most 2.2 bits lost. */
        afn_unum em1 = afn_u_sub_trunc(exp_plus(u), afn_u_make_trunc(1, 0));
        *phi1 = afn_u_div_trunc(em1, u);
        *phi2 = afn_u_div_trunc(afn_u_div_trunc(afn_u_sub_trunc(em1, u), u), u);
    }
}

void afq_drag_decay(afn_snum s, afn_unum mu, afn_unum inv_mu, afq_drag_decayed *out)
{
    afn_unum u = afn_s_to_u(s), x = afn_u_mul_trunc(mu, u);
    if (afn_u_less(x, series_end)) {
        uint32_t xq = (uint32_t)afn_u_fixed_trunc(x, 32);
        afn_unum p2, xp2;
        if (s.m >= 0) {
            p2 = afn_u_make_trunc(phi2_small(xq), -32);
            xp2 = afn_u_mul_trunc(x, p2);
            /* phi1 = 1 - x phi2, e^-x = 1 - x phi1 */
            out->sphi1 = afn_u_make_trunc(((uint64_t)1 << 32) - afn_u_fixed_trunc(xp2, 32), -32);
            out->c = afn_u_make_trunc(
                ((uint64_t)1 << 32) - afn_u_fixed_trunc(afn_u_mul_trunc(x, out->sphi1), 32), -32);
        } else {
            p2 = afn_u_make_trunc(phi2_small_negative(xq), -32);
            out->sphi1 = afn_u_add_trunc(afn_u_make_trunc(1, 0), afn_u_mul_trunc(x, p2));
            out->c = afn_u_add_trunc(afn_u_make_trunc(1, 0), afn_u_mul_trunc(x, out->sphi1));
        }
        out->sphi1 = afn_u_mul_trunc(u, out->sphi1);
        out->s2phi2 = afn_u_mul_trunc(afn_u_mul_trunc(u, u), p2);
        return;
    }
    if (s.m >= 0) {
        /* s phi1 = (1 - c) / mu, s^2 phi2 = (s - s phi1) / mu: 1 - c loses
         * at most 1.4 bits (c <= 0.61), the difference 2.3. */
        out->c = afn_u_less(x, exp_end) ? exp_minus(x) : afn_u_make_trunc(0, 0);
        out->sphi1 = afn_u_mul_trunc(
            afn_u_make_trunc(((uint64_t)1 << 32) - afn_u_fixed_trunc(out->c, 32), -32), inv_mu);
        out->s2phi2 = afn_u_mul_trunc(afn_u_sub_trunc(u, out->sphi1), inv_mu);
    } else {
        /* |s| phi1(-x) = (e^x - 1) / mu >= 0.65 / mu, s^2 phi2(-x) =
         * (|s| phi1(-x) - |s|) / mu, with e^x - 1 - x >= 0.149. */
        out->c = exp_plus(x);
        out->sphi1 = afn_u_mul_trunc(afn_u_sub_trunc(out->c, afn_u_make_trunc(1, 0)), inv_mu);
        out->s2phi2 = afn_u_mul_trunc(afn_u_sub_trunc(out->sphi1, u), inv_mu);
    }
}

/* 1 / (k + 1) in Q32 for k = 1 .. 7 (k = 0, 1 itself, is 2^32). */
static const uint32_t log1p_series[8] = {
    0u, 2147483648u, 1431655765u, 1073741824u, 858993459u, 715827883u, 613566757u, 536870912u,
};

/* ln 2 = 0.693147180560 (m 2^-32). */
static const afn_unum ln_2 = { 2977044472u, -32 };

afn_unum afq_drag_log1p_ratio(afn_snum y)
{
    afn_unum ay = afn_s_to_u(y);
    if (afn_u_less(ay, afn_u_make_trunc(1, -4))) {
        /* sum (-y)^k / (k + 1), k = 0 .. 7: the first term left out is
         * below 2^-32 / 9. Signed Q32 throughout (|y| < 2^-4). */
        int64_t yq = (int64_t)afn_u_fixed_trunc(ay, 32), acc = log1p_series[7];
        int k;
        if (y.m > 0)
            yq = -yq; /* -y */
        for (k = 6; k >= 1; k--)
            acc = (int64_t)log1p_series[k] + afi_floor_shift64(yq * acc, 32);
        acc = ((int64_t)1 << 32) + afi_floor_shift64(yq * acc, 32);
        return afn_u_make_trunc((uint64_t)acc, -32);
    }
    {
        /* ln(1 + y) / y from log2 of 1 + y's 32-bit mantissa: 30
         * significant bits, y at least 1/16 away from 0. */
        afn_unum z = afn_s_to_u(afn_s_add_trunc(afn_s_make_near(1, 0), y));
        afn_snum l2 =
            afn_s_add_trunc(afn_s_make_near(afi_log2_q58(z.m), -58), afn_s_make_near(z.e + 16, 0));
        return afn_s_to_u(afn_s_div_near(afn_s_mul_u_trunc(l2, ln_2), y));
    }
}

afn_snum afq_drag_log2(afn_unum a)
{
    return afn_s_add_trunc(afn_s_make_near(afi_log2_q58(a.m), -58), afn_s_make_near(a.e + 16, 0));
}

afn_unum afq_drag_pow2(afn_snum y)
{
    /* y in Q32.32 (|y| < 2^30 here): 2^y = 2^n 2^f. */
    int64_t fixed = afi_scale(y.m, y.e + 32);
    afn_unum r;
    r.m = afi_exp2_frac_q31((uint32_t)((uint64_t)fixed & 0xFFFFFFFFu));
    r.e = (int)afi_floor_shift64(fixed, 32) - 31;
    return r;
}

void afq_drag_coef_at(afn_unum t, afn_unum x, afq_drag_coef *k)
{
    k->t = t;
    k->x = x;
    if (afn_u_less(x, series_end)) {
        afn_unum phi2 = afn_u_make_trunc(phi2_small((uint32_t)afn_u_fixed_trunc(x, 32)), -32);
        afn_unum xphi2 = afn_u_mul_trunc(x, phi2), phi1;
        phi1 = afn_u_make_trunc(((uint64_t)1 << 32) - afn_u_fixed_trunc(xphi2, 32), -32);
        k->omc = afn_u_mul_trunc(x, phi1);
        k->c = afn_u_make_trunc(((uint64_t)1 << 32) - afn_u_fixed_trunc(k->omc, 32), -32);
        k->tphi1 = afn_u_mul_trunc(t, phi1);
        k->t2phi2 = afn_u_mul_trunc(t, afn_u_mul_trunc(t, phi2));
        k->tbk = afn_u_mul_trunc(t, xphi2);
    } else {
        afn_unum tx = afn_u_div_trunc(t, x);
        if (afn_u_less(x, exp_end)) {
            k->c = exp_minus(x);
            k->omc = afn_u_make_trunc(((uint64_t)1 << 32) - afn_u_fixed_trunc(k->c, 32), -32);
        } else {
            k->c = afn_u_make_trunc(0, 0);
            k->omc = afn_u_make_trunc(1, 0);
        }
        k->tphi1 = afn_u_mul_trunc(k->omc, tx);
        k->tbk = afn_u_sub_trunc(t, k->tphi1);
        k->t2phi2 = afn_u_mul_trunc(k->tbk, tx);
    }
}
