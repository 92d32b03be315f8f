/* SPDX-License-Identifier: MIT */
/*
 * tests/support/qdrag_q16_check.h — what the Q16.16 quadratic drag suites
 * share: short names for Q16.16 to double and back, a launch in the x-z
 * plane, the flat floor a landing meets, the flight that judges an aim,
 * and the scenes and checks that two suites run alike (samples, landings,
 * aims at a fixed time), each drawing its numbers in the order the
 * suites did.
 */
#ifndef AIMFIX_TESTS_QDRAG_Q16_CHECK_H
#define AIMFIX_TESTS_QDRAG_Q16_CHECK_H

#include "aimfix.h"
#include "drag_q16_check.h"
#include "harness.h"
#include "q16_solve_check.h"

/* Every field of a model in double (dt and order as given). */
af_qdrag_f64 qq16_model_f64(const af_qdrag_q16 *m);
/* A stepped model at k (1/m) and step dt (s) under gravity -9.81 z,
 * gravity first, no linear term or wind. */
af_qdrag_q16 qq16_stepped_model(fix16_t k, fix16_t dt);
double qq16_dist(af_vec3_f64 a, af_vec3_f64 b);
/* From height z0 at speed along elevation el (radians) towards +x. */
af_body_q16 qq16_launch(double speed, double el, double z0);
/* A scaled-down count, at least min: the checks of a share of the cases
 * need a few of them on a slow board. */
long qq16_at_least(long n, long min);

/* Terrain for af_qdrag_land_q16: the plane z = *(const double *)user. */
int qq16_floor_cast(void *user, const af_vec3_q16 *o, const af_vec3_q16 *d, fix16_t length,
                    af_vec3_q16 *hit);

/* The Q16 prediction's miss of the shot's point at its time, in LSB
 * (1e30 when the prediction fails). */
double qq16_flown_miss(const af_qdrag_q16 *m, const af_body_q16 *shooter,
                       const af_shot_q16 *shot, unsigned flags);
/* The miss aimfix/qdrag_aim.h allows an aim whose flight counts n: its
 * steps plus one. */
double qq16_miss_allowed(double n);

/* One scene of the samples check: a launch from the ground, 2 to 17
 * samples over up to 3 s; each sample must be the prediction at its
 * time. */
void qq16_check_samples(th_rng *rng, const af_qdrag_q16 *m);

/*
 * One scene of the landing checks: a launch from 0.5 to 3 m onto a floor
 * 2 m below to 0.4 m above the ground, within 8 s at the chords' tolerance
 * tol. Checks that the landing is refused when the falling crossing of
 * the floor's height is not within 8 s, else that it lands, in at most
 * AF_QDRAG_LAND_MAX_CASTS casts, on the floor. Returns 1 when it landed,
 * with the landing and that crossing, for the caller's check of the time.
 */
int qq16_landing(th_rng *rng, const af_qdrag_q16 *m, fix16_t tol, af_drag_landing_q16 *out,
                 af_drag_event_q16 *crossing);

/*
 * A scene for an aim at a fixed time T (0.05 to 3 s): the shooter at 1 m,
 * moving along y when it lends its velocity (flags, a third of the
 * scenes), the target where a launch lands after T, moved back by the
 * target's own motion (half of them moving). 0 when that launch's
 * prediction fails (no scene).
 */
int qq16_aim_time_scene(th_rng *rng, const af_qdrag_q16 *m, af_body_q16 *shooter,
                        af_body_q16 *target, fix16_t *T, unsigned *flags);

/* The short names the quadratic drag suites use. */
#define LSB (1.0 / 65536.0)
#define val(x) q16_to_f64(x)
#define raw(x) q16_from_f64(x)
#define vec_f64(v) q16_vec_to_f64(*(v))
#define body_f64(b) dq16_body_f64(b)
#define dist(a, b) qq16_dist(a, b)
#define launch(speed, el, z0) qq16_launch(speed, el, z0)
#define at_least(n, min) qq16_at_least(n, min)

#endif /* AIMFIX_TESTS_QDRAG_Q16_CHECK_H */
