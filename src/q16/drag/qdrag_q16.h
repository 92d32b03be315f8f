/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 quadratic drag engine, shared by its solvers: the model's
 * check, one step (the stepped kind's engine step, or the continuous
 * kind's Runge-Kutta step; optionally with the quantities its derivative
 * needs), and a flight that marches from launch one step at a time,
 * bounded by AF_QDRAG_MAX_STEPS and by the time leaving Q16.16.
 *
 * The continuous kind is flown as a stepped one: afq_qd_prepare copies
 * the model with dt set to its Runge-Kutta step, chosen from the scene,
 * and every solver then marches that copy.
 */
#ifndef AIMFIX_SRC_QDRAG_Q16_H
#define AIMFIX_SRC_QDRAG_Q16_H

#include <stdint.h>

#include "aimfix/q16.h"
#include "aimfix/qdrag.h"

/* What one step computed: the velocity relative to the air the drag acts
 * on (r), its length (s) and the step's damping d = (k s + c) dt. */
typedef struct afq_qd_drag {
    af_vec3_q16 r;
    fix16_t s, d;
} afq_qd_drag;

/* The continuous kind's state below Q16.16: what rounding the position
 * and velocity to Q16.16 left, in 2^-32 (|x| <= 2^15); all 0 for the
 * stepped kind. Carried so that a step's increments below half an LSB
 * (many small steps, a velocity near its drag's equilibrium) add up. */
typedef struct afq_qd_frac {
    int32_t p[3], v[3];
} afq_qd_frac;

/* A flight: the engine's state at step n (at) and at step n + 1 (next,
 * whose velocity is the one the segment between them is flown with),
 * with their fractions. */
typedef struct afq_qd_flight {
    const af_qdrag_q16 *m;
    af_body_q16 at, next;
    afq_qd_frac at_f, next_f;
    int32_t n;
} afq_qd_flight;

/* The continuous kind's longest step (1/32 s: h <= 2^11 raw keeps the
 * Runge-Kutta sums within 64 bits), and its step's share of the drag's
 * time scale: h (k s + c) <= 1/AFQ_QD_RATE_STEPS. */
#define AFQ_QD_MAX_H 2048
#define AFQ_QD_RATE_STEPS 8

/* Whether m is a valid model of either kind (a continuous one's dt is
 * not read). */
int afq_qd_model_ok(const af_qdrag_q16 *m);
/* *work = the model the solvers march: a stepped one as it is, a
 * continuous one with dt its Runge-Kutta step, the largest power of two
 * up to AFQ_QD_MAX_H raw with h (k S + c) <= 1/AFQ_QD_RATE_STEPS, S the
 * larger of `speed` (raw, the fastest the body moves through the air on
 * the flights asked) and the terminal speed sqrt(|g| / k), or the
 * model's own dt when that is smaller (and > 0). 0 for a model not
 * valid. */
int afq_qd_prepare(const af_qdrag_q16 *drag, int64_t speed, af_qdrag_q16 *work);
/* |v - w| (raw), INT32_MAX when it does not fit (or drag is NULL). */
int64_t afq_qd_speed_of(const af_qdrag_q16 *drag, const af_vec3_q16 *v);
/* One step of b (its fraction *fr): the engine's (aimfix/qdrag.h's
 * operations), or a Runge-Kutta step of dt for the continuous kind; the
 * drag it applied (the continuous kind's at the step's start) into *drag
 * unless NULL. */
af_status afq_qd_step(const af_qdrag_q16 *m, af_body_q16 *b, afq_qd_frac *fr,
                      afq_qd_drag *drag);
/* Whether the step whose drag is *drag folds the velocity relative to the
 * air, 2 d - c dt >= 1 (a faster launch would leave it slower). */
int afq_qd_folds(const af_qdrag_q16 *m, const afq_qd_drag *drag);
/* The classical fourth-order Runge-Kutta step of the ODE over h (0 to
 * AFQ_QD_MAX_H raw) from b and its fraction *fr, each stage's velocity
 * and acceleration rounded to Q16.16, the position's and the velocity's
 * increments each summed exactly onto the state with its fraction and
 * rounded once (the rest into *fr). */
af_status afq_qd_rk4(const af_qdrag_q16 *m, af_body_q16 *b, afq_qd_frac *fr, fix16_t h,
                     afq_qd_drag *drag);
