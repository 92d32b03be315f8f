/* SPDX-License-Identifier: MIT */
/*
 * The f64 solvers' internal root finders (src/f64/roots_f64.h,
 * src/f64/moving_f64.h): what they answer, and how few evaluations the
 * usual cases take.
 */
#include <float.h>
#include <math.h>

#include "../../src/f64/moving_f64.h"
#include "../../src/f64/roots_f64.h"
#include "harness.h"

/* x^2 - 0.8 and its slope, counting the calls. */
static double square_less(double x, void *ctx, double *slope)
{
    ++*(int *)ctx;
    *slope = 2.0 * x;
    return x * x - 0.8;
}

/* Newton from the side of the root where the function is convex closes
 * in from that side only: the far end of the bracket must not be left to
 * bisection, half a bracket at a time. */
static void bracketed_newton_converges_in_few_evaluations(void)
{
    int calls = 0;
    double root = 0.0, a = 0.0738, b = 16.0;
    af_status st = afr_root_bracketed_f64(square_less, &calls, a, b, a * a - 0.8, b * b - 0.8,
                                          &root);
    TH_CHECK(st == AF_OK, "status %d", (int)st);
    TH_CHECK(fabs(root - sqrt(0.8)) <= 4.0 * DBL_EPSILON, "root %.17g", root);
    TH_CHECK(calls <= 20, "%d evaluations", calls);
}

/* (x - 1e-107)(x + 3e-107) 1e216: overflows to inf beyond about 1e46. */
static double tiny_root_huge_scale(double x, void *ctx, double *slope)
{
    ++*(int *)ctx;
    *slope = (2.0 * x + 2e-107) * 1e216;
    return (x - 1e-107) * 1e108 * ((x + 3e-107) * 1e108);
}

/* A bracket from zero 215 orders of magnitude wider than its root, every
 * probe above the root overflowing: halving alone would take 700 steps,
 * and the step bound's midpoint would be no root at all. */
static void root_far_below_a_bracket_from_zero_is_found(void)
{
    int calls = 0;
    double root = 0.0;
    af_status st = afr_root_bracketed_f64(tiny_root_huge_scale, &calls, 0.0, 1e108, -3.0,
                                          INFINITY, &root);
    TH_CHECK(st == AF_OK && fabs(root - 1e-107) <= 1e-107 * 8.0 * DBL_EPSILON,
             "status %d, root %.17g in %d evaluations", (int)st, root, calls);
}

/* Whether r[0..1] are lo and hi to 1e-14 of each. */
static int pair_is(const double r[2], double lo, double hi)
{
    return fabs(r[0] - lo) <= 1e-14 * fabs(lo) && fabs(r[1] - hi) <= 1e-14 * fabs(hi);
}

/* (x + 1e153)(x - 3e154): h = -1.45e154, whose square overflows (h^2 - ac
 * would be inf, its roots inf and -0). */
static void quadratic_with_an_overflowing_square_keeps_its_roots(void)
{
    double r[2] = { 0.0, 0.0 };
    int n = afr_quadratic_roots_f64(1.0, -1.45e154, -3e307, r);
    TH_CHECK(n == 2 && pair_is(r, -1e153, 3e154), "%d roots: %.17g %.17g", n, r[0], r[1]);
}

/* (x + 6e153)(x - 2.4e154): h^2 (8.1e307) and ac (-1.44e308) each fit, the
 * discriminant (2.25e308) does not (its roots were -inf and 0). */
static void quadratic_whose_discriminant_alone_overflows_keeps_its_roots(void)
{
    double r[2] = { 0.0, 0.0 };
    int n = afr_quadratic_roots_f64(1.0, -9e153, -1.44e308, r);
    TH_CHECK(n == 2 && pair_is(r, -6e153, 2.4e154), "%d roots: %.17g %.17g", n, r[0], r[1]);
}

/* 1e-300 (x - 1e140)(x - 2e140): h^2 and ac are subnormals of a dozen bits,
 * whose difference alone would be no discriminant. */
static void quadratic_with_an_underflowing_square_keeps_its_roots(void)
{
    double r[2] = { 0.0, 0.0 };
    int n = afr_quadratic_roots_f64(1e-300, -1.5e-160, 2e-20, r);
    TH_CHECK(n == 2 && pair_is(r, 1e140, 2e140), "%d roots: %.17g %.17g", n, r[0], r[1]);
}

static struct afr_moving unit_scene(double vx, double sp)
{
    struct afr_moving m;
    m.d.x = 1.0;
    m.d.y = 0.0;
    m.d.z = 0.0;
    m.v.x = vx;
    m.v.y = 0.0;
    m.v.z = 0.0;
    m.gam.x = 0.0;
    m.gam.y = 0.0;
    m.gam.z = -1.0;
    m.sp = sp;
    m.c = 0;
    m.n = 0;
    return m;
}

/* A target fleeing at the shot's speed, straight out along d, gravity
 * across: |d / tau + v - gam tau / 2|^2 = (1 / tau + 1/2)^2 + tau^2 / 4
 * stays above sp^2 = 1/4. The convex scene's fast path tells that itself
 * (0 roots) rather than leaving it to the full isolation. */
static void convex_scene_without_a_root_has_none(void)
{
    struct afr_moving m = unit_scene(0.5, 0.5);
    double roots[2];
    int n = afr_moving_convex_f64(&m, 0.5, roots);
    TH_CHECK(n == 0, "%d roots", n);
}

/* The same target at rest, the shot at speed 2: the two arcs, which make
 * (1 / tau)^2 + tau^2 / 4 = 4 (tau^2 = 8 -+ sqrt(60)). */
static void convex_scene_with_two_roots_has_both(void)
{
    struct afr_moving m = unit_scene(0.0, 2.0);
    double roots[2] = { 0.0, 0.0 }, lo = sqrt(8.0 - sqrt(60.0)), hi = sqrt(8.0 + sqrt(60.0));
    int n = afr_moving_convex_f64(&m, 0.0, roots);
    TH_CHECK(n == 2, "%d roots", n);
    TH_CHECK(fabs(roots[0] - lo) <= 1e-14 * lo && fabs(roots[1] - hi) <= 1e-14 * hi,
             "roots %.17g %.17g, expected %.17g %.17g", roots[0], roots[1], lo, hi);
}

static const th_case cases[] = {
    TH_CASE(bracketed_newton_converges_in_few_evaluations),
    TH_CASE(root_far_below_a_bracket_from_zero_is_found),
    TH_CASE(quadratic_with_an_overflowing_square_keeps_its_roots),
    TH_CASE(quadratic_with_an_underflowing_square_keeps_its_roots),
    TH_CASE(quadratic_whose_discriminant_alone_overflows_keeps_its_roots),
    TH_CASE(convex_scene_without_a_root_has_none),
    TH_CASE(convex_scene_with_two_roots_has_both),
};

TH_MAIN("roots_f64", cases)
