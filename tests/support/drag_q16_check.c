/* SPDX-License-Identifier: MIT */
/* Random Q16 drag models and their f64 twins (see drag_q16_check.h). */
#include "drag_q16_check.h"

#include <math.h>
#include <stddef.h>

#include "drag_sim.h"
#include "q16_solve_check.h"

af_drag_f64 dq16_model_f64(const af_drag_q16 *q)
{
    af_drag_f64 f;
    f.kind = q->kind;
    f.gravity = q16_vec_to_f64(q->gravity);
    f.dt = q16_to_f64(q->dt);
    f.r = q16_to_f64(q->r);
    f.order = q->order;
    f.k = q16_to_f64(q->k);
    f.wind = q16_vec_to_f64(q->wind);
    f.max_move = q16_to_f64(q->max_move);
    return f;
}

af_body_f64 dq16_body_f64(const af_body_q16 *b)
{
    af_body_f64 f;
    f.position = q16_vec_to_f64(b->position);
    f.velocity = q16_vec_to_f64(b->velocity);
    return f;
}

af_vec3_q16 dq16_random_vector(th_rng *rng, double lo, double hi)
{
    return q16_vec_from_f64(dsim_vector(rng, lo, hi));
}

static const double speeds[DQ16_CLASSES][2] = { { 1e-3, 1 }, { 1, 100 }, { 100, 16000 } };
static const double reach[DQ16_CLASSES] = { 1, 1000, 16000 };
static const double times[DQ16_CLASSES][2] = { { 1e-3, 1 }, { 1e-2, 30 }, { 1e-2, 2000 } };
static const double gravities[DQ16_CLASSES][2] = { { 0.05, 10 }, { 1, 30 }, { 0.01, 1000 } };

/* A damping factor r (raw) for a stepped model. */
static fix16_t random_r(th_rng *rng, fix16_t dt)
{
    switch (th_rand_below(rng, 6)) {
    case 0:
        return 65536; /* no drag */
    case 1:
        return 65536 - 1 - (fix16_t)th_rand_below(rng, 8); /* within a few LSB of 1 */
    case 2:
        return 1 + (fix16_t)th_rand_below(rng, 65535); /* anything */
    default: {
        /* An engine's r for d from 1e-3 to 20 /s. */
        af_vec3_q16 g = { 0, 0, -642908 };
        af_drag_q16 m;
        fix16_t d = q16_from_f64(th_rand_log(rng, 1e-3, 20.0));
        if (af_drag_init_q16((af_drag_model)th_rand_below(rng, 4), d, dt, &g, NULL, &m) != AF_OK)
            return 65536 - 655; /* r = 0.99 */
        return m.r;
    }
    }
}

af_drag_q16 dq16_random_model(th_rng *rng, int magnitude_class)
{
    int c = magnitude_class % DQ16_CLASSES;
    af_drag_q16 m;
    m.kind = AF_DRAG_KIND_STEPPED;
    m.max_move = 0;
    m.gravity.x = m.gravity.y = 0;
    m.gravity.z = q16_from_f64(-9.81);
    if (th_rand_below(rng, 2))
        m.gravity = dq16_random_vector(rng, gravities[c][0], gravities[c][1]);
    m.dt = q16_from_f64(th_rand_log(rng, 1.0 / 240, 0.1));
    if (th_rand_below(rng, 8) == 0)
        m.dt = 1 + (fix16_t)th_rand_below(rng, 65536); /* 2^-16 to 1 s */
    m.r = random_r(rng, m.dt);
    {
        /* Gravity first (Unity, Box2D) half of the time; damping first
         * (Bullet, Godot), damping last (ODE) and moving first (Chipmunk)
         * share the rest. */
        static const af_step_order orders[8] = {
            AF_STEP_DAMPING_THEN_GRAVITY, AF_STEP_DAMPING_THEN_GRAVITY, AF_STEP_DAMPING_LAST,
            AF_STEP_MOVE_FIRST,           AF_STEP_GRAVITY_THEN_DAMPING, AF_STEP_GRAVITY_THEN_DAMPING,
            AF_STEP_GRAVITY_THEN_DAMPING, AF_STEP_GRAVITY_THEN_DAMPING
        };
        m.order = orders[th_rand_below(rng, 8)];
    }
    m.k = 0;
    m.wind.x = m.wind.y = m.wind.z = 0;
    if (th_rand_below(rng, 4) == 0) {
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.k = th_rand_below(rng, 8) == 0 ? 0 : q16_from_f64(th_rand_log(rng, 1e-4, 100.0));
        if (th_rand_below(rng, 2))
            m.wind = dq16_random_vector(rng, 0.1, 2 * speeds[c][1]);
    }
    return m;
}

