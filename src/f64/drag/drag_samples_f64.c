/* SPDX-License-Identifier: MIT */
/*
 * Trajectory samples for drawing: positions at evenly spaced times, into
 * the caller's array.
 */
#include <math.h>
#include <string.h>

#include "drag_cap_f64.h"
#include "drag_f64.h"

af_status af_drag_samples_f64(const af_drag_f64 *drag, const af_body_f64 *start, double t_end,
                              af_vec3_f64 *points, int count)
{
    drag_law_f64 law;
    int i;

    if (!points)
        return AF_ERR_BAD_ARGUMENT;
    /* Zeroed before any other check: a count of 1 (too few to draw) still
     * leaves its one point defined. */
    if (count > 0)
        memset(points, 0, (size_t)count * sizeof *points);
    if (count < 2 || afr_drag_law_init_f64(drag, &law) != AF_OK || !afr_body_ok_f64(start) ||
        !isfinite(t_end) || !(t_end > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    for (i = 0; i < count; i++) {
        drag_coef_f64 k;
        /* i / (count - 1) of the way, the last sample exactly at t_end. */
        double t = i == count - 1 ? t_end : t_end * ((double)i / (double)(count - 1));
        afr_drag_coef_at_f64(&law, t, &k);
        points[i] = afr_drag_position_f64(&law, start, &k);
        if (!afr_vfinite(points[i])) {
            memset(points, 0, (size_t)count * sizeof *points);
            return AF_ERR_OVERFLOW;
        }
    }
    if (afr_drag_cap_f64(drag, start, t_end) != AF_OK) {
        memset(points, 0, (size_t)count * sizeof *points);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}
