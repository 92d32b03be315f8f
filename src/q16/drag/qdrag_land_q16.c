/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: where the path meets terrain known through a
 * raycast. As af_qdrag_land_f64: chords over [0, max_time] cast in turn,
 * the hit one halved; stepped, at whole steps until it is one engine
 * segment (the body's own straight path); continuous, at any raw time
 * until the path's middle is within the tolerance of the chord's.
 */
#include <string.h>

#include "qdrag_q16.h"

typedef struct land {
    af_raycast_q16 raycast;
    void *user;
    int casts;
} land;

/* Casts the chord from a to b: 1 on a hit (in *hit), 0 on a miss or a
 * chord of no length; AF_ERR_OVERFLOW (negative) for a chord 32768 m long
 * or more. */
static int cast(land *c, const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *hit,
                af_status *st)
{
    af_vec3_q16 d, dir;
    fix16_t len;
    *st = af_vec3_sub_q16(b, a, &d);
    if (*st == AF_OK)
        *st = af_vec3_len_q16(&d, &len);
    if (*st != AF_OK || len == 0)
        return 0;
    *st = af_vec3_normalize_q16(&d, &dir);
    if (*st != AF_OK)
        return 0;
    c->casts++;
    return c->raycast(c->user, a, &dir, len, hit) != 0;
}

/* The whole step strictly inside (ta, tb) that halves the chord's steps;
 * 0 when the chord lies within one segment. The continuous kind's path
 * curves inside a step too: its chord is halved at any raw time. */
static int middle(const af_qdrag_q16 *m, fix16_t ta, fix16_t tb, fix16_t *tm)
{
    int32_t na = ta / m->dt, nb = tb / m->dt;
    if (m->kind == AF_DRAG_KIND_CONTINUOUS) {
        *tm = ta + (tb - ta) / 2;
        return *tm > ta && *tm < tb;
    }
    if (nb * m->dt == tb)
        nb--;
    if (nb <= na)
        return 0;
    *tm = (na + (nb - na + 1) / 2) * m->dt;
    return *tm > ta && *tm < tb;
}

/* The position at t from a copy of f. */
static af_status position_at(const afq_qd_flight *f, fix16_t t, afq_qd_flight *g,
                             af_vec3_q16 *p)
{
    af_body_q16 b;
    af_status st;
    *g = *f;
    st = afq_qd_seek(g, t, &b);
    if (st == AF_OK)
        *p = b.position;
    return st;
}

/* Whether the path's point mid is within tol of the chord from a to b's
 * middle (the continuous kind's end of the halving). */
static int flat(const af_vec3_q16 *a, const af_vec3_q16 *b, const af_vec3_q16 *mid, fix16_t tol)
{
    uint64_t d2 = 0;
    int i;
    for (i = 0; i < 3; i++) {
        /* mid - (a + b) / 2, each within tol (so its square below 2^62). */
        int64_t d = ((2 * (int64_t)(&mid->x)[i] - (&a->x)[i] - (&b->x)[i]) / 2);
        if (d > tol || d < -(int64_t)tol)
            return 0;
        d2 += (uint64_t)(d * d);
    }
    return d2 <= (uint64_t)((int64_t)tol * tol);
}

/* Narrows the hit chord [ta, tb] (flight f at ta) to one segment
 * (continuous: until the path's middle is within tol of the chord's). */
static af_status narrow(land *c, afq_qd_flight *f, fix16_t *ta, fix16_t *tb, af_vec3_q16 *a,
                        af_vec3_q16 *b, af_vec3_q16 *hit, fix16_t tol)
{
    for (;;) {
        afq_qd_flight g;
        af_vec3_q16 mid, h;
        fix16_t tm;
        af_status st;
        if (!middle(f->m, *ta, *tb, &tm))
            return AF_OK;
        st = position_at(f, tm, &g, &mid);
        if (st != AF_OK)
            return st;
        if (f->m->kind == AF_DRAG_KIND_CONTINUOUS && flat(a, b, &mid, tol))
            return AF_OK;
        if (c->casts + 2 > AF_QDRAG_LAND_MAX_CASTS)
            return AF_ERR_NO_CONVERGENCE;
        if (cast(c, a, &mid, &h, &st)) {
            *tb = tm;
            *b = mid;
            *hit = h;
            continue;
        }
        if (st == AF_OK && !cast(c, &mid, b, &h, &st))
            return st; /* terrain between the chord and the path: keep the last hit */
        if (st != AF_OK)
            return st;
        *f = g;
        *ta = tm;
        *a = mid;
        *hit = h;
    }
}

/* Where hit lies along the chord from a to b, as a time in [ta, tb]. */
static af_status time_along(const af_vec3_q16 *a, const af_vec3_q16 *b, const af_vec3_q16 *hit,
                            fix16_t ta, fix16_t tb, fix16_t *t)
{
    af_vec3_q16 d, e;
    int64_t dot;
    uint64_t num, den;
    fix16_t tau = 0;
    af_status st = af_vec3_sub_q16(b, a, &d);
    if (st == AF_OK)
        st = af_vec3_sub_q16(hit, a, &e);
    /* A hit too far to measure is clamped like any beyond the chord. */
    if (st == AF_OK && af_vec3_dot_q16(&e, &d, &dot) != AF_OK && dot == 0)
        st = AF_ERR_OVERFLOW;
    den = af_vec3_len2_q16(&d);
    *t = ta;
    if (st != AF_OK || den == 0 || dot <= 0)
        return st;
    num = (uint64_t)dot < den ? (uint64_t)dot : den;
    while (den > INT32_MAX) {
        num >>= 1;
        den >>= 1;
    }
    st = af_muldiv_q16(tb - ta, (fix16_t)num, (fix16_t)den, &tau);
    *t = ta + tau;
    return st;
}

af_status af_qdrag_land_q16(const af_qdrag_q16 *drag, const af_body_q16 *start, fix16_t max_time,
                            fix16_t tolerance, af_raycast_q16 raycast, void *user,
                            af_drag_landing_q16 *out)
{
    afq_qd_flight f;
    af_qdrag_q16 m;
    land c;
    af_vec3_q16 a, b, hit;
    af_body_q16 end;
    fix16_t ta = 0, tb = 0, t = 0;
    af_status st;
    int i, found = 0;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!raycast || !start || max_time <= 0 || tolerance <= 0 ||
        !afq_qd_prepare(drag, afq_qd_speed_of(drag, &start->velocity), &m))
        return AF_ERR_BAD_ARGUMENT;
    c.raycast = raycast;
    c.user = user;
    c.casts = 0;
    a = start->position;
    st = afq_qd_start(&f, &m, start);
    for (i = 1; st == AF_OK && !found && i <= AF_QDRAG_LAND_CHORDS; i++) {
        afq_qd_flight g;
        tb = (fix16_t)(((int64_t)max_time * i) / AF_QDRAG_LAND_CHORDS);
        st = position_at(&f, tb, &g, &b);
        if (st != AF_OK)
            break;
        found = cast(&c, &a, &b, &hit, &st);
        if (found)
            st = narrow(&c, &f, &ta, &tb, &a, &b, &hit, tolerance);
        else if (st == AF_OK) {
            f = g;
            ta = tb;
            a = b;
        }
    }
    if (st == AF_OK && !found)
        st = AF_ERR_NO_SOLUTION;
    if (st == AF_OK)
        st = time_along(&a, &b, &hit, ta, tb, &t);
    if (st == AF_OK)
        st = afq_qd_seek(&f, t, &end);
    if (st == AF_OK) {
        out->t = t;
        out->point = hit;
        out->velocity = end.velocity;
    } else
        memset(out, 0, sizeof *out);
    out->casts = c.casts;
    return st;
}
