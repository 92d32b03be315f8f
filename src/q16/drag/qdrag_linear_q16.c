/* SPDX-License-Identifier: MIT */
/*
 * A quadratic-drag shot's flight linearised about one flown root (the
 * turret aims' guesses between exact aims): the end point moves with the
 * launch velocity by the flight's Jacobian and with the flight time by the
 * velocity there, and the flight does not depend on where it starts, so
 * the shot of a nearby scene is one 3x3 solve per term and a Newton
 * iteration on the time of the speed's equation. No flight is flown.
 */
#include "../../core/q16_internal.h"
#include "qdrag_aim_q16.h"

/* The Newton iterations on T of one guess. */
#define GUESS_ITER 16

af_status afq_qd_ref_make(const af_qdrag_q16 *m, const af_vec3_q16 *from, fix16_t T,
                          const af_vec3_q16 *v, afq_qd_ref *ref)
{
    af_body_q16 end;
    af_status st = afq_qd_fly(m, from, v, T, &end, &ref->j);
    if (st == AF_OK)
        st = af_vec3_sub_q16(&end.position, from, &ref->reach);
    ref->T = T;
    ref->v = *v;
    ref->u = end.velocity;
    return st;
}

/* x = J^-1 b for an af_vec3_q16 b: 0 when it fails. */
static int solve3(const afq_qd_ref *ref, const af_vec3_q16 *b, int64_t x[3])
{
    int32_t bb[3], xx[3];
    bb[0] = b->x;
    bb[1] = b->y;
    bb[2] = b->z;
    if (!afq_qd_solve(&ref->j, bb, xx))
        return 0;
    x[0] = xx[0];
    x[1] = xx[1];
    x[2] = xx[2];
    return 1;
}

/* Whether |x| stays below 2^29 (Q16.16), so that sums of three squares
 * fit 64 bits. */
static int small(int64_t x)
{
    return x < ((int64_t)1 << 29) && x > -((int64_t)1 << 29);
}

/* Newton's step num / den (den != 0) in Q16.16 without overflow, kept
 * within half the time t and 1/16 s: 0 when it does not fit. */
static int newton_step(int64_t num, int64_t den, int64_t t, int64_t *dT)
{
    if (num < ((int64_t)1 << 46) && num > -((int64_t)1 << 46))
        *dT = num * 65536 / den;
    else if (den >= 65536 || den <= -65536)
        *dT = num / (den / 65536);
    else
        return 0;
    if (*dT > t / 2 + 4096)
        *dT = t / 2 + 4096;
    else if (*dT < -(t / 2 + 4096))
        *dT = -(t / 2 + 4096);
    return 1;
}

/* The launch velocity against the muzzle as x(T) = e + yb T + yc T^2
 * (= v0 - vs + J^-1 d(T)): the end point must move by d(T) = a + b T +
 * c T^2, a = P0 - from - reach + u T0, b = W - u, c = A / 2. 0 when it
 * does not fit. */
static int linear_terms(const afq_qd_ref *ref, const af_vec3_q16 *from, const af_vec3_q16 *vs,
                        const af_body_accel_q16 *target, int64_t e[3], int64_t yb[3],
                        int64_t yc[3])
{
    af_vec3_q16 a, b, c;
    if (af_vec3_sub_q16(&target->position, from, &a) != AF_OK ||
        af_vec3_sub_q16(&a, &ref->reach, &a) != AF_OK ||
        afq_qd_add_scaled(&a, &ref->u, ref->T, &a) != AF_OK ||
        af_vec3_sub_q16(&target->velocity, &ref->u, &b) != AF_OK)
        return 0;
    c.x = target->acceleration.x / 2;
    c.y = target->acceleration.y / 2;
    c.z = target->acceleration.z / 2;
    if (!solve3(ref, &a, e) || !solve3(ref, &b, yb) || !solve3(ref, &c, yc))
        return 0;
    e[0] += (int64_t)ref->v.x - vs->x;
    e[1] += (int64_t)ref->v.y - vs->y;
    e[2] += (int64_t)ref->v.z - vs->z;
    return 1;
}

