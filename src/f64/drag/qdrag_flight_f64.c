/* SPDX-License-Identifier: MIT */
/*
 * The flight under quadratic drag: the engine's steps (stepped kind) or the
 * Dormand-Prince 5(4) pair with step-size control (continuous kind), with
 * the Jacobian of the state with respect to the launch velocity carried
 * along on request (the chain rule through each engine step; the
 * variational equations for the ODE, integrated with the same steps).
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

/* dy = f(y): the law, and with the Jacobians d(J_v)/dt = -A J_v, where
 * A = (k s + c) I + k r r^T / s is the drag's derivative in v. */
static void deriv(const qd_law_f64 *L, const double *y, double *dy, int dim)
{
    double r[3], s, d;
    int i, j;
    r[0] = y[3] - L->w.x;
    r[1] = y[4] - L->w.y;
    r[2] = y[5] - L->w.z;
    s = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
    d = L->k * s + L->c;
    dy[0] = y[3];
    dy[1] = y[4];
    dy[2] = y[5];
    dy[3] = L->g.x - d * r[0];
    dy[4] = L->g.y - d * r[1];
    dy[5] = L->g.z - d * r[2];
    if (dim == QD_PLAIN)
        return;
    for (i = 0; i < 9; i++)
        dy[QD_JP + i] = y[QD_JV + i];
    for (j = 0; j < 3; j++) {
        double rd = r[0] * y[QD_JV + j] + r[1] * y[QD_JV + 3 + j] + r[2] * y[QD_JV + 6 + j];
        double q = s > 0.0 ? L->k * rd / s : 0.0;
        for (i = 0; i < 3; i++)
            dy[QD_JV + 3 * i + j] = -(d * y[QD_JV + 3 * i + j] + q * r[i]);
    }
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
        deriv(law, f->y, f->dy, f->dim);
}

/* One engine step from y into out (the operations in the order the header
 * states), with the Jacobians when dim says so; out may be y (each value
 * is read before it is written). */
static void engine_step(const qd_law_f64 *L, const double *y, double *out, int dim)
{
    double u[3], r[3], v[3], s, d, dt = L->dt;
    int i, j;
    if (L->drag_first) {
        u[0] = y[3];
        u[1] = y[4];
        u[2] = y[5];
    } else {
        u[0] = y[3] + L->g.x * dt;
        u[1] = y[4] + L->g.y * dt;
        u[2] = y[5] + L->g.z * dt;
    }
    r[0] = u[0] - L->w.x;
    r[1] = u[1] - L->w.y;
    r[2] = u[2] - L->w.z;
    s = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
    d = (L->k * s + L->c) * dt;
    for (i = 0; i < 3; i++)
        v[i] = u[i] - r[i] * d;
    if (L->drag_first) {
        v[0] = v[0] + L->g.x * dt;
        v[1] = v[1] + L->g.y * dt;
        v[2] = v[2] + L->g.z * dt;
    }
    for (i = 0; i < 3; i++) {
        out[3 + i] = v[i];
        out[i] = y[i] + v[i] * dt;
    }
    if (dim == QD_PLAIN)
        return;
    /* M = (1 - d) I - (k dt / s) r r^T; J_v' = M J_v; J_p' = J_p + dt J_v'. */
    for (j = 0; j < 3; j++) {
        double rd = r[0] * y[QD_JV + j] + r[1] * y[QD_JV + 3 + j] + r[2] * y[QD_JV + 6 + j];
        double q = s > 0.0 ? L->k * dt * rd / s : 0.0;
        for (i = 0; i < 3; i++) {
            double jv = (1.0 - d) * y[QD_JV + 3 * i + j] - q * r[i];
            out[QD_JV + 3 * i + j] = jv;
            out[QD_JP + 3 * i + j] = y[QD_JP + 3 * i + j] + dt * jv;
        }
    }
}

/* Dormand-Prince 5(4): the tableau's rows (the 5th-order weights are the
 * last row, so the last stage is the next step's first) and the error
 * weights, written out term by term (its zeros skipped). */
#define A21 (1.0 / 5)
#define A31 (3.0 / 40)
#define A32 (9.0 / 40)
#define A41 (44.0 / 45)
#define A42 (-56.0 / 15)
#define A43 (32.0 / 9)
#define A51 (19372.0 / 6561)
#define A52 (-25360.0 / 2187)
#define A53 (64448.0 / 6561)
#define A54 (-212.0 / 729)
#define A61 (9017.0 / 3168)
#define A62 (-355.0 / 33)
#define A63 (46732.0 / 5247)
#define A64 (49.0 / 176)
#define A65 (-5103.0 / 18656)
#define B1 (35.0 / 384)
#define B3 (500.0 / 1113)
#define B4 (125.0 / 192)
#define B5 (-2187.0 / 6784)
#define B6 (11.0 / 84)
#define E1 (71.0 / 57600)
#define E3 (-71.0 / 16695)
#define E4 (71.0 / 1920)
#define E5 (-17253.0 / 339200)
#define E6 (22.0 / 525)
#define E7 (-1.0 / 40)

