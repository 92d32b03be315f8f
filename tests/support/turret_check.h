/* SPDX-License-Identifier: MIT */
/*
 * tests/support/turret_check.h — the turret's geometry and the shot's flight as
 * the tests see them, written apart from src/ (plain component arithmetic),
 * random turret scenes, and a brute-force scan of every launch time.
 */
#ifndef AIMFIX_TESTS_TURRET_CHECK_H
#define AIMFIX_TESTS_TURRET_CHECK_H

#include "aimfix.h"
#include "harness.h"

/* A turret, a target and gravity (zero for a straight line). */
typedef struct turret_scene {
    af_turret_f64 turret;
    af_body_f64 target;
    af_vec3_f64 gravity;
} turret_scene;

/* A random scene: a turret anywhere, any up and heading, limits that hold
 * the current angles (a third of them wrapping in yaw, a quarter turning
 * at one rate about any axis), a target slower
 * than half the muzzle speed; gravity along -up or none, by lob. */
turret_scene turret_scene_random(th_rng *rng, int lob);

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
 * under gravity; returns its distance from the target at launch + flight. */
double turret_miss(const turret_scene *s, const af_turret_shot_f64 *shot);

/* A length that sizes the scene: tolerances are fractions of it. */
double turret_scene_size(const turret_scene *s, const af_turret_shot_f64 *shot);

/* Brute force: every launch time on a grid of `cells` cells over
 * [latency, latency + the longest slew], every flight time found by sign
 * changes on a grid of flight times and bisection, and the angles that put
 * the muzzle's path through the target; among those within the limits and
 * in time by more than `margin` s (slew <= launch - margin), the earliest
 * impact time, or a negative value when there is none. */
double turret_scan_earliest(const turret_scene *s, int cells, double margin);

#endif /* AIMFIX_TESTS_TURRET_CHECK_H */
