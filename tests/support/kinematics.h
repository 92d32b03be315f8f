/* SPDX-License-Identifier: MIT */
/*
 * tests/support/kinematics.h — the physics the tests check solutions against,
 * written independently of the library (plain component arithmetic, no
 * shared helpers), so that a mistake in src/ is not repeated here.
 */
#ifndef AIMFIX_TESTS_KINEMATICS_H
#define AIMFIX_TESTS_KINEMATICS_H

#include "aimfix.h"

/* Where a projectile launched from shooter at t = 0 with launch velocity u
 * (plus the shooter's velocity when inherit) is at time t under gravity g. */
af_vec3_f64 kin_projectile(const af_body_f64 *shooter, int inherit, af_vec3_f64 u,
                           af_vec3_f64 g, double t);

/* Where a constant-velocity body is at time t. */
af_vec3_f64 kin_body(const af_body_f64 *body, double t);

/* Where a constant-acceleration body is at time t. */
af_vec3_f64 kin_accel_body(const af_body_accel_f64 *body, double t);

/* Distance between two points. */
double kin_dist(af_vec3_f64 a, af_vec3_f64 b);

/* Length of a vector. */
double kin_len(af_vec3_f64 a);

/* The miss of a shot when flown: distance between projectile and target at
 * the shot's time of flight. */
double kin_miss(const af_body_f64 *shooter, const af_body_f64 *target, int inherit,
                af_vec3_f64 g, const af_shot_f64 *shot);

#endif /* AIMFIX_TESTS_KINEMATICS_H */
