/* SPDX-License-Identifier: MIT */
/* The CLI's quadratic drag queries (see solve_qdrag.h). */
#include "solve_qdrag.h"

#include <string.h>

#include "solve_drag.h"

af_status solve_qdrag_model_f64(const request *rq, af_qdrag_f64 *m, result *out)
{
    memset(m, 0, sizeof *m);
    m->kind = rq->drag_kind == KIND_STEPPED ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
    m->gravity = rq->gravity;
    m->wind = rq->drag_wind;
    m->c = rq->drag_c;
    m->dt = rq->drag_dt;
    if (request_has(rq, F_DRAG_ORDER) && rq->drag_order == ORDER_DAMPING_LAST)
        return solve_drag_reject(out, "quadratic drag has no order 'damping_last'");
    if (request_has(rq, F_DRAG_ORDER) && rq->drag_order == ORDER_MOVE_FIRST)
        return solve_drag_reject(out, "quadratic drag has no order 'move_first'");
    m->order = request_has(rq, F_DRAG_ORDER) && rq->drag_order == ORDER_DAMPING_FIRST
                   ? AF_QDRAG_DRAG_FIRST
                   : AF_QDRAG_GRAVITY_FIRST;
    if (request_has(rq, F_DRAG_K))
        m->k = rq->drag_k;
    else if (request_has(rq, F_DRAG_MASS) && request_has(rq, F_DRAG_DIAMETER) &&
             request_has(rq, F_DRAG_CD))
        return af_qdrag_coef_f64(rq->drag_mass, rq->drag_diameter, rq->drag_cd,
                                 rq->drag_air_density, &m->k);
    else
        return solve_drag_reject(out, "drag model 'quadratic' needs 'drag.k', or 'drag.mass', "
                                      "'drag.diameter' and 'drag.cd'");
    return AF_OK;
}

/* In format q16 and with --compare, the Q16 model held exactly in
 * double: every run and simulated flight of the request flies the model
 * the Q16 solver is given. */
af_status solve_qdrag_model(const request *rq, af_qdrag_f64 *m, result *out)
{
    if (rq->format == FORMAT_Q16 || rq->compare) {
        af_qdrag_q16 q;
        af_status st = solve_qdrag_model_q16(rq, &q, out);
        *m = solve_qdrag_model_value(&q);
        return st;
    }
    return solve_qdrag_model_f64(rq, m, out);
}

static af_body_f64 launch(const request *rq)
{
    af_body_f64 b;
    b.position = rq->shooter;
    b.velocity = rq->velocity;
    return b;
}

af_status run_qdrag_predict(const request *rq, result *out)
{
    af_qdrag_f64 m;
    af_body_f64 start = launch(rq), state;
    double t;
    af_status st = solve_qdrag_model(rq, &m, out);
    if (st == AF_OK)
        st = solve_drag_time_or_steps(rq, out);
    if (st != AF_OK)
        return st;
    if (request_has(rq, F_STEPS)) {
        st = af_qdrag_predict_steps_f64(&m, &start, rq->steps, &state);
        t = rq->steps * m.dt;
    } else {
        st = af_qdrag_predict_f64(&m, &start, rq->time, &state);
        t = rq->time;
    }
    if (st != AF_OK)
        return st;
    solve_drag_answer(out, t, start.velocity, state.position, &state);
    return AF_OK;
}

static af_status run_event(const request *rq, result *out, int apex)
{
    af_qdrag_f64 m;
    af_body_f64 start = launch(rq);
    af_drag_event_f64 ev;
    af_branch branch = rq->branch == BRANCH_RISING ? AF_RISING : AF_FALLING;
    af_status st = solve_qdrag_model(rq, &m, out);
    if (st != AF_OK)
        return st;
    st = apex ? af_qdrag_apex_f64(&m, &start, &ev)
              : af_qdrag_time_at_height_f64(&m, &start, rq->height, branch, &ev);
    if (st != AF_OK)
        return st;
    solve_drag_answer(out, ev.t, start.velocity, ev.state.position, &ev.state);
    solve_drag_event(out, apex, ev.height, ev.steps);
    return AF_OK;
}

af_status run_qdrag_apex(const request *rq, result *out)
{
    return run_event(rq, out, 1);
}

