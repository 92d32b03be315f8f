/* SPDX-License-Identifier: MIT */
/* The CLI's drag solvers (see solve_drag.h). */
#include "solve_drag.h"
#include "solve_shots.h"
#include "solve_qdrag.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

af_status solve_drag_reject(result *out, const char *why)
{
    if (out) {
        out->bad_input = 1;
        snprintf(out->error, sizeof out->error, "%s", why);
    }
    return AF_ERR_BAD_ARGUMENT;
}

af_status solve_drag_engine(const request *rq, int *custom, af_drag_model *engine, result *out)
{
    /* In the order of enum req_drag_model. */
    static const af_drag_model engines[] = { AF_DRAG_UNITY, AF_DRAG_BOX2D,      AF_DRAG_BULLET,
                                             AF_DRAG_EXACT, AF_DRAG_CONTINUOUS, AF_DRAG_ODE,
                                             AF_DRAG_GODOT, AF_DRAG_CHIPMUNK, AF_DRAG_JOLT };
    if (rq->drag_model == DRAG_QUADRATIC) {
        *custom = 0;
        *engine = AF_DRAG_UNITY;
        return solve_drag_reject(out, "drag model 'quadratic' has no q16 solver yet");
    }
    *custom = rq->drag_model == DRAG_CUSTOM;
    *engine = *custom ? AF_DRAG_UNITY : engines[rq->drag_model];
    if (!*custom)
        return AF_OK;
    if (!request_has(rq, F_DRAG_R))
        return solve_drag_reject(out, "drag model 'custom' needs 'drag.r'");
    /* A stepped model has no wind: the library's constructor refuses one,
     * and so does the custom model (the library would ignore it). */
    if (!(rq->drag_wind.x == 0.0 && rq->drag_wind.y == 0.0 && rq->drag_wind.z == 0.0))
        return AF_ERR_BAD_ARGUMENT;
    return AF_OK;
}

af_step_order solve_drag_order(const request *rq, af_step_order preset)
{
    if (!request_has(rq, F_DRAG_ORDER))
        return preset;
    switch (rq->drag_order) {
    case ORDER_DAMPING_FIRST:
        return AF_STEP_DAMPING_THEN_GRAVITY;
    case ORDER_DAMPING_LAST:
        return AF_STEP_DAMPING_LAST;
    case ORDER_MOVE_FIRST:
        return AF_STEP_MOVE_FIRST;
    default:
        return AF_STEP_GRAVITY_THEN_DAMPING;
    }
}

/* The request's drag model: AF_OK, the library's status for values out of
 * its domain, or a rejection (out may be NULL). In format q16 and with
 * --compare it is the Q16 model (solve_drag_model_q16), held exactly in
 * double, so that every run and every simulated flight of the request
 * flies one model, the one the Q16 solver is given. */
static af_status model_of(const request *rq, af_drag_f64 *m, result *out)
{
    af_drag_model engine;
    int custom;
    af_status st;
    if (rq->format == FORMAT_Q16 || rq->compare) {
        af_drag_q16 q;
        st = solve_drag_model_q16(rq, &q, out);
        *m = solve_drag_model_value(&q);
        return st;
    }
    st = solve_drag_engine(rq, &custom, &engine, out);
    if (st != AF_OK)
        return st;
    if (custom) {
        memset(m, 0, sizeof *m);
        m->kind = AF_DRAG_KIND_STEPPED;
        m->gravity = rq->gravity;
        m->dt = rq->drag_dt;
        m->r = rq->drag_r;
    } else {
        st = af_drag_init_f64(engine, rq->drag_d, rq->drag_dt, &rq->gravity, &rq->drag_wind, m);
        if (st != AF_OK)
            return st;
    }
    if (m->kind == AF_DRAG_KIND_STEPPED)
        m->order = solve_drag_order(rq, m->order);
    return AF_OK;
}

af_status solve_drag_model(const request *rq, af_drag_f64 *m, result *out)
{
    return model_of(rq, m, out);
}

