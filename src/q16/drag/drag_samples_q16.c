/* SPDX-License-Identifier: MIT */
/*
 * Trajectory samples in Q16: positions at evenly spaced times, into the
 * caller's array (see drag_samples_f64.c).
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

af_status af_drag_samples_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t_end,
                              af_vec3_q16 *points, int count)
{
    afq_drag_law law;
    afn_unum step;
    int i;

    if (!points)
        return AF_ERR_BAD_ARGUMENT;
    /* Zeroed before any other check: a count of 1 (too few to draw) still
     * leaves its one point defined. */
    if (count > 0)
        memset(points, 0, (size_t)count * sizeof *points);
    if (count < 2 || afq_drag_law_init(drag, &law) != AF_OK || !start || t_end <= 0)
        return AF_ERR_BAD_ARGUMENT;
    afq_drag_law_rate(&law);
    /* t_i = t_end i / (count - 1): the step to 32 bits, each time one
     * product, the last exactly t_end. */
    step = afn_u_div_trunc(afn_u_q16(t_end), afn_u_make_trunc((uint64_t)(count - 1), 0));
    for (i = 0; i < count; i++) {
        afq_drag_coef k;
        afq_drag_terms terms;
        af_body_q16 state;
        afn_unum t = i == count - 1 ? afn_u_q16(t_end)
                                    : afn_u_mul_trunc(step, afn_u_make_trunc((uint64_t)i, 0));
        afq_drag_terms_at(&law, t, &k, &terms);
        if (!afq_drag_state(&law, start, &k, &terms, &state)) {
            memset(points, 0, (size_t)count * sizeof *points);
            return AF_ERR_OVERFLOW;
        }
        points[i] = state.position;
    }
    if (afq_drag_cap(&law, start, t_end) != AF_OK) {
        memset(points, 0, (size_t)count * sizeof *points);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}
