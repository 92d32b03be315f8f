/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: when the path is at a height. The flight is
 * marched segment by segment; on the segment that crosses the height the
 * crossing is placed: stepped, exactly on the engine's straight segment
 * (its fraction from the exact heights of its ends, rounded once to the
 * time); continuous, on the Runge-Kutta path to the nearer raw time
 * (afq_qd_cross_within), the apex's step searched from the apex itself.
 */
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_q16.h"

/* The time in the segment of f where the drop D crosses `target`, with
 * D_n and D_{n+1} the drops at its ends (target between them, D_n !=
 * D_{n+1}). */
static af_status crossing(const afq_qd_flight *f, int64_t d0, int64_t d1, int64_t target,
                          fix16_t *t)
{
    /* Drops at 2^62 or more (a body near Q16.16's ends) are halved first,
     * so that their differences cannot overflow. */
    int big = afi_abs64(target) >= ((uint64_t)1 << 62) || afi_abs64(d0) >= ((uint64_t)1 << 62) ||
              afi_abs64(d1) >= ((uint64_t)1 << 62);
    int64_t num = afi_floor_shift64(target, big) - afi_floor_shift64(d0, big);
    int64_t den = afi_floor_shift64(d1, big) - afi_floor_shift64(d0, big);
    fix16_t tau;
    af_status st;
    if (den == 0) {
        *t = afq_qd_time(f);
        return AF_OK;
    }
    if (den < 0) {
        num = -num;
        den = -den;
    }
    if (num < 0)
        num = 0;
    if (num > den)
        num = den;
    /* Both shifted until the span fits 31 bits: 0 <= num <= den. */
    while (den > INT32_MAX) {
        num >>= 1;
        den >>= 1;
    }
    st = af_muldiv_q16(f->m->dt, (fix16_t)num, (fix16_t)den, &tau);
    if (st == AF_OK && (int64_t)afq_qd_time(f) + tau > INT32_MAX)
        st = AF_ERR_OVERFLOW;
    if (st == AF_OK)
        *t = afq_qd_time(f) + tau;
    return st;
}

/* The event at t on the segment of f (t within it). */
static af_status event_at(afq_qd_flight *f, const af_body_q16 *start, fix16_t t,
                          af_drag_event_q16 *out)
{
    af_status st = afq_qd_seek(f, t, &out->state);
    if (st == AF_OK)
        st = afq_qd_height(f->m, &out->state.position, &start->position, &out->height);
    out->t = t;
    out->steps = 0;
    return st;
}

/* The drop at step n + 1 (the segment's far end). */
static af_status far_drop(const afq_qd_flight *f, const af_body_q16 *start, int64_t *d)
{
    return afq_qd_drop(f->m, &f->next.position, &start->position, d);
}

/* The continuous kind's rising branch in the step that holds the apex:
 * the crossing before the apex, if the apex reaches the height. */
static af_status rising_to_apex(afq_qd_flight *f, const af_body_q16 *start, int64_t target,
                                af_drag_event_q16 *out)
{
    af_body_q16 top;
    int64_t d;
    fix16_t ta, t;
    af_status st = afq_qd_apex_within(f, &ta, &top);
    if (st == AF_OK)
        st = afq_qd_drop(f->m, &top.position, &start->position, &d);
    if (st != AF_OK)
        return st;
    if (d > target)
        return AF_ERR_NO_SOLUTION;
    st = afq_qd_cross_within(f, &start->position, 0, ta - afq_qd_time(f), target, 0, &t);
    return st == AF_OK ? event_at(f, start, t, out) : st;
}

