/* SPDX-License-Identifier: MIT */
/* The CLI's turret aims (see solve_turret.h). */
#include "solve_turret.h"

#include <math.h>
#include <string.h>

#include "fixed.h"
#include "solve_drag.h"
#include "solve_qdrag.h"

#define HALF_PI 1.5707963267948966

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

/* The request's turret in Q16.16 (its numbers are already rounded; the
 * pitch limits as given, the Q16 domain's own). */
static void turret_q16(const request *rq, af_turret_q16 *t)
{
    af_turret_f64 f;
    solve_turret(rq, &f);
    t->pivot = fixed_vec(f.pivot);
    t->up = fixed_vec(f.up);
    t->forward = fixed_vec(f.forward);
    t->yaw_min = fixed_raw(f.yaw_min);
    t->yaw_max = fixed_raw(f.yaw_max);
    t->pitch_min = fixed_raw(rq->turret_pitch_min);
    t->pitch_max = fixed_raw(rq->turret_pitch_max);
    t->muzzle_forward = fixed_raw(f.muzzle_forward);
    t->muzzle_up = fixed_raw(f.muzzle_up);
    t->yaw = fixed_raw(f.yaw);
    t->pitch = fixed_raw(f.pitch);
    t->yaw_rate = fixed_raw(f.yaw_rate);
    t->pitch_rate = fixed_raw(f.pitch_rate);
    t->latency = fixed_raw(f.latency);
    t->speed = fixed_raw(f.speed);
    t->velocity = fixed_vec(f.velocity);
    t->flags = f.flags;
}

static af_body_accel_f64 accel_target(const request *rq)
{
    af_body_accel_f64 t;
    t.position = rq->target;
    t.velocity = rq->target_velocity;
    t.acceleration = rq->target_acceleration;
    return t;
}

/* The turret shots into the result: each shot's t its flight, its
 * velocity the world launch velocity, its point the impact. */
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

/* The Q16 turret shots, exactly in double, into the result. */
static void turret_answer_q16(const af_turret_shots_q16 *q, result *out)
{
    af_turret_shots_f64 ts;
    int i;
    memset(&ts, 0, sizeof ts);
    ts.count = q->count;
    for (i = 0; i < q->count; i++) {
        ts.shot[i].yaw = fixed_value(q->shot[i].yaw);
        ts.shot[i].pitch = fixed_value(q->shot[i].pitch);
        ts.shot[i].launch = fixed_value(q->shot[i].launch);
        ts.shot[i].flight = fixed_value(q->shot[i].flight);
        ts.shot[i].muzzle = fixed_vec_value(q->shot[i].muzzle);
        ts.shot[i].velocity = fixed_vec_value(q->shot[i].velocity);
        ts.shot[i].point = fixed_vec_value(q->shot[i].point);
    }
    turret_answer(&ts, out);
}

af_status run_turret_aim(const request *rq, result *out)
{
    af_turret_f64 t;
    af_body_f64 s, target;
    af_body_accel_f64 a = accel_target(rq);
    af_turret_shots_f64 ts;
    af_status st;
    solve_turret(rq, &t);
    solve_bodies(rq, &s, &target);
    st = request_has(rq, F_TARGET_ACCELERATION)
             ? af_turret_aim_accel_f64(&t, &a, &rq->gravity, &ts)
             : af_turret_aim_f64(&t, &target, &rq->gravity, &ts);
    turret_answer(&ts, out);
    return st;
}

af_status run_turret_aim_q16(const request *rq, result *out)
{
    af_turret_q16 t;
    af_body_q16 target = fixed_body(rq->target, rq->target_velocity);
    af_body_accel_q16 a;
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_turret_shots_q16 q;
    af_status st;
    turret_q16(rq, &t);
    a.position = target.position;
    a.velocity = target.velocity;
    a.acceleration = fixed_vec(rq->target_acceleration);
    st = request_has(rq, F_TARGET_ACCELERATION) ? af_turret_aim_accel_q16(&t, &a, &g, &q)
                                                : af_turret_aim_q16(&t, &target, &g, &q);
    turret_answer_q16(&q, out);
    return st;
}

/* turret_aim_drag: af_turret_aim_drag_f64, or af_turret_aim_qdrag_f64
 * for the quadratic model; their _accel_ forms with target_acceleration. */
