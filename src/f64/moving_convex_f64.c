/* SPDX-License-Identifier: MIT */
/*
 * The moving-target lob's usual scene, double precision (moving_f64.h).
 *
 * Divided by tau^2, the quartic of arc_moving_f64.c is P(tau) = |u|^2 -
 * sp^2, the square of the launch speed a meeting at tau needs, u = d/tau +
 * v - gam tau/2, less the speed's: P = c0/tau^2 + c1/tau + c2 + c3 tau +
 * c4 tau^2 and P'' = 2 (3 c0 + c1 tau + c4 tau^4) / tau^4. With c0 = 1,
 * c1 = 2 d.v and c4 = 1/4, P is convex for every tau > 0 when c1 >= 0 or
 * c1^4 < 64 (the least of 3 + c1 tau + tau^4 / 4 is then positive): a
 * target not closing in faster than gravity bends the lob, nearly every
 * scene. P then has one minimum and at most two roots, one each side of
 * it, and Newton's method on P from a point left of every root (or right
 * of every root) moves towards the nearest root without passing it: P
 * lies above its tangents. The triangle inequality bounds every root: at
 * one, 1/tau <= sp + |v| + tau/2 and tau/2 <= 1/tau + |v| + sp, so with
 * A = sp + |v| it lies in [2 / (A + sqrt(A^2 + 2)), A + sqrt(A^2 + 2)].
 *
 * P is formed as (|u| - sp)(|u| + sp), |u| - sp being the distance h(tau)
 * / tau of arc_moving_f64.c with its rounding. A root is taken where P is
 * zero within that rounding or Newton's step falls below 2^-44 of tau,
 * and only when the rounding moves it by less than 2^-44 of itself (its
 * slope steep enough): a root the rounding leaves less certain than that,
 * two roots within 2^-20 of each other, a scene outside the convex class
 * are left to the careful isolation (-1). A scene without a root is told
 * by P's tangents around its minimum, each above 0 by more than its
 * rounding (0 roots).
 */
#include "moving_f64.h"

#include <float.h>

/* Newton steps per root: from the bounds a step shrinks the distance to
 * the root by a third at least, then quadratically. */
#define CONVEX_MAX_STEPS 40
/* The largest relative uncertainty from P's rounding of a root taken. */
#define CONVEX_SHARP 0x1p-44

/* P at tau, its slope 2 u.u' and curvature 2 (u'.u' + u.u'') (u' = -d/tau^2
 * - gam/2, u'' = 2 d/tau^3), and its rounding: 8 ulps of the terms of u
 * and of sp, times |u| + sp. */
struct probe {
    double P, slope, curve, tol;
};

static inline struct probe evaluate(const struct afr_moving *m, double nv, double tau)
{
    double inv = 1.0 / tau, k = -0.5 * tau, inv2 = inv * inv, len;
    af_vec3_f64 u, du;
    struct probe p;
    u.x = m->d.x * inv + m->v.x + m->gam.x * k;
    u.y = m->d.y * inv + m->v.y + m->gam.y * k;
    u.z = m->d.z * inv + m->v.z + m->gam.z * k;
    du.x = m->d.x * inv2 + 0.5 * m->gam.x;
    du.y = m->d.y * inv2 + 0.5 * m->gam.y;
    du.z = m->d.z * inv2 + 0.5 * m->gam.z;
    len = sqrt(afr_vdot(u, u));
    p.slope = -2.0 * afr_vdot(u, du);
    p.curve = 2.0 * (afr_vdot(du, du) + 2.0 * (inv2 * inv) * afr_vdot(u, m->d));
    p.tol = (8.0 * DBL_EPSILON) * (inv + nv - k + m->sp) * (len + m->sp);
    p.P = (len - m->sp) * (len + m->sp);
    return p;
}

/* A bound on the rounding of P's slope at tau: 64 ulps of |u| |u'|, each
 * bounded by its terms (|d| = |gam| = 1), where the slope itself cancels
 * near P's minimum. */
static double slope_err(double nv, double tau)
{
    double inv = 1.0 / tau;
    return (64.0 * DBL_EPSILON) * (inv + nv + 0.5 * tau) * (inv * inv + 0.5);
}

/* Whether P has no root, from a point a where it falls and one b > a
 * where it rises, P positive at both: P lies above its tangents, so
 * beyond a and b it exceeds P(a) and P(b), and between them it exceeds
 * the larger of the two tangents, each lowered by the roundings of P
 * and of its slope. Newton's method on P' narrows [a, b] around the
 * minimum until that bound is positive (0: no root), P is negative
 * beyond its rounding (1: two roots) or the bound cannot tell (-1: a
 * root touching within the rounding, left to the careful isolation). */
