/* SPDX-License-Identifier: MIT */
/*
 * Straight-line intercept in Q16.16 (see aimfix/intercept.h).
 *
 * The f64 solver's equation, (|V|^2 - s^2) t^2 + 2 (D.V) t + |D|^2 = 0, in
 * power-of-two units fitted to the problem: D' = D 2^kd with its largest
 * component in [2^29, 2^30), and V', s' = V 2^kv, s 2^kv likewise for the
 * fastest of the speeds. Then A tau^2 + 2 B tau + C = 0 with
 * tau = t 2^(kd - kv), its coefficients formed exactly from the raw values
 * (exact in 64 bits below 2^30 raw, past it rounded once each) and its
 * discriminant B^2 - A C exact in 128: A is a difference of nearly equal
 * squares when the target is about as fast as the projectile, and the
 * discriminant one of nearly equal products when the two meetings are
 * close, and rounding either to the problem's scale moves the roots by
 * thousands of LSB. Roots as in f64: q = |B| + sqrt(disc), tau = C / q and
 * q / A, without cancellation, from the root's 32 significant bits.
 *
 * Written for the Cortex-M3, which has 32-bit shifts, CLZ and 32x32->64-bit
 * multiply(-accumulate)s in one instruction each but no 64-bit shifter, and
 * for the M0, which has neither (each 32x32->64-bit product is four 16-bit
 * ones, afi_umul32, and every 64-bit shift a sequence): the 128-bit
 * products are chains of multiply-accumulates, the discriminant is
 * normalized by 32-bit shifts of its words, and each number a root is made
 * of (C, q, A) is normalized to 31 bits once with its reciprocal
 * (afi_recip31: no division on the M0), for tau = num / den and
 * 1 / tau = den / num.
 */
#include "aimfix/intercept.h"

#include "intercept_wide_q16.h"
#include "solve_q16.h"

#if AF_MAX_SHOTS != 4
#error "zero_from is written out for four slots"
#endif

/* The problem in fitted units: d = D 2^max(kd, 0), exact. */
struct fitted {
    int32_t d[3], vraw[3];
    int kd, kv;
};

/* A positive magnitude as m 2^-z with m in [2^30, 2^31), rounded to 31
 * bits, and r = round(2^61 / m): each number is the numerator of one
 * root and the denominator of another (t and 1 / t), so each reciprocal
 * is taken once. */
struct recip {
    uint32_t m, r;
    int z;
};

AFI_ALWAYS_INLINE_EXCEPT_M0 void normalize(uint64_t x, int frac, struct recip *out)
{
    int shift;
    uint32_t m = afn_p_to31_near(x, &shift); /* x = m 2^shift, rounded */
    if (m >> 31) {                    /* the rounding carried into bit 31 */
        m >>= 1;
        shift++;
    }
    out->m = m;
    out->z = frac - shift;
    out->r = afi_recip31(m);
}

/* round(num / den 2^e) for the normalized pair num.m 2^-num.z over
 * den.m 2^-den.z, with den's reciprocal r: the product num.m r, below
 * 2^62, is (num.m / den.m) 2^61. Fails (0) when the result is 2^31 or
 * more. */
static int ratio(const struct recip *num, const struct recip *den, int e, uint32_t *out)
{
    uint64_t p = afi_umul32(num->m, den->r); /* below 2^62 */
    int sh = 61 - e - den->z + num->z;      /* the result is p 2^-sh */
    if (sh >= 33) {
        /* The usual case: p's high word, rounded by a 32-bit shift (the
         * low word only decides exact ties, which this rounds down). */
        uint32_t hi = (uint32_t)(p >> 32);
        *out = sh >= 62 ? 0 : (hi + (UINT32_C(1) << (sh - 33))) >> (sh - 32);
        return 1;
    }
    if (sh < 30 || (p >> (sh - 1)) >= ((uint64_t)1 << 32) - 1)
        return 0; /* p >= 2^60: at or above 2^31 */
    *out = (uint32_t)afi_round_shift_u64(p, sh);
    return 1;
}

/* round(x 2^-s) for the product x of a fitted component and a 31-bit
 * factor, 26 <= s <= 62: to nearest, ties up. */
static int64_t scaled(int32_t a, int32_t b, int s)
{
    return afi_floor_shift64(afi_smul32(a, b) + ((int64_t)1 << (s - 1)), s);
}

