/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 quadratic-drag turret suites' shared set-up and checks: every
 * shot of a Q16.16 answer flown in double by the tests' own engine loop
 * against the target (accelerating or not), random scenes on the level
 * turret, the random aims compared with their f64 twins, and an edge
 * row's scene in doubles.
 */
#ifndef AIMFIX_TESTS_TURRET_QDRAG_Q16_CHECK_H
#define AIMFIX_TESTS_TURRET_QDRAG_Q16_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* No two shots of q are one: each pair apart by more than twice the Q16.16
 * aim's merge of a fold's copies in an angle, the flight or the launch. */
void turret_qdrag_q16_check_no_copies(const af_turret_shots_q16 *q, long i, const char *what);

/* Every shot of one answer, flown in double: a failure leaves q all zero;
 * each shot misses the target p + v t + a t^2/2 by at most its tolerance
 * (the turret's roundings with the aim's flight to 4 LSB, the quadratic
 * drag aim's own miss, the Q16.16 engine's drift from the f64 one), is
 * within the limits, launched after the latency and the slew (to an LSB),
 * with a flight in (0, max_time], earliest impact first, no two one shot
 * (turret_qdrag_q16_check_no_copies). The worst miss over its tolerance. */
double turret_qdrag_q16_check_shots(const turret_scene *s, const af_qdrag_f64 *m, af_status st,
                                    const af_turret_shots_q16 *q, const char *what, long i);

/* A random scene: the level turret at 30 to 60 m/s, the target 15 to
 * 80 m away within the yaw limits, -2 to 5 m up, moving at up to 3 m/s
 * (and with accel, accelerating by up to 2 m/s^2 along each axis; no
 * acceleration drawn otherwise), a stepped model (k 0.002 to 0.01 /m, 30
 * to 60 Hz, either order, no wind), flights up to 6 s; *m and *s the same
 * in doubles. */
void turret_qdrag_q16_random_scene(th_rng *rng, int accel, af_turret_q16 *qt,
                                   af_body_accel_q16 *qa, af_qdrag_q16 *qm, af_qdrag_f64 *m,
                                   turret_scene *s);

/* The Q16.16 aim under test and its f64 twin (on the widened scene). */
typedef af_status (*turret_qdrag_q16_aim)(const af_turret_q16 *t, const af_qdrag_q16 *m,
                                          const af_body_accel_q16 *target, fix16_t max_time,
                                          af_turret_shots_q16 *out);
typedef af_status (*turret_qdrag_f64_twin)(const turret_scene *wide, const turret_scene *s,
                                           const af_qdrag_f64 *m, af_turret_shots_f64 *out);

/* th_count(24) random scenes (turret_qdrag_q16_random_scene): a status
 * among OK, no solution and beyond a limit, every shot checked, and on
 * the host the first impact within 1e-3 s of the f64 twin's (whose shots
 * hold no copies either), the two disagreeing on whether there is one in
 * at most an eighth of them. */
void turret_qdrag_q16_random_aims(const char *name, int accel, turret_qdrag_q16_aim aim,
                                  turret_qdrag_f64_twin twin);

/* An edge row's scene in doubles: the turret, the target and its
 * acceleration, the model's gravity, flights up to max_time. */
turret_scene turret_qdrag_q16_edge_scene(const af_turret_q16 *t, const af_body_accel_q16 *target,
                                         const af_qdrag_f64 *m, double max_time);

#endif /* AIMFIX_TESTS_TURRET_QDRAG_Q16_CHECK_H */
