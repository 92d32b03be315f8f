/* SPDX-License-Identifier: MIT */
/*
 * src/f64/roots_f64.h — real roots of small polynomials and of bracketed
 * functions, for the f64 solvers. Internal.
 *
 * Every routine here is bounded: ROOTS_MAX_STEPS evaluations at most per
 * root, whatever the inputs.
 */
#ifndef AIMFIX_SRC_ROOTS_F64_H
#define AIMFIX_SRC_ROOTS_F64_H

#include "aimfix/status.h"

/* Steps of the safeguarded Newton iteration. Every second step at least
 * halves the bracket (or takes the square root of its ratio while the ends
 * are orders of magnitude apart), so a double bracket collapses to adjacent
 * doubles in fewer than 2 * (11 + 53) = 128 steps; 160 leaves a margin. */
#define ROOTS_MAX_STEPS 160

/* A function whose root is sought: returns f(x) and stores f'(x) in *slope
 * (may store 0 when unknown: the step then bisects). */
typedef double (*root_fn_f64)(double x, void *ctx, double *slope);

/*
 * afr_root_bracketed_f64 — a root of fn in [a, b], a < b, given fa = fn(a) and
 * fb = fn(b) of opposite signs. Newton's method kept inside the bracket,
 * falling back to bisection whenever it leaves the bracket or stalls.
 * Stores the root in *root and returns AF_OK, or AF_ERR_NO_CONVERGENCE
 * (with the bracket's midpoint stored) if the step bound is reached.
 */
af_status afr_root_bracketed_f64(root_fn_f64 fn, void *ctx, double a, double b, double fa,
                             double fb, double *root);

/*
 * afr_quadratic_roots_f64 — real roots of a x^2 + 2 h x + c = 0 (note the half
 * coefficient h), ascending, written to r[0..1]; returns their number (0, 1
 * or 2; a double root counts once). Without cancellation: the root of larger
 * magnitude is q / a and the other c / q, q = -(h + sign(h) sqrt(h^2 - ac)).
 * a = 0 gives the linear root; a = h = 0 gives none (c != 0) or none
 * reported (c = 0: every x is a root; the caller handles it). Where h^2 or
 * ac would overflow or underflow, the terms are scaled by powers of two.
 */
int afr_quadratic_roots_f64(double a, double h, double c, double r[2]);

/*
 * afr_poly_roots_f64 — the real roots of p(x) = c[0] + c[1] x + ... + c[n] x^n,
 * n <= 4, c[n] != 0, inside (lo, hi), ascending; returns their number.
 * Each root is isolated between consecutive critical points of p (the roots
 * of p', found the same way), where p is monotonic and holds at most one
 * root, then refined by afr_root_bracketed_f64. A critical point at which p is
 * zero within its rounding error counts as a (double) root, so that a
 * tangent root is not lost to rounding.
 *
 * sign_fn, when not NULL, is a more accurate function with the same roots
 * and signs as p in (lo, hi) (for example the geometric distance a quartic
 * was expanded from): it decides signs and refines the roots, while p only
 * locates the critical points. sign_tol(x) is then the rounding error of
 * sign_fn at x, below which its value counts as zero.
 */
typedef double (*root_tol_f64)(double x, void *ctx);

int afr_poly_roots_f64(const double *c, int n, double lo, double hi, root_fn_f64 sign_fn,
                   root_tol_f64 sign_tol, void *ctx, double *roots);

/* Bounds on the magnitudes of the nonzero roots of c[0..n] (Cauchy):
 * every root x != 0 has lower <= |x| <= upper. Requires c[0] and c[n]
 * nonzero. */
void afr_poly_root_bounds_f64(const double *c, int n, double *lower, double *upper);

#endif /* AIMFIX_SRC_ROOTS_F64_H */
