/* SPDX-License-Identifier: MIT */
/*
 * The CLI's Q16 drag runners (declared in runners_q16.h): each reads a
 * request already rounded to Q16.16, so its conversions to fix16_t are
 * exact, makes the Q16 drag model (solve_drag_model_q16), calls the _q16
 * function and stores its answer in the result's doubles, which hold
 * Q16.16 values exactly.
 */
#include "runners_q16.h"
#include "solve_shots.h"

#include <math.h>
#include <string.h>

#include "fixed.h"
#include "solve_drag.h"
#include "solve_qdrag.h"

af_status solve_drag_model_q16(const request *rq, af_drag_q16 *m, result *out)
{
    af_vec3_q16 g = fixed_vec(rq->gravity), wind = fixed_vec(rq->drag_wind);
    af_drag_model engine;
    int custom;
    af_status st;
    memset(m, 0, sizeof *m);
    st = solve_drag_engine(rq, &custom, &engine, out);
    if (st != AF_OK)
        return st;
    if (custom) {
        m->kind = AF_DRAG_KIND_STEPPED;
        m->gravity = g;
        m->dt = fixed_raw(rq->drag_dt);
        m->r = fixed_raw(rq->drag_r);
    } else {
        st = af_drag_init_q16(engine, fixed_raw(rq->drag_d), fixed_raw(rq->drag_dt), &g, &wind, m);
        if (st != AF_OK)
            return st;
    }
    if (m->kind == AF_DRAG_KIND_STEPPED)
        m->order = solve_drag_order(rq, m->order);
    return AF_OK;
}

af_drag_f64 solve_drag_model_value(const af_drag_q16 *m)
{
    af_drag_f64 f;
    f.kind = m->kind;
    f.gravity = fixed_vec_value(m->gravity);
    f.dt = fixed_value(m->dt);
    f.r = fixed_value(m->r);
    f.order = m->order;
    f.k = fixed_value(m->k);
    f.wind = fixed_vec_value(m->wind);
    f.max_move = fixed_value(m->max_move);
    return f;
}

af_body_q16 solve_drag_launch_q16(const request *rq)
{
    return fixed_body(rq->shooter, rq->velocity);
}

void solve_drag_state_q16(result *out, const request *rq, fix16_t t, const af_body_q16 *state)
{
    af_body_f64 at = fixed_body_value(state);
    solve_drag_answer(out, fixed_value(t), rq->velocity, at.position, &at);
}

void solve_drag_event_q16(result *out, const request *rq, int apex, const af_drag_event_q16 *ev)
{
    solve_drag_state_q16(out, rq, ev->t, &ev->state);
    solve_drag_event(out, apex, fixed_value(ev->height), ev->steps);
}

af_status run_drag_predict_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_predict_q16(rq, out);
    af_drag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq), state;
    fix16_t t = fixed_raw(rq->time);
    af_status st = solve_drag_model_q16(rq, &m, out);
    if (st == AF_OK)
        st = solve_drag_time_or_steps(rq, out);
    if (st != AF_OK)
        return st;
    if (request_has(rq, F_STEPS)) {
        st = af_drag_predict_steps_q16(&m, &start, fixed_raw(rq->steps), &state);
        /* The shot's time: n dt, rounded to Q16.16 (AF_ERR_OVERFLOW from
         * 32768 s up). */
        if (st == AF_OK)
            st = af_mul_q16(fixed_raw(rq->steps), m.dt, &t);
    } else {
        st = af_drag_predict_q16(&m, &start, t, &state);
    }
    if (st != AF_OK)
        return st;
    solve_drag_state_q16(out, rq, t, &state);
    return AF_OK;
}

/* drag_apex (apex set) or drag_height: an event of the flight. */
static af_status run_event_q16(const request *rq, result *out, int apex)
{
    af_drag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq);
    af_drag_event_q16 ev;
    af_branch branch = rq->branch == BRANCH_RISING ? AF_RISING : AF_FALLING;
    af_status st = solve_drag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    st = apex ? af_drag_apex_q16(&m, &start, &ev)
              : af_drag_time_at_height_q16(&m, &start, fixed_raw(rq->height), branch, &ev);
    if (st != AF_OK)
        return st;
    solve_drag_event_q16(out, rq, apex, &ev);
    return AF_OK;
}

