/* SPDX-License-Identifier: MIT */
/*
 * The launch velocity of a lob of known fitted time, shared by the
 * fixed-speed lobs at a static point and at a moving target (solve_q16.h).
 */
#include "solve_q16.h"

/* Fractional bits of a fitted unit kept by the products near the edges. */
#define LOB_EXTRA_BITS 6

/* A component's sum in the lean path: d' inv26 - g' half26, plus v' 2^26
 * for a moving target, from the raw V (added exactly: v' may have dropped
 * a bit). Below 2^62 in magnitude. */
AFI_ALWAYS_INLINE int64_t lean_sum(const struct afq_fit *f, int i, int32_t inv26, int32_t half26,
                                   int moving)
{
    int64_t acc = afi_smul32_diff(f->d[i], (uint32_t)inv26, f->g[i], (uint32_t)half26);
    if (moving)
        acc += (int64_t)f->vr[i] * ((int64_t)1 << (26 + f->kv));
    return acc;
}

/* The usual case, a rounding by 2^s with s >= 33, for the three
 * components: floor((acc + 2^(s-1) - [acc < 0]) / 2^s), acc / 2^s rounded
 * to nearest with ties away from zero, as afi_round_shift rounds. The
 * tie's correction is the sign word added with its carry and the rounding
 * constant, half_hi = 2^(s-33), lies in the high word, so that the result
 * is the high word shifted by k = s - 32 in 32 bits; it always fits.
 * Inlined with `moving` constant: no test in the loop. */
AFI_ALWAYS_INLINE void lean_high(const struct afq_fit *f, int32_t inv26, int32_t half26, int moving,
                                 int32_t half_hi, int k, fix16_t *u)
{
    int i;
    for (i = 0; i < 3; i++) {
        int64_t acc = lean_sum(f, i, inv26, half26, moving);
        acc += afi_floor_shift64(acc, 63); /* - [acc < 0] */
        acc += (int64_t)((uint64_t)(uint32_t)half_hi << 32);
        u[i] = afi_floor_shift32((int32_t)afi_floor_shift64(acc, 32), k);
    }
}

/* acc / 2^s rounded the same way for 1 <= s <= 32, into *out when it fits
 * 32 bits: the two words shifted separately, and the result fits when
 * what it drops of the high word is its sign. */
static int round_low(int64_t acc, int s, fix16_t *out)
{
    int32_t hi, r;
    uint32_t lo;
    acc += afi_floor_shift64(acc, 63);
    acc += (int64_t)(UINT32_C(1) << (s - 1));
    lo = (uint32_t)acc;
    hi = (int32_t)afi_floor_shift64(acc, 32);
    if (s == 32) {
        r = hi;
        hi = afi_floor_shift32(hi, 31);
    } else {
        r = (int32_t)((lo >> s) | ((uint32_t)hi << (32 - s)));
        hi = afi_floor_shift32(hi, s);
    }
    if (hi != afi_floor_shift32(r, 31))
        return 0;
    *out = r;
    return 1;
}

/* Whether the lean path's Q26 factors, each rounded by up to half a unit,
 * keep every component within half an LSB (2^(s-1) of the sum):
 * |d'| + |g'| <= 2^s. Always so for s >= 33; below, a fast shot whose
 * time or gravity is far from the fitted scale (factors of a few bits)
 * would be off by many LSB. */
static int lean_precise(const struct afq_fit *f, int s)
{
    int i;
    if (s >= 33)
        return 1;
    for (i = 0; i < 3; i++)
        if ((uint64_t)afi_abs32(f->d[i]) + afi_abs32(f->g[i]) > (UINT64_C(1) << s))
            return 0;
    return 1;
}

int afq_lob_shot(const struct afq_fit *f, afn_snum t, afn_snum inv, int moving, af_shot_q16 *shot)
{
    afn_snum half = t;
    int32_t inv26, half26;
    int s = 26 + f->kv, ok = 1, i;
    fix16_t *u = &shot->velocity.x;
    if (!afq_time_raw(f, t, &shot->t))
        return 0;
    if (shot->t == 0)
        shot->t = 1; /* a positive time below half an LSB */
    half.e += f->ge - 1; /* g' t' / 2 = g[] (t' 2^(ge - 1)) */
    /* Both factors as Q26 fixed-point numbers when they are below 32 (as
     * they are, in units fitted to the problem, except near the edges of
     * the domain): each component is then two 32 x 32-bit products, v'
     * 2^26 added exactly, and one rounding by 2^(26 + kv) straight into
     * raw units (kv >= -2, so that s >= 24). Each sum is below 2^62 in
     * magnitude. */
    inv26 = afq_fixed(inv, 26);
    half26 = afq_fixed(half, 26);
    if (inv26 >= 0 && half26 >= 0 && s <= 62 && lean_precise(f, s)) {
        if (s >= 33) {
            int32_t half_hi = (int32_t)(UINT32_C(1) << (s - 33));
            if (moving)
                lean_high(f, inv26, half26, 1, half_hi, s - 32, u);
            else
                lean_high(f, inv26, half26, 0, half_hi, s - 32, u);
            return 1;
        }
        for (i = 0; i < 3; i++) /* speeds of 2^7 m/s and more */
            if (!round_low(lean_sum(f, i, inv26, half26, moving), s, &u[i]))
                return 0;
        return 1;
    }
    /* Near the edges of the domain: every product through afn_p_mul64_near,
     * in 2^-EXTRA of a fitted unit (a fitted unit is up to 4 raw ones, and
     * the products' roundings stay well below half an LSB), V added
     * exactly, then one rounding into raw units. */
    inv.e += LOB_EXTRA_BITS;
    half.e += LOB_EXTRA_BITS;
    for (i = 0; i < 3; i++) {
        int64_t w = afn_p_mul64_near(f->d[i], inv, &ok) - afn_p_mul64_near(f->g[i], half, &ok);
        if (moving)
            w += (int64_t)f->vr[i] * ((int64_t)1 << (LOB_EXTRA_BITS + f->kv));
        if (!ok || !afq_unfit32(w, f->kv + LOB_EXTRA_BITS, &u[i]))
            return 0;
    }
    return 1;
}
