/* SPDX-License-Identifier: MIT */
/*
 * The maximum range of a lob at a given speed, double precision (see
 * aimfix/ballistic.h).
 */
#include "aimfix/ballistic.h"

#include <string.h>

#include "check_f64.h"

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
