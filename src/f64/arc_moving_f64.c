/* SPDX-License-Identifier: MIT */
/*
 * A fixed-speed lob at a target moving at constant velocity, double
 * precision (see aimfix/ballistic.h).
 *
 * In units where the target's distance is 1 and the velocity unit is
 * w = sqrt(L |g|) (d = D/L, v = V/w, sp = s/w, gam = g/|g|, tau = t w / L;
 * w = s without gravity), the projectile's launch velocity is r(tau) / tau
 * with r(tau) = d + v tau - gam tau^2 / 2, and its speed is sp exactly when
 *     h(tau) = |r(tau)| - sp tau = 0.
 * Squaring gives the quartic |r|^2 - sp^2 tau^2 = 0 with coefficients
 *     c4 = |gam|^2/4, c3 = -v.gam, c2 = |v|^2 - sp^2 - d.gam, c1 = 2 d.v,
 *     c0 = 1.
 * The quartic is only used to find its critical points (where it turns);
 * between two of them it is monotonic and holds at most one root, whose
 * sign change is read from h, the distance itself, which loses no digits to
 * the expansion. Closed-form quartic formulas are not used: through complex
 * cube roots they lose real roots to NaN in about one case in ten.
 */
#include "aimfix/ballistic.h"

#include <float.h>
#include <stddef.h>

#include "check_f64.h"
#include "exact_f64.h"
#include "moving_f64.h"
#include "roots_f64.h"

/* The launch speed every shot is checked against: within 2^-26 of the
 * larger of the speed and the target's relative speed (ballistic.h). */
#define SPEED_CHECK 0x1p-26

static af_vec3_f64 reach(const struct afr_moving *m, double tau)
{
    return afr_vaddk(afr_vaddk(m->d, m->v, tau), m->gam, -0.5 * tau * tau);
}

/* The quartic at tau over |r| + sp tau (h's value, from the expansion)
 * and that quotient's rounding into *tol, when Horner's rule tells its
 * sign beyond its rounding (1 returned): where |r| and sp tau agree to far
 * below h's rounding (a target as fast as the projectile, |v| tau
 * dwarfing |d|), the expansion, whose |v|^2 - sp^2 was formed exactly,
 * still has the sign that h has lost. len is |r| up to tau = 1, |r| / tau
 * past it, where p(tau) / tau^n is formed by Horner's rule in 1 / tau:
 * its terms stay below the coefficients where tau^n overflows (the
 * turning point of a target as fast as the projectile, 1e140 units
 * out), and the quotient is infinite with its sign where it overflows. */
static int expanded(const struct afr_moving *m, double tau, double len, double *value, double *tol)
{
    double v = m->c[m->n], e = 0.0, k = 4.0 * m->n * DBL_EPSILON, x = 1.0 / tau;
    int i;
    if (tau > 1.0) {
        v = m->c[0];
        for (i = 1; i <= m->n; i++) {
            e = e * x + k * fabs(v);
            v = v * x + m->c[i];
        }
        e = e * x + k * fabs(m->c[m->n]);
        if (!isfinite(v) || !(fabs(v) > e))
            return 0;
        v /= len + m->sp;
        e /= len + m->sp;
        for (i = 1; i < m->n; i++) {
            v *= tau;
            e *= tau;
        }
    } else {
        for (i = m->n - 1; i >= 0; i--) {
            e = e * tau + k * fabs(v);
            v = v * tau + m->c[i];
        }
        e = e * tau + k;
        if (!isfinite(v) || !(fabs(v) > e))
            return 0;
        v /= len + m->sp * tau;
        e /= len + m->sp * tau;
    }
    *value = v;
    *tol = e;
    return 1;
}

/* Rounding error of h: a few ulps of the largest term summed, each term
 * scaled by the ulps first so that the bound overflows only where the
 * terms themselves do. */
static double h_tol(const struct afr_moving *m, double tau)
{
    const double u = 8.0 * DBL_EPSILON;
    return u + (u * afr_vnorm(m->v)) * tau + (u * 0.5 * afr_vnorm(m->gam) * tau) * tau +
           (u * m->sp) * tau;
}

/* h(tau) = |r| - sp tau and its slope r.r'/|r| - sp, and the rounding of
 * the value returned (h's, or the expansion's where h is within its
 * rounding of 0 and the expansion tells the sign). Past tau = 1 h is
 * formed as tau (|r / tau| - sp), r / tau = d / tau + v - gam tau / 2, so
 * that where |r| and sp tau both overflow h is still infinite with its
 * sign (or finite), never infinity minus infinity. */
