/* SPDX-License-Identifier: MIT */
/*
 * The float and double yardsticks of the turret rows (bench/yardsticks/turret_real.h).
 * Compiled twice (mk/bench.mk): as it is, bench_<row>_double calls the f64
 * turret aims of libaimfix; with BENCH_REAL_FLOAT and bench/yardsticks/float_f64.h
 * forced in front, every double below is a float and the aims called are
 * the float compilations of the same sources.
 */
#include <string.h>

#include "aimfix.h"

#include "turret_real.h"

#ifdef BENCH_REAL_FLOAT
#define TURRET_REAL_NAME(name) bench_##name##_float
#else
#define TURRET_REAL_NAME(name) bench_##name##_double
#endif

static af_turret_f64 turret_of(const double *a)
{
    af_turret_f64 t;
    memset(&t, 0, sizeof t);
    t.up.z = 1.0;
    t.forward.x = 1.0;
    t.yaw_min = -BENCH_TURRET_YAW_LIMIT / 65536.0;
    t.yaw_max = BENCH_TURRET_YAW_LIMIT / 65536.0;
    t.pitch_min = BENCH_TURRET_PITCH_MIN / 65536.0;
    t.pitch_max = BENCH_TURRET_PITCH_MAX / 65536.0;
    t.yaw_rate = BENCH_TURRET_YAW_RATE / 65536.0;
    t.pitch_rate = BENCH_TURRET_PITCH_RATE / 65536.0;
    t.speed = a[9];
    t.latency = a[10];
    t.yaw = a[11];
    t.pitch = a[12];
    t.muzzle_forward = a[14];
    t.muzzle_up = a[15];
    t.velocity.x = a[16];
    t.flags = a[16] != 0.0 ? AF_INHERIT_VELOCITY : 0u;
    return t;
}

static af_body_accel_f64 target_of(const double *a)
{
    af_body_accel_f64 b = { { a[0], a[1], a[2] }, { a[3], a[4], a[5] }, { a[6], a[7], a[8] } };
    return b;
}

static int first_shot(af_status st, const af_turret_shots_f64 *out, double *r)
{
    if (st != AF_OK || out->count < 1)
        return 0;
    r[0] = out->shot[0].launch;
    r[1] = out->shot[0].flight;
    r[2] = out->shot[0].yaw;
    r[3] = out->shot[0].pitch;
    return 1;
}

int TURRET_REAL_NAME(turret_aim)(const double *a, double *r)
{
    af_turret_f64 t = turret_of(a);
    af_body_accel_f64 b = target_of(a);
    af_body_f64 target = { b.position, b.velocity };
    af_vec3_f64 g = { 0, 0, a[13] };
    af_turret_shots_f64 out;
    return first_shot(af_turret_aim_f64(&t, &target, &g, &out), &out, r);
}

int TURRET_REAL_NAME(turret_aim_accel)(const double *a, double *r)
{
    af_turret_f64 t = turret_of(a);
    af_body_accel_f64 target = target_of(a);
    af_vec3_f64 g = { 0, 0, a[13] };
    af_turret_shots_f64 out;
    return first_shot(af_turret_aim_accel_f64(&t, &target, &g, &out), &out, r);
}

int TURRET_REAL_NAME(turret_aim_drag)(const double *a, double *r)
{
    af_turret_f64 t = turret_of(a);
    af_body_accel_f64 b = target_of(a);
    af_body_f64 target = { b.position, b.velocity };
    af_vec3_f64 g = { 0, 0, a[13] };
    af_drag_f64 m;
    af_turret_shots_f64 out;
    if (af_drag_init_f64(AF_DRAG_UNITY, a[17], a[18], &g, NULL, &m) != AF_OK)
        return 0;
    return first_shot(af_turret_aim_drag_f64(&t, &m, &target, BENCH_TURRET_MAX_TIME, &out), &out,
                      r);
}

int TURRET_REAL_NAME(turret_aim_drag_accel)(const double *a, double *r)
{
    af_turret_f64 t = turret_of(a);
    af_body_accel_f64 b = target_of(a);
    af_vec3_f64 g = { 0, 0, a[13] };
    af_drag_f64 m;
    af_turret_shots_f64 out;
    if (af_drag_init_f64(AF_DRAG_UNITY, a[17], a[18], &g, NULL, &m) != AF_OK)
        return 0;
    return first_shot(af_turret_aim_drag_accel_f64(&t, &m, &b, BENCH_TURRET_MAX_TIME, &out), &out,
                      r);
}

int TURRET_REAL_NAME(turret_aim_qdrag)(const double *a, double *r)
{
    af_turret_f64 t = turret_of(a);
    af_body_accel_f64 b = target_of(a);
    af_body_f64 target = { b.position, b.velocity };
    af_qdrag_f64 m;
    af_turret_shots_f64 out;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = a[13];
    m.k = a[17];
    m.dt = a[18];
    m.order = AF_QDRAG_GRAVITY_FIRST;
    return first_shot(af_turret_aim_qdrag_f64(&t, &m, &target, BENCH_TURRET_MAX_TIME, &out),
                      &out, r);
}
