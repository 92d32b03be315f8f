/* SPDX-License-Identifier: MIT */
/*
 * The flight of a body under quadratic drag (f64), shared by the
 * quadratic drag solvers: a validated law, and a flight that steps
 * forward from launch, carrying on request the Jacobian of its state with
 * respect to the launch velocity.
 */
#ifndef AIMFIX_SRC_QDRAG_F64_H
#define AIMFIX_SRC_QDRAG_F64_H

#include "aimfix/qdrag.h"
#include "../check_f64.h"
#include "../vec_f64.h"

/* A model checked and unpacked. */
typedef struct qd_law_f64 {
    int stepped, drag_first;
    double dt, k, c, gn; /* gn = |g| */
    af_vec3_f64 g, w, up;
} qd_law_f64;

/* State layout: position 0..2, velocity 3..5, then (with the Jacobians)
 * dp_i/dv0_j at QD_JP + 3 i + j and dv_i/dv0_j at QD_JV + 3 i + j. */
#define QD_JP 6
#define QD_JV 15
#define QD_DIM 24
#define QD_PLAIN 6

typedef struct qd_flight_f64 {
    const qd_law_f64 *law;
    double y[QD_DIM];  /* the state at the node */
    double dy[QD_DIM]; /* continuous: its derivative */
    int dim;           /* QD_PLAIN or QD_DIM */
    double t;          /* the node's time (stepped: n dt) */
    long n;            /* steps taken (stepped: the node's step) */
    long work;         /* steps tried, rejected ones included */
    double h;          /* continuous: the next step to try */
    af_vec3_f64 p0;    /* launch point */
    double v0;         /* launch speed */
    double tol;        /* continuous: the per-step tolerance (AF_QDRAG_TOL) */
} qd_flight_f64;

af_status afr_qd_law_f64(const af_qdrag_f64 *model, qd_law_f64 *law);
void afr_qd_start_f64(qd_flight_f64 *f, const qd_law_f64 *law, const af_body_f64 *start,
                      int jacobian);
/* One step (stepped: the engine's; continuous: one accepted step ending at
 * or before t_max > f->t). */
af_status afr_qd_step_f64(qd_flight_f64 *f, double t_max);
/* The state at t >= f->t (stepped: at n + frac steps, 0 <= frac < 1) into
 * y (f->dim values); the node moves up to t (stepped: to step n). */
af_status afr_qd_at_f64(qd_flight_f64 *f, double t, double *y);
af_status afr_qd_at_steps_f64(qd_flight_f64 *f, long n, double frac, double *y);
/* The state tau >= 0 after the node by one step of that length (no error
 * control; within a step the integrator accepted, or within one engine
 * segment), and its derivative in tau, into y and dy (6 values each). */
void afr_qd_partial_f64(const qd_flight_f64 *f, double tau, double *y, double *dy);
/* A time t as whole steps and a fraction, a time a few ulps short of a
 * whole step (or past it) counting as that step. */
void afr_qd_split_f64(const qd_law_f64 *law, double t, long *n, double *frac);

/* The stepped kind (qdrag_engine_f64.c): one engine step from y into out
 * (the header's order of operations; the Jacobians too when dim is
 * QD_DIM; out may be y), and the steps up to step n (with the Jacobians
 * when f->dim is QD_DIM). */
void afr_qd_engine_step_f64(const qd_law_f64 *L, const double *y, double *out, int dim);
af_status afr_qd_engine_run_f64(qd_flight_f64 *f, long n);
/* The continuous kind (qdrag_ode_f64.c): dy = f(y) (with the variational
 * equations when dim is QD_DIM), one Dormand-Prince step of length h (the
 * error estimate of position and velocity into err[6] unless NULL), and
 * one accepted controlled step ending at or before t_max. */
void afr_qd_deriv_f64(const qd_law_f64 *L, const double *y, double *dy, int dim);
void afr_qd_dp_step_f64(const qd_law_f64 *L, const double *y, const double *dy, double h,
                        int dim, double *out, double *dout, double *err);
af_status afr_qd_ode_step_f64(qd_flight_f64 *f, double t_max);

/* Whether the stepped engine's first step from the world launch velocity
 * v folds it relative to the air, (2 k s + c) dt >= 1 (a faster launch
 * would leave it slower): the aims refuse such launches, whose branch
 * has false far-flung solutions. 0 for the continuous kind. */
static inline int afr_qd_first_step_folds_f64(const qd_law_f64 *law, af_vec3_f64 v)
{
    af_vec3_f64 r;
    if (!law->stepped)
        return 0;
    r = afr_vsub(law->drag_first ? v : afr_vaddk(v, law->g, law->dt), law->w);
    return !((2.0 * law->k * afr_vnorm(r) + law->c) * law->dt < 1.0);
}

static inline af_vec3_f64 qd_vec(const double *y)
{
    af_vec3_f64 r = { y[0], y[1], y[2] };
    return r;
}

static inline void qd_body(const double *y, af_body_f64 *out)
{
    out->position = qd_vec(y);
    out->velocity = qd_vec(y + 3);
}

/* Whether all dim values are finite: their sum is (a NaN or an infinity
 * carries through it; a sum that overflows flags values near the double
 * range's end, an overflow in all but name). */
static inline int qd_finite(const double *y, int dim)
{
    double sum = 0.0;
    int i;
    for (i = 0; i < dim; i++)
        sum += y[i];
    return isfinite(sum);
}

#endif /* AIMFIX_SRC_QDRAG_F64_H */
