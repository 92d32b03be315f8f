/* SPDX-License-Identifier: MIT */
/*
 * Fixed-speed lobs at a static point, double precision (low and high arc).
 * See aimfix/ballistic.h.
 *
 * Maximum range (arc_max_range_f64.c) and minimum speed (arc_min_speed_f64.c)
 * come from the same equation. A launch velocity u meets d = to - from after
 * time t when u t = d - g t^2 / 2; its speed s then satisfies
 *     s^2 t^2 = |d - g t^2/2|^2,
 * a quadratic in the squared time T = t^2:
 *     |g|^2/4 T^2 - (s^2 + d.g) T + |d|^2 = 0.
 * Written in T, gravity may point anywhere and a target straight above or
 * below the launch point is not a special case.
 */
#include "aimfix/ballistic.h"

#include <float.h>
#include <stddef.h>

#include "check_f64.h"

/* G = g L / s^2 for g = gm 2^ge and L = Lm 2^Le (gm, Lm near 1), from
 * the mantissas and exponents, so that it is finite (or subnormal)
 * exactly when its true value is, whatever the order of magnitude of each
 * factor, and a subnormal g or L keeps every bit. */
static double strength(double gm, int ge, double Lm, int Le, double s)
{
    int es;
    double ms = frexp(s, &es);
    return ldexp((gm * Lm) / (ms * ms), ge + Le - 2 * es);
}

/* a / s and s / a for a = am 2^ae (am near 1): a subnormal a or s keeps
 * its bits until the quotient is rounded once. */
static double over_speed(double am, int ae, double s)
{
    int es;
    double ms = frexp(s, &es);
    return ldexp(am / ms, ae - es);
}

static double speed_over(double am, int ae, double s)
{
    int es;
    double ms = frexp(s, &es);
    return ldexp(ms / am, es - ae);
}

/* afr_vnorm with the largest component found by comparisons (the same
 * value; fmax, a libm call, only for a zero or non-finite one). */
static double norm(af_vec3_f64 a)
{
    double ax = fabs(a.x), ay = fabs(a.y), az = fabs(a.z);
    double m = ax > ay ? ax : ay;
    m = m > az ? m : az;
    if (m == 0.0 || !isfinite(m))
        return afr_vnorm(a);
    a = afr_vdiv(a, m);
    return m * sqrt(afr_vdot(a, a));
}

/* The launch velocity speed (across dperp + w down), its direction found
 * at unit speed first: speed rounds once per component, so a subnormal
 * speed loses no bits to a small dperp scaled up after. */
static af_vec3_f64 at_speed(af_vec3_f64 dperp, double across, af_vec3_f64 down, double w,
                            double speed)
{
    return afr_vscale(afr_vaddk(afr_vscale(dperp, across), down, w), speed);
}

/* The whole solve for every scene (the usual scene's path below is this
 * one with its tests for the rare ones taken out), out of line. */
