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
 *
 * A stepped model's launches whose first step folds the velocity relative
 * to the air (qdrag_f64.h) are refused, as the aims refuse them: their
 * flights explode chaotically. They form an arc of elevations, found in
 * closed form; the search runs over each piece of the rest.
 */
#include <math.h>
#include <string.h>

#include "../exact_f64.h"
#include "qdrag_f64.h"

/* Halvings of the elevation that reaches the level: 2^-60 of a right angle. */
#define LEVEL_HALVINGS 60

typedef struct range_pb {
    const af_qdrag_f64 *drag;
    const qd_law_f64 *law;
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
    *t = 0.0;
    /* The closed-form arc's ends may be an ulp into the folding launches. */
    if (afr_qd_first_step_folds_f64(pb->law, b.velocity)) {
        *st = AF_OK;
        return -INFINITY;
    }
    *st = af_qdrag_time_at_height_f64(pb->drag, &b, pb->height, AF_FALLING, &e);
    if (*st == AF_ERR_NO_SOLUTION)
        *st = AF_OK;
    else if (*st == AF_OK) {
        p = e.state.position;
        *t = e.t;
        return afr_vdot(p, pb->side);
    }
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

/* The elevations in [lo, hi] whose launch's first step does not fold,
 * as up to two intervals into piece; their count. The launch is s d(e),
 * d(e) = cos e side + sin e up, and the first step's velocity through the
 * air is s d(e) + q (q = g dt - w, or -w drag first): it folds where
 * |s d + q|^2 = s^2 + |q|^2 + 2 s (cos e A + sin e B) >= R^2,
 * A = side.q, B = up.q, R = (1 - c dt) / (2 k dt); that is, where
 * cos(e - atan2(B, A)) >= x, x = (R^2 - s^2 - |q|^2) / (2 s hypot(A, B)). */
static int unfolded(const range_pb *pb, double lo, double hi, double piece[2][2])
{
    const double pi = 3.14159265358979323846;
    const qd_law_f64 *L = pb->law;
    af_vec3_f64 q;
    double R, s = pb->speed, qn, A, B, M, x, psi, half;
    int k, n = 0;
    piece[0][0] = lo;
    piece[0][1] = hi;
    if (!L->stepped)
        return 1;
    if (!(L->c * L->dt < 1.0))
        return 0;
    if (L->k == 0.0)
        return 1;
    q = afr_vscale(L->w, -1.0);
    if (!L->drag_first)
        q = afr_vaddk(q, L->g, L->dt);
    R = (1.0 - L->c * L->dt) / (2.0 * L->k * L->dt);
    qn = afr_vnorm(q);
    A = afr_vdot(pb->side, q);
    B = afr_vdot(pb->up, q);
    M = hypot(A, B);
    /* Factored so that no square overflows first. */
    x = (R - s) * ((R + s) / (2.0 * s)) - qn * (qn / (2.0 * s));
    if (M > 0.0)
        x /= M;
    else
        x = x > 0.0 ? INFINITY : -INFINITY;
    if (!(x == x) || x > 1.0) /* NaN: each launch is still checked in range_of */
        return 1;
    if (x <= -1.0)
        return 0;
    /* The free elevations: within pi - acos(x) = acos(-x) of psi (mod 2 pi). */
    psi = atan2(B, A) + pi;
    half = acos(-x);
    for (k = -1; k <= 0; k++) {
        double a = fmax(lo, psi - half + 2.0 * pi * k), b = fmin(hi, psi + half + 2.0 * pi * k);
        if (a <= b) {
            piece[n][0] = a;
            piece[n][1] = b;
            n++;
        }
    }
    return n;
}

/* The farthest landing from the elevations in [lo, hi] (AF_ERR_NO_SOLUTION
 * when none reaches the level): its range, time and elevation. */
static af_status search(const range_pb *pb, double lo, double hi, double *best_r,
                        double *best_tt, double *best_ee)
{
    static const double golden = 0.61803398874989484820;
    af_status st;
    /* rb and tb are set before any use; zeroed for GCC's -Os, which cannot see it. */
    double a, b, ra, rb = 0.0, ta, tb = 0.0, best, best_t, best_e, r, t;
    double height = pb->height;
    int i;

    if (apex_height(pb, hi, &st) < height) {
        /* The highest elevation falls short: only a shot tilted downwind
         * can climb higher, and the band that reaches the level lies
         * around it. */
        double top;
        if (st != AF_OK)
            return st;
        top = highest_apex(pb, lo, hi, &st);
        if (st != AF_OK)
            return st;
        if (apex_height(pb, top, &st) < height)
            return st == AF_OK ? AF_ERR_NO_SOLUTION : st;
        hi = band_end(pb, hi, top, &st);
        if (st == AF_OK && height > 0.0)
            lo = band_end(pb, lo, top, &st);
        if (st != AF_OK)
            return st;
    } else if (st != AF_OK)
        return st;
    else if (height > 0.0) {
        /* The lowest elevation whose apex reaches the level. */
        lo = band_end(pb, lo, hi, &st);
        if (st != AF_OK)
            return st;
    }
    /* The ends, then the golden section between them. */
    best_e = lo;
    best = range_of(pb, lo, &best_t, &st);
    if (st != AF_OK)
        return st;
    r = range_of(pb, hi, &t, &st);
    if (st != AF_OK)
        return st;
    if (r > best) {
        best = r;
        best_t = t;
        best_e = hi;
    }
    a = hi - golden * (hi - lo);
    b = lo + golden * (hi - lo);
    ra = range_of(pb, a, &ta, &st);
    if (st == AF_OK)
        rb = range_of(pb, b, &tb, &st);
    for (i = 0; st == AF_OK && i < AF_QDRAG_RANGE_ITER; i++) {
        if (ra >= rb) {
            hi = b;
            b = a;
            rb = ra;
            tb = ta;
            a = hi - golden * (hi - lo);
            ra = range_of(pb, a, &ta, &st);
        } else {
            lo = a;
            a = b;
            ra = rb;
            ta = tb;
            b = lo + golden * (hi - lo);
            rb = range_of(pb, b, &tb, &st);
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
    *best_r = best;
    *best_tt = best_t;
    *best_ee = best_e;
    return AF_OK;
}

af_status af_qdrag_max_range_f64(const af_qdrag_f64 *drag, double speed, double height,
                                 const af_vec3_f64 *heading, af_range_f64 *out)
{
    const double right = 1.57079632679489661923;
    qd_law_f64 law;
    range_pb pb;
    af_status st;
    double piece[2][2], best = -INFINITY, best_t = 0.0, best_e = 0.0, lo;
    int i, n;

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
    pb.law = &law;
    pb.up = law.up;
    /* The heading across gravity as the linear drag's range takes it (a
     * subnormal heading's projection lost its right angle to up). */
    if (!afr_across_f64(*heading, drag->gravity, &pb.side))
        return AF_ERR_BAD_ARGUMENT;
    pb.speed = speed;
    pb.height = height;

    lo = height < 0.0 ? -right : 0.0;
    n = unfolded(&pb, lo, right, piece);
    for (i = 0; i < n; i++) {
        double r, t, e;
        st = search(&pb, piece[i][0], piece[i][1], &r, &t, &e);
        if (st == AF_ERR_NO_SOLUTION)
            continue;
        if (st != AF_OK)
            return st;
        if (r > best) {
            best = r;
            best_t = t;
            best_e = e;
        }
    }
    if (best == -INFINITY) {
        /* Refused launches might have landed: the engine's rule, not the
         * level, leaves no shot. */
        int whole = n == 1 && piece[0][0] == lo && piece[0][1] == right;
        return whole ? AF_ERR_NO_SOLUTION : AF_ERR_ENGINE_LIMIT;
    }
    out->range = best;
    out->t = best_t;
    out->horizontal_speed = speed * cos(best_e);
    out->vertical_speed = speed * sin(best_e);
    return AF_OK;
}
