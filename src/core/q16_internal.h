/* SPDX-License-Identifier: MIT */
/*
 * src/core/q16_internal.h — integer helpers shared by the Q16.16 sources.
 * Internal: never installed, never part of the public API.
 *
 * Everything here avoids undefined and implementation-defined behaviour:
 * signed values are shifted right with afi_floor_shift*, not with >> (how a
 * negative value shifts is the compiler's choice in C99), and a magnitude
 * becomes a signed value only through afi_signed32, which never converts an
 * out-of-range unsigned value.
 */
#ifndef AIMFIX_SRC_Q16_INTERNAL_H
#define AIMFIX_SRC_Q16_INTERNAL_H

#include <limits.h>
#include <stdint.h>

#include "aimfix/q16.h"

#include "steering_q16.h"

/* The seed tables of the divisions and roots (1.4 KiB): on AVR, where
 * constant data is copied to RAM unless it is marked for flash, they stay
 * in flash and are read with avr-libc's pgm_read_word; elsewhere they are
 * ordinary constant arrays. */
#if defined(__AVR__)
#include <avr/pgmspace.h>
#define AFI_FLASH_TABLE PROGMEM
#define afi_table_u16(table, i) ((uint16_t)pgm_read_word(&(table)[i]))
#else
#define AFI_FLASH_TABLE
#define afi_table_u16(table, i) ((uint16_t)(table)[i])
#endif

/* 1.0 in Q16.16. */
#define AFI_ONE 65536

/* Leading zero bits of x != 0, 0 to 31: the compiler's builtin where
 * there is one, else a 5-step search. */
static inline int afi_clz32(uint32_t x)
{
#if (defined(__GNUC__) || defined(__clang__)) && UINT_MAX == 0xFFFFFFFFu
    return __builtin_clz(x);
#elif (defined(__GNUC__) || defined(__clang__)) && ULONG_MAX == 0xFFFFFFFFu
    return __builtin_clzl(x); /* a 16-bit int (AVR): long has the 32 bits */
#else
    int n = 0;
    if (!(x & 0xFFFF0000u)) { n += 16; x <<= 16; }
    if (!(x & 0xFF000000u)) { n += 8; x <<= 8; }
    if (!(x & 0xF0000000u)) { n += 4; x <<= 4; }
    if (!(x & 0xC0000000u)) { n += 2; x <<= 2; }
    if (!(x & 0x80000000u)) { n += 1; }
    return n;
#endif
}

/* Leading zero bits of x != 0, 0 to 63. */
static inline int afi_clz64(uint64_t x)
{
    uint32_t hi = (uint32_t)(x >> 32);
    return hi ? afi_clz32(hi) : 32 + afi_clz32((uint32_t)x);
}

/* floor(v / 2^s), 0 <= s <= 31 (resp. 63). For v < 0, ~v = -v - 1 >= 0
 * shifts portably, and floor(v / 2^s) = ~(~v >> s); compilers turn the
 * whole thing into one arithmetic shift. */
static inline int32_t afi_floor_shift32(int32_t v, int s)
{
    return v >= 0 ? v >> s : ~(~v >> s);
}

static inline int64_t afi_floor_shift64(int64_t v, int s)
{
    return v >= 0 ? v >> s : ~(~v >> s);
}

/* |v| as an unsigned value (2^31 for INT32_MIN). */
static inline uint32_t afi_abs32(int32_t v)
{
    return v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
}

static inline uint64_t afi_abs64(int64_t v)
{
    return v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
}

/* 32 x 32 -> 64-bit products, exact. Where the core has a long multiply
 * (ARMv7-M, every host) they are the C expressions; ARMv6-M multiplies
 * 32 x 32 -> 32 bits only, where four 16 x 16-bit products of the halves
 * beat libgcc's general 64 x 64-bit multiply. Both forms are tested
 * against each other on every build (suite_arith_q16). The signed one
 * uses signed upper halves, so every partial product and partial sum fits
 * its type: |ah bh| <= 2^30, |ah bl| < 2^31, and the total is a b. */