af_status run_drag_apex_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_apex_q16(rq, out);
    return run_event_q16(rq, out, 1);
}

af_status run_drag_height_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_height_q16(rq, out);
    return run_event_q16(rq, out, 0);
}

/*
 * The CLI's terrain (a world in double, like a game's) behind a Q16
 * raycast: the ray's numbers are Q16.16 values, exact in double; its
 * direction, a unit vector within an LSB per component, is normalised so
 * that max_distance is a distance; the hit is rounded to Q16.16, and a hit
 * that does not fit Q16.16 is a miss (terrain beyond the Q16 world).
 */
int solve_drag_raycast_q16(void *user, const af_vec3_q16 *origin, const af_vec3_q16 *direction,
                           fix16_t max_distance, af_vec3_q16 *hit)
{
    af_vec3_f64 o = fixed_vec_value(*origin), d = fixed_vec_value(*direction), h;
    double len = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    if (!(len > 0.0))
        return 0;
    d.x /= len;
    d.y /= len;
    d.z /= len;
    return terrain_raycast(user, &o, &d, fixed_value(max_distance), &h) &&
           fixed_round_vec(h, hit);
}

af_status run_drag_land_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_land_q16(rq, out);
    af_drag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq), state;
    af_drag_landing_q16 landing;
    af_body_f64 at;
    terrain ground;
    af_status st = solve_drag_model_q16(rq, &m, out);
    if (st == AF_OK)
        st = solve_drag_terrain(rq, &ground, out);
    if (st != AF_OK)
        return st;
    st = af_drag_land_q16(&m, &start, fixed_raw(rq->max_time), fixed_raw(rq->tolerance),
                          solve_drag_raycast_q16, &ground, &landing);
    out->has_casts = 1;
    out->casts = landing.casts;
    if (st != AF_OK)
        return st;
    /* The body on its trajectory at the landing time (within the
     * tolerance of the terrain point hit). */
    st = af_drag_predict_q16(&m, &start, landing.t, &state);
    if (st != AF_OK)
        return st;
    state.velocity = landing.velocity;
    at = fixed_body_value(&state);
    solve_drag_answer(out, fixed_value(landing.t), rq->velocity, fixed_vec_value(landing.point),
                      &at);
    return AF_OK;
}

/* drag_aim_speed (by_speed set) or drag_aim_time; at an accelerating
 * target the af_drag_aim_*_accel_q16 twins. */
static af_status run_aim_q16(const request *rq, result *out, int by_speed)
{
    af_drag_q16 m;
    af_body_q16 s = fixed_body(rq->shooter, rq->shooter_velocity);
    af_body_q16 t = fixed_body(rq->target, rq->target_velocity);
    af_body_accel_q16 a;
    int accel = request_has(rq, F_TARGET_ACCELERATION);
    af_shots_q16 q;
    af_status st = solve_drag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    a.position = t.position;
    a.velocity = t.velocity;
    a.acceleration = fixed_vec(rq->target_acceleration);
    if (by_speed && rq->closest) {
        af_miss_q16 miss;
        st = accel ? af_drag_aim_speed_miss_accel_q16(&m, &s, &a, fixed_raw(rq->speed),
                                                      fixed_raw(rq->max_time), solve_flags(rq),
                                                      &q, &miss)
                   : af_drag_aim_speed_miss_q16(&m, &s, &t, fixed_raw(rq->speed),
                                                fixed_raw(rq->max_time), solve_flags(rq), &q,
                                                &miss);
        solve_miss_store_q16(out, &miss);
        fixed_shots_value(&q, &out->shots);
        return st;
    }
    if (accel)
        st = by_speed ? af_drag_aim_speed_accel_q16(&m, &s, &a, fixed_raw(rq->speed),
                                                    fixed_raw(rq->max_time), solve_flags(rq), &q)
                      : af_drag_aim_time_accel_q16(&m, &s, &a, fixed_raw(rq->time_of_flight),
                                                   solve_flags(rq), &q);
    else
        st = by_speed ? af_drag_aim_speed_q16(&m, &s, &t, fixed_raw(rq->speed),
                                              fixed_raw(rq->max_time), solve_flags(rq), &q)
                      : af_drag_aim_time_q16(&m, &s, &t, fixed_raw(rq->time_of_flight),
                                             solve_flags(rq), &q);
    fixed_shots_value(&q, &out->shots);
    return st;
}

