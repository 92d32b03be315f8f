/* SPDX-License-Identifier: MIT */
/*
 * The float and double yardsticks of the drag rows
 * (bench/yardsticks/drag_real.h). Compiled twice (mk/bench.mk): as it is,
 * bench_<row>_double calls the f64 solvers of libaimfix; with BENCH_REAL_FLOAT
 * and bench/yardsticks/float_f64.h forced in front, every double below is a
 * float and the solvers called are the float compilations of the same sources.
 */
#include "aimfix.h"

#include "drag_real.h"

#ifdef BENCH_REAL_FLOAT
#define DRAG_REAL_NAME(name) bench_##name##_float
#else
#define DRAG_REAL_NAME(name) bench_##name##_double
#endif

/* The model of the real arguments. */
static af_drag_f64 model_of(const double *a)
{
    af_drag_f64 m;
    m.kind = a[0] != 0.0 ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED;
    m.r = a[1];
    m.k = a[1];
    m.dt = a[2];
    m.order = AF_STEP_GRAVITY_THEN_DAMPING;
    m.max_move = 0.0;
    m.gravity.x = a[3];
    m.gravity.y = a[4];
    m.gravity.z = a[5];
    m.wind.x = a[13];
    m.wind.y = a[14];
    m.wind.z = a[15];
    return m;
}

/* A state into r[0..5]: position, then velocity. */
static void put_body(const af_body_f64 *b, double *r)
{
    r[0] = b->position.x;
    r[1] = b->position.y;
    r[2] = b->position.z;
    r[3] = b->velocity.x;
    r[4] = b->velocity.y;
    r[5] = b->velocity.z;
}

/* A forward prediction (by steps or by time: the same signature) of the
 * body of a[6..11] by a[12]. Inlined, so that each yardstick calls its
 * solver directly (counted, the call through a pointer costs more). */
static inline __attribute__((always_inline)) int predicted(af_status (*predict)(const af_drag_f64 *, const af_body_f64 *, double,
                                          af_body_f64 *),
                     const double *a, double *r)
{
    af_drag_f64 m = model_of(a);
    af_body_f64 start = { { a[6], a[7], a[8] }, { a[9], a[10], a[11] } }, out;
    if (predict(&m, &start, a[12], &out) != AF_OK)
        return 0;
    put_body(&out, r);
    return 1;
}

int DRAG_REAL_NAME(drag_steps)(const double *a, double *r)
{
    return predicted(af_drag_predict_steps_f64, a, r);
}

int DRAG_REAL_NAME(drag_predict)(const double *a, double *r)
{
    return predicted(af_drag_predict_f64, a, r);
}

/* Launched from the origin; the time, then the state. */
int DRAG_REAL_NAME(drag_height)(const double *a, double *r)
{
    af_drag_f64 m = model_of(a);
    af_body_f64 start = { { 0, 0, 0 }, { a[9], a[10], a[11] } };
    af_drag_event_f64 ev;
    if (af_drag_time_at_height_f64(&m, &start, a[12], a[6] != 0.0 ? AF_FALLING : AF_RISING,
                                   &ev) != AF_OK)
        return 0;
    r[0] = ev.t;
    put_body(&ev.state, r + 1);
    return 1;
}

/* A launcher at rest at the origin; the first shot's time and velocity
 * (written out: bench_first_shot_f64 takes the double types only). */
int DRAG_REAL_NAME(drag_aim_speed)(const double *a, double *r)
{
    af_drag_f64 m = model_of(a);
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { a[6], a[7], a[8] }, { a[9], a[10], a[11] } };
    af_shots_f64 shots;
    if (af_drag_aim_speed_f64(&m, &shooter, &target, a[12], BENCH_DRAG_AIM_MAX_TIME, 0,
                              &shots) != AF_OK ||
        shots.count == 0)
        return 0;
    r[0] = shots.shot[0].t;
    r[1] = shots.shot[0].velocity.x;
    r[2] = shots.shot[0].velocity.y;
    r[3] = shots.shot[0].velocity.z;
    return 1;
}