static AFR_NOINLINE af_status careful(const af_vec3_f64 *from, const af_vec3_f64 *to,
                                      double speed, const af_vec3_f64 *gravity, af_shots_f64 *out)
{
    af_vec3_f64 D, d, dperp, down, up;
    double L, Lm, g, gm, G, dpar, p, B, S, q, t, w;
    int e, ge;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!from || !to || !gravity || !afr_vfinite(*from) || !afr_vfinite(*to) ||
        !afr_vfinite(*gravity) || !isfinite(speed) || !(speed > 0.0))
        return AF_ERR_BAD_ARGUMENT;

    D = afr_vsub(*to, *from);
    L = norm(D);
    /* |g| = gm 2^ge and |D| = Lm 2^e, each near 1 times a power of two:
     * the times below are formed from these, so that a subnormal scene
     * keeps every bit of its lengths (a subnormal |D| rounds to 2^-1074). */
    gm = afr_gravity_up_exp_f64(gravity, &up, &ge);
    g = ldexp(gm, ge);
    if (!afr_vfinite(D) || !isfinite(L) || !isfinite(g))
        return AF_ERR_OVERFLOW;
    if (L == 0.0) {
        /* Already there; and straight up, it falls back after 2 s / g,
         * left out as any arc when that time underflows (below
         * AFR_MIN_TIME) or overflows. */
        afr_shots_push_f64(out, 0.0, afr_vzero(), *to);
        t = g > 0.0 ? speed_over(0.5 * gm, ge, speed) : 0.0;
        if (t >= AFR_MIN_TIME && isfinite(t))
            afr_shots_push_f64(out, t, afr_vscale(up, speed), *to);
        return afr_shots_finish_f64(out);
    }

    /*
     * Units where |d| = 1 and s = 1, time unit L / s: gravity's strength is
     * G = g L / s^2, and A T^2 - B T + 1 = 0 with A = G^2/4 and
     * B = 1 + G dpar, dpar = d.down (down = g/|g|). Every quantity below is
     * formed without G^2 (which under- or overflows long before G does) and
     * without cancellation:
     *   B - G = 1 - G |d - down|^2 / 2,  B + G = 1 + G |d + down|^2 / 2,
     *   S = sqrt(B^2 - G^2),  q = B + S,
     *   low arc  T = 2 / q,      high arc  T = 2 q / G^2,
     * and the launch velocity's part along down, (dpar - G T / 2) / sqrt(T),
     * is, with p = |d_perp| the part of d across gravity,
     *   low   (dpar (1 + S) - G p^2) / sqrt(2 q)
     *   high  -(1 + S) / sqrt(2 q)
     * (from dpar q - G = dpar (1 + S) - G p^2 and q - G dpar = 1 + S).
     */
    down = afr_vscale(up, -1.0);
    /* d = D / L from D brought near 1 first (exactly, a power of two), so
     * that a subnormal D keeps every bit of its direction. */
    (void)frexp(L, &e);
    if (L >= 0x1p-500 && L <= 0x1p500) {
        d = afr_vdiv(D, L); /* normal: the same bits as scaled first */
        Lm = ldexp(L, -e);
    } else {
        d = afr_vldexp(D, -e);
        Lm = norm(d);
        d = afr_vdiv(d, Lm);
    }
    G = strength(gm, ge, Lm, e, speed);
    if (!isfinite(G)) {
        /* The point is within reach only when |d - down|^2 <= 2 / G, which
         * is below 2 / DBL_MAX here: a point off the vertical is out of
         * reach; one on it (a drop over more than DBL_MAX |g| / speed^2)
         * does not fit these units. */
        af_vec3_f64 dm = afr_vsub(d, down);
        return afr_vdot(dm, dm) > 2.0 / DBL_MAX ? AF_ERR_NO_SOLUTION : AF_ERR_OVERFLOW;
    }
    dpar = afr_vdot(d, down);
    dperp = afr_vaddk(d, down, -dpar);
    p = norm(dperp);
    B = 1.0 + G * dpar;
    if (!(B > 0.0))
        return AF_ERR_NO_SOLUTION; /* even straight at it, gravity wins */
    {
        af_vec3_f64 dm = afr_vsub(d, down), dp = afr_vadd(d, down);
        double lo = 1.0 - G * (0.5 * afr_vdot(dm, dm)), hi = 1.0 + G * (0.5 * afr_vdot(dp, dp));
        if (lo < 0.0)
            return AF_ERR_NO_SOLUTION;
        S = sqrt(lo) * sqrt(hi);
    }
    q = B + S;
    /* Low arc (the straight line when g = 0). An arc whose time of flight
     * is not a finite double of at least AFR_MIN_TIME (it underflows or
     * overflows) is left out. The launch velocity's part across gravity, D_perp / t, is
     * d_perp s / sqrt(T) in these units: no division by a t that may be
     * subnormal (and carry a few bits only). */
    t = over_speed(sqrt(2.0 / q) * Lm, e, speed);
    w = (dpar * (1.0 + S) - G * (p * p)) / sqrt(2.0 * q);
    if (t >= AFR_MIN_TIME && isfinite(t))
        afr_shots_push_f64(out, t, at_speed(dperp, sqrt(0.5 * q), down, w, speed), *to);
    /* High arc: t = sqrt(2 q) / G in these units, s sqrt(2 q) / g in real
     * ones; none without gravity, nor at the edge of reach (one arc). */
    if (g > 0.0 && S > 0.0) {
        t = speed_over(gm / sqrt(2.0 * q), ge, speed);
        if (t >= AFR_MIN_TIME && isfinite(t)) {
            w = -((1.0 + S) / sqrt(2.0 * q));
            afr_shots_push_f64(out, t, at_speed(dperp, G / sqrt(2.0 * q), down, w, speed), *to);
        }
    }
    if (out->count == 0)
        return AF_ERR_OVERFLOW;
    if (out->count == 2 && out->shot[1].t < out->shot[0].t) {
        /* A near-double root (a drop along gravity far stronger than the
         * speed): the two times, each rounded by its own formula, may
         * come out an ulp apart the wrong way; earliest first still. */
        af_shot_f64 low = out->shot[0];
        out->shot[0] = out->shot[1];
        out->shot[1] = low;
    }
    return afr_shots_finish_f64(out);
}

