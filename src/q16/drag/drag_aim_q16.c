/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag in Q16: the launch velocity for a chosen time of flight
 * (closed form) and the launch velocities of a chosen speed (the scan and
 * refinements of drag_aim_f64.c, read it first; here the scan skips what
 * a bound proves empty, see safe_stretch and scan_roots).
 *
 * Meeting the target at P(T) = target + V T fixes the world launch
 * velocity
 *     v0(T) = (D + V T - b G) / a,   D = target - shooter,
 * and the launcher gives u = v0 (minus the shooter's velocity when it is
 * inherited). For continuous drag b G = b g + (T - T phi1) wind, as in
 * the forward prediction (b k = T - T phi1). Each component of v0 is one
 * afq_drag_apply of the coefficients 1/a, T/a, b/a (and (T - T phi1)/a) to the
 * Q16.16 vectors, rounded once to a raw value: the speed equation of the
 * scan is solved to the precision of the velocity's last bit.
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

typedef struct aim_problem {
    afq_drag_law law;
    afq_drag_vec in[4]; /* D, V, gravity, wind (gravity again when the
                          * engine moves first: its + g dt) */
    af_vec3_q16 D;     /* target - shooter */
    const af_body_q16 *shooter, *target;
    int inherit, terms; /* 3, or 4 with continuous drag's wind */
    afn_snum speed;
    afn_unum len[5];    /* |D|, |V|, |g|, |wind|, and a bound on the velocity
                          * carried: |v shooter| when inherited, plus |g| dt
                          * when the engine moves first */
    afn_snum dir[4][3]; /* V, gravity, wind, v shooter (m/s, m/s^2): af_drag_aim_speed_q16 */
    const af_vec3_q16 *accel; /* the target's acceleration, NULL for none */
    afq_drag_vec acc;         /* it, for afq_drag_apply */
    afn_unum acc_len;         /* |A| */
    afn_snum acc_dir[3];      /* A (m/s^2) */
} aim_problem;

static const afn_unum one = { 0x80000000u, -31 };

static afn_unum length_of(const af_vec3_q16 *v)
{
    return afn_u_sqrt(afn_u_make(af_vec3_len2_q16(v), -32));
}

