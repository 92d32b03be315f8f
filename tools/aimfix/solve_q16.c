/* SPDX-License-Identifier: MIT */
/* The CLI's Q16 runners (see runners_q16.h). */
#include "runners_q16.h"

#include "aimfix/accel.h"
#include "fixed.h"
#include "solve_shots.h"

/* The request's bodies in Q16.16 (its numbers are already rounded). */
static void bodies_q16(const request *rq, af_body_q16 *shooter, af_body_q16 *target)
{
    *shooter = fixed_body(rq->shooter, rq->shooter_velocity);
    *target = fixed_body(rq->target, rq->target_velocity);
}

/* The target with its acceleration, in Q16.16 (zero unless given). */
static af_body_accel_q16 accel_target_q16(const request *rq)
{
    af_body_accel_q16 t;
    t.position = fixed_vec(rq->target);
    t.velocity = fixed_vec(rq->target_velocity);
    t.acceleration = fixed_vec(rq->target_acceleration);
    return t;
}

/* A Q16 solver's status and shots into the result. */
static af_status shots_answer(af_status st, const af_shots_q16 *q, result *out)
{
    fixed_shots_value(q, &out->shots);
    return st;
}

af_status run_intercept_q16(const request *rq, result *out)
{
    af_body_q16 s, t;
    af_body_accel_q16 a = accel_target_q16(rq);
    af_shots_q16 q;
    bodies_q16(rq, &s, &t);
    if (request_has(rq, F_TARGET_ACCELERATION))
        return shots_answer(
            af_intercept_accel_q16(&s, &a, fixed_raw(rq->speed), solve_flags(rq), &q), &q, out);
    return shots_answer(af_intercept_q16(&s, &t, fixed_raw(rq->speed), solve_flags(rq), &q), &q,
                        out);
}

af_status run_arc_point_q16(const request *rq, result *out)
{
    af_vec3_q16 from = fixed_vec(rq->shooter), to = fixed_vec(rq->target);
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_shots_q16 q;
    if (rq->closest) {
        af_miss_q16 miss;
        af_status st = af_arc_point_miss_q16(&from, &to, fixed_raw(rq->speed), &g, &q, &miss);
        solve_miss_store_q16(out, &miss);
        return shots_answer(st, &q, out);
    }
    return shots_answer(af_arc_point_q16(&from, &to, fixed_raw(rq->speed), &g, &q), &q, out);
}

af_status run_min_speed_q16(const request *rq, result *out)
{
    af_vec3_q16 from = fixed_vec(rq->shooter), to = fixed_vec(rq->target);
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_shots_q16 q;
    return shots_answer(af_arc_min_speed_q16(&from, &to, &g, &q), &q, out);
}

/* arc_time and arc_moving take the same arguments: shooter, target, one
 * number (the time of flight, the speed), gravity, flags. */
typedef af_status (*lob_q16)(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t number,
                             const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out);

/* Their twins at an accelerating target. */
typedef af_status (*lob_accel_q16)(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                   fix16_t number, const af_vec3_q16 *gravity, unsigned flags,
                                   af_shots_q16 *out);

static af_status run_lob(lob_q16 solve, lob_accel_q16 solve_accel, double number,
                         const request *rq, result *out)
{
    af_body_q16 s, t;
    af_body_accel_q16 a = accel_target_q16(rq);
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_shots_q16 q;
    bodies_q16(rq, &s, &t);
    if (request_has(rq, F_TARGET_ACCELERATION))
        return shots_answer(solve_accel(&s, &a, fixed_raw(number), &g, solve_flags(rq), &q), &q,
                            out);
    return shots_answer(solve(&s, &t, fixed_raw(number), &g, solve_flags(rq), &q), &q, out);
}

af_status run_arc_time_q16(const request *rq, result *out)
{
    return run_lob(af_arc_time_q16, af_arc_time_accel_q16, rq->time_of_flight, rq, out);
}

