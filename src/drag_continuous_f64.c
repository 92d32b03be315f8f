/* SPDX-License-Identifier: MIT */
/*
 * Continuous linear drag: dv/dt = g - k (v - wind).
 *
 * With G = g + k wind the equation is dv/dt = G - k v, whose solution is
 *     v(t) = e^(-k t) v0 + G (1 - e^(-k t)) / k
 *     p(t) = p0 + v0 (1 - e^(-k t)) / k + G (k t - 1 + e^(-k t)) / k^2
 * i.e. the law of drag_f64.h with mu = k, rho = sigma = 1, lag = 0:
 *     (1 - e^(-k t)) / k = t phi1(k t),  (k t - 1 + e^(-k t)) / k^2 = t^2 phi2(k t).
 * Written with phi1 and phi2 the k -> 0 limit is no special case: at k = 0
 * they are 1 and 1/2 and the law is the parabola p0 + v0 t + g t^2 / 2 (the
 * wind then has no hold on the body, as k wind = 0).
 */
#include <math.h>

#include "drag_f64.h"

af_status afr_drag_continuous_law_f64(const af_drag_f64 *drag, drag_law_f64 *law)
{
    if (!isfinite(drag->k) || !(drag->k >= 0.0) || !vfinite(drag->gravity) ||
        !vfinite(drag->wind))
        return AF_ERR_BAD_ARGUMENT;
    law->accel = vaddk(drag->gravity, drag->wind, drag->k);
    if (!vfinite(law->accel))
        return AF_ERR_BAD_ARGUMENT;
    law->mu = drag->k;
    law->lambda = 0.0;
    law->dt = 0.0;
    law->rho = 1.0;
    law->sigma = 1.0;
    law->lag = 0.0;
    law->lead = 0.0;
    law->shift = vzero();
    return AF_OK;
}
