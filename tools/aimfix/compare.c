/* SPDX-License-Identifier: MIT */
/* f64 and q16 side by side, and the simulated miss (see solve.h). */
#include <math.h>
#include <string.h>

#include "solve.h"
#include "solve_turret.h"

/* The closest approach's search: 64 samples across [t/2, 3t/2], then 80
 * golden-section steps around the best (the distance is smooth and, near
 * a hit, has one minimum there): 145 flights of the shot, whatever the
 * input. */
#define SCAN_SAMPLES 64
#define GOLDEN_STEPS 80

static double distance(af_vec3_f64 a, af_vec3_f64 b)
{
    double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

/* What the shot aims at, at time t (see solve_miss). */
static af_vec3_f64 aim_point(const request *rq, const af_shot_f64 *shot, double t)
{
    unsigned traits = solve_traits(rq);
    af_vec3_f64 p;
    if (traits & (SOLVER_RANGE | SOLVER_FORWARD))
        return shot->point;
    p.x = rq->target.x + rq->target_velocity.x * t + 0.5 * rq->target_acceleration.x * t * t;
    p.y = rq->target.y + rq->target_velocity.y * t + 0.5 * rq->target_acceleration.y * t * t;
    p.z = rq->target.z + rq->target_velocity.z * t + 0.5 * rq->target_acceleration.z * t * t;
    return p;
}

static double gap(const request *rq, const af_shot_f64 *flown, double t)
{
    return distance(solve_trajectory(rq, flown, t), aim_point(rq, flown, t));
}

double solve_miss(const request *rq, const af_shot_f64 *shot)
{
    const solver *s = solver_find(rq->solve);
    af_shot_f64 flown = *shot;
    const double phi = 0.6180339887498949;
    double t = shot->t, lo, step, best, best_t, a, b;
    int i;
    /* A launcher of fixed muzzle speed fires at that speed along the
     * answer's direction. */
    if (s && (s->needs >> F_SPEED) & 1u) {
        const af_vec3_f64 *v = &shot->velocity;
        double len = sqrt(v->x * v->x + v->y * v->y + v->z * v->z);
        if (len > 0.0) {
            flown.velocity.x *= rq->speed / len;
            flown.velocity.y *= rq->speed / len;
            flown.velocity.z *= rq->speed / len;
        }
    }
    best = gap(rq, &flown, t);
    /* A query about a given flight is judged where it says the body is;
     * a shot at t = 0 (the target at the muzzle) has nothing to search. */
    if ((s && (s->traits & SOLVER_FORWARD)) || !(t > 0.0))
        return best;
    lo = 0.5 * t;
    step = t / SCAN_SAMPLES;
    best_t = t;
    for (i = 0; i <= SCAN_SAMPLES; i++) {
        double ti = lo + step * i, d = gap(rq, &flown, ti);
        if (d < best) {
            best = d;
            best_t = ti;
        }
    }
    a = best_t - step;
    b = best_t + step;
    for (i = 0; i < GOLDEN_STEPS; i++) {
        double x1 = b - phi * (b - a), x2 = a + phi * (b - a);
        if (gap(rq, &flown, x1) < gap(rq, &flown, x2))
            b = x2;
        else
            a = x1;
    }
    return fmin(best, gap(rq, &flown, 0.5 * (a + b)));
}

/* (q - f) in LSB of Q16.16. */
static double lsb(double q, double f)
{
    return (q - f) * 65536.0;
}

static af_vec3_f64 lsb_vec(af_vec3_f64 q, af_vec3_f64 f)
{
    af_vec3_f64 d;
    d.x = lsb(q.x, f.x);
    d.y = lsb(q.y, f.y);
    d.z = lsb(q.z, f.z);
    return d;
}

/* The f64 shot of nearest time to t, or -1. */
static int nearest(const af_shots_f64 *f, double t)
{
    int i, k = -1;
    for (i = 0; i < f->count; i++)
        if (k < 0 || fabs(f->shot[i].t - t) < fabs(f->shot[k].t - t))
            k = i;
    return k;
}

void solve_compare(const request *rq, result *f, result *q)
{
    request rounded = *rq;
    int i;
    rounded.format = FORMAT_Q16;
    solve_request(&rounded, q);
    if (q->bad_input) {
        *f = *q;
        return;
    }
    /* It succeeded in the q16 run, so rounding cannot fail here. */
    (void)request_round_q16(&rounded, f->error, sizeof f->error);
    rounded.format = FORMAT_F64;
    solve_request(&rounded, f);
    if (f->bad_input) {
        *q = *f;
        return;
    }
    f->compared = q->compared = 1;
    for (i = 0; i < f->shots.count; i++)
        f->miss[i] = f->has_turret ? solve_turret_miss(&rounded, f, i)
                                   : solve_miss(&rounded, &f->shots.shot[i]);
    for (i = 0; i < q->shots.count; i++) {
        const af_shot_f64 *qs = &q->shots.shot[i];
        int k = nearest(&f->shots, qs->t);
        q->miss[i] = q->has_turret ? solve_turret_miss(&rounded, q, i) : solve_miss(&rounded, qs);
        q->beside[i] = k;
        if (k >= 0) {
            q->diff_t[i] = lsb(qs->t, f->shots.shot[k].t);
            q->diff_velocity[i] = lsb_vec(qs->velocity, f->shots.shot[k].velocity);
            q->diff_point[i] = lsb_vec(qs->point, f->shots.shot[k].point);
        }
    }
    q->diff_range = lsb(q->range, f->range);
}