static double evaluate(const struct afr_moving *m, double tau, double *slope, double *tol)
{
    af_vec3_f64 dr = afr_vaddk(m->v, m->gam, -tau), r;
    double len, h, v;
    if (tau > 1.0) {
        r = afr_vaddk(afr_vadd(afr_vdiv(m->d, tau), m->v), m->gam, -0.5 * tau);
        len = afr_vnorm(r);
        *slope = len > 0.0 ? afr_vdot(r, dr) / len - m->sp : 0.0;
        h = tau * (len - m->sp);
    } else {
        r = reach(m, tau);
        len = afr_vnorm(r);
        *slope = len > 0.0 ? afr_vdot(r, dr) / len - m->sp : 0.0;
        h = len - m->sp * tau;
    }
    *tol = h_tol(m, tau);
    return fabs(h) <= *tol && expanded(m, tau, len, &v, tol) ? v : h;
}

static double miss(double tau, void *ctx, double *slope)
{
    double tol;
    return evaluate(ctx, tau, slope, &tol);
}

static double miss_tol(double tau, void *ctx)
{
    double slope, tol;
    (void)evaluate(ctx, tau, &slope, &tol);
    return tol;
}

/* A target at the muzzle: t = 0, then every t > 0 with |V - g t/2| = s,
 * i.e. |g|^2/4 t^2 - (V.g) t + |V|^2 - s^2 = 0 (here in real units: with
 * D = 0 there is no length to scale by). Where the speeds or |g| are far
 * from 1, in units where the larger of |V| and s is near 1 (2^e) and the
 * time unit is 2^e / |g|, so that no term under- or overflows: s^2 of a
 * 3e-164 m/s speed is 0 in doubles, which would leave |V|^2 - s^2 = 0 and
 * a root where the projectile's speed is |V|, not s. */
static void coincident(af_vec3_f64 V, const af_vec3_f64 *g, double s, const af_body_f64 *target,
                       af_shots_f64 *out)
{
    double r[2], top = fmax(fmax(fabs(V.x), fabs(V.y)), fmax(fabs(V.z), s));
    double gtop = fmax(fmax(fabs(g->x), fabs(g->y)), fabs(g->z)), c, sn, gm;
    af_vec3_f64 down, Vn;
    int i, n, e, eg, eg1;
    afr_shots_push_f64(out, 0.0, afr_vzero(), target->position);
    if (gtop == 0.0)
        return; /* |V| = s meets it at every t (reported at the first), else never again */
    if (top >= 0x1p-240 && top <= 0x1p240 && gtop >= 0x1p-240 && gtop <= 0x1p240) {
        /* Every term normal and finite: in real units. */
        n = afr_quadratic_roots_f64(0.25 * afr_vdot(*g, *g), -0.5 * afr_vdot(V, *g),
                                    afr_sq_excess_f64(V, s) * s * s, r);
        for (i = 0; i < n; i++)
            if (r[i] >= AFR_MIN_TIME) /* a time that underflows is left out, as below */
                afr_shots_push_f64(out, r[i], afr_vaddk(V, *g, -0.5 * r[i]),
                                   afr_vaddk(target->position, target->velocity, r[i]));
        return;
    }
    (void)frexp(top, &e);
    (void)frexp(gtop, &eg);
    down = afr_vldexp(*g, -eg);
    gm = afr_vnorm(down);
    down = afr_vdiv(down, gm);
    gm = frexp(gm, &eg1);
    eg += eg1;
    Vn = afr_vldexp(V, -e);
    sn = ldexp(s, -e);
    /* |Vn|^2 - sn^2 from its exact value; where sn^2 is below 2^-1000 of
     * |Vn|^2 (at least 1/4) it changes no bit. */
    c = sn >= 0x1p-500 ? afr_sq_excess_f64(V, s) * sn * sn : afr_vdot(Vn, Vn);
    n = afr_quadratic_roots_f64(0.25 * afr_vdot(down, down), -0.5 * afr_vdot(Vn, down), c, r);
    for (i = 0; i < n; i++) {
        double t = ldexp(r[i] / gm, e - eg);
        if (t >= AFR_MIN_TIME) /* a time that underflows is left out, as lob() does */
            afr_shots_push_f64(out, t, afr_vldexp(afr_vaddk(Vn, down, -0.5 * r[i]), e),
                               afr_vaddk(target->position, target->velocity, t));
    }
}

/* x 2^e, skipping libm where e = 0 (the same bits). */
static double scaled(double x, int e)
{
    return e != 0 ? ldexp(x, e) : x;
}

/* x - x summed: 0 for finite numbers, NaN where one is not. */
static double finite_sum(af_vec3_f64 a)
{
    return (a.x - a.x) + (a.y - a.y) + (a.z - a.z);
}

