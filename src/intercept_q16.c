/*
 * Straight-line intercept in Q16.16 (see aimfix/intercept.h).
 *
 * The f64 solver's equation, (|V|^2 - s^2) t^2 + 2 (D.V) t + |D|^2 = 0, in
 * power-of-two units fitted to the problem: D' = D 2^kd with its largest
 * component in [2^29, 2^30), and V', s' = V 2^kv, s 2^kv likewise for the
 * fastest of the speeds. Then a' tau^2 + 2 b' tau + c' = 0 with
 * tau = t 2^(kd - kv), the products exact in 64 bits; the coefficients are
 * rounded to 31 bits (30 significant bits relative to the problem's own
 * scale, as the f64 solver's dimensionless form keeps 52), so that the
 * discriminant is exact in 64 bits. Roots as in f64: q = -(b + sgn(b)
 * sqrt(disc)), tau = q / a and c / q, without cancellation.
 *
 * Written for the Cortex-M3, which has 32-bit shifts and 32x32->64-bit
 * multiplies in one instruction each but no 64-bit shifter: every scaling
 * is a 32-bit shift, every 64-bit shift a constant one, and each root costs
 * two divisions (its time, and 1 / tau for the launch velocity).
 */
#include "aimfix/intercept.h"

#include "solve_q16.h"

/* round(num 2^e / den) as a positive int32 (a time in Q16.16), for num,
 * den > 0; 0 when it does not fit. */
static int ratio_raw(uint64_t num, uint64_t den, int e, fix16_t *out)
{
    int zn, zd;
    uint32_t q, rem;
    /* Bring den to [2^31, 2^32) and num just below den 2^32, adjusting e
     * so that the quotient, at most 2^32, needs a final shift right. */
    zd = afi_clz64(den) - 32;
    den = zd >= 0 ? den << zd : den >> -zd;
    zn = afi_clz64(num) - 1;
    num <<= zn;
    e += zd - zn; /* the ratio is q 2^e, q = num / den in (2^30, 2^32) */
    q = afi_udiv64_32(num, (uint32_t)den, &rem);
    q += rem >= (uint32_t)den - rem; /* round; at most 2^32 - 1 here */
    if (e >= 0) {
        if (e > 0 || q >> 31)
            return 0;
        *out = (fix16_t)q;
        return 1;
    }
    if (e < -33) {
        *out = 0;
        return 1;
    }
    *out = (fix16_t)((((uint64_t)q >> (-e - 1)) + 1) >> 1);
    return 1;
}

/* The problem in fitted units. */
struct fitted {
    int32_t d[3], v[3];
    int kd, kv;
};

/* One root tau = num / den (magnitudes, both nonzero, below 2^33): the shot,
 * or AF_ERR_OVERFLOW (nothing stored) when it does not fit Q16.16. */
static af_status shot_for(const struct fitted *f, const af_body_q16 *target, uint64_t num,
                          uint64_t den, af_shots_q16 *out)
{
    af_shot_q16 *shot = &out->shot[out->count];
    uint32_t inv, rem;
    int32_t u[3];
    int i, back = f->kv;
    /* t = tau 2^(kv - kd) s, in Q16.16. */
    if (!ratio_raw(num, den, f->kv - f->kd + 16, &shot->t))
        return AF_ERR_OVERFLOW;
    if (shot->t == 0)
        shot->t = 1; /* a positive time below half an LSB: the smallest there is */
    /* 1 / tau in Q28: at most about 5.5 (below 8), since |D'| / tau <=
     * s' + |V'| and |D'| >= 2^29. The launch velocity only needs it to an absolute 2^-28
     * (u' = D' / tau + V' is then good to 2^-27 of the speeds' scale). */
    if (num >> 32) {
        num >>= 1;
        den >>= 1;
    }
    if (den >> 33 || (den << 28) >> 31 >= num)
        return AF_ERR_OVERFLOW; /* 1 / tau of 8 or more: not a root of this problem */
    inv = afi_udiv64_32(den << 28, (uint32_t)num, &rem); /* below 2^31 */
    for (i = 0; i < 3; i++) {
        /* u' = D' / tau + V', |u'| = s' < 2^30; then u = u' 2^-kv. */
        int64_t up = (((int64_t)f->d[i] * (int32_t)inv) >> 27) + 1;
        int32_t ui = (int32_t)(afi_floor_shift64(up, 1) + f->v[i]);
        if (back >= 0) {
            u[i] = afi_signed32((afi_abs32(ui) + ((1u << back) >> 1)) >> back, ui < 0);
        } else {
            if (afi_abs32(ui) >> 30)
                return AF_ERR_OVERFLOW;
            u[i] = ui * 2;
        }
    }
    if (!afs_body_at(target, shot->t, &shot->point))
        return AF_ERR_OVERFLOW;
    shot->velocity.x = u[0];
    shot->velocity.y = u[1];
    shot->velocity.z = u[2];
    out->count++;
    return AF_OK;
}

