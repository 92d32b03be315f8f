/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/vec_float.h — the f64 solvers' vector helpers
 * (src/f64/vec_f64.h, src/f64/check_f64.h) in float, for their float
 * yardsticks: the same steps on the other type. Internal to the benchmark.
 */
#ifndef AIMFIX_BENCH_VEC_FLOAT_H
#define AIMFIX_BENCH_VEC_FLOAT_H

#include <math.h>

#include "ref_solvers.h"
#include "solver_rows.h"

typedef struct vecf {
    float x, y, z;
} vecf;

/* Three consecutive arguments. */
static inline vecf vf_at(const float *a, unsigned first)
{
    vecf r = { a[first], a[first + 1], a[first + 2] };
    return r;
}

static inline vecf vf_sub(vecf a, vecf b)
{
    vecf r = { a.x - b.x, a.y - b.y, a.z - b.z };
    return r;
}

static inline vecf vf_scale(vecf a, float k)
{
    vecf r = { a.x * k, a.y * k, a.z * k };
    return r;
}

/* a + b * k */
static inline vecf vf_addk(vecf a, vecf b, float k)
{
    vecf r = { a.x + b.x * k, a.y + b.y * k, a.z + b.z * k };
    return r;
}

static inline float vf_dot(vecf a, vecf b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* Length scaled by the largest component, as vnorm does. */
static inline float vf_norm(vecf a)
{
    float m = fmaxf(fabsf(a.x), fmaxf(fabsf(a.y), fabsf(a.z)));
    if (m == 0.0f || !isfinite(m))
        return m;
    a = vf_scale(a, 1.0f / m);
    return m * sqrtf(vf_dot(a, a));
}

static inline vecf vf_zero(void)
{
    vecf r = { 0.0f, 0.0f, 0.0f };
    return r;
}

/* Gravity's magnitude and the unit "up" opposite to it (gravity_up_f64). */
static inline float vf_gravity_up(vecf gravity, vecf *up)
{
    float g = vf_norm(gravity);
    *up = g > 0.0f ? vf_scale(gravity, -1.0f / g) : vf_zero();
    return g;
}

/* The target's position and velocity relative to the shooter, from a
 * row's arguments (relative_motion_f64). */
static inline void vf_relative_motion(const float *a, vecf *d, vecf *v)
{
    *d = vf_sub(vf_at(a, BENCH_AT_TARGET), vf_at(a, BENCH_AT_SHOOTER));
    *v = a[BENCH_AT_INHERIT] != 0.0f
             ? vf_sub(vf_at(a, BENCH_AT_TARGET + 3), vf_at(a, BENCH_AT_SHOOTER + 3))
             : vf_at(a, BENCH_AT_TARGET + 3);
}

/* Shot k of the results: t, velocity, point (shots_push_f64). */
static inline void vf_put_shot(float *r, int k, float t, vecf u, vecf point)
{
    float *s = r + k * BENCH_FLOAT_SHOT;
    s[0] = t;
    s[1] = u.x;
    s[2] = u.y;
    s[3] = u.z;
    s[4] = point.x;
    s[5] = point.y;
    s[6] = point.z;
}

/* The target's position after t (the impact point of a shot). */
static inline vecf vf_target_at(const float *a, float t)
{
    return vf_addk(vf_at(a, BENCH_AT_TARGET), vf_at(a, BENCH_AT_TARGET + 3), t);
}

#endif /* AIMFIX_BENCH_VEC_FLOAT_H */
