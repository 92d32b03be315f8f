/* SPDX-License-Identifier: MIT */
/*
 * The bounds of the fixed-speed aim's scan in Q16 (drag_aim_scan_q16.c):
 * how far from an evaluated time the speed equation provably keeps its
 * sign.
 */
#include "drag_aim_q16.h"

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
 * afq_aim_safe_stretch returns the largest such x, at most h, shortened by 2^-8
 * (every margin here is far wider than the 30-bit arithmetic's error): 0
 * when F is within twice its noise of zero.
 */

void afq_aim_consts_of(const afq_aim_problem *pb, afq_aim_consts *c)
{
    c->s = afn_s_to_u(pb->speed);
    c->s2 = afn_u_mul_trunc_compact(c->s, c->s);
    c->c1 = pb->law.continuous ? afn_u_add_trunc_compact(pb->len[1], pb->len[3]) : pb->len[1];
    c->k2 = afn_u_add_trunc_compact(
        afn_u_mul_trunc_compact(pb->law.sigma, pb->len[2]),
        afn_u_mul_trunc_compact(pb->law.mu, afn_u_add_trunc_compact(pb->len[3], pb->len[4])));
    c->vss = afn_u_add_trunc_compact(pb->len[4], c->s);
    c->glen = pb->len[2];
    c->vlen = pb->len[4];
}

void afq_aim_slack_of(const afq_aim_consts *c, const afq_aim_eval *ev, int backward,
                      afq_aim_slack *k)
{
    afn_snum twice_noise = afn_s_add_trunc_compact(ev->noise, ev->noise), fmag = afn_s_abs(ev->f),
             hd;
    afn_unum us, err_s, Berr;
    int toward;
    k->A = afn_u_make_trunc(0, 0);
    if (ev->ulen.m == 0 || ev->a.m == 0 || !afn_s_lt(twice_noise, fmag))
        return;
    us = afn_u_add_trunc_compact(ev->ulen, c->s);
    k->aul = afn_u_mul_trunc_compact(ev->a, ev->ulen);
    k->A =
        afn_u_mul_trunc_compact(afn_u_mul_trunc_compact(afn_u_mul_trunc_compact(ev->a, ev->a), us),
                                afn_s_to_u(afn_s_sub_trunc_compact(fmag, twice_noise)));
    /* H_0' / (2 a) and its error: 2^-12 of its terms, and a |u| times
     * F's error: 2^-20 of the terms of u' (|u'| <= (P1 + da (|u| + |v_s|
     * + speed)) / a, P1 <= c1 + |g| db + |v_s| da at the evaluation) plus
     * 2^-14, plus |u'| times u's direction (2 noise / |u|). */
    hd = afn_s_add_trunc_compact(
        afn_s_mul_u_trunc_compact(ev->f, afn_u_mul_trunc_compact(ev->da, us)),
        afn_s_mul_u_trunc_compact(ev->slope, k->aul));
    err_s = afn_u_add_trunc_compact(
        afn_u_add_trunc_compact(c->c1, afn_u_mul_trunc_compact(c->glen, ev->db)),
        afn_u_mul_trunc_compact(ev->da, afn_u_add_trunc_compact(ev->ulen, c->vss)));
    err_s = afn_u_mul_trunc_compact(
        err_s, afn_u_add_trunc_compact(afn_u_scale(ev->ulen, -20), afn_s_to_u(twice_noise)));
    Berr = afn_u_add_trunc_compact(afn_u_add_trunc_compact(afn_u_scale(afn_s_to_u(hd), -12), err_s),
                                   afn_u_scale(k->aul, -14));
    /* B = 2 a (sign(F) dir hd - error): toward zero when negative. */
    toward = (ev->f.m < 0) != backward;
    k->B = afn_s_sub_trunc_compact(toward ? afn_s_neg(hd) : hd, afn_u_to_s_sticky(Berr));
    k->Bm = afn_u_scale(afn_u_mul_trunc_compact(ev->a, afn_s_to_u(k->B)), 1);
}

afn_unum afq_aim_safe_stretch(const afq_aim_problem *pb, const afq_aim_consts *c,
                              const afq_aim_eval *ev, const afq_aim_slack *k,
                              const afq_aim_reach *r, afn_unum h)
{
    afn_unum P1, Mh, W, disc, root, x;
    /* The bounds below hold for a target of constant velocity only. */
    if (k->A.m == 0 || pb->accel)
        return afn_u_make_trunc(0, 0);
    P1 = afn_u_add_trunc_compact(
        afn_u_add_trunc_compact(c->c1, afn_u_mul_trunc_compact(c->glen, r->db_max)),
        afn_u_mul_trunc_compact(c->vlen, r->da_max));
    W = afn_u_add_trunc_compact(k->aul, afn_u_mul_trunc_compact(P1, h));
    /* H'' >= -2 |w| |w''| - 2 speed^2 da^2 keeps a positive H from zero,
     * H'' <= 2 |w'|^2 + 2 |w| |w''| + 2 speed^2 a mu da a negative one. */
    Mh = afn_u_mul_trunc_compact(W, afn_u_mul_trunc_compact(r->da_max, c->k2));
    if (ev->f.m > 0)
        Mh = afn_u_add_trunc_compact(
            Mh, afn_u_mul_trunc_compact(c->s2, afn_u_mul_trunc_compact(r->da_max, r->da_max)));
    else
        Mh = afn_u_add_trunc_compact(
            afn_u_add_trunc_compact(Mh, afn_u_mul_trunc_compact(P1, P1)),
            afn_u_mul_trunc_compact(
                c->s2,
                afn_u_mul_trunc_compact(r->da_max, afn_u_mul_trunc_compact(r->a_max, pb->law.mu))));
    Mh = afn_u_add_trunc_compact(Mh, afn_u_scale(Mh, -8));
    if (Mh.m == 0)
        return afn_u_make_trunc(0, 0);
    disc = afn_u_add_trunc_compact(afn_u_mul_trunc_compact(k->Bm, k->Bm),
                                   afn_u_scale(afn_u_mul_trunc_compact(k->A, Mh), 2));
    root = afn_u_sqrt_near(disc);
    if (k->B.m > 0)
        x = afn_u_div_trunc(afn_u_add_trunc_compact(k->Bm, root), afn_u_scale(Mh, 1));
    else
        x = afn_u_div_trunc(afn_u_scale(k->A, 1), afn_u_add_trunc_compact(root, k->Bm));
    x = afn_u_sub_trunc(x, afn_u_scale(x, -8));
    return afn_u_less(x, h) ? x : h;
}

/* The bounds of a forward stretch of length h from ev (a is concave). */
void afq_aim_reach_forward(const afq_aim_problem *pb, const afq_aim_eval *ev, afn_unum h,
                          afq_aim_reach *r)
{
    afn_unum rise = afn_u_mul_trunc_compact(ev->da, h);
    r->da_max = ev->da;
    r->a_max = afn_u_add_trunc_compact(ev->a, rise);
    r->db_max = afn_u_add_trunc_compact(ev->db, afn_u_mul_trunc_compact(pb->law.sigma, rise));
}