/* The same for 33 <= s <= 62, the usual case: the high word of a
 * multiply-accumulate started from the rounding constant (2^(s-33) in its
 * high word), shifted in 32 bits. */
static AFI_NOINLINE int32_t scaled_hi(int32_t a, int32_t b, int32_t half_hi, int k)
{
    int64_t acc = afi_smul32(a, b) + (int64_t)((uint64_t)(uint32_t)half_hi << 32);
    return afi_floor_shift32((int32_t)afi_floor_shift64(acc, 32), k);
}

/* One root tau = num / den (normalized): the shot, or AF_ERR_OVERFLOW
 * (nothing stored) when it does not fit Q16.16. */
static af_status shot_for(const struct fitted *f, const af_body_q16 *target,
                          const struct recip *num, const struct recip *den, af_shots_q16 *out)
{
    af_shot_q16 shot; /* a local: stores to out could alias target */
    const struct recip n = *num, d = *den;
    uint32_t t;
    int32_t rm;
    int sh;
    /* t = tau 2^(kv - kd) s, in Q16.16 (a positive time below half an LSB
     * is the smallest there is). */
    if (!ratio(&n, &d, f->kv - f->kd + 16, &t))
        return AF_ERR_OVERFLOW;
    shot.t = t ? (fix16_t)t : 1;
    /* The launch velocity u = V + D / t = V + D' / tau 2^-kv in raw units,
     * V exact (not its fitted copy). 1 / tau = den / num is d.m n.r 2^-61
     * 2^(n.z - d.z), rounded to rm = d.m n.r 2^-31 (below 2^31), so that
     * D' / tau 2^-kv = d' rm 2^-sh with sh = 30 + kv + d.z - n.z. A true
     * root has 1 / tau < 5.5 (|D'| / tau <= s' + |V'|, |D'| >= 2^29), so
     * sh >= 27 + kv >= 26: a larger 1 / tau is no root of this problem.
     * Past 2^30 raw, d is D itself, D' 2^-kd: one more bit of shift. */
    sh = 30 + f->kv + d.z - n.z;
    if (sh < 26)
        return AF_ERR_OVERFLOW;
    if (f->kd < 0)
        sh -= f->kd;
    rm = (int32_t)afi_round_shift_u64(afi_umul32(d.m, n.r), 31); /* below 2^31 */
    if (sh > 62) {
        rm = 0; /* D / t below half an LSB on every axis */
        sh = 62;
    }
    if (sh >= 33) {
        /* The usual case: D / t fits 32 bits, and so the sums are tested
         * in 32 bits. */
        int32_t half_hi = (int32_t)(UINT32_C(1) << (sh - 33));
        if (!afi_add_fits(scaled_hi(f->d[0], rm, half_hi, sh - 32), f->vraw[0], &shot.velocity.x) ||
            !afi_add_fits(scaled_hi(f->d[1], rm, half_hi, sh - 32), f->vraw[1], &shot.velocity.y) ||
            !afi_add_fits(scaled_hi(f->d[2], rm, half_hi, sh - 32), f->vraw[2], &shot.velocity.z))
            return AF_ERR_OVERFLOW;
    } else {
        /* D / t may exceed 2^31 raw only here (speeds of 512 m/s and
         * more); each sum fits when the launch velocity does. */
        if (!afq_store(scaled(f->d[0], rm, sh) + f->vraw[0], &shot.velocity.x) ||
            !afq_store(scaled(f->d[1], rm, sh) + f->vraw[1], &shot.velocity.y) ||
            !afq_store(scaled(f->d[2], rm, sh) + f->vraw[2], &shot.velocity.z))
            return AF_ERR_OVERFLOW;
    }
    if (!afq_body_at(target, shot.t, &shot.point))
        return AF_ERR_OVERFLOW;
    out->shot[out->count++] = shot;
    return AF_OK;
}

/* The relative motion D = target - shooter and V (the shooter's velocity
 * subtracted when inherited), or 0 when a difference does not fit
 * int32_t: a subtraction and a branch on overflow each. INT32_MIN, which
 * fits but which Q16.16 refuses as well, the caller finds in the
 * magnitudes' OR. */
