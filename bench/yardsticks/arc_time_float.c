/* SPDX-License-Identifier: MIT */
/*
 * The lobs of a chosen time of flight (src/f64/arc_time_f64.c) step for step
 * in float, with newlib's float libm: the fixed time, and the apex policy
 * with the later root of the vertical equation, cancellation-free.
 */
#include "vec_float.h"

int bench_arc_time_float(const float *a, float *r)
{
    vecf D, V;
    float t = a[BENCH_AT_SPEED];
    vf_relative_motion(a, &D, &V);
    vf_put_shot(r, 0, t, vf_addk(vf_addk(V, D, 1.0f / t), vf_at(a, BENCH_AT_GRAVITY), -0.5f * t),
                vf_target_at(a, t));
    return 1;
}

/* The vertical launch speed the policy asks for (policy_vertical_speed),
 * or a negative value. */
static float vertical_speed(const float *policy, float g, float h_target, float x)
{
    float value = policy[1] + policy[2] * x;
    if (!(value > 0.0f) || !isfinite(value))
        return -1.0f;
    if (policy[0] != 0.0f)
        return value;
    return sqrtf(2.0f * g * (fmaxf(h_target, 0.0f) + value));
}

int bench_arc_apex_float(const float *a, float *r)
{
    vecf D, V, up, P, horiz;
    float g = vf_gravity_up(vf_at(a, BENCH_AT_GRAVITY), &up), dz, vz, w, b, disc, t;
    if (!(g > 0.0f))
        return 0;
    vf_relative_motion(a, &D, &V);
    dz = vf_dot(D, up);
    vz = vf_dot(V, up);
    w = vertical_speed(a + BENCH_AT_POLICY, g, dz, vf_norm(vf_addk(D, up, -dz)));
    if (w < 0.0f)
        return 0;
    b = w - vz;
    disc = b * b - 2.0f * g * dz;
    if (!(disc >= 0.0f))
        return 0;
    if (b > 0.0f)
        t = (b + sqrtf(disc)) / g;
    else
        t = -2.0f * dz / (sqrtf(disc) - b);
    if (!(t > 0.0f))
        return 0;
    P = vf_addk(D, V, t);
    horiz = vf_addk(P, up, -vf_dot(P, up));
    vf_put_shot(r, 0, t, vf_addk(vf_scale(horiz, 1.0f / t), up, w), vf_target_at(a, t));
    return 1;
}
