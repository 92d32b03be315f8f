/* SPDX-License-Identifier: MIT */
/*
 * src/solve_q16.h — integer helpers shared by the Q16 solvers. Internal.
 *
 * The solvers work as the f64 ones do, in units fitted to the problem, but
 * with power-of-two units so that changing unit is a shift: a vector is
 * shifted until its largest component lies in [2^29, 2^30), products of two
 * such values are exact in 64 bits, and sums of three still fit. Only the
 * few quantities whose size nothing bounds in advance (a time of flight, its
 * reciprocal) are carried as a normalized pair (mantissa, exponent).
 *
 * Rounding: every right shift of a signed value rounds to nearest, ties
 * away from zero, so that results are symmetric under a sign change.
 */
#ifndef AIMFIX_SRC_SOLVE_Q16_H
#define AIMFIX_SRC_SOLVE_Q16_H

#include <string.h>

#include "rsqrt_q16.h"

/* x / 2^k rounded to nearest, ties away from zero, 1 <= k <= 63. */
static inline int64_t afs_round_shift(int64_t x, int k)
{
    uint64_t mag = afi_round_shift_u64(afi_abs64(x), k);
    return x < 0 ? -(int64_t)mag : (int64_t)mag;
}

/* The same for a constant k and any x for which x + 2^(k-1) does not
 * overflow, in the floor form: floor((x + 2^(k-1) - [x < 0]) / 2^k)
 * rounds the same way without the magnitude's two negations (and,
 * inlined, its shift is constant). */
static inline int64_t afs_round_shift_floor(int64_t x, int k)
{
    return afi_floor_shift64(x + (((int64_t)1 << (k - 1)) - (x < 0)), k);
}

/* x 2^k for any k: a left shift for k > 0 (the caller has made sure it
 * fits), a rounded right shift for k < 0. */
static inline int64_t afs_scale(int64_t x, int k)
{
    if (k >= 0)
        return x * ((int64_t)1 << k);
    if (k <= -63)
        return 0;
    return afs_round_shift(x, -k);
}

/* The shift k that brings a magnitude m != 0 into [2^29, 2^30): m 2^k. */
static inline int afs_fit30(uint32_t m)
{
    return afi_clz32(m) - 2;
}

/* x 2^k for the shifts of fitted units (k >= -2, the result below 2^30
 * by the choice of k, or x is 0): a 32-bit shift, rounded to nearest
 * (ties away from zero) for a right one. A speed's shift reaches -2 when a
 * gravity component of 2^31 raw meets a distance of 2^30 raw. */
static inline int32_t afs_fit32(int32_t x, int k)
{
    if (x == 0)
        return 0;
    if (k >= 0)
        return (int32_t)((uint32_t)x << k);
    return afi_signed32(((afi_abs32(x) >> (-k - 1)) + 1) >> 1, x < 0);
}

