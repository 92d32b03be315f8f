/* SPDX-License-Identifier: MIT */
/*
 * head.h — the pan-tilt head as the library's turret (aimfix/turret.h):
 * where the muzzle is and which way the barrel points at given servo
 * angles, and the angles within the servos' travel that point the barrel
 * along a direction.
 */
#ifndef TURRET_HEAD_H
#define TURRET_HEAD_H

#include "aimfix/q16.h"
#include "aimfix/turret.h"

/* The head: pivot TURRET_PIVOT_HEIGHT above the origin, pan about z from
 * +x, the muzzle TURRET_MUZZLE_FORWARD along the barrel and
 * TURRET_MUZZLE_UP above its axis (it moves as the head turns, by about a
 * centimetre per 5 degrees), the servos' travel and rates, the fire
 * latency and the muzzle speed (units.h). */
const af_turret_q16 *head_turret(void);

/*
 * head_muzzle — for yaw and pitch (rad): the muzzle's position (m) and the
 * barrel's unit direction (af_turret_barrel_q16).
 */
void head_muzzle(fix16_t yaw, fix16_t pitch, af_vec3_q16 *muzzle, af_vec3_q16 *barrel);

/* The yaw and pitch (rad) that point the barrel along `direction`
 * (af_turret_angles_q16): AF_OK, or AF_ERR_BEYOND_PITCH /
 * AF_ERR_BEYOND_YAW when that servo cannot reach (the angles are then 0). */
af_status head_angles(const af_vec3_q16 *direction, fix16_t *yaw, fix16_t *pitch);

#endif /* TURRET_HEAD_H */