af_status run_arc_apex_q16(const request *rq, result *out)
{
    af_body_q16 s, t;
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_arc_policy_q16 policy;
    af_shots_q16 q;
    double base, per_distance;
    af_body_accel_q16 a = accel_target_q16(rq);
    bodies_q16(rq, &s, &t);
    solve_arc_policy(rq, &policy.kind, &base, &per_distance);
    policy.base = fixed_raw(base);
    policy.per_distance = fixed_raw(per_distance);
    if (request_has(rq, F_TARGET_ACCELERATION))
        return shots_answer(af_arc_apex_accel_q16(&s, &a, &g, &policy, solve_flags(rq), &q), &q,
                            out);
    return shots_answer(af_arc_apex_q16(&s, &t, &g, &policy, solve_flags(rq), &q), &q, out);
}

af_status run_arc_moving_q16(const request *rq, result *out)
{
    if (rq->closest) {
        af_body_q16 s, t;
        af_body_accel_q16 a = accel_target_q16(rq);
        af_vec3_q16 g = fixed_vec(rq->gravity);
        af_shots_q16 q;
        af_miss_q16 miss;
        af_status st;
        bodies_q16(rq, &s, &t);
        st = request_has(rq, F_TARGET_ACCELERATION)
                 ? af_arc_moving_miss_accel_q16(&s, &a, fixed_raw(rq->speed), &g, solve_flags(rq),
                                                &q, &miss)
                 : af_arc_moving_miss_q16(&s, &t, fixed_raw(rq->speed), &g, solve_flags(rq), &q,
                                          &miss);
        solve_miss_store_q16(out, &miss);
        return shots_answer(st, &q, out);
    }
    return run_lob(af_arc_moving_q16, af_arc_moving_accel_q16, rq->speed, rq, out);
}

/* Round a vector the CLI derives from a Q16 answer; 0 when it does not
 * fit Q16.16. */
static int round_vec(af_vec3_f64 *v)
{
    af_vec3_q16 raw;
    if (!fixed_round_vec(*v, &raw))
        return 0;
    *v = fixed_vec_value(raw);
    return 1;
}

/*
 * max_range toward the target, as run_max_range: the height h of the
 * target above the shooter and the direction to it come from the request
 * (in double, on its rounded numbers); h is rounded to Q16.16 for the
 * library (AF_ERR_OUT_OF_RANGE when it does not fit, as for any
 * difference a Q16 solver cannot hold). The library answers the range,
 * time and launch speeds; the launch velocity and landing point the CLI
 * builds from them are rounded to Q16.16 (AF_ERR_OVERFLOW when they do not
 * fit).
 */
af_status run_max_range_q16(const request *rq, result *out)
{
    af_range_q16 r;
    af_range_f64 rf;
    af_vec3_f64 up, heading;
    af_vec3_q16 g = fixed_vec(rq->gravity);
    af_shot_f64 shot;
    fix16_t h_raw;
    double h;
    af_status st;
    solve_range_frame(rq, &up, &h, &heading);
    if (!fixed_round(h, &h_raw))
        return AF_ERR_OUT_OF_RANGE;
    st = af_arc_max_range_q16(fixed_raw(rq->speed), h_raw, &g, &r);
    if (st != AF_OK)
        return st;
    rf.range = fixed_value(r.range);
    rf.t = fixed_value(r.t);
    rf.horizontal_speed = fixed_value(r.horizontal_speed);
    rf.vertical_speed = fixed_value(r.vertical_speed);
    shot = solve_range_shot(rq, up, fixed_value(h_raw), heading, &rf);
    if (!round_vec(&shot.velocity) || !round_vec(&shot.point))
        return AF_ERR_OVERFLOW;
    out->has_range = 1;
    out->range = rf.range;
    out->shots.count = 1;
    out->shots.shot[0] = shot;
    return AF_OK;
}