static inline uint64_t afi_umul32_by_halves(uint32_t a, uint32_t b)
{
    /* In 32-bit words with explicit carries: the two middle products
     * summed first (their carry is worth 2^48), then their low half into
     * the low word. */
    uint32_t ah = a >> 16, al = a & 0xFFFFu, bh = b >> 16, bl = b & 0xFFFFu;
    uint32_t lo = al * bl, hi = ah * bh, cross = al * bh, mid = ah * bl + cross, t;
    hi += (mid >> 16) + ((uint32_t)(mid < cross) << 16);
    t = mid << 16;
    lo += t;
    hi += lo < t;
    return ((uint64_t)hi << 32) | lo;
}

static inline int64_t afi_smul32_by_halves(int32_t a, int32_t b)
{
    int32_t ah = afi_floor_shift32(a, 16), bh = afi_floor_shift32(b, 16);
    uint32_t al = (uint32_t)a & 0xFFFFu, bl = (uint32_t)b & 0xFFFFu;
    int64_t mid = (int64_t)(ah * (int32_t)bl) + (int64_t)((int32_t)al * bh);
    return (int64_t)(ah * bh) * ((int64_t)1 << 32) + mid * 65536 + (int64_t)(al * bl);
}

/* a^2 from the halves of |a|: three 16 x 16-bit products, the middle one
 * counted twice by its shift (h l < 2^32, so 2 h l 2^16 is h l 2^17). */
static inline uint64_t afi_square32_by_halves(int32_t a)
{
    uint32_t u = afi_abs32(a), h = u >> 16, l = u & 0xFFFFu;
    return ((uint64_t)(h * h) << 32) + ((uint64_t)(h * l) << 17) + l * l;
}

/* a b - c d exactly, for |a|, |c| < 2^30 and b, d in [0, 2^31): the
 * solvers' velocity components, d'/t' - g' t'/2 with both factors in Q26.
 * From halves, the two products share their assembly into 64 bits: eight
 * 16 x 16-bit products summed in 32 bits where each partial sum fits
 * (|ah bh - ch dh| < 2^29, |ah bl - ch dl| < 2^31, |al bh - cl dh| <
 * 2^31), then three 64-bit additions instead of two products' six and a
 * subtraction (on ARMv6-M a 64-bit value takes two of eight registers). */
static inline int64_t afi_smul32_diff_by_halves(int32_t a, uint32_t b, int32_t c, uint32_t d)
{
    int32_t ah = afi_floor_shift32(a, 16), ch = afi_floor_shift32(c, 16);
    uint32_t al = (uint32_t)a & 0xFFFFu, cl = (uint32_t)c & 0xFFFFu;
    int32_t bh = (int32_t)(b >> 16), dh = (int32_t)(d >> 16);
    int32_t bl = (int32_t)(b & 0xFFFFu), dl = (int32_t)(d & 0xFFFFu);
    int32_t top = ah * bh - ch * dh;
    int32_t x = (int32_t)(al * (uint32_t)bh) - (int32_t)(cl * (uint32_t)dh);
    int32_t y = ah * bl - ch * dl;
    return (int64_t)top * ((int64_t)1 << 32) + ((int64_t)x + y) * 65536 +
           ((int64_t)(al * (uint32_t)bl) - (int64_t)(cl * (uint32_t)dl));
}

/* The same with long multiplies: a b + c (-d). b and d are opaque
 * (AFI_OPAQUE): known non-negative, they would be widened as unsigned,
 * with sign corrections on every product. -d cannot overflow (d < 2^31). */
static inline int64_t afi_smul32_diff_long(int32_t a, uint32_t b, int32_t c, uint32_t d)
{
    int32_t sb = (int32_t)b, nd = -(int32_t)d;
    AFI_OPAQUE(sb);
    AFI_OPAQUE(nd);
    return (int64_t)a * sb + (int64_t)c * nd;
}

