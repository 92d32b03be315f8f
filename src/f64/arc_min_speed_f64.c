/* SPDX-License-Identifier: MIT */
/*
 * The lob at a point with the least launch speed, double precision (see
 * aimfix/ballistic.h): |u| is least when the launch direction halves the
 * angle between the target's direction and straight up, T = 2 |d| / g.
 */
#include "aimfix/ballistic.h"

#include <float.h>

#include "check_f64.h"

af_status af_arc_min_speed_f64(const af_vec3_f64 *from, const af_vec3_f64 *to,
                               const af_vec3_f64 *gravity, af_shots_f64 *out)
{
    af_vec3_f64 D, up, horiz;
    double L, g, h, lift, T, t;

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
     * (horizontal distance)^2 / (L - h) instead. Each part is divided by t
     * before the sum, and t is formed from square roots, so that nothing
     * overflows (or underflows) before the answer itself does. */
    h = afr_vdot(D, up);
    horiz = afr_vaddk(D, up, -h);
    T = 2.0 * (L / g);
    t = isfinite(T) && T >= DBL_MIN ? sqrt(T) : 1.4142135623730951 * (sqrt(L) / sqrt(g));
    if (h >= 0.0) {
        lift = L / t + h / t;
    } else {
        double x = afr_vnorm(horiz), depth = L - h;
        /* L - h overflows only for L and -h near DBL_MAX, where halving is exact. */
        lift = (isfinite(depth) ? x / depth : (0.5 * x) / (0.5 * L - 0.5 * h)) * (x / t);
    }
    afr_shots_push_f64(out, t, afr_vaddk(afr_vdiv(horiz, t), up, lift), *to);
    return afr_shots_finish_f64(out);
}