/* Largest magnitude of a vector's components. */
static inline uint32_t afs_max3(const int32_t v[3])
{
    uint32_t a = afi_abs32(v[0]), b = afi_abs32(v[1]), c = afi_abs32(v[2]);
    uint32_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* The OR of the magnitudes: the same leading bit as afs_max3, all that a
 * fitted unit's shift (afs_fit30) depends on, without the comparisons. */
static inline uint32_t afs_top3(const int32_t v[3])
{
    return afi_abs32(v[0]) | afi_abs32(v[1]) | afi_abs32(v[2]);
}

/* afs_fit32 of a vector's components, k's sign tested once. */
static inline void afs_fit3(const int32_t x[3], int k, int32_t out[3])
{
    int i;
    if (k >= 0) {
        for (i = 0; i < 3; i++)
            out[i] = (int32_t)((uint32_t)x[i] << k); /* below 2^30 */
    } else {
        for (i = 0; i < 3; i++)
            out[i] = afs_fit32(x[i], k);
    }
}

/* |v|^2 of a vector in fitted units (components below 2^30, so the sum
 * is below 2^62): squares, which the Cortex-M0 forms from three 16-bit
 * products rather than four. */
static inline int64_t afs_len2(const int32_t v[3])
{
    return (int64_t)(afi_square32(v[0]) + afi_square32(v[1]) + afi_square32(v[2]));
}

/* a - b for two Q16.16 values, when the difference fits a Q16.16 value
 * other than INT32_MIN (|a - b| < 2^31 raw); returns 0 otherwise. */
static inline int afs_sub_fits(fix16_t a, fix16_t b, int32_t *out)
{
#if defined(__GNUC__) || defined(__clang__)
    /* The compilers' checked subtraction: a SUBS and a branch on overflow. */
    int32_t d;
    if (__builtin_sub_overflow(a, b, &d) || d == INT32_MIN)
        return 0;
    *out = d;
    return 1;
#else
    int64_t d = (int64_t)a - b;
    if ((uint64_t)(d + INT32_MAX) > 2 * (uint64_t)INT32_MAX)
        return 0;
    *out = (int32_t)d; /* in range: the conversion is exact */
    return 1;
#endif
}

/* a + b for two int32_t values when the sum fits int32_t; returns 0
 * otherwise (*out untouched). */
static inline int afs_add_fits(int32_t a, int32_t b, int32_t *out)
{
#if defined(__GNUC__) || defined(__clang__)
    /* An ADDS and a branch on overflow. */
    int32_t s;
    if (__builtin_add_overflow(a, b, &s))
        return 0;
    *out = s;
    return 1;
#else
    int64_t s = (int64_t)a + b;
    if (s < INT32_MIN || s > INT32_MAX)
        return 0;
    *out = (int32_t)s; /* in range: the conversion is exact */
    return 1;
#endif
}

/* A positive number m 2^e, m in [2^30, 2^31): a time of flight or its
 * reciprocal, whose size no input bounds. */
typedef struct afs_num {
    uint32_t m;
    int e;
} afs_num;

/* A mantissa that rounding carried into bit 31 (2^31 exactly) is 2^30
 * one place up. */
static inline afs_num afs_carry(afs_num r)
{
    if (r.m >> 31) {
        r.m >>= 1;
        r.e++;
    }
    return r;
}

/* x != 0 rounded to 31 bits: x = result 2^*shift (the result may carry into
 * 2^31, which the caller folds back). 32-bit shifts whenever x fits 32
 * bits (the Cortex-M3 has no 64-bit shifter). */
static inline uint32_t afs_to31(uint64_t x, int *shift)
{
    if (!(x >> 32)) {
        uint32_t x32 = (uint32_t)x;
        int z = afi_clz32(x32) - 1;
        *shift = -z;
        if (z >= 0)
            return x32 << z;
        return (x32 >> 1) + (x32 & 1); /* bit 31 set: one bit dropped, rounded */
    }
    {
        /* x >> (shift - 1) has 32 bits: hi's and the top of lo's, put
         * together with 32-bit shifts (lo's in two steps, as a shift by
         * 32 is undefined); then the last bit rounds. */
        uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;
        int z = afi_clz32(hi);
        uint32_t r = (hi << z) | ((lo >> 1) >> (31 - z));
        *shift = 33 - z;
        return (r >> 1) + (r & 1);
    }
}

/* A uint64_t as a normalized number, rounded to 31 bits (0 for 0): x =
 * m 2^e, the rounding's carry into bit 31 folded back. */
static inline afs_num afs_from_u64(uint64_t x)
{
    afs_num r = { 0, 0 };
    if (x == 0)
        return r;
    r.m = afs_to31(x, &r.e);
    return afs_carry(r);
}

/* A positive int32_t as a normalized number, exactly: afs_from_u64's
 * result in a count of leading zeros and one shift (on the Cortex-M0
 * about 25 instructions fewer than the 64-bit form). */
static inline afs_num afs_from_pos32(int32_t x)
{
    afs_num r;
    int z = afi_clz32((uint32_t)x) - 1;
    r.m = (uint32_t)x << z;
    r.e = -z;
    return r;
}

/* 1 / n for a normalized n (m in [2^30, 2^31)): afs_div(2^62, n.m) with
 * its exponent, in a few instructions. round(2^61 / m) is in (2^30, 2^31];
 * 2^31 (m = 2^30) is renormalised. The zero number gives zero, as afs_div
 * does for a zero divisor (afi_recip31 is not defined there: a root of a
 * value that rounds to 0, as the maximum range's at a speed of 1 raw). */
static inline afs_num afs_recip(afs_num n)
{
    afs_num r = { 0, 0 };
    if (n.m == 0)
        return r;
    r.m = afi_recip31(n.m);
    r.e = -61 - n.e;
    return afs_carry(r);
}

/* x n rounded to an integer, or 0 when it does not fit |.| < 2^62 (then
 * *ok is cleared). Any x: one wider than 31 bits is first rounded to its
 * leading 31 (a relative 2^-31, below the 30 bits n carries). */
static inline int64_t afs_mul(int64_t x, afs_num n, int *ok)
{
    uint64_t ax = afi_abs64(x), p;
    int e = n.e;
    if (ax >> 31) {
        int k = 33 - afi_clz64(ax); /* ax >> k < 2^31 */
        ax = (ax + ((uint64_t)1 << (k - 1))) >> k;
        e += k;
    }
    {
        uint32_t a32 = (uint32_t)ax;
        AFI_OPAQUE_FACTOR(a32); /* else GCC multiplies ax's high word too (an MLA) */
        p = afi_umul32(a32, n.m); /* < 2^62 */
    }
    if (e > 0) {
        if (e >= 62 || p >> (62 - e)) {
            *ok = 0;
            return 0;
        }
        p <<= e;
    } else if (e < 0) {
        p = e <= -63 ? 0 : afi_round_shift_u64(p, -e);
    }
    return x < 0 ? -(int64_t)p : (int64_t)p;
}

/* A normalized n rounded to an integer: afs_mul(1, n) with 32-bit
 * shifts, or 0 with *ok cleared when it is 2^62 or more (m 2^e with m in
 * [2^30, 2^31) reaches 2^62 from e = 32 up). */
static inline int64_t afs_round_int(afs_num n, int *ok)
{
    if (n.e >= 0) {
        if (n.e >= 32 && n.m) {
            *ok = 0;
            return 0;
        }
        return (int64_t)((uint64_t)n.m << n.e);
    }
    if (n.e < -32)
        return 0; /* below 2^-2 */
    return ((n.m >> (-n.e - 1)) + 1) >> 1;
}

/* afs_mul for a 32-bit x: the same bits in a third of the instructions.
 * Its variable 64-bit shifts of the magnitude (sequences on the Cortex-M,
 * which has no 64-bit shifter) and the sign's negations become a product
 * accumulated onto its rounding constant, 2^(k-1) - [x < 0] for a shift
 * k = -n.e, and one floor shift: floor((x m + 2^(k-1) - [x < 0]) / 2^k)
 * rounds to nearest with ties away from zero, as afs_round_shift does.
 * |x m| < 2^62 (m < 2^31), so the sum cannot overflow, and for k >= 33
 * the result fits 32 bits: the high word, shifted in 32 bits. */
AFI_ALWAYS_INLINE int64_t afs_mul32_smlal(int32_t x, afs_num n, int *ok)
{
    int k = -n.e;
    int32_t m = (int32_t)n.m; /* below 2^31 */
    int64_t acc;
    AFI_OPAQUE(m);
    if (k >= 33) {
        if (k > 63)
            return 0; /* below 2^-1: rounds to 0 */
        acc = afi_smul32(x, m) + (int64_t)((uint64_t)(UINT32_C(1) << (k - 33)) << 32) +
              afi_floor_shift32(x, 31);
        return afi_floor_shift32((int32_t)afi_floor_shift64(acc, 32), k - 32);
    }
    if (k >= 1) {
        /* The constant fits 32 bits; the 64-bit shift is written as 32-bit
         * ones (GCC's own sequence for a variable one is twice as long). */
        uint32_t lo;
        int32_t hi;
        acc = afi_smul32(x, m) + (int64_t)(UINT32_C(1) << (k - 1)) + afi_floor_shift32(x, 31);
        lo = (uint32_t)acc;
        hi = (int32_t)afi_floor_shift64(acc, 32);
        if (k == 32)
            return hi;
        lo = (lo >> k) | ((uint32_t)hi << (32 - k));
        return (int64_t)afi_floor_shift32(hi, k) * ((int64_t)1 << 32) + lo;
    }
    return afs_mul(x, n, ok); /* a left shift, tested for overflow */
}

/* afs_mul32 for the Cortex-M0, in 32-bit operations: the magnitude |x| m
 * (from 16-bit halves, afi_umul32) as two words, 2^(k-1) added with a
 * carry, shifted by k as two words, then the sign: afs_mul's own
 * rounding, without the 64-bit sequences GCC emits for the signed form
 * there (about half the instructions). Compiled on every build: the host
 * tests it against afs_mul (suite_q16_solve_helpers). */
AFI_ALWAYS_INLINE int64_t afs_mul32_halves(int32_t x, afs_num n, int *ok)
{
    int k = -n.e;
    uint64_t p;
    uint32_t lo, hi, res_lo, res_hi;
    if (k < 1)
        return afs_mul(x, n, ok); /* a left shift, tested for overflow */
    if (k > 63)
        return 0;
    p = afi_umul32(afi_abs32(x), n.m); /* below 2^62 */
    lo = (uint32_t)p;
    hi = (uint32_t)(p >> 32);
    if (k <= 32) {
        uint32_t half = UINT32_C(1) << (k - 1);
        lo += half;
        hi += lo < half;
        if (k == 32) {
            res_lo = hi;
            res_hi = 0;
        } else {
            res_lo = (lo >> k) | (hi << (32 - k));
            res_hi = hi >> k;
        }
    } else {
        hi += UINT32_C(1) << (k - 33);
        res_lo = hi >> (k - 32);
        res_hi = 0;
    }
    {
        int64_t mag = (int64_t)(((uint64_t)res_hi << 32) | res_lo); /* below 2^62 */
        return x < 0 ? -mag : mag;
    }
}

/* afs_mul32 is the form for the core, where inlining is left to the
 * compiler on the Cortex-M0: GCC keeps it out of line in a solver that
 * calls it often (min speed's six), at about 24 instructions a call; a
 * solver that calls it once calls afs_mul32_inline. Elsewhere GCC inlines
 * it everywhere when it decides, but not through a wrapper: there it is
 * always inline. */
#if defined(__ARM_ARCH_6M__)
#define afs_mul32_inline afs_mul32_halves
static inline int64_t afs_mul32(int32_t x, afs_num n, int *ok)
{
    return afs_mul32_halves(x, n, ok);
}
#else
#define afs_mul32_inline afs_mul32_smlal
#define afs_mul32 afs_mul32_smlal
#endif

/* Store a Q16.16 result computed as an int64: AF_ERR_OVERFLOW (and 0)
 * when it does not fit. */
static inline int afs_store(int64_t v, fix16_t *out)
{
    if (((uint64_t)v + 0x80000000u) >> 32) { /* outside [INT32_MIN, INT32_MAX] */
        *out = 0;
        return 0;
    }
    *out = (fix16_t)v;
    return 1;
}

/* p 2^e as a normalized number, for p in [2^60, 2^62): the product of
 * two 31-bit mantissas (or of one and a reciprocal from afi_recip31). Its
 * leading bit is one of two, so the shift is a constant (no count of
 * leading zeros, a libgcc call on the Cortex-M0), rounded as
 * afs_from_u64 rounds: p >> (shift - 1) has 32 bits, its last one
 * rounds. */
static inline afs_num afs_from_product(uint64_t p, int e)
{
    afs_num r;
    uint32_t top;
    if (p >> 61) {
        top = (uint32_t)(p >> 30);
        r.e = e + 31;
    } else {
        top = (uint32_t)(p >> 29);
        r.e = e + 30;
    }
    r.m = (top >> 1) + (top & 1);
    return afs_carry(r);
}

/* a b, to 30 significant bits. */
static inline afs_num afs_nmul(afs_num a, afs_num b)
{
    uint64_t p = afi_umul32(a.m, b.m);
    /* p >= 2^60 unless a or b is zero (or not normalized). */
    afs_num r = p >> 60 ? afs_from_product(p, 0) : afs_from_u64(p);
    r.e += a.e + b.e;
    return r;
}

/* num / den for den > 0, to 30 significant bits: both brought to 31-bit
 * mantissas, then num times the reciprocal of den (afi_recip31, no
 * division); error below 2^-29.5 relative. 0 / den is the zero number
 * (m = 0, e = 0). */
static inline afs_num afs_div(uint64_t num, uint64_t den)
{
    afs_num zero = { 0, 0 }, n, d;
    if (num == 0 || den == 0)
        return zero; /* callers never divide by zero; 0 is the safe answer */
    n = afs_from_u64(num);
    d = afs_from_u64(den);
    AFI_OPAQUE_FACTOR(n.m); /* GCC would multiply by its (zero) high word too */
    /* n.m / d.m = n.m (2^61 / d.m) 2^-61: the product is in [2^60, 2^62)
     * (the reciprocal in (2^30, 2^31]). */
    return afs_from_product(afi_umul32(n.m, afi_recip31(d.m)), n.e - d.e - 61);
}

/* a / b (b nonzero), to 30 significant bits: afs_div's product of a's
 * mantissa and b's reciprocal, the mantissas already normalized. */
static inline afs_num afs_ndiv(afs_num a, afs_num b)
{
    afs_num zero = { 0, 0 };
    uint32_t am = a.m;
    if (a.m == 0 || b.m == 0) {
        zero.e = a.e - b.e - 32; /* as afs_div's zero was offset */
        return zero;
    }
    AFI_OPAQUE_FACTOR(am); /* GCC would multiply by its (zero) high word too */
    return afs_from_product(afi_umul32(am, afi_recip31(b.m)), a.e - b.e - 61);
}

/* sqrt(n) to 31 significant bits: round(sqrt(m 2^k)) 2^((e - k) / 2) with
 * k = 30 or 31 making e - k even. m 2^(k + 2) is already in [2^62, 2^64),
 * where the integer root's core starts (no normalization), and its floor
 * f = floor(2 sqrt(m 2^k)) rounds to round(sqrt(m 2^k)) by its last bit
 * (as af_sqrt_u64 rounds). The root is at most 2^31 (m 2^k < 2^62); 2^31
 * itself is renormalized. */
static inline afs_num afs_sqrt(afs_num n)
{
    int odd = (n.e & 1) != 0;
    uint32_t f;
    afs_num r;
    r.e = (n.e - 30 - odd) / 2;
    if (n.m == 0) {
        r.m = 0;
        return r;
    }
    f = afi_floor_sqrt_top64(((uint64_t)n.m << 32) << odd);
    r.m = (f >> 1) + (f & 1);
    return afs_carry(r);
}

/* 1 / sqrt(n) to 31 significant bits (afi_rsqrt31: within 0.51 of a
 * unit of the mantissa), the exponent made even by the mantissa's extra
 * bit; the zero number gives zero, as afs_recip does. One call where a
 * square root and a reciprocal would take two: sqrt(n) is n times it. */
static inline afs_num afs_rsqrt(afs_num n)
{
    afs_num r = { 0, 0 };
    int odd = n.e & 1;
    if (n.m == 0)
        return r;
#if defined(__ARM_ARCH_6M__)
    r.m = afi_rsqrt31(n.m, odd); /* its 64-bit products are sequences there */
#else
    r.m = afi_rsqrt31_inline(n.m, odd);
#endif
    r.e = -46 - (n.e - odd) / 2;
    return afs_carry(r);
}

/* sqrt(n), and 1 / sqrt(n) into *inv, from one reciprocal root: sqrt(n)
 * is n times it (to 30 significant bits). */
static inline afs_num afs_root_pair(afs_num n, afs_num *inv)
{
    *inv = afs_rsqrt(n);
    return afs_nmul(n, *inv);
}

/* n 2^k rounded to an integer, into *out as a Q16.16 raw value; 0 when it
 * does not fit (*out = 0). A 32-bit shift of the mantissa. */
static inline int afs_to_raw(afs_num n, int k, fix16_t *out)
{
    int e = n.e + k;
    if (e >= 0) {
        if (n.m && (e > 0 || n.m >> 31)) {
            *out = 0;
            return 0;
        }
        *out = (fix16_t)n.m;
        return 1;
    }
    *out = e < -32 ? 0 : (fix16_t)(((n.m >> (-e - 1)) + 1) >> 1);
    return 1;
}

/* The length of a Q16.16 vector, in raw units, to 31 significant bits
 * (the square root of the exact squared length: not rounded to a whole
 * raw unit, which would cost 2^-20 relative for g = 9.81). 0 for 0. */
static inline afs_num afs_len(const af_vec3_q16 *v)
{
    uint64_t len2 = af_vec3_len2_q16(v);
    afs_num zero = { 0, 0 };
    return len2 ? afs_sqrt(afs_from_u64(len2)) : zero;
}

/*
 * A problem brought to power-of-two units fitted to it: lengths D' = D 2^kd
 * (largest component in [2^29, 2^30)), speeds V' = V 2^kv, s' = s 2^kv,
 * accelerations g' = g 2^(2 kv - kd), times t' = t 2^(kd - kv). kv is the
 * largest shift that keeps every speed and g' below 2^30, so that the
 * dominant one of speed and gravity fills 30 bits. Products of two fitted
 * values are exact in 64 bits and sums of three of them fit.
 *
 * Gravity keeps its own 30 bits: g[] holds its mantissa (largest component
 * in [2^29, 2^30)) and g' = g[] 2^ge, ge <= 0. Rounding a weak gravity
 * into the speeds' units would lose the very bits a high lob depends on
 * (its flight time is 2 s / g).
 */
struct afs_fit {
    int32_t d[3], v[3], g[3], s;
    int kd, kv, ge;
};

/* D != 0; V, g any (V NULL: a static target, zero); speed >= 0 (0:
 * none). fit_q16.c. */
void afs_fit_problem(const int32_t D[3], const int32_t V[3], const af_vec3_q16 *g, uint32_t speed,
                     struct afs_fit *f);

/* n as a fixed-point number with q fractional bits, rounded, when it is
 * below 2^(31 - q); -1 when it is not (n = m 2^e: a 32-bit shift). */
static inline int32_t afs_fixed(afs_num n, int q)
{
    int k = -(n.e + q); /* the value in units of 2^-q is m / 2^k */
    if (k <= 0)
        return k == 0 && !(n.m >> 31) ? (int32_t)n.m : -1;
    if (k > 31)
        return 0;
    return (int32_t)((((n.m >> (k - 1)) + 1) >> 1));
}

/* x 2^-k rounded to nearest (ties away from zero) for the fitted units'
 * shifts back (k >= -2), into a Q16.16 value: 0 when it does not fit. */
static inline int afs_unfit32(int64_t x, int k, fix16_t *out)
{
    if (k > 0 && k < 32 && !(afi_abs64(x) >> 31)) {
        uint32_t mag = afi_abs32((int32_t)x);
        *out = afi_signed32(((mag >> (k - 1)) + 1) >> 1, x < 0);
        return 1;
    }
    if (k > 0) {
        uint64_t mag = afi_abs64(x);
        x = (int64_t)(k > 62 ? 0 : afi_round_shift_u64(mag, k)) * (x < 0 ? -1 : 1);
    } else if (k < 0) {
        if (afi_abs64(x) >> 31) { /* x 2^-k >= 2^31: does not fit */
            *out = 0;
            return 0;
        }
        x *= (int64_t)1 << -k; /* a speed of 2^29 or more in raw units */
    }
    return afs_store(x, out);
}

/* The fitted time t' (as a normalized number) in raw Q16.16 seconds. */
static inline int afs_time_raw(const struct afs_fit *f, afs_num t_fitted, fix16_t *out)
{
    return afs_to_raw(t_fitted, f->kv - f->kd + 16, out);
}

/* The lob of fitted time t' (> 0, its reciprocal inv) into *shot: its
 * time in Q16.16 (1 LSB at least) and its launch velocity u' = d'/t' + v'
 * - g' t'/2 (v' only when `moving`) in raw units, each rounded once; the
 * point is left to the caller. 0 when one does not fit Q16.16.
 * lob_shot_q16.c. */
int afs_lob_shot(const struct afs_fit *f, afs_num t, afs_num inv, int moving, af_shot_q16 *shot);

/* The relative position and velocity of a target (the shooter's velocity
 * subtracted when inherited), when they fit Q16.16. */
static inline int afs_relative(const af_body_q16 *shooter, const af_body_q16 *target,
                               unsigned flags, int32_t D[3], int32_t V[3])
{
    int inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    return afs_sub_fits(target->position.x, shooter->position.x, &D[0]) &&
           afs_sub_fits(target->position.y, shooter->position.y, &D[1]) &&
           afs_sub_fits(target->position.z, shooter->position.z, &D[2]) &&
           afs_sub_fits(target->velocity.x, inherit ? shooter->velocity.x : 0, &V[0]) &&
           afs_sub_fits(target->velocity.y, inherit ? shooter->velocity.y : 0, &V[1]) &&
           afs_sub_fits(target->velocity.z, inherit ? shooter->velocity.z : 0, &V[2]);
}

/* p + v t for one axis, t > 0 raw, rounded to nearest, ties away from
 * zero: floor((v t + 2^15 - [v < 0]) / 2^16), since v t has v's sign, in
 * one multiply-accumulate; p 2^16 adds nothing below the shift, so p is
 * added after it. Usually the shifted product fits 32 bits (the high
 * word is within 2^15) and p is added with a 32-bit overflow test; else
 * the sum is formed in 64 bits (v t alone may not fit where the sum does).
 * *out is 0 when the sum does not fit. */
static inline int afs_axis_at(fix16_t p, fix16_t v, fix16_t t, fix16_t *out)
{
    int64_t acc;
    uint32_t hi, lo;
    AFI_OPAQUE_FACTOR(t); /* proved positive by the callers: GCC would widen it as unsigned */
    acc = afi_smul32(v, t) + (32768 + afi_floor_shift32(v, 31));
    hi = (uint32_t)((uint64_t)acc >> 32);
    lo = (uint32_t)acc;
    if (!((hi + 0x8000u) >> 16)) {
        if (afs_add_fits((int32_t)((lo >> 16) | (hi << 16)), p, out))
            return 1;
        *out = 0;
        return 0;
    }
    return afs_store(afi_floor_shift64(acc, 16) + p, out);
}

/* Where a constant-velocity body is after t (raw Q16.16, t > 0), when it
 * fits. */
static inline int afs_body_at(const af_body_q16 *b, fix16_t t, af_vec3_q16 *p)
{
    return afs_axis_at(b->position.x, b->velocity.x, t, &p->x) &&
           afs_axis_at(b->position.y, b->velocity.y, t, &p->y) &&
           afs_axis_at(b->position.z, b->velocity.z, t, &p->z);
}

/* Whether a fixed-speed lob's shot (t >= 1 raw) has the asked speed
 * within the tolerance ballistic.h documents: ||velocity| - speed| <= 2
 * LSB + 2^-24 max(speed, |D| / t + |V|), D and V the target's position
 * and velocity relative to the shooter (V NULL: a static target). The
 * scaled part (u2 = |velocity|^2 in raw units squared) in speed_q16.c. */
int afs_speed_holds_scaled(const af_shot_q16 *shot, fix16_t speed, const int32_t D[3],
                           const int32_t V[3], uint64_t u2);

static inline int afs_speed_holds(const af_shot_q16 *shot, fix16_t speed, const int32_t D[3],
                                  const int32_t V[3])
{
    uint64_t u2 = afi_square32(shot->velocity.x) + afi_square32(shot->velocity.y) +
                  afi_square32(shot->velocity.z);
    uint64_t s2 = afi_square32(speed);
    /* ||u| - s| = |u^2 - s^2| / (|u| + s) <= |u^2 - s^2| / s: within 2
     * raw units when that difference is at most 2 s, as nearly every
     * shot's is (no root taken, no call). */
    if ((u2 > s2 ? u2 - s2 : s2 - u2) <= 2 * (uint64_t)speed)
        return 1;
    return afs_speed_holds_scaled(shot, speed, D, V, u2);
}

/* Empty the slots from `from` (0 to AF_MAX_SHOTS) on. shots_q16.c. */
void afs_zero_from(af_shots_q16 *out, int from);

/* Empty every slot: the state of an out-struct on failure. Word stores,
 * not memset: newlib's costs about 84 instructions on the Cortex-M3 and
 * 105 on the M0 for these 116 bytes, the stores 33 and 40. */
static inline void afs_clear(af_shots_q16 *out)
{
    out->count = 0;
    afs_zero_from(out, 0);
}

#endif /* AIMFIX_SRC_SOLVE_Q16_H */
