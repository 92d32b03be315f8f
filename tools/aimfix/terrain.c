/* SPDX-License-Identifier: MIT */
/* The CLI's terrain and its raycast (see terrain.h). */
#include "terrain.h"

#include <math.h>
#include <stdio.h>

/* Samples a cast over hills: per wavelength of horizontal travel, and the
 * fewest and most a cast takes. */
#define SAMPLES_PER_WAVELENGTH 32.0
#define MIN_SAMPLES 16
#define MAX_SAMPLES 4096
/* Halvings of the bracketing sample interval: 2^-60 of it is far below
 * any landing tolerance. */
#define BISECTIONS 60

int terrain_from_request(const request *rq, terrain *t, char *why, size_t size)
{
    double along;
    t->axes = frame_for(rq->gravity);
    t->level = rq->terrain_level;
    along = frame_dot(rq->terrain_slope, t->axes.up);
    t->slope.x = rq->terrain_slope.x - along * t->axes.up.x;
    t->slope.y = rq->terrain_slope.y - along * t->axes.up.y;
    t->slope.z = rq->terrain_slope.z - along * t->axes.up.z;
    t->amplitude = rq->terrain_hill_amplitude;
    t->wavelength = rq->terrain_hill_wavelength;
    if (!isfinite(t->level) || !isfinite(t->slope.x) || !isfinite(t->slope.y) ||
        !isfinite(t->slope.z) || !isfinite(t->amplitude) || !isfinite(t->wavelength)) {
        snprintf(why, size, "the terrain's values must be finite");
        return -1;
    }
    if (!(t->wavelength > 0.0)) {
        snprintf(why, size, "'terrain.hill_wavelength' must be > 0");
        return -1;
    }
    return 0;
}

double terrain_ground(const terrain *t, af_vec3_f64 p)
{
    const double two_pi = 6.283185307179586;
    double h = t->level + frame_dot(t->slope, p);
    if (t->amplitude != 0.0)
        h += t->amplitude * sin(two_pi * frame_dot(p, t->axes.east) / t->wavelength) *
             cos(two_pi * frame_dot(p, t->axes.north) / t->wavelength);
    return h;
}

double terrain_height_of(const terrain *t, af_vec3_f64 p)
{
    return frame_dot(p, t->axes.up);
}

static af_vec3_f64 along_ray(const af_vec3_f64 *o, const af_vec3_f64 *d, double s)
{
    af_vec3_f64 p = { o->x + d->x * s, o->y + d->y * s, o->z + d->z * s };
    return p;
}

/* How far above ground the ray is at distance s (negative: under). */
static double clearance(const terrain *t, const af_vec3_f64 *o, const af_vec3_f64 *d, double s)
{
    af_vec3_f64 p = along_ray(o, d, s);
    return terrain_height_of(t, p) - terrain_ground(t, p);
}

int terrain_raycast(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                    double max_distance, af_vec3_f64 *hit)
{
    const terrain *t = user;
    double c0 = clearance(t, origin, direction, 0.0), lo, hi, horizontal, n;
    long i, samples;
    int k;
    if (!isfinite(c0))
        return 0;
    if (c0 < 0.0) {
        *hit = *origin;
        return 1;
    }
    if (t->amplitude == 0.0) {
        /* A plane: the clearance falls linearly, at this rate per metre. */
        double rate = frame_dot(*direction, t->axes.up) - frame_dot(t->slope, *direction);
        if (!(rate < 0.0) || c0 > -rate * max_distance)
            return 0;
        *hit = along_ray(origin, direction, c0 / -rate);
        return 1;
    }
    horizontal = sqrt(fmax(0.0, 1.0 - frame_dot(*direction, t->axes.up) *
                                          frame_dot(*direction, t->axes.up)));
    n = ceil(max_distance * horizontal * SAMPLES_PER_WAVELENGTH / t->wavelength);
    samples = n < MIN_SAMPLES ? MIN_SAMPLES : n > MAX_SAMPLES ? MAX_SAMPLES : (long)n;
    lo = 0.0;
    for (i = 1; i <= samples; i++) {
        hi = max_distance * (double)i / (double)samples;
        if (clearance(t, origin, direction, hi) < 0.0) {
            for (k = 0; k < BISECTIONS; k++) {
                double mid = 0.5 * (lo + hi);
                if (clearance(t, origin, direction, mid) < 0.0)
                    hi = mid;
                else
                    lo = mid;
            }
            *hit = along_ray(origin, direction, hi);
            return 1;
        }
        lo = hi;
    }
    return 0;
}
