/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 quadratic drag engine (stepped kind), shared by its solvers:
 * the model's check, one engine step (optionally with the quantities its
 * derivative needs), and a flight that marches from launch one step at a
 * time, bounded by AF_QDRAG_MAX_STEPS and by the time leaving Q16.16.
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

/* A flight: the engine's state at step n (at) and at step n + 1 (next,
 * whose velocity is the one the segment between them is flown with). */
typedef struct afq_qd_flight {
    const af_qdrag_q16 *m;
    af_body_q16 at, next;
    int32_t n;
} afq_qd_flight;

/* Whether m is a valid stepped model. */
int afq_qd_model_ok(const af_qdrag_q16 *m);
/* One engine step of b (aimfix/qdrag.h's operations); the drag it applied
 * into *drag unless NULL. */
af_status afq_qd_step(const af_qdrag_q16 *m, af_body_q16 *b, afq_qd_drag *drag);
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
/* Marches f to the engine's highest step (the first whose next move does
 * not rise). */
af_status afq_qd_march_apex(afq_qd_flight *f);

#endif /* AIMFIX_SRC_QDRAG_Q16_H */
