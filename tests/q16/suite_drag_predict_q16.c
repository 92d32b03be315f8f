/* SPDX-License-Identifier: MIT */
/*
 * Q16 drag models and forward prediction against the f64 reference on the
 * same Q16.16 inputs: whole steps against the engine's literal loop, real
 * step counts and times against the f64 closed form, the engines' damping
 * factors, samples, and the edges (bad inputs, overflow, extreme values).
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "drag_sim.h"
#include "harness.h"
#include "q16_solve_check.h"

#define LSB (1.0 / 65536.0)

/*
 * The allowed error of a predicted component: the law is evaluated with
 * 30 to 32 significant bits per operation (about 8 operations deep from
 * the logarithm of r to a coefficient, 2^-31 each), and the coefficients
 * are applied with 30-bit mantissas aligned to the largest: 2^-26 of the
 * size of the terms (|a v0| + |b g|, scale below) leaves a factor of 2
 * over that budget. Plus the final rounding (0.5 LSB) and the rounding of
 * the engine's r itself, which is exact here (the f64 twin has the same r).
 */
#define PREDICT_RELATIVE (1.0 / 134217728.0) /* 2^-27 */
#define PREDICT_LSB 1.0

/* The sizes of the terms a v0 and b G (position) and c v0 and d G
 * (velocity), from the f64 law: the state without gravity, and without
 * the launch velocity. */
static void term_scales(const af_drag_f64 *m, const af_body_f64 *start, double t, int steps,
                        double *pos, double *vel)
{
    af_drag_f64 no_g = *m;
    af_body_f64 still = *start, a, b;
    af_status sa, sb;
    no_g.gravity.x = no_g.gravity.y = no_g.gravity.z = 0.0;
    no_g.wind = no_g.gravity;
    still.velocity = no_g.gravity;
    sa = steps ? af_drag_predict_steps_f64(&no_g, start, t, &a)
               : af_drag_predict_f64(&no_g, start, t, &a);
    sb = steps ? af_drag_predict_steps_f64(m, &still, t, &b) : af_drag_predict_f64(m, &still, t, &b);
    if (sa != AF_OK || sb != AF_OK) {
        *pos = *vel = INFINITY;
        return;
    }
    *pos = dsim_vmax(dsim_sub(a.position, start->position)) +
           dsim_vmax(dsim_sub(b.position, start->position));
    *vel = dsim_vmax(a.velocity) + dsim_vmax(b.velocity) + dsim_vmax(m->wind);
}

typedef struct predict_tally {
    long cases, overflows, band;
    double worst_pos, worst_vel; /* (error - PREDICT_LSB LSB) / scale */
    double worst_lsb;            /* error in LSB where the scale is below 2^10 LSB */
} predict_tally;

/* Judge one Q16 prediction against the f64 state `want` (status sf). */
static void judge(predict_tally *tl, const char *what, long index, af_status sf,
                  const af_body_f64 *want, af_status sq, const af_body_q16 *got, double pscale,
                  double vscale)
{
    /* Beyond Q16.16, or within the tolerance of its edge: overflow is the
     * answer (or, at the edge, either). */
    double margin = PREDICT_RELATIVE * fmax(pscale, vscale) / Q16_LIMIT + 2 * LSB / Q16_LIMIT;
    int beyond = sf == AF_OK && (dq16_vec_near_or_beyond(want->position, 0.0) ||
                                 dq16_vec_near_or_beyond(want->velocity, 0.0));
    int near = sf == AF_OK && (dq16_vec_near_or_beyond(want->position, margin) ||
                               dq16_vec_near_or_beyond(want->velocity, margin));
    double ep, ev;
    tl->cases++;
    if (beyond || near) {
        tl->overflows += sq == AF_ERR_OVERFLOW;
        tl->band += near && !beyond;
        TH_CHECK(sq == AF_ERR_OVERFLOW || (near && !beyond && sq == AF_OK),
                 "%s %ld: beyond Q16.16, yet %s", what, index, af_status_name(sq));
        if (sq != AF_OK)
            return;
    } else if (!TH_CHECK(sq == sf, "%s %ld: f64 %s, q16 %s", what, index, af_status_name(sf),
                         af_status_name(sq)) ||
               sf != AF_OK) {
        return;
    }
    ep = dq16_vec_error(got->position, want->position);
    ev = dq16_vec_error(got->velocity, want->velocity);
    tl->worst_pos = fmax(tl->worst_pos, (ep - PREDICT_LSB * LSB) / pscale);
    tl->worst_vel = fmax(tl->worst_vel, (ev - PREDICT_LSB * LSB) / vscale);
    if (pscale < 1024 * LSB)
        tl->worst_lsb = fmax(tl->worst_lsb, ep / LSB);
    TH_CHECK(ep <= PREDICT_LSB * LSB + PREDICT_RELATIVE * pscale,
             "%s %ld: position off by %.3g (%.3g LSB, scale %.3g)", what, index, ep, ep / LSB,
             pscale);
    TH_CHECK(ev <= PREDICT_LSB * LSB + PREDICT_RELATIVE * vscale,
             "%s %ld: velocity off by %.3g (%.3g LSB, scale %.3g)", what, index, ev, ev / LSB,
             vscale);
}

