/* SPDX-License-Identifier: MIT */
/*
 * tests/support/turret_check.h — the turret's geometry and the shot's flight as
 * the tests see them, written apart from src/ (plain component arithmetic),
 * random turret scenes, and a brute-force scan of every launch time.
 */
#ifndef AIMFIX_TESTS_TURRET_CHECK_H
#define AIMFIX_TESTS_TURRET_CHECK_H

#include <stddef.h>

#include "aimfix.h"
#include "harness.h"

/* A turret, a target and gravity (zero for a straight line); the target's
 * constant acceleration (zero unless set); a drag model that slows the
 * projectile (NULL for none; its gravity then replaces `gravity`) and the
 * longest flight searched with it. */
typedef struct turret_scene {
    af_turret_f64 turret;
    af_body_f64 target;
    af_vec3_f64 gravity;
    af_vec3_f64 acceleration;
    const af_drag_f64 *drag;
    double max_time;
    double scan_past; /* launch times past the longest slew that the scan covers too, s */
} turret_scene;

/* The target's acceleration as the accelerating aims take it. */
af_body_accel_f64 turret_scene_target(const turret_scene *s);

/* A random scene: a turret anywhere, any up and heading, limits that hold
 * the current angles (a third of them wrapping in yaw, a quarter turning
 * at one rate about any axis), a target slower
 * than half the muzzle speed; gravity along -up or none, by lob. */
turret_scene turret_scene_random(th_rng *rng, int lob);

/* A random scene whose platform outruns the shot (1.5 to 400 times its
 * speed, not inherited) and passes the target at 0.5 to 100 m within
 * 1.2 times the longest slew: a later launch often hits sooner, and the
 * earliest impact can lie anywhere along such a descent. The yaw wraps
 * and the pitch spans -90 to +90 deg, so that no shot is within the
 * limits for less than a scan cell. */
turret_scene turret_scene_flyby(th_rng *rng, int lob);

/* The barrel and "above" unit vectors at yaw and pitch, from the turret's
 * up and forward. */
void turret_axes(const af_turret_f64 *t, double yaw, double pitch, af_vec3_f64 *barrel,
                 af_vec3_f64 *above);

/* The time both axes take from the current angles to yaw and pitch (the
 * shorter way when the yaw wraps); with AF_TURRET_ONE_RATE the angle
 * between the two barrels over the yaw rate. */
double turret_slew(const af_turret_f64 *t, double yaw, double pitch);

/* 1 when yaw and pitch are within the turret's limits. */
int turret_within(const af_turret_f64 *t, double yaw, double pitch);

/* The shot flown: the projectile leaves at shot->launch from the muzzle at
 * the commanded angles (the pivot moved with the platform), with the muzzle
 * speed along the barrel (plus the platform's velocity when inherited),
 * under gravity (in vacuum, or by the drag model: Runge-Kutta for
 * continuous drag; for an engine its literal step loop to the steps on
 * either side of the flight, the target within the curve's sag of the
 * straight move between them); returns its distance from the target (at
 * launch + flight, accelerating or not). */
double turret_miss(const turret_scene *s, const af_turret_shot_f64 *shot);

/* turret_miss with `finer` times the Runge-Kutta substeps (continuous
 * drag): where the two differ the tests' own flight cannot resolve a miss. */
double turret_miss_finer(const turret_scene *s, const af_turret_shot_f64 *shot, long finer);

/* A length that sizes the scene: tolerances are fractions of it. */
double turret_scene_size(const turret_scene *s, const af_turret_shot_f64 *shot);

/* The largest term turret_miss sums for a shot in vacuum (positions,
 * velocity times time, half the acceleration times the time squared):
 * its rounding, a few DBL_EPSILON of this, is what the miss can resolve. */
double turret_flight_reach(const turret_scene *s, const af_turret_shot_f64 *shot);

/* Brute force: every launch time (a continuous drag model or none on a grid of `cells` cells over
 * [latency, latency + the longest slew], every flight time found by sign
 * changes on a grid of flight times and bisection (up to max_time with
 * drag), and the angles that put
 * the muzzle's path through the target; among those within the limits and
 * in time by more than `margin` s (slew <= launch - margin), the earliest
 * impact time, or a negative value when there is none. */
double turret_scan_earliest(const turret_scene *s, int cells, double margin);

/* turret_scan_earliest on `cells` times `fine` launch cells (-3 when
 * either is below 1), counting only the shots the coarse scan of `cells`
 * cells can see: those in a run of launches with some shot in time that
 * holds one of its launches. The search is blind to a stretch in time
 * that falls between two of its samples, and so is this. */
double turret_scan_earliest_seen(const turret_scene *s, int cells, int fine, double margin);

/* max(latency, the longest slew within the limits): every angle within
 * them is in time from this launch time on. */
double turret_in_time_from(const af_turret_f64 *t);

/* 1 when the n bytes at p are all zero (a failed call's out-struct). */
int turret_all_zero(const void *p, size_t n);

/* The edge rows' level turret: z up, heading +x, yaw +-90 deg, pitch -10
 * to +60 deg, the muzzle 0.5 m along the barrel and 0.1 m above it, rates
 * 1 and 0.5 rad/s, latency 0.1 s, 50 m/s. */
af_turret_f64 turret_level(void);

/*
 * Every shot of one f64 answer checked: a failure leaves out all zero; an
 * answer holds 1 to AF_MAX_SHOTS shots, each missing by at most 1e-9 of
 * the scene, within the limits, launched after the latency and the slew,
 * with a positive flight (no longer than max_time with drag), earliest
 * impact first. Returns the worst miss over the scene size. what and i
 * name the scene in the messages.
 */
double turret_check_shots(const turret_scene *s, af_status st, const af_turret_shots_f64 *out,
                          long i, const char *what);

/* The solver's first impact against the brute-force scan's (scan < 0:
 * none): never later than it, and no scan impact where the solver found
 * none. Returns 1 when both found one. */
int turret_check_scan(af_status st, const af_turret_shots_f64 *out, double scan,
                      const char *name, long i);

/* An answer's shape: a failure (st not AF_OK) leaves out all zero, a
 * success holds 1 to AF_MAX_SHOTS shots. Returns 1 on a success, whose
 * shots the caller checks. what and i name the scene in the messages. */
int turret_check_answer(af_status st, const af_turret_shots_f64 *out, long i, const char *what);

/*
 * The refusals the drag turret aims share. Each starts from the level
 * turret, a still target 100 m along x and flights up to 20 s
 * (turret_refusal_start), and the caller's valid stepped model; case i of
 * TURRET_SHARED_REFUSALS spoils one of them (turret_refusal_spoil): the
 * model's step 0, its kind unknown, max_time 0 or NaN, the target NaN, or
 * no model at all (null_model).
 */
typedef struct turret_refusal {
    af_turret_f64 turret;
    af_body_f64 target;
    double max_time;
    int null_model;
    const char *why;
} turret_refusal;
#define TURRET_SHARED_REFUSALS 6
turret_refusal turret_refusal_start(void);
void turret_refusal_spoil(turret_refusal *r, int i, double *dt, af_drag_kind *kind);
/* The aim refused: AF_ERR_BAD_ARGUMENT with out all zero. */
void turret_check_refused(af_status st, const af_turret_shots_f64 *out, const char *why);

#endif /* AIMFIX_TESTS_TURRET_CHECK_H */
