/* SPDX-License-Identifier: MIT */
/*
 * The closest shot of a fixed speed under drag when nothing hits, Q16.16
 * (see aimfix/miss.h): at each flight time the shot of that speed along
 * af_drag_aim_time_q16's aim is flown by af_drag_predict_q16 and its
 * distance to the target then measured; afq_miss_min finds the least.
 */
#include "aimfix/miss.h"

#include <string.h>

#include "aimfix/q16.h"
#include "../fixed_scan_q16.h"
#include "../miss_q16.h"

struct fly {
    af_drag_q16 drag; /* without its step cap: the search's */
    const af_body_q16 *shooter, *target;
    const af_vec3_q16 *acc; /* the target's acceleration, or NULL */
    fix16_t speed;
    unsigned flags;
};

/* The shot aimed at t and its miss (raw). */
static int fly_shot(const struct fly *f, const af_drag_q16 *drag, fix16_t t, af_shot_q16 *shot,
                    uint64_t *m)
{
    af_body_accel_q16 body;
    af_body_q16 at, start, end;
    af_shots_q16 one;
    af_vec3_q16 gap;
    body.position = f->target->position;
    body.velocity = f->target->velocity;
    body.acceleration.x = body.acceleration.y = body.acceleration.z = 0;
    at.velocity = body.acceleration;
    if (f->acc)
        body.acceleration = *f->acc;
    if (!afq_fixed_point(&body, t, &at.position))
        return 0;
    shot->t = t;
    shot->point = at.position;
    if (t == 0) {
        if (af_vec3_sub_q16(&f->target->position, &f->shooter->position, &gap) != AF_OK)
            return 0;
        if (af_vec3_resize_q16(&gap, f->speed, &shot->velocity) != AF_OK)
            shot->velocity = at.velocity;
        *m = af_sqrt_u64(af_vec3_len2_q16(&gap));
        return 1;
    }
    if (af_drag_aim_time_q16(drag, f->shooter, &at, t, f->flags, &one) != AF_OK ||
        af_vec3_resize_q16(&one.shot[0].velocity, f->speed, &shot->velocity) != AF_OK)
        return 0;
    start.position = f->shooter->position;
    start.velocity = shot->velocity;
    if ((f->flags & AF_INHERIT_VELOCITY) &&
        af_vec3_add_q16(&shot->velocity, &f->shooter->velocity, &start.velocity) != AF_OK)
        return 0;
    if (af_drag_predict_q16(drag, &start, t, &end) != AF_OK ||
        af_vec3_sub_q16(&end.position, &at.position, &gap) != AF_OK)
        return 0;
    *m = af_sqrt_u64(af_vec3_len2_q16(&gap));
    return 1;
}

static int miss_at(void *ctx, fix16_t t, uint64_t *m)
{
    const struct fly *f = ctx;
    af_shot_q16 shot;
    return fly_shot(f, &f->drag, t, &shot, m);
}

/* The closest shot after the aim (at a target accelerating at acc, or
 * not: NULL) returned st. */
static af_status closest(const af_drag_q16 *drag, const af_body_q16 *shooter,
                         const af_body_q16 *target, const af_vec3_q16 *acc, fix16_t speed,
                         fix16_t max_time, unsigned flags, af_status st, af_miss_q16 *miss)
{
    struct fly f;
    fix16_t t = 0;
    uint64_t m = 0;

    if (st != AF_ERR_NO_SOLUTION)
        return st;
    f.drag = *drag;
    f.drag.max_move = 0;
    f.shooter = shooter;
    f.target = target;
    f.acc = acc;
    f.speed = speed;
    f.flags = flags;
    /* The real model (its cap included) flies the closest shot once more. */
    if (!afq_miss_min(miss_at, &f, max_time, &t, &m) ||
        !fly_shot(&f, drag, t, &miss->shot, &m) || m > 0x7FFFFFFFu)
        memset(miss, 0, sizeof *miss);
    else
        miss->distance = (fix16_t)m;
    return st;
}

af_status af_drag_aim_speed_miss_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                     const af_body_q16 *target, fix16_t speed, fix16_t max_time,
                                     unsigned flags, af_shots_q16 *out, af_miss_q16 *miss)
{
    if (!afq_miss_begin(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    return closest(drag, shooter, target, NULL, speed, max_time, flags,
                   af_drag_aim_speed_q16(drag, shooter, target, speed, max_time, flags, out),
                   miss);
}

af_status af_drag_aim_speed_miss_accel_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                           const af_body_accel_q16 *target, fix16_t speed,
                                           fix16_t max_time, unsigned flags, af_shots_q16 *out,
                                           af_miss_q16 *miss)
{
    af_body_q16 now;
    af_status st;
    if (!afq_miss_begin(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_drag_aim_speed_accel_q16(drag, shooter, target, speed, max_time, flags, out);
    if (st != AF_ERR_NO_SOLUTION)
        return st;
    now.position = target->position;
    now.velocity = target->velocity;
    return closest(drag, shooter, &now, &target->acceleration, speed, max_time, flags, st, miss);
}
