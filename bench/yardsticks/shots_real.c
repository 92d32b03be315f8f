/* SPDX-License-Identifier: MIT */
/*
 * The float and double yardsticks of the fixed-launcher and closest-miss
 * rows (bench/yardsticks/shots_real.h). Compiled twice (mk/bench.mk): as
 * it is, bench_<row>_double calls the f64 solvers of libaimfix; with
 * BENCH_REAL_FLOAT and bench/yardsticks/float_f64.h forced in front, every
 * double below is a float and the solvers called are the float
 * compilations of the same sources.
 */
#include <string.h>

#include "aimfix.h"

#include "shots_real.h"

#ifdef BENCH_REAL_FLOAT
#define SHOTS_REAL_NAME(name) bench_##name##_float
#else
#define SHOTS_REAL_NAME(name) bench_##name##_double
#endif

static af_body_accel_f64 target_of(const double *a)
{
    af_body_accel_f64 b = { { a[0], a[1], a[2] }, { a[3], a[4], a[5] }, { a[6], a[7], a[8] } };
    return b;
}

static const af_body_f64 still = { { 0, 0, 0 }, { 0, 0, 0 } };

static int first_shot(af_status st, const af_shots_f64 *out, double *r)
{
    if (st != AF_OK || out->count < 1)
        return 0;
    r[0] = out->shot[0].t;
    r[1] = out->shot[0].velocity.x;
    r[2] = out->shot[0].velocity.y;
    r[3] = out->shot[0].velocity.z;
    return 1;
}

static int closest(af_status st, const af_miss_f64 *m, double *r)
{
    if (st != AF_ERR_NO_SOLUTION || !(m->distance > 0))
        return 0;
    r[0] = m->distance;
    r[1] = m->shot.t;
    r[2] = m->shot.velocity.x;
    r[3] = m->shot.velocity.y;
    r[4] = m->shot.velocity.z;
    return 1;
}

static int drag_of(const double *a, af_drag_f64 *m)
{
    af_vec3_f64 g = { 0, 0, a[14] };
    return af_drag_init_f64(AF_DRAG_UNITY, a[15], a[16], &g, NULL, m) == AF_OK;
}

int SHOTS_REAL_NAME(fixed_dir)(const double *a, double *r)
{
    af_body_accel_f64 target = target_of(a);
    af_vec3_f64 dir = { a[11], a[12], a[13] }, g = { 0, 0, a[14] };
    af_shots_f64 out;
    return first_shot(af_fixed_dir_f64(&still, &target, &dir, &g, 0, &out), &out, r);
}

int SHOTS_REAL_NAME(fixed_elev)(const double *a, double *r)
{
    af_body_accel_f64 target = target_of(a);
    af_vec3_f64 g = { 0, 0, a[14] };
    af_shots_f64 out;
    return first_shot(af_fixed_elev_f64(&still, &target, a[10], &g, 0, &out), &out, r);
}

int SHOTS_REAL_NAME(drag_fixed_elev)(const double *a, double *r)
{
    af_body_accel_f64 target = target_of(a);
    af_drag_f64 m;
    af_shots_f64 out;
    if (!drag_of(a, &m))
        return 0;
    return first_shot(af_drag_fixed_elev_f64(&m, &still, &target, a[10], a[17], 0, &out), &out,
                      r);
}

/* The vacuum closest miss in double only: the vacuum lob beneath it holds
 * constants of double's range (mk/bench.mk). */
#ifndef BENCH_REAL_FLOAT
int SHOTS_REAL_NAME(moving_miss)(const double *a, double *r)
{
    af_body_accel_f64 target = target_of(a);
    af_vec3_f64 g = { 0, 0, a[14] };
    af_shots_f64 out;
    af_miss_f64 m;
    return closest(af_arc_moving_miss_accel_f64(&still, &target, a[9], &g, 0, &out, &m), &m, r);
}
#endif

int SHOTS_REAL_NAME(drag_miss)(const double *a, double *r)
{
    af_body_accel_f64 target = target_of(a);
    af_drag_f64 d;
    af_shots_f64 out;
    af_miss_f64 m;
    if (!drag_of(a, &d))
        return 0;
    return closest(
        af_drag_aim_speed_miss_accel_f64(&d, &still, &target, a[9], a[17], 0, &out, &m), &m, r);
}