static void report(const char *what, const predict_tally *tl)
{
    th_note("%s: %ld cases, %ld overflows (%ld at the edge); worst error beyond %g LSB: %.3g "
            "(position) and %.3g (velocity) of the terms' size; %.2f LSB on small scales",
            what, tl->cases, tl->overflows, tl->band, PREDICT_LSB, tl->worst_pos, tl->worst_vel,
            tl->worst_lsb);
}

/* A stepped model of the class (redrawn until it is one). */
static af_drag_q16 stepped_model(th_rng *rng, int c)
{
    for (;;) {
        af_drag_q16 m = dq16_random_model(rng, c);
        if (m.kind == AF_DRAG_KIND_STEPPED)
            return m;
    }
}

/* Whole steps against the engine's loop (run in double-double by
 * drag_sim.c), 1 to 10^4 steps. */
static void whole_steps_match_the_engine_loop(void)
{
    th_rng rng = th_rng_for("whole_steps_match_the_engine_loop");
    long i, count = th_count(100000);
    predict_tally tl = { 0 };
    for (i = 0; i < count; i++) {
        int c = (int)(i % DQ16_CLASSES);
        af_drag_q16 mq = stepped_model(&rng, c);
        af_drag_f64 mf = dq16_model_f64(&mq);
        af_body_q16 bq = dq16_random_body(&rng, c), got;
        af_body_f64 want = dq16_body_f64(&bq);
        long n = (long)floor(th_rand_log(&rng, 1.0, 10001.0));
        double ps, vs;
        af_status sq = af_drag_predict_steps_q16(&mq, &bq, (fix16_t)(n * 65536), &got);
        term_scales(&mf, &want, (double)n, 1, &ps, &vs);
        dsim_steps(&mf, &want, n);
        judge(&tl, "whole steps", i, AF_OK, &want, sq, &got, ps, vs);
    }
    report("whole steps vs the loop", &tl);
}

/* The same for an engine that moves before it damps (ODE's order), whose
 * terms are up to 1 / r larger: the law's own rounding, not the loop's. */
static void damping_last_whole_steps_match_the_engine_loop(void)
{
    th_rng rng = th_rng_for("damping_last_whole_steps_match_the_engine_loop");
    long i, count = th_count(100000);
    predict_tally tl = { 0 };
    for (i = 0; i < count; i++) {
        int c = (int)(i % DQ16_CLASSES);
        af_drag_q16 mq = stepped_model(&rng, c);
        af_drag_f64 mf;
        af_body_q16 bq = dq16_random_body(&rng, c), got;
        af_body_f64 want = dq16_body_f64(&bq);
        long n = (long)floor(th_rand_log(&rng, 1.0, 10001.0));
        double ps, vs;
        af_status sq;
        mq.order = AF_STEP_DAMPING_LAST;
        mf = dq16_model_f64(&mq);
        sq = af_drag_predict_steps_q16(&mq, &bq, (fix16_t)(n * 65536), &got);
        term_scales(&mf, &want, (double)n, 1, &ps, &vs);
        dsim_steps(&mf, &want, n);
        judge(&tl, "damping last", i, AF_OK, &want, sq, &got, ps, vs);
    }
    report("damping last, whole steps vs the loop", &tl);
}

