/*
 * Straight-line intercept in Q16.16 (see aimfix/intercept.h).
 *
 * The f64 solver's equation, (|V|^2 - s^2) t^2 + 2 (D.V) t + |D|^2 = 0, in
 * power-of-two units fitted to the problem: D' = D 2^kD with its largest
 * component in [2^29, 2^30), and V', s' = V 2^kV, s 2^kV likewise for the
 * fastest of the speeds. Then a' tau^2 + 2 b' tau + c' = 0 with
 * tau = t 2^(kD - kV), the products exact in 64 bits; the coefficients are
 * rounded to 32 bits (30 significant bits relative to the problem's own
 * scale, as the f64 solver's dimensionless form keeps 52), so that the
 * discriminant is exact in 64 bits. Roots as in f64: q = -(b + sgn(b)
 * sqrt(disc)), tau = q / a and c / q, without cancellation.
 *
 * Each root gives 1 / tau to 30 bits; the launch velocity is
 * u' = D' / tau + V' (then shifted back), the time t = 2^(kV - kD) tau.
 */
#include "aimfix/intercept.h"

#include "solve_q16.h"

/* The problem in fitted units. */
struct fitted {
    int32_t d[3], v[3], s;
    int kd, kv;
};

/* One root tau = num / den (num, den > 0 as magnitudes): the shot. */
static af_status shot_for(const struct fitted *f, const af_body_q16 *target, uint64_t num,
                          uint64_t den, af_shots_q16 *out)
{
    afs_num inv = afs_div(den, num), tau = afs_div(num, den);
    af_shot_q16 *shot = &out->shot[out->count];
    int64_t t, u[3], p[3];
    int ok = 1, i;

    /* t (Q16.16) = tau 2^(kv - kd + 16). */
    tau.e += f->kv - f->kd + 16;
    t = afs_mul(1, tau, &ok);
    if (!ok || t > INT32_MAX)
        return AF_ERR_OVERFLOW;
    if (t == 0)
        t = 1; /* a positive time below half an LSB: the smallest there is */
    for (i = 0; i < 3; i++) {
        /* u = (D'/tau + V') 2^-kv: |u| = s, so it fits once it is rounded. */
        int64_t ui = afs_mul(f->d[i], inv, &ok) + f->v[i];
        u[i] = afs_scale(ui, -f->kv);
    }
    p[0] = (int64_t)target->position.x + afs_round_shift((int64_t)target->velocity.x * t, 16);
    p[1] = (int64_t)target->position.y + afs_round_shift((int64_t)target->velocity.y * t, 16);
    p[2] = (int64_t)target->position.z + afs_round_shift((int64_t)target->velocity.z * t, 16);
    if (!ok || !afs_store(u[0], &shot->velocity.x) || !afs_store(u[1], &shot->velocity.y) ||
        !afs_store(u[2], &shot->velocity.z) || !afs_store(p[0], &shot->point.x) ||
        !afs_store(p[1], &shot->point.y) || !afs_store(p[2], &shot->point.z)) {
        memset(shot, 0, sizeof *shot);
        return AF_ERR_OVERFLOW;
    }
    shot->t = (fix16_t)t;
    out->count++;
    return AF_OK;
}

af_status af_intercept_q16(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t speed,
                           unsigned flags, af_shots_q16 *out)
{
    struct fitted f;
    int32_t D[3], V[3];
    int64_t a64, b64, c64, disc;
    int32_t a, b, c;
    int inherit = (flags & AF_INHERIT_VELOCITY) != 0, i;
    uint32_t mv;
    af_status st = AF_OK;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afs_clear(out);
    if (!shooter || !target || speed <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (!afs_sub_fits(target->position.x, shooter->position.x, &D[0]) ||
        !afs_sub_fits(target->position.y, shooter->position.y, &D[1]) ||
        !afs_sub_fits(target->position.z, shooter->position.z, &D[2]) ||
        !afs_sub_fits(target->velocity.x, inherit ? shooter->velocity.x : 0, &V[0]) ||
        !afs_sub_fits(target->velocity.y, inherit ? shooter->velocity.y : 0, &V[1]) ||
        !afs_sub_fits(target->velocity.z, inherit ? shooter->velocity.z : 0, &V[2]))
        return AF_ERR_OUT_OF_RANGE;
    if (D[0] == 0 && D[1] == 0 && D[2] == 0) {
        /* Coincident: the target is at the muzzle now. */
        out->count = 1;
        out->shot[0].point = target->position;
        return AF_OK;
    }

    f.kd = afs_fit30(afs_max3(D));
    mv = afs_max3(V);
    f.kv = afs_fit30(mv > (uint32_t)speed ? mv : (uint32_t)speed);
    for (i = 0; i < 3; i++) {
        f.d[i] = (int32_t)afs_scale(D[i], f.kd);
        f.v[i] = (int32_t)afs_scale(V[i], f.kv);
    }
    f.s = (int32_t)afs_scale(speed, f.kv);

    /* Exact in 64 bits (each |product| < 2^60, sums of three < 2^62), then
     * rounded to 32 bits: |a|, |b|, c < 1.5 2^29. */
    c64 = (int64_t)f.d[0] * f.d[0] + (int64_t)f.d[1] * f.d[1] + (int64_t)f.d[2] * f.d[2];
    b64 = (int64_t)f.d[0] * f.v[0] + (int64_t)f.d[1] * f.v[1] + (int64_t)f.d[2] * f.v[2];
    a64 = (int64_t)f.v[0] * f.v[0] + (int64_t)f.v[1] * f.v[1] + (int64_t)f.v[2] * f.v[2] -
          (int64_t)f.s * f.s;
    a = (int32_t)afs_round_shift(a64, 31);
    b = (int32_t)afs_round_shift(b64, 31);
    c = (int32_t)afs_round_shift(c64, 31);

    if (a == 0) {
        /* Equal speeds (to 30 bits): 2 b tau + c = 0, a meeting only when
         * the target closes in. */
        if (b >= 0)
            return AF_ERR_NO_SOLUTION;
        st = shot_for(&f, target, (uint64_t)c, 2 * (uint64_t)afi_abs32(b), out);
    } else {
        uint64_t r, q;
        disc = (int64_t)b * b - (int64_t)a * c; /* |.| < 2^61: exact */
        if (disc < 0)
            return AF_ERR_NO_SOLUTION;
        r = af_sqrt_u64((uint64_t)disc);
        /* q = -(b + sgn(b) r): its magnitude, and its sign opposite b's. */
        q = (uint64_t)afi_abs32(b) + r;
        if (a < 0) {
            /* Projectile faster: roots of opposite signs. q has the sign
             * opposite to b's, so the positive root is c / q when b < 0 and
             * q / a when b >= 0. */
            if (b < 0)
                st = shot_for(&f, target, (uint64_t)c, q, out);
            else
                st = shot_for(&f, target, q, (uint64_t)(-(int64_t)a), out);
        } else {
            /* Target faster: both roots of b's opposite sign; positive only
             * when b < 0, then c / q (earlier) and q / a. A double root
             * (disc = 0) is returned once. */
            if (b >= 0)
                return AF_ERR_NO_SOLUTION;
            st = shot_for(&f, target, (uint64_t)c, q, out);
            if (disc > 0 && shot_for(&f, target, q, (uint64_t)a, out) == AF_OK)
                st = AF_OK; /* the later meeting alone may fit */
        }
    }
    /* A meeting that Q16.16 cannot hold is left out; overflow only when
     * that leaves none. */
    if (out->count > 0)
        return AF_OK;
    afs_clear(out);
    return st;
}
