/* SPDX-License-Identifier: MIT */
/* What the Q16.16 quadratic drag suites share (see qdrag_q16_check.h). */
#include "qdrag_q16_check.h"

#include <math.h>
#include <string.h>

af_qdrag_f64 qq16_model_f64(const af_qdrag_q16 *m)
{
    af_qdrag_f64 f;
    memset(&f, 0, sizeof f);
    f.kind = m->kind;
    f.gravity = q16_vec_to_f64(m->gravity);
    f.wind = q16_vec_to_f64(m->wind);
    f.k = q16_to_f64(m->k);
    f.c = q16_to_f64(m->c);
    f.dt = q16_to_f64(m->dt);
    f.order = m->order;
    return f;
}

af_qdrag_q16 qq16_stepped_model(fix16_t k, fix16_t dt)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = q16_from_f64(-9.81);
    m.k = k;
    m.dt = dt;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    return m;
}

double qq16_dist(af_vec3_f64 a, af_vec3_f64 b)
{
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

af_body_q16 qq16_launch(double speed, double el, double z0)
{
    af_body_q16 b;
    memset(&b, 0, sizeof b);
    b.position.z = q16_from_f64(z0);
    b.velocity.x = q16_from_f64(speed * cos(el));
    b.velocity.z = q16_from_f64(speed * sin(el));
    return b;
}

long qq16_at_least(long n, long min)
{
    return n < min ? min : n;
}

int qq16_floor_cast(void *user, const af_vec3_q16 *o, const af_vec3_q16 *d, fix16_t length,
                    af_vec3_q16 *hit)
{
    double fz = *(const double *)user, oz = q16_to_f64(o->z), dz = q16_to_f64(d->z), s;
    if (dz >= 0.0 || oz < fz)
        return oz >= fz - 1e-9 && oz <= fz + 1e-9 ? (*hit = *o, 1) : 0;
    s = (fz - oz) / dz;
    if (s > q16_to_f64(length))
        return 0;
    hit->x = q16_from_f64(q16_to_f64(o->x) + s * q16_to_f64(d->x));
    hit->y = q16_from_f64(q16_to_f64(o->y) + s * q16_to_f64(d->y));
    hit->z = q16_from_f64(fz);
    return 1;
}

double qq16_flown_miss(const af_qdrag_q16 *m, const af_body_q16 *shooter,
                       const af_shot_q16 *shot, unsigned flags)
{
    af_body_q16 b = *shooter, p;
    if (flags & AF_INHERIT_VELOCITY) {
        b.velocity.x = shot->velocity.x + shooter->velocity.x;
        b.velocity.y = shot->velocity.y + shooter->velocity.y;
        b.velocity.z = shot->velocity.z + shooter->velocity.z;
    } else
        b.velocity = shot->velocity;
    if (af_qdrag_predict_q16(m, &b, shot->t, &p) != AF_OK)
        return 1e30;
    return qq16_dist(q16_vec_to_f64(p.position), q16_vec_to_f64(shot->point)) * 65536.0;
}

double qq16_miss_allowed(double n)
{
    return AF_QDRAG_Q16_AIM_MISS_LSB + floor(n * n / AF_QDRAG_Q16_AIM_MISS_DIV);
}

void qq16_check_samples(th_rng *rng, const af_qdrag_q16 *m)
{
    af_body_q16 s = qq16_launch(th_rand_uniform(rng, 3.0, 30.0), th_rand_uniform(rng, -0.5, 1.4),
                                0.0);
    af_vec3_q16 pts[17];
    int n = 2 + (int)th_rand_below(rng, 16), j, ok = 1;
    fix16_t t_end = q16_from_f64(th_rand_uniform(rng, 0.01, 3.0));
    af_status st = af_qdrag_samples_q16(m, &s, t_end, pts, n);
    if (!TH_CHECK(st == AF_OK, "samples: %s", af_status_name(st)))
        return;
    for (j = 0; j < n; j++) {
        af_body_q16 p;
        fix16_t t = (fix16_t)(((int64_t)t_end * j + (n - 1) / 2) / (n - 1));
        ok &= af_qdrag_predict_q16(m, &s, t, &p) == AF_OK &&
              memcmp(&p.position, &pts[j], sizeof p.position) == 0;
    }
    TH_CHECK(ok, "a sample is not the prediction at its time");
}

int qq16_landing(th_rng *rng, const af_qdrag_q16 *m, fix16_t tol, af_drag_landing_q16 *out,
                 af_drag_event_q16 *crossing)
{
    af_body_q16 s = qq16_launch(th_rand_uniform(rng, 3.0, 30.0), th_rand_uniform(rng, -0.3, 1.4),
                                th_rand_uniform(rng, 0.5, 3.0));
    double fl = q16_to_f64(q16_from_f64(th_rand_uniform(rng, -2.0, 0.4)));
    af_status st = af_qdrag_land_q16(m, &s, q16_from_f64(8.0), tol, qq16_floor_cast, &fl, out);
    af_status sh = af_qdrag_time_at_height_q16(m, &s, q16_from_f64(fl) - s.position.z, AF_FALLING,
                                               crossing);
    if (sh != AF_OK || crossing->t > q16_from_f64(8.0)) {
        TH_CHECK(st == AF_ERR_NO_SOLUTION, "no landing within 8 s, got %s", af_status_name(st));
        return 0;
    }
    if (!TH_CHECK(st == AF_OK, "landing: %s", af_status_name(st)))
        return 0;
    TH_CHECK(out->casts <= AF_QDRAG_LAND_MAX_CASTS && q16_to_f64(out->point.z) == fl,
             "casts %d, hit z %.6f", out->casts, q16_to_f64(out->point.z));
    return 1;
}

int qq16_aim_time_scene(th_rng *rng, const af_qdrag_q16 *m, af_body_q16 *shooter,
                        af_body_q16 *target, fix16_t *T, unsigned *flags)
{
    af_body_q16 end, aimed = qq16_launch(th_rand_uniform(rng, 3.0, 30.0),
                                         th_rand_uniform(rng, -0.3, 1.3), 1.0);
    *flags = th_rand_below(rng, 3) == 0 ? AF_INHERIT_VELOCITY : 0;
    *T = q16_from_f64(th_rand_uniform(rng, 0.05, 3.0));
    memset(shooter, 0, sizeof *shooter);
    shooter->position = aimed.position;
    memset(target, 0, sizeof *target);
    if (th_rand_below(rng, 2)) {
        target->velocity.x = q16_from_f64(th_rand_uniform(rng, -4.0, 4.0));
        target->velocity.y = q16_from_f64(th_rand_uniform(rng, -4.0, 4.0));
    }
    if (*flags)
        shooter->velocity.y = q16_from_f64(th_rand_uniform(rng, -3.0, 3.0));
    if (af_qdrag_predict_q16(m, &aimed, *T, &end) != AF_OK)
        return 0;
    target->position.x = end.position.x - q16_from_f64(q16_to_f64(target->velocity.x) * q16_to_f64(*T));
    target->position.y = end.position.y - q16_from_f64(q16_to_f64(target->velocity.y) * q16_to_f64(*T));
    target->position.z = end.position.z;
    return 1;
}
