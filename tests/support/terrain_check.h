/* SPDX-License-Identifier: MIT */
/*
 * tests/support/terrain_check.h — the terrains of the landing suites (flat ground,
 * slopes, steps, sine hills, walls), their raycasts and a brute-force
 * landing to judge the solvers by. Gravity is -z: a terrain is a height
 * field z = ground(x, y).
 */
#ifndef AIMFIX_TESTS_TERRAIN_H
#define AIMFIX_TESTS_TERRAIN_H

#include "aimfix.h"
#include "harness.h"

/* Gravity is -z in this suite: terrain is a height field z = terrain_ground(x, y). */
typedef enum terrain_kind {
    FLAT,
    SLOPE,
    STEP,     /* a cliff: z0 below x = edge, z0 + rise beyond it */
    HILLS,    /* sine hills */
    WALL,     /* flat ground with a wall of some thickness across x */
    TERRAIN_KINDS
} terrain_kind;

typedef struct terrain {
    terrain_kind kind;
    double z0, sx, sy;      /* level and slopes */
    double edge, rise;      /* step: where and how much; wall: where and how high */
    double thick;           /* wall: thickness along x */
    double amp, kx, ky;     /* hills */
} terrain;

extern const char *const terrain_names[TERRAIN_KINDS];

double terrain_ground(const terrain *T, double x, double y);
int terrain_below(const terrain *T, af_vec3_f64 p);

/* The raycast of af_drag_land_f64 on a terrain (user = the terrain): in
 * closed form on flat ground and slopes (a plane), else by marching the
 * ray in 4096 steps (finer than any wall or step the suites build,
 * relative to the chords cast), then bisecting. */
int terrain_raycast(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                    double max_distance, af_vec3_f64 *hit);

/* The brute-force landing: the arc sampled at 8000 times up to max_time,
 * the first sample below ground bisected against the previous one.
 * Returns the time, or -1 when the flight stays above ground. */
double terrain_brute_force_landing(const af_drag_f64 *m, const af_body_f64 *start,
                                   const terrain *T, double max_time);

/* A terrain of the kind, sized for flights of about `scale` metres. */
terrain terrain_random(th_rng *rng, terrain_kind kind, double scale);

/* A launch from 0.05 to 0.5 scale above the ground at the origin, mostly
 * towards +x (over the step's edge and the wall), up to 60 degrees up or 30
 * down. Returns the launch speed. */
double terrain_random_launch(th_rng *rng, const terrain *T, double scale, af_body_f64 *start);

/* The sine of the angle at which the arc meets the ground at time t (a
 * wall or step face counts as vertical): below ~0.05 the landing is a
 * graze, whose time no finite search pins down. */
double terrain_crossing_sine(const af_drag_f64 *m, const af_body_f64 *start, const terrain *T,
                             double t);

#endif /* AIMFIX_TESTS_TERRAIN_H */
