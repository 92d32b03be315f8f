/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, the aim at a fixed speed (f64): a static target's
 * direct search (F falls then rises: the least speed needed, then each
 * arc on its side).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "drag_f64.h"
#include "qdrag_speed_f64.h"

/*
 * A static target's search (F falls then rises: at most two roots), once
 * the direct arcs (qdrag_direct_f64.c) could not vouch for theirs. From
 * the vacuum's time of least speed, the minimum of F is sought by secant
 * steps on F' kept inside its bracket, until a time with F < 0 turns up;
 * from there Newton's steps on F go out to each side until F turns
 * positive (or out of reach) or the time's bound is met, and each bracket
 * is solved as the scan's are. A minimum found above zero (checked at the
 * full accuracy) means no arc. -1 when the search cannot vouch for its
 * answer (an aim out of reach where F should be defined, or the
 * iterations spent): the scan then runs instead.
 */
#define STATIC_MIN_ITER 24
#define STATIC_SIDE_ITER 8

/* From x (F(x) = fx < 0, slope f1) towards limit: the first time with
 * F > 0 into *y, *fy (1), or 0 when F is still negative at limit; pb then
 * holds the aim at *y (none if out of reach), at_x the aim at the last
 * time with F < 0. Newton's steps on F, bounded the first time by the
 * vacuum's time `vac` (drag moves the root towards x) and always by
 * limit; a time out of reach becomes the bound, and the next try a
 * quarter of the way to it (a finite bracket, for the joint iteration),
 * the out-of-reach bracket kept if none turns up; -1 on failure. */
static int side_bracket(aim *pb, double x, double fx, double f1, double limit, double vac,
                        double *y, double *fy, aim *at_x)
{
    double lim = limit;
    int i, up = limit > x, out = 0;
    for (i = 0; i < STATIC_SIDE_ITER; i++) {
        double n = x - fx / f1, f, slope, noise;
        *at_x = *pb;
        if (!isfinite(n) || (up ? !(n > x) || n > lim : !(n < x) || n < lim))
            n = lim;
        if (i == 0 && (up ? vac > x && vac < n : vac < x && vac > n))
            n = vac;
        /* Not the time known out of reach again: a quarter of the way. */
        if (out && n == lim)
            n = x + 0.25 * (lim - x);
        f = afr_qd_excess_f64(pb, n, 1, &slope, &noise);
        if (f > 0.0 && f < OUT_OF_REACH) {
            *y = n;
            *fy = f;
            return 1;
        }
        if (!(f < OUT_OF_REACH)) {
            /* Out of reach: a finite bracket sought nearer x. */
            *pb = *at_x;
            lim = n;
            out = 1;
            continue;
        }
        if (n == limit)
            return 0;
        x = n;
        fx = f;
        f1 = slope;
    }
    if (!out)
        return -1;
    *pb = *at_x;
    pb->have = 0;
    *y = lim;
    *fy = OUT_OF_REACH;
    return 1;
}

/* F and F' of a solved aim. */
static double aim_excess(const aim *pb, double *slope)
{
    af_vec3_f64 u = pb->inherit ? afr_vsub(pb->v_last, pb->shooter.velocity) : pb->v_last;
    double len = afr_vnorm(u);
    *slope = len > 0.0 ? afr_vdot(u, pb->dv_last) / len : 0.0;
    return len - pb->speed;
}

/* The cubic Hermite interpolant of values f0, f1 and slopes d0, d1 over
 * [0, 1] (slopes per unit of s) at s. */
static double hermite(double f0, double d0, double f1, double d1, double s)
{
    double s2 = s * s, s3 = s2 * s;
    return (2.0 * s3 - 3.0 * s2 + 1.0) * f0 + (s3 - 2.0 * s2 + s) * d0 +
           (3.0 * s2 - 2.0 * s3) * f1 + (s3 - s2) * d1;
}

static af_vec3_f64 hermite_v(const aim *a, const aim *b, double s, double h)
{
    af_vec3_f64 r;
    r.x = hermite(a->v_last.x, h * a->dv_last.x, b->v_last.x, h * b->dv_last.x, s);
    r.y = hermite(a->v_last.y, h * a->dv_last.y, b->v_last.y, h * b->dv_last.y, s);
    r.z = hermite(a->v_last.z, h * a->dv_last.z, b->v_last.z, h * b->dv_last.z, s);
    return r;
}

