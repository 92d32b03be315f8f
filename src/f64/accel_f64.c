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

/* The vertical launch speed a policy asks for under gravity g (> 0), as
 * af_arc_apex_f64 forms it: negative when the policy is invalid. */
static double apex_vertical_speed(const af_arc_policy_f64 *policy, double g, double dz, double x)
{
    double value;
    if (!isfinite(policy->base) || !isfinite(policy->per_distance))
        return -1.0;
    value = policy->base + policy->per_distance * x;
    if (!(value > 0.0) || !isfinite(value))
        return -1.0;
    switch (policy->kind) {
    case AF_ARC_APEX_HEIGHT:
        return sqrt(2.0 * g * (fmax(dz, 0.0) + value));
    case AF_ARC_VERTICAL_SPEED:
        return value;
    }
    return -1.0;
}

af_status af_arc_apex_accel_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                                const af_vec3_f64 *gravity, const af_arc_policy_f64 *policy,
                                unsigned flags, af_shots_f64 *out)
{
    af_body_f64 body;
    af_vec3_f64 up, D, r, a_h, g_rel;
    af_arc_policy_f64 speed_policy;
    double g, pull, w;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!split_target(shooter, target, &body) || !gravity || !afr_vfinite(*gravity) || !policy)
        return AF_ERR_BAD_ARGUMENT;
    if (afr_viszero(target->acceleration))
        return af_arc_apex_f64(shooter, &body, gravity, policy, flags, out);
    g = afr_vnorm(*gravity);
    if (!(g > 0.0) || !isfinite(g))
        return AF_ERR_BAD_ARGUMENT;
    up = afr_vscale(*gravity, -1.0 / g);
    /* The projectile's real apex: the policy's vertical speed under g. */
    D = afr_vsub(body.position, shooter->position);
    w = apex_vertical_speed(policy, g, afr_vdot(D, up),
                            afr_vnorm(afr_vaddk(D, up, -afr_vdot(D, up))));
    if (w < 0.0 || !isfinite(w))
        return AF_ERR_BAD_ARGUMENT;
    /* Heights meet under the relative acceleration along up, g + a.up;
     * across, the target's drift a_h t^2/2 is added to the aim. Both are
     * taken from r = a - g (g lies along up): a target falling nearly as
     * the projectile does leaves only r's rounding, where |g| + a.up and
     * a - (a.up) up left |a|'s ulps (a pull of 2e-16 m/s^2 where none is,
     * and a flight of 1.5e16 s). */
    r = afr_vsub(target->acceleration, *gravity);
    pull = afr_vdot(r, up);
    a_h = afr_vaddk(r, up, -pull);
    if (!(pull > 0.0))
        return isfinite(pull) ? AF_ERR_NO_SOLUTION : AF_ERR_OVERFLOW;
    g_rel = afr_vscale(up, -pull);
    if (!afr_vfinite(g_rel) || !afr_vfinite(a_h))
        return AF_ERR_OVERFLOW;
    speed_policy.kind = AF_ARC_VERTICAL_SPEED;
    speed_policy.base = w;
    speed_policy.per_distance = 0.0;
    st = af_arc_apex_f64(shooter, &body, &g_rel, &speed_policy, flags, out);
    if (st == AF_OK) {
        af_shot_f64 *s = &out->shot[0];
        s->velocity = afr_vaddk(s->velocity, a_h, 0.5 * s->t);
        if (!afr_vfinite(s->velocity)) {
            afr_shots_clear_f64(out);
            return AF_ERR_OVERFLOW;
        }
    }
    return accelerate_points(target, st, out);
}
