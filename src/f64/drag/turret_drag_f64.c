/* SPDX-License-Identifier: MIT */
/*
 * Turret aim with linear drag, double precision (see aimfix/turret.h).
 *
 * A projectile launched from the muzzle m with velocity u is at
 * m + a(f) (u - shift) + b(f) G after a flight f (drag_f64.h), and
 * u = speed barrel + the inherited velocity. So, as in vacuum, the shot
 * launched at L meets the target after f exactly when
 *     R(f) = target(L + f) - pivot(L) - a(f) (inherited - shift) - b(f) G
 *          = (muzzle_forward + speed a(f)) barrel + muzzle_up above,
 * which holds for some angles iff |R(f)| = hypot(muzzle_forward + speed
 * a(f), muzzle_up). A target of constant acceleration acc is taken at
 * the launch time (position and velocity then) and adds acc f^2/2 to R.
 * The flights are the roots of that gap in (0, max_time]:
 * sampled at f = 0 and at TURRET_DRAG_SAMPLES times spaced geometrically
 * from 2^-24 max_time to max_time, each sign change bisected to a double,
 * and each sampled dip (the gap's slope turning between two samples of one
 * sign) located by bisection on the slope and split into its two roots
 * when it reaches zero. The launch-time search is turret_search_f64.c's.
 */
#include "aimfix/turret.h"

#include <float.h>

#include "../turret_f64.h"
#include "drag_cap_f64.h"
#include "drag_f64.h"

#define TURRET_DRAG_SAMPLES 64
#define TURRET_DRAG_SPAN 16777216.0 /* 2^24: the first sample at max_time / 2^24 */
#define BISECT_STEPS 64

struct drag_aim {
    const af_turret_f64 *turret;
    const af_drag_f64 *drag;
    drag_law_f64 law;
    af_vec3_f64 D0, Vrel, Vt, q, acc;
    int accelerates; /* 0: the terms in acc are left out, for the constant-velocity bits */
    double max_time;
};

/* The gap and the reach at one launch time. */
struct reach {
    const struct drag_aim *a;
    af_vec3_f64 A, W;
};

static af_vec3_f64 reach_at(const struct reach *r, double f, const drag_coef_f64 *k)
{
    af_vec3_f64 R =
        afr_vaddk(afr_vaddk(afr_vaddk(r->A, r->W, f), r->a->q, -k->a), r->a->law.accel, -k->b);
    return r->a->accelerates ? afr_vaddk(R, r->a->acc, 0.5 * f * f) : R;
}

/* |R(f)| - hypot(muzzle_forward + speed a(f), muzzle_up), and its slope. */
static double gap(const struct reach *r, double f, double *slope)
{
    const af_turret_f64 *t = r->a->turret;
    drag_coef_f64 k;
    af_vec3_f64 R, dR;
    double len, lb, arm;
    afr_drag_coef_at_f64(&r->a->law, f, &k);
    R = reach_at(r, f, &k);
    dR = afr_vaddk(afr_vaddk(r->W, r->a->q, -k.da), r->a->law.accel, -k.db);
    if (r->a->accelerates)
        dR = afr_vaddk(dR, r->a->acc, f);
    len = afr_vnorm(R);
    lb = t->muzzle_forward + t->speed * k.a;
    arm = hypot(lb, t->muzzle_up);
    *slope = (len > 0.0 ? afr_vdot(R, dR) / len : 0.0) -
             (arm > 0.0 ? t->speed * k.da * lb / arm : t->speed * k.da);
    return len - arm;
}

/* Bisection between lo and hi, where the sign of the gap (or of its
 * slope, for `on_slope`) differs: the end on hi's side at the last step. */
