/* SPDX-License-Identifier: MIT */
/*
 * The textbook lobs on libfixmath (bench/yardsticks/ref_solvers.h): what a
 * fixed-point program without aimfix writes, from the formulas every
 * physics text and forum answer gives for a level x axis and an up y axis
 * (here up is z). One fix16_* call per operation; the squares and fourth
 * powers are taken in Q16.16 itself, so v^4 overflows above 13.45 m/s,
 * v^2 and x^2 above 181 m/s or m.
 */
#include "noted_fix16.h"
#include "ref_solvers.h"

/* Rounds of the moving target's iteration, and the agreement (LSB of t)
 * that ends it sooner: a forum answer's "iterate a few times". */
#define MOVING_ROUNDS 10
#define MOVING_AGREE 2

/* A target dx, dy away horizontally (x = |(dx, dy)|) at launch speed s:
 * s^2, g x, and the root of the discriminant v^4 - g (g x^2 + 2 y v^2). */
struct textbook {
    fix16_t dx, dy, x, s, v2, gx, root;
};

static af_status textbook_setup(struct textbook *tb, const af_vec3_q16 *d, fix16_t s, fix16_t g,
                                int *overflow)
{
    fix16_t disc;
    tb->dx = d->x;
    tb->dy = d->y;
    tb->s = s;
    tb->x = fix16_sqrt(add(mul(d->x, d->x, overflow), mul(d->y, d->y, overflow), overflow));
    tb->v2 = mul(s, s, overflow);
    tb->gx = mul(g, tb->x, overflow);
    disc = sub(mul(tb->v2, tb->v2, overflow),
               mul(g,
                   add(mul(g, mul(tb->x, tb->x, overflow), overflow),
                       mul(2 * fix16_one, mul(d->z, tb->v2, overflow), overflow), overflow),
                   overflow),
               overflow);
    if (*overflow)
        return AF_ERR_OVERFLOW;
    if (disc < 0)
        return AF_ERR_NO_SOLUTION;
    tb->root = fix16_sqrt(disc);
    return AF_OK;
}

/* The arc at theta = atan2(v^2 + root, g x) (root negated: the low arc):
 * t = x / (s cos theta), the horizontal velocity along (dx, dy) / x. */
static void textbook_shot(const struct textbook *tb, fix16_t root, af_shot_q16 *shot,
                          int *overflow)
{
    fix16_t theta = fix16_atan2(add(tb->v2, root, overflow), tb->gx);
    fix16_t horizontal = mul(tb->s, fix16_cos(theta), overflow);
    shot->t = divide(tb->x, horizontal, overflow);
    shot->velocity.x = mul(horizontal, divide(tb->dx, tb->x, overflow), overflow);
    shot->velocity.y = mul(horizontal, divide(tb->dy, tb->x, overflow), overflow);
    shot->velocity.z = mul(tb->s, fix16_sin(theta), overflow);
}

af_status bench_arc_point_fix16(const af_vec3_q16 *from, const af_vec3_q16 *to, fix16_t speed,
                                const af_vec3_q16 *gravity, af_shots_q16 *out)
{
    struct textbook tb;
    af_vec3_q16 d;
    int overflow = 0;
    af_status status;
    out->count = 0;
    d = vsub(to, from, &overflow);
    status = textbook_setup(&tb, &d, speed, -gravity->z, &overflow);
    if (status != AF_OK)
        return status;
    textbook_shot(&tb, -tb.root, &out->shot[0], &overflow);
    textbook_shot(&tb, tb.root, &out->shot[1], &overflow);
    out->shot[0].point = out->shot[1].point = *to;
    if (overflow)
        return AF_ERR_OVERFLOW;
    out->count = 2;
    return AF_OK;
}

af_status bench_arc_moving_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                                 fix16_t speed, const af_vec3_q16 *gravity, unsigned flags,
                                 af_shots_q16 *out)
{
    struct textbook tb;
    af_vec3_q16 D, V, P;
    af_shot_q16 shot;
    fix16_t t = 0;
    int overflow = 0, round;
    af_status status;
    out->count = 0;
    relative_fix16(shooter, target, flags, &D, &V, &overflow);
    for (round = 0; round < MOVING_ROUNDS; round++) {
        fix16_t last = t;
        P = vmove(&D, &V, t, &overflow);
        status = textbook_setup(&tb, &P, speed, -gravity->z, &overflow);
        if (status != AF_OK)
            return status;
        textbook_shot(&tb, -tb.root, &shot, &overflow);
        if (overflow)
            return AF_ERR_OVERFLOW;
        t = shot.t; /* x / (s cos theta) >= 0: the difference below fits */
        if (t - last <= MOVING_AGREE && last - t <= MOVING_AGREE)
            break;
    }
    shot.point = vmove(&target->position, &target->velocity, t, &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    out->shot[0] = shot;
    out->count = 1;
    return AF_OK;
}

af_status bench_arc_max_range_fix16(fix16_t speed, fix16_t height, const af_vec3_q16 *gravity,
                                    af_range_q16 *out)
{
    fix16_t g = -gravity->z, arg, root, theta;
    int overflow = 0;
    out->range = out->t = out->horizontal_speed = out->vertical_speed = 0;
    arg = sub(mul(speed, speed, &overflow), mul(mul(2 * fix16_one, g, &overflow), height, &overflow),
              &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    if (arg < 0)
        return AF_ERR_NO_SOLUTION;
    root = fix16_sqrt(arg);
    theta = fix16_atan(divide(speed, root, &overflow));
    out->range = mul(divide(speed, g, &overflow), root, &overflow);
    out->horizontal_speed = mul(speed, fix16_cos(theta), &overflow);
    out->vertical_speed = mul(speed, fix16_sin(theta), &overflow);
    out->t = divide(out->range, out->horizontal_speed, &overflow);
    return overflow ? AF_ERR_OVERFLOW : AF_OK;
}

af_status bench_arc_min_speed_fix16(const af_vec3_q16 *from, const af_vec3_q16 *to,
                                    const af_vec3_q16 *gravity, af_shots_q16 *out)
{
    af_vec3_q16 d;
    af_shot_q16 *shot = &out->shot[0];
    fix16_t x, lift, s, theta, horizontal;
    int overflow = 0;
    out->count = 0;
    d = vsub(to, from, &overflow);
    x = fix16_sqrt(add(mul(d.x, d.x, &overflow), mul(d.y, d.y, &overflow), &overflow));
    lift = add(d.z, fix16_sqrt(add(mul(x, x, &overflow), mul(d.z, d.z, &overflow), &overflow)),
               &overflow);
    s = fix16_sqrt(mul(-gravity->z, lift, &overflow));
    theta = fix16_atan2(lift, x);
    horizontal = mul(s, fix16_cos(theta), &overflow);
    shot->t = divide(x, horizontal, &overflow);
    shot->velocity.x = mul(horizontal, divide(d.x, x, &overflow), &overflow);
    shot->velocity.y = mul(horizontal, divide(d.y, x, &overflow), &overflow);
    shot->velocity.z = mul(s, fix16_sin(theta), &overflow);
    shot->point = *to;
    if (overflow)
        return AF_ERR_OVERFLOW;
    out->count = 1;
    return AF_OK;
}
