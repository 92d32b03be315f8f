/* The CLI's drag solvers (see solve_drag.h). */
#include "solve_drag.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "terrain.h"

/* The request itself is unusable: out says why (out may be NULL). */
static af_status reject(result *out, const char *why)
{
    if (out) {
        out->bad_input = 1;
        snprintf(out->error, sizeof out->error, "%s", why);
    }
    return AF_ERR_BAD_ARGUMENT;
}

/* The request's drag model: AF_OK, the library's status for values out of
 * its domain, or a rejection (out may be NULL). */
static af_status model_of(const request *rq, af_drag_f64 *m, result *out)
{
    /* In the order of enum req_drag_model. */
    static const af_drag_model engines[] = { AF_DRAG_UNITY, AF_DRAG_BOX2D, AF_DRAG_BULLET,
                                             AF_DRAG_EXACT, AF_DRAG_CONTINUOUS };
    if (rq->drag_model == DRAG_CUSTOM) {
        if (!request_has(rq, F_DRAG_R))
            return reject(out, "drag model 'custom' needs 'drag.r'");
        memset(m, 0, sizeof *m);
        m->kind = AF_DRAG_KIND_STEPPED;
        m->gravity = rq->gravity;
        m->dt = rq->drag_dt;
        m->r = rq->drag_r;
        /* A stepped model has no wind: the library's constructor refuses
         * one, and so does the custom model (the library would ignore it). */
        if (!(rq->drag_wind.x == 0.0 && rq->drag_wind.y == 0.0 && rq->drag_wind.z == 0.0))
            return AF_ERR_BAD_ARGUMENT;
    } else {
        af_status st = af_drag_init_f64(engines[rq->drag_model], rq->drag_d, rq->drag_dt,
                                        &rq->gravity, &rq->drag_wind, m);
        if (st != AF_OK)
            return st;
    }
    if (m->kind == AF_DRAG_KIND_STEPPED)
        m->order = rq->drag_order == ORDER_DAMPING_FIRST ? AF_STEP_DAMPING_THEN_GRAVITY
                                                         : AF_STEP_GRAVITY_THEN_DAMPING;
    return AF_OK;
}

/* The flight the forward queries follow: from the shooter at `velocity`. */
static af_body_f64 launch(const request *rq)
{
    af_body_f64 b;
    b.position = rq->shooter;
    b.velocity = rq->velocity;
    return b;
}

/* A forward query's answer as a shot: its time, the launch velocity and
 * where the body is then. */
static void one_shot(result *out, double t, af_vec3_f64 velocity, af_vec3_f64 point)
{
    out->shots.count = 1;
    out->shots.shot[0].t = t;
    out->shots.shot[0].velocity = velocity;
    out->shots.shot[0].point = point;
}

static void with_state(result *out, const af_body_f64 *state)
{
    out->has_state = 1;
    out->state = *state;
}

af_status run_drag_predict(const request *rq, result *out)
{
    af_drag_f64 m;
    af_body_f64 start = launch(rq), state;
    double t;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    if (request_has(rq, F_TIME) == request_has(rq, F_STEPS))
        return reject(out, "drag_predict needs one of 'time' and 'steps'");
    if (request_has(rq, F_STEPS)) {
        st = af_drag_predict_steps_f64(&m, &start, rq->steps, &state);
        t = rq->steps * m.dt;
    } else {
        st = af_drag_predict_f64(&m, &start, rq->time, &state);
        t = rq->time;
    }
    if (st != AF_OK)
        return st;
    one_shot(out, t, start.velocity, state.position);
    with_state(out, &state);
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
    one_shot(out, ev.t, start.velocity, ev.state.position);
    with_state(out, &ev.state);
    out->has_height = 1;
    out->height = ev.height;
    /* The apex is closed form; the height is iterated. */
    out->has_evaluations = !apex;
    out->evaluations = apex ? 0 : ev.steps;
    return AF_OK;
}

af_status run_drag_apex(const request *rq, result *out)
{
    return run_event(rq, out, 1);
}

af_status run_drag_height(const request *rq, result *out)
{
    return run_event(rq, out, 0);
}

af_status run_drag_land(const request *rq, result *out)
{
    af_drag_f64 m;
    af_body_f64 start = launch(rq), state;
    af_drag_landing_f64 landing;
    terrain ground;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    if (terrain_from_request(rq, &ground, out->error, sizeof out->error) < 0) {
        out->bad_input = 1;
        return AF_ERR_BAD_ARGUMENT;
    }
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
    one_shot(out, landing.t, start.velocity, landing.point);
    with_state(out, &state);
    return AF_OK;
}

/* drag_aim_speed (by_speed set) or drag_aim_time. */
static af_status run_aim(const request *rq, result *out, int by_speed)
{
    af_drag_f64 m;
    af_body_f64 s, t;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_bodies(rq, &s, &t);
    return by_speed ? af_drag_aim_speed_f64(&m, &s, &t, rq->speed, rq->max_time, solve_flags(rq),
                                            &out->shots)
                    : af_drag_aim_time_f64(&m, &s, &t, rq->time_of_flight, solve_flags(rq),
                                           &out->shots);
}

af_status run_drag_aim_time(const request *rq, result *out)
{
    return run_aim(rq, out, 0);
}

af_status run_drag_aim_speed(const request *rq, result *out)
{
    return run_aim(rq, out, 1);
}

af_status run_drag_max_range(const request *rq, result *out)
{
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
    one_shot(out, r.t, start.velocity, end.position);
    return AF_OK;
}

af_status run_drag_samples(const request *rq, result *out)
{
    af_drag_f64 m;
    af_body_f64 start = launch(rq);
    int n;
    af_status st = model_of(rq, &m, out);
    if (st != AF_OK)
        return st;
    if (!(rq->samples >= 2.0 && rq->samples <= RESULT_MAX_POINTS) ||
        rq->samples != floor(rq->samples))
        return reject(out, "'samples' must be a whole number from 2 to 256");
    n = (int)rq->samples;
    st = af_drag_samples_f64(&m, &start, rq->time, out->points, n);
    if (st != AF_OK)
        return st;
    out->point_count = n;
    one_shot(out, rq->time, start.velocity, out->points[n - 1]);
    return AF_OK;
}

af_vec3_f64 solve_drag_position(const request *rq, af_vec3_f64 v, double t)
{
    af_drag_f64 m;
    af_body_f64 start, end;
    start.position = rq->shooter;
    start.velocity = v;
    if (model_of(rq, &m, NULL) != AF_OK || af_drag_predict_f64(&m, &start, t, &end) != AF_OK)
        return rq->shooter;
    return end.position;
}
