/* SPDX-License-Identifier: MIT */
/*
 * The CLI's Q16 quadratic drag runners (solve_qdrag.h): the model (either
 * kind) rounded to Q16.16 (solve_qdrag_model_q16), the _q16 function, its
 * answer stored in the result's doubles, which hold Q16.16 values exactly.
 */
#include "solve_qdrag.h"

#include <string.h>

#include "fixed.h"
#include "solve_drag.h"

af_status solve_qdrag_model_q16(const request *rq, af_qdrag_q16 *m, result *out)
{
    af_qdrag_f64 f;
    af_status st = solve_qdrag_model_f64(rq, &f, out);
    memset(m, 0, sizeof *m);
    if (st != AF_OK)
        return st;
    m->kind = f.kind;
    m->order = f.order;
    m->gravity = fixed_vec(f.gravity);
    m->wind = fixed_vec(f.wind);
    m->c = fixed_raw(f.c);
    /* The continuous kind chooses its Runge-Kutta step from the scene
     * (drag.dt is the engine's step, which it does not use). */
    m->dt = f.kind == AF_DRAG_KIND_STEPPED ? fixed_raw(f.dt) : 0;
    /* k from the projectile's figures is no Q16.16 number of its own. */
    if (!fixed_round(f.k, &m->k))
        return AF_ERR_OUT_OF_RANGE;
    return AF_OK;
}

af_qdrag_f64 solve_qdrag_model_value(const af_qdrag_q16 *m)
{
    af_qdrag_f64 f;
    f.kind = m->kind;
    f.order = m->order;
    f.gravity = fixed_vec_value(m->gravity);
    f.wind = fixed_vec_value(m->wind);
    f.k = fixed_value(m->k);
    f.c = fixed_value(m->c);
    f.dt = fixed_value(m->dt);
    return f;
}

af_status run_qdrag_predict_q16(const request *rq, result *out)
{
    af_qdrag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq), state;
    fix16_t t = fixed_raw(rq->time);
    af_status st = solve_qdrag_model_q16(rq, &m, out);
    if (st == AF_OK)
        st = solve_drag_time_or_steps(rq, out);
    if (st != AF_OK)
        return st;
    if (request_has(rq, F_STEPS)) {
        st = af_qdrag_predict_steps_q16(&m, &start, fixed_raw(rq->steps), &state);
        if (st == AF_OK)
            st = af_mul_q16(fixed_raw(rq->steps), m.dt, &t);
    } else {
        st = af_qdrag_predict_q16(&m, &start, t, &state);
    }
    if (st != AF_OK)
        return st;
    solve_drag_state_q16(out, rq, t, &state);
    return AF_OK;
}

static af_status run_event_q16(const request *rq, result *out, int apex)
{
    af_qdrag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq);
    af_drag_event_q16 ev;
    af_branch branch = rq->branch == BRANCH_RISING ? AF_RISING : AF_FALLING;
    af_status st = solve_qdrag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    st = apex ? af_qdrag_apex_q16(&m, &start, &ev)
              : af_qdrag_time_at_height_q16(&m, &start, fixed_raw(rq->height), branch, &ev);
    if (st != AF_OK)
        return st;
    solve_drag_event_q16(out, rq, apex, &ev);
    return AF_OK;
}

af_status run_qdrag_apex_q16(const request *rq, result *out)
{
    return run_event_q16(rq, out, 1);
}

af_status run_qdrag_height_q16(const request *rq, result *out)
{
    return run_event_q16(rq, out, 0);
}

af_status run_qdrag_land_q16(const request *rq, result *out)
{
    af_qdrag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq), state;
    af_drag_landing_q16 landing;
    af_body_f64 at;
    terrain ground;
    af_status st = solve_qdrag_model_q16(rq, &m, out);
    if (st == AF_OK)
        st = solve_drag_terrain(rq, &ground, out);
    if (st != AF_OK)
        return st;
    st = af_qdrag_land_q16(&m, &start, fixed_raw(rq->max_time), fixed_raw(rq->tolerance),
                           solve_drag_raycast_q16, &ground, &landing);
    out->has_casts = 1;
    out->casts = landing.casts;
    if (st != AF_OK)
        return st;
    st = af_qdrag_predict_q16(&m, &start, landing.t, &state);
    if (st != AF_OK)
        return st;
    state.velocity = landing.velocity;
    at = fixed_body_value(&state);
    solve_drag_answer(out, fixed_value(landing.t), rq->velocity, fixed_vec_value(landing.point),
                      &at);
    return AF_OK;
}

