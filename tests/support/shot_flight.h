/* SPDX-License-Identifier: MIT */
/*
 * tests/support/shot_flight.h — a shot flown from its launch velocity, in
 * vacuum (kinematics.h) or through a drag model (af_drag_predict_f64), and
 * the vectors the shot suites build their scenes from.
 */
#ifndef AIMFIX_TESTS_SHOT_FLIGHT_H
#define AIMFIX_TESTS_SHOT_FLIGHT_H

#include "aimfix.h"
#include "harness.h"

/* The vector (x, y, z). */
af_vec3_f64 sf_vec(double x, double y, double z);

/* A vector whose components are uniform in [-m, m]. */
af_vec3_f64 sf_rand_vec(th_rng *rng, double m);

/* Where a shot of launch velocity u (plus the shooter's velocity when
 * inherit) is at time t: under gravity g when drag is NULL, else through
 * drag's model. Returns 0, *end untouched, when the model refuses t. */
int sf_shot_end(const af_body_f64 *shooter, int inherit, af_vec3_f64 u, af_vec3_f64 g,
                const af_drag_f64 *drag, double t, af_vec3_f64 *end);

#endif /* AIMFIX_TESTS_SHOT_FLIGHT_H */
