/* SPDX-License-Identifier: MIT */
/*
 * The flight under quadratic drag (f64): a model checked into a law, and a
 * flight that steps forward from launch by either kind (the engine's steps,
 * qdrag_engine_f64.c; the controlled ODE steps, qdrag_ode_f64.c), to a
 * time or a number of steps, or a partial step from its node.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "qdrag_f64.h"

af_status afr_qd_law_f64(const af_qdrag_f64 *m, qd_law_f64 *law)
{
    memset(law, 0, sizeof *law);
    if (!m || !afr_vfinite(m->gravity) || !afr_vfinite(m->wind) || !isfinite(m->k) ||
        !(m->k >= 0.0) || !isfinite(m->c) || !(m->c >= 0.0))
        return AF_ERR_BAD_ARGUMENT;
    if (m->kind == AF_DRAG_KIND_STEPPED) {
        if (!isfinite(m->dt) || !(m->dt > 0.0) ||
            (m->order != AF_QDRAG_GRAVITY_FIRST && m->order != AF_QDRAG_DRAG_FIRST))
            return AF_ERR_BAD_ARGUMENT;
        law->stepped = 1;
        law->dt = m->dt;
        law->drag_first = m->order == AF_QDRAG_DRAG_FIRST;
    } else if (m->kind != AF_DRAG_KIND_CONTINUOUS) {
        return AF_ERR_BAD_ARGUMENT;
    }
    law->k = m->k;
    law->c = m->c;
    law->g = m->gravity;
    law->w = m->wind;
    law->gn = afr_gravity_up_f64(&m->gravity, &law->up);
    if (!isfinite(law->gn))
        return AF_ERR_OVERFLOW;
    return AF_OK;
}

void afr_qd_start_f64(qd_flight_f64 *f, const qd_law_f64 *law, const af_body_f64 *start,
                      int jacobian)
{
    memset(f, 0, sizeof *f);
    f->law = law;
    f->dim = jacobian ? QD_DIM : QD_PLAIN;
    f->y[0] = start->position.x;
    f->y[1] = start->position.y;
    f->y[2] = start->position.z;
    f->y[3] = start->velocity.x;
    f->y[4] = start->velocity.y;
    f->y[5] = start->velocity.z;
    if (jacobian) {
        f->y[QD_JV + 0] = 1.0;
        f->y[QD_JV + 4] = 1.0;
        f->y[QD_JV + 8] = 1.0;
    }
    f->p0 = start->position;
    f->v0 = afr_vnorm(start->velocity);
    f->tol = AF_QDRAG_TOL;
    if (!law->stepped)
        afr_qd_deriv_f64(law, f->y, f->dy, f->dim);
}

af_status afr_qd_step_f64(qd_flight_f64 *f, double t_max)
{
    const qd_law_f64 *L = f->law;
    if (f->work >= AF_QDRAG_MAX_STEPS)
        return AF_ERR_NO_CONVERGENCE;
    if (!L->stepped)
        return afr_qd_ode_step_f64(f, t_max);
    /* In place: a step that overflows ends the flight anyway. */
    afr_qd_engine_step_f64(L, f->y, f->y, f->dim);
    f->work++;
    if (!qd_finite(f->y, f->dim))
        return AF_ERR_OVERFLOW;
    f->n++;
    f->t = (double)f->n * L->dt;
    return AF_OK;
}

void afr_qd_split_f64(const qd_law_f64 *law, double t, long *n, double *frac)
{
    double x = t / law->dt, m = floor(x);
    double fr = x - m;
    if (fr > 0.0 && 1.0 - fr <= 4.0 * DBL_EPSILON * fmax(x, 1.0)) {
        m += 1.0;
        fr = 0.0;
    } else if (fr <= 4.0 * DBL_EPSILON * x) {
        fr = 0.0;
    }
    *n = m < (double)AF_QDRAG_MAX_STEPS + 1.0 ? (long)m : AF_QDRAG_MAX_STEPS + 1;
    *frac = fr;
}

af_status afr_qd_at_steps_f64(qd_flight_f64 *f, long n, double frac, double *y)
{
    double next[QD_DIM];
    int i;
    if (n > AF_QDRAG_MAX_STEPS || n < f->n)
        return n < f->n ? AF_ERR_BAD_ARGUMENT : AF_ERR_NO_CONVERGENCE;
    if (f->n < n) {
        af_status st = afr_qd_engine_run_f64(f, n);
        if (st != AF_OK)
            return st;
    }
    memcpy(y, f->y, sizeof(double) * (size_t)f->dim);
    if (frac > 0.0) {
        double tau = frac * f->law->dt;
        /* Only the segment's velocity is used: the next node's position
         * may overflow where a point a fraction of a step along does not. */
        afr_qd_engine_step_f64(f->law, f->y, next, f->dim);
        for (i = 0; i < 3; i++) {
            y[i] = f->y[i] + next[3 + i] * tau;
            y[3 + i] = next[3 + i];
        }
        if (f->dim == QD_DIM)
            for (i = 0; i < 9; i++) {
                y[QD_JP + i] = f->y[QD_JP + i] + next[QD_JV + i] * tau;
                y[QD_JV + i] = next[QD_JV + i];
            }
        if (!qd_finite(y, f->dim))
            return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}

af_status afr_qd_at_f64(qd_flight_f64 *f, double t, double *y)
{
    if (f->law->stepped) {
        long n;
        double frac;
        afr_qd_split_f64(f->law, t, &n, &frac);
        return afr_qd_at_steps_f64(f, n, frac, y);
    }
    if (t < f->t)
        return AF_ERR_BAD_ARGUMENT;
    while (f->t < t) {
        af_status st = afr_qd_step_f64(f, t);
        if (st != AF_OK)
            return st;
    }
    memcpy(y, f->y, sizeof(double) * (size_t)f->dim);
    return AF_OK;
}

void afr_qd_partial_f64(const qd_flight_f64 *f, double tau, double *y, double *dy)
{
    double out[QD_DIM], dout[QD_DIM];
    int i;
    if (f->law->stepped) {
        afr_qd_engine_step_f64(f->law, f->y, out, QD_PLAIN);
        for (i = 0; i < 3; i++) {
            y[i] = f->y[i] + out[3 + i] * tau;
            y[3 + i] = tau > 0.0 ? out[3 + i] : f->y[3 + i];
            dy[i] = out[3 + i];
            dy[3 + i] = 0.0;
        }
        return;
    }
    if (!(tau > 0.0)) {
        memcpy(y, f->y, sizeof(double) * QD_PLAIN);
        memcpy(dy, f->dy, sizeof(double) * QD_PLAIN);
        return;
    }
    afr_qd_dp_step_f64(f->law, f->y, f->dy, tau, QD_PLAIN, out, dout, NULL);
    memcpy(y, out, sizeof(double) * QD_PLAIN);
    memcpy(dy, dout, sizeof(double) * QD_PLAIN);
}
