/* SPDX-License-Identifier: MIT */
/*
 * The accelerating Q16.16 turret suites' shared scene: a random Q16.16
 * scene whose target accelerates.
 */
#ifndef AIMFIX_TESTS_TURRET_ACCEL_Q16_CHECK_H
#define AIMFIX_TESTS_TURRET_ACCEL_Q16_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* A random Q16.16 scene (turret_q16_scene) whose target accelerates by up
 * to most m/s^2 along each axis, drawn after the scene; *s holds the
 * acceleration too. */
void turret_q16_accel_scene(th_rng *rng, int lob, double most, af_turret_q16 *qt,
                            af_body_accel_q16 *qa, af_vec3_q16 *qg, turret_scene *s);

#endif /* AIMFIX_TESTS_TURRET_ACCEL_Q16_CHECK_H */
