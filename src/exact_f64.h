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

#endif /* AIMFIX_SRC_EXACT_F64_H */
