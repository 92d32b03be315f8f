/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: the apex and the time at a height, by marching the
 * flight step by step until a step brackets the event, then refining
 * inside that step (on a partial step from its start, or on the engine's
 * straight segment) with the bracketed Newton iteration of the linear drag
 * solvers.
 *
 * Without an updraft the height has one maximum: the vertical velocity
 * relative to the air falls at least at |g| while it points up, and once
 * it points down it cannot turn up again (where it is zero its rate is
 * -|g|). So the rising branch ends at the first step whose vertical
 * velocity is not upward.
 *
 * An updraft w_up > 0 under a crosswind can lift a body that rests or
 * falls (continuous kind): at zero vertical speed the drag lifts it by
 * (k s + c) w_up, with s at most hypot(|r_h|, w_up), and |r_h| (the
 * horizontal speed through the air) only shrinks. So while that bound
 * beats |g| and the vertical velocity grows, the body may still turn
 * upward; once either fails it never does. Such a dip has one climb and
 * one top after it, which is the apex unless it stays below the launch.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "drag_f64.h"
#include "qdrag_f64.h"

typedef struct event_ctx {
    const qd_flight_f64 *f;
    int height;    /* 1: the height minus target; 0: the vertical velocity */
    double sign;   /* +1 or -1, so that the function increases */
    double target; /* the height sought */
    int calls;
} event_ctx;

static double event_fn(double tau, void *ctx, double *slope, double *noise)
{
    event_ctx *e = ctx;
    const qd_law_f64 *L = e->f->law;
    double y[QD_PLAIN], dy[QD_PLAIN], val, sl;
    af_vec3_f64 p, v, a;
    e->calls++;
    afr_qd_partial_f64(e->f, tau, y, dy);
    p = qd_vec(y);
    v = qd_vec(y + 3);
    a = qd_vec(dy + 3);
    if (e->height) {
        val = afr_vdot(afr_vsub(p, e->f->p0), L->up) - e->target;
        sl = afr_vdot(v, L->up);
        *noise = 8.0 * DBL_EPSILON * (afr_vnorm(p) + afr_vnorm(e->f->p0) + fabs(e->target));
    } else {
        val = afr_vdot(v, L->up);
        sl = afr_vdot(a, L->up);
        *noise = 8.0 * DBL_EPSILON * (afr_vnorm(v) + afr_vnorm(L->w));
    }
    *slope = e->sign * sl;
    return e->sign * val;
}

/* The event in (lo, hi) of the step from the node of f (the function
 * rising through zero there), as an event record. */
static af_status refine(const qd_flight_f64 *f, int height, double sign, double target,
                        double lo, double hi, af_drag_event_f64 *out)
{
    event_ctx e;
    double tau, y[QD_PLAIN], dy[QD_PLAIN], sl, nz, f_lo, f_hi;
    int steps;
    af_status st;
    e.f = f;
    e.height = height;
    e.sign = sign;
    e.target = target;
    e.calls = 0;
    f_lo = event_fn(lo, &e, &sl, &nz);
    f_hi = event_fn(hi, &e, &sl, &nz);
    if (f_lo >= 0.0)
        tau = lo;
    else if (f_hi <= 0.0)
        tau = hi;
    else {
        /* Started at the secant's root: the step is short and the event
         * function smooth across it. */
        double x0 = lo + (hi - lo) * (f_lo / (f_lo - f_hi));
        st = afr_drag_newton_f64(event_fn, &e, lo, hi, x0, ldexp(fmax(hi, f->t), -50), &tau,
                                 &steps);
        if (st != AF_OK)
            return st;
    }
    afr_qd_partial_f64(f, tau, y, dy);
    out->t = f->t + tau;
    qd_body(y, &out->state);
    out->height = afr_vdot(afr_vsub(out->state.position, f->p0), f->law->up);
    out->steps = e.calls;
    return AF_OK;
}

/* The speed relative to the air at which drag balances gravity. */
static double terminal_speed(const qd_law_f64 *L)
{
    if (L->k > 0.0)
        return 2.0 * L->gn / (L->c + sqrt(L->c * L->c + 4.0 * L->k * L->gn));
    return L->c > 0.0 ? L->gn / L->c : INFINITY;
}

