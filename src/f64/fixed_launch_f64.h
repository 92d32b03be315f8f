/* SPDX-License-Identifier: MIT */
/*
 * src/f64/fixed_launch_f64.h — what the fixed-direction and
 * fixed-elevation solvers share (fixed_launch_f64.c, drag/fixed_drag_f64.c).
 * Internal.
 */
#ifndef AIMFIX_SRC_FIXED_LAUNCH_F64_H
#define AIMFIX_SRC_FIXED_LAUNCH_F64_H

#include "aimfix/accel.h"

/* pi/2, the steepest elevation. */
#define AFR_HALF_PI 1.57079632679489661923

/* The target relative to the launch point: R(t) = d + v t + a t^2/2, a the
 * target's acceleration minus gravity; v without the shooter's velocity
 * when it is inherited. */
typedef struct afr_fixed_f64 {
    af_body_accel_f64 target;
    af_vec3_f64 d, v, a;
} afr_fixed_f64;

/* Checks the inputs (AF_ERR_BAD_ARGUMENT) and forms d, v, a
 * (AF_ERR_OVERFLOW when they do not fit a double). */
af_status afr_fixed_setup_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                              const af_vec3_f64 *gravity, unsigned flags, afr_fixed_f64 *p);
af_vec3_f64 afr_fixed_reach_f64(const afr_fixed_f64 *p, double t);
/* |d| + |v| t + |a| t^2/2: the scene's size at t. */
double afr_fixed_scale_f64(const afr_fixed_f64 *p, double t);
/* Where the target is at t. */
af_vec3_f64 afr_fixed_point_f64(const af_body_accel_f64 *target, double t);
/* Two unit vectors square to the unit d and to each other. */
void afr_fixed_basis_f64(af_vec3_f64 d, af_vec3_f64 *e1, af_vec3_f64 *e2);

#endif /* AIMFIX_SRC_FIXED_LAUNCH_F64_H */
