/* SPDX-License-Identifier: MIT */
/*
 * Lobs at a static point, double precision: fixed speed (low and high arc),
 * maximum range, minimum speed. See aimfix/ballistic.h.
 *
 * All three come from one equation. A launch velocity u meets d = to - from
 * after time t when u t = d - g t^2 / 2; its speed s then satisfies
 *     s^2 t^2 = |d - g t^2/2|^2,
 * a quadratic in the squared time T = t^2:
 *     |g|^2/4 T^2 - (s^2 + d.g) T + |d|^2 = 0.
 * Written in T, gravity may point anywhere and a target straight above or
 * below the launch point is not a special case.
 */
#include "aimfix/ballistic.h"

#include <float.h>

#include "check_f64.h"

/* G = g L / s^2 from the inputs' mantissas and exponents, so that it is
 * finite (or subnormal) exactly when its true value is, whatever the
 * order of magnitude of each factor. */
static double strength(double g, double L, double s)
{
    int eg, eL, es;
    double mg = frexp(g, &eg), mL = frexp(L, &eL), ms = frexp(s, &es);
    return ldexp((mg * mL) / (ms * ms), eg + eL - 2 * es);
}

af_status af_arc_point_f64(const af_vec3_f64 *from, const af_vec3_f64 *to, double speed,
                           const af_vec3_f64 *gravity, af_shots_f64 *out)
{
    af_vec3_f64 D, d, dperp, down, up;
    double L, g, G, dpar, p, B, S, q, t, w;
    int e;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!from || !to || !gravity || !afr_vfinite(*from) || !afr_vfinite(*to) ||
        !afr_vfinite(*gravity) || !isfinite(speed) || !(speed > 0.0))
        return AF_ERR_BAD_ARGUMENT;

    D = afr_vsub(*to, *from);
    L = afr_vnorm(D);
    g = afr_gravity_up_f64(gravity, &up);
    if (!afr_vfinite(D) || !isfinite(L) || !isfinite(g))
        return AF_ERR_OVERFLOW;
    if (L == 0.0) {
        /* Already there; and straight up, it falls back after 2 s / g,
         * left out as any arc when that time underflows (below
         * AFR_MIN_TIME) or overflows. */
        afr_shots_push_f64(out, 0.0, afr_vzero(), *to);
        t = g > 0.0 ? 2.0 * (speed / g) : 0.0;
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
    d.x = ldexp(D.x, -e);
    d.y = ldexp(D.y, -e);
    d.z = ldexp(D.z, -e);
    d = afr_vdiv(d, afr_vnorm(d));
    G = strength(g, L, speed);
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
    p = afr_vnorm(dperp);
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
    t = sqrt(2.0 / q) * (L / speed);
    w = speed * ((dpar * (1.0 + S) - G * (p * p)) / sqrt(2.0 * q));
    if (t >= AFR_MIN_TIME && isfinite(t))
        afr_shots_push_f64(
            out, t, afr_vaddk(afr_vscale(afr_vscale(dperp, speed), sqrt(0.5 * q)), down, w), *to);
    /* High arc: t = sqrt(2 q) / G in these units, s sqrt(2 q) / g in real
     * ones; none without gravity, nor at the edge of reach (one arc). */
    if (g > 0.0 && S > 0.0) {
        t = sqrt(2.0 * q) * (speed / g);
        if (t >= AFR_MIN_TIME && isfinite(t)) {
            w = -speed * ((1.0 + S) / sqrt(2.0 * q));
            afr_shots_push_f64(
                out, t, afr_vaddk(afr_vscale(afr_vscale(dperp, speed), G / sqrt(2.0 * q)), down, w),
                *to);
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

af_status af_arc_max_range_f64(double speed, double height, const af_vec3_f64 *gravity,
                               af_range_f64 *out)
{
    af_vec3_f64 up;
    double g, eta, ms, mg, mh;
    int es, eg, eh;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!gravity || !afr_vfinite(*gravity) || !isfinite(speed) || !isfinite(height) ||
        !(speed > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    g = afr_gravity_up_f64(gravity, &up);
    if (!(g > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    if (!isfinite(g))
        return AF_ERR_OVERFLOW;
    /* eta = 2 g h / s^2: the level's height as a fraction of the highest a
     * vertical shot reaches. The edge of reach (discriminant zero) gives
     * range = s^2/g sqrt(1 - eta), tan(elevation) = 1 / sqrt(1 - eta).
     * Every product is formed from mantissas and exponents, so that it is
     * finite (or subnormal) exactly when its true value is. */
    ms = frexp(speed, &es);
    mg = frexp(g, &eg);
    mh = frexp(height, &eh);
    eta = ldexp(2.0 * (mg * mh) / (ms * ms), eg + eh - 2 * es);
    if (!(eta <= 1.0))
        return AF_ERR_NO_SOLUTION;
    if (eta >= -0x1p200) {
        out->range = ldexp((ms * ms / mg) * sqrt(1.0 - eta), 2 * es - eg);
        out->t = ldexp((ms / mg) * sqrt(2.0 - eta), es - eg);
        out->horizontal_speed = speed * sqrt((1.0 - eta) / (2.0 - eta));
        out->vertical_speed = speed / sqrt(2.0 - eta);
    } else {
        /* Far below (eta beyond -2^200, 1 and 2 lost against it): range
         * s sqrt(2 |h| / g), t sqrt(2 |h| / g), vertical speed s^2 /
         * sqrt(2 g |h|), the exponent of |h| / g made even. */
        int e = eh - eg, odd = e % 2 != 0;
        double r = sqrt(ldexp(-2.0 * mh / mg, odd));
        out->t = ldexp(r, (e - odd) / 2);
        out->range = ldexp(ms * r, es + (e - odd) / 2);
        out->horizontal_speed = speed;
        out->vertical_speed = ldexp((ms * ms) / (r * mg), 2 * es - eg - (e - odd) / 2);
    }
    if (!isfinite(out->range) || !isfinite(out->t)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}

af_status af_arc_min_speed_f64(const af_vec3_f64 *from, const af_vec3_f64 *to,
                               const af_vec3_f64 *gravity, af_shots_f64 *out)
{
    af_vec3_f64 D, up, horiz;
    double L, g, gn, h, lift, t;
    int a, b;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!from || !to || !gravity || !afr_vfinite(*from) || !afr_vfinite(*to) ||
        !afr_vfinite(*gravity))
        return AF_ERR_BAD_ARGUMENT;
    g = afr_gravity_up_f64(gravity, &up);
    if (!(g > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    D = afr_vsub(*to, *from);
    L = afr_vnorm(D);
    if (!afr_vfinite(D) || !isfinite(g))
        return AF_ERR_OVERFLOW;
    if (L == 0.0) {
        afr_shots_push_f64(out, 0.0, afr_vzero(), *to);
        return AF_OK;
    }
    /* Minimising s^2(T) = L^2/T + g h + g^2 T/4 over T gives T = 2 L / g and
     * s_min^2 = g (L + h), h the height of the point. The launch velocity is
     * (D + L up) / t: its horizontal part is D's, its vertical part L + h.
     * Below the launch point L + h cancels; there it is computed as
     * (horizontal distance)^2 / (L - h) instead. D and gravity are brought
     * near 1 first (powers of two, exact): with L = Ln 2^a and g = gn 2^b
     * (a - b even), t = sqrt(2 Ln / gn) 2^((a - b) / 2) and the velocity
     * comes out in units of 2^((a + b) / 2), so that a subnormal distance
     * or gravity keeps every bit and nothing overflows (or underflows)
     * before the answer itself does. */
    (void)frexp(L, &a);
    (void)frexp(g, &b);
    b += (a - b) % 2 != 0;
    D = afr_vldexp(D, -a);
    L = afr_vnorm(D);
    gn = afr_vnorm(afr_vldexp(*gravity, -b));
    h = afr_vdot(D, up);
    horiz = afr_vaddk(D, up, -h);
    t = sqrt(2.0 * (L / gn));
    if (h >= 0.0) {
        lift = (L + h) / t;
    } else {
        double x = afr_vnorm(horiz);
        lift = (x / (L - h)) * (x / t);
    }
    afr_shots_push_f64(out, ldexp(t, (a - b) / 2),
                       afr_vldexp(afr_vaddk(afr_vdiv(horiz, t), up, lift), (a + b) / 2), *to);
    return afr_shots_finish_f64(out);
}
