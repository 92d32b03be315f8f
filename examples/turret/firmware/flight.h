/* SPDX-License-Identifier: MIT */
/*
 * flight.h — the ball's flight as the firmware models it: launched from
 * the muzzle at the fixed muzzle speed plus the vehicle's velocity,
 * pulled by gravity and slowed by quadratic drag, dv/dt = g - k |v| v
 * (turret_spec.h), in the world frame (z up, still air), by the library's
 * stepped quadratic drag engine in Q16.16 (include/aimfix/qdrag.h) at
 * SPEC_FLIGHT_STEP_HZ.
 *
 * These functions are the only place the firmware reaches the quadratic
 * drag solvers; the rest of it asks them.
 */
#ifndef TURRET_FLIGHT_H
#define TURRET_FLIGHT_H

#include "aimfix/accel.h"
#include "aimfix/qdrag.h"
#include "aimfix/turret.h"
#include "units.h"

/* The longest flight flight_turret_aim searches (s). Within the servos' travel
 * the longest flight to the floor is the 30-degree lob, 1.1 s (6.3 m);
 * 1.5 s also finds the steeper arcs just beyond the tilt limit, so that
 * the aim can say that a target needs more tilt rather than that none
 * reaches it. */
#define FLIGHT_MAX_TIME Q16_RATIO(3, 2)

/* The firmware's quadratic drag model: stepped at TURRET_FLIGHT_DT,
 * gravity first, k TURRET_QDRAG_K, still air. */
const af_qdrag_q16 *flight_model(void);

/*
 * flight_turret_aim — every command of the turret (its latency, slew,
 * limits, muzzle and vehicle) whose ball, flown by the firmware's model
 * from the muzzle at the launch time, meets the accelerating target
 * within FLIGHT_MAX_TIME, earliest impact first
 * (af_turret_aim_qdrag_accel_q16; out cleared on failure).
 */
af_status flight_turret_aim(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                            af_turret_shots_q16 *out);

/*
 * flight_predict — where a ball launched from start->position with world
 * velocity start->velocity is t (s, >= 0) later, and its velocity then
 * (af_qdrag_predict_q16). *end is zero on failure.
 */
af_status flight_predict(const af_body_q16 *start, fix16_t t, af_body_q16 *end);

#endif /* TURRET_FLIGHT_H */
