/* SPDX-License-Identifier: MIT */
/*
 * tests/support/drag_q16_check.h — random Q16 drag models and bodies for the Q16
 * drag suites, and the f64 twin of each model (the same numbers in
 * double), so that the Q16 solvers are judged against the f64 reference on
 * exactly the same inputs.
 */
#ifndef AIMFIX_TESTS_DRAG_Q16_CHECK_H
#define AIMFIX_TESTS_DRAG_Q16_CHECK_H

#include "aimfix.h"
#include "harness.h"

/* The f64 model holding the same numbers as a Q16 one (r = raw / 65536,
 * and so on): the reference for a Q16 answer. */
af_drag_f64 dq16_model_f64(const af_drag_q16 *q);
af_body_f64 dq16_body_f64(const af_body_q16 *b);

/*
 * Magnitude classes of the suites, drawn in turn:
 *   DQ16_SMALL     speeds 1e-3 to 1 m/s, positions within 1 m, flights of
 *                  1e-3 to 1 s, gravity 0.05 to 10 m/s^2;
 *   DQ16_ORDINARY  speeds 1 to 100 m/s, positions within 1000 m, flights
 *                  of 0.01 to 30 s, gravity 1 to 30 m/s^2 (a game);
 *   DQ16_LIMIT     speeds 100 to 16000 m/s, positions within 16000 m,
 *                  flights up to 2000 s, gravity 0.01 to 1000 m/s^2:
 *                  answers near or beyond the Q16.16 range.
 */
enum { DQ16_SMALL = 0, DQ16_ORDINARY = 1, DQ16_LIMIT = 2, DQ16_CLASSES = 3 };

/*
 * A random Q16 model of the class: stepped three times in four (r from
 * every engine model, r = 1 exactly, r within a few LSB of 1, and any r
 * down to 1 LSB; dt from 2^-16 s to 1 s, mostly a game's 1/240 to 1/10;
 * every step order), continuous otherwise (k = 0 sometimes, up to 100 /s;
 * wind half of the time). Gravity is {0, 0, -9.81} half of the time.
 */
af_drag_q16 dq16_random_model(th_rng *rng, int magnitude_class);

/* A random body of the class (position within the class's range of the
 * origin, velocity of log-uniform speed in a random direction). */
af_body_q16 dq16_random_body(th_rng *rng, int magnitude_class);

/* A random flight time of the class (s), representable in Q16.16. */
fix16_t dq16_random_time(th_rng *rng, int magnitude_class);

/* A random Q16.16 vector of log-uniform length in [lo, hi) in a random
 * direction, each component rounded to Q16.16. */
af_vec3_q16 dq16_random_vector(th_rng *rng, double lo, double hi);

/* Whether a real value lies beyond Q16.16 or within `margin` (relative)
 * of its edge, where the last bits decide between an answer and an
 * overflow. */
int dq16_near_or_beyond(double v, double margin);
int dq16_vec_near_or_beyond(af_vec3_f64 v, double margin);

/* The largest component difference between a Q16 vector and an f64 one,
 * in metres (m/s). */
double dq16_vec_error(af_vec3_q16 q, af_vec3_f64 f);

/*
 * How close a launch flown by the f64 model comes to a moving target near
 * the time t_hint (> 0): the projectile leaves the shooter's position with
 * `launch` (plus the shooter's velocity when inherit).
 *   Continuous drag: the closed form, its closest approach within
 *   [0.5, 1.5] t_hint (a scan, then golden sections).
 *   A stepped engine: the engine's own moves, straight from step to step,
 *   over the two steps either side of t_hint, each against the target's
 *   straight move over the same step (closest approach in closed form),
 *   less the smooth curve's sag below the engine's move (|a| dt^2 / 8,
 *   a the change of velocity over the step / dt: the shot is aimed at the
 *   curve, which the engine meets only at whole steps). The steps come
 *   from the literal loop (drag_sim.c) for flights of up to
 *   DQ16_LOOP_STEPS steps, from the f64 closed form beyond (the two agree
 *   within 2e-15 of the path, suite_drag_steps_f64.c).
 */
#define DQ16_LOOP_STEPS 4096
double dq16_closest_approach(const af_drag_f64 *m, const af_body_f64 *shooter, int inherit,
                             af_vec3_f64 launch, const af_body_f64 *target, double t_hint);

/* The body a launch starts as: at the shooter's position with the launch
 * velocity, plus the shooter's when flags inherit it. */
af_body_f64 dq16_launch_body(const af_body_f64 *shooter, unsigned flags, af_vec3_f64 launch);

/* The farthest a body flown by the f64 law gets from where it starts at
 * 32 instants of (0, t]. */
double dq16_flight_reach(const af_drag_f64 *m, const af_body_f64 *start, double t);

/* a and b of the f64 law at t: the launch velocity's and the pull's
 * weights in the position (drag_aim.h). */
void dq16_law_ab(const af_drag_f64 *m, double t, double *a, double *b);

/* Whether an f64 shot lies beyond Q16.16 (or within margin of it). */
int dq16_shot_beyond(const af_shot_f64 *shot, double margin);

/*
 * The start of a scene built around a known shot, of the class: a launch
 * of the class's speed (*speed, its length) from a shooter of the class
 * that lends its velocity half of the time (*flags), under a model of the
 * class, flown by the f64 law for a time of the class (*t) to *hit. 0
 * when the law cannot fly it (draw again).
 */
int dq16_planted_flight(th_rng *rng, int magnitude_class, af_drag_q16 *mq, af_drag_f64 *mf,
                        af_body_q16 *shooter_q, af_body_f64 *shooter, unsigned *flags, double *t,
                        double *speed, af_body_f64 *hit);

#endif /* AIMFIX_TESTS_DRAG_Q16_CHECK_H */
