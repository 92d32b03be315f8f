/* SPDX-License-Identifier: MIT */
#include "qdrag_sim.h"

#include <math.h>

double qsim_norm(af_vec3_f64 a)
{
    return sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

af_vec3_f64 qsim_sub(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 r;
    r.x = a.x - b.x;
    r.y = a.y - b.y;
    r.z = a.z - b.z;
    return r;
}

/* One step of the engine, in the header's order of operations. */
static void engine_step(const af_qdrag_f64 *m, af_body_f64 *b)
{
    double ux = b->velocity.x, uy = b->velocity.y, uz = b->velocity.z, rx, ry, rz, s, d;
    if (m->order == AF_QDRAG_GRAVITY_FIRST) {
        ux = ux + m->gravity.x * m->dt;
        uy = uy + m->gravity.y * m->dt;
        uz = uz + m->gravity.z * m->dt;
    }
    rx = ux - m->wind.x;
    ry = uy - m->wind.y;
    rz = uz - m->wind.z;
    s = sqrt(rx * rx + ry * ry + rz * rz);
    d = (m->k * s + m->c) * m->dt;
    ux = ux - rx * d;
    uy = uy - ry * d;
    uz = uz - rz * d;
    if (m->order == AF_QDRAG_DRAG_FIRST) {
        ux = ux + m->gravity.x * m->dt;
        uy = uy + m->gravity.y * m->dt;
        uz = uz + m->gravity.z * m->dt;
    }
    b->velocity.x = ux;
    b->velocity.y = uy;
    b->velocity.z = uz;
    b->position.x = b->position.x + ux * m->dt;
    b->position.y = b->position.y + uy * m->dt;
    b->position.z = b->position.z + uz * m->dt;
}

af_body_f64 qsim_engine(const af_qdrag_f64 *m, const af_body_f64 *start, long n)
{
    af_body_f64 b = *start;
    long i;
    for (i = 0; i < n; i++)
        engine_step(m, &b);
    return b;
}

af_body_f64 qsim_engine_at(const af_qdrag_f64 *m, const af_body_f64 *start, double t)
{
    long n = (long)floor(t / m->dt);
    double tau = t - (double)n * m->dt;
    af_body_f64 b = qsim_engine(m, start, n), next = b;
    if (tau <= 0.0)
        return b;
    engine_step(m, &next);
    b.position.x += next.velocity.x * tau;
    b.position.y += next.velocity.y * tau;
    b.position.z += next.velocity.z * tau;
    b.velocity = next.velocity;
    return b;
}

static void accel(const af_qdrag_f64 *m, const double *y, double *dy)
{
    double rx = y[3] - m->wind.x, ry = y[4] - m->wind.y, rz = y[5] - m->wind.z;
    double d = m->k * sqrt(rx * rx + ry * ry + rz * rz) + m->c;
    dy[0] = y[3];
    dy[1] = y[4];
    dy[2] = y[5];
    dy[3] = m->gravity.x - d * rx;
    dy[4] = m->gravity.y - d * ry;
    dy[5] = m->gravity.z - d * rz;
}

af_body_f64 qsim_ode(const af_qdrag_f64 *m, const af_body_f64 *start, double t)
{
    af_body_f64 b;
    (void)qsim_ode_within(m, start, t, -1, &b);
    return b;
}

int qsim_ode_within(const af_qdrag_f64 *m, const af_body_f64 *start, double t, long budget,
                    af_body_f64 *out)
{
    long steps = 0;
    double y[6], k1[6], k2[6], k3[6], k4[6], tmp[6], now = 0.0;
    int i;
    af_body_f64 b;
    y[0] = start->position.x;
    y[1] = start->position.y;
    y[2] = start->position.z;
    y[3] = start->velocity.x;
    y[4] = start->velocity.y;
    y[5] = start->velocity.z;
    while (now < t) {
        double rx = y[3] - m->wind.x, ry = y[4] - m->wind.y, rz = y[5] - m->wind.z;
        double rate = m->k * sqrt(rx * rx + ry * ry + rz * rz) + m->c;
        double gs = sqrt(m->gravity.x * m->gravity.x + m->gravity.y * m->gravity.y +
                         m->gravity.z * m->gravity.z);
        double sp = sqrt(y[3] * y[3] + y[4] * y[4] + y[5] * y[5]);
        double h = 1e-3;
        /* A fine fraction of the drag's time scale and of the time the
         * speed takes to change by gravity. */
        if (rate > 0.0 && 2e-3 / rate < h)
            h = 2e-3 / rate;
        if (gs > 0.0 && sp > 0.0 && 2e-3 * sp / gs < h)
            h = fmax(2e-3 * sp / gs, 1e-6);
        if (now + h > t)
            h = t - now;
        accel(m, y, k1);
        for (i = 0; i < 6; i++)
            tmp[i] = y[i] + 0.5 * h * k1[i];
        accel(m, tmp, k2);
        for (i = 0; i < 6; i++)
            tmp[i] = y[i] + 0.5 * h * k2[i];
        accel(m, tmp, k3);
        for (i = 0; i < 6; i++)
            tmp[i] = y[i] + h * k3[i];
        accel(m, tmp, k4);
        for (i = 0; i < 6; i++)
            y[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        now = now + h >= t ? t : now + h;
        if (budget >= 0 && ++steps > budget)
            return 0;
    }
    b.position.x = y[0];
    b.position.y = y[1];
    b.position.z = y[2];
    b.velocity.x = y[3];
    b.velocity.y = y[4];
    b.velocity.z = y[5];
    *out = b;
    return 1;
}

af_body_f64 qsim_fly(const af_qdrag_f64 *m, const af_body_f64 *start, double t)
{
    return m->kind == AF_DRAG_KIND_STEPPED ? qsim_engine_at(m, start, t) : qsim_ode(m, start, t);
}

double qsim_path(const af_qdrag_f64 *m, const af_body_f64 *start, double t)
{
    double len = 0.0;
    af_body_f64 prev = *start;
    int i;
    for (i = 1; i <= 256; i++) {
        /* The ODE is autonomous: each stretch flies on from the last. */
        af_body_f64 b = m->kind == AF_DRAG_KIND_STEPPED ? qsim_engine_at(m, start, t * i / 256.0)
                                                       : qsim_ode(m, &prev, t / 256.0);
        len += qsim_norm(qsim_sub(b.position, prev.position));
        prev = b;
    }
    return len;
}

af_qdrag_f64 qsim_model(th_rng *rng, af_drag_kind kind, int tilt)
{
    af_qdrag_f64 m;
    static const double steps[] = { 0.01, 1.0 / 60.0, 0.02, 1.0 / 30.0 };
    m.kind = kind;
    m.gravity.x = 0.0;
    m.gravity.y = 0.0;
    m.gravity.z = -9.81;
    if (tilt) {
        m.gravity.x = th_rand_uniform(rng, -3.0, 3.0);
        m.gravity.y = th_rand_uniform(rng, -3.0, 3.0);
    }
    m.k = th_rand_log(rng, 0.005, 0.5);
    m.c = th_rand_below(rng, 2) ? th_rand_uniform(rng, 0.0, 0.3) : 0.0;
    m.wind.x = m.wind.y = m.wind.z = 0.0;
    if (th_rand_below(rng, 2)) {
        m.wind.x = th_rand_uniform(rng, -5.0, 5.0);
        m.wind.y = th_rand_uniform(rng, -5.0, 5.0);
        m.wind.z = th_rand_uniform(rng, -0.5, 0.5);
    }
    m.dt = steps[th_rand_below(rng, 4)];
    m.order = th_rand_below(rng, 2) ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
    return m;
}

void qsim_march_init(qsim_march *q, const af_qdrag_f64 *m, const af_body_f64 *start, double h)
{
    q->m = m;
    q->b = *start;
    q->t = 0.0;
    q->h = h;
}

void qsim_march_step(qsim_march *q)
{
    if (q->m->kind == AF_DRAG_KIND_STEPPED) {
        engine_step(q->m, &q->b);
        q->t += q->m->dt;
    } else {
        q->b = qsim_ode(q->m, &q->b, q->h);
        q->t += q->h;
    }
}
