/* SPDX-License-Identifier: MIT */
/*
 * src/core/dnum_q16.h — unsigned wide numbers m 2^e with a 32-bit
 * mantissa (afn_unum), for the drag law's positive quantities, and their
 * conversions to and from the signed ones (afn_snum, num_q16.h).
 * Internal.
 *
 * Each name ends in its rounding, as in num_q16.h: _trunc truncates (each
 * loses less than 2^-31 of its result), _near rounds to nearest, ties away
 * from zero (the square root, the conversions to Q16.16), _sticky
 * truncates but keeps a dropped bit in the last one; no suffix, exact.
 * Integer-only: the same bits on every compiler and core.
 */
#ifndef AIMFIX_SRC_DNUM_Q16_H
#define AIMFIX_SRC_DNUM_Q16_H

#include "xnum_q16.h"

/* ---- Unsigned floating integers ------------------------------------- */

/* The number m 2^e, m in [2^31, 2^32); m = 0 is zero (whatever e). */
typedef struct afn_unum {
    uint32_t m;
    int e;
} afn_unum;

/* v 2^e for any v (truncated to 32 significant bits). */
static inline afn_unum afn_u_make_trunc(uint64_t v, int e)
{
    afn_unum r;
    int z;
    if (v == 0) {
        r.m = 0;
        r.e = e;
        return r;
    }
    z = afi_clz64(v);
    if (z >= 32) {
        r.m = (uint32_t)v << (z - 32);
        r.e = e - (z - 32);
    } else {
        r.m = (uint32_t)(v >> (32 - z));
        r.e = e + (32 - z);
    }
    return r;
}

/* A non-negative Q16.16 value (raw), exactly. */
static inline afn_unum afn_u_q16(fix16_t raw)
{
    return afn_u_make_trunc((uint64_t)(uint32_t)raw, -16);
}

static inline afn_unum afn_u_mul_trunc(afn_unum a, afn_unum b)
{
    uint32_t am = a.m, bm = b.m;
    uint64_t p;
    afn_unum r;
    /* Inlined where a mantissa comes from a wider expression, its high
     * word would be multiplied too: the barrier keeps it a 32-bit value. */
    AFI_OPAQUE(am);
    AFI_OPAQUE(bm);
    p = afi_umul32_compact(am, bm); /* in [2^62, 2^64), or 0 */
    r.e = a.e + b.e + 32;
    if (!(p >> 63)) {
        p <<= 1;
        r.e--;
    }
    r.m = (uint32_t)(p >> 32);
    return r;
}

/* a / b, b nonzero: one 64-by-32-bit division of the mantissas. */
static inline afn_unum afn_u_div_trunc(afn_unum a, afn_unum b)
{
    uint32_t rem;
    afn_unum r;
    if (a.m >= b.m) { /* quotient in [1, 2): 31 fractional bits */
        r.m = afi_udiv64_32((uint64_t)a.m << 31, b.m, &rem);
        r.e = a.e - b.e - 31;
    } else { /* in (1/2, 1): 32 */
        r.m = afi_udiv64_32((uint64_t)a.m << 32, b.m, &rem);
        r.e = a.e - b.e - 32;
    }
    return r;
}

/* a 2^k. */
static inline afn_unum afn_u_scale(afn_unum a, int k)
{
    a.e += k;
    return a;
}

static inline int afn_u_is_zero(afn_unum a)
{
    return a.m == 0;
}

/* a < b. */
static inline int afn_u_less(afn_unum a, afn_unum b)
{
    if (a.m == 0 || b.m == 0)
        return a.m == 0 && b.m != 0;
    return a.e < b.e || (a.e == b.e && a.m < b.m);
}

/* a + b. */
static inline afn_unum afn_u_add_trunc(afn_unum a, afn_unum b)
{
    uint64_t s;
    int d;
    if (a.m == 0)
        return b;
    if (b.m == 0)
        return a;
    if (a.e < b.e) {
        afn_unum t = a;
        a = b;
        b = t;
    }
    d = a.e - b.e;
    s = (uint64_t)a.m + (d < 32 ? b.m >> d : 0u);
    if (s >> 32) {
        s >>= 1;
        a.e++;
    }
    a.m = (uint32_t)s;
    return a;
}

/* a - b for a >= b (0 otherwise); exact to 2^-64 of a before the result
 * is normalised, so a cancellation keeps every bit the operands had. */
static inline afn_unum afn_u_sub_trunc(afn_unum a, afn_unum b)
{
    uint64_t s, t;
    int d;
    if (b.m == 0)
        return a;
    if (!afn_u_less(b, a))
        return afn_u_make_trunc(0, 0);
    d = a.e - b.e;
    t = d < 64 ? ((uint64_t)b.m << 32) >> d : 0u;
    s = ((uint64_t)a.m << 32) - t;
    return afn_u_make_trunc(s, a.e - 32);
}