/* One step of length h from (y, k1 = dy) over the first dim values: the
 * 5th-order state into out, its derivative into dout, the error estimate
 * of position and velocity into err[0..5] (when err is not NULL). Called
 * with a constant dim, so that each use compiles to fixed-length loops. */
static void dp_stages(const qd_law_f64 *L, const double *y, const double *k1, double h, int dim,
                      double *out, double *dout, double *err)
{
    double k2[QD_DIM], k3[QD_DIM], k4[QD_DIM], k5[QD_DIM], k6[QD_DIM];
    double t[QD_DIM] = { 0 }; /* a compiler cannot see that dim > 0 */
    int i;
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A21 * k1[i]);
    deriv(L, t, k2, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A31 * k1[i] + A32 * k2[i]);
    deriv(L, t, k3, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A41 * k1[i] + A42 * k2[i] + A43 * k3[i]);
    deriv(L, t, k4, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A51 * k1[i] + A52 * k2[i] + A53 * k3[i] + A54 * k4[i]);
    deriv(L, t, k5, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A61 * k1[i] + A62 * k2[i] + A63 * k3[i] + A64 * k4[i] + A65 * k5[i]);
    deriv(L, t, k6, dim);
    for (i = 0; i < dim; i++)
        out[i] = y[i] + h * (B1 * k1[i] + B3 * k3[i] + B4 * k4[i] + B5 * k5[i] + B6 * k6[i]);
    /* The last stage is evaluated at the 5th-order solution. */
    deriv(L, out, dout, dim);
    if (err)
        for (i = 0; i < 6; i++)
            err[i] = h * (E1 * k1[i] + E3 * k3[i] + E4 * k4[i] + E5 * k5[i] + E6 * k6[i] +
                          E7 * dout[i]);
}

static void dp_step(const qd_law_f64 *L, const double *y, const double *dy, double h, int dim,
                    double *out, double *dout, double *err)
{
    if (dim == QD_PLAIN)
        dp_stages(L, y, dy, h, QD_PLAIN, out, dout, err);
    else
        dp_stages(L, y, dy, h, QD_DIM, out, dout, err);
}

static double norm3(const double *a)
{
    return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
}

/* The step's error in units of the tolerance: position against the
 * distance flown plus the step's reach, velocity against the speeds and
 * the step's gain from gravity. */
static double dp_error(const qd_flight_f64 *f, const double *err, double h)
{
    const qd_law_f64 *L = f->law;
    double d[3] = { f->y[0] - f->p0.x, f->y[1] - f->p0.y, f->y[2] - f->p0.z };
    double sp = norm3(f->y + 3) + f->v0 + afr_vnorm(L->w);
    double lp = norm3(d) + sp * h, lv = sp + L->gn * h;
    double ep = norm3(err), ev = norm3(err + 3), q = 0.0;
    if (ep > 0.0)
        q = ep / lp;
    if (ev > 0.0)
        q = fmax(q, ev / lv);
    return q / f->tol;
}

