/* SPDX-License-Identifier: MIT */
#include "turret_accel_q16_check.h"

#include "q16_solve_check.h"
#include "turret_q16_check.h"

#define Q(v) ((fix16_t)((v) * 65536))

void turret_q16_accel_scene(th_rng *rng, int lob, double most, af_turret_q16 *qt,
                            af_body_accel_q16 *qa, af_vec3_q16 *qg, turret_scene *s)
{
    af_body_q16 qb;
    turret_q16_scene(rng, lob, qt, &qb, qg, s);
    qa->position = qb.position;
    qa->velocity = qb.velocity;
    qa->acceleration.x = Q(th_rand_uniform(rng, -most, most));
    qa->acceleration.y = Q(th_rand_uniform(rng, -most, most));
    qa->acceleration.z = Q(th_rand_uniform(rng, -most, most));
    s->acceleration = q16_vec_to_f64(qa->acceleration);
}