/* Real step counts and times against the f64 closed form, both kinds. */
static void times_match_f64(void)
{
    th_rng rng = th_rng_for("times_match_f64");
    long i, count = th_count(100000);
    predict_tally steps = { 0 }, times = { 0 };
    for (i = 0; i < count; i++) {
        int c = (int)(i % DQ16_CLASSES);
        af_drag_q16 mq = dq16_random_model(&rng, c);
        af_drag_f64 mf = dq16_model_f64(&mq);
        af_body_q16 bq = dq16_random_body(&rng, c), got;
        af_body_f64 bf = dq16_body_f64(&bq), want;
        fix16_t t = dq16_random_time(&rng, c);
        double ps, vs;
        af_status sf, sq;
        if (mq.kind == AF_DRAG_KIND_STEPPED && th_rand_below(&rng, 2)) {
            fix16_t n = q16_from_f64(th_rand_log(&rng, 1e-3, 30000.0));
            sf = af_drag_predict_steps_f64(&mf, &bf, q16_to_f64(n), &want);
            sq = af_drag_predict_steps_q16(&mq, &bq, n, &got);
            term_scales(&mf, &bf, q16_to_f64(n), 1, &ps, &vs);
            judge(&steps, "steps", i, sf, &want, sq, &got, ps, vs);
            continue;
        }
        sf = af_drag_predict_f64(&mf, &bf, q16_to_f64(t), &want);
        sq = af_drag_predict_q16(&mq, &bq, t, &got);
        term_scales(&mf, &bf, q16_to_f64(t), 0, &ps, &vs);
        judge(&times, "time", i, sf, &want, sq, &got, ps, vs);
    }
    report("real step counts vs f64", &steps);
    report("times vs f64", &times);
}

#define Q(v) ((fix16_t)((v) * 65536))

/* The engines' damping factors: each Q16 r within 0.51 LSB of the f64
 * model's r for the same Q16.16 d and dt (the one rounding the header
 * states; pow and exp themselves are within 0.51 LSB), and the models
 * whose r would round to 0 refused. */
static void engine_damping_matches_f64(void)
{
    th_rng rng = th_rng_for("engine_damping_matches_f64");
    af_vec3_q16 g = { 0, 0, Q(-9.81) };
    af_vec3_f64 gf = { 0, 0, q16_to_f64(Q(-9.81)) };
    long i, count = th_count(100000), refused = 0;
    double worst = 0;
    for (i = 0; i < count; i++) {
        af_drag_model model = (af_drag_model)(i % 4);
        fix16_t d = q16_from_f64(th_rand_log(&rng, 1e-4, model == AF_DRAG_BULLET ? 1.2 : 200.0));
        fix16_t dt = 1 + (fix16_t)th_rand_below(&rng, 1u << (th_rand_below(&rng, 20) + 1));
        af_drag_q16 mq;
        af_drag_f64 mf;
        af_status sq = af_drag_init_q16(model, d, dt, &g, NULL, &mq);
        af_status sf = af_drag_init_f64(model, q16_to_f64(d), q16_to_f64(dt), &gf, NULL, &mf);
        if (sf == AF_OK && mf.r < 0.5 / 65536) {
            refused++;
            TH_CHECK(sq == AF_ERR_BAD_ARGUMENT, "model %d d %g dt %g: r %g rounds to 0, q16 %s",
                     (int)model, q16_to_f64(d), q16_to_f64(dt), mf.r, af_status_name(sq));
            continue;
        }
        if (sf == AF_OK && mf.r < 0.52 / 65536)
            continue; /* at the edge of rounding to 0 */
        if (!TH_CHECK(sq == sf, "model %d d %g dt %g: f64 %s, q16 %s", (int)model, q16_to_f64(d),
                      q16_to_f64(dt), af_status_name(sf), af_status_name(sq)) ||
            sf != AF_OK)
            continue;
        worst = fmax(worst, fabs(q16_to_f64(mq.r) - mf.r) * 65536);
        TH_CHECK(fabs(q16_to_f64(mq.r) - mf.r) <= 0.51 / 65536,
                 "model %d d %g dt %g: r %.9g vs f64 %.9g", (int)model, q16_to_f64(d),
                 q16_to_f64(dt), q16_to_f64(mq.r), mf.r);
        TH_CHECK(mq.kind == AF_DRAG_KIND_STEPPED && mq.dt == dt && mq.order == mf.order &&
                     mq.order == (model == AF_DRAG_BULLET ? AF_STEP_DAMPING_THEN_GRAVITY
                                                          : AF_STEP_GRAVITY_THEN_DAMPING) &&
                     mq.max_move == (model == AF_DRAG_BOX2D ? 2 * fix16_one : 0),
                 "model fields");
    }
    th_note("%ld damping factors, %ld refused (r below half an LSB); worst r error %.3f LSB", count,
            refused, worst);
}