/* AF_OK, AF_ERR_BAD_ARGUMENT, or AF_ERR_OUT_OF_RANGE when D does not fit. */
static af_status aim_setup(aim_problem *pb, const af_drag_q16 *drag, const af_body_q16 *shooter,
                           const af_body_q16 *target, unsigned flags)
{
    int64_t d[3];
    int i;
    if (!shooter || !target || afq_drag_law_init(drag, &pb->law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    afq_drag_law_rate(&pb->law);
    for (i = 0; i < 3; i++) {
        d[i] = (int64_t)(&target->position.x)[i] - (&shooter->position.x)[i];
        if (d[i] > INT32_MAX || d[i] < INT32_MIN)
            return AF_ERR_OUT_OF_RANGE;
    }
    pb->D.x = (fix16_t)d[0];
    pb->D.y = (fix16_t)d[1];
    pb->D.z = (fix16_t)d[2];
    pb->shooter = shooter;
    pb->target = target;
    pb->inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    pb->terms = pb->law.continuous ? 4 : 3;
    afq_drag_vec_of(&pb->D, &pb->in[0]);
    afq_drag_vec_of(&target->velocity, &pb->in[1]);
    afq_drag_vec_of(&drag->gravity, &pb->in[2]);
    afq_drag_vec_of(&drag->wind, &pb->in[3]);
    pb->len[0] = length_of(&pb->D);
    pb->len[1] = length_of(&target->velocity);
    pb->len[2] = length_of(&drag->gravity);
    /* A stepped model has no wind (its field is ignored): none in the
     * speed equation's noise or the scan's bounds either. */
    pb->len[3] = pb->law.continuous ? length_of(&drag->wind) : afn_u_make(0, 0);
    pb->len[4] = pb->inherit ? length_of(&shooter->velocity) : afn_u_make(0, 0);
    if (pb->law.move_first) {
        /* v0 = (D + V T - b g) / a + g dt: the fourth term is g's. */
        pb->terms = 4;
        pb->in[3] = pb->in[2];
        pb->len[4] = afn_u_add_compact(pb->len[4], afn_u_mul_compact(pb->len[2], pb->law.unit));
    }
    pb->speed.m = 0;
    pb->speed.e = 0;
    pb->accel = NULL;
    pb->acc_len = afn_u_make(0, 0);
    return AF_OK;
}

/* v0 += A T^2/2 / a (T/a in t_over_a), summed exactly and rounded once;
 * 0 when it reaches 2^62 raw. */
static int add_accel_term(const aim_problem *pb, afn_unum T, afn_unum t_over_a, int64_t v0[3])
{
    afn_unum coef = afn_u_scale(afn_u_mul_compact(T, t_over_a), -1);
    int64_t w[3];
    int i;
    if (!afq_drag_apply(1, &coef, 0u, &pb->acc, w))
        return 0;
    for (i = 0; i < 3; i++) {
        v0[i] += w[i];
        if (afi_abs64(v0[i]) >= ((uint64_t)1 << 62))
            return 0;
    }
    return 1;
}

/* The launch at time T > 0: the world launch velocity v0 and the
 * launcher's u, in raw units (64 bits: they may exceed Q16.16), with the
 * law's coefficients then and 1/a. Returns 0 when they reach 2^62 raw. */
static int launch_at(const aim_problem *pb, afn_unum T, afq_drag_coef *k, afq_drag_terms *terms,
                     afn_unum *inv_a, int64_t v0[3], int64_t u[3])
{
    afn_unum coef[4];
    int i;
    afq_drag_terms_at(&pb->law, T, k, terms);
    *inv_a = afn_u_div(one, terms->a);
    coef[0] = *inv_a;
    coef[1] = afn_u_mul_compact(T, *inv_a);
    coef[2] = afn_u_mul_compact(terms->b, *inv_a);
    coef[3] = pb->law.move_first ? pb->law.unit : afn_u_mul_compact(k->tbk, *inv_a);
    if (!afq_drag_apply(pb->terms, coef, pb->law.move_first ? 4u : 4u | 8u, pb->in, v0) ||
        (pb->accel && !add_accel_term(pb, T, coef[1], v0)))
        return 0;
    for (i = 0; i < 3; i++)
        u[i] = v0[i] - (pb->inherit ? (&pb->shooter->velocity.x)[i] : 0);
    return 1;
}

/* The shot meeting the target at time T > 0, reported with T rounded to
 * t (raw), into out->shot[out->count], when its velocity and the impact
 * point fit Q16.16. The velocity is T's, not t's: a short flight's time
 * rounded to 2^-17 s would change a fast shot's speed by much more than
 * its own rounding. */
static af_status push_shot(const aim_problem *pb, afn_unum T, fix16_t t, af_shots_q16 *out)
{
    af_shot_q16 *shot = &out->shot[out->count];
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_unum inv_a;
    int64_t v0[3], u[3];
    if (!launch_at(pb, T, &k, &terms, &inv_a, v0, u) ||
        !afq_drag_store3(u, NULL, &shot->velocity) || !afq_body_at(pb->target, t, &shot->point)) {
        memset(shot, 0, sizeof *shot);
        return AF_ERR_OVERFLOW;
    }
    shot->t = t;
    out->count++;
    return AF_OK;
}

af_status af_drag_aim_time_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                               const af_body_q16 *target, fix16_t t, unsigned flags,
                               af_shots_q16 *out)
{
    aim_problem pb;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (t <= 0)
        return AF_ERR_BAD_ARGUMENT;
    st = aim_setup(&pb, drag, shooter, target, flags);
    if (st != AF_OK)
        return st;
    return afq_drag_cap_shots(drag, shooter, flags, push_shot(&pb, afn_u_q16(t), t, out), out);
}

/* ---- Fixed speed ----------------------------------------------------- */

/* A raw 64-bit vector's length, as afn_snum, with its components and its
 * square. */
static afn_snum length64(const int64_t v[3], afn_snum c[3], afn_snum *len2)
{
    c[0] = afn_s_make_trunc(v[0], -16);
    c[1] = afn_s_make_trunc(v[1], -16);
    c[2] = afn_s_make_trunc(v[2], -16);
    *len2 = afn_s_add_trunc_compact(afn_s_add_trunc_compact(afn_s_mul_trunc_compact(c[0], c[0]),
                                                            afn_s_mul_trunc_compact(c[1], c[1])),
                                    afn_s_mul_trunc_compact(c[2], c[2]));
    return afn_s_sqrt(*len2);
}

static afn_snum dot3(const afn_snum a[3], const afn_snum b[3])
{
    return afn_s_add_trunc_compact(afn_s_add_trunc_compact(afn_s_mul_trunc_compact(a[0], b[0]),
                                                           afn_s_mul_trunc_compact(a[1], b[1])),
                                   afn_s_mul_trunc_compact(a[2], b[2]));
}

/* One evaluation of the speed equation at a time T: F = |u| - speed, its
 * slope F', the rounding noise of F, and the law's pieces the scan's
 * bounds need (a, da = a', db = b', |u|). */
typedef struct aim_eval {
    afn_snum f, slope, noise;
    afn_unum a, da, db, ulen;
} aim_eval;

/*
 * F(T) = |u(T)| - speed and F' = u.u' / |u|, with
 *     u'(T) = v0'(T) = (V - db G - da v0) / a
 * (db G = db g + (1 - c) wind for continuous drag). Rounding: half a raw
 * unit per component of u, and 2^-27 of the terms that make it up.
 */
static void evaluate(const aim_problem *pb, afn_unum t, aim_eval *ev)
{
    afn_unum inv_a;
    afq_drag_coef k;
    afq_drag_terms terms;
    int64_t v0[3], u[3];
    afn_snum uc[3], len2, len;
    ev->noise.m = 0;
    ev->noise.e = 0;
    ev->slope = ev->noise;
    if (t.m == 0)
        t = afn_u_make(1, -40);
    if (!launch_at(pb, t, &k, &terms, &inv_a, v0, u)) {
        ev->f = afn_s_make(1, 40); /* a speed of 2^46 m/s: far above any asked */
        ev->a = ev->da = ev->db = ev->ulen = afn_u_make(0, 0);
        return;
    }
    len = length64(u, uc, &len2);
    /* (|D| + |V| T + |g| b + |wind| (T - T phi1)) / a + |v_s|. */
    {
        afn_unum terms_size =
            afn_u_add_compact(afn_u_add_compact(pb->len[0], afn_u_mul_compact(pb->len[1], t)),
                              afn_u_add_compact(afn_u_mul_compact(pb->len[2], terms.b),
                                                afn_u_mul_compact(pb->len[3], k.tbk)));
        /* An accelerating target's |A| T^2/2. */
        if (pb->accel)
            terms_size = afn_u_add_compact(
                terms_size,
                afn_u_scale(afn_u_mul_compact(pb->acc_len, afn_u_mul_compact(t, t)), -1));
        terms_size = afn_u_add_compact(afn_u_mul_compact(terms_size, inv_a), pb->len[4]);
        ev->noise =
            afn_s_add_trunc_compact(afn_s_make(1, -15), afn_u_to_s(afn_u_scale(terms_size, -27)));
    }
    afq_drag_slopes_of(&pb->law, &k, &terms);
    /* u.u' = (u.V - db u.g - (1 - c) u.wind - da (|u|^2 + u.v_s)) / a,
     * each dot product to 30 bits. */
    if (len.m != 0) {
        afn_snum dot = afn_s_sub_trunc_compact(dot3(uc, pb->dir[0]),
                                               afn_s_mul_u_compact(dot3(uc, pb->dir[1]), terms.db));
        /* The target's velocity at t is V + A t. */
        if (pb->accel)
            dot = afn_s_add_trunc_compact(dot, afn_s_mul_u_compact(dot3(uc, pb->acc_dir), t));
        afn_snum own = len2;
        if (pb->law.continuous && pb->len[3].m != 0)
            dot = afn_s_sub_trunc_compact(dot, afn_s_mul_u_compact(dot3(uc, pb->dir[2]), k.omc));
        /* v0 - g dt is the law's launch for an engine that moves first. */
        if (pb->inherit)
            own = afn_s_add_trunc_compact(own, dot3(uc, pb->dir[3]));
        if (pb->law.move_first)
            own = afn_s_sub_trunc_compact(own,
                                          afn_s_mul_u_compact(dot3(uc, pb->dir[1]), pb->law.unit));
        dot = afn_s_sub_trunc_compact(dot, afn_s_mul_u_compact(own, terms.da));
        ev->slope = afn_s_div(afn_s_mul_u_compact(dot, inv_a), len);
    }
    ev->f = afn_s_sub_trunc_compact(len, pb->speed);
    ev->a = terms.a;
    ev->da = terms.da;
    ev->db = terms.db;
    ev->ulen = afn_s_to_u(len);
}

static afn_snum speed_excess(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    aim_eval ev;
    evaluate(ctx, T.m > 0 ? afn_s_to_u(T) : afn_u_make(0, 0), &ev);
    *slope = ev.slope;
    *noise = ev.noise;
    return ev.f;
}

/* -F for a stretch where F decreases. The refinement (afq_drag_newton_band)
 * does not take a point where F is within its noise for the root: near a
 * shallow dip F stays within its noise over a stretch that may reach the
 * next root. The bracket closes on the sign change until it is within the
 * width the noise leaves the root. */
static afn_snum speed_deficit(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    afn_snum f = speed_excess(T, ctx, slope, noise);
    *slope = afn_s_neg(*slope);
    return afn_s_neg(f);
}

/* F' alone, and -F', for locating a turning point of F (slope unknown:
 * the iteration bisects). */
static afn_snum speed_slope(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    afn_snum f_slope, f_noise;
    (void)speed_excess(T, ctx, &f_slope, &f_noise);
    slope->m = noise->m = 0;
    slope->e = noise->e = 0;
    return f_slope;
}

static afn_snum speed_slope_down(afn_snum T, void *ctx, afn_snum *slope, afn_snum *noise)
{
    return afn_s_neg(speed_slope(T, ctx, slope, noise));
}

/* The root of F in (lo, hi), where F changes sign. */
static af_status refine_root(aim_problem *pb, afn_snum lo, afn_snum hi, afn_snum f_lo,
                             afn_snum f_hi, afn_snum s_lo, afn_snum s_hi, afn_snum *T)
{
    /* Start at the secant's root, or at Newton's from the end nearer
     * zero when its slope there points into the bracket. */
    afn_snum x0 = afn_s_add_trunc_compact(
        lo, afn_s_mul_trunc_compact(afn_s_sub_trunc_compact(hi, lo),
                                    afn_s_div(f_lo, afn_s_sub_trunc_compact(f_lo, f_hi))));
    int near_lo = afn_s_mag_less(f_lo, f_hi);
    afn_snum f = near_lo ? f_lo : f_hi, slope = near_lo ? s_lo : s_hi;
    int steps;
    if (slope.m != 0 && ((slope.m < 0) != (f.m < 0)) == near_lo) {
        afn_snum x = afn_s_sub_trunc_compact(near_lo ? lo : hi, afn_s_div(f, slope));
        if (afn_s_lt(lo, x) && afn_s_lt(x, hi))
            x0 = x;
    }
    return afq_drag_newton_band(f_lo.m < 0 ? speed_excess : speed_deficit, pb, lo, hi, x0, T,
                                &steps);
}

/* Where F' = 0 in (lo, hi), F' going from f1_lo to the other sign. */
static afn_snum locate_dip(aim_problem *pb, afn_snum lo, afn_snum hi, afn_snum f1_lo)
{
    afn_snum T = lo;
    int steps;
    (void)afq_drag_newton(f1_lo.m < 0 ? speed_slope : speed_slope_down, pb, lo, hi, lo, &T, &steps);
    return T;
}

/* Roots come in increasing order; one that rounds to the same Q16.16 time
 * as the last is the same shot (where the speed equation is flat within
 * its rounding, every evaluation may be a root), and must not take a place
 * a later root needs. */
static int add_root(afn_snum *roots, int n, afn_snum T)
{
    fix16_t t, last;
    if (n > 0 && afn_s_to_raw(T, &t) && afn_s_to_raw(roots[n - 1], &last) && t == last)
        return n;
    if (n < AF_MAX_SHOTS)
        roots[n++] = T;
    return n;
}

/*
 * A stretch the scan may skip. With w = a u = D + V T - b g - (T - a) wind
 * - a v_s (the wind's term for continuous drag only, v_s when inherited),
 * F has the sign of
 *     H(T) = |w|^2 - speed^2 a^2 = a^2 F (|u| + speed),
 *     H' = 2 a (da F (|u| + speed) + a |u| F'),
 *     H'' = 2 |w'|^2 + 2 w.w'' - 2 speed^2 (da^2 + a a''),
 * with w' = V - db g - (1 - c) wind - da v_s and w'' = -sigma da g -
 * mu da wind + mu da v_s (a'' = -mu da, b'' = sigma da; continuous drag:
 * sigma = 1). Over a stretch of length h from the evaluated time (forward,
 * or backward from its end), with da at most da_max (da decreases), a at
 * most a_max and db at most db_max:
 *     |w'| <= P1 = |V| + |g| db_max + |wind| + |v_s| da_max,
 *     |w| <= |w_0| + P1 h,  |w''| <= P2 = da_max (sigma |g| + mu (|wind| + |v_s|)),
 * and as a a'' <= 0 and |w'|^2 >= 0,
 *     H'' / 2 >= -(|w_0| + P1 h) P2 - speed^2 da_max^2             (H > 0),
 *     H'' / 2 <= P1^2 + (|w_0| + P1 h) P2 + speed^2 a_max mu da_max (H < 0):
 * Mh, the bound on the side that could bring H to zero. H keeps its sign
 * while |H_0| + B x - Mh x^2 > 0, B the slope of |H| along the direction.
 * safe_stretch returns the largest such x, at most h, shortened by 2^-8
 * (every margin here is far wider than the 30-bit arithmetic's error): 0
 * when F is within twice its noise of zero.
 */
typedef struct aim_reach {
    afn_unum da_max, a_max, db_max;
} aim_reach;

/* What safe_stretch takes from the problem, once per scan: the speed s,
 * s^2, |V| (+ |wind| for continuous drag), sigma |g| + mu (|wind| +
 * |v_s|), and |v_s| + s. */
typedef struct aim_consts {
    afn_unum s, s2, c1, k2, vss, glen, vlen;
} aim_consts;

static void consts_of(const aim_problem *pb, aim_consts *c)
{
    c->s = afn_s_to_u(pb->speed);
    c->s2 = afn_u_mul_compact(c->s, c->s);
    c->c1 = pb->law.continuous ? afn_u_add_compact(pb->len[1], pb->len[3]) : pb->len[1];
    c->k2 =
        afn_u_add_compact(afn_u_mul_compact(pb->law.sigma, pb->len[2]),
                          afn_u_mul_compact(pb->law.mu, afn_u_add_compact(pb->len[3], pb->len[4])));
    c->vss = afn_u_add_compact(pb->len[4], c->s);
    c->glen = pb->len[2];
    c->vlen = pb->len[4];
}

/* The parts of safe_stretch that depend on the evaluation and direction
 * only: |H_0| less twice F's noise in it (A, 0 when F is within its noise
 * of zero), the slope B of |H| along the direction less its error (|B|
 * in Bm, B's sign in B), a |u| and |u| + speed. */
typedef struct aim_slack {
    afn_unum A, Bm, aul;
    afn_snum B;
} aim_slack;

static void slack_of(const aim_consts *c, const aim_eval *ev, int backward, aim_slack *k)
{
    afn_snum twice_noise = afn_s_add_trunc_compact(ev->noise, ev->noise), fmag = afn_s_abs(ev->f),
             hd;
    afn_unum us, err_s, Berr;
    int toward;
    k->A = afn_u_make(0, 0);
    if (ev->ulen.m == 0 || ev->a.m == 0 || !afn_s_lt(twice_noise, fmag))
        return;
    us = afn_u_add_compact(ev->ulen, c->s);
    k->aul = afn_u_mul_compact(ev->a, ev->ulen);
    k->A = afn_u_mul_compact(afn_u_mul_compact(afn_u_mul_compact(ev->a, ev->a), us),
                             afn_s_to_u(afn_s_sub_trunc_compact(fmag, twice_noise)));
    /* H_0' / (2 a) and its error: 2^-12 of its terms, and a |u| times
     * F's error: 2^-20 of the terms of u' (|u'| <= (P1 + da (|u| + |v_s|
     * + speed)) / a, P1 <= c1 + |g| db + |v_s| da at the evaluation) plus
     * 2^-14, plus |u'| times u's direction (2 noise / |u|). */
    hd = afn_s_add_trunc_compact(afn_s_mul_u_compact(ev->f, afn_u_mul_compact(ev->da, us)),
                                 afn_s_mul_u_compact(ev->slope, k->aul));
    err_s = afn_u_add_compact(afn_u_add_compact(c->c1, afn_u_mul_compact(c->glen, ev->db)),
                              afn_u_mul_compact(ev->da, afn_u_add_compact(ev->ulen, c->vss)));
    err_s = afn_u_mul_compact(
        err_s, afn_u_add_compact(afn_u_scale(ev->ulen, -20), afn_s_to_u(twice_noise)));
    Berr = afn_u_add_compact(afn_u_add_compact(afn_u_scale(afn_s_to_u(hd), -12), err_s),
                             afn_u_scale(k->aul, -14));
    /* B = 2 a (sign(F) dir hd - error): toward zero when negative. */
    toward = (ev->f.m < 0) != backward;
    k->B = afn_s_sub_trunc_compact(toward ? afn_s_neg(hd) : hd, afn_u_to_s(Berr));
    k->Bm = afn_u_scale(afn_u_mul_compact(ev->a, afn_s_to_u(k->B)), 1);
}

static afn_unum safe_stretch(const aim_problem *pb, const aim_consts *c, const aim_eval *ev,
                             const aim_slack *k, const aim_reach *r, afn_unum h)
{
    afn_unum P1, Mh, W, disc, root, x;
    /* The bounds below hold for a target of constant velocity only. */
    if (k->A.m == 0 || pb->accel)
        return afn_u_make(0, 0);
    P1 = afn_u_add_compact(afn_u_add_compact(c->c1, afn_u_mul_compact(c->glen, r->db_max)),
                           afn_u_mul_compact(c->vlen, r->da_max));
    W = afn_u_add_compact(k->aul, afn_u_mul_compact(P1, h));
    /* H'' >= -2 |w| |w''| - 2 speed^2 da^2 keeps a positive H from zero,
     * H'' <= 2 |w'|^2 + 2 |w| |w''| + 2 speed^2 a mu da a negative one. */
    Mh = afn_u_mul_compact(W, afn_u_mul_compact(r->da_max, c->k2));
    if (ev->f.m > 0)
        Mh = afn_u_add_compact(Mh,
                               afn_u_mul_compact(c->s2, afn_u_mul_compact(r->da_max, r->da_max)));
    else
        Mh = afn_u_add_compact(
            afn_u_add_compact(Mh, afn_u_mul_compact(P1, P1)),
            afn_u_mul_compact(
                c->s2, afn_u_mul_compact(r->da_max, afn_u_mul_compact(r->a_max, pb->law.mu))));
    Mh = afn_u_add_compact(Mh, afn_u_scale(Mh, -8));
    if (Mh.m == 0)
        return afn_u_make(0, 0);
    disc = afn_u_add_compact(afn_u_mul_compact(k->Bm, k->Bm),
                             afn_u_scale(afn_u_mul_compact(k->A, Mh), 2));
    root = afn_u_sqrt(disc);
    if (k->B.m > 0)
        x = afn_u_div(afn_u_add_compact(k->Bm, root), afn_u_scale(Mh, 1));
    else
        x = afn_u_div(afn_u_scale(k->A, 1), afn_u_add_compact(root, k->Bm));
    x = afn_u_sub(x, afn_u_scale(x, -8));
    return afn_u_less(x, h) ? x : h;
}

/* The bounds of a forward stretch of length h from ev (a is concave). */
static void reach_forward(const aim_problem *pb, const aim_eval *ev, afn_unum h, aim_reach *r)
{
    afn_unum rise = afn_u_mul_compact(ev->da, h);
    r->da_max = ev->da;
    r->a_max = afn_u_add_compact(ev->a, rise);
    r->db_max = afn_u_add_compact(ev->db, afn_u_mul_compact(pb->law.sigma, rise));
}

/*
 * The roots between an evaluation e0 at T0 and one at T1 (f1 there: F, or
 * a value just before a root within the noise), as in f64: a sign change
 * is refined; a turning point of F (towards zero at T0, away at T1) is
 * located and checked, unless it can only lie in the stretch past T0's
 * safe one and T1 proves that stretch too.
 */
static int roots_between(aim_problem *pb, const aim_consts *c, afn_unum T0, const aim_eval *e0,
                         afn_unum safe, afn_unum T1, afn_snum f1, const aim_eval *e1,
                         afn_snum *roots, int n)
{
    afn_snum root, lo = afn_u_to_s(T0), hi = afn_u_to_s(T1), zero = { 0, 0 };
    if (e0->f.m == 0)
        return n;
    if ((e0->f.m < 0) != (f1.m < 0)) {
        if (refine_root(pb, lo, hi, e0->f, f1, e0->slope, e1->slope, &root) == AF_OK)
            n = add_root(roots, n, root);
    } else if ((e0->slope.m < 0) != (e1->slope.m < 0) && (e0->f.m > 0) == (e0->slope.m < 0)) {
        afn_unum span = afn_u_sub(T1, T0);
        aim_reach r;
        aim_slack k;
        r.da_max = e0->da;
        r.a_max = e1->a;
        r.db_max = e1->db;
        slack_of(c, e1, 1, &k);
        if (afn_u_less(safe_stretch(pb, c, e1, &k, &r, span), afn_u_sub(span, safe))) {
            afn_snum Tm = locate_dip(pb, lo, hi, e0->slope), f1m, noise;
            afn_snum Fm = speed_excess(Tm, pb, &f1m, &noise);
            if ((Fm.m < 0) != (e0->f.m < 0) && Fm.m != 0) {
                if (refine_root(pb, lo, Tm, e0->f, Fm, e0->slope, zero, &root) == AF_OK)
                    n = add_root(roots, n, root);
                if (refine_root(pb, Tm, hi, Fm, f1, zero, e1->slope, &root) == AF_OK)
                    n = add_root(roots, n, root);
            } else if (Fm.m == 0) {
                n = add_root(roots, n, Tm);
            }
        }
    }
    return n;
}

/*
 * The scan of drag_aim_f64.c, adaptive: from each evaluated time, the
 * stretch where F provably keeps its sign (safe_stretch) is skipped, and
 * the next evaluation is at most one step of the f64 scan's geometric
 * grid (AF_DRAG_AIM_SCAN_POINTS times from t_lo to t_hi) beyond it, or
 * just past where Newton's step says F reaches zero; then roots_between.
 */
static int scan_roots(aim_problem *pb, afn_unum t_lo, afn_unum t_hi, int lo_bounds, afn_snum *roots)
{
    aim_eval e[2];
    aim_consts c;
    afn_unum T[2], grid;
    afn_snum step;
    int i, n = 0, band;

    consts_of(pb, &c);
    /* One grid step is (2^step - 1) of the time: the geometric grid's. */
    step =
        afn_s_div(afq_drag_log2(afn_u_div(t_hi, t_lo)), afn_s_make(AF_DRAG_AIM_SCAN_POINTS - 1, 0));
    grid = afn_u_sub(afq_drag_pow2(step), one);
    if (grid.m == 0)
        grid = afn_u_make(1, -30);
    T[0] = t_lo;
    evaluate(pb, T[0], &e[0]);
    /* t_lo bounds every root from below and can be one (a straight shot
     * with no drag or gravity meets at exactly |D| / speed): no sign change
     * before it can show that root, so zero within F's noise there is it.
     * Not for a target at the muzzle (lo_bounds 0): there t_lo is only
     * where the scan starts, and the root at 0 is the t = 0 shot. */
    if (lo_bounds && !afn_s_mag_less(e[0].noise, e[0].f))
        e[0].f.m = 0;
    /* At the muzzle the t = 0 root reaches as far as F stays within its
     * noise from the start: no other root can be told from it there. */
    band = !lo_bounds && !afn_s_mag_less(e[0].noise, e[0].f);
    if (e[0].f.m == 0 && !band)
        n = add_root(roots, n, afn_u_to_s(T[0]));
    /* Every step moves at least one grid step: the bound is the grid's. */
    for (i = 1; i < 2 * AF_DRAG_AIM_SCAN_POINTS && afn_u_less(T[0], t_hi); i++) {
        afn_unum rest = afn_u_sub(t_hi, T[0]), cap = afn_u_scale(T[0], -1), safe, land, delta,
                 clear;
        afn_unum noisy = afn_u_make(0, 0);
        aim_reach r;
        aim_slack k;
        int last = 0;
        /* The bounds over half of T0 first, then, if F keeps its sign that
         * far, over twice T0; no root in the rest of the scan ends it. */
        if (afn_u_less(rest, cap))
            cap = rest;
        reach_forward(pb, &e[0], cap, &r);
        slack_of(&c, &e[0], 0, &k);
        safe = safe_stretch(pb, &c, &e[0], &k, &r, cap);
        if (!afn_u_less(safe, cap) && afn_u_less(cap, rest)) {
            afn_unum further;
            cap = afn_u_scale(T[0], 1);
            if (afn_u_less(rest, cap))
                cap = rest;
            reach_forward(pb, &e[0], cap, &r);
            further = safe_stretch(pb, &c, &e[0], &k, &r, cap);
            if (afn_u_less(safe, further))
                safe = further;
        }
        if (!afn_u_less(safe, rest))
            break;
        delta = afn_u_mul_compact(T[0], grid);
        land = afn_u_add_compact(safe, delta);
        T[1] = afn_u_add_compact(T[0], land);
        if (!afn_u_less(T[1], t_hi)) {
            T[1] = t_hi;
            last = 1;
        }
        evaluate(pb, T[1], &e[1]);
        if (band) {
            band = !afn_s_mag_less(e[1].noise, e[1].f);
            T[0] = T[1];
            e[0] = e[1];
            if (last)
                break;
            continue;
        }
        clear = afn_u_scale(delta, -2);
        if (e[1].slope.m != 0 && !afn_s_mag_less(e[1].noise, e[1].f))
            noisy = afn_u_scale(afn_u_div(afn_s_to_u(e[1].noise), afn_s_to_u(e[1].slope)), 2);
        if (noisy.m != 0 && afn_u_less(noisy, clear) &&
            !afn_u_less(
                afn_u_scale(afn_u_mul_compact(afn_s_to_u(e[1].slope), afn_u_sub(T[1], T[0])), -2),
                afn_u_mul_compact(afn_s_to_u(afn_s_sub_trunc_compact(e[1].slope, e[0].slope)),
                                  noisy))) {
            /* Zero within F's noise where F crosses steeply (clear of its
             * noise within a quarter grid step, its slope changing by less
             * than a quarter over that: |F1' - F0'| noisy <= |F1'| (T1 -
             * T0) / 4): a root here, whose sign no refinement could tell.
             * The stretch before it is searched up to where F is clear of
             * its noise (its sign there -F'), and the scan goes on from as
             * far past it. */
            if (afn_u_less(afn_u_add_compact(T[0], noisy), T[1]))
                n = roots_between(pb, &c, T[0], &e[0], safe, afn_u_sub(T[1], noisy),
                                  afn_s_mul_u_compact(afn_s_neg(e[1].slope), noisy), &e[1], roots,
                                  n);
            n = add_root(roots, n, afn_u_to_s(T[1]));
            if (!last) {
                T[1] = afn_u_add_compact(T[1], noisy);
                if (!afn_u_less(T[1], t_hi)) {
                    T[1] = t_hi;
                    last = 1;
                }
                evaluate(pb, T[1], &e[1]);
            }
        } else if (e[1].f.m == 0) {
            n = add_root(roots, n, afn_u_to_s(T[1]));
        } else {
            n = roots_between(pb, &c, T[0], &e[0], safe, T[1], e[1].f, &e[1], roots, n);
        }
        T[0] = T[1];
        e[0] = e[1];
        if (last)
            break;
    }
    return n;
}

af_status af_drag_aim_speed_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                const af_body_q16 *target, fix16_t speed, fix16_t max_time,
                                unsigned flags, af_shots_q16 *out)
{
    return afq_drag_aim_speed(drag, shooter, target, NULL, speed, max_time, flags, out);
}

