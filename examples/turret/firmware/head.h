/* SPDX-License-Identifier: MIT */
/*
 * head.h — the pan-tilt head's geometry: where the muzzle is and which way
 * the barrel points at given servo angles, and the angles that point the
 * barrel along a direction.
 */
#ifndef TURRET_HEAD_H
#define TURRET_HEAD_H

#include "aimfix/q16.h"

/*
 * head_muzzle — for yaw and pitch (rad): the muzzle's position (m) and the
 * barrel's unit direction. The muzzle is TURRET_MUZZLE_FORWARD along the
 * barrel and TURRET_MUZZLE_UP above its axis from the pivot, which is
 * TURRET_PIVOT_HEIGHT above the origin, so it moves as the head turns
 * (by about a centimetre per 5 degrees).
 */
void head_muzzle(fix16_t yaw, fix16_t pitch, af_vec3_q16 *muzzle, af_vec3_q16 *barrel);

/* The yaw and pitch (rad) that point the barrel along `direction` (any
 * non-zero vector; yaw 0 for a vertical one). */
void head_angles(const af_vec3_q16 *direction, fix16_t *yaw, fix16_t *pitch);

#endif /* TURRET_HEAD_H */