/* Without drag (r = 1) an engine's sum is p0 + n dt v0 + g dt^2 n (n + 1)
 * / 2 and its velocity v0 + g dt n, not the parabola: within the law's
 * precision of it (the position's terms carry 30 bits). */
static void no_drag_is_the_engine_sum(void)
{
    th_rng rng = th_rng_for("no_drag_is_the_engine_sum");
    long i, count = th_count(20000);
    for (i = 0; i < count; i++) {
        af_drag_q16 m;
        af_body_q16 b = dq16_random_body(&rng, DQ16_ORDINARY), out;
        af_vec3_q16 g = dq16_random_vector(&rng, 0.1, 30.0);
        fix16_t dt = q16_from_f64(th_rand_log(&rng, 1.0 / 240, 0.1));
        long n = 1 + (long)th_rand_below(&rng, 1000);
        double t = n * q16_to_f64(dt), sg = q16_to_f64(dt) * q16_to_f64(dt) * n * (n + 1) / 2.0;
        af_body_f64 f = dq16_body_f64(&b);
        af_vec3_f64 gf = q16_vec_to_f64(g), want;
        af_status st;
        if (!TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, 0, dt, &g, NULL, &m) == AF_OK && m.r == 65536,
                      "d = 0 gives r = 1"))
            continue;
        st = af_drag_predict_steps_q16(&m, &b, (fix16_t)(n * 65536), &out);
        want.x = f.position.x + t * f.velocity.x + sg * gf.x;
        want.y = f.position.y + t * f.velocity.y + sg * gf.y;
        want.z = f.position.z + t * f.velocity.z + sg * gf.z;
        if (dq16_vec_near_or_beyond(want, 1e-6)) {
            TH_CHECK(st == AF_ERR_OVERFLOW || dq16_vec_near_or_beyond(want, 0.0) == 0,
                     "beyond Q16.16: %s", af_status_name(st));
            continue;
        }
        TH_CHECK(st == AF_OK &&
                     dq16_vec_error(out.position, want) <=
                         PREDICT_LSB * LSB + PREDICT_RELATIVE * (dsim_vmax(f.velocity) * t +
                                                                  dsim_vmax(gf) * sg),
                 "n = %ld: off the engine's sum by %g", n, dq16_vec_error(out.position, want));
        want.x = f.velocity.x + gf.x * t;
        want.y = f.velocity.y + gf.y * t;
        want.z = f.velocity.z + gf.z * t;
        TH_CHECK(dq16_vec_error(out.velocity, want) <= LSB, "n = %ld: velocity", n);
    }
}

/* Samples are the law at i t_end / (count - 1) (not rounded to Q16.16):
 * within the predictions' tolerance of the f64 law there. */
static void samples_are_predictions(void)
{
    th_rng rng = th_rng_for("samples_are_predictions");
    long i, count = th_count(2000);
    for (i = 0; i < count; i++) {
        int c = (int)(i % DQ16_CLASSES), j, n = 2 + (int)th_rand_below(&rng, 30);
        af_drag_q16 m = dq16_random_model(&rng, c);
        af_body_q16 b = dq16_random_body(&rng, c);
        fix16_t t_end = dq16_random_time(&rng, c);
        af_vec3_q16 points[32];
        af_status st = af_drag_samples_q16(&m, &b, t_end, points, n);
        if (st == AF_ERR_OVERFLOW) {
            for (j = 0; j < n; j++)
                TH_CHECK(points[j].x == 0 && points[j].y == 0 && points[j].z == 0,
                         "overflow leaves the array zeroed");
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "samples: %s", af_status_name(st)))
            continue;
        for (j = 0; j < n; j++) {
            /* Sample j against the f64 law at its exact time. */
            double tj = q16_to_f64(t_end) * j / (n - 1), ps, vs;
            af_drag_f64 mf = dq16_model_f64(&m);
            af_body_f64 bf = dq16_body_f64(&b), p;
            if (af_drag_predict_f64(&mf, &bf, tj, &p) != AF_OK)
                continue;
            term_scales(&mf, &bf, tj, 0, &ps, &vs);
            TH_CHECK(dq16_vec_error(points[j], p.position) <= PREDICT_LSB * LSB + PREDICT_RELATIVE * ps,
                     "sample %d of %d: off by %g (scale %g)", j, n,
                     dq16_vec_error(points[j], p.position), ps);
        }
        TH_CHECK(j == n, "samples");
    }
}

