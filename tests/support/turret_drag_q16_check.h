/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 linear-drag turret suites' shared models and random aims.
 */
#ifndef AIMFIX_TESTS_TURRET_DRAG_Q16_CHECK_H
#define AIMFIX_TESTS_TURRET_DRAG_Q16_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* An engine's preset at 30 to 120 steps a second and damping 0.01 to 1
 * (Bullet's and ODE's fractions to 0.5, Chipmunk's kept fraction from
 * 0.5), the scene's gravity, in Q16.16; all zero if refused. */
af_drag_q16 turret_drag_q16_random_model(th_rng *rng, af_drag_model model, af_vec3_q16 g);

/* The Q16.16 aim under test and its f64 twin (on the widened scene). */
typedef af_status (*turret_drag_q16_aim)(const af_turret_q16 *t, const af_drag_q16 *m,
                                         const af_body_accel_q16 *target, fix16_t max_time,
                                         af_turret_shots_q16 *out);
typedef af_status (*turret_drag_f64_twin)(const turret_scene *wide, const turret_scene *s,
                                          const af_drag_f64 *m, af_turret_shots_f64 *out);

/* th_count(90) random Q16.16 scenes (turret_q16_scene; with accel > 0 the
 * target accelerating by up to accel m/s^2 along each axis,
 * turret_q16_accel_scene), each engine's model in turn, flights up to 5
 * to 30 s: tallied against the f64 twin (turret_q16_tally_scene, out of
 * range and an engine's cap allowed too). */
void turret_drag_q16_random_aims(int lob, const char *name, double accel,
                                 turret_drag_q16_aim aim, turret_drag_f64_twin twin);

#endif /* AIMFIX_TESTS_TURRET_DRAG_Q16_CHECK_H */
