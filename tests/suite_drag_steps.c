/* SPDX-License-Identifier: MIT */
/*
 * The main figure for the engine models: at whole steps, the
 * closed-form prediction equals the engine's literal step loop (written in
 * the tests, drag_sim.h) for 100 000 random bodies per model and step
 * counts up to 10 000. Its own suite, one case per model, because the loop
 * is the slowest reference of all: make runs it beside the other suites.
 */
#include <math.h>

#include "aimfix.h"
#include "drag_sim.h"
#include "harness.h"

/* The figure. The loop runs in double-double, so what is measured
 * is the library's rounding, about 1e-14 of the path's size. */
#define WHOLE_STEP_TOL 1e-12

/* Bodies per model on the host: the count. On a board the loop
 * runs in soft-float double-double, about 15 us a step under QEMU (the
 * host takes 28 ns), so 1 000 bodies a model would take 90 s a board:
 * there a further fifth of th_count's share (200 bodies a model at
 * TH_SCALE 100) keeps the suite near 20 s, with the same step counts. */
#define BODIES 100000
#define BOARD_SHARE 5

/* Step counts from 1 to MAX_STEPS, every decade equally likely (a mean of
 * about 1 100 steps a body). */
#define MAX_STEPS 10000.0

/* Runs the loop on to step `to`, tracking the largest position and
 * velocity seen (the scales every rounding in either computation is
 * relative to), then compares with the closed form. Returns the larger of
 * the two relative errors. */
static double compare_at(dsim_loop *loop, const af_body_f64 *start, long from, long to,
                         double *pscale, double *vscale)
{
    af_body_f64 pred, now;
    af_status st;
    double ep, ev;
    long n;
    /* The scales need every step's state: step in short runs and look in
     * between (the loop keeps its full precision across runs). */
    for (n = from; n < to;) {
        long run = (to - n) > 64 ? 64 : (to - n);
        dsim_loop_run(loop, run);
        n += run;
        now = dsim_loop_state(loop);
        *pscale = fmax(*pscale, dsim_vmax(now.position) +
                                    dsim_vmax(dsim_sub(now.position, start->position)));
        *vscale = fmax(*vscale, dsim_vmax(now.velocity));
    }
    now = dsim_loop_state(loop);
    st = af_drag_predict_steps_f64(&loop->model, start, (double)to, &pred);
    if (!TH_CHECK(st == AF_OK, "predict_steps(%ld) failed: %s", to, af_status_name(st)))
        return 1.0;
    ep = dsim_vmax(dsim_sub(pred.position, now.position)) / *pscale;
    ev = dsim_vmax(dsim_sub(pred.velocity, now.velocity)) / *vscale;
    TH_CHECK(ep <= WHOLE_STEP_TOL && ev <= WHOLE_STEP_TOL,
             "r = %.17g dt = %g order %d n = %ld: position error %.3g, velocity error %.3g of "
             "the path's scale",
             loop->model.r, loop->model.dt, (int)loop->model.order, to, ep, ev);
    return fmax(ep, ev);
}

/* kind: as dsim_model's (0..3 the engine models, 5 hand-filled). */
static void whole_steps_of(int kind, const char *case_name)
{
    th_rng rng = th_rng_for(case_name);
    long i, count = th_count(TH_SCALE > 1 ? BODIES / BOARD_SHARE : BODIES), steps = 0;
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_f64 m = dsim_model(&rng, kind);
        af_body_f64 start;
        dsim_loop loop;
        double pscale, vscale;
        /* Checked at a random step on the way and at the end. */
        long n = (long)th_rand_log(&rng, 1.0, MAX_STEPS + 1.0);
        long half = (long)th_rand_below(&rng, (uint32_t)n + 1);
        dsim_body(&rng, &start);
        dsim_loop_start(&loop, &m, &start);
        pscale = dsim_vmax(start.position);
        vscale = dsim_vmax(start.velocity);
        worst = fmax(worst, compare_at(&loop, &start, 0, half, &pscale, &vscale));
        worst = fmax(worst, compare_at(&loop, &start, half, n, &pscale, &vscale));
        steps += n;
    }
    th_note("%-11s %ld bodies, %ld steps, worst error %.3g of the path's scale",
            dsim_kind_name(kind), count, steps, worst);
}

static void unity_equals_the_loop(void)
{
    whole_steps_of(0, "unity_equals_the_loop");
}

static void box2d_equals_the_loop(void)
{
    whole_steps_of(1, "box2d_equals_the_loop");
}

static void bullet_equals_the_loop(void)
{
    whole_steps_of(2, "bullet_equals_the_loop");
}

static void exact_equals_the_loop(void)
{
    whole_steps_of(3, "exact_equals_the_loop");
}

/* Hand-filled r: exactly 1, a few ulps below 1, down to 1e-3, and both
 * step orders (the constructors only make gravity-then-damping). */
static void hand_filled_equals_the_loop(void)
{
    whole_steps_of(5, "hand_filled_equals_the_loop");
}

/* A subnormal step, with drag: -ln r / dt overflows, yet after n steps
 * the state is the loop's (the velocity r^n v0 within a rounding). */
static void subnormal_step_equals_the_loop(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 1.52587890625e-05, 2, 1000 }, { 1.52587890625e-05, 174.625, 2 } };
    af_body_f64 out, flown = start;
    long n;
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.x = -348.21875;
    m.gravity.y = 350.625;
    m.gravity.z = 0;
    m.dt = 2.2617957353712172e-313;
    m.r = 0.9993438720703125;
    m.order = AF_STEP_GRAVITY_THEN_DAMPING;
    m.k = 0;
    m.wind = start.position;
    m.max_move = 0;
    for (n = 1; n <= 1000; n *= 10) {
        af_status st = af_drag_predict_steps_f64(&m, &start, (double)n, &out);
        flown = start;
        dsim_steps(&m, &flown, n);
        TH_CHECK(st == AF_OK, "%ld steps: %s", n, af_status_name(st));
        TH_CHECK(dsim_vmax(dsim_sub(out.velocity, flown.velocity)) <= 1e-12 * 174.625,
                 "%ld steps: velocity y %.17g, the loop %.17g", n, out.velocity.y,
                 flown.velocity.y);
        TH_CHECK(dsim_vmax(dsim_sub(out.position, flown.position)) <= 1e-12 * 1000,
                 "%ld steps: position off the loop by %.3g", n,
                 dsim_vmax(dsim_sub(out.position, flown.position)));
    }
}

static const th_case cases[] = {
    TH_CASE(unity_equals_the_loop),  TH_CASE(box2d_equals_the_loop),
    TH_CASE(bullet_equals_the_loop), TH_CASE(exact_equals_the_loop),
    TH_CASE(hand_filled_equals_the_loop), TH_CASE(subnormal_step_equals_the_loop),
};

TH_MAIN("drag_steps", cases)
