/* SPDX-License-Identifier: MIT */
#include "turret_accel_check.h"

#include <math.h>

turret_scene turret_accelerating_scene(th_rng *rng, int lob, double most)
{
    turret_scene s = turret_scene_random(rng, lob);
    s.acceleration.x = th_rand_uniform(rng, -most, most);
    s.acceleration.y = th_rand_uniform(rng, -most, most);
    s.acceleration.z = th_rand_uniform(rng, -most, most);
    return s;
}

double turret_check_accel_shots(const turret_scene *s, af_status st,
                                const af_turret_shots_f64 *out, long i, const char *what)
{
    double worst = turret_check_shots(s, st, out, i, what);
    int k;
    for (k = 0; st == AF_OK && k < out->count; k++) {
        const af_turret_shot_f64 *sh = &out->shot[k];
        double size = turret_scene_size(s, sh), T = sh->launch + sh->flight;
        af_vec3_f64 p = s->target.position, v = s->target.velocity, a = s->acceleration;
        TH_CHECK(fabs(sh->point.x - (p.x + v.x * T + 0.5 * a.x * T * T)) +
                         fabs(sh->point.y - (p.y + v.y * T + 0.5 * a.y * T * T)) +
                         fabs(sh->point.z - (p.z + v.z * T + 0.5 * a.z * T * T)) <=
                     1e-12 * size,
                 "%s %ld shot %d: the point is not the accelerating target's", what, i, k);
    }
    return worst;
}
