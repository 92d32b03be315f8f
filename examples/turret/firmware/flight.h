/*
 * flight.h — the ball's flight as the firmware models it: launched from
 * the muzzle at the fixed muzzle speed, pulled by gravity and slowed by
 * continuous linear drag, dv/dt = g - k v (turret_spec.h), in the world
 * frame (z up, the turret at rest).
 *
 * These two functions are the only place the firmware reaches the aimfix
 * solvers for the ball's flight; the rest of it asks them. Today gravity
 * and lead come from af_arc_moving_q16 (the exact fixed-speed shot at a
 * moving target without drag), and each of its shots is carried over to
 * the drag by a Newton iteration on the time of flight, written here
 * because the library's Q16 drag solvers are not there yet. Once they are
 * (af_drag_*_q16, the twins of include/aimfix/drag.h), flight_aim's body
 * becomes one call of af_drag_aim_speed_q16 and flight_predict's one call
 * of af_drag_predict_q16, with a continuous drag model of rate
 * TURRET_DRAG_K, and the refinement below goes away.
 */
#ifndef TURRET_FLIGHT_H
#define TURRET_FLIGHT_H

#include "aimfix/ballistic.h"

/* The most Newton steps flight_aim takes to carry one shot over to the
 * drag. Started from the drag-free time of flight it converges in 3 or 4
 * as a rule; near the edge of reach, where the flat arc and the lob merge
 * and f' vanishes, only linearly: at most 11 in 200 000 random turret
 * scenes (counted once with an instrumented copy), hence twice that. */
#define FLIGHT_REFINE_STEPS 24

/*
 * flight_aim — every launch velocity of the muzzle speed that carries a
 * ball from `muzzle` (m) to the target (position, m, at launch, and
 * constant velocity, m/s) under gravity and drag, earliest first (the flat
 * arc before the lob), as af_shots_q16: t the time of flight (s), velocity
 * the launch velocity (its length is the muzzle speed to within 2 LSB),
 * point where the target is at t.
 *
 * Returns AF_OK; AF_ERR_NO_SOLUTION when the target is out of reach (the
 * drag-free shot, or every drag-corrected one); the statuses of
 * af_arc_moving_q16 for inputs it refuses (AF_ERR_OUT_OF_RANGE,
 * AF_ERR_OVERFLOW); AF_ERR_NO_CONVERGENCE if the refinement exceeds
 * FLIGHT_REFINE_STEPS. out is cleared on failure.
 */
af_status flight_aim(const af_vec3_q16 *muzzle, const af_body_q16 *target,
                     af_shots_q16 *out);

/*
 * flight_predict — where a ball launched from start->position with
 * velocity start->velocity is t (s, >= 0) later. Returns AF_OK, or
 * AF_ERR_OVERFLOW (*position zero) when it does not fit Q16.16.
 */
af_status flight_predict(const af_body_q16 *start, fix16_t t, af_vec3_q16 *position);

#endif /* TURRET_FLIGHT_H */