/* The flight the forward queries follow: from the shooter at `velocity`. */
static af_body_f64 launch(const request *rq)
{
    af_body_f64 b;
    b.position = rq->shooter;
    b.velocity = rq->velocity;
    return b;
}

void solve_drag_answer(result *out, double t, af_vec3_f64 velocity, af_vec3_f64 point,
                       const af_body_f64 *state)
{
    out->shots.count = 1;
    out->shots.shot[0].t = t;
    out->shots.shot[0].velocity = velocity;
    out->shots.shot[0].point = point;
    if (state) {
        out->has_state = 1;
        out->state = *state;
    }
}

af_status solve_drag_time_or_steps(const request *rq, result *out)
{
    if (request_has(rq, F_TIME) == request_has(rq, F_STEPS))
        return solve_drag_reject(out, "drag_predict needs one of 'time' and 'steps'");
    return AF_OK;
}

af_status solve_drag_terrain(const request *rq, terrain *ground, result *out)
{
    if (terrain_from_request(rq, ground, out->error, sizeof out->error) < 0) {
        out->bad_input = 1;
        return AF_ERR_BAD_ARGUMENT;
    }
    return AF_OK;
}

void solve_drag_event(result *out, int apex, double height, int evaluations)
{
    out->has_height = 1;
    out->height = height;
    /* The apex is closed form; the height is iterated. */
    out->has_evaluations = !apex;
    out->evaluations = apex ? 0 : evaluations;
}

int solve_drag_sample_count(const request *rq, result *out)
{
    if (!(rq->samples >= 2.0 && rq->samples <= RESULT_MAX_POINTS) ||
        rq->samples != floor(rq->samples)) {
        (void)solve_drag_reject(out, "'samples' must be a whole number from 2 to 256");
        return 0;
    }
    return (int)rq->samples;
}

af_status run_drag_predict(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_predict(rq, out);
    af_drag_f64 m;
    af_body_f64 start = launch(rq), state;
    double t;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    st = solve_drag_time_or_steps(rq, out);
    if (st != AF_OK)
        return st;
    if (request_has(rq, F_STEPS)) {
        st = af_drag_predict_steps_f64(&m, &start, rq->steps, &state);
        t = rq->steps * m.dt;
    } else {
        st = af_drag_predict_f64(&m, &start, rq->time, &state);
        t = rq->time;
    }
    if (st != AF_OK)
        return st;
    solve_drag_answer(out, t, start.velocity, state.position, &state);
    return AF_OK;
}

/* drag_apex (apex set) or drag_height: an event of the flight. */
static af_status run_event(const request *rq, result *out, int apex)
{
    af_drag_f64 m;
    af_body_f64 start = launch(rq);
    af_drag_event_f64 ev;
    af_branch branch = rq->branch == BRANCH_RISING ? AF_RISING : AF_FALLING;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    st = apex ? af_drag_apex_f64(&m, &start, &ev)
              : af_drag_time_at_height_f64(&m, &start, rq->height, branch, &ev);
    if (st != AF_OK)
        return st;
    solve_drag_answer(out, ev.t, start.velocity, ev.state.position, &ev.state);
    solve_drag_event(out, apex, ev.height, ev.steps);
    return AF_OK;
}

af_status run_drag_apex(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_apex(rq, out);
    return run_event(rq, out, 1);
}

af_status run_drag_height(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_height(rq, out);
    return run_event(rq, out, 0);
}

af_status run_drag_land(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_land(rq, out);
    af_drag_f64 m;
    af_body_f64 start = launch(rq), state;
    af_drag_landing_f64 landing;
    terrain ground;
    af_status st = model_of(rq, &m, out);
    if (st == AF_OK)
        st = solve_drag_terrain(rq, &ground, out);
    if (st != AF_OK)
        return st;
    st = af_drag_land_f64(&m, &start, rq->max_time, rq->tolerance, terrain_raycast, &ground,
                          &landing);
    out->has_casts = 1;
    out->casts = landing.casts;
    if (st != AF_OK)
        return st;
    /* The body on its trajectory at the landing time (within the
     * tolerance of the terrain point hit). */
    st = af_drag_predict_f64(&m, &start, landing.t, &state);
    if (st != AF_OK)
        return st;
    state.velocity = landing.velocity;
    solve_drag_answer(out, landing.t, start.velocity, landing.point, &state);
    return AF_OK;
}

