/* SPDX-License-Identifier: MIT */
/*
 * head.h — the pan-tilt head as the library's turret (aimfix/turret.h):
 * its description at this frame, for the library's turret functions to
 * work out the angles and their limits, the muzzle as it moves with the
 * head, the slew from where the servos are, the fire latency and the
 * vehicle's motion.
 */
#ifndef TURRET_HEAD_H
#define TURRET_HEAD_H

#include "aimfix/q16.h"
#include "aimfix/turret.h"

/*
 * head_describe — the turret now: the pivot TURRET_PIVOT_HEIGHT above
 * the floor point under the pan axis (`base`, m, world frame: where the
 * vehicle is; its z is not used, the vehicle keeps to the floor), pan about z from +x, the muzzle TURRET_MUZZLE_FORWARD along the
 * barrel and TURRET_MUZZLE_UP above its axis, the servos' travel and rates
 * (units.h), the head at `yaw` and `pitch` (rad: the servos' account), the
 * fire latency, the muzzle speed, and the vehicle's `velocity` (m/s),
 * which the ball inherits.
 */
void head_describe(fix16_t yaw, fix16_t pitch, const af_vec3_q16 *base,
                   const af_vec3_q16 *velocity, af_turret_q16 *turret);

#endif /* TURRET_HEAD_H */
