/* SPDX-License-Identifier: MIT */
/*
 * The tests' own flights under quadratic drag, written apart from the
 * library: the engine's step loop as aimfix/qdrag.h states it, and the
 * ODE by the classical Runge-Kutta method at a fine fixed fraction of the
 * drag's time scale (no error control to share a bug with).
 */
#ifndef AIMFIX_TESTS_QDRAG_SIM_H
#define AIMFIX_TESTS_QDRAG_SIM_H

#include "aimfix.h"
#include "harness.h"

/* The engine's state after n whole steps. */
af_body_f64 qsim_engine(const af_qdrag_f64 *m, const af_body_f64 *start, long n);
/* The engine's path at t (the straight segment between whole steps). */
af_body_f64 qsim_engine_at(const af_qdrag_f64 *m, const af_body_f64 *start, double t);
/* The ODE's state at t >= 0, RK4 with at least `per_second` steps per
 * second and at most a hundredth of the drag's time scale a step. */
af_body_f64 qsim_ode(const af_qdrag_f64 *m, const af_body_f64 *start, double t);
/* The same within `budget` steps (negative: no bound); 0, *out left alone,
 * when the flight needs more (a fuzzer's hovering body). */
int qsim_ode_within(const af_qdrag_f64 *m, const af_body_f64 *start, double t, long budget,
                    af_body_f64 *out);
/* Either kind's state at t. */
af_body_f64 qsim_fly(const af_qdrag_f64 *m, const af_body_f64 *start, double t);
/* The length of the path flown from 0 to t (the fine flight at 256
 * points): the scene's size the continuous kind's errors are measured in. */
double qsim_path(const af_qdrag_f64 *m, const af_body_f64 *start, double t);
/* A random model of the kind: gravity 9.81 down z (or any direction when
 * tilt), k log-uniform in [0.005, 0.5] 1/m, half of them with a linear term
 * and a wind; stepped ones at dt 1/100 to 1/30 s, either order. */
af_qdrag_f64 qsim_model(th_rng *rng, af_drag_kind kind, int tilt);
/* A flight marched forward by hand: the engine's steps, or stretches of h
 * seconds of the fine ODE flight. */
typedef struct qsim_march {
    const af_qdrag_f64 *m;
    af_body_f64 b;
    double t, h;
} qsim_march;
void qsim_march_init(qsim_march *q, const af_qdrag_f64 *m, const af_body_f64 *start, double h);
void qsim_march_step(qsim_march *q);
double qsim_norm(af_vec3_f64 a);
af_vec3_f64 qsim_sub(af_vec3_f64 a, af_vec3_f64 b);

#endif /* AIMFIX_TESTS_QDRAG_SIM_H */
