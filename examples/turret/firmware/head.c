/* SPDX-License-Identifier: MIT */
/* head.h: the turret's description for the library's turret functions. */
#include "head.h"

#include "units.h"

void head_describe(fix16_t yaw, fix16_t pitch, const af_vec3_q16 *base,
                   const af_vec3_q16 *velocity, af_turret_q16 *turret)
{
    turret->pivot.x = base->x;
    turret->pivot.y = base->y;
    turret->pivot.z = TURRET_PIVOT_HEIGHT; /* the vehicle keeps to the floor */
    turret->up.x = turret->up.y = 0;
    turret->up.z = Q16_RATIO(1, 1); /* the pan axis (fix16_one is a variable) */
    turret->forward.x = Q16_RATIO(1, 1); /* pan 0: the vehicle does not turn */
    turret->forward.y = turret->forward.z = 0;
    turret->yaw_min = TURRET_PAN_MIN;
    turret->yaw_max = TURRET_PAN_MAX;
    turret->pitch_min = TURRET_TILT_MIN;
    turret->pitch_max = TURRET_TILT_MAX;
    turret->muzzle_forward = TURRET_MUZZLE_FORWARD;
    turret->muzzle_up = TURRET_MUZZLE_UP;
    turret->yaw = yaw;
    turret->pitch = pitch;
    turret->yaw_rate = TURRET_PAN_RATE;
    turret->pitch_rate = TURRET_TILT_RATE;
    turret->latency = Q16_FROM_US(SPEC_FIRE_LATENCY_US);
    turret->speed = TURRET_SPEED;
    turret->velocity = *velocity;
    turret->flags = AF_INHERIT_VELOCITY;
}
