/* SPDX-License-Identifier: MIT */
/*
 * The textbook intercept on libfixmath (bench/yardsticks/ref_solvers.h): what a
 * fixed-point program without aimfix writes. |D + V t| = s t squared is
 * (V.V - s^2) t^2 + 2 (D.V) t + D.D = 0; the quadratic formula gives t,
 * and the launch velocity is (D + V t) / t. Every square of a distance or
 * speed is taken in Q16.16 itself, so it overflows beyond 181 m or m/s.
 */
#include "noted_fix16.h"
#include "ref_solvers.h"

/* The smallest positive root of a t^2 + b t + c, or 0 when there is none.
 * Called only with coefficients that did not overflow, so none is
 * fix16_overflow (INT32_MIN) and each negates. */
static fix16_t first_time(fix16_t a, fix16_t b, fix16_t c, int *overflow)
{
    fix16_t disc, root, t1, t2, two_a;
    if (a == 0) /* equal speeds: b t + c = 0 */
        return b < 0 ? divide(-c, b, overflow) : 0;
    disc = sub(mul(b, b, overflow), mul(4 * fix16_one, mul(a, c, overflow), overflow), overflow);
    if (*overflow || disc < 0)
        return 0;
    root = fix16_sqrt(disc);
    two_a = mul(2 * fix16_one, a, overflow);
    t1 = divide(sub(-b, root, overflow), two_a, overflow);
    t2 = divide(add(-b, root, overflow), two_a, overflow);
    if (t1 > t2) {
        fix16_t t = t1;
        t1 = t2;
        t2 = t;
    }
    return t1 > 0 ? t1 : t2 > 0 ? t2 : 0;
}

af_status bench_intercept_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                                fix16_t speed, unsigned flags, af_shots_q16 *out)
{
    af_vec3_q16 D, V;
    fix16_t a, b, c, t;
    int overflow = 0;
    out->count = 0;
    relative_fix16(shooter, target, flags, &D, &V, &overflow);
    a = sub(dot(&V, &V, &overflow), mul(speed, speed, &overflow), &overflow);
    b = mul(2 * fix16_one, dot(&D, &V, &overflow), &overflow);
    c = dot(&D, &D, &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    t = first_time(a, b, c, &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    if (t <= 0)
        return AF_ERR_NO_SOLUTION;
    out->count = 1;
    out->shot[0].t = t;
    out->shot[0].velocity.x = divide(add(D.x, mul(V.x, t, &overflow), &overflow), t, &overflow);
    out->shot[0].velocity.y = divide(add(D.y, mul(V.y, t, &overflow), &overflow), t, &overflow);
    out->shot[0].velocity.z = divide(add(D.z, mul(V.z, t, &overflow), &overflow), t, &overflow);
    out->shot[0].point = vmove(&target->position, &target->velocity, t, &overflow);
    if (overflow) {
        out->count = 0;
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}
