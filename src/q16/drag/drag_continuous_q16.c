/* SPDX-License-Identifier: MIT */
/*
 * Continuous linear drag in Q16: dv/dt = g - k (v - wind), the law of
 * drag_q16.h with mu = k, rho = sigma = 1, lag = 0 (see
 * drag_continuous_f64.c). The wind is not folded into gravity as in f64
 * (G = g + k wind may exceed Q16.16): its terms are applied on their own,
 * with the coefficients b k = t - t phi1 and d k = 1 - e^-kt
 * (drag_predict_q16.c).
 */
#include "drag_q16.h"

af_status afq_drag_continuous_law(const af_drag_q16 *drag, afq_drag_law *law)
{
    static const afn_unum one = { 0x80000000u, -31 };
    if (drag->k < 0)
        return AF_ERR_BAD_ARGUMENT;
    law->continuous = 1;
    law->move_first = 0;
    law->lambda = afn_u_q16(drag->k);
    law->unit = one;
    law->rho = law->sigma = one;
    law->lag = afn_u_make_trunc(0, 0);
    law->model = drag;
    return AF_OK;
}
