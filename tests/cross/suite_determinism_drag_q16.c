/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere, on targets that can neither hold every solver in
 * one program nor run suite_determinism_q16's full set in time (the AVR
 * boards: 256 KiB of flash, a simulator at a few million instructions a
 * second). The drag solvers: each row's
 * hash over its first solves, recorded from the host, which runs this
 * suite too, as does every board. After an intended change of results,
 * record the hashes the host's run prints.
 */
#include "q16_determinism.h"

static const uint64_t recorded_rows[] = {
    UINT64_C(0x9cb2d87a96805c28), /* drag_init */
    UINT64_C(0xb4842b1490542c51), /* drag_predict */
    UINT64_C(0x7a57c692f9aa7b5c), /* drag_predict_steps */
    UINT64_C(0x4a2709d139d16ff4), /* drag_apex */
    UINT64_C(0x3728a4109ac02047), /* drag_height */
    UINT64_C(0x109a9c779ce2e7a5), /* drag_land */
    UINT64_C(0x8aeb6d8621cbb4b0), /* drag_aim_time */
    UINT64_C(0xd6b2292fa6f993ef), /* drag_aim_speed */
    UINT64_C(0x051d1510e4b81cb1), /* drag_max_range */
    UINT64_C(0xf1e6baf23fed278a), /* drag_samples */
};

static const qd_prefix prefix = {
    &qs_drag_group, 12, NULL, 0, recorded_rows,
    (int)(sizeof recorded_rows / sizeof recorded_rows[0]), UINT64_C(0), UINT64_C(0x8c6e8f44e8e34672),
};

QD_PREFIX_SUITE(drag, prefix)
