/* SPDX-License-Identifier: MIT */
/*
 * The drag aims at a target of constant acceleration, double precision
 * (see aimfix/drag_aim.h). For one flight time T the target meets the
 * shot where a target of constant velocity V + A T/2 (its mean velocity
 * over the flight) would, so the fixed-time aim is af_drag_aim_time_f64's
 * with that velocity; the fixed-speed aim is drag_aim_f64.c's scan with
 * the acceleration in the target's position and in the slope.
 */
#include "aimfix/drag_aim.h"

#include <math.h>

#include "drag_f64.h"

static int accel_ok(const af_body_accel_f64 *target)
{
    return target && afr_vfinite(target->position) && afr_vfinite(target->velocity) &&
           afr_vfinite(target->acceleration);
}

af_status af_drag_aim_time_accel_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                     const af_body_accel_f64 *target, double t, unsigned flags,
                                     af_shots_f64 *out)
{
    af_body_f64 mean;
    drag_law_f64 law;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!drag || !afr_body_ok_f64(shooter) || !accel_ok(target) || !isfinite(t) || !(t > 0.0) ||
        afr_drag_law_init_f64(drag, &law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    mean.position = target->position;
    /* No acceleration: the plain aim itself (V + 0 t/2 turns a -0 to +0). */
    if (afr_viszero(target->acceleration)) {
        mean.velocity = target->velocity;
        return af_drag_aim_time_f64(drag, shooter, &mean, t, flags, out);
    }
    mean.velocity = afr_vaddk(target->velocity, target->acceleration, 0.5 * t);
    if (!afr_vfinite(mean.velocity) || !afr_vfinite(afr_vaddk(mean.position, mean.velocity, t)))
        return AF_ERR_OVERFLOW;
    return af_drag_aim_time_f64(drag, shooter, &mean, t, flags, out);
}

af_status af_drag_aim_speed_accel_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                      const af_body_accel_f64 *target, double speed,
                                      double max_time, unsigned flags, af_shots_f64 *out)
{
    af_body_f64 now;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!accel_ok(target))
        return AF_ERR_BAD_ARGUMENT;
    now.position = target->position;
    now.velocity = target->velocity;
    return afr_drag_aim_speed_f64(drag, shooter, &now, &target->acceleration, speed, max_time,
                                  flags, out);
}
