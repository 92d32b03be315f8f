/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere, for the quadratic drag functions in Q16.16
 * (tests/support/q16_qdrag_rows.c): each row's hash over its first
 * SOLVES inputs and their total must be the recorded ones, on the host
 * (gcc -O2, and -O1 under the sanitizers) and on every board. A suite of
 * its own beside suite_determinism_q16: the micro:bit's 256 KiB of flash
 * hold that suite's solvers or these with their f64 twins, not both.
 * After an intended change of results, record the hashes the host's run
 * prints (from a clean build).
 */
#include "q16_determinism.h"

/* Solves per row: 4608 in all. */
#define SOLVES 512

static const uint64_t recorded_rows[] = {
    UINT64_C(0x53abea23046af484), /* qdrag_predict */
    UINT64_C(0x0710e9af0c588e62), /* qdrag_predict_steps */
    UINT64_C(0xbfe1c796047a58ae), /* qdrag_apex */
    UINT64_C(0x092eb1804d63c4fd), /* qdrag_height */
    UINT64_C(0xa443a238114a1460), /* qdrag_land */
    UINT64_C(0x08183c1efddbfa23), /* qdrag_samples */
    UINT64_C(0x70f0d468d7678e97), /* qdrag_aim_time */
    UINT64_C(0x53924a79fe664dad), /* qdrag_aim_speed */
    UINT64_C(0x511f95a964acf465), /* qdrag_max_range */
};

static const qd_prefix prefix = {
    &qs_qdrag_group, SOLVES, NULL, 0, recorded_rows,
    (int)(sizeof recorded_rows / sizeof recorded_rows[0]), UINT64_C(0), UINT64_C(0x24e1b33a32991ca4),
};

QD_PREFIX_SUITE(qdrag, prefix)
