/* SPDX-License-Identifier: MIT */
/* The CLI's fixed launchers and closest misses (see solve_shots.h). */
#include "solve_shots.h"

#include <string.h>

#include "fixed.h"
#include "solve_drag.h"

static af_body_accel_f64 accel_target(const request *rq)
{
    af_body_accel_f64 t;
    t.position = rq->target;
    t.velocity = rq->target_velocity;
    t.acceleration = rq->target_acceleration;
    return t;
}

static af_body_accel_q16 accel_target_q16(const request *rq)
{
    af_body_accel_q16 t;
    t.position = fixed_vec(rq->target);
    t.velocity = fixed_vec(rq->target_velocity);
    t.acceleration = fixed_vec(rq->target_acceleration);
    return t;
}

af_status run_fixed_dir(const request *rq, result *out)
{
    af_body_f64 s, t;
    af_body_accel_f64 a = accel_target(rq);
    solve_bodies(rq, &s, &t);
    return af_fixed_dir_f64(&s, &a, &rq->direction, &rq->gravity, solve_flags(rq), &out->shots);
}

af_status run_fixed_elev(const request *rq, result *out)
{
    af_body_f64 s, t;
    af_body_accel_f64 a = accel_target(rq);
    solve_bodies(rq, &s, &t);
    return af_fixed_elev_f64(&s, &a, rq->elevation, &rq->gravity, solve_flags(rq), &out->shots);
}

static af_status run_drag_fixed(const request *rq, result *out, int elev)
{
    af_drag_f64 m;
    af_body_f64 s, t;
    af_body_accel_f64 a = accel_target(rq);
    af_status st = solve_drag_model(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_bodies(rq, &s, &t);
    return elev ? af_drag_fixed_elev_f64(&m, &s, &a, rq->elevation, rq->max_time,
                                         solve_flags(rq), &out->shots)
                : af_drag_fixed_dir_f64(&m, &s, &a, &rq->direction, rq->max_time,
                                        solve_flags(rq), &out->shots);
}

af_status run_drag_fixed_dir(const request *rq, result *out)
{
    return run_drag_fixed(rq, out, 0);
}

af_status run_drag_fixed_elev(const request *rq, result *out)
{
    return run_drag_fixed(rq, out, 1);
}

af_status run_fixed_dir_q16(const request *rq, result *out)
{
    af_body_q16 s = fixed_body(rq->shooter, rq->shooter_velocity);
    af_body_accel_q16 a = accel_target_q16(rq);
    af_vec3_q16 d = fixed_vec(rq->direction), g = fixed_vec(rq->gravity);
    af_shots_q16 q;
    af_status st = af_fixed_dir_q16(&s, &a, &d, &g, solve_flags(rq), &q);
    fixed_shots_value(&q, &out->shots);
    return st;
}

af_status run_fixed_elev_q16(const request *rq, result *out)
{
    af_body_q16 s = fixed_body(rq->shooter, rq->shooter_velocity);
    af_body_accel_q16 a = accel_target_q16(rq);
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&s, &a, fixed_raw(rq->elevation), &g, solve_flags(rq), &q);
    fixed_shots_value(&q, &out->shots);
    return st;
}

static af_status run_drag_fixed_q16(const request *rq, result *out, int elev)
{
    af_drag_q16 m;
    af_body_q16 s = fixed_body(rq->shooter, rq->shooter_velocity);
    af_body_accel_q16 a = accel_target_q16(rq);
    af_vec3_q16 d = fixed_vec(rq->direction);
    af_shots_q16 q;
    af_status st = solve_drag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    memset(&q, 0, sizeof q);
    st = elev ? af_drag_fixed_elev_q16(&m, &s, &a, fixed_raw(rq->elevation),
                                       fixed_raw(rq->max_time), solve_flags(rq), &q)
              : af_drag_fixed_dir_q16(&m, &s, &a, &d, fixed_raw(rq->max_time), solve_flags(rq),
                                      &q);
    fixed_shots_value(&q, &out->shots);
    return st;
}

af_status run_drag_fixed_dir_q16(const request *rq, result *out)
{
    return run_drag_fixed_q16(rq, out, 0);
}

af_status run_drag_fixed_elev_q16(const request *rq, result *out)
{
    return run_drag_fixed_q16(rq, out, 1);
}

void solve_miss_store(result *out, const af_miss_f64 *miss)
{
    out->has_miss = miss->distance > 0.0 || miss->shot.t > 0.0;
    out->miss_distance = miss->distance;
    out->miss_shot = miss->shot;
}

void solve_miss_store_q16(result *out, const af_miss_q16 *miss)
{
    af_miss_f64 m;
    m.distance = fixed_value(miss->distance);
    m.shot.t = fixed_value(miss->shot.t);
    m.shot.velocity = fixed_vec_value(miss->shot.velocity);
    m.shot.point = fixed_vec_value(miss->shot.point);
    solve_miss_store(out, &m);
}