/* The root of F between the aims a and b (F of opposite signs): the root
 * of F's cubic Hermite interpolant (by bisection: it changes sign) and
 * the launch velocity's there, the start of the joint iteration. */
static double hermite_root(const aim *a, const aim *b, af_vec3_f64 *v)
{
    double h = b->t_last - a->t_last, d0, d1, f0 = aim_excess(a, &d0), f1 = aim_excess(b, &d1);
    double lo = 0.0, hi = 1.0;
    int i;
    for (i = 0; i < 40; i++) {
        double mid = 0.5 * (lo + hi);
        if ((hermite(f0, h * d0, f1, h * d1, mid) < 0.0) == (f0 < 0.0))
            lo = mid;
        else
            hi = mid;
    }
    *v = hermite_v(a, b, 0.5 * (lo + hi), h);
    return a->t_last + h * 0.5 * (lo + hi);
}

/* The root between x (F < 0, the aim at_x) and y (F > 0, the aim in pb
 * unless out of reach); 1 when recorded (or repeated). */
static int side_root(aim *pb, const aim *at_x, double x, double fx, double y, double fy,
                     double *roots, af_vec3_f64 *vs, int *done, int *n)
{
    double lo = fmin(x, y), hi = fmax(x, y), f_lo = x < y ? fx : fy, f_hi = x < y ? fy : fx;
    double root;
    af_vec3_f64 v;
    if (pb->have && pb->t_last == y && at_x->have && at_x->t_last == x) {
        double aim_tol = pb->aim_tol;
        int ok;
        root = x < y ? hermite_root(at_x, pb, &v) : hermite_root(pb, at_x, &v);
        /* The engine's flights are exact: their root at the full miss
         * needs no polish. */
        if (pb->law.stepped)
            pb->aim_tol = AIM_TOL;
        ok = afr_qd_joint_newton_f64(pb, lo, hi, JOINT_ITER, NULL, &root, &v);
        pb->aim_tol = aim_tol;
        if (ok) {
            if (*n < AF_MAX_SHOTS)
                done[*n] = pb->law.stepped;
            *n = afr_qd_push_root_f64(roots, vs, *n, root, v);
            return 1;
        }
    }
    if (!pb->have)
        *pb = *at_x;
    if (afr_qd_refine_root_f64(pb, lo, hi, f_lo, f_hi, &root) != AF_OK)
        return 0;
    if (*n < AF_MAX_SHOTS)
        done[*n] = 0;
    *n = afr_qd_add_root_f64(pb, roots, vs, *n, root);
    /* A root whose aim fails (the edge of reach, not a root) is not one. */
    return pb->have;
}

/* The root on x's side towards limit straight by the joint iteration,
 * from F's Newton step (bounded by the vacuum's time vac) and there the
 * vacuum's shot with the drag's part of the aim at x (pb); the engine's
 * exact flights to the full miss. 1 when recorded. */
static int side_direct(aim *pb, double x, double fx, double f1, double limit, double vac,
                       double *roots, af_vec3_f64 *vs, int *done, int *n)
{
    int up = limit > x, ok;
    double T = x - fx / f1, aim_tol = pb->aim_tol, lo = up ? x : limit, hi = up ? limit : x;
    af_vec3_f64 v;
    if (!isfinite(T) || (up ? !(T > x) || T > limit : !(T < x) || T < limit))
        T = limit;
    if (up ? vac > x && vac < T : vac < x && vac > T)
        T = vac;
    v = afr_vadd(afr_qd_vacuum_guess_f64(pb, T),
                 afr_vsub(pb->v_last, afr_qd_vacuum_guess_f64(pb, x)));
    if (pb->law.stepped)
        pb->aim_tol = AIM_TOL;
    ok = afr_qd_joint_newton_f64(pb, lo, hi, JOINT_ITER, NULL, &T, &v) && T != x;
    pb->aim_tol = aim_tol;
    if (!ok)
        return 0;
    if (*n < AF_MAX_SHOTS)
        done[*n] = pb->law.stepped;
    *n = afr_qd_push_root_f64(roots, vs, *n, T, v);
    return 1;
}