/* Sum of three exact products of fitted values (each below 2^60), rounded
 * to 31 bits: below 1.5 2^30 in magnitude. */
static int32_t coefficient(const int32_t a[3], const int32_t b[3], int64_t extra)
{
    int64_t sum = (int64_t)a[0] * b[0] + (int64_t)a[1] * b[1] + (int64_t)a[2] * b[2] - extra;
    return (int32_t)afs_round_shift(sum, 31);
}

af_status af_intercept_q16(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t speed,
                           unsigned flags, af_shots_q16 *out)
{
    struct fitted f;
    int32_t D[3], V[3], a, b, c, s;
    int64_t disc;
    uint32_t mv;
    int i;
    af_status st = AF_OK;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    out->count = 0;
    if (!shooter || !target || speed <= 0) {
        st = AF_ERR_BAD_ARGUMENT;
        goto done;
    }
    if (!afs_relative(shooter, target, flags, D, V)) {
        st = AF_ERR_OUT_OF_RANGE;
        goto done;
    }
    if (D[0] == 0 && D[1] == 0 && D[2] == 0) {
        /* Coincident: the target is at the muzzle now. */
        af_shot_q16 *shot = &out->shot[0];
        shot->t = 0;
        shot->velocity.x = shot->velocity.y = shot->velocity.z = 0;
        shot->point = target->position;
        out->count = 1;
        goto done;
    }

    f.kd = afs_fit30(afs_max3(D));
    mv = afs_max3(V);
    f.kv = afs_fit30(mv > (uint32_t)speed ? mv : (uint32_t)speed);
    for (i = 0; i < 3; i++) {
        f.d[i] = afs_fit32(D[i], f.kd);
        f.v[i] = afs_fit32(V[i], f.kv);
    }
    s = afs_fit32(speed, f.kv);
    c = coefficient(f.d, f.d, 0);
    b = coefficient(f.d, f.v, 0);
    a = coefficient(f.v, f.v, (int64_t)s * s);

    if (a == 0) {
        /* Equal speeds (to 30 bits): 2 b tau + c = 0, a meeting only when
         * the target closes in. */
        st = b < 0 ? shot_for(&f, target, (uint64_t)c, 2 * (uint64_t)afi_abs32(b), out)
                   : AF_ERR_NO_SOLUTION;
        goto done;
    }
    disc = (int64_t)b * b - (int64_t)a * c; /* |.| < 2^62: exact */
    if (disc < 0) {
        st = AF_ERR_NO_SOLUTION;
        goto done;
    }
    {
        /* q = -(b + sgn(b) sqrt(disc)): its magnitude; its sign is b's
         * opposite. */
        uint64_t q = (uint64_t)afi_abs32(b) + af_sqrt_u64((uint64_t)disc);
        if (a < 0) {
            /* Projectile faster: roots of opposite signs; the positive one
             * is c / q when b < 0 and q / a when b >= 0. */
            st = b < 0 ? shot_for(&f, target, (uint64_t)c, q, out)
                       : shot_for(&f, target, q, (uint64_t)afi_abs32(a), out);
        } else if (b >= 0) {
            st = AF_ERR_NO_SOLUTION; /* target faster and not closing */
        } else {
            /* Target faster and closing: c / q (earlier) and q / a. A
             * double root (disc = 0) is returned once. */
            st = shot_for(&f, target, (uint64_t)c, q, out);
            if (disc > 0 && shot_for(&f, target, q, (uint64_t)a, out) == AF_OK)
                st = AF_OK; /* the later meeting alone may fit */
        }
    }
done:
    /* A meeting that Q16.16 cannot hold is left out; overflow only when
     * that leaves none. Every slot not holding a shot is zero. */
    if (out->count > 0)
        st = AF_OK;
    for (i = out->count; i < AF_MAX_SHOTS; i++)
        afs_zero_shot(&out->shot[i]);
    return st;
}
