/* SPDX-License-Identifier: MIT */
/*
 * The lob at a point with the least launch speed, double precision (see
 * aimfix/ballistic.h): |u| is least when the launch direction halves the
 * angle between the target's direction and straight up, T = 2 |d| / g.
 */
#include "aimfix/ballistic.h"


#include "check_f64.h"

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