static int relative(const af_body_q16 *shooter, const af_body_q16 *target, unsigned flags,
                    int32_t D[3], int32_t V[3])
{
    if (!afi_sub_fits32(target->position.x, shooter->position.x, &D[0]) ||
        !afi_sub_fits32(target->position.y, shooter->position.y, &D[1]) ||
        !afi_sub_fits32(target->position.z, shooter->position.z, &D[2]))
        return 0;
    if (!(flags & AF_INHERIT_VELOCITY)) {
        V[0] = target->velocity.x;
        V[1] = target->velocity.y;
        V[2] = target->velocity.z;
        return 1;
    }
    return afi_sub_fits32(target->velocity.x, shooter->velocity.x, &V[0]) &&
           afi_sub_fits32(target->velocity.y, shooter->velocity.y, &V[1]) &&
           afi_sub_fits32(target->velocity.z, shooter->velocity.z, &V[2]);
}

/* x 2^k for a magnitude x (k >= -2): exact, or rounded to nearest (ties
 * up) for a right shift. */
static uint64_t to_fitted(uint64_t x, int k)
{
    return k >= 0 ? x << k : afi_round_shift_u64(x, -k);
}

/* The problem in fitted units (mv the largest of V's and the speed's
 * magnitudes) and its coefficients, each formed exactly from the raw
 * values and rounded once: from values already rounded to 30 bits (past
 * 2^30 raw), |V|^2 - s^2 of a target nearly as fast as the shot lost all
 * its bits, and rounding only some of them made the three describe no
 * one problem. A function of its own, so that each frame stays small
 * (8-bit cores reach only 64 bytes of a frame directly). */
static void fit(const int32_t D[3], const int32_t V[3], uint32_t md, uint32_t mv, fix16_t speed,
                struct fitted *f, int64_t *A, int64_t *B, uint64_t *C)
{
    uint64_t vv = 0, ss = afi_square32(speed), cc = 0, lo = 0;
    int64_t bb = 0, p;
    int i, k, r, kd;
    f->kd = kd = afq_fit30(md);
    f->kv = afq_fit30(mv);
    for (i = 0; i < 3; i++)
        f->vraw[i] = V[i];
    if (kd >= 0 && f->kv >= 0) {
        /* Within 2^30 raw the fitted values are exact: the same
         * coefficients from 32 x 32-bit products, fewer steps on small cores. */
        int32_t v[3], sf;
        afq_fit3(D, kd, f->d);
        afq_fit3(V, f->kv, v);
        sf = afq_fit32(speed, f->kv);
        *C = (uint64_t)afq_len2(f->d);
        *B = afi_smul32(f->d[0], v[0]) + afi_smul32(f->d[1], v[1]) + afi_smul32(f->d[2], v[2]);
        *A = afq_len2(v) - (int64_t)afi_square32(sf);
        return;
    }
    k = kd + f->kv;
    r = k < 0 ? -k : 0;
    if (kd < 0)
        kd = 0;
    for (i = 0; i < 3; i++) {
        /* D exactly (the raw D for kd = -1): the launch velocity's D / t. */
        f->d[i] = (int32_t)((uint32_t)D[i] << kd);
        vv += afi_square32(V[i]); /* below 3 2^62 */
        cc += afi_square32(D[i]);
        /* D.V may need 65 bits: the products' floors (by 2^r, r = -k
         * past 2^30 raw, else 0) and their low bits are summed apart. */
        p = afi_smul32(D[i], V[i]);
        bb += afi_floor_shift64(p, r);
        lo += (uint64_t)p & ((UINT64_C(1) << r) - 1);
    }
    *C = to_fitted(cc, 2 * f->kd);
    bb += (int64_t)((lo + (UINT64_C(1) << r >> 1)) >> r); /* D.V 2^-r rounded */
    *B = (int64_t)((uint64_t)bb << (k + r));
    *A = vv >= ss ? (int64_t)to_fitted(vv - ss, 2 * f->kv)
                  : -(int64_t)to_fitted(ss - vv, 2 * f->kv);
}

/* An empty slot, word by word. */
AFI_STATIC_HELPER void zero_shot(af_shot_q16 *shot)
{
    shot->t = 0;
    shot->velocity.x = shot->velocity.y = shot->velocity.z = 0;
    shot->point.x = shot->point.y = shot->point.z = 0;
}

/* Every slot from n on, for the n = 0 to 2 shots this solver returns:
 * the last two are never used. Inline stores, without the call and the
 * switch over four counts of afq_zero_from; on the Cortex-M0, whose
 * flash is small, its shared copy. */