/* sqrt(a), correctly rounded mantissa (32 bits). */
static inline afn_unum afn_u_sqrt_near(afn_unum a)
{
    int k = (a.e & 1) ? 31 : 32; /* e - k even */
    uint64_t root;
    afn_unum r;
    if (a.m == 0)
        return a;
    root = af_sqrt_u64((uint64_t)a.m << k); /* in [2^31, 2^32] */
    r.m = root >> 32 ? 0xFFFFFFFFu : (uint32_t)root;
    r.e = (a.e - k) / 2;
    return r;
}

/* floor(a 2^bits), for a < 2^(64 - bits): a in fixed point. */
static inline uint64_t afn_u_fixed_trunc(afn_unum a, int bits)
{
    int s = a.e + bits;
    if (a.m == 0 || s <= -32)
        return 0;
    return s >= 0 ? (uint64_t)a.m << s : (uint64_t)(a.m >> -s);
}

/* a rounded to a Q16.16 raw value (a >= 0); 0 when it does not fit. */
static inline int afn_u_to_raw_near(afn_unum a, fix16_t *out)
{
    int s = a.e + 16; /* raw = m 2^s */
    *out = 0;
    if (a.m == 0 || s <= -33)
        return 1;
    if (s >= 0)
        return 0; /* at least 2^31 raw */
    {
        uint64_t v = ((uint64_t)a.m + ((uint64_t)1 << (-s - 1))) >> -s;
        if (v > INT32_MAX)
            return 0;
        *out = (fix16_t)v;
    }
    return 1;
}

/* a as an afn_snum: the mantissa halved, its dropped bit kept in the last. */
static inline afn_snum afn_u_to_s_sticky(afn_unum a)
{
    afn_snum r;
    r.m = (int32_t)((a.m >> 1) | (a.m & 1u)); /* sticky last bit, |m| >= 2^30 */
    r.e = a.e + 1;
    if (a.m == 0)
        r.e = 0;
    return r;
}

/* |a| as a afn_unum. */
static inline afn_unum afn_s_to_u(afn_snum a)
{
    return afn_u_make_trunc((uint64_t)afi_abs32(a.m), a.e);
}

/* a b for a signed, b >= 0. */
static inline afn_snum afn_s_mul_u_trunc(afn_snum a, afn_unum b)
{
    afn_snum c;
    c.m = (int32_t)(b.m >> 1);
    c.e = b.e + 1;
    return afn_s_mul_trunc(a, c);
}

/* a rounded to a Q16.16 raw value (to nearest, ties away from zero); 0
 * when it does not fit. */
static inline int afn_s_to_raw_near(afn_snum a, fix16_t *out)
{
    fix16_t mag;
    int ok = afn_u_to_raw_near(afn_s_to_u(a), &mag);
    *out = a.m < 0 ? -mag : mag;
    return ok;
}

/* The operations kept out of line on the Cortex-M0, for a solver that
 * uses them dozens of times (AFI_INLINE_EXCEPT_M0). */
static AFI_INLINE_EXCEPT_M0 afn_unum afn_u_add_trunc_compact(afn_unum a, afn_unum b)
{
    return afn_u_add_trunc(a, b);
}

static AFI_INLINE_EXCEPT_M0 afn_unum afn_u_mul_trunc_compact(afn_unum a, afn_unum b)
{
    return afn_u_mul_trunc(a, b);
}

static AFI_INLINE_EXCEPT_M0 afn_snum afn_s_add_trunc_compact(afn_snum a, afn_snum b)
{
    return afn_s_add_trunc(a, b);
}

static AFI_INLINE_EXCEPT_M0 afn_snum afn_s_sub_trunc_compact(afn_snum a, afn_snum b)
{
    return afn_s_sub_trunc(a, b);
}

static AFI_INLINE_EXCEPT_M0 afn_snum afn_s_mul_trunc_compact(afn_snum a, afn_snum b)
{
    return afn_s_mul_trunc(a, b);
}

static AFI_INLINE_EXCEPT_M0 afn_snum afn_s_mul_u_trunc_compact(afn_snum a, afn_unum b)
{
    return afn_s_mul_u_trunc(a, b);
}

/* a . b from the operations above: afn_s_dot3_trunc, out of line where
 * they are. */
AFI_STATIC_HELPER afn_snum afn_s_dot3_trunc_compact(const afn_snum a[3], const afn_snum b[3])
{
    return afn_s_add_trunc_compact(
        afn_s_add_trunc_compact(afn_s_mul_trunc_compact(a[0], b[0]),
                                afn_s_mul_trunc_compact(a[1], b[1])),
        afn_s_mul_trunc_compact(a[2], b[2]));
}

#endif /* AIMFIX_SRC_DNUM_Q16_H */