af_status afq_drag_aim_speed(const af_drag_q16 *drag, const af_body_q16 *shooter,
                             const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t speed,
                             fix16_t max_time, unsigned flags, af_shots_q16 *out)
{
    aim_problem pb;
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_unum t_hi, t_lo, distance, bound;
    afn_snum roots[AF_MAX_SHOTS];
    int n, i, found = 0;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (speed <= 0 || max_time <= 0)
        return AF_ERR_BAD_ARGUMENT;
    st = aim_setup(&pb, drag, shooter, target, flags);
    if (st != AF_OK)
        return st;
    pb.speed = afn_s_raw(speed);
    for (i = 0; i < 3; i++) {
        pb.dir[0][i] = afn_s_raw((&target->velocity.x)[i]);
        pb.dir[1][i] = afn_s_raw((&drag->gravity.x)[i]);
        pb.dir[2][i] = afn_s_raw((&drag->wind.x)[i]);
        pb.dir[3][i] = afn_s_raw((&shooter->velocity.x)[i]);
    }
    if (accel && (accel->x != 0 || accel->y != 0 || accel->z != 0)) {
        pb.accel = accel;
        afq_drag_vec_of(accel, &pb.acc);
        pb.acc_len = length_of(accel);
        for (i = 0; i < 3; i++)
            pb.acc_dir[i] = afn_s_raw((&accel->x)[i]);
    }
    /*
     * No solution comes before t_lo = |D| / (speed + |V| + |v_shooter| +
     * |G| b(max_time) / max_time) (drag_aim_f64.c), with |G| <= |g| +
     * k |wind|, divided by rho when rho > 1 (an engine that damps last).
     */
    t_hi = afn_u_q16(max_time);
    distance = length_of(&pb.D);
    afq_drag_terms_at(&pb.law, t_hi, &k, &terms);
    bound = afn_u_add_compact(length_of(&drag->gravity),
                              afn_u_mul_compact(afn_u_q16(drag->k), length_of(&drag->wind)));
    if (!pb.law.continuous)
        bound = length_of(&drag->gravity);
    bound = afn_u_add_compact(afn_u_add_compact(afn_u_q16(speed), length_of(&target->velocity)),
                              afn_u_div(afn_u_mul_compact(bound, terms.b), t_hi));
    bound = afn_u_add_compact(bound, pb.len[4]);
    /* An accelerating target's A T^2/2 adds at most |A| max_time / 2. */
    if (pb.accel)
        bound = afn_u_add_compact(bound, afn_u_scale(afn_u_mul_compact(pb.acc_len, t_hi), -1));
    t_lo = afn_u_div(distance, bound);
    if (afn_u_less(afn_u_q16(AFI_ONE), pb.law.rho))
        t_lo = afn_u_div(t_lo, pb.law.rho);
    if (afn_u_is_zero(distance)) {
        /* The target at the muzzle: nothing to aim now, then whatever
         * comes back to it. */
        out->shot[0].point = target->position;
        out->count = 1;
        t_lo = afn_u_scale(t_hi, -30);
    }
    if (!afn_u_less(t_lo, t_hi))
        return out->count ? afq_drag_cap_shots(drag, shooter, flags, AF_OK, out)
                          : AF_ERR_NO_SOLUTION;
    n = scan_roots(&pb, t_lo, t_hi, !afn_u_is_zero(distance), roots);
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        fix16_t t;
        if (!afn_s_to_raw(roots[i], &t))
            continue;
        /* Two roots closer than an LSB make one shot, the t = 0 shot at
         * the muzzle included; else a positive time below half an LSB. */
        if (t <= 0 && out->count > 0 && out->shot[out->count - 1].t == 0)
            continue;
        if (t <= 0)
            t = 1;
        if (out->count > 0 && out->shot[out->count - 1].t == t)
            continue;
        found++;
        (void)push_shot(&pb, afn_s_to_u(roots[i]), t, out);
    }
    if (out->count > 0)
        return afq_drag_cap_shots(drag, shooter, flags, AF_OK, out);
    afq_clear(out);
    return found ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}
