/* SPDX-License-Identifier: MIT */
/*
 * 2^x and e^x in Q16.16, and the Q32.32-argument core that pow shares.
 *
 * y = n + f with n an integer and f in [0, 1) (32 bits). f = j/16 + g,
 * g < 1/16: 2^f = 2^(j/16) (1 + g E(g)), a 16-entry table of 2^(j/16) in
 * Q31 and E a degree-3 polynomial within 2^-32.5 of (2^g - 1) / g (fit by
 * scripts/q16-coefficients.py). The result, 2^f in Q31 within about
 * 2^-30 relative, is shifted by n and rounded once. e^x is 2^(x log2 e)
 * with the product formed to 2^-32.
 */
#include "q16_internal.h"

/* 2^(j/16), Q31 (unsigned: up to 1.92). */
static const uint32_t exp2_table[16] = {
    2147483648u, /* 1 */
    2242560872u, /* 1.04427378243 */
    2341847524u, /* 1.09050773267 */
    2445529972u, /* 1.13878863476 */
    2553802834u, /* 1.189207115 */
    2666869345u, /* 1.24185781207 */
    2784941738u, /* 1.29683955465 */
    2908241642u, /* 1.35425554694 */
    3037000500u, /* 1.41421356237 */
    3171459999u, /* 1.47682614594 */
    3311872529u, /* 1.54221082541 */
    3458501653u, /* 1.61049033195 */
    3611622603u, /* 1.68179283051 */
    3771522796u, /* 1.75625216037 */
    3938502376u, /* 1.83400808641 */
    4112874773u, /* 1.9152065614 */
};

/* E(g) = (2^g - 1) / g = sum c_k g^k on [0, 1/16], Q31; all positive. */
static const uint32_t exp2_poly[4] = {
    1488522236u, /* c0 = 0.693147180399 */
    515882673u,  /* c1 = 0.240226589507 */
    119180001u,  /* c2 = 0.0554975128345 */
    21016274u,   /* c3 = 0.00978646543501 */
};

/* log2(e) 2^16 in Q32, split in two 32-bit halves for a 32 x 64 product. */
#define LOG2E_Q48_HI 94548u      /* high half: floor(log2(e) 2^16) */
#define LOG2E_Q48_LO 1985132592u /* low half: the next 32 bits, rounded */

/* From y = 15 on, 2^y is 32768 or more: beyond Q16.16 (just below 15 it
 * may still round up to 32768, caught when stored). Below y = -17 it is
 * under half an LSB. */
#define EXP2_OVERFLOW_Q32 (INT64_C(15) << 32)
#define EXP2_UNDERFLOW_Q32 (-(INT64_C(17) << 32))

uint32_t afi_exp2_frac_q31(uint32_t f)
{
    uint32_t g, t, ge, acc;
    int k;

    t = exp2_table[f >> 28];
    g = f & 0x0FFFFFFFu; /* Q32, below 2^-4 */
    acc = exp2_poly[3];
    for (k = 2; k >= 0; k--) /* Horner; Q31 times Q32 >> 32 is Q31 */
        acc = exp2_poly[k] + (uint32_t)(afi_umul32(acc, g) >> 32);
    ge = (uint32_t)(afi_umul32(g, acc) >> 31); /* g E(g), Q32, below 0.045 */
    /* 2^f = t (1 + g E) in Q31, below 2^32: t + t g E / 2^32. */
    return t + (uint32_t)(afi_umul32(t, ge) >> 32);
}

af_status afi_exp2_q32(int64_t y, fix16_t *out)
{
    int n;

    if (y >= EXP2_OVERFLOW_Q32)
        return afi_store_q16(UINT64_MAX, 0, out);
    if (y < EXP2_UNDERFLOW_Q32) {
        *out = 0;
        return AF_OK;
    }
    n = (int)afi_floor_shift64(y, 32); /* -17..14 */
    /* The result 2^f 2^n in raw Q16.16 is 2^f in Q31 / 2^(15 - n). */
    return afi_store_q16(
        afi_round_shift_u64(afi_exp2_frac_q31((uint32_t)((uint64_t)y & 0xFFFFFFFFu)), 15 - n), 0,
        out);
}

af_status af_exp2_q16(fix16_t x, fix16_t *out)
{
    return afi_exp2_q32((int64_t)x * AFI_ONE, out);
}

af_status af_exp_q16(fix16_t x, fix16_t *out)
{
    /* x log2(e) in Q32: x (raw) times log2(e) 2^16, whose 32 fractional bits
     * make the product exact to 2^-32 (the low half's product is floored). */
    int64_t y = afi_smul32(x, LOG2E_Q48_HI) + afi_floor_shift64(afi_smul32(x, LOG2E_Q48_LO), 32);
    return afi_exp2_q32(y, out);
}