/* Macros where they are the plain product: the expression as written out
 * (an inline function around it changes the register allocation). */
#if defined(__ARM_ARCH_6M__)
#define afi_umul32(a, b) afi_umul32_by_halves((a), (b))
#define afi_smul32(a, b) afi_smul32_by_halves((a), (b))
#define afi_smul32_diff(a, b, c, d) afi_smul32_diff_by_halves((a), (b), (c), (d))
#define afi_square32(a) afi_square32_by_halves((a))
#else
#define afi_umul32(a, b) ((uint64_t)(uint32_t)(a) * (uint32_t)(b))
#define afi_smul32(a, b) ((int64_t)(int32_t)(a) * (int32_t)(b))
#define afi_smul32_diff(a, b, c, d) afi_smul32_diff_long((a), (b), (c), (d))
#define afi_square32(a) ((uint64_t)afi_smul32((a), (a)))
#endif

/* The same products where code size matters more than speed: on ARMv6-M
 * calls to the halves' form (mul_q16.c), elsewhere the long multiply. */
uint64_t afi_umul32_call(uint32_t a, uint32_t b);
int64_t afi_smul32_call(int32_t a, int32_t b);
#if defined(__ARM_ARCH_6M__)
#define afi_umul32_compact(a, b) afi_umul32_call((a), (b))
#define afi_smul32_compact(a, b) afi_smul32_call((a), (b))
#else
#define afi_umul32_compact(a, b) afi_umul32((a), (b))
#define afi_smul32_compact(a, b) afi_smul32((a), (b))
#endif

/* a . b for int32_t vectors whose products sum below 2^63. */
AFI_STATIC_HELPER int64_t afi_dot3_32(const int32_t a[3], const int32_t b[3])
{
    return afi_smul32(a[0], b[0]) + afi_smul32(a[1], b[1]) + afi_smul32(a[2], b[2]);
}

/* The int32_t of magnitude mag and the given sign. Requires mag <= 2^31 - 1,
 * or mag = 2^31 with negative set (INT32_MIN). */
static inline int32_t afi_signed32(uint32_t mag, int negative)
{
    if (!negative || mag == 0)
        return (int32_t)mag;
    return -(int32_t)(mag - 1u) - 1;
}

/* Store the Q16.16 value of magnitude mag (raw units, already rounded) and
 * the given sign, or the saturated value and AF_ERR_OVERFLOW when it does
 * not fit. The negative side holds one more value (-32768 itself). */
static inline af_status afi_store_q16(uint64_t mag, int negative, fix16_t *out)
{
    uint64_t limit = negative ? 0x80000000u : 0x7FFFFFFFu;
    if (mag > limit) {
        *out = negative ? INT32_MIN : INT32_MAX;
        return AF_ERR_OVERFLOW;
    }
    *out = afi_signed32((uint32_t)mag, negative);
    return AF_OK;
}

/* mag / 2^s rounded to nearest, ties up, 1 <= s <= 63, any mag. Shifted
 * by s - 1, then the last bit rounds: (mag + 2^(s-1)) >> s without its
 * overflow, and one variable 64-bit shift instead of two (a 64-bit shift
 * is a sequence on a 32-bit core). */
static inline uint64_t afi_round_shift_u64(uint64_t mag, int s)
{
    return ((mag >> (s - 1)) + 1) >> 1;
}

/* x / 2^k rounded to nearest, ties away from zero, 1 <= k <= 63. */
static inline int64_t afi_round_shift(int64_t x, int k)
{
    uint64_t mag = afi_round_shift_u64(afi_abs64(x), k);
    return x < 0 ? -(int64_t)mag : (int64_t)mag;
}

/* The same for a constant k and any x for which x + 2^(k-1) does not
 * overflow, in the floor form: floor((x + 2^(k-1) - [x < 0]) / 2^k)
 * rounds the same way without the magnitude's two negations (and,
 * inlined, its shift is constant). */