static af_status rising(afq_qd_flight *f, const af_body_q16 *start, int64_t target,
                        af_drag_event_q16 *out)
{
    const afq_qd_flight launch = *f;
    int64_t d0 = 0, d1;
    int up;
    fix16_t t, lo = 0; /* where the climb starts in the step */
    af_status st = afq_qd_march_dip(f, &up);
    if (st != AF_OK)
        return st;
    if (!up)
        return AF_ERR_NO_SOLUTION;
    if (f->n > 0) {
        /* Out of a dip: a climb that stays below the launch is no rising
         * branch (the apex is the launch); else it starts at the dip's
         * bottom, in this step. */
        afq_qd_flight top_flight = launch;
        af_body_q16 low;
        st = afq_qd_find_apex(&top_flight, &t, &low);
        if (st != AF_OK)
            return st;
        if (t == 0)
            return AF_ERR_NO_SOLUTION;
        st = afq_qd_bottom_within(f, &t, &low);
        if (st == AF_OK)
            st = afq_qd_drop(f->m, &low.position, &start->position, &d0);
        if (st != AF_OK)
            return st;
        if (target > d0)
            return AF_ERR_NO_SOLUTION;
        if (target == d0)
            return event_at(f, start, t, out);
        lo = t - afq_qd_time(f);
    } else if (target > 0) {
        return AF_ERR_NO_SOLUTION;
    } else if (target == 0) {
        return event_at(f, start, 0, out);
    }
    for (;;) {
        st = far_drop(f, start, &d1);
        if (st != AF_OK)
            return st;
        if (d1 <= target) {
            st = f->m->kind == AF_DRAG_KIND_CONTINUOUS
                     ? afq_qd_cross_within(f, &start->position, lo, f->m->dt, target, 0, &t)
                     : crossing(f, d0, d1, target, &t);
            return st == AF_OK ? event_at(f, start, t, out) : st;
        }
        lo = 0;
        st = afq_qd_advance(f);
        if (st == AF_OK)
            st = afq_qd_rising(f, &up);
        if (st != AF_OK)
            return st;
        if (!up)
            return f->m->kind == AF_DRAG_KIND_CONTINUOUS ? rising_to_apex(f, start, target, out)
                                                         : AF_ERR_NO_SOLUTION;
        d0 = d1;
    }
}

static af_status falling(afq_qd_flight *f, const af_body_q16 *start, int64_t target,
                         af_drag_event_q16 *out)
{
    int64_t d0, d1;
    fix16_t t, ta;
    af_body_q16 top;
    int continuous = f->m->kind == AF_DRAG_KIND_CONTINUOUS;
    /* The continuous kind's apex lies inside the step: the falling branch
     * starts there. */
    af_status st = afq_qd_find_apex(f, &ta, &top);
    if (st == AF_OK)
        st = afq_qd_drop(f->m, &top.position, &start->position, &d0);
    if (st != AF_OK)
        return st;
    if (target < d0)
        return AF_ERR_NO_SOLUTION;
    if (target == d0)
        return event_at(f, start, ta, out);
    ta -= afq_qd_time(f);
    for (;;) {
        st = far_drop(f, start, &d1);
        if (st != AF_OK)
            return st;
        if (d1 >= target) {
            st = continuous ? afq_qd_cross_within(f, &start->position, ta, f->m->dt, target, 1, &t)
                            : crossing(f, d0, d1, target, &t);
            return st == AF_OK ? event_at(f, start, t, out) : st;
        }
        ta = 0;
        st = afq_qd_advance(f);
        if (st != AF_OK)
            return st;
        d0 = d1;
    }
}

af_status af_qdrag_time_at_height_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                                      fix16_t height, af_branch branch, af_drag_event_q16 *out)
{
    afq_qd_flight f;
    af_qdrag_q16 m;
    fix16_t glen;
    int64_t target;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!start || !afq_qd_prepare(drag, afq_qd_speed_of(drag, &start->velocity), &m) ||
        (branch != AF_RISING && branch != AF_FALLING) ||
        (drag->gravity.x == 0 && drag->gravity.y == 0 && drag->gravity.z == 0))
        return AF_ERR_BAD_ARGUMENT;
    st = af_vec3_len_q16(&drag->gravity, &glen);
    if (st == AF_OK)
        st = afq_qd_start(&f, &m, start);
    if (st != AF_OK)
        return st;
    /* The height as a drop: -height |g| (Q32.32, exact for the rounded |g|). */
    target = -((int64_t)height * glen);
    st = branch == AF_RISING ? rising(&f, start, target, out) : falling(&f, start, target, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
