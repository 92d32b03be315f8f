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

/* Solves per row: 5632 in all. */
#define SOLVES 512

static const uint64_t recorded_rows[] = {
    UINT64_C(0xce0bac716b188058), /* qdrag_predict */
    UINT64_C(0x0fb56bfaa5133b53), /* qdrag_predict_steps */
    UINT64_C(0x1993b139492c4837), /* qdrag_apex */
    UINT64_C(0x352bab623d6ed04c), /* qdrag_height */
    UINT64_C(0xac840115ea138ebd), /* qdrag_land */
    UINT64_C(0xb52401bc90f37c74), /* qdrag_samples */
    UINT64_C(0xd341d17f02791a34), /* qdrag_aim_time */
    UINT64_C(0x57171bde05436355), /* qdrag_aim_speed */
    UINT64_C(0x31fc66b321fa8b71), /* qdrag_max_range */
    UINT64_C(0x3f9056c9bb507dc1), /* qdrag_aim_time_accel */
    UINT64_C(0xe50cc82a4bf50428), /* qdrag_aim_speed_accel */
};

static const qd_prefix prefix = {
    &qs_qdrag_group, SOLVES, NULL, 0, recorded_rows,
    (int)(sizeof recorded_rows / sizeof recorded_rows[0]), UINT64_C(0), UINT64_C(0x18946d0409f15b29),
};

QD_PREFIX_SUITE(qdrag, prefix)
