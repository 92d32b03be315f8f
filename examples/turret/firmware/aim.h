/* SPDX-License-Identifier: MIT */
/*
 * aim.h — from the target's predicted motion to servo angles: where the
 * head must point so that a ball fired now meets the target, or why no
 * shot can.
 *
 * The library's turret aim through quadratic drag at an accelerating
 * target (af_turret_aim_qdrag_accel_q16, flight.h) does it all: the
 * launch time from the fire latency and the servos' slew from where they
 * are, the muzzle at the commanded angles, the vehicle's motion, the
 * target's acceleration, the angles' limits and the ball's flight through
 * the air by the firmware's engine. The firmware only moves the target by
 * that engine's lead over the real flight, estimated on the vacuum turret
 * aim's shot (af_turret_aim_accel_q16; aim.c).
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
    fix16_t launch;          /* s from now the ball leaves */
    fix16_t t;               /* time of flight, s */
    af_vec3_q16 impact;      /* where the target will be then, m */
    fix16_t predicted_miss;  /* m: the firmware's own model of the flight,
                              * flown from these very angles */
    int solves;              /* turret aims through the air it took */
} aim_result;


/*
 * aim_solve — the shot through the air: the earliest impact within the
 * servos' travel. On any verdict but AIM_OK the angles, times and impact
 * are 0.
 */
void aim_solve(const af_turret_q16 *turret, const af_body_accel_q16 *target, aim_result *out);

#endif /* TURRET_AIM_H */
