/* SPDX-License-Identifier: MIT */
/* rhythm.h: the last interval between course changes, projected once. */
#include "rhythm.h"

void rhythm_init(rhythm *r)
{
    r->changes = 0;
    r->last_us = 0;
    r->interval_us = 0;
}

void rhythm_change(rhythm *r, uint32_t at_us)
{
    if (r->changes > 0)
        r->interval_us = at_us - r->last_us;
    r->last_us = at_us;
    if (r->changes < 2)
        r->changes++;
}

int rhythm_change_before(const rhythm *r, uint32_t now_us, uint32_t until_us, uint32_t *next_us)
{
    /* Times as offsets from the last change, so that the comparisons
     * hold across a wrap of the clock. */
    const uint32_t now = now_us - r->last_us, until = until_us - r->last_us;
    *next_us = r->last_us + r->interval_us;
    if (r->changes < 2 || r->interval_us == 0)
        return 0;
    if (now >= 2 * (uint64_t)r->interval_us)
        return 0; /* two intervals without a change: no longer weaving */
    /* Also while the change is overdue: it may be under way unseen. */
    return (uint64_t)until + RHYTHM_MARGIN_US > r->interval_us;
}
