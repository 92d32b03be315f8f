/* SPDX-License-Identifier: MIT */
/*
 * src/f64/exact_f64.h — a difference of squares and a cross product computed
 * exactly before their rounding, for the f64 solvers whose answer turns on
 * a sign or a direction that cancellation would lose. Internal.
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
 * afr_cross_exact_f64 — a x b, each component a_j b_k - a_k b_j from the
 * error-free products before its rounding (within an ulp or two of the
 * exact value), so that a cross product far shorter than |a| |b| (two
 * nearly parallel vectors) keeps its direction. For components of at most
 * 1 in magnitude whose products do not fall below 2^-969 (their rounding
 * then counts): scale by powers of two first.
 */
af_vec3_f64 afr_cross_exact_f64(af_vec3_f64 a, af_vec3_f64 b);

/*
 * afr_across_f64 — the unit vector of v's part across g, from g x (v x g)
 * with each cross product exact on v and g scaled by powers of two: it
 * keeps its direction however near g the vector v is, and for a subnormal
 * v, where v - (v.u) u cancels against u's rounding. 0 when v is zero or
 * within 1e-12 rad of g's line; else 1 with *out set.
 */
int afr_across_f64(af_vec3_f64 v, af_vec3_f64 g, af_vec3_f64 *out);

#endif /* AIMFIX_SRC_EXACT_F64_H */
