/* SPDX-License-Identifier: MIT */
/* Random scenarios for the f64 property tests (see scenario.h). */
#include "scenario.h"

#include <math.h>

#include "kinematics.h"

af_vec3_f64 scenario_direction(th_rng *rng)
{
    /* Uniform z and azimuth: Archimedes' hat-box theorem. */
    double z = th_rand_uniform(rng, -1.0, 1.0);
    double phi = th_rand_uniform(rng, 0.0, 6.283185307179586);
    double r = sqrt(1.0 - z * z);
    af_vec3_f64 d;
    d.x = r * cos(phi);
    d.y = r * sin(phi);
    d.z = z;
    return d;
}

af_vec3_f64 scenario_vector(th_rng *rng, double lo, double hi)
{
    af_vec3_f64 d = scenario_direction(rng);
    double m = th_rand_log(rng, lo, hi);
    d.x *= m;
    d.y *= m;
    d.z *= m;
    return d;
}

scenario scenario_random(th_rng *rng)
{
    scenario s;
    af_vec3_f64 zero = { 0.0, 0.0, 0.0 };
    s.shooter.position = scenario_vector(rng, 1e-3, 1e4);
    s.target.position = s.shooter.position;
    {
        af_vec3_f64 d = scenario_vector(rng, 1e-3, 1e4);
        s.target.position.x += d.x;
        s.target.position.y += d.y;
        s.target.position.z += d.z;
    }
    s.speed = th_rand_log(rng, 1e-2, 1e4);
    /* Target and shooter speeds of the same order as the projectile's most
     * of the time, so that every kind of answer (one, two, none) occurs. */
    s.target.velocity = th_rand_below(rng, 4) == 0
                            ? zero
                            : scenario_vector(rng, 1e-3 * s.speed, 3.0 * s.speed);
    s.shooter.velocity = th_rand_below(rng, 4) == 0
                             ? zero
                             : scenario_vector(rng, 1e-3 * s.speed, 3.0 * s.speed);
    if (th_rand_below(rng, 2)) {
        s.gravity.x = 0.0;
        s.gravity.y = 0.0;
        s.gravity.z = -9.81;
    } else {
        s.gravity = scenario_vector(rng, 1e-2, 1e3);
    }
    s.flags = th_rand_below(rng, 2) ? AF_INHERIT_VELOCITY : 0u;
    return s;
}

double scenario_range(const scenario *s, const af_shot_f64 *shot)
{
    double now = kin_dist(s->target.position, s->shooter.position);
    double then = kin_dist(shot->point, s->shooter.position);
    double where = kin_len(s->shooter.position);
    double t = shot->t;
    double fly = kin_len(shot->velocity) * t;
    double fall = 0.5 * kin_len(s->gravity) * t * t;
    double drift = (s->flags & AF_INHERIT_VELOCITY) ? kin_len(s->shooter.velocity) * t : 0.0;
    return fmax(fmax(fmax(now, then), fmax(where, fly)), fmax(fall, drift));
}