af_status run_qdrag_height(const request *rq, result *out)
{
    return run_event(rq, out, 0);
}

af_status run_qdrag_land(const request *rq, result *out)
{
    af_qdrag_f64 m;
    af_body_f64 start = launch(rq), state;
    af_drag_landing_f64 landing;
    terrain ground;
    af_status st = solve_qdrag_model(rq, &m, out);
    if (st == AF_OK)
        st = solve_drag_terrain(rq, &ground, out);
    if (st != AF_OK)
        return st;
    st = af_qdrag_land_f64(&m, &start, rq->max_time, rq->tolerance, terrain_raycast, &ground,
                           &landing);
    out->has_casts = 1;
    out->casts = landing.casts;
    if (st != AF_OK)
        return st;
    st = af_qdrag_predict_f64(&m, &start, landing.t, &state);
    if (st != AF_OK)
        return st;
    state.velocity = landing.velocity;
    solve_drag_answer(out, landing.t, start.velocity, landing.point, &state);
    return AF_OK;
}

static af_status run_aim(const request *rq, result *out, int by_speed)
{
    af_qdrag_f64 m;
    af_body_f64 s, t;
    af_status st = solve_qdrag_model(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_bodies(rq, &s, &t);
    if (request_has(rq, F_TARGET_ACCELERATION)) {
        af_body_accel_f64 a;
        a.position = t.position;
        a.velocity = t.velocity;
        a.acceleration = rq->target_acceleration;
        return by_speed ? af_qdrag_aim_speed_accel_f64(&m, &s, &a, rq->speed, rq->max_time,
                                                       solve_flags(rq), &out->shots)
                        : af_qdrag_aim_time_accel_f64(&m, &s, &a, rq->time_of_flight,
                                                      solve_flags(rq), &out->shots);
    }
    return by_speed ? af_qdrag_aim_speed_f64(&m, &s, &t, rq->speed, rq->max_time,
                                             solve_flags(rq), &out->shots)
                    : af_qdrag_aim_time_f64(&m, &s, &t, rq->time_of_flight, solve_flags(rq),
                                            &out->shots);
}

af_status run_qdrag_aim_time(const request *rq, result *out)
{
    return run_aim(rq, out, 0);
}

af_status run_qdrag_aim_speed(const request *rq, result *out)
{
    return run_aim(rq, out, 1);
}

af_status run_qdrag_max_range(const request *rq, result *out)
{
    af_qdrag_f64 m;
    af_range_f64 r;
    af_vec3_f64 up, heading;
    af_body_f64 start, end;
    double h;
    af_status st = solve_qdrag_model(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_range_frame(rq, &up, &h, &heading);
    st = af_qdrag_max_range_f64(&m, rq->speed, h, &heading, &r);
    if (st != AF_OK)
        return st;
    start.position = rq->shooter;
    start.velocity = solve_range_velocity(up, heading, &r);
    st = af_qdrag_predict_f64(&m, &start, r.t, &end);
    if (st != AF_OK)
        return st;
    out->has_range = 1;
    out->range = r.range;
    solve_drag_answer(out, r.t, start.velocity, end.position, NULL);
    return AF_OK;
}

af_status run_qdrag_samples(const request *rq, result *out)
{
    af_qdrag_f64 m;
    af_body_f64 start = launch(rq);
    int n;
    af_status st = solve_qdrag_model(rq, &m, out);
    if (st != AF_OK)
        return st;
    n = solve_drag_sample_count(rq, out);
    if (n == 0)
        return AF_ERR_BAD_ARGUMENT;
    st = af_qdrag_samples_f64(&m, &start, rq->time, out->points, n);
    if (st != AF_OK)
        return st;
    out->point_count = n;
    solve_drag_answer(out, rq->time, start.velocity, out->points[n - 1], NULL);
    return AF_OK;
}

af_vec3_f64 solve_qdrag_position(const request *rq, af_vec3_f64 v, double t)
{
    af_qdrag_f64 m;
    af_body_f64 start, end;
    start.position = rq->shooter;
    start.velocity = v;
    if (solve_qdrag_model(rq, &m, NULL) != AF_OK ||
        af_qdrag_predict_f64(&m, &start, t, &end) != AF_OK)
        return rq->shooter;
    return end.position;
}
