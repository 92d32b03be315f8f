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

#include "check_f64.h"

/* The launch velocity that reaches d after t = sqrt(T): (d - g T/2) / t. */
static af_vec3_f64 velocity_for(af_vec3_f64 d, af_vec3_f64 g, double T)
{
    return vdiv(vaddk(d, g, -0.5 * T), sqrt(T));
}

af_status af_arc_point_f64(const af_vec3_f64 *from, const af_vec3_f64 *to, double speed,
                           const af_vec3_f64 *gravity, af_shots_f64 *out)
{
    af_vec3_f64 D, d, gam, up;
    double L, g, A, B, disc, q, T[2];
    int n = 0, i;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    shots_clear_f64(out);
    if (!from || !to || !gravity || !vfinite(*from) || !vfinite(*to) || !vfinite(*gravity) ||
        !isfinite(speed) || !(speed > 0.0))
        return AF_ERR_BAD_ARGUMENT;

    D = vsub(*to, *from);
    L = vnorm(D);
    g = gravity_up_f64(gravity, &up);
    if (!vfinite(D) || !isfinite(g))
        return AF_ERR_OVERFLOW;
    if (L == 0.0) {
        /* Already there; and straight up, it falls back after 2 s / g. */
        shots_push_f64(out, 0.0, vzero(), *to);
        if (g > 0.0)
            shots_push_f64(out, 2.0 * speed / g, vscale(up, speed), *to);
        return shots_finish_f64(out);
    }

    /* Units where |d| = 1 and s = 1: gam = g L / s^2, time unit L / s.
     * Then A T^2 - B T + 1 = 0 with A = |gam|^2/4, B = 1 + d.gam. */
    d = vdiv(D, L);
    gam = vscale(*gravity, (L / speed) / speed);
    A = 0.25 * vdot(gam, gam);
    B = 1.0 + vdot(d, gam);
    if (!(B > 0.0))
        return AF_ERR_NO_SOLUTION; /* even straight at it, gravity wins */
    if (A == 0.0) {
        T[n++] = 1.0 / B; /* no gravity: the straight line */
    } else {
        double gn = sqrt(4.0 * A);
        /* B^2 - 4A as a product, accurate near the edge of reach. */
        disc = (B - gn) * (B + gn);
        if (disc < 0.0)
            return AF_ERR_NO_SOLUTION;
        q = B + sqrt(disc);
        T[n++] = 2.0 / q;           /* low arc: the small root, as c / q */
        if (disc > 0.0)
            T[n++] = q / (2.0 * A); /* high arc */
    }
    for (i = 0; i < n; i++) {
        double t = sqrt(T[i]) * (L / speed);
        if (!isfinite(t))
            continue; /* a high arc under vanishing gravity: never lands */
        shots_push_f64(out, t, vscale(velocity_for(d, gam, T[i]), speed), *to);
    }
    if (out->count == 0)
        return AF_ERR_OVERFLOW;
    return shots_finish_f64(out);
}

af_status af_arc_max_range_f64(double speed, double height, const af_vec3_f64 *gravity,
                               af_range_f64 *out)
{
    af_vec3_f64 up;
    double g, eta;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!gravity || !vfinite(*gravity) || !isfinite(speed) || !isfinite(height) ||
        !(speed > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    g = gravity_up_f64(gravity, &up);
    if (!(g > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    if (!isfinite(g))
        return AF_ERR_OVERFLOW;
    /* eta = 2 g h / s^2: the level's height as a fraction of the highest a
     * vertical shot reaches. The edge of reach (discriminant zero) gives
     * range = s^2/g sqrt(1 - eta), tan(elevation) = 1 / sqrt(1 - eta). */
    eta = 2.0 * (g / speed) * (height / speed);
    if (!(eta <= 1.0))
        return AF_ERR_NO_SOLUTION;
    out->range = (speed / g) * speed * sqrt(1.0 - eta);
    out->t = (speed / g) * sqrt(2.0 - eta);
    out->horizontal_speed = speed * sqrt((1.0 - eta) / (2.0 - eta));
    out->vertical_speed = speed / sqrt(2.0 - eta);
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
    double L, g, h, lift, T, t;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    shots_clear_f64(out);
    if (!from || !to || !gravity || !vfinite(*from) || !vfinite(*to) || !vfinite(*gravity))
        return AF_ERR_BAD_ARGUMENT;
    g = gravity_up_f64(gravity, &up);
    if (!(g > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    D = vsub(*to, *from);
    L = vnorm(D);
    if (!vfinite(D) || !isfinite(g))
        return AF_ERR_OVERFLOW;
    if (L == 0.0) {
        shots_push_f64(out, 0.0, vzero(), *to);
        return AF_OK;
    }
    /* Minimising s^2(T) = L^2/T + g h + g^2 T/4 over T gives T = 2 L / g and
     * s_min^2 = g (L + h), h the height of the point. The launch velocity is
     * (D + L up) / t: its horizontal part is D's, its vertical part L + h.
     * Below the launch point L + h cancels; there it is computed as
     * (horizontal distance)^2 / (L - h) instead. */
    h = vdot(D, up);
    horiz = vaddk(D, up, -h);
    if (h >= 0.0) {
        lift = L + h;
    } else {
        double x = vnorm(horiz);
        lift = (x / (L - h)) * x;
    }
    T = 2.0 * (L / g);
    t = sqrt(T);
    shots_push_f64(out, t, vdiv(vaddk(horiz, up, lift), t), *to);
    return shots_finish_f64(out);
}