/* |a| by its square root where its 1-norm n keeps the squares normal
 * and finite, afr_vnorm_cmp elsewhere. */
static double length(af_vec3_f64 a, double n)
{
    return n >= 0x1p-290 && n <= 0x1p290 ? sqrt(afr_vdot(a, a)) : afr_vnorm_cmp(a);
}

static double norm1(af_vec3_f64 a)
{
    return fabs(a.x) + fabs(a.y) + fabs(a.z);
}

/* af_arc_moving_f64 on checked arguments, out->count = 0 on entry: the
 * shots pushed and the status (out cleared by the caller on failure). */
static af_status lob(const af_body_f64 *shooter, const af_body_f64 *target, double speed,
                     const af_vec3_f64 *gravity, unsigned flags, af_shots_f64 *out)
{
    struct afr_moving m;
    af_vec3_f64 D, V;
    double L, g, nD, ng, Ln, wn, nv, c[5], lo, hi, roots[4];
    int n = -1, i, degree, left_out = 0, off_speed = 0, eL = 0, eg, ew = 0;

    afr_relative_motion_f64(shooter, target, flags, &D, &V);
    nD = norm1(D);
    L = length(D, nD);
    if (!(finite_sum(D) + finite_sum(V) == 0.0) || !isfinite(L))
        return AF_ERR_OVERFLOW;
    if (L == 0.0) {
        coincident(V, gravity, speed, target, out);
        return afr_shots_finish_f64(out);
    }
    if (afr_viszero(V)) {
        /* Static relative to the shooter: af_arc_point_f64's low and high
         * arcs (ballistic.h), whose closed form keeps a near-double pair
         * apart (a drop along strong gravity at a small speed) where the
         * quartic's roots would merge into one shot off the speed. */
        af_vec3_f64 zero = afr_vzero();
        af_status st = af_arc_point_f64(&zero, &D, speed, gravity, out);
        for (i = 0; st == AF_OK && i < out->count; i++)
            out->shot[i].point = afr_vaddk(target->position, target->velocity, out->shot[i].t);
        return st == AF_OK ? afr_shots_finish_f64(out) : st;
    }

    /*
     * Units: the distance L, and the velocity unit w = sqrt(L |g|) (time
     * L / w, the free-fall time over L), in which gravity is the unit
     * vector down and the speed sp = speed / w: the quartic's coefficients
     * then span 1 / G = speed^2 / (|g| L) rather than G^2, so that neither
     * a target far closer than speed^2 / |g| (whose high arcs come 1 / G
     * later) nor one far beyond it leaves the double range. Without
     * gravity w = speed. D and g are brought near 1 first (exactly, by
     * powers of two), and w = wn 2^ew with ew = (eL + eg) / 2: where |D|,
     * |g| or w is a subnormal of a few bits, d and gam are still unit
     * vectors and wn^2 is still Ln gn to an ulp (a scene 1e-172 m across,
     * w = 3e-316, once missed by 1e-8 of its size). Where L, |g| and the
     * speed are far from the ends of the normal range, those scalings
     * would change no bit: skipped.
     */
    ng = norm1(*gravity);
    g = length(*gravity, ng);
    if (!isfinite(g))
        return AF_ERR_OVERFLOW;
    if (nD >= 0x1p-290 && nD <= 0x1p290 && ng >= 0x1p-290 && ng <= 0x1p290 &&
        speed >= 0x1p-300 && speed <= 0x1p300) {
        Ln = L;
        m.d = afr_vdiv(D, L);
        m.gam = afr_vdiv(*gravity, g);
        wn = sqrt(L * g);
    } else {
        (void)frexp(L, &eL);
        D = afr_vldexp(D, -eL);
        Ln = afr_vnorm(D);
        m.d = afr_vdiv(D, Ln);
        if (g > 0.0) {
            af_vec3_f64 gv;
            (void)frexp(g, &eg);
            eg += (eL + eg) % 2 != 0;
            gv = afr_vldexp(*gravity, -eg);
            m.gam = afr_vdiv(gv, afr_vnorm(gv));
            wn = sqrt(Ln * afr_vnorm(gv));
            ew = (eL + eg) / 2;
        } else {
            m.gam = afr_vzero();
            wn = frexp(speed, &ew);
        }
    }
    m.v = afr_vdiv(ew != 0 ? afr_vldexp(V, -ew) : V, wn);
    m.sp = scaled(speed, -ew) / wn;
    nv = afr_vdot(m.v, m.v);
    nv = nv < 0x1p400 ? sqrt(nv) : afr_vnorm_cmp(m.v);
    /* The usual scene first (moving_convex_f64.c), the careful isolation
     * where it cannot tell. */
    if (g > 0.0 && m.sp < 0x1p200 && nv < 0x1p200)
        n = afr_moving_convex_f64(&m, nv, roots);
    if (n < 0) {
        c[4] = 0.25 * afr_vdot(m.gam, m.gam);
        c[3] = -afr_vdot(m.v, m.gam);
        /* |v|^2 - sp^2 from |V|^2 - speed^2 formed exactly before its
         * rounding: its sign decides whether a target as fast as the
         * projectile escapes. */
        c[2] = afr_sq_excess_f64(V, speed) * m.sp * m.sp - afr_vdot(m.d, m.gam);
        c[1] = 2.0 * afr_vdot(m.d, m.v);
        c[0] = 1.0;
        for (degree = 4; degree > 0 && c[degree] == 0.0; degree--)
            ;
        if (degree == 0)
            return AF_ERR_NO_SOLUTION; /* |r| = tau never: equal speeds, no closing */
        /* The domain: sp^2 = speed^2 / (|g| L) below DBL_MAX, tested by
         * itself (an exact zero in |V|^2 - speed^2 keeps c[2] finite
         * beyond it). */
        if (!isfinite(c[3]) || !isfinite(c[2]) || !isfinite(c[1]) || !isfinite(m.sp * m.sp))
            return AF_ERR_OVERFLOW;
        m.c = c;
        m.n = degree;
        afr_poly_root_bounds_f64(c, degree, &lo, &hi);
        /* Widen the bounds a little so that no root sits on them. */
        n = afr_poly_roots_f64(c, degree, 0.5 * lo, 2.0 * hi, miss, miss_tol, &m, roots);
    }
    for (i = 0; i < n; i++) {
        double tau = roots[i], t = scaled(tau, eL - ew) * (Ln / wn), len;
        af_vec3_f64 u;
        if (!(tau > 0.0) || out->count == AF_MAX_SHOTS)
            continue;
        if (!(t >= AFR_MIN_TIME && isfinite(t))) {
            left_out++; /* a time of flight that underflows or overflows */
            continue;
        }
        /* A root the distance only touches within its rounding, where
         * that rounding dwarfs the projectile's own travel (the target's
         * distance and gravity cancelling beyond 53 bits), gives a shot
         * of any speed: left out. (One whose numbers overflow is left to
         * afr_shots_finish_f64.) */
        u = afr_vdiv(reach(&m, tau), tau);
        len = length(u, norm1(u));
        if (!isfinite(len) && tau > 1.0) {
            /* gam tau^2 / 2 overflows where r / tau does not (a high arc
             * 1e154 time units out, speed^2 / (|g| L) near DBL_MAX). */
            u = afr_vaddk(afr_vadd(afr_vdiv(m.d, tau), m.v), m.gam, -0.5 * tau);
            len = length(u, norm1(u));
        }
        if (isfinite(len) && !(fabs(len - m.sp) <= SPEED_CHECK * (m.sp > nv ? m.sp : nv))) {
            off_speed++;
            continue;
        }
        u = afr_vscale(u, wn);
        afr_shots_push_f64(out, t, ew != 0 ? afr_vldexp(u, ew) : u,
                           afr_vaddk(target->position, target->velocity, t));
    }
    if (out->count == 0)
        return off_speed ? AF_ERR_NO_CONVERGENCE : left_out ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
    return afr_shots_finish_f64(out);
}

af_status af_arc_moving_f64(const af_body_f64 *shooter, const af_body_f64 *target, double speed,
                            const af_vec3_f64 *gravity, unsigned flags, af_shots_f64 *out)
{
    static const af_shot_f64 none;
    af_status st = AF_ERR_BAD_ARGUMENT;
    int i;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    /* The count and the padding after it: zero, as memcmp sees them. */
    memset(out, 0, offsetof(af_shots_f64, shot));
    /* Every input finite (one sum of x - x), the speed positive. */
    if (shooter && target && gravity && speed > 0.0 &&
        finite_sum(shooter->position) + finite_sum(shooter->velocity) +
                finite_sum(target->position) + finite_sum(target->velocity) +
                finite_sum(*gravity) + (speed - speed) ==
            0.0)
        st = lob(shooter, target, speed, gravity, flags, out);
    if (st != AF_OK) {
        afr_shots_clear_f64(out);
        return st;
    }
    for (i = out->count; i < AF_MAX_SHOTS; i++)
        out->shot[i] = none; /* unused slots hold zero */
    return st;
}