/* drag_aim_speed (by_speed set) or drag_aim_time; at an accelerating
 * target the af_drag_aim_*_accel_f64 twins. */
static af_status run_aim(const request *rq, result *out, int by_speed)
{
    af_drag_f64 m;
    af_body_f64 s, t;
    af_body_accel_f64 a;
    int accel = request_has(rq, F_TARGET_ACCELERATION);
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_bodies(rq, &s, &t);
    a.position = t.position;
    a.velocity = t.velocity;
    a.acceleration = rq->target_acceleration;
    if (by_speed && rq->closest) {
        af_miss_f64 miss;
        st = accel ? af_drag_aim_speed_miss_accel_f64(&m, &s, &a, rq->speed, rq->max_time,
                                                      solve_flags(rq), &out->shots, &miss)
                   : af_drag_aim_speed_miss_f64(&m, &s, &t, rq->speed, rq->max_time,
                                                solve_flags(rq), &out->shots, &miss);
        solve_miss_store(out, &miss);
        return st;
    }
    if (accel)
        return by_speed ? af_drag_aim_speed_accel_f64(&m, &s, &a, rq->speed, rq->max_time,
                                                      solve_flags(rq), &out->shots)
                        : af_drag_aim_time_accel_f64(&m, &s, &a, rq->time_of_flight,
                                                     solve_flags(rq), &out->shots);
    return by_speed ? af_drag_aim_speed_f64(&m, &s, &t, rq->speed, rq->max_time, solve_flags(rq),
                                            &out->shots)
                    : af_drag_aim_time_f64(&m, &s, &t, rq->time_of_flight, solve_flags(rq),
                                           &out->shots);
}

af_status run_drag_aim_time(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_aim_time(rq, out);
    return run_aim(rq, out, 0);
}

af_status run_drag_aim_speed(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_aim_speed(rq, out);
    return run_aim(rq, out, 1);
}

af_status run_drag_max_range(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_max_range(rq, out);
    af_drag_f64 m;
    af_range_f64 r;
    af_vec3_f64 up, heading;
    af_body_f64 start, end;
    double h;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_range_frame(rq, &up, &h, &heading);
    st = af_drag_max_range_f64(&m, rq->speed, h, &heading, &r);
    if (st != AF_OK)
        return st;
    start.position = rq->shooter;
    start.velocity = solve_range_velocity(up, heading, &r);
    /* Where it lands: along the heading, unless a wind drifts it. */
    st = af_drag_predict_f64(&m, &start, r.t, &end);
    if (st != AF_OK)
        return st;
    out->has_range = 1;
    out->range = r.range;
    solve_drag_answer(out, r.t, start.velocity, end.position, NULL);
    return AF_OK;
}

af_status run_drag_samples(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_samples(rq, out);
    af_drag_f64 m;
    af_body_f64 start = launch(rq);
    int n;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    n = solve_drag_sample_count(rq, out);
    if (n == 0)
        return AF_ERR_BAD_ARGUMENT;
    st = af_drag_samples_f64(&m, &start, rq->time, out->points, n);
    if (st != AF_OK)
        return st;
    out->point_count = n;
    solve_drag_answer(out, rq->time, start.velocity, out->points[n - 1], NULL);
    return AF_OK;
}

af_vec3_f64 solve_drag_position(const request *rq, af_vec3_f64 v, double t)
{
    af_drag_f64 m;
    af_body_f64 start, end;
    if (rq->drag_model == DRAG_QUADRATIC)
        return solve_qdrag_position(rq, v, t);
    start.position = rq->shooter;
    start.velocity = v;
    if (model_of(rq, &m, NULL) != AF_OK || af_drag_predict_f64(&m, &start, t, &end) != AF_OK)
        return rq->shooter;
    return end.position;
}
