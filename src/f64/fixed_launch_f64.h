/* SPDX-License-Identifier: MIT */
/*
 * src/f64/fixed_launch_f64.h — what the fixed-direction and
 * fixed-elevation solvers share (fixed_launch_f64.c, drag/fixed_drag_f64.c).
 * Internal.
 */
#ifndef AIMFIX_SRC_FIXED_LAUNCH_F64_H
#define AIMFIX_SRC_FIXED_LAUNCH_F64_H

#include <limits.h>
#include <math.h>

#include "aimfix/accel.h"
#include "aimfix/status.h"
#include "vec_f64.h"

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
/* The t = 0 shot of a target at the muzzle (out holds none yet). */
void afr_fixed_muzzle_shot_f64(const afr_fixed_f64 *p, af_shots_f64 *out);
/* Every shot along the unit direction dir (af_fixed_dir_f64's answer,
 * out cleared first by the caller). */
af_status afr_fixed_dir_solve_f64(const afr_fixed_f64 *p, af_vec3_f64 dir, af_shots_f64 *out);

/* p with d, v and a scaled by 2^-*e (their largest component in [1/2, 1))
 * where that is beyond 2^+-256, so that squares of the reach neither
 * overflow nor underflow, else (*e = 0) as it is: scaling down would drop
 * the bits of subnormal parts. AF_ERR_OVERFLOW when a scene beyond 2^256
 * has a nonzero part 2^400 below it, whose square would leave the range. */
static inline af_status afr_fixed_scaled_f64(const afr_fixed_f64 *p, afr_fixed_f64 *out, int *e)
{
    int ex[3], i, lo = INT_MAX;
    ex[0] = afr_vexp(p->d);
    ex[1] = afr_vexp(p->v);
    ex[2] = afr_vexp(p->a);
    *e = INT_MIN / 2;
    for (i = 0; i < 3; i++) {
        *e = ex[i] > *e ? ex[i] : *e;
        lo = ex[i] != INT_MIN / 2 && ex[i] < lo ? ex[i] : lo;
    }
    if (*e > 256 && lo < *e - 400)
        return AF_ERR_OVERFLOW;
    if (*e > -256 && *e <= 256)
        *e = 0;
    *out = *p;
    out->d = afr_vldexp(p->d, -*e);
    out->v = afr_vldexp(p->v, -*e);
    out->a = afr_vldexp(p->a, -*e);
    return AF_OK;
}

#endif /* AIMFIX_SRC_FIXED_LAUNCH_F64_H */