static double height_of(const qd_flight_f64 *f)
{
    return afr_vdot(afr_vsub(qd_vec(f->y), f->p0), f->law->up);
}

/* The vertical velocity the body leaves the node with: the instant's
 * (continuous) or the next segment's (stepped). */
static double leaving_rate(const qd_flight_f64 *f)
{
    double y[QD_PLAIN], dy[QD_PLAIN];
    if (!f->law->stepped)
        return afr_vdot(qd_vec(f->y + 3), f->law->up);
    afr_qd_partial_f64(f, f->law->dt, y, dy);
    return afr_vdot(qd_vec(dy), f->law->up);
}

static af_status setup(const af_qdrag_f64 *drag, const af_body_f64 *start, qd_law_f64 *law,
                       qd_flight_f64 *f)
{
    af_status st;
    if (!afr_body_ok_f64(start))
        return AF_ERR_BAD_ARGUMENT;
    st = afr_qd_law_f64(drag, law);
    if (st != AF_OK)
        return st;
    if (law->gn == 0.0)
        return AF_ERR_BAD_ARGUMENT;
    afr_qd_start_f64(f, law, start, 0);
    return AF_OK;
}

static void event_here(const qd_flight_f64 *f, af_drag_event_f64 *out)
{
    out->t = f->t;
    qd_body(f->y, &out->state);
    out->height = height_of(f);
}

/* Continuous: whether a body not rising at the node may still turn
 * upward (the bound of the header). */
static int lifted(const qd_flight_f64 *f)
{
    const qd_law_f64 *L = f->law;
    double wu = afr_vdot(L->w, L->up);
    af_vec3_f64 r = afr_vsub(qd_vec(f->y + 3), L->w);
    af_vec3_f64 rh = afr_vsub(r, afr_vscale(L->up, afr_vdot(r, L->up)));
    return !L->stepped && wu > 0.0 && afr_vdot(qd_vec(f->dy + 3), L->up) > 0.0 &&
           (L->k * hypot(afr_vnorm(rh), wu) + L->c) * wu > L->gn;
}

/* Marches f through a lifted dip to the first node that leaves upward;
 * *rises 0 when the body never turns upward (f then where it stopped),
 * *prev the node before f. */
static af_status march_dip(qd_flight_f64 *f, qd_flight_f64 *prev, int *rises)
{
    *prev = *f;
    while (!(*rises = leaving_rate(f) > 0.0) && lifted(f)) {
        af_status st;
        *prev = *f;
        st = afr_qd_step_f64(f, INFINITY);
        if (st != AF_OK)
            return st;
    }
    return AF_OK;
}

/* March f to the apex: on return out holds the apex and *f the node its
 * step starts from, the apex *tau after it (stepped: the apex node, 0). */
static af_status march_apex(qd_flight_f64 *f, af_drag_event_f64 *out, double *tau)
{
    const qd_law_f64 *L = f->law;
    const qd_flight_f64 launch = *f;
    qd_flight_f64 prev;
    int rises;
    af_status st = march_dip(f, &prev, &rises);
    int dipped = f->t > launch.t;
    *tau = 0.0;
    if (st == AF_OK && !rises)
        *f = launch;
    if (st != AF_OK || !rises) {
        event_here(f, out);
        return st;
    }
    if (afr_vdot(L->w, L->up) >= terminal_speed(L))
        return AF_ERR_NO_SOLUTION;
    for (;;) {
        prev = *f;
        st = afr_qd_step_f64(f, INFINITY);
        if (st != AF_OK)
            return st;
        if (leaving_rate(f) > 0.0)
            continue;
        if (L->stepped) {
            event_here(f, out);
            return AF_OK;
        }
        {
            double span = f->t - prev.t;
            *f = prev;
            st = refine(f, 0, -1.0, 0.0, 0.0, span, out);
            *tau = out->t - f->t;
            /* A climb out of a dip that stays below the launch. */
            if (st == AF_OK && dipped && out->height < 0.0) {
                *f = launch;
                *tau = 0.0;
                event_here(f, out);
            }
            return st;
        }
    }
}

