/* SPDX-License-Identifier: MIT */
/*
 * Maximum range with drag in Q16 (see drag_range_f64.c): the farthest
 * landing on a level for a launch speed, over the elevation of the launch.
 *
 * The elevation is carried as the upward launch speed U in [U_min, speed]
 * (U = speed sin(elevation): the same search, with no angle to round): the
 * horizontal speed is sqrt(speed^2 - U^2). The height depends on U only,
 * so the lowest U that reaches the level is a root of h_apex(U) - H
 * (Newton from U = speed, slope a(t_apex)); the range, unimodal in U, is
 * maximised by a golden-section search of RANGE_GOLDEN_STEPS steps, which
 * narrows U to 0.618^44 < 2^-30 of its interval.
 *
 * The horizontal distance at the landing time t is the length of
 * a(t) h heading + b(t) k wind_h = a h heading + (t - t phi1) wind_h, the
 * second term the horizontal wind's for continuous drag (an engine's pull
 * is vertical).
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

#define RANGE_GOLDEN_STEPS 44

typedef struct range_problem {
    afdq_vertical vert;  /* U set per launch */
    afx speed, height;
    afx wind_along;    /* wind_h . heading (continuous drag) */
    afx wind_across2;  /* |wind_h|^2 - wind_along^2: the rest */
    afx U_shift;       /* the law's upward launch speed minus the body's:
                        * -W dt for an engine that moves first, else 0 */
} range_problem;

/* The landing at upward speed U: the range (afx, -1 when the flight never
 * comes down to the level) and the time. */
static afx range_at(range_problem *pb, afx U, afx *t)
{
    afx h, along, r2;
    afdq_coef k;
    afdq_terms terms;
    int steps;
    pb->vert.U = dx_add(U, pb->U_shift);
    if (afdq_height_time(&pb->vert, pb->height, AF_FALLING, t, &steps) != AF_OK)
        return afx_make(-1, 0);
    afdq_terms_at(&pb->vert.law, afx_dq(*t), &k, &terms);
    h = afx_sqrt(dx_sub(dx_mul(pb->speed, pb->speed), dx_mul(U, U)));
    along = dx_add(afx_mul_dq(h, terms.a), afx_mul_dq(pb->wind_along, k.tbk));
    r2 = dx_add(dx_mul(along, along), afx_mul_dq(afx_mul_dq(pb->wind_across2, k.tbk), k.tbk));
    return afx_sqrt(r2);
}

/* h_apex(U) - H and its slope a(t_apex), for U_min. */
static afx apex_excess(afx U, void *ctx, afx *slope, afx *noise)
{
    range_problem *pb = ctx;
    afdq_vertical *v = &pb->vert;
    afdq_coef k;
    afdq_terms terms;
    afx t, h;
    v->U = dx_add(U, pb->U_shift);
    /* The apex, or the launch for a body that never rises. */
    t = afdq_apex_time(v);
    if (t.m < 0)
        t.m = 0;
    afdq_terms_at(&v->law, afx_dq(t), &k, &terms);
    h = afdq_height_of(v, &terms);
    *slope = afdq_afx(terms.a);
    *noise = dx_add(afx_abs(h), afx_abs(pb->height));
    noise->e -= 27;
    return dx_sub(h, pb->height);
}

/* a . b for afx vectors. */
static afx dot3(const afx a[3], const afx b[3])
{
    return dx_add(dx_add(dx_mul(a[0], b[0]), dx_mul(a[1], b[1])), dx_mul(a[2], b[2]));
}

/* v - (v.up) up, the part of a Q16.16 vector across up. */
static void horizontal_part(const af_vec3_q16 *v, const afdq_vertical *vert, afx out[3])
{
    int64_t along = 0;
    afx a;
    int i;
    for (i = 0; i < 3; i++)
        along += afi_smul32((&v->x)[i], vert->up[i]);
    a = afx_make(along, -46);
    for (i = 0; i < 3; i++)
        out[i] = dx_sub(afx_raw((&v->x)[i]), dx_mul(a, afx_make(vert->up[i], -30)));
}