/* x - x summed: 0 for finite numbers, NaN where one is not. */
static double finite_sum(af_vec3_f64 a)
{
    return (a.x - a.x) + (a.y - a.y) + (a.z - a.z);
}

static void zero_shot(af_shot_f64 *s)
{
    s->t = 0.0;
    s->velocity = afr_vzero();
    s->point = afr_vzero();
}

/* The shot of an arc whose time t passed its test: 1 when its launch
 * velocity is finite (the point, the target's, is). */
static int put_shot(af_shot_f64 *s, double t, af_vec3_f64 velocity, const af_vec3_f64 *to)
{
    s->t = t;
    s->velocity = velocity;
    s->point = *to;
    return finite_sum(velocity) == 0.0;
}

af_status af_arc_point_f64(const af_vec3_f64 *from, const af_vec3_f64 *to, double speed,
                           const af_vec3_f64 *gravity, af_shots_f64 *out)
{
    af_vec3_f64 D, d, dperp, down, dm, dp;
    double L, g, G, dpar, pp, B, lo, hi, S, q, r, t, w;
    int n = 0, ok = 1;

    if (!out || !from || !to || !gravity)
        return careful(from, to, speed, gravity, out);
    /*
     * The usual scene: |D| and |g| within 2^-290 to 2^290 (their squares,
     * which the lengths need anyway, within 2^-580 to 2^580) and the
     * speed within 2^-300 to 2^300, so that every square and G = g L / s^2
     * below are formed without under- or overflow (a non-finite input
     * fails these tests, or G's); the same formulas as the careful path,
     * without its scalings and tests.
     */
    D = afr_vsub(*to, *from);
    L = afr_vdot(D, D);
    g = afr_vdot(*gravity, *gravity);
    if (!(L >= 0x1p-580 && L <= 0x1p580 && g >= 0x1p-580 && g <= 0x1p580 &&
          speed >= 0x1p-300 && speed <= 0x1p300))
        return careful(from, to, speed, gravity, out);
    L = sqrt(L);
    g = sqrt(g);
    G = (g * L) / (speed * speed);
    if (!(G <= DBL_MAX))
        return careful(from, to, speed, gravity, out);
    d = afr_vdiv(D, L);
    down = afr_vdiv(*gravity, g);
    dpar = afr_vdot(d, down);
    dperp = afr_vaddk(d, down, -dpar);
    pp = afr_vdot(dperp, dperp);
    if (!(pp >= 0x1p-900)) {
        /* p^2 from p, which keeps its bits where its squares are tiny. */
        double p = afr_vnorm_cmp(dperp);
        pp = p * p;
    }
    B = 1.0 + G * dpar;
    dm = afr_vsub(d, down);
    dp = afr_vadd(d, down);
    lo = 1.0 - G * (0.5 * afr_vdot(dm, dm));
    hi = 1.0 + G * (0.5 * afr_vdot(dp, dp));
    if (!(B > 0.0) || lo < 0.0) {
        afr_shots_clear_f64(out);
        return AF_ERR_NO_SOLUTION;
    }
    S = sqrt(lo) * sqrt(hi);
    q = B + S;
    r = sqrt(2.0 * q); /* sqrt(q / 2) is r / 2 exactly */
    /* Low arc, then the high one (none at the edge of reach). */
    t = sqrt(2.0 / q) * (L / speed);
    if (t >= AFR_MIN_TIME && t <= DBL_MAX) {
        w = (dpar * (1.0 + S) - G * pp) / r;
        ok &= put_shot(&out->shot[n++], t, at_speed(dperp, 0.5 * r, down, w, speed), to);
    }
    if (S > 0.0) {
        t = r * (speed / g);
        if (t >= AFR_MIN_TIME && t <= DBL_MAX) {
            w = -((1.0 + S) / r);
            ok &= put_shot(&out->shot[n++], t, at_speed(dperp, G / r, down, w, speed), to);
        }
    }
    if (n == 0 || !ok) {
        afr_shots_clear_f64(out);
        return AF_ERR_OVERFLOW;
    }
    /* The count, and zero in the padding after it (memcmp sees it). */
    memset(out, 0, offsetof(af_shots_f64, shot));
    out->count = n;
    if (n == 2 && out->shot[1].t < out->shot[0].t) {
        /* A near-double root: earliest first still (the careful path
         * says why). */
        af_shot_f64 low = out->shot[0];
        out->shot[0] = out->shot[1];
        out->shot[1] = low;
    }
    if (n == 1)
        zero_shot(&out->shot[1]);
    zero_shot(&out->shot[2]);
    zero_shot(&out->shot[3]);
    return AF_OK;
}
