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

#include "q16_internal.h"

/* x / 2^k rounded to nearest, ties away from zero, 1 <= k <= 62. */
static inline int64_t afs_round_shift(int64_t x, int k)
{
    uint64_t mag = (afi_abs64(x) + ((uint64_t)1 << (k - 1))) >> k;
    return x < 0 ? -(int64_t)mag : (int64_t)mag;
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

/* Largest magnitude of a vector's components. */
static inline uint32_t afs_max3(const int32_t v[3])
{
    uint32_t a = afi_abs32(v[0]), b = afi_abs32(v[1]), c = afi_abs32(v[2]);
    uint32_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* a - b for two Q16.16 values, when the difference fits a Q16.16 value
 * (|a - b| < 2^31 raw); returns 0 otherwise. */
static inline int afs_sub_fits(fix16_t a, fix16_t b, int32_t *out)
{
    int64_t d = (int64_t)a - b;
    if (d > INT32_MAX || d < -INT32_MAX)
        return 0;
    *out = (int32_t)d;
    return 1;
}

/* A positive number m 2^e, m in [2^30, 2^31): a time of flight or its
 * reciprocal, whose size no input bounds. */
typedef struct afs_num {
    uint32_t m;
    int e;
} afs_num;

/* num / den for num, den > 0, to 30 significant bits (the quotient of the
 * leading 63 bits of num by the leading 32 of den; error below 2^-29
 * relative). */
static inline afs_num afs_div(uint64_t num, uint64_t den)
{
    afs_num r;
    int sn = afi_clz64(num) - 1, sd, e = 0;
    uint32_t d32, rem;
    uint64_t q;
    /* den to [2^31, 2^32) (its low bits dropped: a relative 2^-31). */
    if (den >> 32) {
        sd = 32 - afi_clz64(den);
        d32 = (uint32_t)(den >> sd);
        e -= sd;
    } else {
        sd = afi_clz32((uint32_t)den);
        d32 = (uint32_t)den << sd;
        e += sd;
    }
    /* num to [2^62, 2^63): below d32 2^32, so the quotient fits 32 bits. */
    num <<= sn;
    e -= sn;
    q = afi_udiv64_32(num, d32, &rem);
    q += rem >= d32 - rem; /* round to nearest */
    /* q in (2^30, 2^32]: bring it into [2^30, 2^31). */
    while (q >= ((uint64_t)1 << 31)) {
        q = (q + 1) >> 1;
        e++;
    }
    r.m = (uint32_t)q;
    r.e = e;
    return r;
}

/* x n rounded to an integer, or 0 when it does not fit |.| < 2^62 (then
 * *ok is cleared). |x| < 2^31. */
static inline int64_t afs_mul(int64_t x, afs_num n, int *ok)
{
    int64_t p = x * (int64_t)n.m; /* |p| < 2^62 */
    if (n.e >= 0) {
        if (n.e > 0 && afi_abs64(p) >> (62 - n.e)) {
            *ok = 0;
            return 0;
        }
        return p * ((int64_t)1 << n.e);
    }
    return n.e <= -63 ? 0 : afs_round_shift(p, -n.e);
}

/* Store a Q16.16 result computed as an int64: AF_ERR_OVERFLOW (and 0)
 * when it does not fit. */
static inline int afs_store(int64_t v, fix16_t *out)
{
    if (v > INT32_MAX || v < INT32_MIN) {
        *out = 0;
        return 0;
    }
    *out = (fix16_t)v;
    return 1;
}

/* Empty every slot: the state of an out-struct on failure. */
static inline void afs_clear(af_shots_q16 *out)
{
    memset(out, 0, sizeof *out);
}

#endif /* AIMFIX_SRC_SOLVE_Q16_H */
