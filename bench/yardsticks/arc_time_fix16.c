/* SPDX-License-Identifier: MIT */
/*
 * The textbook lobs of a chosen time of flight on libfixmath
 * (bench/yardsticks/ref_solvers.h): the kinematics formula solved for the
 * launch velocity, and the apex formulas (w = sqrt(2 g H), time up plus time
 * down). One fix16_* call per operation; squares in Q16.16 itself.
 */
#include "noted_fix16.h"
#include "ref_solvers.h"

/* 0.5 in Q16.16. */
#define FIX16_HALF 32768

/* (d + v t - g t^2 / 2) / t along one axis. */
static fix16_t launch(fix16_t d, fix16_t v, fix16_t g, fix16_t t, fix16_t t2, int *overflow)
{
    fix16_t reach = add(d, mul(v, t, overflow), overflow);
    return divide(sub(reach, mul(mul(g, t2, overflow), FIX16_HALF, overflow), overflow), t,
                  overflow);
}

af_status bench_arc_time_fix16(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t t,
                               const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out)
{
    af_vec3_q16 D, V;
    af_shot_q16 *shot = &out->shot[0];
    fix16_t t2;
    int overflow = 0;
    out->count = 0;
    relative_fix16(shooter, target, flags, &D, &V, &overflow);
    t2 = mul(t, t, &overflow);
    shot->t = t;
    shot->velocity.x = launch(D.x, V.x, gravity->x, t, t2, &overflow);
    shot->velocity.y = launch(D.y, V.y, gravity->y, t, t2, &overflow);
    shot->velocity.z = launch(D.z, V.z, gravity->z, t, t2, &overflow);
    shot->point = vmove(&target->position, &target->velocity, t, &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    out->count = 1;
    return AF_OK;
}

af_status bench_arc_apex_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                               const af_vec3_q16 *gravity, const af_arc_policy_q16 *policy,
                               unsigned flags, af_shots_q16 *out)
{
    af_vec3_q16 D, V;
    af_shot_q16 *shot = &out->shot[0];
    fix16_t g = -gravity->z, two_g, x, value, H, w, t;
    int overflow = 0;
    out->count = 0;
    relative_fix16(shooter, target, flags, &D, &V, &overflow);
    x = fix16_sqrt(add(mul(D.x, D.x, &overflow), mul(D.y, D.y, &overflow), &overflow));
    value = add(policy->base, mul(policy->per_distance, x, &overflow), &overflow);
    if (value <= 0)
        return AF_ERR_BAD_ARGUMENT;
    two_g = mul(2 * fix16_one, g, &overflow);
    if (policy->kind == AF_ARC_APEX_HEIGHT) {
        H = add(D.z > 0 ? D.z : 0, value, &overflow); /* above the higher end */
        w = fix16_sqrt(mul(two_g, H, &overflow));
    } else {
        w = value;
        H = divide(mul(w, w, &overflow), two_g, &overflow);
    }
    if (overflow)
        return AF_ERR_OVERFLOW;
    if (H < D.z)
        return AF_ERR_NO_SOLUTION; /* the apex is below the target */
    t = add(divide(w, g, &overflow),
            fix16_sqrt(divide(mul(2 * fix16_one, sub(H, D.z, &overflow), &overflow), g, &overflow)),
            &overflow);
    shot->t = t;
    shot->velocity.x = divide(add(D.x, mul(V.x, t, &overflow), &overflow), t, &overflow);
    shot->velocity.y = divide(add(D.y, mul(V.y, t, &overflow), &overflow), t, &overflow);
    shot->velocity.z = w;
    shot->point = vmove(&target->position, &target->velocity, t, &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    out->count = 1;
    return AF_OK;
}
