/* SPDX-License-Identifier: MIT */
/*
 * flight.h — the ball's flight as the firmware models it: launched from
 * the muzzle at the fixed muzzle speed, pulled by gravity and slowed by
 * continuous linear drag, dv/dt = g - k v (turret_spec.h), in the world
 * frame (z up, the turret at rest).
 *
 * These two functions are the only place the firmware reaches the aimfix
 * solvers for the ball's flight; the rest of it asks them. Both are one
 * call of the library's Q16 drag solvers (include/aimfix/drag.h) with the
 * turret's continuous drag model: rate TURRET_DRAG_K, gravity
 * TURRET_GRAVITY straight down, still air.
 */
#ifndef TURRET_FLIGHT_H
#define TURRET_FLIGHT_H

#include "aimfix/ballistic.h"
#include "units.h"

/* The longest flight flight_aim searches (s). Within the servos' travel
 * the longest flight to the floor is the 30-degree lob, 0.88 s (5.4 m);
 * 3 s also finds every steep lob beyond the tilt limit (a vertical shot
 * is back on the floor after 1.6 s), so that the aim can say that a target
 * needs more tilt rather than that none reaches it. */
#define FLIGHT_MAX_TIME Q16_RATIO(3, 1)

/*
 * flight_aim — every launch velocity of the muzzle speed that carries a
 * ball from `muzzle` (m) to the target (position, m, at launch, and
 * constant velocity, m/s) under gravity and drag within FLIGHT_MAX_TIME,
 * earliest first (the flat arc before the lob), as af_shots_q16: t the
 * time of flight (s), velocity the launch velocity (its length is the
 * muzzle speed), point where the target is at t.
 *
 * Returns af_drag_aim_speed_q16's status: AF_OK; AF_ERR_NO_SOLUTION when
 * the target is out of reach; AF_ERR_OUT_OF_RANGE or AF_ERR_OVERFLOW for
 * positions too far apart for Q16.16. out is cleared on failure.
 */
af_status flight_aim(const af_vec3_q16 *muzzle, const af_body_q16 *target,
                     af_shots_q16 *out);

/*
 * flight_predict — where a ball launched from start->position with
 * velocity start->velocity is t (s, >= 0) later. Returns AF_OK, or
 * AF_ERR_OVERFLOW when it does not fit Q16.16 (AF_ERR_BAD_ARGUMENT for
 * t < 0); *position is zero on failure.
 */
af_status flight_predict(const af_body_q16 *start, fix16_t t, af_vec3_q16 *position);

#endif /* TURRET_FLIGHT_H */