static void edge_table(void)
{
    af_vec3_q16 g = { 0, 0, Q(-10) };
    af_body_q16 b = { { Q(1), Q(2), Q(3) }, { Q(10), 0, Q(10) } }, out;
    af_drag_q16 m, bad;
    af_vec3_q16 pts[4];
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.5), Q(0.02), &g, NULL, &m) == AF_OK, "init"))
        return;
    /* Bad models and arguments. */
    TH_CHECK(af_drag_predict_q16(NULL, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT && out.position.x == 0,
             "NULL model");
    TH_CHECK(af_drag_predict_q16(&m, NULL, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "NULL start");
    TH_CHECK(af_drag_predict_q16(&m, &b, Q(1), NULL) == AF_ERR_BAD_ARGUMENT, "NULL out");
    TH_CHECK(af_drag_predict_q16(&m, &b, -1, &out) == AF_ERR_BAD_ARGUMENT, "t < 0");
    TH_CHECK(af_drag_predict_steps_q16(&m, &b, -1, &out) == AF_ERR_BAD_ARGUMENT, "n < 0");
    bad = m;
    bad.dt = 0;
    TH_CHECK(af_drag_predict_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "dt = 0");
    bad = m;
    bad.r = 0;
    TH_CHECK(af_drag_predict_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "r = 0");
    bad.r = 65537;
    TH_CHECK(af_drag_predict_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "r > 1");
    bad.r = INT32_MIN;
    TH_CHECK(af_drag_predict_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "r = -32768");
    bad = m;
    bad.order = (af_step_order)4;
    TH_CHECK(af_drag_predict_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "unknown order");
    bad.kind = (af_drag_kind)9;
    TH_CHECK(af_drag_predict_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "unknown kind");
    bad.kind = AF_DRAG_KIND_CONTINUOUS;
    bad.k = -1;
    TH_CHECK(af_drag_predict_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT, "k < 0");
    bad.k = Q(1);
    TH_CHECK(af_drag_predict_steps_q16(&bad, &b, Q(1), &out) == AF_ERR_BAD_ARGUMENT,
             "steps of continuous drag");
    /* Constructors. */
    TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(50), Q(0.0201), &g, NULL, &bad) ==
                     AF_ERR_BAD_ARGUMENT &&
                 bad.r == 0,
             "Unity d dt >= 1");
    TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(50), Q(0.0199), &g, NULL, &bad) == AF_OK &&
                 bad.r == 336,
             "Unity d dt just below 1: r = 1 - 50 x 1304 / 65536 = 336 / 65536 exactly");
    TH_CHECK(af_drag_init_q16(AF_DRAG_BULLET, Q(1), Q(0.02), &g, NULL, &bad) == AF_ERR_BAD_ARGUMENT,
             "Bullet d = 1");
    TH_CHECK(af_drag_init_q16(AF_DRAG_EXACT, Q(32767), Q(32767), &g, NULL, &bad) ==
                 AF_ERR_BAD_ARGUMENT,
             "exact damping that rounds to 0");
    TH_CHECK(af_drag_init_q16(AF_DRAG_BOX2D, Q(32767), Q(32767), &g, NULL, &bad) ==
                 AF_ERR_BAD_ARGUMENT,
             "Box2D damping that rounds to 0");
    TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, -1, Q(0.02), &g, NULL, &bad) == AF_ERR_BAD_ARGUMENT,
             "d < 0");
    TH_CHECK(af_drag_init_q16(AF_DRAG_BOX2D, Q(1), 0, &g, NULL, &bad) == AF_ERR_BAD_ARGUMENT,
             "dt = 0");
    TH_CHECK(af_drag_init_q16(AF_DRAG_BOX2D, Q(1), Q(0.1), &g, &g, &bad) == AF_ERR_BAD_ARGUMENT,
             "an engine with wind");
    TH_CHECK(af_drag_init_q16((af_drag_model)9, Q(1), Q(0.1), &g, NULL, &bad) == AF_ERR_BAD_ARGUMENT,
             "unknown model");
    TH_CHECK(af_drag_init_q16(AF_DRAG_JOLT, Q(0.5), Q(1) / 60, &g, NULL, &bad) == AF_OK &&
                 bad.r == Q(1) - (Q(0.5) * (int64_t)(Q(1) / 60) + 0x8000) / 65536 &&
                 bad.order == AF_STEP_GRAVITY_THEN_DAMPING &&
                 bad.max_move == AF_JOLT_MAX_SPEED * (Q(1) / 60),
             "Jolt: r = 1 - d dt, gravity first, 500 m/s times dt");
    TH_CHECK(af_drag_init_q16(AF_DRAG_CHIPMUNK, 0, Q(0.02), &g, NULL, &bad) == AF_ERR_BAD_ARGUMENT,
             "Chipmunk damping 0: every velocity lost");
    TH_CHECK(af_drag_init_q16(AF_DRAG_CHIPMUNK, Q(1) + 1, Q(0.02), &g, NULL, &bad) ==
                 AF_ERR_BAD_ARGUMENT,
             "Chipmunk damping above 1");
    TH_CHECK(af_drag_init_q16(AF_DRAG_CHIPMUNK, Q(1), Q(0.02), &g, NULL, &bad) == AF_OK &&
                 bad.r == Q(1) && bad.order == AF_STEP_MOVE_FIRST && bad.max_move == 0,
             "Chipmunk damping 1: no drag, moving first");
    TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, Q(1), 0, &g, &g, &bad) == AF_OK && bad.k == Q(1) &&
                 bad.wind.z == g.z,
             "continuous drag with wind");
    TH_CHECK(af_drag_init_q16(AF_DRAG_EXACT, 0, Q(0.02), NULL, NULL, &bad) == AF_ERR_BAD_ARGUMENT,
             "NULL gravity");
    /* t = 0 is the start itself. */
    TH_CHECK(af_drag_predict_q16(&m, &b, 0, &out) == AF_OK && out.position.x == b.position.x &&
                 out.position.z == b.position.z && out.velocity.x == b.velocity.x &&
                 out.velocity.z == b.velocity.z,
             "t = 0");
    /* Overflow: the extreme raw values and components at +-32767. The
     * position after 2^-16 s is p0 + rho t v0 (rho = 0.9950 for r =
     * 0.99 exactly, the model's r: 64881 / 65536): half a metre. */
    b.velocity.x = INT32_MIN;
    b.velocity.y = INT32_MAX;
    st = af_drag_predict_q16(&m, &b, 1, &out);
    TH_CHECK(st == AF_OK && abs(out.position.x - (b.position.x - 32604)) <= 1 &&
                 abs(out.position.y - (b.position.y + 32604)) <= 1,
             "extreme velocities for 2^-16 s: half a metre (%s)", af_status_name(st));
    st = af_drag_predict_q16(&m, &b, Q(10), &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.position.x == 0 && out.velocity.y == 0,
             "a position beyond Q16.16: %s", af_status_name(st));
    b.velocity.x = Q(32767);
    b.velocity.y = Q(-32767);
    b.position.x = Q(32767);
    st = af_drag_predict_q16(&m, &b, Q(0.001), &out);
    TH_CHECK(st == AF_ERR_OVERFLOW, "at the edge, moving out: %s", af_status_name(st));
    b.velocity.x = Q(-32767);
    st = af_drag_predict_q16(&m, &b, Q(0.5), &out);
    TH_CHECK(st == AF_OK, "at the edge, moving in: %s", af_status_name(st));
    m.gravity.z = INT32_MIN;
    b.velocity.x = b.velocity.y = b.velocity.z = 0;
    st = af_drag_predict_steps_q16(&m, &b, INT32_MAX, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW, "gravity -32768 for 32768 steps: %s", af_status_name(st));
    /* Samples. */
    TH_CHECK(af_drag_samples_q16(&m, &b, Q(1), pts, 1) == AF_ERR_BAD_ARGUMENT, "one sample");
    TH_CHECK(af_drag_samples_q16(&m, &b, Q(1), NULL, 4) == AF_ERR_BAD_ARGUMENT, "NULL array");
    TH_CHECK(af_drag_samples_q16(&m, &b, 0, pts, 4) == AF_ERR_BAD_ARGUMENT && pts[3].x == 0,
             "t_end = 0");
    st = af_drag_samples_q16(&m, &b, Q(30000), pts, 4);
    TH_CHECK(st == AF_ERR_OVERFLOW && pts[0].x == 0 && pts[3].z == 0, "samples beyond Q16.16: %s",
             af_status_name(st));
}

