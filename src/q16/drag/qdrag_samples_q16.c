/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: positions at evenly spaced
 * times, one flight marched through them all (each the state
 * af_qdrag_predict_q16 gives at that time).
 */
#include <string.h>

#include "qdrag_q16.h"

af_status af_qdrag_samples_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                               fix16_t t_end, af_vec3_q16 *points, int count)
{
    afq_qd_flight f;
    af_qdrag_q16 m;
    af_status st;
    int i;
    if (!points)
        return AF_ERR_BAD_ARGUMENT;
    if (count > 0)
        memset(points, 0, (size_t)count * sizeof *points);
    if (count < 2 || !start || t_end <= 0 ||
        !afq_qd_prepare(drag, afq_qd_speed_of(drag, &start->velocity), &m))
        return AF_ERR_BAD_ARGUMENT;
    st = afq_qd_start(&f, &m, start);
    for (i = 0; i < count && st == AF_OK; i++) {
        /* t_end i / (count - 1), rounded to nearest. */
        int64_t t = ((int64_t)t_end * i + (count - 1) / 2) / (count - 1);
        af_body_q16 b;
        st = afq_qd_seek(&f, (fix16_t)t, &b);
        if (st == AF_OK)
            points[i] = b.position;
    }
    if (st != AF_OK)
        memset(points, 0, (size_t)count * sizeof *points);
    return st;
}
