/* SPDX-License-Identifier: MIT */
/*
 * src/q16/solve_q16.h — integer helpers shared by the Q16 solvers. Internal.
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

#include "../core/num_mul32_q16.h"
#include "../core/steering_q16.h"

/* The shift k that brings a magnitude m != 0 into [2^29, 2^30): m 2^k. */
static inline int afq_fit30(uint32_t m)
{
    return afi_clz32(m) - 2;
}

/* x 2^k for the shifts of fitted units (k >= -2, the result below 2^30
 * by the choice of k, or x is 0): a 32-bit shift, rounded to nearest
 * (ties away from zero) for a right one. A speed's shift reaches -2 when a
 * gravity component of 2^31 raw meets a distance of 2^30 raw. */
static inline int32_t afq_fit32(int32_t x, int k)
{
    if (x == 0)
        return 0;
    if (k >= 0)
        return (int32_t)((uint32_t)x << k);
    return afi_signed32(((afi_abs32(x) >> (-k - 1)) + 1) >> 1, x < 0);
}

/* Largest magnitude of a vector's components. */
static inline uint32_t afq_max3(const int32_t v[3])
{
    uint32_t a = afi_abs32(v[0]), b = afi_abs32(v[1]), c = afi_abs32(v[2]);
    uint32_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* The OR of the magnitudes: the same leading bit as afq_max3, all that a
 * fitted unit's shift (afq_fit30) depends on, without the comparisons. */
static inline uint32_t afq_top3(const int32_t v[3])
{
    return afi_abs32(v[0]) | afi_abs32(v[1]) | afi_abs32(v[2]);
}

/* afq_fit32 of a vector's components, k's sign tested once. */
static inline void afq_fit3(const int32_t x[3], int k, int32_t out[3])
{
    int i;
    if (k >= 0) {
        for (i = 0; i < 3; i++)
            out[i] = (int32_t)((uint32_t)x[i] << k); /* below 2^30 */
    } else {
        for (i = 0; i < 3; i++)
            out[i] = afq_fit32(x[i], k);
    }
}

/* |v|^2 of a vector in fitted units (components below 2^30, so the sum
 * is below 2^62): squares, which the Cortex-M0 forms from three 16-bit
 * products rather than four. */
static inline int64_t afq_len2(const int32_t v[3])
{
    return (int64_t)(afi_square32(v[0]) + afi_square32(v[1]) + afi_square32(v[2]));
}

/* Store a Q16.16 result computed as an int64: AF_ERR_OVERFLOW (and 0)
 * when it does not fit. */
static inline int afq_store(int64_t v, fix16_t *out)
{
    if (((uint64_t)v + 0x80000000u) >> 32) { /* outside [INT32_MIN, INT32_MAX] */
        *out = 0;
        return 0;
    }
    *out = (fix16_t)v;
    return 1;
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
struct afq_fit {
    int32_t d[3], v[3], g[3], s;
    /* V in raw units: v' drops its last bit when V reaches 2^30 (kv < 0). */
    int32_t vr[3];
    /* A turret's muzzle offsets along and above the barrel, in the units
     * of d (0 but for the turret: afq_fit_problem clears them). */
    int32_t mf, mu;
    int kd, kv, ge;
};

/* D != 0; V, g any (V NULL: a static target, zero); speed >= 0 (0:
 * none). fit_q16.c. */
void afq_fit_problem(const int32_t D[3], const int32_t V[3], const af_vec3_q16 *g, uint32_t speed,
                     struct afq_fit *f);

/* afq_fit_problem with the units of d fitted to `span` (the OR of the
 * magnitudes d must share its units with, D's among them), not D alone. */
void afq_fit_problem_span(const int32_t D[3], uint32_t span, const int32_t V[3],
                          const af_vec3_q16 *g, uint32_t speed, struct afq_fit *f);

/* n as a fixed-point number with q fractional bits, rounded, when it is
 * below 2^(31 - q); -1 when it is not (n = m 2^e: a 32-bit shift). */
static inline int32_t afq_fixed(afn_snum n, int q)
{
    int k = -(n.e + q); /* the value in units of 2^-q is m / 2^k */
    uint32_t m = (uint32_t)n.m;
    if (k <= 0)
        return k == 0 && !(m >> 31) ? (int32_t)m : -1;
    if (k > 31)
        return 0;
    return (int32_t)((((m >> (k - 1)) + 1) >> 1));
}

/* x 2^-k rounded to nearest (ties away from zero) for the fitted units'
 * shifts back (k >= -2), into a Q16.16 value: 0 when it does not fit. */
static inline int afq_unfit32(int64_t x, int k, fix16_t *out)
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
    return afq_store(x, out);
}

/* The fitted time t' (as a normalized number) in raw Q16.16 seconds. */
static inline int afq_time_raw(const struct afq_fit *f, afn_snum t_fitted, fix16_t *out)
{
    return afn_p_to_raw_near(t_fitted, f->kv - f->kd + 16, out);
}

/* The lob of fitted time t' (> 0, its reciprocal inv) into *shot: its
 * time in Q16.16 (1 LSB at least) and its launch velocity u' = d'/t' + v'
 * - g' t'/2 (v' only when `moving`) in raw units, each rounded once; the
 * point is left to the caller. 0 when one does not fit Q16.16.
 * lob_shot_q16.c. */
int afq_lob_shot(const struct afq_fit *f, afn_snum t, afn_snum inv, int moving, af_shot_q16 *shot);

/* The relative position and velocity of a target (the shooter's velocity
 * subtracted when inherited), when they fit Q16.16. */
static inline int afq_relative(const af_body_q16 *shooter, const af_body_q16 *target,
                               unsigned flags, int32_t D[3], int32_t V[3])
{
    int inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    return afi_sub_fits(target->position.x, shooter->position.x, &D[0]) &&
           afi_sub_fits(target->position.y, shooter->position.y, &D[1]) &&
           afi_sub_fits(target->position.z, shooter->position.z, &D[2]) &&
           afi_sub_fits(target->velocity.x, inherit ? shooter->velocity.x : 0, &V[0]) &&
           afi_sub_fits(target->velocity.y, inherit ? shooter->velocity.y : 0, &V[1]) &&
           afi_sub_fits(target->velocity.z, inherit ? shooter->velocity.z : 0, &V[2]);
}

/* p + v t for one axis, t > 0 raw, rounded to nearest, ties away from
 * zero: floor((v t + 2^15 - [v < 0]) / 2^16), since v t has v's sign, in
 * one multiply-accumulate; p 2^16 adds nothing below the shift, so p is
 * added after it. Usually the shifted product fits 32 bits (the high
 * word is within 2^15) and p is added with a 32-bit overflow test; else
 * the sum is formed in 64 bits (v t alone may not fit where the sum does).
 * *out is 0 when the sum does not fit. */
static inline int afq_axis_at(fix16_t p, fix16_t v, fix16_t t, fix16_t *out)
{
    int64_t acc;
    uint32_t hi, lo;
    AFI_OPAQUE_FACTOR(t); /* proved positive by the callers: else widened as unsigned */
    acc = afi_smul32(v, t) + (32768 + afi_floor_shift32(v, 31));
    hi = (uint32_t)((uint64_t)acc >> 32);
    lo = (uint32_t)acc;
    if (!((hi + 0x8000u) >> 16)) {
        if (afi_add_fits((int32_t)((lo >> 16) | (hi << 16)), p, out))
            return 1;
        *out = 0;
        return 0;
    }
    return afq_store(afi_floor_shift64(acc, 16) + p, out);
}

/* Where a constant-velocity body is after t (raw Q16.16, t > 0), when it
 * fits. */
static inline int afq_body_at(const af_body_q16 *b, fix16_t t, af_vec3_q16 *p)
{
    return afq_axis_at(b->position.x, b->velocity.x, t, &p->x) &&
           afq_axis_at(b->position.y, b->velocity.y, t, &p->y) &&
           afq_axis_at(b->position.z, b->velocity.z, t, &p->z);
}

/* Whether a fixed-speed lob's shot (t >= 1 raw) has the asked speed
 * within the tolerance ballistic.h documents: ||velocity| - speed| <= 2
 * LSB + 2^-24 max(speed, |D| / t + |V|), D and V the target's position
 * and velocity relative to the shooter (V NULL: a static target). The
 * scaled part (u2 = |velocity|^2 in raw units squared) in speed_q16.c. */
int afq_speed_holds_scaled(const af_shot_q16 *shot, fix16_t speed, const int32_t D[3],
                           const int32_t V[3], uint64_t u2);

static inline int afq_speed_holds(const af_shot_q16 *shot, fix16_t speed, const int32_t D[3],
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
    return afq_speed_holds_scaled(shot, speed, D, V, u2);
}

/* Empty the slots from `from` (0 to AF_MAX_SHOTS) on. shots_q16.c. */
void afq_zero_from(af_shots_q16 *out, int from);

/* Empty every slot: the state of an out-struct on failure. Word stores,
 * cheaper than memset for these 116 bytes. */
static inline void afq_clear(af_shots_q16 *out)
{
    out->count = 0;
    afq_zero_from(out, 0);
}

#endif /* AIMFIX_SRC_SOLVE_Q16_H */