/* A count of 1 is refused, and like every refusal it leaves the caller's
 * array defined: its one point zeroed, nothing past it touched. */
static void one_sample_is_refused_and_zeroed(void)
{
    af_vec3_q16 g = { 0, 0, -642908 }, points[2];
    af_body_q16 start = { { 0, 0, 0 }, { 65536, 0, 65536 } };
    af_drag_q16 m;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_EXACT, 19661, 655, &g, NULL, &m) == AF_OK, "init"))
        return;
    memset(points, 0x55, sizeof points);
    TH_CHECK(af_drag_samples_q16(&m, &start, 65536, points, 1) == AF_ERR_BAD_ARGUMENT &&
                 points[0].x == 0 && points[0].y == 0 && points[0].z == 0,
             "count 1: point (%ld, %ld, %ld)", (long)points[0].x, (long)points[0].y,
             (long)points[0].z);
    TH_CHECK(points[1].x != 0, "count 1: the point past the count was written");
}

/* The Q16 cap, decided from two moves, against every move of the literal
 * loop flying the same model (held exactly in double): random models of
 * every order, bodies and step counts, and caps near the longest move; a
 * cap within 2^-12 of it is left out (the Q16 velocity's rounding). With
 * `fractional`, the flight ends inside its last step, whose move is
 * decided from the velocity at the fraction carried to the step's end (or,
 * too close to call, from the law there). */
