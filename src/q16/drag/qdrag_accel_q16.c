/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: the aims' public entries, at a target moving
 * at constant velocity or with a constant acceleration (both on
 * afq_qd_aim_at_time and afq_qd_aim_at_speed).
 */
#include <string.h>

#include "qdrag_aim_q16.h"

af_status af_qdrag_aim_time_q16(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                                const af_body_q16 *target, fix16_t t, unsigned flags,
                                af_shots_q16 *out)
{
    return afq_qd_aim_at_time(drag, shooter, target, NULL, t, flags, out);
}

af_status af_qdrag_aim_speed_q16(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                                 const af_body_q16 *target, fix16_t speed, fix16_t max_time,
                                 unsigned flags, af_shots_q16 *out)
{
    return afq_qd_aim_at_speed(drag, shooter, target, NULL, speed, max_time, flags, out);
}

/* The target's position and velocity as a body; 0 for a NULL target. */
static int body_of(const af_body_accel_q16 *target, af_body_q16 *b)
{
    if (!target)
        return 0;
    b->position = target->position;
    b->velocity = target->velocity;
    return 1;
}

af_status af_qdrag_aim_time_accel_q16(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                                      const af_body_accel_q16 *target, fix16_t t,
                                      unsigned flags, af_shots_q16 *out)
{
    af_body_q16 b;
    if (!body_of(target, &b)) {
        if (out)
            memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    return afq_qd_aim_at_time(drag, shooter, &b, &target->acceleration, t, flags, out);
}

af_status af_qdrag_aim_speed_accel_q16(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                                       const af_body_accel_q16 *target, fix16_t speed,
                                       fix16_t max_time, unsigned flags, af_shots_q16 *out)
{
    af_body_q16 b;
    if (!body_of(target, &b)) {
        if (out)
            memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    return afq_qd_aim_at_speed(drag, shooter, &b, &target->acceleration, speed, max_time, flags,
                               out);
}