af_status run_turret_aim_drag(const request *rq, result *out)
{
    af_turret_f64 t;
    af_body_f64 s, target;
    af_body_accel_f64 a = accel_target(rq);
    int accel = request_has(rq, F_TARGET_ACCELERATION);
    af_turret_shots_f64 ts;
    af_status st;
    memset(&ts, 0, sizeof ts);
    solve_turret(rq, &t);
    solve_bodies(rq, &s, &target);
    if (rq->drag_model == DRAG_QUADRATIC) {
        af_qdrag_f64 m;
        st = solve_qdrag_model(rq, &m, out);
        if (st == AF_OK)
            st = accel ? af_turret_aim_qdrag_accel_f64(&t, &m, &a, rq->max_time, &ts)
                       : af_turret_aim_qdrag_f64(&t, &m, &target, rq->max_time, &ts);
    } else {
        af_drag_f64 m;
        st = solve_drag_model(rq, &m, out);
        if (st == AF_OK)
            st = accel ? af_turret_aim_drag_accel_f64(&t, &m, &a, rq->max_time, &ts)
                       : af_turret_aim_drag_f64(&t, &m, &target, rq->max_time, &ts);
    }
    turret_answer(&ts, out);
    return st;
}

af_status run_turret_aim_drag_q16(const request *rq, result *out)
{
    af_turret_q16 t;
    af_body_q16 target = fixed_body(rq->target, rq->target_velocity);
    af_body_accel_q16 a;
    int accel = request_has(rq, F_TARGET_ACCELERATION);
    fix16_t max_time = fixed_raw(rq->max_time);
    af_turret_shots_q16 q;
    af_status st;
    memset(&q, 0, sizeof q);
    turret_q16(rq, &t);
    a.position = target.position;
    a.velocity = target.velocity;
    a.acceleration = fixed_vec(rq->target_acceleration);
    if (rq->drag_model == DRAG_QUADRATIC) {
        af_qdrag_q16 m;
        st = solve_qdrag_model_q16(rq, &m, out);
        if (st == AF_OK)
            st = accel ? af_turret_aim_qdrag_accel_q16(&t, &m, &a, max_time, &q)
                       : af_turret_aim_qdrag_q16(&t, &m, &target, max_time, &q);
    } else {
        af_drag_q16 m;
        st = solve_drag_model_q16(rq, &m, out);
        if (st == AF_OK)
            st = accel ? af_turret_aim_drag_accel_q16(&t, &m, &a, max_time, &q)
                       : af_turret_aim_drag_q16(&t, &m, &target, max_time, &q);
    }
    turret_answer_q16(&q, out);
    return st;
}

/* A drag turret shot f seconds after it left `from` at v (from when the
 * model or the prediction fails). */
static af_vec3_f64 drag_flight(const request *rq, af_vec3_f64 from, af_vec3_f64 v, double f)
{
    af_body_f64 start, end;
    af_status st;
    start.position = from;
    start.velocity = v;
    if (rq->drag_model == DRAG_QUADRATIC) {
        af_qdrag_f64 m;
        st = solve_qdrag_model(rq, &m, NULL);
        if (st == AF_OK)
            st = af_qdrag_predict_f64(&m, &start, f, &end);
    } else {
        af_drag_f64 m;
        st = solve_drag_model(rq, &m, NULL);
        if (st == AF_OK)
            st = af_drag_predict_f64(&m, &start, f, &end);
    }
    return st == AF_OK ? end.position : from;
}

af_vec3_f64 solve_turret_position(const request *rq, const result *res, int i, double t)
{
    af_vec3_f64 p = res->muzzle[i], v = res->shots.shot[i].velocity;
    double f = t - res->launch[i];
    if (!(f > 0.0))
        return p;
    if (solve_traits(rq) & SOLVER_DRAG)
        return drag_flight(rq, p, v, f);
    p.x += v.x * f + 0.5 * rq->gravity.x * f * f;
    p.y += v.y * f + 0.5 * rq->gravity.y * f * f;
    p.z += v.z * f + 0.5 * rq->gravity.z * f * f;
    return p;
}

