/* SPDX-License-Identifier: MIT */
/*
 * The maximum range of a lob at a given speed, in Q16.16 (see
 * aimfix/ballistic.h and the f64 twin in arc_max_range_f64.c).
 */
#include "aimfix/ballistic.h"

#include "solve_q16.h"

/* Empties a range: four stores, cheaper than a call to memset. */
static void range_clear(af_range_q16 *out)
{
    out->range = out->t = out->horizontal_speed = out->vertical_speed = 0;
}

/* a b in 128 bits (*hi, *lo), from 32-bit halves. */
static void wide_product(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t p00 = afi_umul32(a0, b0), p01 = afi_umul32(a0, b1), p10 = afi_umul32(a1, b0);
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10; /* below 3 2^32 */
    *lo = (mid << 32) | (uint32_t)p00;
    *hi = afi_umul32(a1, b1) + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* a b - c d when it is >= 0, as a normalized number (the zero number for
 * 0); 0 (and *n untouched) when a b < c d. Exact before the rounding to
 * 31 bits: the wide products subtracted with a borrow. */
static int product_difference(uint64_t a, uint64_t b, uint64_t c, uint64_t d, afn_snum *n)
{
    uint64_t h1, l1, h2, l2, top;
    int z;
    wide_product(a, b, &h1, &l1);
    wide_product(c, d, &h2, &l2);
    if (h1 < h2 || (h1 == h2 && l1 < l2))
        return 0;
    h1 = h1 - h2 - (l1 < l2);
    l1 -= l2;
    if (h1 == 0) {
        *n = afn_p_from_u64_near(l1);
        return 1;
    }
    z = afi_clz64(h1); /* the top 64 bits, the rest below the rounding */
    top = z ? (h1 << z) | (l1 >> (64 - z)) : h1;
    *n = afn_p_from_u64_near(top);
    n->e += 64 - z;
    return 1;
}

af_status af_arc_max_range_q16(fix16_t speed, fix16_t height, const af_vec3_q16 *gravity,
                               af_range_q16 *out)
{
    afn_snum g, sp, rs, inv_g, inv_rs, wn;
    uint64_t s2, len2;
    int64_t hm, w, sw;
    int k, top, half, ok = 1;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    range_clear(out);
    if (!gravity || speed <= 0)
        return AF_ERR_BAD_ARGUMENT;
    len2 = af_vec3_len2_q16(gravity);
    if (len2 == 0)
        return AF_ERR_BAD_ARGUMENT;
    /* |g| and 1 / |g| from one reciprocal root: |g| = |g|^2 / |g|. */
    g = afn_p_root_pair_near(afn_p_from_u64_near(len2), &inv_g);
    /* W = s^2 - 2 g h (the f64 solver's s^2 (1 - eta)) and s^2 + W, in
     * Q32.32 divided by 2^k, k even and chosen so that s^2 and 2 g h lie
     * below 2^58: every bit of a small speed (and a fraction of a unit of
     * 2 g h) is kept, a large one's lowest bits dropped. 2 g h = h m
     * 2^(e + 1) with |g| = m 2^e below 2^32 (e <= 1): the exact product
     * h m, below 2^62, shifted (its floor: a unit of 2^k at most). */
    s2 = afi_square32(speed);
    hm = afi_smul32(height, (int32_t)g.m);
    top = 64 - afi_clz64(s2);
    if (hm != 0 && 64 - afi_clz64(afi_abs64(hm)) + g.e + 1 > top)
        top = 64 - afi_clz64(afi_abs64(hm)) + g.e + 1;
    k = top - 58 + ((top - 58) % 2 != 0); /* even, in [-56, 6] */
    sw = k >= 0 ? (int64_t)(s2 >> k) : (int64_t)(s2 << -k); /* s^2 2^-k */
    w = g.e + 1 - k >= 0 ? hm * ((int64_t)1 << (g.e + 1 - k))
                         : afi_floor_shift64(hm, k - 1 - g.e); /* 2 g h 2^-k */
    if (height > 0 && sw - w <= sw >> 6) {
        /* Where s^2 and 2 g h cancel in more than 6 bits (or W < 0), W =
         * (s^4 - |g|^2 (2 h)^2) / (s^2 + 2 g h): the numerator exact from
         * the squares (below 2^128), so that neither the status (out of
         * reach exactly when it is < 0) nor W depends on |g|'s 30-bit
         * rounding. Elsewhere that rounding costs W 2^-24 at most. */
        if (!product_difference(s2, s2, len2, afi_square32(height) * 4, &wn)) /* (2h)^2 < 2^64 */
            return AF_ERR_NO_SOLUTION;
        wn = afn_p_div_near(wn, afn_p_from_u64_near((uint64_t)(sw + w)));
        wn.e -= 2 * k;
        w = afn_p_to_int_near(wn, &ok); /* below s^2 2^-k < 2^58 */
        if (!ok)
            goto overflow; /* cannot happen */
    } else {
        w = sw - w;
        wn = afn_p_from_u64_near((uint64_t)w);
    }
    sw += w;
    half = k / 2;
    sp = afn_p_from_pos32(speed);
    /* sqrt(s^2 + W) 2^-(k/2) and its reciprocal, again from one reciprocal
     * root; each reciprocal is used twice: products cost less than the
     * four divisions. */
    rs = afn_p_root_pair_near(afn_p_from_u64_near((uint64_t)sw), &inv_rs);
    /* t = sqrt(s^2 + W) / g; vertical speed s^2 / sqrt(s^2 + W). */
    if (!afn_p_to_raw_near(afn_p_mul_near(rs, inv_g), 16 + half, &out->t) ||
        !afn_p_to_raw_near(afn_p_mul_near(afn_p_from_u64_near(s2), inv_rs), -half,
                           &out->vertical_speed))
        goto overflow;
    if (wn.m != 0) {
        /* range = s sqrt(W) / g; horizontal speed s sqrt(W / (s^2 + W)). */
        afn_snum srw = afn_p_mul_near(sp, afn_p_sqrt_near(wn)); /* s sqrt(W) 2^-(k/2) */
        if (!afn_p_to_raw_near(afn_p_mul_near(srw, inv_g), half, &out->range) ||
            !afn_p_to_raw_near(afn_p_mul_near(srw, inv_rs), 0, &out->horizontal_speed))
            goto overflow;
    }
    return AF_OK;
overflow:
    range_clear(out);
    return AF_ERR_OVERFLOW;
}
