/* SPDX-License-Identifier: MIT */
/* Power-of-two units fitted to a problem (see solve_q16.h). */
#include "solve_q16.h"

/* Bits of a magnitude: 0 for 0, else floor(log2 m) + 1. */
static int bits32(uint32_t m)
{
    return m ? 32 - afi_clz32(m) : 0;
}

void afq_fit_problem(const int32_t D[3], const int32_t V[3], const af_vec3_q16 *g, uint32_t speed,
                     struct afq_fit *f)
{
    afq_fit_problem_span(D, afq_top3(D), V, g, speed, f);
}

void afq_fit_problem_span(const int32_t D[3], uint32_t span, const int32_t V[3],
                          const af_vec3_q16 *g, uint32_t speed, struct afq_fit *f)
{
    int32_t graw[3];
    /* Only the leading bits of the largest magnitudes matter: ORs. */
    uint32_t vmax = (V ? afq_top3(V) : 0) | speed, gmax;
    int kv = 40;
    graw[0] = g->x;
    graw[1] = g->y;
    graw[2] = g->z;
    gmax = afq_top3(graw);
    f->kd = afq_fit30(span);
    f->mf = f->mu = 0;
    /* Speeds below 2^30 (a shift of 40 is far beyond any need: every
     * speed is at least 1 raw unit unless all are zero). */
    if (vmax)
        kv = afq_fit30(vmax);
    /* g 2^(2 kv - kd) below 2^30: 2 kv <= 30 + kd - bits(g). */
    if (gmax) {
        int room = 30 + f->kd - bits32(gmax);
        int kg = room >= 0 ? room / 2 : -((1 - room) / 2);
        if (kg < kv)
            kv = kg;
    }
    f->kv = kv;
    /* Gravity's mantissa, and what is left of the shift 2 kv - kd. */
    {
        int kg = gmax ? afq_fit30(gmax) : 0;
        f->ge = 2 * kv - f->kd - kg;
        afq_fit3(D, f->kd, f->d);
        if (V) {
            afq_fit3(V, kv, f->v);
            f->vr[0] = V[0];
            f->vr[1] = V[1];
            f->vr[2] = V[2];
        } else {
            f->v[0] = f->v[1] = f->v[2] = 0;
            f->vr[0] = f->vr[1] = f->vr[2] = 0;
        }
        /* kg is -2 for a component of -32768 m/s^2 (INT32_MIN raw), the
         * one magnitude of 2^31 a solver is given as it is (positions and
         * velocities are differences, checked to stay below 2^31). */
        afq_fit3(graw, kg, f->g);
    }
    f->s = afq_fit32((int32_t)speed, kv);
}
