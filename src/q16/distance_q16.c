/* SPDX-License-Identifier: MIT */
/*
 * The distance between a lob and its target, and a root of the speed
 * equation refined on it (solve_q16.h): shared by the fixed-speed lobs at
 * a moving target and at a static point, where the equation's own
 * coefficients, rounded to 31 bits, cannot place a near-double root
 * finely enough for the asked speed.
 */
#include "distance_q16.h"

/* One axis's part of the distance's square, of its slope's half (the
 * dot of r and its rate) and of the terms' size, added into sums[]: a
 * function of its own, so that each frame stays small (8-bit cores reach
 * only 64 bytes of a frame directly). */
static void axis_sums(const struct afq_fit *f, int i, afn_snum tau, afn_snum t2, afn_snum sums[3])
{
    afn_snum a = afn_s_make_near_compact(f->d[i], 0);
    afn_snum b = afn_s_make_near_compact(afi_smul32(f->v[i], tau.m), tau.e);
    afn_snum c = afn_s_make_near_compact(-afi_smul32(f->g[i], t2.m), t2.e + f->ge - 1);
    afn_snum rate = afn_s_sub_near_compact(
        afn_s_make_near_compact(f->v[i], 0),
        afn_s_make_near_compact(afi_smul32(f->g[i], tau.m), tau.e + f->ge));
    afn_snum r = afn_s_add_near_compact(afn_s_add_near_compact(a, b), c);
    sums[0] = afn_s_add_near_compact(sums[0], afn_s_mul_near_compact(r, r));
    sums[1] = afn_s_add_near_compact(sums[1], afn_s_mul_near_compact(r, rate));
    sums[2] = afn_s_add_near_compact(
        sums[2], afn_s_add_near_compact(afn_s_add_near_compact(afn_s_abs(a), afn_s_abs(b)),
                                        afn_s_abs(c)));
}

afn_snum afq_distance_value(const struct afq_fit *f, afn_snum tau, afn_snum *slope2, afn_snum *tol)
{
    /* The square r2, the dot and the size, summed over the axes. */
    afn_snum t2 = afn_s_mul_near_compact(tau, tau), sums[3] = { { 0, 0 }, { 0, 0 }, { 0, 0 } },
             r2, dot, size, st, reach;
    int i, muzzle = (f->mf | f->mu) != 0;
    for (i = 0; i < 3; i++)
        axis_sums(f, i, tau, t2, sums);
    r2 = sums[0];
    dot = sums[1];
    size = sums[2];
    st = afn_s_make_near_compact(afi_smul32(f->s, tau.m), tau.e);
    if (muzzle) {
        /* A turret's muzzle: the barrel's length mf + s tau, mu above it. */
        st = afn_s_add_near_compact(st, afn_s_make_near_compact(f->mf, 0));
        size = afn_s_add_near_compact(size, afn_s_make_near_compact(afi_abs32(f->mu), 0));
    }
    /* The reach of the shot, squared (|muzzle + s tau u|^2). */
    reach = afn_s_mul_near_compact(st, st);
    if (muzzle)
        reach = afn_s_add_near_compact(reach, afn_s_make_near_compact((int64_t)f->mu * f->mu, 0));
    *slope2 =
        afn_s_sub_near_compact(dot, afn_s_mul_near_compact(afn_s_make_near_compact(f->s, 0), st));
    *tol = afn_s_mul_near_compact(
        size, afn_s_add_near_compact(afn_s_sqrt_near(r2), muzzle ? afn_s_sqrt_near(reach) : st));
    tol->e -= 26;
    return afn_s_sub_near_compact(r2, reach);
}

afn_snum afq_distance_polish(const struct afq_fit *f, afn_snum tau, int steps)
{
    int step;
    for (step = 0; step < steps; step++) {
        afn_snum slope2, tol, g = afq_distance_value(f, tau, &slope2, &tol), next;
        /* tol holds a factor 4 over G's rounding for the sign tests of
         * poly_roots_q16.c; a root whose shot missed the speed may lie
         * inside it, so the steps go on down to the rounding (2^-28). */
        tol.e -= 2;
        if (slope2.m == 0 || !afn_s_less(tol, afn_s_abs(g)))
            break;
        slope2.e++;
        next = afn_s_sub_near(tau, afn_s_div_near(g, slope2));
        if (afn_s_sign(next) <= 0)
            break;
        tau = next;
    }
    return tau;
}

