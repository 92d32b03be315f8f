/* SPDX-License-Identifier: MIT */
/*
 * The libfixmath yardsticks of the drag rows (bench/yardsticks/drag_*fix16.c) against
 * the f64 solvers where their closed forms are well conditioned: strong
 * drag (1 - r of a tenth, k of 1 /s) or none, so that what the benchmark
 * reports as their error at light drag is the formulas' cancellation, not
 * a wrong formula. A harness suite linked with the yardsticks by
 * tests/host/check-bench-drag-textbook.sh.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "harness.h"
#include "q16_solve_check.h"
#include "ref_solvers.h"

/* The largest difference of position and velocity, m and m/s. */
static double body_error(const af_body_q16 *q, const af_body_f64 *f)
{
    af_body_f64 got = dq16_body_f64(q);
    const double *a = &got.position.x, *b = &f->position.x;
    const double *av = &got.velocity.x, *bv = &f->velocity.x;
    double worst = 0;
    unsigned i;
    for (i = 0; i < 3; i++) {
        worst = fmax(worst, fabs(a[i] - b[i]));
        worst = fmax(worst, fabs(av[i] - bv[i]));
    }
    return worst;
}

/* A Q16 model: gravity 9.81 m/s^2 down z; continuous drag with a wind. */
static af_drag_q16 model(af_drag_model kind, double d, double dt)
{
    af_vec3_q16 g = { 0, 0, -642908 }, wind = { 65536, -131072, 0 };
    af_drag_q16 m;
    /* d and dt cut to Q16.16 (1/50 s: 1310 LSB). */
    TH_CHECK(af_drag_init_q16(kind, (fix16_t)(d * 65536.0), (fix16_t)(dt * 65536.0), &g,
                              kind == AF_DRAG_CONTINUOUS ? &wind : NULL, &m) == AF_OK,
             "model %d, d %g, dt %g: no Q16 model", (int)kind, d, dt);
    return m;
}

static const af_body_q16 launch = { { 196608, -131072, 327680 }, { 655360, 786432, 262144 } };

/* 2 mm (or mm/s): r^n and ln r each a few LSB, over a few metres. */
#define PREDICT_TOLERANCE 2e-3

static void predict_steps(void)
{
    static const struct {
        af_drag_model kind;
        double d, dt, steps;
    } cases[] = { { AF_DRAG_BOX2D, 4, 1.0 / 30, 75.5 },
                  { AF_DRAG_UNITY, 3, 1.0 / 60, 150 },
                  { AF_DRAG_EXACT, 0, 1.0 / 60, 100.25 } };
    unsigned i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        af_drag_q16 m = model(cases[i].kind, cases[i].d, cases[i].dt);
        af_drag_f64 f = dq16_model_f64(&m);
        af_body_f64 from = dq16_body_f64(&launch), want;
        af_body_q16 got;
        fix16_t n = q16_from_f64(cases[i].steps);
        af_status a = bench_drag_predict_steps_fix16(&m, &launch, n, &got);
        af_status b = af_drag_predict_steps_f64(&f, &from, q16_to_f64(n), &want);
        double error = a == AF_OK && b == AF_OK ? body_error(&got, &want) : INFINITY;
        TH_CHECK(error < PREDICT_TOLERANCE, "model %d, d %g, %g steps: off by %g",
                 (int)cases[i].kind, cases[i].d, cases[i].steps, error);
    }
}

static void predict_time(void)
{
    static const struct {
        af_drag_model kind;
        double d, dt, t;
    } cases[] = { { AF_DRAG_CONTINUOUS, 1, 0, 2.5 },
                  { AF_DRAG_EXACT, 2, 1.0 / 120, 1.7 },
                  { AF_DRAG_CONTINUOUS, 0, 0, 3.25 } };
    unsigned i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        af_drag_q16 m = model(cases[i].kind, cases[i].d, cases[i].dt);
        af_drag_f64 f = dq16_model_f64(&m);
        af_body_f64 from = dq16_body_f64(&launch), want;
        af_body_q16 got;
        fix16_t t = q16_from_f64(cases[i].t);
        af_status a = bench_drag_predict_fix16(&m, &launch, t, &got);
        af_status b = af_drag_predict_f64(&f, &from, q16_to_f64(t), &want);
        double error = a == AF_OK && b == AF_OK ? body_error(&got, &want) : INFINITY;
        TH_CHECK(error < PREDICT_TOLERANCE, "model %d, d %g, %g s: off by %g",
                 (int)cases[i].kind, cases[i].d, cases[i].t, error);
    }
}