static af_status run_aim_q16(const request *rq, result *out, int by_speed)
{
    af_qdrag_q16 m;
    af_body_q16 s = fixed_body(rq->shooter, rq->shooter_velocity);
    af_body_q16 t = fixed_body(rq->target, rq->target_velocity);
    af_shots_q16 q;
    af_status st = solve_qdrag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    if (request_has(rq, F_TARGET_ACCELERATION)) {
        af_body_accel_q16 a;
        a.position = t.position;
        a.velocity = t.velocity;
        a.acceleration = fixed_vec(rq->target_acceleration);
        st = by_speed ? af_qdrag_aim_speed_accel_q16(&m, &s, &a, fixed_raw(rq->speed),
                                                     fixed_raw(rq->max_time), solve_flags(rq), &q)
                      : af_qdrag_aim_time_accel_q16(&m, &s, &a, fixed_raw(rq->time_of_flight),
                                                    solve_flags(rq), &q);
        fixed_shots_value(&q, &out->shots);
        return st;
    }
    st = by_speed ? af_qdrag_aim_speed_q16(&m, &s, &t, fixed_raw(rq->speed),
                                           fixed_raw(rq->max_time), solve_flags(rq), &q)
                  : af_qdrag_aim_time_q16(&m, &s, &t, fixed_raw(rq->time_of_flight),
                                          solve_flags(rq), &q);
    fixed_shots_value(&q, &out->shots);
    return st;
}

af_status run_qdrag_aim_time_q16(const request *rq, result *out)
{
    return run_aim_q16(rq, out, 0);
}

af_status run_qdrag_aim_speed_q16(const request *rq, result *out)
{
    return run_aim_q16(rq, out, 1);
}

/* As run_drag_max_range_q16: the height and heading from the request,
 * rounded; the launch velocity built from the answer, rounded, and flown
 * to the landing point. */
af_status run_qdrag_max_range_q16(const request *rq, result *out)
{
    af_qdrag_q16 m;
    af_range_q16 r;
    af_range_f64 rf;
    af_vec3_f64 up, heading;
    af_vec3_q16 heading_q;
    af_body_q16 start, end;
    fix16_t h;
    double h_f64;
    af_status st = solve_qdrag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_range_frame(rq, &up, &h_f64, &heading);
    if (!fixed_round(h_f64, &h))
        return AF_ERR_OUT_OF_RANGE;
    heading_q = fixed_vec(heading);
    st = af_qdrag_max_range_q16(&m, fixed_raw(rq->speed), h, &heading_q, &r);
    if (st != AF_OK)
        return st;
    rf.range = fixed_value(r.range);
    rf.t = fixed_value(r.t);
    rf.horizontal_speed = fixed_value(r.horizontal_speed);
    rf.vertical_speed = fixed_value(r.vertical_speed);
    start.position = fixed_vec(rq->shooter);
    if (!fixed_round_vec(solve_range_velocity(up, heading, &rf), &start.velocity))
        return AF_ERR_OVERFLOW;
    st = af_qdrag_predict_q16(&m, &start, r.t, &end);
    if (st != AF_OK)
        return st;
    out->has_range = 1;
    out->range = rf.range;
    solve_drag_answer(out, rf.t, fixed_vec_value(start.velocity), fixed_vec_value(end.position),
                      NULL);
    return AF_OK;
}

af_status run_qdrag_samples_q16(const request *rq, result *out)
{
    af_qdrag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq);
    af_vec3_q16 points[RESULT_MAX_POINTS];
    int n, i;
    af_status st = solve_qdrag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    n = solve_drag_sample_count(rq, out);
    if (n == 0)
        return AF_ERR_BAD_ARGUMENT;
    st = af_qdrag_samples_q16(&m, &start, fixed_raw(rq->time), points, n);
    if (st != AF_OK)
        return st;
    for (i = 0; i < n; i++)
        out->points[i] = fixed_vec_value(points[i]);
    out->point_count = n;
    solve_drag_answer(out, rq->time, rq->velocity, out->points[n - 1], NULL);
    return AF_OK;
}
