/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: the farthest landing on a level at a given speed, over
 * the elevation. The range is signed, along the heading (as with linear
 * drag): a head wind can carry a steep lob back behind the launcher, and
 * that landing is no farther along the heading than one just short of it.
 *
 * The apex is highest where the launch's horizontal part meets the air's
 * (the drag on the rise is least there): straight up in still air or a
 * head wind, tilted downwind in a tail wind. When the vertical shot falls
 * short of the level, a golden section finds that highest elevation, and
 * the elevations that reach the level are the band around it, each end
 * found by bisection; the range's golden section then runs over the band.
 */
#include <math.h>
#include <string.h>

#include "../exact_f64.h"
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

/* The signed range along the heading of the shot at elev (-INFINITY when
 * it does not come down on the level: an error is reported through *st). */
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
        return afr_vdot(p, pb->side);
    }
    *t = 0.0;
    return -INFINITY;
}

/* The elevation in [lo, hi] whose apex is highest, by golden section (the
 * apex rises towards the elevation that meets the wind and falls past it). */
static double highest_apex(const range_pb *pb, double lo, double hi, af_status *st)
{
    static const double golden = 0.61803398874989484820;
    double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
    double ha = apex_height(pb, a, st), hb = -INFINITY;
    int i;
    if (*st == AF_OK)
        hb = apex_height(pb, b, st);
    for (i = 0; *st == AF_OK && i < AF_QDRAG_RANGE_ITER; i++) {
        if (ha >= hb) {
            hi = b;
            b = a;
            hb = ha;
            a = hi - golden * (hi - lo);
            ha = apex_height(pb, a, st);
        } else {
            lo = a;
            a = b;
            ha = hb;
            b = lo + golden * (hi - lo);
            hb = apex_height(pb, b, st);
        }
    }
    return ha >= hb ? a : b;
}

/* The end of the band of elevations whose apex reaches the level between
 * `out` (which does not) and `in` (which does), by halving. */
static double band_end(const range_pb *pb, double out, double in, af_status *st)
{
    int i;
    for (i = 0; i < LEVEL_HALVINGS; i++) {
        double m = 0.5 * (out + in);
        if (apex_height(pb, m, st) >= pb->height)
            in = m;
        else if (*st != AF_OK)
            return in;
        else
            out = m;
    }
    return in;
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
    /* The heading across gravity as the linear drag's range takes it (a
     * subnormal heading's projection lost its right angle to up). */
    if (!afr_across_f64(*heading, drag->gravity, &pb.side))
        return AF_ERR_BAD_ARGUMENT;
    pb.speed = speed;
    pb.height = height;

    hi = right;
    lo = height < 0.0 ? -right : 0.0;
    if (apex_height(&pb, hi, &st) < height) {
        /* Straight up falls short: only a shot tilted downwind can climb
         * higher, and the band that reaches the level lies around it. */
        double top;
        if (st != AF_OK)
            return st;
        top = highest_apex(&pb, lo, hi, &st);
        if (st != AF_OK)
            return st;
        if (apex_height(&pb, top, &st) < height)
            return st == AF_OK ? AF_ERR_NO_SOLUTION : st;
        hi = band_end(&pb, hi, top, &st);
        if (st == AF_OK && height > 0.0)
            lo = band_end(&pb, lo, top, &st);
        if (st != AF_OK)
            return st;
    } else if (st != AF_OK)
        return st;
    else if (height > 0.0) {
        /* The lowest elevation whose apex reaches the level. */
        lo = band_end(&pb, 0.0, right, &st);
        if (st != AF_OK)
            return st;
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
    if (best == -INFINITY)
        return AF_ERR_NO_SOLUTION;
    out->range = best;
    out->t = best_t;
    out->horizontal_speed = speed * cos(best_e);
    out->vertical_speed = speed * sin(best_e);
    return AF_OK;
}