af_status run_drag_aim_time_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_aim_time_q16(rq, out);
    return run_aim_q16(rq, out, 0);
}

af_status run_drag_aim_speed_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_aim_speed_q16(rq, out);
    return run_aim_q16(rq, out, 1);
}

/*
 * drag_max_range toward the target, as run_drag_max_range: the height h
 * of the target above the shooter and the unit heading to it come from the
 * request (in double, on its rounded numbers) and are rounded to Q16.16
 * for the library (AF_ERR_OUT_OF_RANGE when h does not fit, as for
 * max_range). The library answers the range, time and launch speeds; the
 * launch velocity the CLI builds from them is rounded to Q16.16
 * (AF_ERR_OVERFLOW when it does not fit) and flown by
 * af_drag_predict_q16 to the landing point.
 */
af_status run_drag_max_range_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_max_range_q16(rq, out);
    af_drag_q16 m;
    af_range_q16 r;
    af_range_f64 rf;
    af_vec3_f64 up, heading;
    af_vec3_q16 heading_q;
    af_body_q16 start, end;
    fix16_t h;
    double h_f64;
    af_status st = solve_drag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    solve_range_frame(rq, &up, &h_f64, &heading);
    if (!fixed_round(h_f64, &h))
        return AF_ERR_OUT_OF_RANGE;
    heading_q = fixed_vec(heading);
    st = af_drag_max_range_q16(&m, fixed_raw(rq->speed), h, &heading_q, &r);
    if (st != AF_OK)
        return st;
    rf.range = fixed_value(r.range);
    rf.t = fixed_value(r.t);
    rf.horizontal_speed = fixed_value(r.horizontal_speed);
    rf.vertical_speed = fixed_value(r.vertical_speed);
    start.position = fixed_vec(rq->shooter);
    if (!fixed_round_vec(solve_range_velocity(up, heading, &rf), &start.velocity))
        return AF_ERR_OVERFLOW;
    /* Where it lands: along the heading, unless a wind drifts it. */
    st = af_drag_predict_q16(&m, &start, r.t, &end);
    if (st != AF_OK)
        return st;
    out->has_range = 1;
    out->range = rf.range;
    solve_drag_answer(out, rf.t, fixed_vec_value(start.velocity), fixed_vec_value(end.position),
                      NULL);
    return AF_OK;
}

af_status run_drag_samples_q16(const request *rq, result *out)
{
    if (rq->drag_model == DRAG_QUADRATIC)
        return run_qdrag_samples_q16(rq, out);
    af_drag_q16 m;
    af_body_q16 start = solve_drag_launch_q16(rq);
    af_vec3_q16 points[RESULT_MAX_POINTS];
    int n, i;
    af_status st = solve_drag_model_q16(rq, &m, out);
    if (st != AF_OK)
        return st;
    n = solve_drag_sample_count(rq, out);
    if (n == 0)
        return AF_ERR_BAD_ARGUMENT;
    st = af_drag_samples_q16(&m, &start, fixed_raw(rq->time), points, n);
    if (st != AF_OK)
        return st;
    for (i = 0; i < n; i++)
        out->points[i] = fixed_vec_value(points[i]);
    out->point_count = n;
    solve_drag_answer(out, rq->time, rq->velocity, out->points[n - 1], NULL);
    return AF_OK;
}
