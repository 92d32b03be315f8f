/* SPDX-License-Identifier: MIT */
/*
 * The quadratic-drag turret suites' shared set-up and checks (f64): a
 * shot flown from the muzzle at the commanded angles against the target
 * (accelerating or not), every shot of an answer checked, random scenes
 * within the drag's reach, and the edge and refusal rows' starting model.
 */
#ifndef AIMFIX_TESTS_TURRET_QDRAG_CHECK_H
#define AIMFIX_TESTS_TURRET_QDRAG_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* The shot flown (the stepped kind by the tests' own engine loop, the
 * continuous kind by af_qdrag_predict_f64): its distance from the target
 * p + v T + a T^2/2 at T = launch + flight; infinite when the prediction
 * fails. */
double turret_qdrag_miss(const turret_scene *s, const af_qdrag_f64 *m,
                         const af_turret_shot_f64 *sh);

/* No shot of an answer is another's copy: no two have yaws and pitches
 * within 2^-8 rad, flights within 2^-8 of the longer and launches within
 * 2^-12 of the later impact (a fold's copies, each branch's end where two
 * branches meet, were as close as 1.7e-3 rad, 0.3 % of the flight and
 * 1e-3 s of launch). */
void turret_qdrag_check_no_copies(const af_turret_shots_f64 *out, long i, const char *what);

/* Every shot of one answer: a failure leaves out all zero; each shot
 * misses by at most 1e-9 of the scene, plus, for the continuous kind,
 * `integration` times the launch speed (plus the platform's) times the
 * flight (0: nothing more); is within the limits, launched after the
 * latency and the slew, with a flight in (0, max_time], earliest impact
 * first, no copies (turret_qdrag_check_no_copies). Returns the worst miss over the scene size. */
double turret_qdrag_check_shots(const turret_scene *s, const af_qdrag_f64 *m, af_status st,
                                const af_turret_shots_f64 *out, long i, const char *what,
                                double integration);

/* A random turret scene (turret_scene_random's turret) within a quadratic
 * drag's reach: 30 to 60 m/s, the target 10 to 80 m from the pivot, it
 * and the platform at up to 5 m/s, flights up to 6 s; with accel > 0 the
 * target accelerating by up to accel m/s^2 (none drawn otherwise). */
turret_scene turret_qdrag_scene(th_rng *rng, int lob, double accel);

/* An aim under test: the scene's turret and target, the model, max_time. */
typedef af_status (*turret_qdrag_aim)(const turret_scene *s, const af_qdrag_f64 *m,
                                      af_turret_shots_f64 *out);

/* th_count(16) random scenes (turret_qdrag_scene) with a model of either
 * kind with k 0.001 to 0.01 /m (qsim_model's linear term and wind), its
 * gravity the scene's (none for a straight line): a status among OK, no
 * solution and beyond a limit, and every shot checked. */
void turret_qdrag_random_shots_hit(int lob, const char *name, double accel,
                                   turret_qdrag_aim aim, double integration);

/* An edge row's start: s all zero but the level turret, gravity -9.81 z
 * and max_time; m of the kind and k, that gravity, stepped at 60 Hz,
 * gravity first. The caller places the target. */
void turret_qdrag_edge_start(turret_scene *s, af_qdrag_f64 *m, af_drag_kind kind, double k,
                             double max_time);

/* The refusal rows' valid model: stepped at 60 Hz, k 0.002 /m, gravity
 * -9.81 z. */
af_qdrag_f64 turret_qdrag_refusal_model(void);

#endif /* AIMFIX_TESTS_TURRET_QDRAG_CHECK_H */
