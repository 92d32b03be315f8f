/* SPDX-License-Identifier: MIT */
/*
 * The drag aims at a target of constant acceleration, Q16.16 (see
 * aimfix/drag_aim.h): the fixed-time aim at the target's position then,
 * held still; the fixed-speed aim is drag_aim_q16.c's scan with the
 * acceleration in the launch velocity, the slope and the impact points.
 */
#include "aimfix/drag_aim.h"

#include <string.h>

#include "../accel_q16.h"
#include "drag_q16.h"

af_status af_drag_aim_time_accel_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                     const af_body_accel_q16 *target, fix16_t t, unsigned flags,
                                     af_shots_q16 *out)
{
    af_body_q16 at;
    af_vec3_q16 d;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!shooter || !target || t <= 0)
        return AF_ERR_BAD_ARGUMENT;
    at.position = target->position;
    at.velocity = target->velocity;
    /* No acceleration: the constant-velocity aim, its bits. */
    if (target->acceleration.x == 0 && target->acceleration.y == 0 && target->acceleration.z == 0)
        return af_drag_aim_time_q16(drag, shooter, &at, t, flags, out);
    at.velocity.x = at.velocity.y = at.velocity.z = 0;
    if (!afq_accel_at(target, t, &at.position)) {
        /* No point to aim at; the model and the scene are still checked
         * first, for their own statuses. */
        at.position = target->position;
        st = af_drag_aim_time_q16(drag, shooter, &at, t, flags, out);
        memset(out, 0, sizeof *out);
        return st == AF_ERR_BAD_ARGUMENT || st == AF_ERR_OUT_OF_RANGE ? st : AF_ERR_OVERFLOW;
    }
    st = af_drag_aim_time_q16(drag, shooter, &at, t, flags, out);
    /* The target's offset at t does not fit, though the one now does. */
    if (st == AF_ERR_OUT_OF_RANGE && af_vec3_sub_q16(&target->position, &shooter->position, &d) == AF_OK)
        st = AF_ERR_OVERFLOW;
    return st;
}

af_status af_drag_aim_speed_accel_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                      const af_body_accel_q16 *target, fix16_t speed,
                                      fix16_t max_time, unsigned flags, af_shots_q16 *out)
{
    af_body_q16 now;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target)
        return AF_ERR_BAD_ARGUMENT;
    now.position = target->position;
    now.velocity = target->velocity;
    st = afq_drag_aim_speed(drag, shooter, &now, &target->acceleration, speed, max_time, flags,
                            out);
    /* Each point where the accelerating target is. */
    return afq_place_points(&now, afq_acceleration_of(target), st, out);
}
