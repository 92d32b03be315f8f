/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag in Q16: the launch velocity for a chosen time of flight
 * (closed form) and the launch velocities of a chosen speed (the scan and
 * refinements of drag_aim_f64.c, read it first; the scan and its bounds
 * are drag_aim_scan_q16.c's).
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

#include "drag_aim_q16.h"
#include "drag_cap_q16.h"

static const afn_unum one = { 0x80000000u, -31 };

static afn_unum length_of(const af_vec3_q16 *v)
{
    return afn_u_sqrt_near(afn_u_make_trunc(af_vec3_len2_q16(v), -32));
}

/* AF_OK, AF_ERR_BAD_ARGUMENT, or AF_ERR_OUT_OF_RANGE when D does not fit. */
static af_status aim_setup(afq_aim_problem *pb, const af_drag_q16 *drag, const af_body_q16 *shooter,
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
    pb->len[3] = pb->law.continuous ? length_of(&drag->wind) : afn_u_make_trunc(0, 0);
    pb->len[4] = pb->inherit ? length_of(&shooter->velocity) : afn_u_make_trunc(0, 0);
    if (pb->law.move_first) {
        /* v0 = (D + V T - b g) / a + g dt: the fourth term is g's. */
        pb->terms = 4;
        pb->in[3] = pb->in[2];
        pb->len[4] =
            afn_u_add_trunc_compact(pb->len[4], afn_u_mul_trunc_compact(pb->len[2], pb->law.unit));
    }
    pb->speed.m = 0;
    pb->speed.e = 0;
    pb->accel = NULL;
    pb->acc_len = afn_u_make_trunc(0, 0);
    return AF_OK;
}

/* v0 += A T^2/2 / a (T/a in t_over_a), summed exactly and rounded once;
 * 0 when it reaches 2^62 raw. */
static int add_accel_term(const afq_aim_problem *pb, afn_unum T, afn_unum t_over_a, int64_t v0[3])
{
    afn_unum coef = afn_u_scale(afn_u_mul_trunc_compact(T, t_over_a), -1);
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
static int launch_at(const afq_aim_problem *pb, afn_unum T, afq_drag_coef *k, afq_drag_terms *terms,
                     afn_unum *inv_a, int64_t v0[3], int64_t u[3])
{
    afn_unum coef[4];
    int i;
    afq_drag_terms_at(&pb->law, T, k, terms);
    *inv_a = afn_u_div_trunc(one, terms->a);
    coef[0] = *inv_a;
    coef[1] = afn_u_mul_trunc_compact(T, *inv_a);
    coef[2] = afn_u_mul_trunc_compact(terms->b, *inv_a);
    coef[3] = pb->law.move_first ? pb->law.unit : afn_u_mul_trunc_compact(k->tbk, *inv_a);
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
static af_status push_shot(const afq_aim_problem *pb, afn_unum T, fix16_t t, af_shots_q16 *out)
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
    afq_aim_problem pb;
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
    *len2 = afn_s_dot3_trunc_compact(c, c);
    return afn_s_sqrt_near(*len2);
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
    const afn_snum *uc = ev->u;
    afn_snum len2, len;
    ev->noise.m = 0;
    ev->noise.e = 0;
    ev->slope = ev->noise;
    if (t.m == 0)
        t = afn_u_make_trunc(1, -40);
    if (!launch_at(pb, t, &k, &terms, &inv_a, v0, u)) {
        ev->f = afn_s_make_near(1, 40); /* a speed of 2^46 m/s: far above any asked */
        ev->a = ev->da = ev->db = ev->ulen = ev->omc = afn_u_make_trunc(0, 0);
        return;
    }
    len = length64(u, ev->u, &len2);
    ev->omc = k.omc;
    /* (|D| + |V| T + |g| b + |wind| (T - T phi1)) / a + |v_s|. */
    {
        afn_unum terms_size = afn_u_add_trunc_compact(
            afn_u_add_trunc_compact(pb->len[0], afn_u_mul_trunc_compact(pb->len[1], t)),
            afn_u_add_trunc_compact(afn_u_mul_trunc_compact(pb->len[2], terms.b),
                                    afn_u_mul_trunc_compact(pb->len[3], k.tbk)));
        /* An accelerating target's |A| T^2/2. */
        if (pb->accel)
            terms_size = afn_u_add_trunc_compact(
                terms_size,
                afn_u_scale(afn_u_mul_trunc_compact(pb->acc_len, afn_u_mul_trunc_compact(t, t)),
                            -1));
        terms_size =
            afn_u_add_trunc_compact(afn_u_mul_trunc_compact(terms_size, inv_a), pb->len[4]);
        ev->noise = afn_s_add_trunc_compact(afn_s_make_near(1, -15),
                                            afn_u_to_s_sticky(afn_u_scale(terms_size, -27)));
    }
    afq_drag_slopes_of(&pb->law, &k, &terms);
    /* u.u' = (u.V - db u.g - (1 - c) u.wind - da (|u|^2 + u.v_s)) / a,
     * each dot product to 30 bits. */
    if (len.m != 0) {
        afn_snum dot = afn_s_sub_trunc_compact(
            afn_s_dot3_trunc_compact(uc, pb->dir[0]),
            afn_s_mul_u_trunc_compact(afn_s_dot3_trunc_compact(uc, pb->dir[1]), terms.db));
        /* The target's velocity at t is V + A t. */
        if (pb->accel)
            dot = afn_s_add_trunc_compact(
                dot, afn_s_mul_u_trunc_compact(afn_s_dot3_trunc_compact(uc, pb->acc_dir), t));
        afn_snum own = len2;
        if (pb->law.continuous && pb->len[3].m != 0)
            dot = afn_s_sub_trunc_compact(
                dot, afn_s_mul_u_trunc_compact(afn_s_dot3_trunc_compact(uc, pb->dir[2]), k.omc));
        /* v0 - g dt is the law's launch for an engine that moves first. */
        if (pb->inherit)
            own = afn_s_add_trunc_compact(own, afn_s_dot3_trunc_compact(uc, pb->dir[3]));
        if (pb->law.move_first)
            own = afn_s_sub_trunc_compact(
                own,
                afn_s_mul_u_trunc_compact(afn_s_dot3_trunc_compact(uc, pb->dir[1]), pb->law.unit));
        dot = afn_s_sub_trunc_compact(dot, afn_s_mul_u_trunc_compact(own, terms.da));
        ev->slope = afn_s_div_near(afn_s_mul_u_trunc_compact(dot, inv_a), len);
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
    return afq_drag_aim_speed(drag, shooter, target, NULL, speed, max_time, flags, out);
}

af_status afq_drag_aim_speed(const af_drag_q16 *drag, const af_body_q16 *shooter,
                             const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t speed,
                             fix16_t max_time, unsigned flags, af_shots_q16 *out)
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
    distance = pb.len[0];
    afq_drag_terms_at(&pb.law, t_hi, &k, &terms);
    /* The setup's lengths: |g|, and |wind| for continuous drag only. */
    bound = pb.len[2];
    if (pb.law.continuous)
        bound =
            afn_u_add_trunc_compact(bound, afn_u_mul_trunc_compact(afn_u_q16(drag->k), pb.len[3]));
    bound = afn_u_add_trunc_compact(afn_u_add_trunc_compact(afn_u_q16(speed), pb.len[1]),
                                    afn_u_div_trunc(afn_u_mul_trunc_compact(bound, terms.b), t_hi));
    bound = afn_u_add_trunc_compact(bound, pb.len[4]);
    /* An accelerating target's A T^2/2 adds at most |A| max_time / 2. */
    if (pb.accel)
        bound = afn_u_add_trunc_compact(bound,
                                        afn_u_scale(afn_u_mul_trunc_compact(pb.acc_len, t_hi), -1));
    t_lo = afn_u_div_trunc(distance, bound);
    if (afn_u_less(afn_u_q16(AFI_ONE), pb.law.rho))
        t_lo = afn_u_div_trunc(t_lo, pb.law.rho);
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
    n = afn_u_is_zero(distance) ? -1 : afq_aim_convex_roots(&pb, t_lo, t_hi, roots);
    if (n < 0)
        n = afq_aim_scan_roots(&pb, t_lo, t_hi, !afn_u_is_zero(distance), roots);
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        fix16_t t;
        if (!afn_s_to_raw_near(roots[i], &t))
            continue;
        /* A meeting before half an LSB keeps t = 0, its time rounded (at
         * one LSB the equation can be far from zero); two roots that round
         * to one t make one shot, the t = 0 shot at the muzzle included. */
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
