/* SPDX-License-Identifier: MIT */
/*
 * The float and double yardsticks of the quadratic drag rows
 * (bench/yardsticks/qdrag_real.h). Compiled twice (mk/bench.mk): as it is,
 * bench_<row>_double calls the f64 solvers of libaimfix; with
 * BENCH_REAL_FLOAT and bench/yardsticks/float_f64.h forced in front, every
 * double below is a float and the solvers called are the float
 * compilations of the same sources.
 */
#include "aimfix.h"

#include "qdrag_real.h"

#ifdef BENCH_REAL_FLOAT
#define QDRAG_REAL_NAME(name) bench_##name##_float
#else
#define QDRAG_REAL_NAME(name) bench_##name##_double
#endif

/* The model of the real arguments. */
static af_qdrag_f64 model_of(const double *a)
{
    af_qdrag_f64 m;
    m.kind = a[0] != 0.0 ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED;
    m.gravity.x = a[3];
    m.gravity.y = a[4];
    m.gravity.z = a[5];
    m.wind.x = a[13];
    m.wind.y = a[14];
    m.wind.z = a[15];
    m.k = a[1];
    m.c = a[17];
    m.dt = a[2];
    m.order = a[16] != 0.0 ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
    return m;
}

/* The first shot into r[0..3]: its time, then its launch velocity. */
static int first_shot(af_status status, const af_shots_f64 *shots, double *r)
{
    if (status != AF_OK || shots->count == 0)
        return 0;
    r[0] = shots->shot[0].t;
    r[1] = shots->shot[0].velocity.x;
    r[2] = shots->shot[0].velocity.y;
    r[3] = shots->shot[0].velocity.z;
    return 1;
}

/* The body of a[6..11] a[12] s later: position, then velocity. */
int QDRAG_REAL_NAME(qdrag_predict)(const double *a, double *r)
{
    af_qdrag_f64 m = model_of(a);
    af_body_f64 start = { { a[6], a[7], a[8] }, { a[9], a[10], a[11] } }, out;
    if (af_qdrag_predict_f64(&m, &start, a[12], &out) != AF_OK)
        return 0;
    r[0] = out.position.x;
    r[1] = out.position.y;
    r[2] = out.position.z;
    r[3] = out.velocity.x;
    r[4] = out.velocity.y;
    r[5] = out.velocity.z;
    return 1;
}

/* A launcher at rest at the origin; the target of a[6..11]. */
int QDRAG_REAL_NAME(qdrag_aim_time)(const double *a, double *r)
{
    af_qdrag_f64 m = model_of(a);
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { a[6], a[7], a[8] }, { a[9], a[10], a[11] } };
    af_shots_f64 shots;
    return first_shot(af_qdrag_aim_time_f64(&m, &shooter, &target, a[12], 0, &shots), &shots, r);
}

int QDRAG_REAL_NAME(qdrag_aim_speed)(const double *a, double *r)
{
    af_qdrag_f64 m = model_of(a);
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { a[6], a[7], a[8] }, { a[9], a[10], a[11] } };
    af_shots_f64 shots;
    return first_shot(af_qdrag_aim_speed_f64(&m, &shooter, &target, a[12],
                                             BENCH_QDRAG_AIM_MAX_TIME, 0, &shots),
                      &shots, r);
}