af_status af_qdrag_apex_f64(const af_qdrag_f64 *drag, const af_body_f64 *start,
                            af_drag_event_f64 *out)
{
    qd_law_f64 law;
    qd_flight_f64 f;
    double tau;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = setup(drag, start, &law, &f);
    if (st == AF_OK)
        st = march_apex(&f, out, &tau);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}

static af_status rising(qd_flight_f64 *f, double H, af_drag_event_f64 *out)
{
    const qd_law_f64 *L = f->law;
    const qd_flight_f64 launch = *f;
    qd_flight_f64 prev;
    double lo = 0.0; /* where the climb starts in the next step */
    int rises;
    af_status st = march_dip(f, &prev, &rises);
    if (st != AF_OK)
        return st;
    if (!rises)
        return AF_ERR_NO_SOLUTION;
    if (f->t > prev.t) {
        /* Out of a dip: a climb that stays below the launch is no rising
         * branch (the apex is the launch); else it starts at the dip's
         * bottom, in prev's step. */
        qd_flight_f64 top_flight = launch;
        af_drag_event_f64 low, top;
        double tau;
        st = march_apex(&top_flight, &top, &tau);
        if (st != AF_OK)
            return st;
        if (top.t == launch.t)
            return AF_ERR_NO_SOLUTION;
        st = refine(&prev, 0, 1.0, 0.0, 0.0, f->t - prev.t, &low);
        if (st != AF_OK)
            return st;
        if (H < low.height)
            return AF_ERR_NO_SOLUTION;
        lo = low.t - prev.t;
        *f = prev;
    } else if (H < 0.0) {
        return AF_ERR_NO_SOLUTION;
    } else if (H == 0.0) {
        event_here(f, out);
        return AF_OK;
    }
    for (;;) {
        double span;
        prev = *f;
        st = afr_qd_step_f64(f, INFINITY);
        if (st != AF_OK)
            return st;
        span = f->t - prev.t;
        if (L->stepped) {
            /* The segment just flown rose, or the apex came first. */
            if (afr_vdot(qd_vec(f->y + 3), L->up) <= 0.0)
                return AF_ERR_NO_SOLUTION;
            if (height_of(f) >= H)
                return refine(&prev, 1, 1.0, H, 0.0, span, out);
        } else if (leaving_rate(f) > 0.0) {
            if (height_of(f) >= H)
                return refine(&prev, 1, 1.0, H, lo, span, out);
        } else {
            af_drag_event_f64 apex;
            st = refine(&prev, 0, -1.0, 0.0, 0.0, span, &apex);
            if (st != AF_OK)
                return st;
            if (apex.height < H)
                return AF_ERR_NO_SOLUTION;
            return refine(&prev, 1, 1.0, H, 0.0, apex.t - prev.t, out);
        }
        lo = 0.0;
    }
}

static af_status falling(qd_flight_f64 *f, double H, af_drag_event_f64 *out)
{
    double lo;
    af_status st = march_apex(f, out, &lo);
    if (st != AF_OK)
        return st;
    if (H > out->height)
        return AF_ERR_NO_SOLUTION;
    if (H == out->height)
        return AF_OK;
    for (;;) {
        qd_flight_f64 prev = *f;
        st = afr_qd_step_f64(f, INFINITY);
        if (st != AF_OK)
            return st;
        if (height_of(f) <= H)
            return refine(&prev, 1, -1.0, H, lo, f->t - prev.t, out);
        lo = 0.0;
    }
}

af_status af_qdrag_time_at_height_f64(const af_qdrag_f64 *drag, const af_body_f64 *start,
                                      double height, af_branch branch, af_drag_event_f64 *out)
{
    qd_law_f64 law;
    qd_flight_f64 f;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!isfinite(height) || (branch != AF_RISING && branch != AF_FALLING))
        return AF_ERR_BAD_ARGUMENT;
    st = setup(drag, start, &law, &f);
    if (st == AF_OK && afr_vdot(law.w, law.up) >= terminal_speed(&law))
        st = AF_ERR_OUT_OF_RANGE;
    if (st == AF_OK)
        st = branch == AF_RISING ? rising(&f, height, out) : falling(&f, height, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