static inline int64_t afi_round_shift_floor(int64_t x, int k)
{
    return afi_floor_shift64(x + (((int64_t)1 << (k - 1)) - (x < 0)), k);
}

/* x 2^k for any k: a left shift for k > 0 (the caller has made sure it
 * fits), a rounded right shift for k < 0. */
static inline int64_t afi_scale(int64_t x, int k)
{
    if (k >= 0)
        return x * ((int64_t)1 << k);
    if (k <= -63)
        return 0;
    return afi_round_shift(x, -k);
}

/* floor(n / d) and its remainder, for d != 0 and a quotient that fits 32
 * bits (n < d * 2^32): two 32-by-32-bit divisions instead of a 64-bit
 * one (a libgcc call on every 32-bit core). arith_q16.c. */
uint32_t afi_udiv64_32(uint64_t n, uint32_t d, uint32_t *remainder);

/* round(2^61 / m) for m in [2^30, 2^31): a result in (2^30, 2^31], the
 * nearest (checked for every m by make test-exhaustive). Two ways to the
 * same bits: from a 256-entry table by 32 x 32 -> 32-bit multiplies only,
 * for cores without a divide instruction (ARMv6-M), and from one 32-bit
 * division where the core divides and has a long multiply (faster there).
 * recip_q16.c; both are tested on every build. */
uint32_t afi_recip31_table(uint32_t m);
uint32_t afi_recip31_udiv(uint32_t m);
#if defined(__ARM_ARCH) && !defined(__ARM_FEATURE_IDIV)
#define afi_recip31 afi_recip31_table
#else
#define afi_recip31 afi_recip31_udiv
#endif

/* floor(n / d) for d in [2^15, 2^16], the square roots' Newton divisions:
 * without a divide instruction, the reciprocal's table and two corrections
 * from the remainder beat libgcc's general division (recip_q16.c; tested
 * against the division on every build). */
uint32_t afi_udiv_by16_table(uint32_t n, uint32_t d);
#if defined(__ARM_ARCH) && !defined(__ARM_FEATURE_IDIV)
#define afi_udiv_by16(n, d) afi_udiv_by16_table((n), (d))
#else
#define afi_udiv_by16(n, d) ((uint32_t)(n) / (uint32_t)(d))
#endif

/* floor(sqrt(x)) for x in [2^62, 2^64): the core of af_sqrt_u64, for
 * callers whose x is already there (no normalization). sqrt_q16.c. */
uint32_t afi_floor_sqrt_top64(uint64_t x);

/* round(2^46 / sqrt(m 2^odd)) or one less (within 0.51 of a unit; checked
 * over every m by make test-exhaustive), for m in [2^30, 2^31) and odd 0
 * or 1: in (2^30, 2^31]. Multiplies only, no division (rsqrt_q16.c). */
uint32_t afi_rsqrt31(uint32_t m, int odd);

/* log2(x / 2^16) for 0 < x < 2^32, in Q58 (|result| <= 16 * 2^58), with an
 * absolute error below 2^-34 and a relative one below 2^-30. Exact 0 for
 * x = 2^16. log2_q16.c. */
int64_t afi_log2_q58(uint32_t x);

/* 2^(f / 2^32) for f in [0, 2^32), in Q31: a value in [2^31, 2^32), within
 * about 2^-30 relative (the drag solvers use it unrounded). exp2_q16.c. */
uint32_t afi_exp2_frac_q31(uint32_t f);

/* 2^(y / 2^32) for any y, rounded to Q16.16 as the public functions state
 * (saturated with AF_ERR_OVERFLOW above the range, 0 below it).
 * exp2_q16.c. */
af_status afi_exp2_q32(int64_t y, fix16_t *out);

#endif /* AIMFIX_SRC_Q16_INTERNAL_H */
