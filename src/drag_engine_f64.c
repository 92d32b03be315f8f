/* SPDX-License-Identifier: MIT */
/*
 * Game-engine drag: the damping factor r of each engine, and the closed
 * form of an engine's fixed-step integration (the constants of the law in
 * drag_f64.h).
 *
 * One step, gravity first:   v[k+1] = (v[k] + g dt) r,  p[k+1] = p[k] + v[k+1] dt.
 * Unrolled, with S(n) = 1 + r + ... + r^(n-1) = (1 - r^n) / (1 - r):
 *     v[n] = r^n v0 + g dt r S(n)
 *     p[n] = p0 + dt r S(n) v0 + g dt^2 r (S(1) + ... + S(n))
 * Damping first (v[k+1] = v[k] r + g dt) drops the factor r from the gravity
 * terms only.
 *
 * With lambda = -ln r, x = n lambda and t = n dt these sums are, exactly,
 *     r S(n)            = n phi1(x) rho,     rho = lambda r / (1 - r)
 *     S(n)              = n phi1(x) lambda / (1 - r)
 *     S(1) + ... + S(n) = (n psi + n^2 rho phi2(x)) lambda / (1 - r),
 *                         psi = (e^lambda - 1 - lambda) / (lambda (e^lambda - 1))
 * (the last from S(k) = (1 - r^k) / (1 - r) summed, n - r S(n) rewritten as
 * (n F(lambda) + E2(x)) / (e^lambda - 1) with F and E2 the exponential
 * remainders; both positive, so nothing cancels). Multiplying through by dt
 * gives the law's coefficients with
 *     mu = lambda / dt, lag = dt psi,
 *     sigma = rho (gravity first) or lambda / (1 - r) (damping first).
 * Damping last (u = v[k] + g dt, p[k+1] = p[k] + u dt, v[k+1] = u r) has the
 * velocities of gravity first and moves by v[k+1] / r: its position terms
 * are gravity first's divided by r, which is the law with
 *     rho' = rho / r = lambda / (1 - r),  sigma' = rho,  lag' = lag / r
 * (a = rho' t phi1, b = sigma' (lag' t + rho' t^2 phi2) = b_gf / r, and d =
 * sigma' t phi1 the velocity's); lead = log1p(mu lag / rho) / mu is unchanged.
 * Moving first (p[k+1] = p[k] + v[k] dt, v[k+1] = v[k] r + g dt) is
 * damping last launched at w0 = v0 - g dt: from p[k] and w[k] = v[k] - g dt
 * a damping-last step gives p[k+1] = p[k] + (w[k] + g dt) dt = p[k] + v[k] dt
 * and w[k+1] = (w[k] + g dt) r = v[k+1] - g dt. So its law is damping
 * last's, applied to v0 - shift with shift = g dt, and its velocities are
 * the law's plus shift.
 * At r = 1 (no drag) every constant has its limit: rho = sigma = 1,
 * psi = 1/2, so p[n] = p0 + n dt v0 + g dt^2 n (n + 1) / 2, which is the
 * engine's sum, not the parabola g t^2 / 2.
 */
#include <math.h>
#include <string.h>

#include "drag_f64.h"

/* psi(lambda) = F / (lambda (e^lambda - 1)), F = e^lambda - 1 - lambda,
 * given rho = lambda / (e^lambda - 1). Near 0, F / lambda^2 = phi2(-lambda)
 * by its series; above 1 the form (1 - rho) / lambda neither cancels
 * (rho < 0.59) nor overflows (e^lambda never formed). */
static double stepped_psi(double lambda, double rho)
{
    if (lambda <= 1.0)
        return afr_drag_phi2(-lambda) * rho;
    return (1.0 - rho) / lambda;
}

/* L(lambda) = ln((e^lambda - 1) / lambda) / lambda, so that lead = dt L:
 * 1/2 at lambda = 0. Below 1 through log1p of lambda phi2(-lambda) =
 * (e^lambda - 1) / lambda - 1; above 1 as (lambda + ln(1 - r) - ln lambda) /
 * lambda, with 1 - r = e^-lambda (e^lambda - 1), never forming e^lambda. */
static double stepped_lead_rate(double lambda, double one_minus_r)
{
    if (lambda <= 1.0) {
        double f = afr_drag_phi2(-lambda);
        return f * afr_drag_log1p_ratio(lambda * f);
    }
    return (lambda + log(one_minus_r) - log(lambda)) / lambda;
}

