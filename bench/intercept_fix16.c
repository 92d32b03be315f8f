/*
 * The textbook intercept on libfixmath (bench/ref_solvers.h): what a
 * fixed-point program without aimfix writes. |D + V t| = s t squared is
 * (V.V - s^2) t^2 + 2 (D.V) t + D.D = 0; the quadratic formula gives t,
 * and the launch velocity is (D + V t) / t. Every square of a distance or
 * speed is taken in Q16.16 itself, so it overflows beyond 181 m or m/s.
 */
#include "ref_solvers.h"

/* Every fix16_* result passes through here: a fix16_overflow is noted. */
static fix16_t noted(fix16_t v, int *overflow)
{
    if (v == fix16_overflow)
        *overflow = 1;
    return v;
}

static fix16_t add(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_add(a, b), overflow);
}

static fix16_t sub(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_sub(a, b), overflow);
}

static fix16_t mul(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_mul(a, b), overflow);
}

static fix16_t divide(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_div(a, b), overflow);
}

static fix16_t dot(const af_vec3_q16 *a, const af_vec3_q16 *b, int *overflow)
{
    return add(add(mul(a->x, b->x, overflow), mul(a->y, b->y, overflow), overflow),
               mul(a->z, b->z, overflow), overflow);
}

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
    D.x = sub(target->position.x, shooter->position.x, &overflow);
    D.y = sub(target->position.y, shooter->position.y, &overflow);
    D.z = sub(target->position.z, shooter->position.z, &overflow);
    V = target->velocity;
    if (flags & AF_INHERIT_VELOCITY) {
        V.x = sub(V.x, shooter->velocity.x, &overflow);
        V.y = sub(V.y, shooter->velocity.y, &overflow);
        V.z = sub(V.z, shooter->velocity.z, &overflow);
    }
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
    out->shot[0].point.x = add(target->position.x, mul(target->velocity.x, t, &overflow), &overflow);
    out->shot[0].point.y = add(target->position.y, mul(target->velocity.y, t, &overflow), &overflow);
    out->shot[0].point.z = add(target->position.z, mul(target->velocity.z, t, &overflow), &overflow);
    if (overflow) {
        out->count = 0;
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}
