/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, continuous kind: events inside one step. The
 * path between two steps is the Runge-Kutta step of the time past the
 * first (afq_qd_between), so the apex and a height's crossing are found
 * on it by halving that time down to one raw unit: at most
 * log2(AFQ_QD_MAX_H) = 11 halvings, each one Runge-Kutta step.
 */
#include <stddef.h>

#include "../../core/q16_internal.h"
#include "qdrag_q16.h"

/* The state tau past the step of f, and v . g there (exact, saturated
 * with its sign on overflow) into *vg unless NULL, the drop from p0
 * into *drop unless NULL. */
static af_status probe(const afq_qd_flight *f, fix16_t tau, const af_vec3_q16 *p0,
                       af_body_q16 *b, int64_t *vg, int64_t *drop)
{
    af_status st = AF_OK;
    if (tau <= 0)
        *b = f->at;
    else
        st = afq_qd_between(f->m, &f->at, &f->at_f, &f->next, tau, b);
    if (st == AF_OK && vg && af_vec3_dot_q16(&b->velocity, &f->m->gravity, vg) != AF_OK &&
        *vg == 0)
        st = AF_ERR_OVERFLOW;
    if (st == AF_OK && drop)
        st = afq_qd_drop(f->m, &b->position, p0, drop);
    return st;
}

/* Whether v . g is still on the side the turn leaves. */
static int before(int upward, int64_t vg)
{
    return upward ? vg >= 0 : vg < 0;
}

/* Where v . g crosses zero in the step of f: downward to upward
 * (`upward`, the bottom of a dip) or upward to not upward (the apex). */
static af_status turn_within(const afq_qd_flight *f, int upward, fix16_t *t, af_body_q16 *state)
{
    af_body_q16 blo, bhi;
    int64_t vlo, vhi;
    fix16_t lo = 0, hi = f->m->dt;
    af_status st = probe(f, 0, NULL, &blo, &vlo, NULL);
    if (st == AF_OK && before(upward, vlo))
        st = probe(f, hi, NULL, &bhi, &vhi, NULL);
    if (st != AF_OK)
        return st;
    if (!before(upward, vlo)) { /* turned at the step itself */
        *t = afq_qd_time(f);
        *state = blo;
        return AF_OK;
    }
    while (hi - lo > 1) {
        fix16_t mid = lo + (hi - lo) / 2;
        af_body_q16 b;
        int64_t vg;
        st = probe(f, mid, NULL, &b, &vg, NULL);
        if (st != AF_OK)
            return st;
        if (before(upward, vg)) {
            lo = mid;
            blo = b;
            vlo = vg;
        } else {
            hi = mid;
            bhi = b;
            vhi = vg;
        }
    }
    /* The one of the two nearer a vertical velocity of zero. */
    if (afi_abs64(vhi) < afi_abs64(vlo)) {
        lo = hi;
        blo = bhi;
    }
    *t = afq_qd_time(f) + lo;
    *state = blo;
    return AF_OK;
}

af_status afq_qd_apex_within(const afq_qd_flight *f, fix16_t *t, af_body_q16 *state)
{
    return turn_within(f, 0, t, state);
}

af_status afq_qd_bottom_within(const afq_qd_flight *f, fix16_t *t, af_body_q16 *state)
{
    return turn_within(f, 1, t, state);
}

af_status afq_qd_cross_within(const afq_qd_flight *f, const af_vec3_q16 *p0, fix16_t lo,
                              fix16_t hi, int64_t target, int falling, fix16_t *t)
{
    af_body_q16 b;
    int64_t dlo, dhi;
    af_status st = probe(f, lo, p0, &b, NULL, &dlo);
    if (st == AF_OK)
        st = probe(f, hi, p0, &b, NULL, &dhi);
    if (st != AF_OK)
        return st;
    /* Not reached at lo, reached at hi: the drop rises past the target
     * when falling, sinks past it when rising. */
    while (hi - lo > 1) {
        fix16_t mid = lo + (hi - lo) / 2;
        int64_t d;
        st = probe(f, mid, p0, &b, NULL, &d);
        if (st != AF_OK)
            return st;
        if (falling ? d >= target : d <= target) {
            hi = mid;
            dhi = d;
        } else {
            lo = mid;
            dlo = d;
        }
    }
    /* The nearer of the two (differences of drops below 2^62 each). */
    if (afi_abs64(afi_floor_shift64(dhi, 1) - afi_floor_shift64(target, 1)) <=
        afi_abs64(afi_floor_shift64(dlo, 1) - afi_floor_shift64(target, 1)))
        lo = hi;
    if ((int64_t)afq_qd_time(f) + lo > INT32_MAX)
        return AF_ERR_OVERFLOW;
    *t = afq_qd_time(f) + lo;
    return AF_OK;
}
