/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_qdrag.h — quadratic drag models and bodies for the two
 * quadratic drag fuzz targets (qdrag_flight, qdrag_aim), the tests' own
 * flights their answers are checked against (tests/support/qdrag_sim.c)
 * and the tolerances aimfix/qdrag.h states.
 *
 * The slots are the model's (gravity, dt, k, c, wind) and a body; the
 * kind and step order come from one byte (fuzz_drag.h's fz_drag_ints).
 * After decoding, the realistic values are brought to a ball's scale
 * (fz_qdrag_rescale): gravity and wind over 32 and 64, velocities over 4,
 * k over 2, c over 64, powers of two, so that both formats still see the
 * same numbers.
 */
#ifndef AIMFIX_TESTS_FUZZ_QDRAG_H
#define AIMFIX_TESTS_FUZZ_QDRAG_H

#include "fuzz_check.h"
#include "fuzz_drag.h"

enum {
    FZ_Q_GRAVITY = 0,
    FZ_Q_DT = 3,
    FZ_Q_K = 4,
    FZ_Q_C = 5,
    FZ_Q_WIND = 6,
    FZ_Q_BODY = 9,
    FZ_Q_SLOTS = 15
};

/* The first FZ_Q_SLOTS names and kinds; the target fills the rest. */
void fz_qdrag_slots(const char **names, fz_kind *kinds);
/* Slot i of every form divided by the power of two f. */
void fz_qdrag_div(fz_args *a, int i, double f);
/* The model's and the body's slots brought to a ball's scale. */
void fz_qdrag_rescale(fz_args *a);

af_qdrag_f64 fz_qdrag_f64(const double *s, fz_model_ints mi);
af_qdrag_q16 fz_qdrag_q16(const fix16_t *s, fz_model_ints mi);

/* Whether the model is valid (aimfix/qdrag.h's rule) and the body finite. */
int fz_qdrag_valid(const af_qdrag_f64 *m, const af_body_f64 *b);
/* Whether a flight of t s is cheap enough to ask for (or any argument
 * invalid, which is refused at once): t <= 16, at most 65536 engine
 * steps, a continuous drag rate times t bounded. */
int fz_qdrag_affordable(const af_qdrag_f64 *m, const af_body_f64 *b, double t);

/* The tests' own state at t: the engine's literal loop (up to 65536
 * steps), or the fine RK4 flight in 64 stretches within a budget; *path
 * the length flown (64 chords). 0 when there is none. For the stepped
 * kind *alt is the state with the other velocity where t is within 1e-9
 * of a whole step (v[n] or v[n+1]), else the same. */
int fz_qdrag_ref(const af_qdrag_f64 *m, const af_body_f64 *b, double t, af_body_f64 *out,
                 af_body_f64 *alt, double *path);

/* The size of a flight's terms (fuzz_drag.h's fz_drag_scale). */
double fz_qdrag_scale(const af_qdrag_f64 *m, const af_body_f64 *b, double t);
/* The f64 answer against the reference: the stepped kind within 1e-9 of
 * the scale (the engine's arithmetic, to rounding), the continuous kind
 * within 1e-8 of the path (the Dormand-Prince tolerance of 1e-9 a step,
 * aimfix/qdrag.h) plus the start's rounding; end: the reference state. */
double fz_qdrag_pos_tol(const af_qdrag_f64 *m, const af_body_f64 *b, double t, double path,
                        const af_body_f64 *end);
double fz_qdrag_vel_tol(const af_qdrag_f64 *m, const af_body_f64 *b, double t,
                        const af_body_f64 *end);

/* The scenes over which aimfix/qdrag.h states q16 against f64: k <= 0.5,
 * c <= 0.3, 1 <= |g| <= 16, |wind| <= 8, a launch up to 100 m/s, flights
 * up to 4 s, an engine at 30 to 128 Hz. */
int fz_qdrag_domain(const af_qdrag_f64 *m, const af_body_f64 *b, double t);

/* A q16 state against f64's of the same numbers after t: the engine's
 * drift (2 (1 + n^2) LSB, n the steps: aimfix/qdrag.h "the tests allow
 * 2") or the Runge-Kutta path's (64 LSB + 1e-5 of the distance flown,
 * of the velocity's change). */
void fz_qdrag_state_close(const af_qdrag_f64 *m, const af_body_f64 *b, double t,
                          const af_body_q16 *q, const af_body_f64 *f);
double fz_qdrag_q16_pos_tol(const af_qdrag_f64 *m, const af_body_f64 *b, double t,
                            const af_body_f64 *f);

double fz_qlen(af_vec3_f64 v);
double fz_qdot(af_vec3_f64 a, af_vec3_f64 b);
/* The unit up, -g / |g|, of a nonzero g (a subnormal one too). */
af_vec3_f64 fz_qup(const af_qdrag_f64 *m);
/* Height along -g of p above origin (g != 0). */
double fz_qheight(const af_qdrag_f64 *m, af_vec3_f64 origin, af_vec3_f64 p);

#endif /* AIMFIX_TESTS_FUZZ_QDRAG_H */
