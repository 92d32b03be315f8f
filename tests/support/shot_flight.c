/* SPDX-License-Identifier: MIT */
/* tests/support/shot_flight.c: shots flown in vacuum or through drag. */
#include "shot_flight.h"

#include "kinematics.h"

af_vec3_f64 sf_vec(double x, double y, double z)
{
    af_vec3_f64 v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}

af_vec3_f64 sf_rand_vec(th_rng *rng, double m)
{
    return sf_vec(th_rand_uniform(rng, -m, m), th_rand_uniform(rng, -m, m),
                  th_rand_uniform(rng, -m, m));
}

int sf_shot_end(const af_body_f64 *shooter, int inherit, af_vec3_f64 u, af_vec3_f64 g,
                const af_drag_f64 *drag, double t, af_vec3_f64 *end)
{
    if (drag) {
        af_body_f64 b;
        b.position = shooter->position;
        b.velocity = inherit ? sf_vec(u.x + shooter->velocity.x, u.y + shooter->velocity.y,
                                      u.z + shooter->velocity.z)
                             : u;
        if (af_drag_predict_f64(drag, &b, t, &b) != AF_OK)
            return 0;
        *end = b.position;
        return 1;
    }
    *end = kin_projectile(shooter, inherit, u, g, t);
    return 1;
}
