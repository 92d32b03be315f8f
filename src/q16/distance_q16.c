/* SPDX-License-Identifier: MIT */
/*
 * The distance between a lob and its target, and a root of the speed
 * equation refined on it (solve_q16.h): shared by the fixed-speed lobs at
 * a moving target and at a static point, where the equation's own
 * coefficients, rounded to 31 bits, cannot place a near-double root
 * finely enough for the asked speed.
 */
#include "distance_q16.h"

/* Newton steps on the distance for a root whose shot misses the speed:
 * from the equation's root, quadratic convergence to 30 bits. */
#define DISTANCE_POLISH_STEPS 6

/* The distance's floating operations, one copy each on ARMv6-M (inlined
 * there, the unrolled sums would crowd its flash); elsewhere inlined. */
static AFI_OUTLINE_M0 afn_snum dv_make(int64_t v, int e)
{
    return afn_s_make_near(v, e);
}

static AFI_OUTLINE_M0 afn_snum dv_add(afn_snum a, afn_snum b)
{
    return afn_s_add_near(a, b);
}

static AFI_OUTLINE_M0 afn_snum dv_sub(afn_snum a, afn_snum b)
{
    return afn_s_sub_near(a, b);
}

static AFI_OUTLINE_M0 afn_snum dv_mul(afn_snum a, afn_snum b)
{
    return afn_s_mul_near(a, b);
}

afn_snum afq_distance_value(const struct afq_fit *f, afn_snum tau, afn_snum *slope2, afn_snum *tol)
{
    afn_snum t2 = dv_mul(tau, tau), r2 = { 0, 0 }, size = { 0, 0 }, dot = { 0, 0 }, st, r;
    int i;
    for (i = 0; i < 3; i++) {
        afn_snum a = dv_make(f->d[i], 0);
        afn_snum b = dv_make(afi_smul32(f->v[i], tau.m), tau.e);
        afn_snum c = dv_make(-afi_smul32(f->g[i], t2.m), t2.e + f->ge - 1);
        afn_snum rate =
            dv_sub(dv_make(f->v[i], 0), dv_make(afi_smul32(f->g[i], tau.m), tau.e + f->ge));
        r = dv_add(dv_add(a, b), c);
        r2 = dv_add(r2, dv_mul(r, r));
        dot = dv_add(dot, dv_mul(r, rate));
        size = dv_add(size, dv_add(dv_add(afn_s_abs(a), afn_s_abs(b)), afn_s_abs(c)));
    }
    st = dv_make(afi_smul32(f->s, tau.m), tau.e);
    *slope2 = dv_sub(dot, dv_mul(dv_make(f->s, 0), st));
    *tol = dv_mul(size, dv_add(afn_s_sqrt_near(r2), st));
    tol->e -= 26;
    return dv_sub(r2, dv_mul(st, st));
}

afn_snum afq_distance_polish(const struct afq_fit *f, afn_snum tau)
{
    int step;
    for (step = 0; step < DISTANCE_POLISH_STEPS; step++) {
        afn_snum slope2, tol, g = afq_distance_value(f, tau, &slope2, &tol), next;
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

