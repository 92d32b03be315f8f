/* SPDX-License-Identifier: MIT */
/*
 * The linear-drag turret suites' shared models and random shots (f64).
 */
#ifndef AIMFIX_TESTS_TURRET_DRAG_CHECK_H
#define AIMFIX_TESTS_TURRET_DRAG_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

#define TURRET_DRAG_MODELS 9 /* AF_DRAG_UNITY .. AF_DRAG_JOLT */

/* An engine's preset at 30 to 120 steps a second and damping 0.01 to 1
 * (Bullet's and ODE's fractions to 0.5, Chipmunk's kept fraction from
 * 0.5), gravity the scene's (none for a straight line), and for
 * continuous drag a wind of up to 10 m/s half of the time; all zero if
 * af_drag_init_f64 refuses it. */
af_drag_f64 turret_drag_random_model(th_rng *rng, af_drag_model model, af_vec3_f64 gravity);

/* An aim under test: the scene's turret, drag, target and max_time. */
typedef af_status (*turret_drag_aim)(const turret_scene *s, af_turret_shots_f64 *out);

/* th_count(900) random scenes (with accel > 0 the target accelerating
 * by up to accel m/s^2 along each axis, turret_accelerating_scene), each
 * engine's model in turn, flights up to 5 to 30 s: a status among OK, no
 * solution, beyond a limit and an engine's cap, and every shot checked
 * (turret_check_shots; with accel, turret_check_accel_shots). */
void turret_drag_random_shots_hit(int lob, const char *name, double accel, turret_drag_aim aim);

/* th_count(100) random scenes (with accel > 0 the target accelerating,
 * as above) with continuous drag (the one model whose flight the tests
 * write in closed form): the brute-force scan finds no impact before the
 * solver's first, none where the solver says none; with accel the scan
 * runs past the longest slew too (a later launch can meet an accelerating
 * target earlier). */
void turret_drag_scan_finds_nothing_earlier(const char *name, double accel, turret_drag_aim aim);

#endif /* AIMFIX_TESTS_TURRET_DRAG_CHECK_H */
