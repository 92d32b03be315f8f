/* SPDX-License-Identifier: MIT */
/*
 * Q16.16 add, subtract, multiply, divide and Q32.32 rounding, each with an
 * overflow status instead of libfixmath's fix16_overflow (which equals the
 * legal value -32768). Products are exact in 64 bits; every rounding works
 * on magnitudes, so it is to nearest with ties away from zero.
 */
#include "q16_internal.h"

af_status af_add_q16(fix16_t a, fix16_t b, fix16_t *out)
{
    return af_round_q32_q16(((int64_t)a + b) * AFI_ONE, out);
}

af_status af_sub_q16(fix16_t a, fix16_t b, fix16_t *out)
{
    return af_round_q32_q16(((int64_t)a - b) * AFI_ONE, out);
}

af_status af_round_q32_q16(int64_t q32, fix16_t *out)
{
    uint64_t mag = afi_abs64(q32); /* at most 2^63: the rounding cannot wrap */
    return afi_store_q16(afi_round_shift_u64(mag, 16), q32 < 0, out);
}

af_status af_mul_q16(fix16_t a, fix16_t b, fix16_t *out)
{
    return af_round_q32_q16(afi_smul32(a, b), out);
}

/* The rounded quotient of the magnitudes num / den, signed and stored;
 * den = 0 is a bad argument. A quotient of 2^32 or more cannot fit,
 * whatever the sign, and is caught before dividing (afi_udiv64_32 needs it
 * below 2^32). */
static af_status divide_magnitudes(uint64_t num, uint32_t den, int negative,
                                   fix16_t *out)
{
    uint32_t q, r;
    if (den == 0) {
        *out = 0;
        return AF_ERR_BAD_ARGUMENT;
    }
    if ((num >> 32) >= den)
        return afi_store_q16(UINT64_MAX, negative, out);
    q = afi_udiv64_32(num, den, &r);
    /* Round half up on the magnitude: r >= den / 2 exactly, without
     * overflowing 2 * r. */
    return afi_store_q16((uint64_t)q + (r >= den - r), negative, out);
}

af_status af_div_q16(fix16_t a, fix16_t b, fix16_t *out)
{
    /* (a / 2^16) / (b / 2^16) in Q16.16 is a * 2^16 / b. */
    return divide_magnitudes((uint64_t)afi_abs32(a) << 16, afi_abs32(b),
                             (a < 0) != (b < 0), out);
}

af_status af_muldiv_q16(fix16_t a, fix16_t b, fix16_t c, fix16_t *out)
{
    /* (a b / 2^32) / (c / 2^16) in Q16.16 is a b / c. */
    return divide_magnitudes(afi_umul32(afi_abs32(a), afi_abs32(b)), afi_abs32(c),
                             ((a < 0) != (b < 0)) != (c < 0), out);
}

/*
 * Schoolbook division in base 2^16 (Knuth's algorithm D for a 4-digit
 * dividend and a 2-digit divisor). The divisor is shifted until its top bit
 * is set; then the estimate of each quotient digit from the divisor's top
 * digit alone is at most 2 too large, so the correction loop runs at most
 * twice.
 */

/* The quotient digit of (top 2^16 + digit) / d, top < d, d's top bit set;
 * *rem gets the remainder, below d. */
static uint32_t quotient_digit(uint32_t top, uint32_t digit, uint32_t d, uint32_t *rem)
{
    const uint32_t base = 0x10000u;
    uint32_t dh = d >> 16, dl = d & 0xFFFFu;
    uint32_t q = top / dh, rhat = top - q * dh;
    while (q >= base || q * dl > ((rhat << 16) | digit)) {
        q--;
        rhat += dh;
        if (rhat >= base)
            break;
    }
    /* The true remainder is below d < 2^32; the products wrap modulo 2^32
     * identically on both sides. */
    *rem = ((top << 16) | digit) - q * d;
    return q;
}

uint32_t afi_udiv64_32(uint64_t n, uint32_t d, uint32_t *remainder)
{
    int s = afi_clz32(d);
    uint32_t hi, lo, q1, q0, mid, rem;

    d <<= s;
    n <<= s; /* n < d 2^32 before the shift, so nothing is lost above */
    hi = (uint32_t)(n >> 32);
    lo = (uint32_t)n;
    q1 = quotient_digit(hi, lo >> 16, d, &mid);
    q0 = quotient_digit(mid, lo & 0xFFFFu, d, &rem);
    *remainder = rem >> s;
    return (q1 << 16) | q0;
}
