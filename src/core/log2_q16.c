/* SPDX-License-Identifier: MIT */
/*
 * log2 and ln in Q16.16, and the Q58 logarithm that pow builds on.
 *
 * x = 2^e m with m in [1, 2). m is divided by the nearest c = 1 + j/16
 * (j = 0..16, by a table of 31-bit reciprocals), leaving m / c = 1 + r
 * with |r| < 1/32, and log2(m) = log2(c) + r P(r), P a degree-4
 * polynomial within 2^-31 of log2(1 + r) / r (fit by
 * scripts/q16-coefficients.py). The table's logarithms are those of the
 * rounded reciprocals, so the only errors are P's (its fit, 2^-31, and
 * its Q31 coefficients: about 2^-31.4 relative) and the Q36 rounding of r
 * (2^-37 1.44): below 2^-35 absolute, and below 2^-30 relative even where
 * e + log2(c) cancels most of r P(r) (x just below 1, j = 15). Near x = 1
 * (j = 0, or j = 16 just below a power of two) the reciprocal is exact, r is exact, and the result keeps 30
 * significant bits however small it is: pow relies on that.
 */
#include "q16_internal.h"

/* round(2^31 / (1 + j/16)), and -log2 of it / 2^31 in Q58. */
static const struct {
    uint32_t reciprocal;
    int64_t log2_q58;
} log2_table[17] = {
    { 2147483648u, 0 },                  /* 1 + 0/16: 0 */
    { 2021161080u, 25209447729700403 },  /* 1 + 1/16: 0.0874628415862 */
    { 1908874354u, 48977547034889040 },  /* 1 + 2/16: 0.169925001274 */
    { 1808407283u, 71460240349283389 },  /* 1 + 3/16: 0.247927513066 */
    { 1717986918u, 92789455980006025 },  /* 1 + 4/16: 0.321928095223 */
    { 1636178018u, 113077798217370172 }, /* 1 + 5/16: 0.392317422359 */
    { 1561806289u, 132422148376840000 }, /* 1 + 6/16: 0.459431619057 */
    { 1493901668u, 150906459581447608 }, /* 1 + 7/16: 0.523561956225 */
    { 1431655765u, 168603961714322424 }, /* 1 + 8/16: 0.584962501057 */
    { 1374389535u, 185578911681661378 }, /* 1 + 9/16: 0.643856189481 */
    { 1321528399u, 201888003358792727 }, /* 1 + 10/16: 0.700439717889 */
    { 1272582903u, 217581508543474010 }, /* 1 + 11/16: 0.754887501618 */
    { 1227133513u, 232704212921007961 }, /* 1 + 12/16: 0.807354922226 */
    { 1184818564u, 247296185101866511 }, /* 1 + 13/16: 0.857980995631 */
    { 1145324612u, 261393417597510824 }, /* 1 + 14/16: 0.906890595944 */
    { 1108378657u, 275028361477486736 }, /* 1 + 15/16: 0.954196310429 */
    { 1073741824u, 288230376151711744 }, /* 1 + 16/16: 1 */
};

/* P(r) = log2(1 + r) / r = c0 + r Q(r), Q(r) = c1 + c2 r + c3 r^2 + c4 r^3
 * on |r| <= 1/32, Q31. c0 = 1/ln 2 > 1 is unsigned; r c0 is formed
 * exactly and only the small r Q(r) (below 2^-5.4) goes through Horner's
 * truncations. */
#define LOG2_C0_Q31 3098164009u /* 1.44269504089 */
static const int32_t log2_poly[4] = {
    -1549081851, /* c1 = -0.721347448719 */
    1032721204,  /* c2 =  0.480898285482 */
    -775171787,  /* c3 = -0.360967492416 */
    620173489,   /* c4 =  0.288790785462 */
};

#define LN2_Q31 1488522236 /* 0.693147180560 */

int64_t afi_log2_q58(uint32_t x)
{
    int shift = afi_clz32(x);
    uint32_t m = x << shift; /* m / 2^31 in [1, 2) */
    int e = 15 - shift;      /* x / 2^16 = 2^e m / 2^31 */
    unsigned j = (m - 0x80000000u + (UINT32_C(1) << 26)) >> 27; /* nearest 1 + j/16 */
    /* m / c - 1 in Q62, then rounded to Q36: |r| < 2^-5 (below 1/32 for
     * j = 0, below 1/(32 c) otherwise) needs 31 bits. The product is below
     * 2^62 (1 + 2^-5), a valid int64_t. */
    int64_t r62 = (int64_t)afi_umul32(m, log2_table[j].reciprocal) - ((int64_t)1 << 62);
    int32_t r = (int32_t)afi_floor_shift64(r62 + ((int64_t)1 << 25), 26);
    int32_t acc = log2_poly[3], rq;
    int k;
    for (k = 2; k >= 0; k--) /* Horner; Q31 times Q36 >> 36 is Q31 */
        acc = log2_poly[k] + (int32_t)afi_floor_shift64((int64_t)acc * r, 36);
    /* r Q(r) in Q36 (|r Q| < 2^-5.4), rounded. */
    rq = (int32_t)afi_floor_shift64((int64_t)acc * r + ((int64_t)1 << 30), 31);
    /* r P(r) = r c0 + r (r Q): Q36 Q31 = Q67 and Q36 Q36 = Q72, both to Q58. */
    return (int64_t)e * ((int64_t)1 << 58) + log2_table[j].log2_q58 +
           afi_floor_shift64((int64_t)r * LOG2_C0_Q31, 9) +
           afi_floor_shift64((int64_t)r * rq, 14);
}

/* Shared by log2 and ln: the out-of-domain inputs. */
static af_status log_domain(fix16_t x, fix16_t *out)
{
    if (x == 0) {
        *out = INT32_MIN; /* log(0) = -infinity, saturated */
        return AF_ERR_OVERFLOW;
    }
    *out = 0;
    return AF_ERR_OUT_OF_RANGE;
}

af_status af_log2_q16(fix16_t x, fix16_t *out)
{
    int64_t l;
    if (x <= 0)
        return log_domain(x, out);
    l = afi_log2_q58((uint32_t)x);
    /* |l| <= 16 2^58: rounding to Q16 cannot overflow. */
    return afi_store_q16(afi_round_shift_u64(afi_abs64(l), 42), l < 0, out);
}

af_status af_log_q16(fix16_t x, fix16_t *out)
{
    int64_t l, ln_q57;
    int32_t l26;
    if (x <= 0)
        return log_domain(x, out);
    l = afi_log2_q58((uint32_t)x);
    /* Q26 keeps |l| <= 16 within an int32_t; its 2^-27 rounding is 2^-11 LSB
     * of the result. l ln 2 in Q57, rounded to Q16. */
    l26 = (int32_t)afi_floor_shift64(l + ((int64_t)1 << 31), 32);
    ln_q57 = (int64_t)l26 * LN2_Q31;
    return afi_store_q16(afi_round_shift_u64(afi_abs64(ln_q57), 41), ln_q57 < 0, out);
}
