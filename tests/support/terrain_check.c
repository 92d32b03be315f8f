/* SPDX-License-Identifier: MIT */
/* The landing suites' terrains (see terrain_check.h). */
#include "terrain_check.h"

#include <math.h>

#include "drag_sim.h"

const char *const terrain_names[TERRAIN_KINDS] = { "flat", "slope", "step", "sine hills",
                                                   "wall" };

double terrain_ground(const terrain *T, double x, double y)
{
    switch (T->kind) {
    case FLAT:
        return T->z0;
    case SLOPE:
        return T->z0 + T->sx * x + T->sy * y;
    case STEP:
        return x < T->edge ? T->z0 : T->z0 + T->rise;
    case HILLS:
        return T->z0 + T->amp * sin(T->kx * x) * cos(T->ky * y);
    case WALL:
        return x >= T->edge && x < T->edge + T->thick ? T->rise : T->z0;
    case TERRAIN_KINDS:
        break;
    }
    return T->z0;
}

int terrain_below(const terrain *T, af_vec3_f64 p)
{
    return p.z < terrain_ground(T, p.x, p.y);
}

/* Where a segment from a (above ground) to b first goes below: bisection
 * to 2^-60 of the segment, finding the face of a step as well as a slope. */
static af_vec3_f64 first_below(const terrain *T, af_vec3_f64 a, af_vec3_f64 b)
{
    int i;
    for (i = 0; i < 60; i++) {
        af_vec3_f64 m = { (a.x + b.x) / 2.0, (a.y + b.y) / 2.0, (a.z + b.z) / 2.0 };
        if (terrain_below(T, m))
            b = m;
        else
            a = m;
    }
    return b;
}

/* The raycast: march the ray in 4096 steps (finer than any step or hill
 * the suites build, relative to the chords cast; more across a wall),
 * then bisect. */
#define RAY_SAMPLES 4096

static int terrain_raycast_march(void *user, const af_vec3_f64 *origin,
                                 const af_vec3_f64 *direction, double max_distance,
                                 af_vec3_f64 *hit)
{
    const terrain *T = user;
    af_vec3_f64 prev = *origin;
    double n = RAY_SAMPLES;
    long i;
    if (terrain_below(T, prev)) {
        *hit = prev;
        return 1;
    }
    /* A wall is crossed by at least one sample: steps at most half its
     * thickness along x (a chord carried 400 km by a wind once stepped
     * over a wall 39 m thick). */
    if (T->kind == WALL && T->thick > 0.0)
        n = fmin(fmax(n, ceil(max_distance * fabs(direction->x) / (0.5 * T->thick))), 1e7);
    for (i = 1; i <= (long)n; i++) {
        double s = max_distance * (double)i / n;
        af_vec3_f64 p = { origin->x + direction->x * s, origin->y + direction->y * s,
                          origin->z + direction->z * s };
        if (terrain_below(T, p)) {
            *hit = first_below(T, prev, p);
            return 1;
        }
        prev = p;
    }
    return 0;
}

/* The brute-force landing: the arc sampled at 8000 times up to max_time,
 * the first sample below ground bisected against the previous one.
 * Returns the time, or -1 when the flight stays above ground. */
#define ARC_SAMPLES 8000
double terrain_brute_force_landing(const af_drag_f64 *m, const af_body_f64 *start,
                                  const terrain *T, double max_time)
{
    double t0 = 0.0, t1;
    af_body_f64 p;
    int i, j;
    for (i = 1; i <= ARC_SAMPLES; i++) {
        t1 = max_time * i / ARC_SAMPLES;
        if (af_drag_predict_f64(m, start, t1, &p) != AF_OK)
            return -1.0;
        if (terrain_below(T, p.position)) {
            for (j = 0; j < 60; j++) {
                double tm = (t0 + t1) / 2.0;
                if (af_drag_predict_f64(m, start, tm, &p) != AF_OK)
                    return -1.0;
                if (terrain_below(T, p.position))
                    t1 = tm;
                else
                    t0 = tm;
            }
            return t1;
        }
        t0 = t1;
    }
    return -1.0;
}