static void cap_against_the_loop(const char *name, int fractional)
{
    th_rng rng = th_rng_for(name);
    long i, count = th_count(4000), refused = 0, checked = 0;
    for (i = 0; i < count; i++) {
        int c = (int)(i % DQ16_CLASSES);
        af_drag_q16 mq = dq16_random_model(&rng, c);
        af_body_q16 bq = dq16_random_body(&rng, c), out;
        af_drag_f64 mf;
        af_body_f64 bf, before, now;
        dsim_loop loop;
        long n = 1 + (long)th_rand_below(&rng, 300), k;
        double longest = 0.0, cap;
        fix16_t steps;
        af_status st;
        if (mq.kind != AF_DRAG_KIND_STEPPED)
            continue;
        mf = dq16_model_f64(&mq);
        bf = dq16_body_f64(&bq);
        dsim_loop_start(&loop, &mf, &bf);
        before = dsim_loop_state(&loop);
        for (k = 0; k < n; k++) {
            dsim_loop_run(&loop, 1);
            now = dsim_loop_state(&loop);
            longest = fmax(longest, dsim_dist(now.position, before.position));
            before = now;
        }
        cap = longest * th_rand_log(&rng, 0.5, 2.0);
        if (!(longest > 0.0) || cap >= 32767.0 || cap < 1.0 / 4096 ||
            fabs(cap - longest) <= longest / 4096 + 1.0 / 65536)
            continue;
        mq.max_move = q16_from_f64(cap);
        cap = q16_to_f64(mq.max_move);
        steps = fractional ? (fix16_t)((n - 1) * 65536 + 1 + (long)th_rand_below(&rng, 65535))
                           : (fix16_t)(n * 65536);
        st = af_drag_predict_steps_q16(&mq, &bq, steps, &out);
        if (st == AF_ERR_OVERFLOW)
            continue;
        checked++;
        refused += st == AF_ERR_ENGINE_LIMIT;
        TH_CHECK(st == (longest > cap ? AF_ERR_ENGINE_LIMIT : AF_OK),
                 "order %d r %ld, %ld steps: longest move %.9g, cap %.9g, %s", (int)mq.order,
                 (long)mq.r, n, longest, cap, af_status_name(st));
    }
    TH_CHECK(refused > 0 && refused < checked, "%ld of %ld refused", refused, checked);
    th_note("%ld flights against the loop's moves, %ld refused", checked, refused);
}

