/* SPDX-License-Identifier: MIT */
/*
 * The continuous kind's flight under quadratic drag (f64): the law, with
 * the variational equations of the Jacobian with respect to the launch
 * velocity on request, integrated by the Dormand-Prince 5(4) pair with
 * step-size control.
 */
#include <math.h>
#include <string.h>

#include "qdrag_f64.h"

/* dy = f(y): the law, and with the Jacobians d(J_v)/dt = -A J_v, where
 * A = (k s + c) I + k r r^T / s is the drag's derivative in v. */
void afr_qd_deriv_f64(const qd_law_f64 *L, const double *y, double *dy, int dim)
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
    afr_qd_deriv_f64(L, t, k2, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A31 * k1[i] + A32 * k2[i]);
    afr_qd_deriv_f64(L, t, k3, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A41 * k1[i] + A42 * k2[i] + A43 * k3[i]);
    afr_qd_deriv_f64(L, t, k4, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A51 * k1[i] + A52 * k2[i] + A53 * k3[i] + A54 * k4[i]);
    afr_qd_deriv_f64(L, t, k5, dim);
    for (i = 0; i < dim; i++)
        t[i] = y[i] + h * (A61 * k1[i] + A62 * k2[i] + A63 * k3[i] + A64 * k4[i] + A65 * k5[i]);
    afr_qd_deriv_f64(L, t, k6, dim);
    for (i = 0; i < dim; i++)
        out[i] = y[i] + h * (B1 * k1[i] + B3 * k3[i] + B4 * k4[i] + B5 * k5[i] + B6 * k6[i]);
    /* The last stage is evaluated at the 5th-order solution. */
    afr_qd_deriv_f64(L, out, dout, dim);
    if (err)
        for (i = 0; i < 6; i++)
            err[i] = h * (E1 * k1[i] + E3 * k3[i] + E4 * k4[i] + E5 * k5[i] + E6 * k6[i] +
                          E7 * dout[i]);
}

void afr_qd_dp_step_f64(const qd_law_f64 *L, const double *y, const double *dy, double h,
                        int dim, double *out, double *dout, double *err)
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
 * distance flown plus the step's reach (its fall included: a body at rest
 * has no other), velocity against the speeds and the step's gain from
 * gravity. */
static double dp_error(const qd_flight_f64 *f, const double *err, double h)
{
    const qd_law_f64 *L = f->law;
    double d[3] = { f->y[0] - f->p0.x, f->y[1] - f->p0.y, f->y[2] - f->p0.z };
    double sp = norm3(f->y + 3) + f->v0 + afr_vnorm(L->w);
    double lp = norm3(d) + (sp + 0.5 * L->gn * h) * h, lv = sp + L->gn * h;
    double ep = norm3(err), ev = norm3(err + 3), q = 0.0;
    if (ep > 0.0)
        q = ep / lp;
    if (ev > 0.0)
        q = fmax(q, ev / lv);
    return q / f->tol;
}

/* Whether the velocity through the air turns by more than a right angle
 * over the step: it then passes near zero, where the drag k |r| r bends
 * sharply (its second derivative jumps across r = 0), which the embedded
 * estimate, built for a smooth law, does not see. */
static int turns_through_still_air(const qd_law_f64 *L, const double *y0, const double *y1)
{
    double a[3] = { y0[3] - L->w.x, y0[4] - L->w.y, y0[5] - L->w.z };
    double b[3] = { y1[3] - L->w.x, y1[4] - L->w.y, y1[5] - L->w.z };
    return L->k > 0.0 && a[0] * b[0] + a[1] * b[1] + a[2] * b[2] < 0.0;
}

/* The step's error measured by doing it again as two half steps (whose
 * error is an eighth of the whole's near such a bend): that state, more
 * accurate, into out and dout, the difference into err. */
static void halved_step(const qd_flight_f64 *f, double h, double *out, double *dout, double *err)
{
    double mid[QD_DIM], dmid[QD_DIM], two[QD_DIM], dtwo[QD_DIM];
    int i;
    afr_qd_dp_step_f64(f->law, f->y, f->dy, 0.5 * h, f->dim, mid, dmid, NULL);
    afr_qd_dp_step_f64(f->law, mid, dmid, 0.5 * h, f->dim, two, dtwo, NULL);
    for (i = 0; i < 6; i++)
        err[i] = two[i] - out[i];
    memcpy(out, two, sizeof(double) * (size_t)f->dim);
    memcpy(dout, dtwo, sizeof(double) * (size_t)f->dim);
}

af_status afr_qd_ode_step_f64(qd_flight_f64 *f, double t_max)
{
    const qd_law_f64 *L = f->law;
    double out[QD_DIM], dout[QD_DIM], err[6];
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
        afr_qd_dp_step_f64(L, f->y, f->dy, h, f->dim, out, dout, err);
        f->work++;
        q = dp_error(f, err, h);
        if (q <= 1.0 && turns_through_still_air(L, f->y, out)) {
            halved_step(f, h, out, dout, err);
            f->work += 2;
            q = fmax(q, dp_error(f, err, h));
        }
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
