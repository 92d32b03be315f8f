/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere, on targets that can neither hold every solver in
 * one program nor run suite_determinism_q16's full set in time (the AVR
 * boards: 256 KiB of flash, a simulator at a few million instructions a
 * second). The vacuum solvers and the math core: each row's
 * hash over its first solves, recorded from the host, which runs this
 * suite too, as does every board. After an intended change of results,
 * record the hashes the host's run prints.
 */
#include "q16_determinism.h"

static const uint64_t recorded_rows[] = {
    UINT64_C(0x7b33522c43c1f75b), /* intercept */
    UINT64_C(0xc1780a3f85ffe93d), /* arc_point */
    UINT64_C(0xa8d664f9012ccc49), /* max_range */
    UINT64_C(0x714caa1f0272c9bd), /* min_speed */
    UINT64_C(0x4f4f8e848345a472), /* arc_time */
    UINT64_C(0xec91bbac971ba715), /* arc_apex */
    UINT64_C(0x44dabcd3b1a2ebf8), /* arc_moving */
};

static const qd_prefix prefix = {
    &qs_vacuum_group, 32, qd_core_hash, 128, recorded_rows,
    (int)(sizeof recorded_rows / sizeof recorded_rows[0]), UINT64_C(0x410dc320186b61e9), UINT64_C(0xe1277aca591f9045),
};

QD_PREFIX_SUITE(vacuum, prefix)
