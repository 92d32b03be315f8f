/* SPDX-License-Identifier: MIT */
/*
 * tests/drag_sim.h — the drag physics the drag suites check the library
 * against, written from the definitions (the engine's step loop, the
 * differential equation), sharing no code with src/.
 */
#ifndef AIMFIX_TESTS_DRAG_SIM_H
#define AIMFIX_TESTS_DRAG_SIM_H

#include "aimfix.h"
#include "harness.h"

/*
 * The engine's literal loop, n whole steps of a stepped model from *state:
 *     v = (v + g dt) r  (or v r + g dt),   p = p + v dt
 * (or the move before the damping, or before the whole velocity update).
 * Carried out in double-double arithmetic: the same recurrence, but each
 * sum and product keeps its rounding error, so that the loop's own
 * rounding (about n * 1e-16 of the path's size in plain doubles, 1e-12
 * after 10^4 steps) does not hide the library's.
 */
void dsim_steps(const af_drag_f64 *m, af_body_f64 *state, long n);

/* The same loop run in pieces, its double-double state (hi, lo) kept
 * between them, so that looking at the body along the way rounds
 * nothing. */
typedef struct dsim_loop {
    af_drag_f64 model;
    double position[3][2], velocity[3][2];
} dsim_loop;
void dsim_loop_start(dsim_loop *loop, const af_drag_f64 *m, const af_body_f64 *start);
void dsim_loop_run(dsim_loop *loop, long n);
af_body_f64 dsim_loop_state(const dsim_loop *loop);

/* Classic fourth-order Runge-Kutta on dv/dt = g - k (v - wind), dp/dt = v
 * for time t in `substeps` equal steps. */
void dsim_rk4(const af_drag_f64 *m, af_body_f64 *state, double t, long substeps);

/* Substeps that bring RK4 well within 1e-9 of the exact solution over time
 * t: the local error of RK4 on this linear equation is about (k h)^5 / 120
 * of the motion, so k h <= 0.006 keeps the sum over k t / 0.006 steps under
 * 1e-10 of it for the k t <= 20 the suites use (measured: 4e-11). */
long dsim_rk4_substeps(const af_drag_f64 *m, double t);

/* Flies a model for time t (a whole number of steps for a stepped model:
 * t / dt is rounded to the nearest step) with the loop or RK4. */
void dsim_fly(const af_drag_f64 *m, af_body_f64 *state, double t);

/* Random drag models. kind: 0..3 the engine models AF_DRAG_UNITY ..
 * AF_DRAG_EXACT (stepped, gravity first), 4 continuous drag (with wind
 * half of the time, k = 0 now and then), 5 a hand-filled stepped model
 * (r = 1 exactly, r within a few ulps of 1, or any r down to 1e-3, any
 * step order). Steps 1e-4 to 0.1 s, damping 1e-3 to 20 /s; gravity is
 * {0, 0, -9.81} half of the time, else of random direction and strength
 * 0.1 to 100. */
#define DSIM_KINDS 6
af_drag_f64 dsim_model(th_rng *rng, int kind);
const char *dsim_kind_name(int kind);

/* A direction uniform on the sphere, and a vector of log-uniform length in
 * [lo, hi) along a random direction. */
af_vec3_f64 dsim_direction(th_rng *rng);
af_vec3_f64 dsim_vector(th_rng *rng, double lo, double hi);

/* A random starting state: position 1e-3 to 1e3 m, velocity 1e-2 to
 * 1e3 m/s, each log-uniform along a random direction. */
void dsim_body(th_rng *rng, af_body_f64 *b);

/* Plain vector arithmetic for the checks; dsim_vmax is the largest
 * magnitude of the three components. */
double dsim_vmax(af_vec3_f64 a);
double dsim_len(af_vec3_f64 a);
double dsim_dist(af_vec3_f64 a, af_vec3_f64 b);
af_vec3_f64 dsim_sub(af_vec3_f64 a, af_vec3_f64 b);
double dsim_dot(af_vec3_f64 a, af_vec3_f64 b);

#endif /* AIMFIX_TESTS_DRAG_SIM_H */