static void step_cap_matches_every_step_of_the_loop_q16(void)
{
    cap_against_the_loop("step_cap_matches_every_step_of_the_loop_q16", 0);
}

static void fractional_step_cap_matches_every_step_of_the_loop_q16(void)
{
    cap_against_the_loop("fractional_step_cap_matches_every_step_of_the_loop_q16", 1);
}

/*
 * Moving first, the first step moves the body by v0 dt alone and leaves
 * it at r v0 + g dt: no share of gravity in the position, however strong
 * gravity and long the step. The position must be within 1 LSB of the
 * exact integer answer (a law applied to v0 - g dt instead cancels two
 * terms of |g| dt^2, and lost tens of LSB at 99 s steps).
 */
static void moving_first_first_step_is_v0_dt(void)
{
    static const struct {
        fix16_t r, dt;
        af_vec3_q16 g, p, v;
    } cases[] = {
        { 1, 6503144, { 0, -7648109, 0 }, { 196585, -1966, 872214 }, { 274, 1853788, 117153 } },
        { 65535, 6943373, { 0, -10324654, 0 }, { 186, 201848, 725 }, { -369, -728, 1 } },
        { 32768, 4194304, { 3000000, -9000000, 12345 }, { -5, 7, 1000 }, { 65536, -1, 99 } },
        { 65000, 1092, { 0, -642908, 0 }, { 0, 0, 0 }, { 655360, 1310720, -65536 } },
    };
    size_t i;
    int k;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        af_drag_q16 m;
        af_body_q16 start, out;
        af_status st;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_STEPPED;
        m.order = AF_STEP_MOVE_FIRST;
        m.r = cases[i].r;
        m.dt = cases[i].dt;
        m.gravity = cases[i].g;
        start.position = cases[i].p;
        start.velocity = cases[i].v;
        st = af_drag_predict_steps_q16(&m, &start, fix16_one, &out);
        if (!TH_CHECK(st == AF_OK, "case %u: %s", (unsigned)i, af_status_name(st)))
            continue;
        for (k = 0; k < 3; k++) {
            int64_t v = (&cases[i].v.x)[k], g = (&cases[i].g.x)[k];
            /* raw answers, rounded half up: p0 + v0 dt, r v0 + g dt */
            int64_t p1 = (&cases[i].p.x)[k] + ((v * m.dt + 32768) >> 16);
            int64_t v1 = (v * m.r + g * m.dt + 32768) >> 16;
            int64_t dp = (&out.position.x)[k] - p1, dv = (&out.velocity.x)[k] - v1;
            TH_CHECK(dp >= -1 && dp <= 1, "case %u position[%d] %ld, exactly %lld", (unsigned)i,
                     k, (long)(&out.position.x)[k], (long long)p1);
            /* the velocity's two terms within the suite's tolerance */
            TH_CHECK(fabs((double)dv) <= PREDICT_LSB + PREDICT_RELATIVE * (fabs((double)(v * m.r)) +
                                                                        fabs((double)(g * m.dt))) /
                                                           65536.0,
                     "case %u velocity[%d] %ld, exactly %lld", (unsigned)i, k,
                     (long)(&out.velocity.x)[k], (long long)v1);
        }
    }
}

static const th_case cases[] = {
    TH_CASE(one_sample_is_refused_and_zeroed),
    TH_CASE(whole_steps_match_the_engine_loop),
    TH_CASE(damping_last_whole_steps_match_the_engine_loop),
    TH_CASE(times_match_f64),
    TH_CASE(engine_damping_matches_f64),
    TH_CASE(no_drag_is_the_engine_sum),
    TH_CASE(samples_are_predictions),
    TH_CASE(edge_table),
    TH_CASE(step_cap_matches_every_step_of_the_loop_q16),
    TH_CASE(fractional_step_cap_matches_every_step_of_the_loop_q16),
    TH_CASE(moving_first_first_step_is_v0_dt),
};

TH_MAIN("drag_predict_q16", cases)
