/* SPDX-License-Identifier: MIT */
/* Q16.16 at the CLI's edge (see fixed.h). */
#include "fixed.h"

#include <math.h>
#include <string.h>

int fixed_round(double v, fix16_t *raw)
{
    /* Scaling by 2^16 is exact; round() takes halves away from zero. */
    double r = isfinite(v) ? round(v * 65536.0) : 0.0;
    *raw = 0;
    if (!isfinite(v) || r < -2147483648.0 || r > 2147483647.0)
        return 0;
    *raw = (fix16_t)r;
    return 1;
}

double fixed_value(fix16_t raw)
{
    return raw / 65536.0;
}

fix16_t fixed_raw(double v)
{
    fix16_t raw;
    (void)fixed_round(v, &raw);
    return raw;
}

af_vec3_q16 fixed_vec(af_vec3_f64 v)
{
    af_vec3_q16 q;
    q.x = fixed_raw(v.x);
    q.y = fixed_raw(v.y);
    q.z = fixed_raw(v.z);
    return q;
}

af_vec3_f64 fixed_vec_value(af_vec3_q16 v)
{
    af_vec3_f64 f;
    f.x = fixed_value(v.x);
    f.y = fixed_value(v.y);
    f.z = fixed_value(v.z);
    return f;
}

af_body_q16 fixed_body(af_vec3_f64 position, af_vec3_f64 velocity)
{
    af_body_q16 b;
    b.position = fixed_vec(position);
    b.velocity = fixed_vec(velocity);
    return b;
}

af_body_f64 fixed_body_value(const af_body_q16 *b)
{
    af_body_f64 f;
    f.position = fixed_vec_value(b->position);
    f.velocity = fixed_vec_value(b->velocity);
    return f;
}

int fixed_round_vec(af_vec3_f64 v, af_vec3_q16 *raw)
{
    if (fixed_round(v.x, &raw->x) && fixed_round(v.y, &raw->y) && fixed_round(v.z, &raw->z))
        return 1;
    raw->x = raw->y = raw->z = 0;
    return 0;
}

void fixed_shots_value(const af_shots_q16 *q, af_shots_f64 *f)
{
    int i;
    memset(f, 0, sizeof *f);
    f->count = q->count;
    for (i = 0; i < q->count && i < AF_MAX_SHOTS; i++) {
        f->shot[i].t = fixed_value(q->shot[i].t);
        f->shot[i].velocity = fixed_vec_value(q->shot[i].velocity);
        f->shot[i].point = fixed_vec_value(q->shot[i].point);
    }
}
