/* SPDX-License-Identifier: MIT */
/*
 * A lob whose time of flight is chosen rather than solved for: the launch
 * velocity that reaches the target's position at that time. Double
 * precision; see aimfix/ballistic.h. The lob of chosen height is in
 * arc_apex_f64.c.
 */
#include "aimfix/ballistic.h"

#include "check_f64.h"

af_status af_arc_time_f64(const af_body_f64 *shooter, const af_body_f64 *target, double t,
                          const af_vec3_f64 *gravity, unsigned flags, af_shots_f64 *out)
{
    af_vec3_f64 D, V, u;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!afr_body_ok_f64(shooter) || !afr_body_ok_f64(target) || !gravity ||
        !afr_vfinite(*gravity) || !isfinite(t) || !(t > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    afr_relative_motion_f64(shooter, target, flags, &D, &V);
    /* u t = D + V t - g t^2 / 2, divided through by t term by term so that
     * no t^2 is formed. */
    u = afr_vaddk(afr_vadd(V, afr_vdiv(D, t)), *gravity, -0.5 * t);
    afr_shots_push_f64(out, t, u, afr_vaddk(target->position, target->velocity, t));
    return afr_shots_finish_f64(out);
}
