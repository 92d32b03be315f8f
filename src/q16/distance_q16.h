/* SPDX-License-Identifier: MIT */
/*
 * src/q16/distance_q16.h — the distance between a fixed-speed lob and its
 * target in wide numbers, and a root refined on it (distance_q16.c).
 * Internal.
 */
#ifndef AIMFIX_SRC_Q16_DISTANCE_Q16_H
#define AIMFIX_SRC_Q16_DISTANCE_Q16_H

#include "solve_q16.h"
#include "../core/xnum_q16.h"

/* G(tau) = |r|^2 - (s' tau)^2 for a fitted problem, from the distance r
 * = d' + v' tau - g' tau^2/2, each component summed in 31-bit numbers (a
 * close pass or a drop cancels there, not in G), with half its slope
 * r.(v' - g' tau) - s'^2 tau into *slope2 and, into *tol, G's rounding
 * (2^-26 of the terms times |r| + s' tau). With a turret's muzzle (mf,
 * mu) the reach is (mf + s' tau)^2 + mu^2 in place of (s' tau)^2.
 * distance_q16.c. */
afn_snum afq_distance_value(const struct afq_fit *f, afn_snum tau, afn_snum *slope2, afn_snum *tol);

/* Newton steps on G for a root whose shot misses the speed: from the
 * equation's root, quadratic convergence to 30 bits. */
#define AFQ_DISTANCE_POLISH_STEPS 6

/* A root tau > 0 refined by Newton's method on G itself (at most `steps`
 * steps, each kept only while it stays positive, none once G is within
 * its rounding, 2^-28 of the terms times |r| + s' tau): for a root the
 * equation's rounding placed too far off. distance_q16.c. */
afn_snum afq_distance_polish(const struct afq_fit *f, afn_snum tau, int steps);

#endif /* AIMFIX_SRC_Q16_DISTANCE_Q16_H */