af_body_q16 dq16_random_body(th_rng *rng, int magnitude_class)
{
    int c = magnitude_class % DQ16_CLASSES;
    af_body_q16 b;
    b.position = q16_vec_from_f64(dsim_vector(rng, 1e-3 * reach[c], reach[c]));
    b.velocity = dq16_random_vector(rng, speeds[c][0], speeds[c][1]);
    return b;
}

fix16_t dq16_random_time(th_rng *rng, int magnitude_class)
{
    int c = magnitude_class % DQ16_CLASSES;
    fix16_t t = q16_from_f64(th_rand_log(rng, times[c][0], times[c][1]));
    return t > 0 ? t : 1;
}

int dq16_near_or_beyond(double v, double margin)
{
    return fabs(v) >= Q16_LIMIT * (1.0 - margin);
}

int dq16_vec_near_or_beyond(af_vec3_f64 v, double margin)
{
    return dq16_near_or_beyond(v.x, margin) || dq16_near_or_beyond(v.y, margin) ||
           dq16_near_or_beyond(v.z, margin);
}

double dq16_vec_error(af_vec3_q16 q, af_vec3_f64 f)
{
    return dsim_vmax(dsim_sub(q16_vec_to_f64(q), f));
}

/* Where a constant-velocity body is at t. */
static af_vec3_f64 body_at(const af_body_f64 *b, double t)
{
    af_vec3_f64 p = { b->position.x + b->velocity.x * t, b->position.y + b->velocity.y * t,
                      b->position.z + b->velocity.z * t };
    return p;
}

/* The closed form's distance from the target at t. */
typedef struct flight_pair {
    const af_drag_f64 *m;
    const af_body_f64 *fly, *target;
} flight_pair;

static double continuous_distance(double t, const void *ctx)
{
    const flight_pair *f = ctx;
    af_body_f64 p;
    if (af_drag_predict_f64(f->m, f->fly, t, &p) != AF_OK)
        return INFINITY;
    return dsim_dist(p.position, body_at(f->target, t));
}

/* The closest approach of two straight moves over the same interval
 * [0, 1]: p0 -> p1 and q0 -> q1. */
static double segment_approach(af_vec3_f64 p0, af_vec3_f64 p1, af_vec3_f64 q0, af_vec3_f64 q1)
{
    af_vec3_f64 d0 = dsim_sub(p0, q0), d1 = dsim_sub(p1, q1), dd = dsim_sub(d1, d0);
    double s = dsim_dot(dd, dd) > 0.0 ? -dsim_dot(d0, dd) / dsim_dot(dd, dd) : 0.0;
    af_vec3_f64 d;
    s = fmin(fmax(s, 0.0), 1.0);
    d.x = d0.x + dd.x * s;
    d.y = d0.y + dd.y * s;
    d.z = d0.z + dd.z * s;
    return dsim_len(d);
}

static double stepped_approach(const af_drag_f64 *m, const af_body_f64 *fly,
                               const af_body_f64 *target, double t_hint)
{
    double n = t_hint / m->dt, best = INFINITY;
    long first = (long)floor(n) - 2, k;
    af_body_f64 step[5];
    if (first < 0)
        first = 0;
    if (first + 4 <= DQ16_LOOP_STEPS) {
        step[0] = *fly;
        dsim_steps(m, &step[0], first);
        for (k = 1; k < 5; k++) {
            step[k] = step[k - 1];
            dsim_steps(m, &step[k], 1);
        }
    } else {
        for (k = 0; k < 5; k++)
            if (af_drag_predict_steps_f64(m, fly, (double)(first + k), &step[k]) != AF_OK)
                return INFINITY;
    }
    for (k = 0; k < 4; k++) {
        double t0 = (double)(first + k) * m->dt, t1 = t0 + m->dt;
        double d = segment_approach(step[k].position, step[k + 1].position, body_at(target, t0),
                                    body_at(target, t1));
        double sag = dsim_dist(step[k + 1].velocity, step[k].velocity) / (m->dt * m->r) * m->dt *
                     m->dt / 8.0;
        best = fmin(best, fmax(d - sag, 0.0));
    }
    return best;
}

