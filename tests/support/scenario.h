/* SPDX-License-Identifier: MIT */
/*
 * tests/support/scenario.h — random shooting scenarios over the wide ranges the
 * f64 solvers promise: distances 1e-3 to 1e4, speeds 1e-2 to 1e4, any
 * direction and height, gravity of any direction and strength.
 */
#ifndef AIMFIX_TESTS_SCENARIO_H
#define AIMFIX_TESTS_SCENARIO_H

#include "aimfix.h"
#include "harness.h"

typedef struct scenario {
    af_body_f64 shooter;
    af_body_f64 target;
    af_vec3_f64 gravity;
    double speed;   /* launch speed, for fixed-speed solvers */
    unsigned flags; /* AF_INHERIT_VELOCITY or 0 */
} scenario;

/* A direction uniformly distributed on the sphere. */
af_vec3_f64 scenario_direction(th_rng *rng);

/* A vector of log-uniform length in [lo, hi) and random direction. */
af_vec3_f64 scenario_vector(th_rng *rng, double lo, double hi);

/* A full random scenario. Gravity is {0, 0, -9.81} half of the time, else
 * of random direction and strength 1e-2 to 1e3; a quarter of the targets
 * (and shooters) stand still; half of the shots inherit the shooter's
 * velocity. */
scenario scenario_random(th_rng *rng);

/* The length scale of a scenario's answer, against which misses are
 * measured: the size of the whole problem and trajectory, i.e. the largest
 * of the distance to the target now, to the impact point, the positions
 * themselves, and the lengths the flight's terms span (|u| t, |g| t^2/2,
 * the shooter's |v| t). A position is only known to 1e-16 of the largest of
 * these (a lob that climbs 1e11 m to land 1 cm away cannot be placed better
 * than ~1e-5 m by any double computation, the test's own included). */
double scenario_range(const scenario *s, const af_shot_f64 *shot);

#endif /* AIMFIX_TESTS_SCENARIO_H */
