/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/roots_float.h — src/f64/roots_f64.h in float, for the float
 * yardsticks of the solvers that find roots: the same routines, the same
 * bounds, float's epsilon.
 */
#ifndef AIMFIX_BENCH_ROOTS_FLOAT_H
#define AIMFIX_BENCH_ROOTS_FLOAT_H

/* As ROOTS_MAX_STEPS: a float bracket collapses in fewer than
 * 2 * (8 + 24) = 64 of them, so the f64 bound is never what stops it. */
#define ROOTS_FLOAT_MAX_STEPS 160

typedef float (*root_fn_float)(float x, void *ctx, float *slope);
typedef float (*root_tol_float)(float x, void *ctx);

/* afr_quadratic_roots_f64: a x^2 + 2 h x + c = 0, ascending; their number. */
int bench_quadratic_roots_float(float a, float h, float c, float r[2]);

/* afr_poly_roots_f64: the real roots of c[0..n] (n <= 4) inside (lo, hi). */
int bench_poly_roots_float(const float *c, int n, float lo, float hi, root_fn_float sign_fn,
                           root_tol_float sign_tol, void *ctx, float *roots);

/* afr_poly_root_bounds_f64: Cauchy's bounds on the nonzero roots. */
void bench_poly_root_bounds_float(const float *c, int n, float *lower, float *upper);

#endif /* AIMFIX_BENCH_ROOTS_FLOAT_H */
