/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/turret.h — turrets: a yaw-pitch head with limits, a muzzle that
 * moves as the head turns, a fire latency and servos of limited slew rate
 * (aimfix/turret_head.h: the turret, its angles and its barrel), and the
 * commands that make its projectile meet a moving target
 * (aimfix/turret_aim.h: the aims, with aimfix/turret_drag_aim.h for drag).
 */
#ifndef AIMFIX_TURRET_H
#define AIMFIX_TURRET_H

#include "aimfix/turret_head.h"
#include "aimfix/turret_aim.h"

#endif /* AIMFIX_TURRET_H */
