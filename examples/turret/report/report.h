/* SPDX-License-Identifier: MIT */
/*
 * report.h — the console output: a line per shot and per declined shot,
 * a summary per scenario, the totals. Integers only (text.h).
 *
 * Lines the test (tests/check-turret.sh) reads, one of each per scenario
 * and one in all:
 *   summary <name>: <shots> shots, <hits> hits, ...
 *   totals: reachable <shots> shots, <hits> hits, ...; unreachable <shots> shots, ...
 */
#ifndef TURRET_REPORT_H
#define TURRET_REPORT_H

#include <stdint.h>

#include "control.h"

/* What a scenario's shots came to. Misses in micrometres. */
typedef struct tally {
    int shots, hits, holds;
    int64_t miss_sum_um;
    int32_t miss_worst_um;
    uint64_t cost_sum;
    uint32_t cost_max;
} tally;

void tally_init(tally *t);
/* Add b into a. */
void tally_add(tally *a, const tally *b);

/* The run's first lines: the turret, the counter's unit, the seed. */
void report_start(uint64_t seed);
/* A scenario's heading and the columns of its shot lines. */
void report_scenario(const char *name, const char *what);
/* A shot: the firmware's record, and the simulated closest pass. */
void report_shot(const char *name, const shot_record *shot, int32_t miss_um, int hit,
                 tally *t);
/* A shot the firmware declined, and why. */
void report_hold(const char *name, const shot_record *shot, tally *t);
void report_summary(const char *name, const tally *t);
void report_totals(const tally *reachable, const tally *unreachable);

#endif /* TURRET_REPORT_H */
