/* SPDX-License-Identifier: MIT */
/*
 * tests/support/turret_q16_check.h — a turret in Q16.16 and the same one in
 * doubles, and random Q16.16 turret scenes read back as doubles, so that
 * the Q16 and f64 solvers see identical inputs.
 */
#ifndef AIMFIX_TESTS_TURRET_Q16_CHECK_H
#define AIMFIX_TESTS_TURRET_Q16_CHECK_H

#include <stdint.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* Every field rounded to Q16.16, and back. */
af_turret_q16 turret_q16_of(const af_turret_f64 *t);
af_turret_f64 turret_f64_of(const af_turret_q16 *q);

/* turret_scene_random in Q16.16 (the pitch limits kept a few LSB off
 * +-pi/2), and *s the same scene in doubles. */
void turret_q16_scene(th_rng *rng, int lob, af_turret_q16 *qt, af_body_q16 *qb,
                      af_vec3_q16 *qg, turret_scene *s);

/* A Q16.16 turret shot read as doubles (its command, times and point). */
af_turret_shot_f64 turret_shot_f64_of(const af_turret_shot_q16 *q);

/*
 * The miss a Q16.16 command may leave, flown in double: 4 LSB of
 * direction (yaw and pitch each rounded, sines and cosines 0.51 LSB, the
 * frame's rounding) over the barrel and the flight; 1 LSB of launch and of
 * flight time at the speeds involved (the target's grows by |a| t); the
 * muzzle settled to 2 LSB a component and the positions rounded (8 LSB);
 * plus `time_slack` s of flight at the projectile's and the target's
 * speeds (a solver beneath that finds its flight times to a rounding of
 * its own: 0 for the vacuum lobs).
 */
double turret_q16_miss_tolerance(const turret_scene *s, const af_turret_shot_f64 *sh,
                                 double time_slack);

/* A Q16.16 command's angles are within 3 LSB of the exact ones. */
#define TURRET_Q16_ANGLE_TOL (3.0 / 65536.0)

/* The edge rows' level turret in Q16.16: z up, heading +x, yaw +-1.5,
 * pitch -0.2 to 1, the muzzle 0.5 m along and 0.1 m above, rates 1 and
 * 0.5 rad/s, latency 0.1 s, 50 m/s (each value truncated to Q16.16). */
af_turret_q16 turret_q16_level(void);

/* The f64 reference's scene: every limit moved out by the angles'
 * tolerance, which a Q16.16 command at a limit may use. */
turret_scene turret_q16_widened(const turret_scene *s);

/* The drag aim finds each flight to 2 LSB plus 2^-27 of the terms of its
 * speed equation (aimfix/drag.h), the launch velocity's size: 4 LSB plus
 * 2^-26 of the flight time covers both as time at the speeds involved. */
double turret_q16_drag_flight_slack(const af_turret_shot_f64 *sh);

/*
 * Every shot of one Q16.16 answer, flown in double: a failure leaves q
 * all zero; each shot misses by at most turret_q16_miss_tolerance (with
 * the drag flight slack when s->drag is set), is within the limits,
 * launched after the latency and the slew (to an LSB, and the one-rate
 * slew's angle to 4 LSB), with a positive flight (no longer than max_time
 * with drag). Returns the worst miss over its tolerance.
 */
double turret_q16_check_shots(const turret_scene *s, af_status st, const af_turret_shots_q16 *q,
                              const char *name, long i);

/* No Q16.16 first impact before the f64 reference's f by more than its
 * roundings: 4 LSB of time, the slew known to the angles' tolerance over
 * the slower rate (the impact moving with the launch at the platform's
 * and target's speeds over the shot's), and the drag flight slack with
 * drag. Returns the Q16.16 first impact time. */
double turret_q16_check_not_earlier(const turret_scene *s, const af_turret_shots_q16 *q,
                                    const af_turret_shots_f64 *f, const char *name, long i);

/* The Q16.16 first impact no later than the brute-force scan's (scan < 0:
 * none) by more than later_tol s (the scan, coarse, may miss earlier
 * ones). Returns the Q16.16 first impact time. */
double turret_q16_check_scan(const turret_scene *s, const af_turret_shots_q16 *q, double scan,
                             double later_tol, const char *name, long i);

/* A sweep of random Q16.16 aims beside their f64 references: which found
 * shots, the Q16.16 first impacts later than the f64 ones by over 1e-3 of
 * their time, the worst miss over its tolerance, the Q16.16 aims' cost. */
typedef struct turret_q16_tally {
    long both, q_only, f_only, later;
    double worst, cost_sum;
    uint32_t cost_max;
} turret_q16_tally;

/* One scene's Q16.16 answer sq, q (cost: its counter ticks) beside the
 * f64 reference's sf, f: q's shots checked (turret_q16_check_shots) and,
 * when both found shots, q's first impact not before f's
 * (turret_q16_check_not_earlier); counted into *t. */
void turret_q16_tally_add(turret_q16_tally *t, const turret_scene *s, af_status sq,
                          const af_turret_shots_q16 *q, af_status sf,
                          const af_turret_shots_f64 *f, uint32_t cost, const char *name, long i);

/* The aim answered want with q all zero (a refusal or a failure). */
void turret_q16_check_refused(af_status st, af_status want, const af_turret_shots_q16 *q,
                              const char *why);

/* One scene of a sweep: its Q16.16 status is one a turret aim gives
 * (AF_OK, no solution, beyond the yaw or the pitch limits, or one of
 * also, a list that ends at AF_OK), and its answers go into *t
 * (turret_q16_tally_add). */
void turret_q16_tally_scene(turret_q16_tally *t, const turret_scene *s, af_status sq,
                            const af_turret_shots_q16 *q, af_status sf,
                            const af_turret_shots_f64 *f, uint32_t cost, const af_status *also,
                            const char *name, long i);

/* A sweep's figures of n scenes, as a note. */
void turret_q16_tally_note(const turret_q16_tally *t, const char *name, long n);

#endif /* AIMFIX_TESTS_TURRET_Q16_CHECK_H */
