/*
 * Q16 drag models and forward prediction against the f64 reference on the
 * same Q16.16 inputs: whole steps against the engine's literal loop, real
 * step counts and times against the f64 closed form, the engines' damping
 * factors, samples, and the edges (bad inputs, overflow, extreme values).
 */
#include <math.h>
#include <stddef.h>
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

static const th_case cases[] = {
    TH_CASE(whole_steps_match_the_engine_loop),
    TH_CASE(times_match_f64),
};

TH_MAIN("drag_predict_q16", cases)
