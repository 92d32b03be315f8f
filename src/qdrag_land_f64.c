/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: where the flight meets terrain known through a raycast.
 * Chords along the flight are cast in turn until one hits; that chord is
 * halved until the arc lies within the tolerance of it (stepped: until it
 * is one engine segment, the body's own path).
 */
#include <math.h>
#include <string.h>

#include "qdrag_f64.h"

typedef struct land {
    af_raycast_f64 raycast;
    void *user;
    int casts;
} land;

/* Casts the chord from a to b: 1 on a hit (stored in *hit), 0 on a miss or
 * a chord of no length; -1 for a hit that is not finite. */
static int cast(land *c, af_vec3_f64 a, af_vec3_f64 b, af_vec3_f64 *hit)
{
    af_vec3_f64 d = vsub(b, a);
    double len = vnorm(d);
    af_vec3_f64 h;
    if (!(len > 0.0) || !isfinite(len))
        return 0;
    d = vdiv(d, len);
    c->casts++;
    if (!c->raycast(c->user, &a, &d, len, &h))
        return 0;
    if (!vfinite(h))
        return -1;
    *hit = h;
    return 1;
}

/* How far the arc's middle m lies from the chord's middle: with the
 * acceleration about constant along a short chord, the arc at the fraction
 * s of its time is within 4 s (1 - s) of that from the chord's point at s,
 * so the hit, placed on the chord by its fraction, is within it of the
 * flight at its time. */
static double sag(af_vec3_f64 a, af_vec3_f64 b, af_vec3_f64 m)
{
    return vnorm(vsub(m, vscale(vadd(a, b), 0.5)));
}

/* The position at t from a copy of the flight at its node. */
static af_status position_at(const qd_flight_f64 *from, double t, qd_flight_f64 *to,
                             af_vec3_f64 *p)
{
    double y[QD_DIM];
    af_status st;
    *to = *from;
    st = afr_qd_at_f64(to, t, y);
    if (st == AF_OK)
        *p = qd_vec(y);
    return st;
}

/* The chord's middle: a whole step for the stepped kind (ta < tm < tb),
 * or none when the chord lies within one segment (returns 0). */
static int middle(const qd_law_f64 *L, double ta, double tb, double *tm)
{
    if (L->stepped) {
        long na, nb;
        double fa, fb;
        afr_qd_split_f64(L, ta, &na, &fa);
        afr_qd_split_f64(L, tb, &nb, &fb);
        if (fb == 0.0)
            nb--;
        if (nb <= na)
            return 0;
        *tm = (double)(na + (nb - na + 1) / 2) * L->dt;
        return *tm > ta && *tm < tb;
    }
    *tm = ta + 0.5 * (tb - ta);
    return *tm > ta && *tm < tb;
}

/* Narrows the chord [ta, tb] from flight f (node at ta, position a) whose
 * cast hit at *hit, until it is within the tolerance of the arc. */
static af_status narrow(land *c, qd_flight_f64 *f, double *ta, double *tb, af_vec3_f64 *a,
                        af_vec3_f64 *b, double tol, af_vec3_f64 *hit)
{
    for (;;) {
        qd_flight_f64 g;
        af_vec3_f64 m, h;
        double tm;
        int r;
        af_status st;
        if (!middle(f->law, *ta, *tb, &tm))
            return AF_OK;
        st = position_at(f, tm, &g, &m);
        if (st != AF_OK)
            return st;
        if (!f->law->stepped && sag(*a, *b, m) <= tol)
            return AF_OK;
        if (c->casts + 2 > AF_QDRAG_LAND_MAX_CASTS)
            return AF_ERR_NO_CONVERGENCE;
        r = cast(c, *a, m, &h);
        if (r < 0)
            return AF_ERR_BAD_ARGUMENT;
        if (r) {
            *tb = tm;
            *b = m;
            *hit = h;
            continue;
        }
        r = cast(c, m, *b, &h);
        if (r < 0)
            return AF_ERR_BAD_ARGUMENT;
        if (!r)
            return AF_OK; /* terrain between the chord and the arc: keep the last hit */
        *f = g;
        *ta = tm;
        *a = m;
        *hit = h;
    }
}

af_status af_qdrag_land_f64(const af_qdrag_f64 *drag, const af_body_f64 *start, double max_time,
                            double tolerance, af_raycast_f64 raycast, void *user,
                            af_drag_landing_f64 *out)
{
    qd_law_f64 law;
    qd_flight_f64 f;
    land c;
    af_vec3_f64 a, b, hit;
    double ta, tb, y[QD_DIM];
    af_status st;
    int i;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!raycast || !body_ok_f64(start) || !isfinite(max_time) || !(max_time > 0.0) ||
        !isfinite(tolerance) || !(tolerance > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    st = afr_qd_law_f64(drag, &law);
    if (st != AF_OK)
        return st;
    c.raycast = raycast;
    c.user = user;
    c.casts = 0;
    afr_qd_start_f64(&f, &law, start, 0);
    a = start->position;
    ta = 0.0;
    for (i = 1; i <= AF_QDRAG_LAND_CHORDS; i++) {
        qd_flight_f64 g;
        int r;
        tb = i == AF_QDRAG_LAND_CHORDS ? max_time : max_time * ((double)i / AF_QDRAG_LAND_CHORDS);
        st = position_at(&f, tb, &g, &b);
        if (st != AF_OK)
            break;
        r = cast(&c, a, b, &hit);
        if (r < 0) {
            st = AF_ERR_BAD_ARGUMENT;
            break;
        }
        if (r) {
            st = narrow(&c, &f, &ta, &tb, &a, &b, tolerance, &hit);
            break;
        }
        f = g;
        ta = tb;
        a = b;
        st = AF_ERR_NO_SOLUTION;
    }
    if (st == AF_OK) {
        /* Where the hit lies along the last chord. */
        af_vec3_f64 d = vsub(b, a);
        double dd = vdot(d, d), s = dd > 0.0 ? vdot(vsub(hit, a), d) / dd : 0.0;
        double t = ta + (tb - ta) * fmin(1.0, fmax(0.0, s));
        st = afr_qd_at_f64(&f, fmax(t, f.t), y);
        if (st == AF_OK) {
            out->t = t;
            out->point = hit;
            out->velocity = qd_vec(y + 3);
        }
    }
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    out->casts = c.casts;
    return st;
}