static int no_root(const struct afr_moving *m, double nv, double a, struct probe pa, double b,
                   struct probe pb)
{
    int step;
    for (step = 0; step < CONVEX_MAX_STEPS; step++) {
        double ea = slope_err(nv, a), eb = slope_err(nv, b), w = b - a, A0, A1, B0, B1, x, t;
        struct probe p;
        A0 = pa.P - pa.tol;
        A1 = pa.slope - ea;
        B0 = pb.P - pb.tol;
        B1 = pb.slope + eb;
        if (!(pa.slope + ea < 0.0 && pb.slope - eb > 0.0 && A0 > 0.0 && B0 > 0.0 &&
              w > 0x1p-30 * b))
            return -1;
        /* Where the lowered tangents meet, within [a, b]. */
        x = (A0 - B0 + B1 * w) / (B1 - A1);
        x = x < 0.0 ? 0.0 : x > w ? w : x;
        if (A0 + A1 * x > 0.0 && B0 + B1 * (x - w) > 0.0)
            return 0;
        /* Newton on P' from the end with the smaller slope, else the middle. */
        t = -pa.slope < pb.slope ? a - pa.slope / pa.curve : b - pb.slope / pb.curve;
        if (!(t > a && t < b))
            t = a + 0.5 * w;
        p = evaluate(m, nv, t);
        if (p.P < -p.tol)
            return 1;
        if (p.slope < 0.0) {
            a = t;
            pa = p;
        } else {
            b = t;
            pb = p;
        }
    }
    return -1;
}

/* Newton on P towards the root left of its minimum (P' < 0 there) or,
 * when `right`, right of it, from an estimate `tau` and from `safe`
 * (beyond every root on that side) where the estimate proves to lie past
 * the minimum. From a point between the roots (P < 0) one step leads
 * beyond the root (P lies above the tangent), from then on each step
 * stops short of it. Taken once P is zero within its rounding, or the
 * step so small that the error it leaves, P'' dt^2 / (2 |P'|), is below
 * half an ulp of tau (the curvature at tau, twice over). 1 with the root,
 * sharp; 0 where a step passes the minimum and no_root shows P has no
 * root; -1 otherwise. */
static int side_root(const struct afr_moving *m, double nv, double tau, double safe, int right,
                     double *root)
{
    struct probe last;
    double last_tau = 0.0;
    int step, restarted = 0;
    for (step = 0; step < CONVEX_MAX_STEPS; step++) {
        struct probe p = evaluate(m, nv, tau);
        double next, dt, h;
        if (right ? !(p.slope > 0.0) : !(p.slope < 0.0)) {
            /* Past the minimum from a point before it where P was
             * positive: no root, or two beyond the Newton step's reach. */
            if (last_tau > 0.0 && p.P > p.tol) {
                int k = right ? no_root(m, nv, tau, p, last_tau, last)
                              : no_root(m, nv, last_tau, last, tau, p);
                if (k <= 0)
                    return k;
            }
            if (restarted)
                return -1; /* no root, or two close ones */
            tau = safe;
            restarted = 1;
            last_tau = 0.0;
            continue;
        }
        if (p.P > p.tol) {
            last = p;
            last_tau = tau;
        }
        dt = -p.P / p.slope;
        /* Halley's step, Newton's lengthened by its curvature (third
         * order), where that at most doubles it. */
        h = 0.5 * dt * p.curve / p.slope;
        if (h > -0.5 && h < 0.5)
            dt = dt / (1.0 + h);
        next = tau + dt;
        if (fabs(p.P) <= p.tol || p.curve * (dt * dt) <= DBL_EPSILON * fabs(p.slope) * tau) {
            if (!(p.tol <= CONVEX_SHARP * fabs(p.slope) * tau))
                return -1; /* the rounding blurs the root */
            *root = next;
            return 1;
        }
        if (p.P < 0.0 && (right ? next > safe : next < safe))
            next = safe;
        if (!(next > 0.0))
            return -1;
        tau = next;
    }
    return -1;
}

int afr_moving_convex_f64(const struct afr_moving *m, double nv, double roots[2])
{
    double dv = afr_vdot(m->d, m->v), A, B, c2, h, q, disc, lo, hi, est;
    int k;
    /* c1^4 < 57.8 (c1 = 2 d.v, dv^2 < 1.9): convex, with a tenth to spare
     * for the roundings of d, v and gam (a few ulps). */
    if (dv < 0.0 && !(dv * dv < 1.9))
        return -1;
    A = m->sp + nv;
    B = A + sqrt(A * A + 2.0);
    lo = 0.999 * (2.0 / B);
    hi = 1.001 * B;
    /* The estimates: the least positive root of P's first three terms,
     * 1 + 2 d.v tau + c2 tau^2 (ahead where tau is small), and the
     * largest of its last three, c2 + c3 tau + tau^2 / 4 (ahead where it
     * is large), each without cancellation; the bound where there is
     * none. */
    c2 = (nv - m->sp) * (nv + m->sp) - afr_vdot(m->d, m->gam);
    est = lo;
    disc = dv * dv - c2;
    if (disc >= 0.0) {
        q = -(dv + copysign(sqrt(disc), dv));
        if (q > 0.0)
            est = 1.0 / q;
        else if (q < 0.0 && c2 < 0.0)
            est = q / c2;
    }
    k = side_root(m, nv, est, lo, 0, &roots[0]);
    if (k <= 0)
        return k; /* no root at all (0), or the careful isolation's turn */
    h = -0.5 * afr_vdot(m->v, m->gam);
    est = hi;
    disc = h * h - 0.25 * c2;
    if (disc >= 0.0) {
        q = h <= 0.0 ? 4.0 * (sqrt(disc) - h) : c2 / -(h + sqrt(disc));
        if (q > 0.0)
            est = q;
    }
    if (side_root(m, nv, est, hi, 1, &roots[1]) <= 0)
        return -1;
    /* Both sharp and apart: the two roots a convex P has. */
    return roots[1] - roots[0] > 0x1p-20 * roots[1] ? 2 : -1;
}
