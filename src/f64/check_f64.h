/* SPDX-License-Identifier: MIT */
/*
 * src/f64/check_f64.h — argument checks shared by the f64 solvers. Internal.
 */
#ifndef AIMFIX_SRC_CHECK_F64_H
#define AIMFIX_SRC_CHECK_F64_H

#include "vec_f64.h"

static inline int afr_body_ok_f64(const af_body_f64 *b)
{
    return b && afr_vfinite(b->position) && afr_vfinite(b->velocity);
}

/* The target's position and velocity relative to the launch point, in the
 * frame where the projectile's launch velocity is what the solver returns:
 * with AF_INHERIT_VELOCITY the shooter's velocity is subtracted (Galilean
 * change of frame; gravity is the same in both frames). */
static inline void afr_relative_motion_f64(const af_body_f64 *shooter, const af_body_f64 *target,
                                           unsigned flags, af_vec3_f64 *d, af_vec3_f64 *v)
{
    *d = afr_vsub(target->position, shooter->position);
    *v = (flags & AF_INHERIT_VELOCITY) ? afr_vsub(target->velocity, shooter->velocity)
                                       : target->velocity;
}

/* Gravity split into its magnitude and the unit "up" vector opposite to it;
 * up is zero when g is. */
static inline double afr_gravity_up_f64(const af_vec3_f64 *gravity, af_vec3_f64 *up)
{
    double g = afr_vnorm(*gravity);
    *up = g > 0.0 ? afr_vdiv(*gravity, -g) : afr_vzero();
    return g;
}

#endif /* AIMFIX_SRC_CHECK_F64_H */
