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
    UINT64_C(0x17edb297f28d8b8a), /* qdrag_predict */
    UINT64_C(0x0fb56bfaa5133b53), /* qdrag_predict_steps */
    UINT64_C(0x86d339364aa85fda), /* qdrag_apex */
    UINT64_C(0xf3b344087c674d23), /* qdrag_height */
    UINT64_C(0x3184072cf3c9e43e), /* qdrag_land */
    UINT64_C(0xe224d5a2db2564e3), /* qdrag_samples */
    UINT64_C(0xc8b68191cd593782), /* qdrag_aim_time */
    UINT64_C(0xeea04cdf6d041dbd), /* qdrag_aim_speed */
    UINT64_C(0xe3b7253f31635844), /* qdrag_max_range */
    UINT64_C(0xfa363d0418e4ea90), /* qdrag_aim_time_accel */
    UINT64_C(0x894c0df76b108f10), /* qdrag_aim_speed_accel */
};

static const qd_prefix prefix = {
    &qs_qdrag_group, SOLVES, NULL, 0, recorded_rows,
    (int)(sizeof recorded_rows / sizeof recorded_rows[0]), UINT64_C(0), UINT64_C(0x9b3925a59655074c),
};

QD_PREFIX_SUITE(qdrag, prefix)