/* A terrain of the kind, sized for flights of about `scale` metres. */
terrain terrain_random(th_rng *rng, terrain_kind kind, double scale)
{
    terrain T = { FLAT, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    T.kind = kind;
    T.z0 = -th_rand_uniform(rng, 0.0, 0.5) * scale;
    T.sx = th_rand_uniform(rng, -0.5, 0.5);
    T.sy = th_rand_uniform(rng, -0.5, 0.5);
    T.edge = th_rand_uniform(rng, 0.2, 1.0) * scale;
    T.rise = th_rand_uniform(rng, -0.5, 0.5) * scale;
    T.thick = th_rand_uniform(rng, 0.02, 0.1) * scale;
    T.amp = th_rand_uniform(rng, 0.05, 0.3) * scale;
    T.kx = th_rand_uniform(rng, 1.0, 6.0) / scale;
    T.ky = th_rand_uniform(rng, 0.0, 3.0) / scale;
    return T;
}

/* A launch from 0.05 to 0.5 scale above the ground at the origin, mostly
 * towards +x (over the step's edge and the wall), up to 60 degrees up or 30
 * down. Returns the launch speed. */
double terrain_random_launch(th_rng *rng, const terrain *T, double scale, af_body_f64 *start)
{
    double speed = sqrt(9.81 * scale) * th_rand_uniform(rng, 0.5, 1.5);
    double elevation = th_rand_uniform(rng, -0.5, 1.05), side = th_rand_uniform(rng, -0.3, 0.3);
    start->position.x = 0.0;
    start->position.y = 0.0;
    start->position.z = terrain_ground(T, 0.0, 0.0) + th_rand_uniform(rng, 0.05, 0.5) * scale;
    start->velocity.x = speed * cos(elevation) * cos(side);
    start->velocity.y = speed * cos(elevation) * sin(side);
    start->velocity.z = speed * sin(elevation);
    return speed;
}

/* The sine of the angle at which the arc meets the ground at time t (from
 * the ground's normal by central differences; a wall or step face counts
 * as vertical): below ~0.05 the landing is a graze, whose time no finite
 * search pins down. */
double terrain_crossing_sine(const af_drag_f64 *m, const af_body_f64 *start, const terrain *T,
                            double t)
{
    af_body_f64 p;
    af_vec3_f64 n, v;
    double h = 1e-6, gx, gy;
    if (af_drag_predict_f64(m, start, t, &p) != AF_OK)
        return 0.0;
    gx = (terrain_ground(T, p.position.x + h, p.position.y) - terrain_ground(T, p.position.x - h, p.position.y)) /
         (2.0 * h);
    gy = (terrain_ground(T, p.position.x, p.position.y + h) - terrain_ground(T, p.position.x, p.position.y - h)) /
         (2.0 * h);
    if (fabs(gx) > 1e3) { /* a face */
        n.x = 1.0;
        n.y = n.z = 0.0;
    } else {
        n.x = -gx;
        n.y = -gy;
        n.z = 1.0;
    }
    v = p.velocity;
    return fabs(dsim_dot(v, n)) / (dsim_len(v) * dsim_len(n));
}

/* A ray against a plane z = z0 + sx x + sy y: the height above it along
 * the ray is A + B s. */
static int plane_raycast(const terrain *T, const af_vec3_f64 *o, const af_vec3_f64 *d,
                         double max_distance, af_vec3_f64 *hit)
{
    double sx = T->kind == SLOPE ? T->sx : 0.0, sy = T->kind == SLOPE ? T->sy : 0.0;
    double A = o->z - terrain_ground(T, o->x, o->y), B = d->z - sx * d->x - sy * d->y, s;
    if (A < 0.0) {
        *hit = *o;
        return 1;
    }
    if (!(B < 0.0) || (s = -A / B) > max_distance)
        return 0;
    hit->x = o->x + d->x * s;
    hit->y = o->y + d->y * s;
    hit->z = o->z + d->z * s;
    return 1;
}

int terrain_raycast(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                    double max_distance, af_vec3_f64 *hit)
{
    const terrain *T = user;
    if (T->kind == FLAT || T->kind == SLOPE)
        return plane_raycast(T, origin, direction, max_distance, hit);
    return terrain_raycast_march(user, origin, direction, max_distance, hit);
}
