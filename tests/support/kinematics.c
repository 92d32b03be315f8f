/* SPDX-License-Identifier: MIT */
/* Reference kinematics for the tests (see kinematics.h). */
#include "kinematics.h"

#include <math.h>

af_vec3_f64 kin_projectile(const af_body_f64 *shooter, int inherit, af_vec3_f64 u,
                           af_vec3_f64 g, double t)
{
    af_vec3_f64 p;
    double vx = u.x + (inherit ? shooter->velocity.x : 0.0);
    double vy = u.y + (inherit ? shooter->velocity.y : 0.0);
    double vz = u.z + (inherit ? shooter->velocity.z : 0.0);
    p.x = shooter->position.x + vx * t + (0.5 * g.x * t) * t;
    p.y = shooter->position.y + vy * t + (0.5 * g.y * t) * t;
    p.z = shooter->position.z + vz * t + (0.5 * g.z * t) * t;
    return p;
}

af_vec3_f64 kin_accel_body(const af_body_accel_f64 *body, double t)
{
    af_vec3_f64 p;
    p.x = body->position.x + body->velocity.x * t + (0.5 * body->acceleration.x * t) * t;
    p.y = body->position.y + body->velocity.y * t + (0.5 * body->acceleration.y * t) * t;
    p.z = body->position.z + body->velocity.z * t + (0.5 * body->acceleration.z * t) * t;
    return p;
}

af_vec3_f64 kin_body(const af_body_f64 *body, double t)
{
    af_vec3_f64 p;
    p.x = body->position.x + body->velocity.x * t;
    p.y = body->position.y + body->velocity.y * t;
    p.z = body->position.z + body->velocity.z * t;
    return p;
}

double kin_len(af_vec3_f64 a)
{
    /* Scaled by the largest component so that lengths near 1e-300 or
     * 1e300 neither underflow nor overflow in the squares. */
    double m = fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
    if (m == 0.0 || !isfinite(m))
        return m;
    a.x /= m;
    a.y /= m;
    a.z /= m;
    return m * sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

double kin_dist(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 d;
    d.x = a.x - b.x;
    d.y = a.y - b.y;
    d.z = a.z - b.z;
    return kin_len(d);
}

double kin_miss(const af_body_f64 *shooter, const af_body_f64 *target, int inherit,
                af_vec3_f64 g, const af_shot_f64 *shot)
{
    return kin_dist(kin_projectile(shooter, inherit, shot->velocity, g, shot->t),
                    kin_body(target, shot->t));
}