af_status afr_qd_step_f64(qd_flight_f64 *f, double t_max)
{
    const qd_law_f64 *L = f->law;
    double out[QD_DIM], dout[QD_DIM], err[6];
    if (f->work >= AF_QDRAG_MAX_STEPS)
        return AF_ERR_NO_CONVERGENCE;
    if (L->stepped) {
        /* In place: a step that overflows ends the flight anyway. */
        engine_step(L, f->y, f->y, f->dim);
        f->work++;
        if (!qd_finite(f->y, f->dim))
            return AF_ERR_OVERFLOW;
        f->n++;
        f->t = (double)f->n * L->dt;
        return AF_OK;
    }
    if (!(t_max > f->t))
        return AF_ERR_BAD_ARGUMENT;
    if (!(f->h > 0.0)) {
        /* A first step a hundredth of the time the speed takes to change
         * by itself (at AF_QDRAG_TOL; steps scale as the tolerance's fifth
         * root); the control grows it within a few steps. */
        double a = norm3(f->dy + 3), sp = norm3(f->y + 3) + f->v0 + afr_vnorm(L->w);
        double frac = f->tol == AF_QDRAG_TOL ? 0.01 : 0.01 * pow(f->tol / AF_QDRAG_TOL, 0.2);
        f->h = a > 0.0 && sp > 0.0 ? frac * sp / a : t_max - f->t;
    }
    while (f->work < AF_QDRAG_MAX_STEPS) {
        double h = fmin(f->h, t_max - f->t), q, grow;
        int last = h >= t_max - f->t;
        if (!(f->t + h > f->t))
            return AF_ERR_NO_CONVERGENCE;
        dp_step(L, f->y, f->dy, h, f->dim, out, dout, err);
        f->work++;
        q = dp_error(f, err, h);
        if (!isfinite(q) && qd_finite(out, f->dim))
            return AF_ERR_OVERFLOW;
        grow = q > 0.0 ? 0.9 * pow(q, -0.2) : 5.0;
        grow = fmin(5.0, fmax(0.2, grow));
        if (q <= 1.0) {
            if (!qd_finite(out, f->dim) || !qd_finite(dout, f->dim))
                return AF_ERR_OVERFLOW;
            memcpy(f->y, out, sizeof(double) * (size_t)f->dim);
            memcpy(f->dy, dout, sizeof(double) * (size_t)f->dim);
            f->t = last ? t_max : f->t + h;
            f->n++;
            /* A step cut short to land on t_max says nothing about the
             * next one's size. */
            if (!last || h * grow > f->h)
                f->h = h * grow;
            return AF_OK;
        }
        if (!isfinite(q))
            grow = 0.2;
        f->h = h * grow;
    }
    return AF_ERR_NO_CONVERGENCE;
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

/* The engine's steps up to step n without the Jacobian: engine_step's
 * operations in its order (the same bits), the state held in locals. */
static af_status engine_run_plain(qd_flight_f64 *f, long n)
{
    const qd_law_f64 *L = f->law;
    const double dt = L->dt, k = L->k, c = L->c;
    const double gx = L->g.x * dt, gy = L->g.y * dt, gz = L->g.z * dt;
    const double wx = L->w.x, wy = L->w.y, wz = L->w.z;
    double px = f->y[0], py = f->y[1], pz = f->y[2], vx = f->y[3], vy = f->y[4], vz = f->y[5];
    af_status st = AF_OK;
    long m = f->n;
    while (m < n) {
        double ux, uy, uz, rx, ry, rz, d;
        if (f->work >= AF_QDRAG_MAX_STEPS) {
            st = AF_ERR_NO_CONVERGENCE;
            break;
        }
        if (L->drag_first) {
            ux = vx;
            uy = vy;
            uz = vz;
        } else {
            ux = vx + gx;
            uy = vy + gy;
            uz = vz + gz;
        }
        rx = ux - wx;
        ry = uy - wy;
        rz = uz - wz;
        d = (k * sqrt(rx * rx + ry * ry + rz * rz) + c) * dt;
        vx = ux - rx * d;
        vy = uy - ry * d;
        vz = uz - rz * d;
        if (L->drag_first) {
            vx = vx + gx;
            vy = vy + gy;
            vz = vz + gz;
        }
        px = px + vx * dt;
        py = py + vy * dt;
        pz = pz + vz * dt;
        f->work++;
        if (!isfinite(px + py + pz + vx + vy + vz)) {
            st = AF_ERR_OVERFLOW;
            break;
        }
        m++;
    }
    f->y[0] = px;
    f->y[1] = py;
    f->y[2] = pz;
    f->y[3] = vx;
    f->y[4] = vy;
    f->y[5] = vz;
    f->n = m;
    f->t = (double)m * dt;
    return st;
}

af_status afr_qd_at_steps_f64(qd_flight_f64 *f, long n, double frac, double *y)
{
    double next[QD_DIM];
    int i;
    if (n > AF_QDRAG_MAX_STEPS || n < f->n)
        return n < f->n ? AF_ERR_BAD_ARGUMENT : AF_ERR_NO_CONVERGENCE;
    if (f->dim == QD_PLAIN && f->n < n) {
        af_status st = engine_run_plain(f, n);
        if (st != AF_OK)
            return st;
    }
    while (f->n < n) {
        af_status st = afr_qd_step_f64(f, 0.0);
        if (st != AF_OK)
            return st;
    }
    memcpy(y, f->y, sizeof(double) * (size_t)f->dim);
    if (frac > 0.0) {
        double tau = frac * f->law->dt;
        engine_step(f->law, f->y, next, f->dim);
        if (!qd_finite(next, f->dim))
            return AF_ERR_OVERFLOW;
        for (i = 0; i < 3; i++) {
            y[i] = f->y[i] + next[3 + i] * tau;
            y[3 + i] = next[3 + i];
        }
        if (f->dim == QD_DIM)
            for (i = 0; i < 9; i++) {
                y[QD_JP + i] = f->y[QD_JP + i] + next[QD_JV + i] * tau;
                y[QD_JV + i] = next[QD_JV + i];
            }
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
        engine_step(f->law, f->y, out, QD_PLAIN);
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
    dp_step(f->law, f->y, f->dy, tau, QD_PLAIN, out, dout, NULL);
    memcpy(y, out, sizeof(double) * QD_PLAIN);
    memcpy(dy, dout, sizeof(double) * QD_PLAIN);
}