static inline void zero_from(af_shots_q16 *out, int n)
{
#if defined(__ARM_ARCH_6M__)
    afq_zero_from(out, n);
#else
    switch (n) {
    case 0:
        zero_shot(&out->shot[0]);
        /* fall through */
    case 1:
        zero_shot(&out->shot[1]);
        /* fall through */
    default:
        zero_shot(&out->shot[2]);
        zero_shot(&out->shot[3]);
        break;
    }
#endif
}

af_status af_intercept_q16(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t speed,
                           unsigned flags, af_shots_q16 *out)
{
    struct fitted f;
    struct recip nc, nq, na;
    int32_t D[3], V[3];
    int64_t A, B;
    uint64_t C, Bu, ph, pl, q;
    uint32_t md, mv, r;
    int e, sign, frac = 0;
    af_status st = AF_OK;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    out->count = 0;
    if (!shooter || !target || speed <= 0) {
        st = AF_ERR_BAD_ARGUMENT;
        goto done;
    }
    /* The largest magnitudes' leading bits are the ORs'; bit 31 there is
     * an INT32_MIN difference. */
    if (!relative(shooter, target, flags, D, V) ||
        ((md = afq_top3(D)) | (mv = afq_top3(V))) >> 31) {
        st = AF_ERR_OUT_OF_RANGE;
        goto done;
    }
    if (md == 0) {
        /* Coincident: the target is at the muzzle now. */
        af_shot_q16 *shot = &out->shot[0];
        shot->t = 0;
        shot->velocity.x = shot->velocity.y = shot->velocity.z = 0;
        shot->point = target->position;
        out->count = 1;
        goto done;
    }
    fit(D, V, md, mv | (uint32_t)speed, speed, &f, &A, &B, &C);
    if (A >= 0 && B >= 0) {
        st = AF_ERR_NO_SOLUTION; /* as fast or faster, and not closing */
        goto done;
    }
    Bu = afi_abs64(B);
    if (A == 0) {
        /* Equal speeds: 2 B tau + C = 0, B < 0. */
        normalize(C, 0, &nc);
        normalize(2 * Bu, 0, &nq);
        st = shot_for(&f, target, &nc, &nq, out);
        goto done;
    }
    /* The discriminant B^2 - A C exactly, in 128 bits (below 2^125): the
     * roots then carry no cancellation, however close the target's speed
     * is to the projectile's or the two meetings to each other. */
    sign = discriminant(Bu, A, C, &ph, &pl);
    if (sign < 0) {
        st = AF_ERR_NO_SOLUTION; /* the target passes too wide */
        goto done;
    }
    if (A >= 0) {
        if (sign == 0) {
            /* A double root, C / |B| = |B| / A: returned once. */
            normalize(C, 0, &nc);
            normalize(Bu, 0, &nq);
            st = shot_for(&f, target, &nc, &nq, out);
            goto done;
        }
    }
    /* q = |B| + sqrt(disc) = -(B + sgn(B) sqrt(disc)) in magnitude: r 2^e
     * for the root, q 2^-frac for the sum (below 2^63). */
    r = sqrt128(ph, pl, &e);
    if (e >= 0) {
        q = Bu + ((uint64_t)r << e);
    } else {
        /* A root below 2^31: keep its fraction where |B| leaves room. */
        frac = -e;
        if (Bu >> (62 - frac)) {
            int room = afi_clz64(Bu) - 2;
            r >>= frac - room;
            frac = room;
        }
        q = (Bu << frac) + r;
    }
    normalize(q, frac, &nq);
    if (A < 0) {
        /* The positive root: C / q when B < 0, q / |A| when B >= 0. */
        if (B < 0) {
            normalize(C, 0, &nc);
            st = shot_for(&f, target, &nc, &nq, out);
        } else {
            normalize((uint64_t)-A, 0, &na);
            st = shot_for(&f, target, &nq, &na, out);
        }
    } else {
        /* Target faster and closing: C / q (earlier) and q / A. */
        normalize(C, 0, &nc);
        st = shot_for(&f, target, &nc, &nq, out);
        normalize((uint64_t)A, 0, &na);
        if (shot_for(&f, target, &nq, &na, out) == AF_OK)
            st = AF_OK; /* the later meeting alone may fit */
    }
done:
    /* A meeting that Q16.16 cannot hold is left out; overflow only when
     * that leaves none. Every slot not holding a shot is zero. */
    if (out->count > 0)
        st = AF_OK;
    zero_from(out, out->count);
    return st;
}