int afr_qd_static_roots_f64(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs,
                            int *done)
{
    double a = t_lo, b = t_hi, x, fx = 0.0, f1 = 0.0, xp = 0.0, f1p = 0.0, noise, y, fy;
    double distance = afr_vnorm(afr_vsub(pb->target.position, pb->shooter.position));
    aim at_x, at_neg;
    int it, side, n = 0, have_prev = 0, found = 0;

    double v_low = 0.0, v_high = 0.0;
    n = afr_qd_direct_arcs_f64(pb, t_lo, t_hi, roots, vs, done);
    if (n > 0)
        return n;
    x = pb->law.gn > 0.0 ? sqrt(2.0 * distance / pb->law.gn) : sqrt(t_lo * t_hi);
    x = fmin(fmax(x, t_lo), t_hi);
    (void)afr_qd_vacuum_times_f64(pb, &v_low, &v_high);
    {
        /* The first aim from the vacuum's shot stretched by the drag: a
         * body slowed by k s^2 alone covers ln(1 + k s0 T) / k in T, so
         * reaching L takes (e^(k L) - 1) / (k L) times the speed. */
        double kl = fmin(pb->law.k * distance, 4.0);
        pb->v_last = afr_qd_vacuum_guess_f64(pb, x);
        if (kl > 0.0)
            pb->v_last = afr_vscale(pb->v_last, expm1(kl) / kl);
        pb->dv_last = afr_vzero();
        pb->t_last = x;
        pb->have = 1;
    }
    for (it = 0; it < STATIC_MIN_ITER && !found; it++) {
        double next;
        fx = afr_qd_excess_f64(pb, x, 0, &f1, &noise);
        if (!(fx < OUT_OF_REACH))
            return -1;
        if (fx < -noise) {
            found = 1;
            break;
        }
        if (f1 < 0.0)
            a = x;
        else
            b = x;
        /* F convex: nowhere in [a, b] below F(x) - |F'(x)| (b - a). */
        if (fx - fabs(f1) * (b - a) > 100.0 * noise)
            return 0;
        if (b - a <= 1e-6 * b) {
            /* The least speed needed: whether it reaches `speed` decides
             * the arcs, at the full accuracy however loose the search. */
            double tol = pb->tol, aim_tol = pb->aim_tol;
            pb->tol = AF_QDRAG_TOL;
            pb->aim_tol = AIM_TOL;
            fx = afr_qd_excess_f64(pb, x, 0, &f1, &noise);
            pb->tol = tol;
            pb->aim_tol = aim_tol;
            if (!(fx < OUT_OF_REACH))
                return -1;
            if (fx > 0.0)
                return 0;
            if (fx == 0.0)
                return afr_qd_add_root_f64(pb, roots, vs, 0, x);
            found = 1;
            break;
        }
        /* The first step a probe a sixteenth of x downhill, for the secant. */
        next = have_prev && f1 != f1p ? x - f1 * (x - xp) / (f1 - f1p)
                                      : x * (f1 < 0.0 ? 1.0625 : 0.9375);
        if (!(next > a && next < b))
            next = sqrt(a * b);
        xp = x;
        f1p = f1;
        have_prev = 1;
        x = next;
    }
    if (!found)
        return -1;
    at_x = *pb;
    /* The low arc, then the high one: one root on each side of x at most
     * (F falls then rises), the low one always there (F > 0 at t_lo). */
    for (side = 0; side < 2; side++) {
        double limit = side ? t_hi : t_lo, fn, f1n;
        int got;
        *pb = at_x;
        if (side_direct(pb, x, fx, f1, limit, side ? v_high : v_low, roots, vs, done, &n))
            continue;
        *pb = at_x;
        got = side_bracket(pb, x, fx, f1, limit, side ? v_high : v_low, &y, &fy, &at_neg);
        fn = aim_excess(&at_neg, &f1n);
        if (got < 0 || (got == 1 && !side_root(pb, &at_neg, at_neg.t_last, fn, y, fy, roots, vs,
                                               done, &n)))
            return -1;
    }
    return n;
}