static void height(void)
{
    static const af_body_q16 start = { { 0, 0, 0 }, { 196608, 0, 983040 } }; /* 15 m/s up */
    static const af_drag_model kinds[] = { AF_DRAG_CONTINUOUS, AF_DRAG_BOX2D, AF_DRAG_EXACT };
    static const double d[] = { 1, 3, 0 };
    unsigned i, branch;
    for (i = 0; i < 3; i++) {
        af_drag_q16 m = model(kinds[i], d[i], 1.0 / 60);
        af_drag_f64 f = dq16_model_f64(&m);
        af_body_f64 from = dq16_body_f64(&start);
        for (branch = AF_RISING; branch <= AF_FALLING; branch++) {
            af_drag_event_q16 got;
            af_drag_event_f64 want;
            af_status a = bench_drag_time_at_height_fix16(&m, &start, 3 * 65536,
                                                          (af_branch)branch, &got);
            af_status b = af_drag_time_at_height_f64(&f, &from, 3.0, (af_branch)branch, &want);
            /* 1 ms: the bisection's LSB of time, and the heights' error. */
            TH_CHECK(a == AF_OK && b == AF_OK && fabs(q16_to_f64(got.t) - want.t) < 1e-3,
                     "model %d, d %g, branch %u: status %d / %d, t = %.6f s, f64 %.6f s",
                     (int)kinds[i], d[i], branch, a, b, q16_to_f64(got.t), want.t);
        }
    }
}

static void aim(void)
{
    static const af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    static const af_body_q16 target = { { 6 * 65536, 3 * 65536, 32768 }, { 32768, 0, 0 } };
    static const af_drag_model kinds[] = { AF_DRAG_CONTINUOUS, AF_DRAG_UNITY, AF_DRAG_EXACT };
    static const double d[] = { 1, 1, 0 };
    unsigned i;
    for (i = 0; i < 3; i++) {
        af_drag_q16 m = model(kinds[i], d[i], 1.0 / 50);
        af_drag_f64 f = dq16_model_f64(&m);
        af_body_f64 from = dq16_body_f64(&shooter), to = dq16_body_f64(&target);
        af_shots_q16 got;
        af_shots_f64 want;
        af_status a = bench_drag_aim_speed_fix16(&m, &shooter, &target, 20 * 65536, 8 * 65536, 0,
                                                 &got);
        af_status b = af_drag_aim_speed_f64(&f, &from, &to, 20.0, 8.0, 0, &want);
        int k;
        if (!TH_CHECK(a == AF_OK && b == AF_OK && got.count == 2 && want.count == 2,
                      "model %d, d %g: status %d / %d, %d / %d shots", (int)kinds[i], d[i], a,
                      b, got.count, want.count))
            continue;
        for (k = 0; k < 2; k++) {
            const af_shot_q16 *s = &got.shot[k];
            const af_shot_f64 *w = &want.shot[k];
            /* 2 ms of time, 2 cm/s of launch velocity. */
            TH_CHECK(fabs(q16_to_f64(s->t) - w->t) < 2e-3 &&
                         fabs(q16_to_f64(s->velocity.x) - w->velocity.x) < 2e-2 &&
                         fabs(q16_to_f64(s->velocity.y) - w->velocity.y) < 2e-2 &&
                         fabs(q16_to_f64(s->velocity.z) - w->velocity.z) < 2e-2,
                     "model %d, d %g, shot %d: t = %.6f s, f64 %.6f s; velocity (%.4f, %.4f, "
                     "%.4f), f64 (%.4f, %.4f, %.4f) m/s",
                     (int)kinds[i], d[i], k, q16_to_f64(s->t), w->t, q16_to_f64(s->velocity.x),
                     q16_to_f64(s->velocity.y), q16_to_f64(s->velocity.z), w->velocity.x,
                     w->velocity.y, w->velocity.z);
        }
    }
}

static const th_case cases[] = { TH_CASE(predict_steps), TH_CASE(predict_time), TH_CASE(height),
                                 TH_CASE(aim) };
TH_MAIN("bench_drag_textbook", cases)
