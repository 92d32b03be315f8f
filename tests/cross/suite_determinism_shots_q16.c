/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere, on targets that cannot run suite_determinism_q16
 * whole (the AVR boards): the fixed launchers, the drag aims at
 * accelerating targets and the closest misses, each row's hash over its
 * first solves, recorded from the host, which runs this suite too, as
 * does every board. After an intended change of results, record the
 * hashes the host's run prints.
 */
#include "q16_determinism.h"
#include "q16_shots_rows.h"

static const uint64_t recorded_rows[] = {
    UINT64_C(0x8ca8da76fc2d6046), /* fixed_dir */
    UINT64_C(0x02609ac6072e3d72), /* fixed_elev */
    UINT64_C(0x6c6b2fb4b1f9860c), /* drag_fixed_dir */
    UINT64_C(0xf71f074ace91cf3d), /* drag_fixed_elev */
    UINT64_C(0x1d7e734e2f5cddd8), /* point_miss */
    UINT64_C(0x1566df586590689f), /* moving_miss */
    UINT64_C(0x0e6ed7ac48331c12), /* drag_miss */
    UINT64_C(0xff2407bcee63ddde), /* drag_aim_time_accel */
    UINT64_C(0x0e49060747c9a338), /* drag_aim_speed_accel */
    UINT64_C(0x026a6e544af3008c), /* moving_miss_accel */
    UINT64_C(0xed4c4df36ef3ed61), /* drag_miss_accel */
};

static const qd_prefix prefix = {
    &qs_shots_group, 8, NULL, 0, recorded_rows,
    (int)(sizeof recorded_rows / sizeof recorded_rows[0]), UINT64_C(0), UINT64_C(0xc8a8c0d4cc22b746),
};

QD_PREFIX_SUITE(shots, prefix)