int afq_qd_ref_guess(const afq_qd_ref *ref, const af_vec3_q16 *from, const af_vec3_q16 *vs,
                     fix16_t speed, const af_body_accel_q16 *target, fix16_t max_time,
                     fix16_t *T, af_vec3_q16 *v)
{
    int64_t e[3], yb[3], yc[3], t = ref->T;
    int i, it;
    if (!linear_terms(ref, from, vs, target, e, yb, yc))
        return 0;
    for (it = 0; it < GUESS_ITER; it++) {
        int64_t x[3], dx[3], g = -(int64_t)speed * speed, g1 = 0, dT;
        for (i = 0; i < 3; i++) {
            int64_t q = afi_round_shift(yc[i] * t, 16);
            if (!small(q))
                return 0;
            x[i] = e[i] + afi_round_shift(yb[i] * t, 16) + afi_round_shift(q * t, 16);
            dx[i] = yb[i] + 2 * q;
            if (!small(x[i]) || !small(dx[i]))
                return 0;
            g += x[i] * x[i];
            g1 += 2 * x[i] * dx[i];
        }
        if (g1 == 0)
            return 0;
        if (!newton_step(g, g1, t, &dT))
            return 0;
        t -= dT;
        if (t < 1 || t > max_time)
            return 0;
        if (dT <= 1 && dT >= -1) {
            for (i = 0; i < 3; i++) {
                int64_t q = afi_round_shift(yc[i] * t, 16);
                if (!small(q))
                    return 0;
                x[i] = e[i] + afi_round_shift(yb[i] * t, 16) + afi_round_shift(q * t, 16);
                if (!small(x[i] + (&vs->x)[i]))
                    return 0;
            }
            *T = (fix16_t)t;
            v->x = (fix16_t)(x[0] + vs->x);
            v->y = (fix16_t)(x[1] + vs->y);
            v->z = (fix16_t)(x[2] + vs->z);
            return 1;
        }
    }
    return 0;
}

int afq_qd_ref_least(const afq_qd_ref *ref, const af_vec3_q16 *from, const af_vec3_q16 *vs,
                     const af_body_accel_q16 *target, fix16_t max_time, fix16_t *T,
                     fix16_t *least)
{
    int64_t e[3], yb[3], yc[3], t = ref->T;
    int i, it;
    if (!linear_terms(ref, from, vs, target, e, yb, yc))
        return 0;
    /* Newton's method on h(T) = x . x' = 0, h' = x' . x' + x . x''. */
    for (it = 0; it < GUESS_ITER; it++) {
        int64_t x[3], dx[3], h = 0, h1 = 0, dT;
        uint64_t len2 = 0;
        for (i = 0; i < 3; i++) {
            int64_t q = afi_round_shift(yc[i] * t, 16);
            if (!small(q) || !small(yc[i]))
                return 0;
            x[i] = e[i] + afi_round_shift(yb[i] * t, 16) + afi_round_shift(q * t, 16);
            dx[i] = yb[i] + 2 * q;
            if (!small(x[i]) || !small(dx[i]))
                return 0;
            h += x[i] * dx[i];
            h1 += dx[i] * dx[i] + x[i] * 2 * yc[i];
            len2 += (uint64_t)(x[i] * x[i]);
        }
        if (h1 <= 0)
            return 0; /* not a least speed: no dip near */
        if (!newton_step(h, h1, t, &dT))
            return 0;
        {
            /* The least over [1, max_time] may be at an end. */
            int64_t next = t - dT < 1 ? 1 : t - dT > max_time ? max_time : t - dT;
            if (next == t || (dT <= 1 && dT >= -1)) {
                *T = (fix16_t)t;
                *least = (fix16_t)af_sqrt_u64(len2);
                return 1;
            }
            t = next;
        }
    }
    return 0;
}