static double bisect(const struct reach *r, double lo, double hi, int on_slope)
{
    double slope, v;
    int step, hi_pos;
    v = gap(r, hi, &slope);
    hi_pos = (on_slope ? slope : v) > 0.0;
    for (step = 0; step < BISECT_STEPS; step++) {
        double mid = lo + 0.5 * (hi - lo);
        if (!(mid > lo && mid < hi))
            break;
        v = gap(r, mid, &slope);
        if (((on_slope ? slope : v) > 0.0) == hi_pos)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

static void push(const struct reach *r, double f, afr_turret_flight_f64 *out, int *count)
{
    drag_coef_f64 k;
    if (*count >= AF_MAX_SHOTS || !(f > 0.0))
        return;
    afr_drag_coef_at_f64(&r->a->law, f, &k);
    out[*count].f = f;
    out[*count].R = reach_at(r, f, &k);
    out[*count].lb = r->a->turret->muzzle_forward + r->a->turret->speed * k.a;
    (*count)++;
}

static int flights(void *ctx, double L, afr_turret_flight_f64 *out)
{
    const struct drag_aim *a = ctx;
    struct reach r;
    double fa = 0.0, ga, sa;
    int j, count = 0;

    r.a = a;
    r.A = afr_vaddk(a->D0, a->Vrel, L);
    r.W = a->Vt;
    if (a->accelerates) {
        r.A = afr_vaddk(r.A, a->acc, 0.5 * L * L);
        r.W = afr_vaddk(r.W, a->acc, L);
    }
    if (!afr_vfinite(r.A))
        return 0;
    ga = gap(&r, 0.0, &sa);
    if (ga == 0.0)
        ga = sa; /* on the muzzle's circle now: no flight at 0, the side it moves to */
    for (j = 0; j <= TURRET_DRAG_SAMPLES && count < AF_MAX_SHOTS; j++) {
        double fb = a->max_time * pow(TURRET_DRAG_SPAN, (double)(j - TURRET_DRAG_SAMPLES) /
                                                            TURRET_DRAG_SAMPLES);
        double sb, gb = gap(&r, fb, &sb);
        if (!isfinite(gb) || !isfinite(ga))
            return count;
        if ((ga > 0.0) != (gb > 0.0)) {
            push(&r, bisect(&r, fa, fb, 0), out, &count);
        } else if ((ga > 0.0 && sa < 0.0 && sb > 0.0) || (ga <= 0.0 && sa > 0.0 && sb < 0.0)) {
            double s, fm = bisect(&r, fa, fb, 1), gm = gap(&r, fm, &s);
            if ((gm > 0.0) != (ga > 0.0)) {
                push(&r, bisect(&r, fa, fm, 0), out, &count);
                push(&r, bisect(&r, fm, fb, 0), out, &count);
            }
        }
        fa = fb;
        ga = gb;
        sa = sb;
    }
    return count;
}

/* The engine's cap over the shot's flight. */
static int keep(void *ctx, const af_turret_shot_f64 *shot)
{
    const struct drag_aim *a = ctx;
    af_body_f64 start;
    start.position = shot->muzzle;
    start.velocity = shot->velocity;
    return afr_drag_cap_f64(a->drag, &start, shot->flight) == AF_OK;
}

af_status af_turret_aim_drag_accel_f64(const af_turret_f64 *turret, const af_drag_f64 *drag,
                                       const af_body_accel_f64 *target, double max_time,
                                       af_turret_shots_f64 *out)
{
    struct drag_aim a;
    afr_turret_flights_f64 fn;
    afr_head_f64 head;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target || !afr_vfinite(target->position) || !afr_vfinite(target->velocity) ||
        !afr_vfinite(target->acceleration) || !isfinite(max_time) || !(max_time > 0.0) ||
        !afr_turret_frame_f64(turret, &head) || afr_drag_law_init_f64(drag, &a.law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    a.turret = turret;
    a.drag = drag;
    a.max_time = max_time;
    a.D0 = afr_vsub(target->position, turret->pivot);
    a.Vrel = afr_vsub(target->velocity, turret->velocity);
    a.Vt = target->velocity;
    a.acc = target->acceleration;
    a.accelerates = !afr_viszero(a.acc);
    a.q = afr_vsub((turret->flags & AF_INHERIT_VELOCITY) ? turret->velocity : afr_vzero(),
                   a.law.shift);
    if (!afr_vfinite(a.D0) || !afr_vfinite(a.Vrel) || !afr_vfinite(a.q))
        return AF_ERR_OVERFLOW;
    fn.flights = flights;
    fn.keep = keep;
    fn.ctx = &a;
    return afr_turret_search_f64(turret, target, &fn, out);
}

af_status af_turret_aim_drag_f64(const af_turret_f64 *turret, const af_drag_f64 *drag,
                                 const af_body_f64 *target, double max_time,
                                 af_turret_shots_f64 *out)
{
    af_body_accel_f64 body;
    af_status status = afr_turret_steady_f64(target, &body, out);
    if (status != AF_OK)
        return status;
    return af_turret_aim_drag_accel_f64(turret, drag, &body, max_time, out);
}
