/*
 * Trajectory samples in Q16: positions at evenly spaced times, into the
 * caller's array (see drag_samples_f64.c).
 */
#include <string.h>

#include "drag_q16.h"

af_status af_drag_samples_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t_end,
                              af_vec3_q16 *points, int count)
{
    dq_law law;
    dq_num step;
    int i;

    if (!points || count < 2)
        return AF_ERR_BAD_ARGUMENT;
    memset(points, 0, (size_t)count * sizeof *points);
    if (dq_law_init(drag, &law) != AF_OK || !start || t_end <= 0)
        return AF_ERR_BAD_ARGUMENT;
    dq_law_rate(&law);
    /* t_i = t_end i / (count - 1): the step to 32 bits, each time one
     * product, the last exactly t_end. */
    step = dq_div(dq_q16(t_end), dq_make((uint64_t)(count - 1), 0));
    for (i = 0; i < count; i++) {
        dq_coef k;
        dq_terms terms;
        af_body_q16 state;
        dq_num t = i == count - 1 ? dq_q16(t_end) : dq_mul(step, dq_make((uint64_t)i, 0));
        dq_terms_at(&law, t, &k, &terms);
        if (!dq_state(&law, start, &k, &terms, &state)) {
            memset(points, 0, (size_t)count * sizeof *points);
            return AF_ERR_OVERFLOW;
        }
        points[i] = state.position;
    }
    return AF_OK;
}