double solve_turret_miss(const request *rq, const result *res, int i)
{
    double t = res->launch[i] + res->shots.shot[i].t;
    af_vec3_f64 p = solve_turret_position(rq, res, i, t);
    af_vec3_f64 a = rq->target_acceleration;
    double dx = p.x - (rq->target.x + rq->target_velocity.x * t + 0.5 * a.x * t * t),
           dy = p.y - (rq->target.y + rq->target_velocity.y * t + 0.5 * a.y * t * t),
           dz = p.z - (rq->target.z + rq->target_velocity.z * t + 0.5 * a.z * t * t);
    return sqrt(dx * dx + dy * dy + dz * dz);
}

/* ---- The head alone: turret_angles, turret_barrel ---------------------- */

/* The speed plays no part in the head's angles, but the turret's domain
 * asks for one: 1 m/s when the request gives none. */
static void head_turret(const request *rq, af_turret_f64 *t)
{
    solve_turret(rq, t);
    if (!request_has(rq, F_SPEED))
        t->speed = 1.0;
}

/* turret_barrel asks about the turret's own yaw and pitch: the turret
 * called holds them clamped into its limits (its domain), so that angles
 * beyond the limits get the library's beyond_yaw or beyond_pitch. */
static void clamp_angles(af_turret_f64 *t)
{
    if (!(t->flags & AF_TURRET_YAW_WRAPS))
        t->yaw = fmin(fmax(t->yaw, t->yaw_min), t->yaw_max);
    t->pitch = fmin(fmax(t->pitch, t->pitch_min), t->pitch_max);
}

static fix16_t clamp_raw(fix16_t v, fix16_t lo, fix16_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void command_answer(result *out, double yaw, double pitch, double slew)
{
    out->has_command = 1;
    out->command_yaw = yaw;
    out->command_pitch = pitch;
    out->command_slew = slew;
}

static void pose_answer(result *out, af_vec3_f64 barrel, af_vec3_f64 muzzle)
{
    out->has_pose = 1;
    out->pose_barrel = barrel;
    out->pose_muzzle = muzzle;
}

af_status run_turret_angles(const request *rq, result *out)
{
    af_turret_f64 t;
    af_turret_command_f64 c;
    af_status st;
    head_turret(rq, &t);
    st = af_turret_angles_f64(&t, &rq->direction, &c);
    if (st == AF_OK)
        command_answer(out, c.yaw, c.pitch, c.slew);
    return st;
}

af_status run_turret_angles_q16(const request *rq, result *out)
{
    af_turret_q16 t;
    af_turret_command_q16 c;
    af_vec3_q16 d = fixed_vec(rq->direction);
    af_status st;
    turret_q16(rq, &t);
    if (!request_has(rq, F_SPEED))
        t.speed = fixed_raw(1.0);
    st = af_turret_angles_q16(&t, &d, &c);
    if (st == AF_OK)
        command_answer(out, fixed_value(c.yaw), fixed_value(c.pitch), fixed_value(c.slew));
    return st;
}

af_status run_turret_barrel(const request *rq, result *out)
{
    af_turret_f64 t;
    af_turret_pose_f64 p;
    af_status st;
    head_turret(rq, &t);
    clamp_angles(&t);
    st = af_turret_barrel_f64(&t, rq->turret_yaw, rq->turret_pitch, &p);
    if (st == AF_OK)
        pose_answer(out, p.barrel, p.muzzle);
    return st;
}

af_status run_turret_barrel_q16(const request *rq, result *out)
{
    af_turret_q16 t;
    af_turret_pose_q16 p;
    af_status st;
    turret_q16(rq, &t);
    if (!request_has(rq, F_SPEED))
        t.speed = fixed_raw(1.0);
    if (!(t.flags & AF_TURRET_YAW_WRAPS))
        t.yaw = clamp_raw(t.yaw, t.yaw_min, t.yaw_max);
    t.pitch = clamp_raw(t.pitch, t.pitch_min, t.pitch_max);
    st = af_turret_barrel_q16(&t, fixed_raw(rq->turret_yaw), fixed_raw(rq->turret_pitch), &p);
    if (st == AF_OK)
        pose_answer(out, fixed_vec_value(p.barrel), fixed_vec_value(p.muzzle));
    return st;
}
