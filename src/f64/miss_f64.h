/* SPDX-License-Identifier: MIT */
/*
 * src/f64/miss_f64.h — the closest-miss search shared by miss_f64.c and
 * drag/miss_drag_f64.c. Internal.
 */
#ifndef AIMFIX_SRC_MISS_F64_H
#define AIMFIX_SRC_MISS_F64_H

#include <string.h>

#include "aimfix/miss.h"
#include "vec_f64.h"

/* A closest-miss call's start: the miss zeroed, or (no miss to fill) the
 * shots emptied and 0, the call's bad argument. */
static inline int afr_miss_begin_f64(af_shots_f64 *out, af_miss_f64 *miss)
{
    if (!miss) {
        if (out)
            afr_shots_clear_f64(out);
        return 0;
    }
    memset(miss, 0, sizeof *miss);
    return 1;
}

/* The miss at time t (>= 0), or a negative value where it is undefined
 * (the sample is skipped). */
typedef double (*afr_miss_fn_f64)(double t, void *ctx);

/* The time in [0, t_hi] of the least miss (AF_MISS_SCAN_POINTS samples,
 * each sampled local minimum refined by golden section), stored with the
 * miss there; returns 0 when no sample is defined. */
int afr_miss_min_f64(afr_miss_fn_f64 fn, void *ctx, double t_hi, double *t_best,
                     double *m_best);

#endif /* AIMFIX_SRC_MISS_F64_H */
