/* SPDX-License-Identifier: MIT */
/* The CLI's fixed launchers, turret aim and closest misses (see
 * solve_shots.h). */
#include "solve_shots.h"

#include <math.h>
#include <string.h>

#include "fixed.h"
#include "solve_drag.h"

#define HALF_PI 1.5707963267948966

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

/* ---- turret_aim ------------------------------------------------------ */

void solve_turret(const request *rq, af_turret_f64 *t)
{
    double g = sqrt(rq->gravity.x * rq->gravity.x + rq->gravity.y * rq->gravity.y +
                    rq->gravity.z * rq->gravity.z);
    memset(t, 0, sizeof *t);
    t->pivot = rq->shooter;
    t->velocity = rq->shooter_velocity;
    t->speed = rq->speed;
    if (request_has(rq, F_TURRET_UP))
        t->up = rq->turret_up;
    else if (g > 0.0) {
        t->up.x = -rq->gravity.x / g;
        t->up.y = -rq->gravity.y / g;
        t->up.z = -rq->gravity.z / g;
    } else
        t->up.z = 1.0;
    t->forward = rq->turret_forward;
    t->yaw = rq->turret_yaw;
    t->pitch = rq->turret_pitch;
    t->yaw_min = rq->turret_yaw_min;
    t->yaw_max = rq->turret_yaw_max;
    /* Q16.16 rounds pi/2 up by 3e-6: the f64 turret of a rounded request
     * keeps its limits within the domain. */
    t->pitch_min = fmax(rq->turret_pitch_min, -HALF_PI);
    t->pitch_max = fmin(rq->turret_pitch_max, HALF_PI);
    t->yaw_rate = rq->turret_yaw_rate;
    t->pitch_rate = rq->turret_pitch_rate;
    t->latency = rq->turret_latency;
    t->muzzle_forward = rq->turret_muzzle_forward;
    t->muzzle_up = rq->turret_muzzle_up;
    t->flags = solve_flags(rq);
    if (!request_has(rq, F_TURRET_YAW_MIN) && !request_has(rq, F_TURRET_YAW_MAX))
        t->flags |= AF_TURRET_YAW_WRAPS;
}

static void turret_answer(const af_turret_shots_f64 *ts, result *out)
{
    int i;
    out->has_turret = 1;
    out->shots.count = ts->count;
    for (i = 0; i < ts->count; i++) {
        const af_turret_shot_f64 *s = &ts->shot[i];
        out->shots.shot[i].t = s->flight;
        out->shots.shot[i].velocity = s->velocity;
        out->shots.shot[i].point = s->point;
        out->yaw[i] = s->yaw;
        out->pitch[i] = s->pitch;
        out->launch[i] = s->launch;
        out->muzzle[i] = s->muzzle;
    }
}

af_status run_turret_aim(const request *rq, result *out)
{
    af_turret_f64 t;
    af_body_f64 s, target;
    af_turret_shots_f64 ts;
    af_status st;
    solve_turret(rq, &t);
    solve_bodies(rq, &s, &target);
    st = af_turret_aim_f64(&t, &target, &rq->gravity, &ts);
    turret_answer(&ts, out);
    return st;
}

af_status run_turret_aim_q16(const request *rq, result *out)
{
    af_turret_f64 f;
    af_turret_q16 t;
    af_body_q16 target = fixed_body(rq->target, rq->target_velocity);
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_turret_shots_q16 q;
    af_turret_shots_f64 ts;
    af_status st;
    int i;
    solve_turret(rq, &f);
    t.pivot = fixed_vec(f.pivot);
    t.up = fixed_vec(f.up);
    t.forward = fixed_vec(f.forward);
    t.yaw_min = fixed_raw(f.yaw_min);
    t.yaw_max = fixed_raw(f.yaw_max);
    t.pitch_min = fixed_raw(rq->turret_pitch_min);
    t.pitch_max = fixed_raw(rq->turret_pitch_max);
    t.muzzle_forward = fixed_raw(f.muzzle_forward);
    t.muzzle_up = fixed_raw(f.muzzle_up);
    t.yaw = fixed_raw(f.yaw);
    t.pitch = fixed_raw(f.pitch);
    t.yaw_rate = fixed_raw(f.yaw_rate);
    t.pitch_rate = fixed_raw(f.pitch_rate);
    t.latency = fixed_raw(f.latency);
    t.speed = fixed_raw(f.speed);
    t.velocity = fixed_vec(f.velocity);
    t.flags = f.flags;
    st = af_turret_aim_q16(&t, &target, &g, &q);
    memset(&ts, 0, sizeof ts);
    ts.count = q.count;
    for (i = 0; i < q.count; i++) {
        ts.shot[i].yaw = fixed_value(q.shot[i].yaw);
        ts.shot[i].pitch = fixed_value(q.shot[i].pitch);
        ts.shot[i].launch = fixed_value(q.shot[i].launch);
        ts.shot[i].flight = fixed_value(q.shot[i].flight);
        ts.shot[i].muzzle = fixed_vec_value(q.shot[i].muzzle);
        ts.shot[i].velocity = fixed_vec_value(q.shot[i].velocity);
        ts.shot[i].point = fixed_vec_value(q.shot[i].point);
    }
    turret_answer(&ts, out);
    return st;
}

af_vec3_f64 solve_turret_position(const request *rq, const result *res, int i, double t)
{
    af_vec3_f64 p = res->muzzle[i], v = res->shots.shot[i].velocity;
    double f = t - res->launch[i];
    if (!(f > 0.0))
        return p;
    p.x += v.x * f + 0.5 * rq->gravity.x * f * f;
    p.y += v.y * f + 0.5 * rq->gravity.y * f * f;
    p.z += v.z * f + 0.5 * rq->gravity.z * f * f;
    return p;
}

double solve_turret_miss(const request *rq, const result *res, int i)
{
    double t = res->launch[i] + res->shots.shot[i].t;
    af_vec3_f64 p = solve_turret_position(rq, res, i, t);
    double dx = p.x - (rq->target.x + rq->target_velocity.x * t),
           dy = p.y - (rq->target.y + rq->target_velocity.y * t),
           dz = p.z - (rq->target.z + rq->target_velocity.z * t);
    return sqrt(dx * dx + dy * dy + dz * dz);
}
