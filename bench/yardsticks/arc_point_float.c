/* SPDX-License-Identifier: MIT */
/*
 * The lobs at a static point (src/f64/arc_point_f64.c) step for step in float,
 * with newlib's float libm: the yardsticks a float program would use. The
 * same units (distance 1, speed 1), the same T = t^2 quadratic and its
 * cancellation-free roots, the same shots written out.
 */
#include "vec_float.h"

int bench_arc_point_float(const float *a, float *r)
{
    vecf from = vf_at(a, BENCH_AT_SHOOTER), to = vf_at(a, BENCH_AT_TARGET);
    vecf gravity = vf_at(a, BENCH_AT_GRAVITY), D, d, gam, up;
    float speed = a[BENCH_AT_SPEED], L, g, A, B, T[2];
    int n = 0, count = 0, i;

    D = vf_sub(to, from);
    L = vf_norm(D);
    g = vf_gravity_up(gravity, &up);
    if (L == 0.0f) {
        vf_put_shot(r, count++, 0.0f, vf_zero(), to);
        if (g > 0.0f)
            vf_put_shot(r, count++, 2.0f * speed / g, vf_scale(up, speed), to);
        return 1;
    }
    d = vf_scale(D, 1.0f / L);
    gam = vf_scale(gravity, (L / speed) / speed);
    A = 0.25f * vf_dot(gam, gam);
    B = 1.0f + vf_dot(d, gam);
    if (!(B > 0.0f))
        return 0;
    if (A == 0.0f) {
        T[n++] = 1.0f / B;
    } else {
        float gn = sqrtf(4.0f * A), disc = (B - gn) * (B + gn), q;
        if (disc < 0.0f)
            return 0;
        q = B + sqrtf(disc);
        T[n++] = 2.0f / q;
        if (disc > 0.0f)
            T[n++] = q / (2.0f * A);
    }
    for (i = 0; i < n; i++) {
        float t = sqrtf(T[i]) * (L / speed);
        vecf u;
        if (!isfinite(t))
            continue;
        u = vf_scale(vf_addk(d, gam, -0.5f * T[i]), 1.0f / sqrtf(T[i]));
        vf_put_shot(r, count++, t, vf_scale(u, speed), to);
    }
    return count > 0;
}

int bench_arc_max_range_float(const float *a, float *r)
{
    vecf up;
    float speed = a[BENCH_AT_RANGE_SPEED], height = a[BENCH_AT_RANGE_HEIGHT];
    float g = vf_gravity_up(vf_at(a, BENCH_AT_RANGE_GRAVITY), &up), eta;
    if (!(g > 0.0f))
        return 0;
    eta = 2.0f * (g / speed) * (height / speed);
    if (!(eta <= 1.0f))
        return 0;
    r[0] = (speed / g) * speed * sqrtf(1.0f - eta);
    r[1] = (speed / g) * sqrtf(2.0f - eta);
    r[2] = speed * sqrtf((1.0f - eta) / (2.0f - eta));
    r[3] = speed / sqrtf(2.0f - eta);
    return 1;
}

int bench_arc_min_speed_float(const float *a, float *r)
{
    vecf to = vf_at(a, BENCH_AT_TARGET), up, D, horiz;
    float g = vf_gravity_up(vf_at(a, BENCH_AT_GRAVITY), &up), L, h, lift, t;
    if (!(g > 0.0f))
        return 0;
    D = vf_sub(to, vf_at(a, BENCH_AT_SHOOTER));
    L = vf_norm(D);
    if (L == 0.0f) {
        vf_put_shot(r, 0, 0.0f, vf_zero(), to);
        return 1;
    }
    h = vf_dot(D, up);
    horiz = vf_addk(D, up, -h);
    if (h >= 0.0f) {
        lift = L + h;
    } else {
        float x = vf_norm(horiz);
        lift = (x / (L - h)) * x;
    }
    t = sqrtf(2.0f * (L / g));
    vf_put_shot(r, 0, t, vf_scale(vf_addk(horiz, up, lift), 1.0f / t), to);
    return 1;
}
