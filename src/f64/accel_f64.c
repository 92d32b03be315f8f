/* SPDX-License-Identifier: MIT */
/*
 * Accelerating targets, double precision (see aimfix/accel.h): the
 * moving-target solvers called with the relative acceleration g - a in
 * place of gravity, then each impact point moved to where the
 * accelerating target really is.
 */
#include "aimfix/accel.h"
#include "aimfix/ballistic.h"
#include "aimfix/intercept.h"

#include "check_f64.h"

/* The target without its acceleration, after checking both bodies. */
static int split_target(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                        af_body_f64 *body)
{
    if (!afr_body_ok_f64(shooter) || !target || !afr_vfinite(target->acceleration))
        return 0;
    body->position = target->position;
    body->velocity = target->velocity;
    return afr_body_ok_f64(body);
}

/* Each point becomes p + v t + (a t/2) t; a shot whose point overflows is
 * left out. With a = 0 the solver's points are kept as they are. */
static af_status accelerate_points(const af_body_accel_f64 *target, af_status st,
                                   af_shots_f64 *out)
{
    int i, kept = 0;
    if (st != AF_OK || afr_viszero(target->acceleration))
        return st;
    for (i = 0; i < out->count; i++) {
        af_shot_f64 s = out->shot[i];
        double t = s.t;
        s.point = afr_vaddk(afr_vaddk(target->position, target->velocity, t),
                            afr_vscale(target->acceleration, 0.5 * t), t);
        if (afr_vfinite(s.point))
            out->shot[kept++] = s;
    }
    for (i = kept; i < out->count; i++)
        memset(&out->shot[i], 0, sizeof out->shot[i]);
    out->count = kept;
    return kept ? AF_OK : AF_ERR_OVERFLOW;
}

/* g - a when both are finite and the difference fits a double. */
static af_status relative_gravity(const af_vec3_f64 *gravity, const af_vec3_f64 *a,
                                  af_vec3_f64 *rel)
{
    if (!gravity || !afr_vfinite(*gravity))
        return AF_ERR_BAD_ARGUMENT;
    *rel = afr_vsub(*gravity, *a);
    return afr_vfinite(*rel) ? AF_OK : AF_ERR_OVERFLOW;
}

af_status af_intercept_accel_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                                 double speed, unsigned flags, af_shots_f64 *out)
{
    af_body_f64 body;
    af_vec3_f64 zero = afr_vzero(), rel;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!split_target(shooter, target, &body))
        return AF_ERR_BAD_ARGUMENT;
    if (afr_viszero(target->acceleration))
        return af_intercept_f64(shooter, &body, speed, flags, out);
    st = relative_gravity(&zero, &target->acceleration, &rel);
    if (st != AF_OK)
        return st;
    st = af_arc_moving_f64(shooter, &body, speed, &rel, flags, out);
    return accelerate_points(target, st, out);
}

af_status af_arc_moving_accel_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                                  double speed, const af_vec3_f64 *gravity, unsigned flags,
                                  af_shots_f64 *out)
{
    af_body_f64 body;
    af_vec3_f64 rel;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!split_target(shooter, target, &body))
        return AF_ERR_BAD_ARGUMENT;
    st = relative_gravity(gravity, &target->acceleration, &rel);
    if (st != AF_OK)
        return st;
    st = af_arc_moving_f64(shooter, &body, speed,
                           afr_viszero(target->acceleration) ? gravity : &rel, flags, out);
    return accelerate_points(target, st, out);
}

af_status af_arc_time_accel_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                                double t, const af_vec3_f64 *gravity, unsigned flags,
                                af_shots_f64 *out)
{
    af_body_f64 body;
    af_vec3_f64 rel;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!split_target(shooter, target, &body))
        return AF_ERR_BAD_ARGUMENT;
    st = relative_gravity(gravity, &target->acceleration, &rel);
    if (st != AF_OK)
        return st;
    st = af_arc_time_f64(shooter, &body, t, afr_viszero(target->acceleration) ? gravity : &rel,
                         flags, out);
    return accelerate_points(target, st, out);
}
