/* SPDX-License-Identifier: MIT */
/*
 * src/exact_f64.h — a difference of squares computed exactly before its one
 * rounding, for the f64 solvers whose answer turns on its sign. Internal.
 */
#ifndef AIMFIX_SRC_EXACT_F64_H
#define AIMFIX_SRC_EXACT_F64_H

#include "aimfix/types.h"

/*
 * afr_sq_excess_f64 — (|v|^2 - s^2) / s^2 for s > 0, from the exact value of
 * |v|^2 - s^2 (error-free products and an exact sum), so that it is 0
 * exactly when |v| = s exactly and otherwise has the right sign and a
 * relative error of a few ulps. Components more than 2^1000 below the
 * largest of |v| and s count as their rounding after scaling (below any
 * double's reach of the result). May be +inf when |v| / s overflows.
 */
double afr_sq_excess_f64(af_vec3_f64 v, double s);

/*
 * afr_dot_excess_f64 — |g|^2 + k w.g from its exact value (error-free
 * products and an exact sum) rounded about once, so that its sign is exact
 * (0 exactly when the two cancel), when every nonzero component of g and w,
 * and k, lies between 2^-200 and 2^200 (every Q16.16 value does): returns
 * 1 and stores it in *out. Otherwise returns 0 (no exact product there).
 */
int afr_dot_excess_f64(af_vec3_f64 g, double k, af_vec3_f64 w, double *out);

#endif /* AIMFIX_SRC_EXACT_F64_H */
