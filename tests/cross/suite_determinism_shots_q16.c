/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere, on targets that cannot run suite_determinism_q16
 * whole (the AVR boards): the fixed launchers, the drag aims at
 * accelerating targets and the closest misses, each row's hash over its
 * first solves, recorded from the host, which runs this suite too, as
 * does every board. After an intended change of results, record the
 * hashes the host's run prints. The Mega's program leaves out the three
 * rows built on the drag aim at a fixed speed (QS_SHOTS_NO_DRAG_SPEED):
 * with them it exceeds 256 KiB; that aim is hashed on the Mega by
 * suite_determinism_drag_q16.
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
#ifndef QS_SHOTS_NO_DRAG_SPEED
    UINT64_C(0x0e6ed7ac48331c12), /* drag_miss */
#endif
    UINT64_C(0xff2407bcee63ddde), /* drag_aim_time_accel */
#ifndef QS_SHOTS_NO_DRAG_SPEED
    UINT64_C(0x0e49060747c9a338), /* drag_aim_speed_accel */
#endif
    UINT64_C(0xa633ab344f195d9a), /* moving_miss_accel */
#ifndef QS_SHOTS_NO_DRAG_SPEED
    UINT64_C(0x66bc69591b78a8f9), /* drag_miss_accel */
#endif
};

#ifdef QS_SHOTS_NO_DRAG_SPEED
#define RECORDED_TOTAL UINT64_C(0x41898acad027a40f)
#else
#define RECORDED_TOTAL UINT64_C(0xb847e808dd3628c4)
#endif

static const qd_prefix prefix = {
    &qs_shots_group, 8, NULL, 0, recorded_rows,
    (int)(sizeof recorded_rows / sizeof recorded_rows[0]), UINT64_C(0), RECORDED_TOTAL,
};

QD_PREFIX_SUITE(shots, prefix)
