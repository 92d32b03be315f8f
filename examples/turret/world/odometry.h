/* SPDX-License-Identifier: MIT */
/*
 * odometry.h — where the vehicle that carries the turret is, as its
 * odometry reports it with each camera fix: in whole millimetres from
 * the start, at its constant velocity (whole mm/s). Integers only, so
 * that the replay suite (tests/suite_turret_replay.c) gives the firmware
 * the very numbers the world gave it on the host.
 */
#ifndef TURRET_ODOMETRY_H
#define TURRET_ODOMETRY_H

#include <stdint.h>

/* v_mm_s * time_us / 10^6, rounded to nearest (ties away from zero). */
static inline int32_t odometry_mm(int32_t v_mm_s, uint32_t time_us)
{
    const int64_t um = (int64_t)v_mm_s * (int64_t)time_us;
    return (int32_t)((um + (um < 0 ? -500000 : 500000)) / 1000000);
}

#endif /* TURRET_ODOMETRY_H */