/* The state tau (0 < tau < dt) past the step at `at` (its fraction
 * *atf), whose next step is `next`: stepped, the straight segment
 * p + v[n+1] tau with v[n+1]; continuous, a Runge-Kutta step of tau from
 * `at`. */
af_status afq_qd_between(const af_qdrag_q16 *m, const af_body_q16 *at, const afq_qd_frac *atf,
                         const af_body_q16 *next, fix16_t tau, af_body_q16 *out);
/* Starts f at launch (its first segment computed). */
af_status afq_qd_start(afq_qd_flight *f, const af_qdrag_q16 *m, const af_body_q16 *start);
/* Moves f one step on: AF_ERR_NO_CONVERGENCE past AF_QDRAG_MAX_STEPS,
 * AF_ERR_OVERFLOW when the new segment's end time leaves Q16.16. */
af_status afq_qd_advance(afq_qd_flight *f);
/* Moves f to the segment holding t (>= f's time) and gives the state there,
 * as af_qdrag_predict_q16 does. */
af_status afq_qd_seek(afq_qd_flight *f, fix16_t t, af_body_q16 *out);
/* The time of step n (it fits: checked as the flight moved there). */
static inline fix16_t afq_qd_time(const afq_qd_flight *f)
{
    return (fix16_t)(f->n * f->m->dt);
}
/* -x, and INT32_MAX for INT32_MIN (whose negation does not fit): for the
 * right-hand sides of Newton steps, which only steer. */
static inline int32_t afq_qd_neg(int32_t x)
{
    return x == INT32_MIN ? INT32_MAX : -x;
}
/* c = a + b * s, b * s rounded (af_mul_q16). */
af_status afq_qd_add_scaled(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t s,
                            af_vec3_q16 *c);

/* The height measure of the solvers: D(p) = (p - p0) . g exactly (Q32.32),
 * which falls as the height along up grows, by |g| per metre. */
af_status afq_qd_drop(const af_qdrag_q16 *m, const af_vec3_q16 *p, const af_vec3_q16 *p0,
                      int64_t *drop);
/* The height along up of p above p0: -D(p) / |g| (|g| rounded), one
 * rounding. */
af_status afq_qd_height(const af_qdrag_q16 *m, const af_vec3_q16 *p, const af_vec3_q16 *p0,
                        fix16_t *height);
/* Whether the segment of f rises: v[n+1] . g < 0 (exact). */
af_status afq_qd_rising(const afq_qd_flight *f, int *rising);
/* Continuous: marches f through a dip that the updraft may still lift
 * (qdrag_height_f64.c's bound) to the first step whose next move rises;
 * *rises 0 when the body never turns upward (f where that was settled). */
af_status afq_qd_march_dip(afq_qd_flight *f, int *rises);
/* Marches f from launch to the apex's step and gives the apex (the
 * continuous kind's inside the step): the engine's highest step after
 * any dip, the launch itself when the body never climbs above it (f
 * then back at launch). */
af_status afq_qd_find_apex(afq_qd_flight *f, fix16_t *t, af_body_q16 *state);

/* The continuous kind's events inside the step of f (its path there
 * afq_qd_between's), each by halving the time past the step to one raw
 * unit. The apex in the step afq_qd_find_apex marches to: the time (*t,
 * absolute) and state where v . g turns from < 0 to >= 0, the nearer raw
 * time of the two. */
af_status afq_qd_apex_within(const afq_qd_flight *f, fix16_t *t, af_body_q16 *state);
/* The bottom of a dip in the step after afq_qd_march_dip: where v . g
 * turns from >= 0 to < 0, the nearer raw time of the two. */
af_status afq_qd_bottom_within(const afq_qd_flight *f, fix16_t *t, af_body_q16 *state);
/* The time (absolute) where the drop from p0 reaches `target` between
 * lo and hi past the step (not reached at lo, reached at hi: at or above
 * it when falling, at or below it when rising), the nearer raw time. */
af_status afq_qd_cross_within(const afq_qd_flight *f, const af_vec3_q16 *p0, fix16_t lo,
                              fix16_t hi, int64_t target, int falling, fix16_t *t);

#endif /* AIMFIX_SRC_QDRAG_Q16_H */
