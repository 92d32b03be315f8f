/* SPDX-License-Identifier: MIT */
/*
 * The accelerating turret suites' shared scenes and checks (f64): a
 * random scene whose target accelerates, and an answer checked with its
 * points on the accelerating target.
 */
#ifndef AIMFIX_TESTS_TURRET_ACCEL_CHECK_H
#define AIMFIX_TESTS_TURRET_ACCEL_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* A random scene (turret_scene_random) whose target accelerates by up to
 * most m/s^2 along each axis, drawn uniformly after the scene. */
turret_scene turret_accelerating_scene(th_rng *rng, int lob, double most);

/* Every shot of one answer checked (turret_check_shots), and its point
 * the accelerating target's p + v T + a T^2/2 to 1e-12 of the scene; the
 * worst miss over the scene size. */
double turret_check_accel_shots(const turret_scene *s, af_status st,
                                const af_turret_shots_f64 *out, long i, const char *what);

#endif /* AIMFIX_TESTS_TURRET_ACCEL_CHECK_H */
