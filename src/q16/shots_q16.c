/* SPDX-License-Identifier: MIT */
/*
 * Emptying the unused slots of a Q16.16 out-struct (solve_q16.h).
 */
#include "solve_q16.h"

#if AF_MAX_SHOTS != 4
#error "afq_zero_from is written out for four slots"
#endif

/* An empty slot, word by word. */
static inline void zero_shot(af_shot_q16 *shot)
{
    shot->t = 0;
    shot->velocity.x = shot->velocity.y = shot->velocity.z = 0;
    shot->point.x = shot->point.y = shot->point.z = 0;
}

/* Every slot from `from` on, word by word and without a loop, which is
 * cheaper than a loop over the slots or a call to memset. */
void afq_zero_from(af_shots_q16 *out, int from)
{
    af_shot_q16 *end = &out->shot[AF_MAX_SHOTS];
    switch (AF_MAX_SHOTS - from) {
    case 4:
        zero_shot(end - 4);
        /* fall through */
    case 3:
        zero_shot(end - 3);
        /* fall through */
    case 2:
        zero_shot(end - 2);
        /* fall through */
    case 1:
        zero_shot(end - 1);
        /* fall through */
    default:
        break;
    }
}
