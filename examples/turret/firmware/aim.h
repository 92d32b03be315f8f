/* SPDX-License-Identifier: MIT */
/*
 * aim.h — from the target's predicted motion to servo angles: where the
 * head must point so that a ball fired at launch meets the target, or why
 * no shot can.
 */
#ifndef TURRET_AIM_H
#define TURRET_AIM_H

#include "aimfix/q16.h"
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
    af_status status;        /* flight_aim's */
    fix16_t yaw, pitch;      /* rad, within the servos' travel */
    fix16_t t;               /* time of flight, s */
    af_vec3_q16 impact;      /* where the target will be then, m */
    fix16_t predicted_miss;  /* m: the firmware's own model of the flight,
                              * flown from these very angles */
    int solves;              /* flight_aim calls it took (1 to AIM_MAX_SOLVES) */
} aim_result;

/* Moves of the muzzle (m) that aim_solve ignores: 2 mm. A launch point
 * that far off shifts the whole flight by about as much, 4 % of the
 * target's radius, and the predicted miss includes it. */
#define AIM_MUZZLE_TOLERANCE Q16_RATIO(1, 500)

/* Solves aim_solve makes at most. Each moves the muzzle by a fraction of
 * the last move, about the muzzle's offset over the target's distance
 * (0.13 m over 1 m): a half turn (0.26 m) settles within 2 mm in four
 * solves down to 0.5 m away. */
#define AIM_MAX_SOLVES 4

/*
 * aim_solve — the shot at the target (position at launch, m, and velocity,
 * m/s). The muzzle moves with the angles, so the first solve launches from
 * where the muzzle is at yaw_hint and pitch_hint (the previous aim when
 * tracking: one solve then); while the angles found move it by more than
 * AIM_MUZZLE_TOLERANCE, the next solve launches from there, up to
 * AIM_MAX_SOLVES (the predicted miss includes what is left). Of the solutions, the earliest within
 * the servos' travel is taken: the flat arc unless it needs more than the
 * servos have. On any verdict but AIM_OK the angles, time and impact are 0.
 */
void aim_solve(const af_body_q16 *target, fix16_t yaw_hint, fix16_t pitch_hint,
               aim_result *out);

#endif /* TURRET_AIM_H */
