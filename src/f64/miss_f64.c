/* SPDX-License-Identifier: MIT */
/*
 * The closest shot when nothing hits, in vacuum, double precision (see
 * aimfix/miss.h): the miss at t is |Q(t)| - s t, Q(t) = D + V t - g t^2/2
 * the reach the shot must cover, minimised over t.
 */
#include "aimfix/miss.h"

#include "aimfix/accel.h"

#include "check_f64.h"
#include "miss_f64.h"

struct reach {
    af_vec3_f64 d, v, g;
    double speed;
};

static af_vec3_f64 reach_at(const struct reach *r, double t)
{
    return afr_vaddk(afr_vaddk(r->d, r->v, t), r->g, -0.5 * t * t);
}

static double reach_miss(double t, void *ctx)
{
    const struct reach *r = ctx;
    double m = afr_vnorm(reach_at(r, t)) - r->speed * t;
    return isfinite(m) ? fmax(m, 0.0) : -1.0;
}

/* The closest shot from the shooter at the target moving at v (relative
 * motion d, v) and accelerating at acc (NULL: not), after the solver
 * found none: the reach D + V t + (a - g) t^2/2, gravity relative to the
 * target's acceleration. */
static void closest(const af_vec3_f64 *target_pos, const af_vec3_f64 *target_vel,
                    const af_vec3_f64 *acc, af_vec3_f64 d, af_vec3_f64 v, double speed,
                    const af_vec3_f64 *gravity, af_miss_f64 *miss)
{
    struct reach r;
    double a, w, t_hi, t = 0.0, m = 0.0, len;
    af_vec3_f64 q;
    r.d = d;
    r.v = v;
    r.g = acc ? afr_vsub(*gravity, *acc) : *gravity;
    r.speed = speed;
    a = afr_vnorm(r.g);
    w = afr_vnorm(v) + speed;
    if (a > 0.0)
        t_hi = (w + sqrt(w * w + 4.0 * a * afr_vnorm(d))) / a;
    else if (afr_vnorm(v) > speed)
        t_hi = 2.0 * afr_vnorm(d) / (afr_vnorm(v) - speed);
    else
        t_hi = 0x1p20 * afr_vnorm(d) / speed;
    if (!isfinite(t_hi) || !(t_hi > 0.0) || !afr_miss_min_f64(reach_miss, &r, t_hi, &t, &m))
        return;
    q = reach_at(&r, t);
    len = afr_vnorm(q);
    if (!(len > 0.0))
        return;
    miss->distance = m;
    miss->shot.t = t;
    miss->shot.velocity = afr_vscale(afr_vdiv(q, len), speed);
    miss->shot.point = afr_vaddk(*target_pos, *target_vel, t);
    if (acc)
        miss->shot.point = afr_vaddk(miss->shot.point, *acc, 0.5 * t * t);
    if (!isfinite(m) || !afr_vfinite(miss->shot.velocity) || !afr_vfinite(miss->shot.point))
        memset(miss, 0, sizeof *miss);
}

af_status af_arc_point_miss_f64(const af_vec3_f64 *from, const af_vec3_f64 *to, double speed,
                                const af_vec3_f64 *gravity, af_shots_f64 *out,
                                af_miss_f64 *miss)
{
    af_status st;
    if (!afr_miss_begin_f64(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_arc_point_f64(from, to, speed, gravity, out);
    if (st == AF_ERR_NO_SOLUTION) {
        af_vec3_f64 zero = afr_vzero();
        closest(to, &zero, NULL, afr_vsub(*to, *from), zero, speed, gravity, miss);
    }
    return st;
}

af_status af_arc_moving_miss_f64(const af_body_f64 *shooter, const af_body_f64 *target,
                                 double speed, const af_vec3_f64 *gravity, unsigned flags,
                                 af_shots_f64 *out, af_miss_f64 *miss)
{
    af_status st;
    if (!afr_miss_begin_f64(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_arc_moving_f64(shooter, target, speed, gravity, flags, out);
    if (st == AF_ERR_NO_SOLUTION) {
        af_vec3_f64 d, v;
        afr_relative_motion_f64(shooter, target, flags, &d, &v);
        closest(&target->position, &target->velocity, NULL, d, v, speed, gravity, miss);
    }
    return st;
}

af_status af_arc_moving_miss_accel_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                                       double speed, const af_vec3_f64 *gravity, unsigned flags,
                                       af_shots_f64 *out, af_miss_f64 *miss)
{
    af_status st;
    if (!afr_miss_begin_f64(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_arc_moving_accel_f64(shooter, target, speed, gravity, flags, out);
    if (st == AF_ERR_NO_SOLUTION) {
        af_body_f64 now;
        af_vec3_f64 d, v;
        now.position = target->position;
        now.velocity = target->velocity;
        afr_relative_motion_f64(shooter, &now, flags, &d, &v);
        /* No acceleration: the plain form's very bits (its point's -0 too). */
        closest(&target->position, &target->velocity,
                afr_viszero(target->acceleration) ? NULL : &target->acceleration, d, v, speed,
                gravity, miss);
    }
    return st;
}
