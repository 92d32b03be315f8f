/* SPDX-License-Identifier: MIT */
/*
 * The stepped kind's flight under quadratic drag (f64): the engine's step
 * in the order aimfix/qdrag.h states, with the Jacobian of the state with
 * respect to the launch velocity on request (the chain rule through the
 * step), and a run of steps up to a given one (plain ones with the state
 * held in locals).
 */
#include <math.h>

#include "qdrag_f64.h"

/* Column j of the Jacobians through one step (M and the update in
 * engine_step's comment; e = 1 - d, kdt = k dt), written out: the column
 * is read before it is written, so out may be y. */
static void jacobian_column(const double *y, double *out, int j, const double *r, double s,
                            double e, double kdt, double dt)
{
    double a0 = y[QD_JV + j], a1 = y[QD_JV + 3 + j], a2 = y[QD_JV + 6 + j];
    double rd = r[0] * a0 + r[1] * a1 + r[2] * a2;
    double q = s > 0.0 ? kdt * rd / s : 0.0;
    double v0 = e * a0 - q * r[0], v1 = e * a1 - q * r[1], v2 = e * a2 - q * r[2];
    double p0 = y[QD_JP + j] + dt * v0, p1 = y[QD_JP + 3 + j] + dt * v1,
           p2 = y[QD_JP + 6 + j] + dt * v2;
    out[QD_JV + j] = v0;
    out[QD_JV + 3 + j] = v1;
    out[QD_JV + 6 + j] = v2;
    out[QD_JP + j] = p0;
    out[QD_JP + 3 + j] = p1;
    out[QD_JP + 6 + j] = p2;
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
    for (j = 0; j < 3; j++)
        jacobian_column(y, out, j, r, s, 1.0 - d, L->k * dt, dt);
}

void afr_qd_engine_step_f64(const qd_law_f64 *L, const double *y, double *out, int dim)
{
    engine_step(L, y, out, dim);
}

/* Steps with the Jacobians up to step n, as afr_qd_step_f64 takes them
 * one at a time (the same checks), the step's size known to the compiler. */
static af_status run_jacobian(qd_flight_f64 *f, long n)
{
    af_status st = AF_OK;
    while (f->n < n) {
        if (f->work >= AF_QDRAG_MAX_STEPS) {
            st = AF_ERR_NO_CONVERGENCE;
            break;
        }
        engine_step(f->law, f->y, f->y, QD_DIM);
        f->work++;
        if (!qd_finite(f->y, QD_DIM)) {
            st = AF_ERR_OVERFLOW;
            break;
        }
        f->n++;
    }
    f->t = (double)f->n * f->law->dt;
    return st;
}

af_status afr_qd_engine_run_f64(qd_flight_f64 *f, long n)
{
    const qd_law_f64 *L = f->law;
    const double dt = L->dt, k = L->k, c = L->c;
    const double gx = L->g.x * dt, gy = L->g.y * dt, gz = L->g.z * dt;
    const double wx = L->w.x, wy = L->w.y, wz = L->w.z;
    double px = f->y[0], py = f->y[1], pz = f->y[2], vx = f->y[3], vy = f->y[4], vz = f->y[5];
    af_status st = AF_OK;
    long m = f->n;
    if (f->dim == QD_DIM)
        return run_jacobian(f, n);
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
