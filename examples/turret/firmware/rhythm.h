/* SPDX-License-Identifier: MIT */
/*
 * rhythm.h — when a weaving target will next change course.
 *
 * A target that has changed course twice at an interval is expected to
 * change again one interval after the last change; a shot still in the
 * air then would meet it where it no longer goes, so the firmware holds
 * such shots and fires early in each leg instead. The rhythm is forgotten
 * when two intervals pass without a change (the target stopped weaving),
 * and a target that never changes course has none.
 */
#ifndef TURRET_RHYTHM_H
#define TURRET_RHYTHM_H

#include <stdint.h>

/* How much earlier than the expected change a shot must land: the
 * uncertainty of the change times as the track sees them (a gate crossing
 * comes one to three frames after the turn, the same for every turn). */
#define RHYTHM_MARGIN_US 100000

typedef struct rhythm {
    int changes;          /* changes seen (only the last two matter) */
    uint32_t last_us;     /* the last change */
    uint32_t interval_us; /* between the last two */
} rhythm;

void rhythm_init(rhythm *r);

/* The target changed course at time at_us (after the last change). */
void rhythm_change(rhythm *r, uint32_t at_us);

/* 1 when, at time now_us, a change is expected before until_us plus
 * RHYTHM_MARGIN_US; *next_us says when. */
int rhythm_change_before(const rhythm *r, uint32_t now_us, uint32_t until_us, uint32_t *next_us);

#endif /* TURRET_RHYTHM_H */
