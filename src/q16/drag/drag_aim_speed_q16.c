/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag in Q16 at a fixed speed: the speed equation
 * F(T) = |u(T)| - speed with its slope and rounding noise, and the aim
 * itself, which bounds the times of flight and turns the roots of the
 * scan (drag_aim_scan_q16.c) into shots.
 */
#include "drag_aim_q16.h"
#include "drag_cap_q16.h"

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

/*
 * F(T) = |u(T)| - speed and F' = u.u' / |u|, with
 *     u'(T) = v0'(T) = (V - db G - da v0) / a
 * (db G = db g + (1 - c) wind for continuous drag). Rounding: half a raw
 * unit per component of u, and 2^-27 of the terms that make it up.
 */
void afq_aim_evaluate(const afq_aim_problem *pb, afn_unum t, afq_aim_eval *ev)
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
    if (!afq_aim_launch_at(pb, t, &k, &terms, &inv_a, v0, u)) {
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

af_status af_drag_aim_speed_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                const af_body_q16 *target, fix16_t speed, fix16_t max_time,
                                unsigned flags, af_shots_q16 *out)
{
    afq_aim_problem pb;
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
    st = afq_aim_setup(&pb, drag, shooter, target, flags);
    if (st != AF_OK)
        return st;
    pb.speed = afn_s_raw(speed);
    for (i = 0; i < 3; i++) {
        pb.dir[0][i] = afn_s_raw((&target->velocity.x)[i]);
        pb.dir[1][i] = afn_s_raw((&drag->gravity.x)[i]);
        pb.dir[2][i] = afn_s_raw((&drag->wind.x)[i]);
        pb.dir[3][i] = afn_s_raw((&shooter->velocity.x)[i]);
    }
    /*
     * No solution comes before t_lo = |D| / (speed + |V| + |v_shooter| +
     * |G| b(max_time) / max_time) (drag_aim_f64.c), with |G| <= |g| +
     * k |wind|, divided by rho when rho > 1 (an engine that damps last).
     */
    t_hi = afn_u_q16(max_time);
    distance = pb.len[0];
    afq_drag_terms_at(&pb.law, t_hi, &k, &terms);
    /* The setup's lengths: |g|, and |wind| for continuous drag only. */
    bound = pb.len[2];
    if (pb.law.continuous)
        bound = afn_u_add_compact(bound, afn_u_mul_compact(afn_u_q16(drag->k), pb.len[3]));
    bound = afn_u_add_compact(afn_u_add_compact(afn_u_q16(speed), pb.len[1]),
                              afn_u_div(afn_u_mul_compact(bound, terms.b), t_hi));
    bound = afn_u_add_compact(bound, pb.len[4]);
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
    n = afq_aim_scan_roots(&pb, t_lo, t_hi, !afn_u_is_zero(distance), roots);
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
        (void)afq_aim_push_shot(&pb, afn_s_to_u(roots[i]), t, out);
    }
    if (out->count > 0)
        return afq_drag_cap_shots(drag, shooter, flags, AF_OK, out);
    afq_clear(out);
    return found ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}
