/* SPDX-License-Identifier: MIT */
/*
 * src/q16/moving_q16.h — the moving-target lob's quartic and its roots:
 * the usual scene's fast path (moving_convex_q16.c) and the careful
 * isolation of every root (poly_roots_q16.c). Internal.
 */
#ifndef AIMFIX_SRC_Q16_MOVING_Q16_H
#define AIMFIX_SRC_Q16_MOVING_Q16_H

#include "solve_q16.h"
#include "../core/xnum_q16.h"

/* A polynomial of degree <= 4 with floating coefficients (set up once). */
struct afq_poly {
    afn_snum c[5];
    int n;
};


/* The positive roots of p inside (lo, hi), ascending; a turning point
 * where p is zero within rounding counts as a (double) root; n <= 4.
 * With the fit f (the quartic of a moving target; NULL otherwise), a
 * turning point whose value the polynomial cannot tell from zero is
 * judged by the distance itself. poly_roots_q16.c. */
int afq_poly_roots(const struct afq_poly *p, const struct afq_fit *f, afn_snum lo, afn_snum hi,
                   afn_snum *roots);

/* One root of c[0] + c[1] tau + c[2] tau^2 in (lo, hi), by the
 * cancellation-free closed form afq_poly_roots uses for a quadratic: the
 * smallest, or the `largest`; hi itself when there is none. With q =
 * -(b + sgn(b) sqrt(b^2 - 4 a c)) / 2 the roots are c / q and q / a, the
 * first never the larger in magnitude (q^2 >= a c; near a double root,
 * where rounding may swap them, either is as good), so one division
 * usually tells. poly_roots_q16.c. */
afn_snum afq_quadratic_root(const afn_snum *c, int largest, afn_snum lo, afn_snum hi);

/* The roots of the moving-target quartic p of the fit f in (lo, hi)
 * when the scene is the usual one, its required speed convex in the time
 * (then at most two, one each side of its minimum): their number (0 to
 * 2) into roots[], ascending, or -1 when the scene is not one of those or
 * a root cannot be placed this way (near-double roots), for
 * afq_poly_roots to decide. moving_convex_q16.c. */
int afq_convex_roots(const struct afq_poly *p, const struct afq_fit *f, afn_snum lo,
                     afn_snum hi, afn_snum *roots);

/* The terms c_i tau^i of p (0 above its degree) in one 32-bit unit,
 * 2^-28 of the largest, each truncated once and below 2^28 in
 * magnitude, into t[]; the sum of their magnitudes returned (the value's
 * scale). tau > 0, normalized. Both root paths evaluate p this way, so
 * no rescaling per interval. moving_convex_q16.c. */
uint32_t afq_poly_terms(const struct afq_poly *p, afn_snum tau, int32_t t[5]);

/* n / d in Q30 for n, d > 0, saturated at 2^31 - 1, never above the
 * true ratio: a relative Newton step. moving_convex_q16.c. */
uint32_t afq_ratio_q30(uint32_t n, uint32_t d);

/* tau (1 + r 2^-30), or tau (1 - r 2^-30) when `down` (then r < 2^30),
 * renormalized, truncated. moving_convex_q16.c. */
afn_snum afq_scaled_tau(afn_snum tau, uint32_t r, int down);

/* Powers of two below and above every root of the moving-target
 * quartic of the fit f, from bit lengths alone, each widened by a factor
 * 2 for the quartic's roundings. moving_convex_q16.c. */
void afq_root_bounds(const struct afq_fit *f, afn_snum *start, afn_snum *bound);

#endif /* AIMFIX_SRC_Q16_MOVING_Q16_H */
