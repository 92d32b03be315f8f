/* SPDX-License-Identifier: MIT */
/*
 * aim.h — from the target's predicted motion to servo angles: where the
 * head must point so that a ball fired now meets the target, or why no
 * shot can.
 *
 * The library's turret aim (af_turret_aim_accel_q16) does the turret's
 * part: the launch time from the fire latency and the servos' slew from
 * where they are, the muzzle at the commanded angles, the vehicle's
 * motion, the target's acceleration and the angles' limits, for a ball in
 * vacuum. The ball's flight through the air is the library's quadratic
 * drag aim (flight.h) from that launch: the library has no turret aim for
 * quadratic drag, so the firmware solves it from the muzzle the turret aim
 * gives, and once more from the muzzle the drag aim's angles give
 * (af_turret_barrel_q16; af_turret_angles_q16 for the angles, their
 * limits and their slew).
 */
#ifndef TURRET_AIM_H
#define TURRET_AIM_H

#include "aimfix/accel.h"
#include "aimfix/q16.h"
#include "aimfix/turret.h"
#include "units.h"

typedef enum aim_verdict {
    AIM_OK = 0,
    AIM_OUT_OF_RANGE,     /* no shot of the muzzle speed reaches the target */
    AIM_BEYOND_TILT,      /* every shot that does needs more tilt than the servo has */
    AIM_BEYOND_PAN,       /* ... or more pan */
    AIM_SOLVER_ERROR      /* the solver refused the inputs (see status) */
} aim_verdict;

/* "ok", "out of range", "beyond the tilt limit", ... for the console. */
const char *aim_verdict_text(aim_verdict verdict);

typedef struct aim_result {
    aim_verdict verdict;
    af_status status;        /* the refusing solver's, or AF_OK */
    fix16_t yaw, pitch;      /* rad, within the servos' travel */
    fix16_t slew;            /* s the servos take to get there */
    fix16_t launch;          /* s from now the ball leaves (the turret aim's) */
    fix16_t t;               /* time of flight, s */
    af_vec3_q16 impact;      /* where the target will be then, m */
    fix16_t predicted_miss;  /* m: the firmware's own model of the flight,
                              * flown from these very angles */
    int solves;              /* quadratic drag aims it took */
} aim_result;

/* The quadratic drag aims aim_solve makes: from the vacuum shot's muzzle,
 * then from the muzzle at the first aim's angles, with the engine's
 * half-step lead taken out (aim.c). */
#define AIM_SOLVES 2

/*
 * aim_solve — the shot through the air: the turret aim's launch time and
 * muzzle, then AIM_SOLVES quadratic drag aims; of each aim's solutions the
 * earliest within the servos' travel is taken. On any verdict but AIM_OK
 * the angles, times and impact are 0.
 */
void aim_solve(const af_turret_q16 *turret, const af_body_accel_q16 *target, aim_result *out);

#endif /* TURRET_AIM_H */