af_status afr_drag_stepped_law_f64(const af_drag_f64 *drag, drag_law_f64 *law)
{
    double r = drag->r, dt = drag->dt, lambda, one_minus_r;

    if (!isfinite(dt) || !(dt > 0.0) || !(r > 0.0 && r <= 1.0) || !vfinite(drag->gravity) ||
        (drag->order != AF_STEP_GRAVITY_THEN_DAMPING &&
         drag->order != AF_STEP_DAMPING_THEN_GRAVITY && drag->order != AF_STEP_DAMPING_LAST &&
         drag->order != AF_STEP_MOVE_FIRST) ||
        !isfinite(drag->max_move) || !(drag->max_move >= 0.0))
        return AF_ERR_BAD_ARGUMENT;
    law->shift = drag->order == AF_STEP_MOVE_FIRST ? vscale(drag->gravity, dt) : vzero();
    if (!vfinite(law->shift))
        return AF_ERR_BAD_ARGUMENT;
    /* 1 - r is exact for r >= 1/2 (Sterbenz) and relatively accurate below;
     * -ln r is accurate to an ulp: their ratio carries the drag precisely
     * even when r is within a few ulps of 1. */
    one_minus_r = 1.0 - r;
    lambda = -log(r);
    law->accel = drag->gravity;
    law->mu = lambda / dt;
    law->lambda = lambda;
    law->dt = dt;
    if (one_minus_r == 0.0) {
        law->rho = 1.0;
        law->sigma = 1.0;
    } else {
        law->rho = r * (lambda / one_minus_r);
        law->sigma = drag->order == AF_STEP_GRAVITY_THEN_DAMPING ? law->rho
                                                                 : lambda / one_minus_r;
    }
    law->lag = dt * stepped_psi(lambda, law->rho);
    law->lead = dt * stepped_lead_rate(lambda, one_minus_r);
    if ((drag->order == AF_STEP_DAMPING_LAST || drag->order == AF_STEP_MOVE_FIRST) &&
        one_minus_r != 0.0) {
        law->sigma = law->rho;
        law->rho = lambda / one_minus_r;
        law->lag /= r;
    }
    return AF_OK;
}

/* r for one of the stepped engine models, or 0 when the model is unknown
 * or its formula leaves (0, 1]. */
static double engine_damping(af_drag_model model, double d, double dt)
{
    switch (model) {
    case AF_DRAG_UNITY:
    case AF_DRAG_GODOT:
    case AF_DRAG_JOLT:
        return d * dt < 1.0 ? 1.0 - d * dt : 0.0;
    case AF_DRAG_BOX2D:
        return 1.0 / (1.0 + d * dt);
    case AF_DRAG_BULLET:
        return d < 1.0 ? pow(1.0 - d, dt) : 0.0;
    case AF_DRAG_EXACT:
        return exp(-d * dt);
    case AF_DRAG_ODE:
        return d < 1.0 ? 1.0 - d : 0.0;
    case AF_DRAG_CHIPMUNK:
        return d <= 1.0 ? pow(d, dt) : 0.0;
    case AF_DRAG_CONTINUOUS:
        break;
    }
    return 0.0;
}

/* The step order of one of the stepped engine models. */
static af_step_order engine_order(af_drag_model model)
{
    switch (model) {
    case AF_DRAG_BULLET:
    case AF_DRAG_GODOT:
        return AF_STEP_DAMPING_THEN_GRAVITY;
    case AF_DRAG_ODE:
        return AF_STEP_DAMPING_LAST;
    case AF_DRAG_CHIPMUNK:
        return AF_STEP_MOVE_FIRST;
    default:
        return AF_STEP_GRAVITY_THEN_DAMPING;
    }
}

af_status af_drag_init_f64(af_drag_model model, double d, double dt, const af_vec3_f64 *gravity,
                           const af_vec3_f64 *wind, af_drag_f64 *out)
{
    af_drag_f64 m;
    drag_law_f64 law;
    af_vec3_f64 air = wind ? *wind : vzero();

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!gravity || !isfinite(d) || !(d >= 0.0) || !vfinite(air))
        return AF_ERR_BAD_ARGUMENT;
    memset(&m, 0, sizeof m);
    m.gravity = *gravity;
    if (model == AF_DRAG_CONTINUOUS) {
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.k = d;
        m.wind = air;
    } else {
        /* Engines have no wind: their damping pulls towards rest. */
        if (!viszero(air) || !isfinite(dt) || !(dt > 0.0))
            return AF_ERR_BAD_ARGUMENT;
        m.kind = AF_DRAG_KIND_STEPPED;
        m.dt = dt;
        m.r = engine_damping(model, d, dt);
        m.order = engine_order(model);
        m.max_move = model == AF_DRAG_BOX2D  ? AF_BOX2D_MAX_MOVE
                     : model == AF_DRAG_JOLT ? AF_JOLT_MAX_SPEED * dt
                                             : 0.0;
    }
    /* The law's own checks: r in (0, 1] (a huge d dt underflows r to 0),
     * finite gravity, finite k wind. */
    if (afr_drag_law_init_f64(&m, &law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    *out = m;
    return AF_OK;
}
