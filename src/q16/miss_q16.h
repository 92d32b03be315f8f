/* SPDX-License-Identifier: MIT */
/*
 * src/q16/miss_q16.h — the closest-miss search of miss_q16.c, shared with
 * drag/miss_drag_q16.c. Internal.
 */
#ifndef AIMFIX_SRC_MISS_Q16_H
#define AIMFIX_SRC_MISS_Q16_H

#include <stdint.h>

#include <string.h>

#include "aimfix/miss.h"
#include "aimfix/types.h"

/* A closest-miss call's start: the miss zeroed, or (no miss to fill) the
 * shots emptied and 0, the call's bad argument. */
static inline int afq_miss_begin(af_shots_q16 *out, af_miss_q16 *miss)
{
    if (!miss) {
        if (out)
            memset(out, 0, sizeof *out);
        return 0;
    }
    memset(miss, 0, sizeof *miss);
    return 1;
}

/* The miss at time t (raw Q16 distance): 1, or 0 where it is undefined
 * (the sample is skipped). */
typedef int (*afq_miss_fn)(void *ctx, fix16_t t, uint64_t *m);

/* The time in [0, t_hi] of the least miss (AF_MISS_SCAN_POINTS samples,
 * each sampled local minimum narrowed to one LSB), with the miss there;
 * returns 0 when no sample is defined. */
int afq_miss_min(afq_miss_fn fn, void *ctx, fix16_t t_hi, fix16_t *t_best, uint64_t *m_best);

#endif /* AIMFIX_SRC_MISS_Q16_H */