af_status af_drag_max_range_q16(const af_drag_q16 *drag, fix16_t speed, fix16_t height,
                                const af_vec3_q16 *heading, af_range_q16 *out)
{
    static const af_body_q16 rest = { { 0, 0, 0 }, { 0, 0, 0 } };
    const afx golden = { 1327217885, -31 }; /* (sqrt(5) - 1) / 2 */
    range_problem pb;
    afx lo, hi, lo_end, x1, x2, r1, r2, t1, t2, hlen2, best, t_best, range, hv[3];
    int i;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (speed <= 0 || !heading || afdq_vertical_init(drag, &rest, &pb.vert) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    /* The heading's horizontal part; vertical (or zero) when it is below
     * 2^-20 of the heading. */
    horizontal_part(heading, &pb.vert, hv);
    hlen2 = dot3(hv, hv);
    {
        afx floor2 = afdq_afx(afdq_make(af_vec3_len2_q16(heading), -32));
        floor2.e -= 40;
        if (!afx_mag_less(floor2, hlen2))
            return AF_ERR_BAD_ARGUMENT;
    }
    /* wind_h along and across the heading (continuous drag). */
    pb.wind_along.m = pb.wind_across2.m = 0;
    pb.wind_along.e = pb.wind_across2.e = 0;
    if (pb.vert.law.continuous) {
        afx w[3];
        horizontal_part(&drag->wind, &pb.vert, w);
        pb.wind_along = afx_div(dot3(hv, w), afx_sqrt(hlen2));
        pb.wind_across2 = dx_sub(dot3(w, w), dx_mul(pb.wind_along, pb.wind_along));
        if (pb.wind_across2.m < 0)
            pb.wind_across2.m = 0;
    }
    if (pb.vert.W.m >= 0)
        return AF_ERR_OUT_OF_RANGE; /* an updraft: the flight need not land */
    pb.speed = afx_raw(speed);
    pb.height = afx_raw(height);
    pb.U_shift = afx_make(0, 0);
    if (pb.vert.law.move_first)
        pb.U_shift = afx_neg(afx_mul_dq(pb.vert.W, pb.vert.law.unit));
    /* The lowest upward speed that reaches the level. */
    lo = afx_neg(pb.speed);
    if (pb.height.m > 0) {
        afx slope, noise;
        int steps;
        af_status st;
        if (apex_excess(pb.speed, &pb, &slope, &noise).m < 0)
            return AF_ERR_NO_SOLUTION;
        /* h_apex is convex in U: Newton from the upper end descends to the
         * root monotonically. */
        st = afdq_newton(apex_excess, &pb, afx_make(0, 0), pb.speed, pb.speed, &lo, &steps);
        if (st != AF_OK)
            return st;
    } else if (pb.height.m == 0) {
        /* On its own level only a flight that rises at launch, U rho +
         * W sigma lag > 0, lands after t = 0; every lower U lands at once
         * with range 0, a flat stretch in which the golden section would
         * lose the maximum (see drag_range_f64.c). */
        afx U0 = afx_div(afx_neg(afx_mul_dq(pb.vert.W, afdq_mul(pb.vert.law.sigma,
                                                                pb.vert.law.lag))),
                         afdq_afx(pb.vert.law.rho));
        U0 = dx_sub(U0, pb.U_shift); /* the body's upward speed */
        lo = afx_lt(U0, pb.speed) ? (U0.m > 0 ? U0 : afx_make(0, 0)) : pb.speed;
    }
    hi = pb.speed;
    lo_end = lo;
    x1 = dx_sub(hi, dx_mul(golden, dx_sub(hi, lo)));
    x2 = dx_add(lo, dx_mul(golden, dx_sub(hi, lo)));
    r1 = range_at(&pb, x1, &t1);
    r2 = range_at(&pb, x2, &t2);
    for (i = 0; i < RANGE_GOLDEN_STEPS; i++) {
        if (afx_lt(r1, r2)) {
            lo = x1;
            x1 = x2;
            r1 = r2;
            t1 = t2;
            x2 = dx_add(lo, dx_mul(golden, dx_sub(hi, lo)));
            r2 = range_at(&pb, x2, &t2);
        } else {
            hi = x2;
            x2 = x1;
            r2 = r1;
            t2 = t1;
            x1 = dx_sub(hi, dx_mul(golden, dx_sub(hi, lo)));
            r1 = range_at(&pb, x1, &t1);
        }
    }
    best = afx_lt(r1, r2) ? x2 : x1;
    t_best = afx_lt(r1, r2) ? t2 : t1;
    range = afx_lt(r1, r2) ? r2 : r1;
    /* The search closes in on an end only to 2^-30 of the interval, where
     * sqrt(speed^2 - U^2) still has 2^-15 of the speed: the ends
     * themselves (straight up, the lowest elevation) are tried as well. */
    for (i = 0; i < 2; i++) {
        afx end = i ? pb.speed : lo_end, t_end, r_end = range_at(&pb, end, &t_end);
        if (afx_lt(range, r_end)) {
            range = r_end;
            best = end;
            t_best = t_end;
        }
    }
    if (range.m < 0)
        return AF_ERR_NO_SOLUTION;
    if (!afx_to_raw(range, &out->range) || !afx_to_raw(t_best, &out->t) ||
        !afx_to_raw(afx_sqrt(dx_sub(dx_mul(pb.speed, pb.speed), dx_mul(best, best))),
                    &out->horizontal_speed) ||
        !afx_to_raw(best, &out->vertical_speed)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if (drag->kind == AF_DRAG_KIND_STEPPED && drag->max_move > 0) {
        /* The shot itself, for the engine's cap: horizontal speed along
         * the heading's horizontal part, U along up. */
        af_body_q16 shot = rest;
        afx hlen = afx_sqrt(hlen2), h = afx_raw(out->horizontal_speed);
        int ok = 1;
        for (i = 0; i < 3; i++)
            ok &= afx_to_raw(dx_add(dx_mul(h, afx_div(hv[i], hlen)),
                                    dx_mul(best, afx_make(pb.vert.up[i], -30))),
                             &(&shot.velocity.x)[i]);
        if (!ok || afdq_cap(&pb.vert.law, &shot, out->t) != AF_OK) {
            memset(out, 0, sizeof *out);
            return AF_ERR_ENGINE_LIMIT;
        }
    }
    return AF_OK;
}
