/* SPDX-License-Identifier: MIT */
/*
 * The distance between a lob and its target, and a root of the speed
 * equation refined on it (xnum_q16.h): shared by the fixed-speed lobs at
 * a moving target and at a static point, where the equation's own
 * coefficients, rounded to 31 bits, cannot place a near-double root
 * finely enough for the asked speed.
 */
#include "xnum_q16.h"

/* Newton steps on the distance for a root whose shot misses the speed:
 * from the equation's root, quadratic convergence to 30 bits. */
#define DISTANCE_POLISH_STEPS 6

/* The distance's floating operations, one copy each on the M0 (inlined
 * there, the unrolled sums take 13 KiB); elsewhere GCC inlines them. */
static AFI_OUTLINE_M0 afx dv_make(int64_t v, int e)
{
    return afx_make(v, e);
}

static AFI_OUTLINE_M0 afx dv_add(afx a, afx b)
{
    return afx_add(a, b);
}

static AFI_OUTLINE_M0 afx dv_sub(afx a, afx b)
{
    return afx_sub(a, b);
}

static AFI_OUTLINE_M0 afx dv_mul(afx a, afx b)
{
    return afx_mul(a, b);
}

afx afx_distance_value(const struct afs_fit *f, afx tau, afx *slope2, afx *tol)
{
    afx t2 = dv_mul(tau, tau), r2 = { 0, 0 }, size = { 0, 0 }, dot = { 0, 0 }, st, r;
    int i;
    for (i = 0; i < 3; i++) {
        afx a = dv_make(f->d[i], 0);
        afx b = dv_make(afi_smul32(f->v[i], tau.m), tau.e);
        afx c = dv_make(-afi_smul32(f->g[i], t2.m), t2.e + f->ge - 1);
        afx rate = dv_sub(dv_make(f->v[i], 0), dv_make(afi_smul32(f->g[i], tau.m), tau.e + f->ge));
        r = dv_add(dv_add(a, b), c);
        r2 = dv_add(r2, dv_mul(r, r));
        dot = dv_add(dot, dv_mul(r, rate));
        size = dv_add(size, dv_add(dv_add(afx_abs(a), afx_abs(b)), afx_abs(c)));
    }
    st = dv_make(afi_smul32(f->s, tau.m), tau.e);
    *slope2 = dv_sub(dot, dv_mul(dv_make(f->s, 0), st));
    *tol = dv_mul(size, dv_add(afx_sqrt(r2), st));
    tol->e -= 26;
    return dv_sub(r2, dv_mul(st, st));
}

afx afx_distance_polish(const struct afs_fit *f, afx tau)
{
    int step;
    for (step = 0; step < DISTANCE_POLISH_STEPS; step++) {
        afx slope2, tol, g = afx_distance_value(f, tau, &slope2, &tol), next;
        if (slope2.m == 0 || !afx_less(tol, afx_abs(g)))
            break;
        slope2.e++;
        next = afx_sub(tau, afx_div(g, slope2));
        if (afx_sign(next) <= 0)
            break;
        tau = next;
    }
    return tau;
}

