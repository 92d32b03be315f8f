/* SPDX-License-Identifier: MIT */
/*
 * tests/support/drag_shot_check.h — how far a shot aimed through a drag
 * model flies from its point, by the tests' own flight (drag_sim.h), for
 * the drag aim suites.
 */
#ifndef AIMFIX_TESTS_DRAG_SHOT_CHECK_H
#define AIMFIX_TESTS_DRAG_SHOT_CHECK_H

#include "aimfix.h"
#include "harness.h"

/* a + b k. */
af_vec3_f64 dshot_add_scaled(af_vec3_f64 a, af_vec3_f64 b, double k);

/* The pull the model's gravity and wind give: g + k wind. */
af_vec3_f64 dshot_effective_g(const af_drag_f64 *m);

/* The scene's size for a shot: where the shooter and the point are, the
 * launch velocity's reach and the pull over the flight. */
double dshot_scene_scale(const af_drag_f64 *m, const af_body_f64 *shooter,
                         const af_shot_f64 *shot);

/* The projectile at launch: the shooter's position, the shot's velocity
 * plus the shooter's when inherited. */
af_body_f64 dshot_projectile(const af_body_f64 *shooter, const af_shot_f64 *shot, int inherit);

/* How far the shot flies from shot->point at shot->t, relative to the
 * scene's size: continuous drag by RK4; a stepped model by its literal
 * loop, the point within the curve's sag of the engine's straight move
 * between the steps either side of t (checked with TH_CHECK: the loop's
 * states are the curve's, within 1e-12). */
double dshot_miss(const af_drag_f64 *m, const af_body_f64 *shooter, int inherit,
                  const af_shot_f64 *shot);

/* A time of flight: whole steps for an engine (so that its loop lands
 * exactly on the hit), up to 20 time constants or 30 s for continuous
 * drag. */
double dshot_random_flight_time(th_rng *rng, const af_drag_f64 *m);

/* A launch velocity of the speed in a random direction. */
af_vec3_f64 dshot_random_launch(th_rng *rng, double speed);

/* What the fixed-speed checks gather: shots checked, the worst miss (of
 * the scene) and the worst speed error (of the velocity's terms). */
typedef struct dshot_tally {
    long shots;
    double worst_miss, worst_speed;
} dshot_tally;

/*
 * Every shot of a fixed-speed answer at a scene built around a planted
 * shot: each must miss by at most hit_tol of the scene (dshot_miss), have
 * the speed within speed_tol of the larger of the speed and the terms
 * the velocity is made of (distance / t, |G| t), and come later than the
 * one before; the planted shot must be among them (time within 1e-6 of
 * it, velocity within 1e-6 of the speed).
 */
void dshot_check_speed_shots(const af_drag_f64 *m, const af_body_f64 *shooter, int inherit,
                             double speed, const af_shot_f64 *planted, const af_shots_f64 *out,
                             double hit_tol, double speed_tol, dshot_tally *tally);

#endif /* AIMFIX_TESTS_DRAG_SHOT_CHECK_H */