double dq16_closest_approach(const af_drag_f64 *m, const af_body_f64 *shooter, int inherit,
                             af_vec3_f64 launch, const af_body_f64 *target, double t_hint)
{
    af_body_f64 fly;
    fly.position = shooter->position;
    fly.velocity = launch;
    if (inherit) {
        fly.velocity.x += shooter->velocity.x;
        fly.velocity.y += shooter->velocity.y;
        fly.velocity.z += shooter->velocity.z;
    }
    if (m->kind == AF_DRAG_KIND_CONTINUOUS) {
        flight_pair f;
        f.m = m;
        f.fly = &fly;
        f.target = target;
        return q16_minimize_near(continuous_distance, &f, t_hint);
    }
    return stepped_approach(m, &fly, target, t_hint);
}

af_body_f64 dq16_launch_body(const af_body_f64 *shooter, unsigned flags, af_vec3_f64 launch)
{
    af_body_f64 b;
    b.position = shooter->position;
    b.velocity = launch;
    if (flags & AF_INHERIT_VELOCITY) {
        b.velocity.x += shooter->velocity.x;
        b.velocity.y += shooter->velocity.y;
        b.velocity.z += shooter->velocity.z;
    }
    return b;
}

double dq16_flight_reach(const af_drag_f64 *m, const af_body_f64 *start, double t)
{
    af_body_f64 p;
    double r = 0.0;
    int k;
    for (k = 1; k <= 32; k++)
        if (af_drag_predict_f64(m, start, t * k / 32.0, &p) == AF_OK)
            r = fmax(r, dsim_dist(p.position, start->position));
    return r;
}

void dq16_law_ab(const af_drag_f64 *m, double t, double *a, double *b)
{
    af_drag_f64 still = *m;
    af_body_f64 unit = { { 0, 0, 0 }, { 1, 0, 0 } }, p;
    still.gravity.x = still.gravity.y = still.gravity.z = 0.0;
    still.wind = still.gravity;
    *a = af_drag_predict_f64(&still, &unit, t, &p) == AF_OK ? p.position.x : NAN;
    still = *m;
    still.gravity.x = 1.0;
    still.gravity.y = still.gravity.z = 0.0;
    still.wind = still.gravity;
    unit.velocity.x = 0.0;
    *b = af_drag_predict_f64(&still, &unit, t, &p) == AF_OK ? p.position.x : NAN;
}

int dq16_shot_beyond(const af_shot_f64 *shot, double margin)
{
    return dq16_near_or_beyond(shot->t, margin) ||
           dq16_vec_near_or_beyond(shot->velocity, margin) ||
           dq16_vec_near_or_beyond(shot->point, margin);
}

int dq16_planted_flight(th_rng *rng, int magnitude_class, af_drag_q16 *mq, af_drag_f64 *mf,
                        af_body_q16 *shooter_q, af_body_f64 *shooter, unsigned *flags, double *t,
                        double *speed, af_body_f64 *hit)
{
    af_body_q16 launch = dq16_random_body(rng, magnitude_class);
    af_body_f64 fly;
    *mq = dq16_random_model(rng, magnitude_class);
    *mf = dq16_model_f64(mq);
    *shooter_q = dq16_random_body(rng, magnitude_class);
    *shooter = dq16_body_f64(shooter_q);
    *flags = th_rand_below(rng, 2) ? AF_INHERIT_VELOCITY : 0u;
    *t = q16_to_f64(dq16_random_time(rng, magnitude_class));
    *speed = dsim_len(q16_vec_to_f64(launch.velocity));
    fly = dq16_launch_body(shooter, *flags, q16_vec_to_f64(launch.velocity));
    return af_drag_predict_f64(mf, &fly, *t, hit) == AF_OK;
}
