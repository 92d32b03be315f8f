/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: the farthest landing on a level at a given speed, over
 * the elevation (the lowest that still reaches the level found first by
 * bisection on the apex height, which grows with the elevation).
 */
#include <math.h>
#include <string.h>

#include "qdrag_f64.h"

/* Halvings of the elevation that reaches the level: 2^-60 of a right angle. */
#define LEVEL_HALVINGS 60

typedef struct range_pb {
    const af_qdrag_f64 *drag;
    af_vec3_f64 up, side; /* unit vectors: up, and the heading's horizontal part */
    double speed, height;
} range_pb;

static af_body_f64 launch(const range_pb *pb, double elev)
{
    af_body_f64 b;
    b.position = afr_vzero();
    b.velocity =
        afr_vaddk(afr_vscale(pb->side, pb->speed * cos(elev)), pb->up, pb->speed * sin(elev));
    return b;
}

/* The apex height of the shot at elev; -INFINITY when it fails. */
static double apex_height(const range_pb *pb, double elev, af_status *st)
{
    af_body_f64 b = launch(pb, elev);
    af_drag_event_f64 e;
    *st = af_qdrag_apex_f64(pb->drag, &b, &e);
    return *st == AF_OK ? e.height : -INFINITY;
}

/* The range of the shot at elev (-1 when it does not come down on the
 * level: an error is reported through *st). */
static double range_of(const range_pb *pb, double elev, double *t, af_status *st)
{
    af_body_f64 b = launch(pb, elev);
    af_drag_event_f64 e;
    af_vec3_f64 p;
    *st = af_qdrag_time_at_height_f64(pb->drag, &b, pb->height, AF_FALLING, &e);
    if (*st == AF_ERR_NO_SOLUTION)
        *st = AF_OK;
    else if (*st == AF_OK) {
        p = e.state.position;
        *t = e.t;
        return afr_vnorm(afr_vaddk(p, pb->up, -afr_vdot(p, pb->up)));
    }
    *t = 0.0;
    return -1.0;
}

af_status af_qdrag_max_range_f64(const af_qdrag_f64 *drag, double speed, double height,
                                 const af_vec3_f64 *heading, af_range_f64 *out)
{
    static const double golden = 0.61803398874989484820;
    const double right = 1.57079632679489661923;
    qd_law_f64 law;
    range_pb pb;
    af_status st;
    /* rb and tb are set before any use; zeroed for GCC's -Os, which cannot see it. */
    double lo, hi, a, b, ra, rb = 0.0, ta, tb = 0.0, best, best_t, best_e, r, t;
    int i;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!heading || !afr_vfinite(*heading) || !isfinite(speed) || !(speed > 0.0) ||
        !isfinite(height))
        return AF_ERR_BAD_ARGUMENT;
    st = afr_qd_law_f64(drag, &law);
    if (st != AF_OK)
        return st;
    if (law.gn == 0.0)
        return AF_ERR_BAD_ARGUMENT;
    pb.drag = drag;
    pb.up = law.up;
    pb.side = afr_vaddk(*heading, law.up, -afr_vdot(*heading, law.up));
    if (!(afr_vnorm(pb.side) > 1e-12 * afr_vnorm(*heading)))
        return AF_ERR_BAD_ARGUMENT;
    pb.side = afr_vdiv(pb.side, afr_vnorm(pb.side));
    pb.speed = speed;
    pb.height = height;

    hi = right;
    if (apex_height(&pb, hi, &st) < height)
        return st == AF_OK ? AF_ERR_NO_SOLUTION : st;
    lo = height < 0.0 ? -right : 0.0;
    if (height > 0.0) {
        /* The lowest elevation whose apex reaches the level. */
        double l = 0.0, h = right;
        for (i = 0; i < LEVEL_HALVINGS; i++) {
            double m = 0.5 * (l + h);
            if (apex_height(&pb, m, &st) >= height)
                h = m;
            else if (st != AF_OK)
                return st;
            else
                l = m;
        }
        lo = h;
    }
    /* The ends, then the golden section between them. */
    best_e = lo;
    best = range_of(&pb, lo, &best_t, &st);
    if (st != AF_OK)
        return st;
    r = range_of(&pb, hi, &t, &st);
    if (st != AF_OK)
        return st;
    if (r > best) {
        best = r;
        best_t = t;
        best_e = hi;
    }
    a = hi - golden * (hi - lo);
    b = lo + golden * (hi - lo);
    ra = range_of(&pb, a, &ta, &st);
    if (st == AF_OK)
        rb = range_of(&pb, b, &tb, &st);
    for (i = 0; st == AF_OK && i < AF_QDRAG_RANGE_ITER; i++) {
        if (ra >= rb) {
            hi = b;
            b = a;
            rb = ra;
            tb = ta;
            a = hi - golden * (hi - lo);
            ra = range_of(&pb, a, &ta, &st);
        } else {
            lo = a;
            a = b;
            ra = rb;
            ta = tb;
            b = lo + golden * (hi - lo);
            rb = range_of(&pb, b, &tb, &st);
        }
    }
    if (st != AF_OK)
        return st;
    if (ra > best) {
        best = ra;
        best_t = ta;
        best_e = a;
    }
    if (rb > best) {
        best = rb;
        best_t = tb;
        best_e = b;
    }
    if (best < 0.0)
        return AF_ERR_NO_SOLUTION;
    out->range = best;
    out->t = best_t;
    out->horizontal_speed = speed * cos(best_e);
    out->vertical_speed = speed * sin(best_e);
    return AF_OK;
}
