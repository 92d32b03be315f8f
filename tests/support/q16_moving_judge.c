/* SPDX-License-Identifier: MIT */
/*
 * How af_arc_moving_q16's answers are judged against af_arc_moving_f64's
 * (see q16_moving_judge.h).
 */
#include <math.h>

#include "kinematics.h"
#include "q16_moving_judge.h"

/* The dimensionless quartic's coefficients (see arc_moving_f64.c) of a
 * scenario, and the largest of their magnitudes: the Q16 solver carries
 * them to 30 bits of that scale. */
struct quartic {
    double c[5], L, scale;
};

static struct quartic quartic_of(const scenario *s)
{
    struct quartic q;
    af_vec3_f64 D = { s->target.position.x - s->shooter.position.x,
                      s->target.position.y - s->shooter.position.y,
                      s->target.position.z - s->shooter.position.z };
    af_vec3_f64 V = s->target.velocity, d, v, g;
    double k;
    int i;
    if (s->flags & AF_INHERIT_VELOCITY) {
        V.x -= s->shooter.velocity.x;
        V.y -= s->shooter.velocity.y;
        V.z -= s->shooter.velocity.z;
    }
    q.L = kin_len(D);
    k = q.L / (s->speed * s->speed);
    d.x = D.x / q.L, d.y = D.y / q.L, d.z = D.z / q.L;
    v.x = V.x / s->speed, v.y = V.y / s->speed, v.z = V.z / s->speed;
    g.x = s->gravity.x * k, g.y = s->gravity.y * k, g.z = s->gravity.z * k;
    q.c[4] = 0.25 * (g.x * g.x + g.y * g.y + g.z * g.z);
    q.c[3] = -(v.x * g.x + v.y * g.y + v.z * g.z);
    q.c[2] = v.x * v.x + v.y * v.y + v.z * v.z - 1 - (d.x * g.x + d.y * g.y + d.z * g.z);
    q.c[1] = 2 * (d.x * v.x + d.y * v.y + d.z * v.z);
    q.c[0] = 1;
    q.scale = 0;
    for (i = 0; i < 5; i++)
        q.scale = fmax(q.scale, fabs(q.c[i]));
    return q;
}

/* F(tau) and F'(tau) of the dimensionless quartic. */
static double quartic_at(const struct quartic *q, double tau, double *slope)
{
    double v = q->c[4], d = 0;
    int i;
    for (i = 3; i >= 0; i--) {
        d = d * tau + v;
        v = v * tau + q->c[i];
    }
    *slope = d;
    return v;
}

/* The band: some root where F is nearly tangent, i.e. where F moves by
 * less than 2^-20 of the coefficients' scale (times tau^k) over the root's
 * own 2^-12 neighbourhood: two roots merging or parting (a grazing shot),
 * which 30-bit coefficients may keep or lose. Found from the f64 roots
 * and from F's turning points between them. */
int q16_moving_in_band(const scenario *s)
{
    struct quartic q = quartic_of(s);
    af_shots_f64 f;
    int k;
    if (q.L == 0)
        return 0;
    if (af_arc_moving_f64(&s->shooter, &s->target, s->speed, &s->gravity, s->flags, &f) != AF_OK)
        f.count = 0;
    /* A root with a small slope, relative to the terms' size. */
    for (k = 0; k < f.count; k++) {
        double tau = f.shot[k].t * s->speed / q.L, slope, size;
        quartic_at(&q, tau, &slope);
        size = q.scale * (1 + tau * tau * tau * tau);
        if (fabs(slope) * tau <= ldexp(1.0, -18) * size)
            return 1;
    }
    /* A turning point nearly touching zero: scan F on a geometric grid and
     * test its local minima of |F|. */
    {
        double tau, prev = 1, prev2 = 1, slope;
        for (tau = 1e-4; tau < 1e6; tau *= 1.05) {
            double v = fabs(quartic_at(&q, tau, &slope));
            if (prev < prev2 && prev < v &&
                prev <= ldexp(1.0, -18) * q.scale * (1 + pow(tau / 1.05, 4)))
                return 1;
            prev2 = prev;
            prev = v;
        }
    }
    return 0;
}

/* A root moves by (coefficient errors) / |F'(tau)|: 2^-28 of the scale
 * times sum tau^k, over the slope; in seconds, doubled, plus t's rounding. */
double q16_moving_t_tolerance(const scenario *s, double tf)
{
    struct quartic q = quartic_of(s);
    double tau = tf * s->speed / q.L, slope, size;
    quartic_at(&q, tau, &slope);
    size = q.scale * (1 + tau + tau * tau + tau * tau * tau + tau * tau * tau * tau);
    return 1.0 / 65536 + 2 * (q.L / s->speed) * ldexp(1.0, -28) * size / fmax(fabs(slope), 1e-300);
}

/* The components' rounding (2^-16.2 / speed rad) and the root's error
 * relative to t, which turns the aim by about as much. */
double q16_moving_aim_tolerance(const scenario *s, const af_shot_f64 *f)
{
    return 1.8 / 65536 / s->speed + 2 * q16_moving_t_tolerance(s, f->t) / f->t + ldexp(1.0, -24);
}
