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
 * The range is signed, along the heading (see drag_range_f64.c): at the
 * landing time t it is a(t) h + b(t) k wind_along = a h + (t - t phi1)
 * wind_along, the second term the wind's along the heading for continuous
 * drag (an engine's pull is vertical); a drift across the heading moves the
 * landing sideways, not along.
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

#define RANGE_GOLDEN_STEPS 44

typedef struct range_problem {
    afq_drag_vertical vert; /* U set per launch */
    afn_snum speed, height;
    afn_snum wind_along; /* wind_h . heading (continuous drag) */
    afn_snum U_shift;    /* the law's upward launch speed minus the body's:
                        * -W dt for an engine that moves first, else 0 */
} range_problem;

/* A landing on the level: its signed range along the heading and its time;
 * lands 0 when the flight never comes down to the level. */
typedef struct range_landing {
    afn_snum range, t;
    int lands;
} range_landing;

/* a is farther along the heading than b. */
static int farther(const range_landing *a, const range_landing *b)
{
    return a->lands && (!b->lands || afn_s_lt(b->range, a->range));
}

/* The landing at upward speed U. */
static range_landing range_at(range_problem *pb, afn_snum U)
{
    range_landing l;
    afn_snum h;
    afq_drag_coef k;
    afq_drag_terms terms;
    int steps;
    pb->vert.U = afn_s_add_trunc(U, pb->U_shift);
    l.range = afn_s_make_near(0, 0);
    l.lands = afq_drag_height_time(&pb->vert, pb->height, AF_FALLING, &l.t, &steps) == AF_OK;
    if (!l.lands)
        return l;
    afq_drag_terms_at(&pb->vert.law, afn_s_to_u(l.t), &k, &terms);
    h = afn_s_sqrt_near(
        afn_s_sub_trunc(afn_s_mul_trunc(pb->speed, pb->speed), afn_s_mul_trunc(U, U)));
    l.range =
        afn_s_add_trunc(afn_s_mul_u_trunc(h, terms.a), afn_s_mul_u_trunc(pb->wind_along, k.tbk));
    return l;
}

/* h_apex(U) - H and its slope a(t_apex), for U_min. */
static afn_snum apex_excess(afn_snum U, void *ctx, afn_snum *slope, afn_snum *noise)
{
    range_problem *pb = ctx;
    afq_drag_vertical *v = &pb->vert;
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_snum t, h;
    v->U = afn_s_add_trunc(U, pb->U_shift);
    /* The apex, or the launch for a body that never rises. */
    t = afq_drag_apex_time(v);
    if (t.m < 0)
        t.m = 0;
    afq_drag_terms_at(&v->law, afn_s_to_u(t), &k, &terms);
    h = afq_drag_height_of(v, &terms);
    *slope = afn_u_to_s_sticky(terms.a);
    *noise = afn_s_add_trunc(afn_s_abs(h), afn_s_abs(pb->height));
    noise->e -= 27;
    return afn_s_sub_trunc(h, pb->height);
}

/* v x g of raw vectors (2^-32 units), each component exact before its one
 * rounding: its length is |g| times v's part across g, which thus keeps 30
 * bits however near g v lies (up's rounding, 2^-30, would leave a heading
 * 2^-19 off vertical 11 bits of its horizontal direction). */
static void cross_g(const af_vec3_q16 *v, const af_vec3_q16 *g, afn_snum out[3])
{
    int i;
    for (i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        int64_t p = afi_smul32((&v->x)[j], (&g->x)[k]), q = afi_smul32((&v->x)[k], (&g->x)[j]);
        /* p - q = hi 2^32 + lo, |hi| <= 2^31, lo in [0, 2^32). */
        int64_t hi = afi_floor_shift64(p, 32) - afi_floor_shift64(q, 32);
        int64_t lo = (int64_t)((uint64_t)p & 0xffffffffu) - (int64_t)((uint64_t)q & 0xffffffffu);
        if (lo < 0) {
            lo += (int64_t)1 << 32;
            hi -= 1;
        }
        out[i] = hi >= -((int64_t)1 << 30) && hi < ((int64_t)1 << 30)
                     ? afn_s_make_near(hi * ((int64_t)1 << 32) + lo, -32) /* exact */
                     : afn_s_add_trunc(afn_s_make_near(hi, 0), afn_s_make_near(lo, -32));
    }
}

af_status af_drag_max_range_q16(const af_drag_q16 *drag, fix16_t speed, fix16_t height,
                                const af_vec3_q16 *heading, af_range_q16 *out)
{
    static const af_body_q16 rest = { { 0, 0, 0 }, { 0, 0, 0 } };
    const afn_snum golden = { 1327217885, -31 }; /* (sqrt(5) - 1) / 2 */
    range_problem pb;
    afn_snum lo, hi, lo_end, x1, x2, g2, clen, best, hc[3];
    range_landing r1, r2, range;
    int i;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (speed <= 0 || !heading || afq_drag_vertical_init(drag, &rest, &pb.vert) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    /* The heading across g, hc = heading x g, |hc| = |g| |heading's
     * horizontal part|: vertical (or zero) when that part is below 2^-20
     * of the heading. */
    cross_g(heading, &drag->gravity, hc);
    g2 = afn_u_to_s_sticky(afn_u_make_trunc(af_vec3_len2_q16(&drag->gravity), -32));
    {
        afn_snum floor2 = afn_u_to_s_sticky(afn_u_make_trunc(af_vec3_len2_q16(heading), -32));
        floor2.e -= 40;
        if (!afn_s_mag_less(afn_s_mul_trunc(floor2, g2), afn_s_dot3_trunc(hc, hc)))
            return AF_ERR_BAD_ARGUMENT;
    }
    clen = afn_s_sqrt_near(afn_s_dot3_trunc(hc, hc));
    /* wind_h along the heading (continuous drag): (h x g).(w x g) =
     * |g|^2 h_h.w_h, the wind's vertical part gone before any rounding. */
    pb.wind_along = afn_s_make_near(0, 0);
    if (pb.vert.law.continuous) {
        afn_snum wc[3];
        cross_g(&drag->wind, &drag->gravity, wc);
        pb.wind_along = afn_s_div_near(afn_s_dot3_trunc(hc, wc),
                                       afn_s_mul_trunc(clen, afn_u_to_s_sticky(pb.vert.glen)));
    }
    if (pb.vert.W.m >= 0)
        return AF_ERR_OUT_OF_RANGE; /* an updraft: the flight need not land */
    pb.speed = afn_s_raw(speed);
    pb.height = afn_s_raw(height);
    pb.U_shift = afn_s_make_near(0, 0);
    if (pb.vert.law.move_first)
        pb.U_shift = afn_s_neg(afn_s_mul_u_trunc(pb.vert.W, pb.vert.law.unit));
    /* The lowest upward speed that reaches the level. */
    lo = afn_s_neg(pb.speed);
    if (pb.height.m > 0) {
        afn_snum slope, noise;
        int steps;
        af_status st;
        if (apex_excess(pb.speed, &pb, &slope, &noise).m < 0)
            return AF_ERR_NO_SOLUTION;
        /* h_apex is convex in U: Newton from the upper end descends to the
         * root monotonically. */
        st = afq_drag_newton(apex_excess, &pb, afn_s_make_near(0, 0), pb.speed, pb.speed, &lo,
                             &steps);
        if (st != AF_OK)
            return st;
    } else if (pb.height.m == 0) {
        /* On its own level only a flight that rises at launch, U rho +
         * W sigma lag > 0, lands after t = 0; every lower U lands at once
         * with range 0, a flat stretch in which the golden section would
         * lose the maximum (see drag_range_f64.c). */
        afn_snum U0 =
            afn_s_div_near(afn_s_neg(afn_s_mul_u_trunc(
                               pb.vert.W, afn_u_mul_trunc(pb.vert.law.sigma, pb.vert.law.lag))),
                           afn_u_to_s_sticky(pb.vert.law.rho));
        U0 = afn_s_sub_trunc(U0, pb.U_shift); /* the body's upward speed */
        lo = afn_s_lt(U0, pb.speed) ? (U0.m > 0 ? U0 : afn_s_make_near(0, 0)) : pb.speed;
    }
    hi = pb.speed;
    lo_end = lo;
    x1 = afn_s_sub_trunc(hi, afn_s_mul_trunc(golden, afn_s_sub_trunc(hi, lo)));
    x2 = afn_s_add_trunc(lo, afn_s_mul_trunc(golden, afn_s_sub_trunc(hi, lo)));
    r1 = range_at(&pb, x1);
    r2 = range_at(&pb, x2);
    for (i = 0; i < RANGE_GOLDEN_STEPS; i++) {
        if (farther(&r2, &r1)) {
            lo = x1;
            x1 = x2;
            r1 = r2;
            x2 = afn_s_add_trunc(lo, afn_s_mul_trunc(golden, afn_s_sub_trunc(hi, lo)));
            r2 = range_at(&pb, x2);
        } else {
            hi = x2;
            x2 = x1;
            r2 = r1;
            x1 = afn_s_sub_trunc(hi, afn_s_mul_trunc(golden, afn_s_sub_trunc(hi, lo)));
            r1 = range_at(&pb, x1);
        }
    }
    best = farther(&r2, &r1) ? x2 : x1;
    range = farther(&r2, &r1) ? r2 : r1;
    /* The search closes in on an end only to 2^-30 of the interval, where
     * sqrt(speed^2 - U^2) still has 2^-15 of the speed: the ends
     * themselves (straight up, the lowest elevation) are tried as well. */
    for (i = 0; i < 2; i++) {
        afn_snum end = i ? pb.speed : lo_end;
        range_landing r_end = range_at(&pb, end);
        if (farther(&r_end, &range)) {
            range = r_end;
            best = end;
        }
    }
    if (!range.lands)
        return AF_ERR_NO_SOLUTION;
    if (!afn_s_to_raw_near(range.range, &out->range) || !afn_s_to_raw_near(range.t, &out->t) ||
        !afn_s_to_raw_near(afn_s_sqrt_near(afn_s_sub_trunc(afn_s_mul_trunc(pb.speed, pb.speed),
                                                           afn_s_mul_trunc(best, best))),
                           &out->horizontal_speed) ||
        !afn_s_to_raw_near(best, &out->vertical_speed)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if (drag->kind == AF_DRAG_KIND_STEPPED && drag->max_move > 0) {
        /* The shot itself, for the engine's cap: horizontal speed along
         * the heading's horizontal part, U along up. */
        af_body_q16 shot = rest;
        afn_snum h = afn_s_raw(out->horizontal_speed), norm, across;
        int ok = 1;
        /* The horizontal direction g x (heading x g) / (|g| |hc|). */
        norm = afn_s_mul_trunc(clen, afn_u_to_s_sticky(pb.vert.glen));
        for (i = 0; i < 3; i++) {
            int j = (i + 1) % 3, k = (i + 2) % 3;
            across = afn_s_sub_trunc(afn_s_mul_trunc(afn_s_raw((&drag->gravity.x)[j]), hc[k]),
                                     afn_s_mul_trunc(afn_s_raw((&drag->gravity.x)[k]), hc[j]));
            ok &= afn_s_to_raw_near(
                afn_s_add_trunc(afn_s_mul_trunc(h, afn_s_div_near(across, norm)),
                                afn_s_mul_trunc(best, afn_s_make_near(pb.vert.up[i], -30))),
                &(&shot.velocity.x)[i]);
        }
        if (!ok || afq_drag_cap(&pb.vert.law, &shot, out->t) != AF_OK) {
            memset(out, 0, sizeof *out);
            return AF_ERR_ENGINE_LIMIT;
        }
    }
    return AF_OK;
}
