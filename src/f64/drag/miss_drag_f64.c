/* SPDX-License-Identifier: MIT */
/*
 * The closest shot of a fixed speed under drag when nothing hits, double
 * precision (see aimfix/miss.h): at each flight time the shot of that
 * speed along the fixed-time aim is flown and its distance to the target
 * then measured; the least over the times is returned.
 */
#include "aimfix/miss.h"

#include "../check_f64.h"
#include "../miss_f64.h"

struct fly {
    af_drag_f64 drag; /* without its step cap: the search's */
    const af_body_f64 *shooter, *target;
    const af_vec3_f64 *acc; /* the target's acceleration, or NULL */
    double speed;
    unsigned flags;
};

/* The shot of the speed aimed by the fixed-time aim at t, and its miss. */
static double fly_miss(const struct fly *f, double t, af_shot_f64 *shot)
{
    af_body_f64 at, start, end;
    af_shots_f64 one;
    double len;
    at.position = afr_vaddk(f->target->position, f->target->velocity, t);
    if (f->acc)
        at.position = afr_vaddk(at.position, *f->acc, 0.5 * t * t);
    at.velocity = afr_vzero();
    if (t == 0.0) {
        af_vec3_f64 d = afr_vsub(f->target->position, f->shooter->position);
        len = afr_vnorm(d);
        shot->t = 0.0;
        shot->velocity = len > 0.0 ? afr_vscale(afr_vdiv(d, len), f->speed) : afr_vzero();
        shot->point = f->target->position;
        return len;
    }
    if (!afr_vfinite(at.position) ||
        af_drag_aim_time_f64(&f->drag, f->shooter, &at, t, f->flags, &one) != AF_OK)
        return -1.0;
    len = afr_vnorm(one.shot[0].velocity);
    if (!(len > 0.0))
        return -1.0;
    shot->t = t;
    shot->velocity = afr_vscale(afr_vdiv(one.shot[0].velocity, len), f->speed);
    shot->point = at.position;
    start.position = f->shooter->position;
    start.velocity = (f->flags & AF_INHERIT_VELOCITY)
                         ? afr_vadd(shot->velocity, f->shooter->velocity)
                         : shot->velocity;
    if (af_drag_predict_f64(&f->drag, &start, t, &end) != AF_OK)
        return -1.0;
    len = afr_vnorm(afr_vsub(end.position, at.position));
    return isfinite(len) ? len : -1.0;
}

static double miss_at(double t, void *ctx)
{
    af_shot_f64 shot;
    return fly_miss(ctx, t, &shot);
}

/* The closest shot after the aim (at a target accelerating at acc, or
 * not: NULL) returned st. */
static af_status closest(const af_drag_f64 *drag, const af_body_f64 *shooter,
                         const af_body_f64 *target, const af_vec3_f64 *acc, double speed,
                         double max_time, unsigned flags, af_status st, af_miss_f64 *miss)
{
    struct fly f;
    double t = 0.0, m = 0.0;

    if (st != AF_ERR_NO_SOLUTION)
        return st;
    f.acc = acc;
    f.drag = *drag;
    f.drag.max_move = 0.0;
    f.shooter = shooter;
    f.target = target;
    f.speed = speed;
    f.flags = flags;
    if (!afr_miss_min_f64(miss_at, &f, max_time, &t, &m))
        return st;
    miss->distance = fly_miss(&f, t, &miss->shot);
    if (!(miss->distance >= 0.0) || !afr_vfinite(miss->shot.velocity) ||
        !afr_vfinite(miss->shot.point))
        memset(miss, 0, sizeof *miss);
    else if (t > 0.0) {
        af_body_f64 start;
        af_body_f64 end;
        start.position = shooter->position;
        start.velocity = (flags & AF_INHERIT_VELOCITY)
                             ? afr_vadd(miss->shot.velocity, shooter->velocity)
                             : miss->shot.velocity;
        /* The real engine refuses a flight that breaks its cap. */
        if (af_drag_predict_f64(drag, &start, t, &end) != AF_OK)
            memset(miss, 0, sizeof *miss);
    }
    return st;
}

af_status af_drag_aim_speed_miss_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                     const af_body_f64 *target, double speed, double max_time,
                                     unsigned flags, af_shots_f64 *out, af_miss_f64 *miss)
{
    if (!afr_miss_begin_f64(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    return closest(drag, shooter, target, NULL, speed, max_time, flags,
                   af_drag_aim_speed_f64(drag, shooter, target, speed, max_time, flags, out),
                   miss);
}

af_status af_drag_aim_speed_miss_accel_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                           const af_body_accel_f64 *target, double speed,
                                           double max_time, unsigned flags, af_shots_f64 *out,
                                           af_miss_f64 *miss)
{
    af_body_f64 now;
    af_status st;
    if (!afr_miss_begin_f64(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_drag_aim_speed_accel_f64(drag, shooter, target, speed, max_time, flags, out);
    if (st != AF_ERR_NO_SOLUTION)
        return st;
    now.position = target->position;
    now.velocity = target->velocity;
    /* No acceleration: the plain form's very bits (a point's -0 too). */
    return closest(drag, shooter, &now,
                   afr_viszero(target->acceleration) ? NULL : &target->acceleration, speed,
                   max_time, flags, st, miss);
}
