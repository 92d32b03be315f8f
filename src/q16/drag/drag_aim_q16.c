/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag in Q16: the launch velocity for a chosen time of flight
 * (closed form) and the launch velocities of a chosen speed (the scan and
 * refinements of drag_aim_f64.c, read it first; drag_aim_q16.h says which
 * file does what).
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

afn_unum afq_aim_length(const af_vec3_q16 *v)
{
    return afn_u_sqrt(afn_u_make(af_vec3_len2_q16(v), -32));
}

/* AF_OK, AF_ERR_BAD_ARGUMENT, or AF_ERR_OUT_OF_RANGE when D does not fit. */
af_status afq_aim_setup(afq_aim_problem *pb, const af_drag_q16 *drag, const af_body_q16 *shooter,
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
    pb->len[0] = afq_aim_length(&pb->D);
    pb->len[1] = afq_aim_length(&target->velocity);
    pb->len[2] = afq_aim_length(&drag->gravity);
    /* A stepped model has no wind (its field is ignored): none in the
     * speed equation's noise or the scan's bounds either. */
    pb->len[3] = pb->law.continuous ? afq_aim_length(&drag->wind) : afn_u_make(0, 0);
    pb->len[4] = pb->inherit ? afq_aim_length(&shooter->velocity) : afn_u_make(0, 0);
    if (pb->law.move_first) {
        /* v0 = (D + V T - b g) / a + g dt: the fourth term is g's. */
        pb->terms = 4;
        pb->in[3] = pb->in[2];
        pb->len[4] = afn_u_add_compact(pb->len[4], afn_u_mul_compact(pb->len[2], pb->law.unit));
    }
    pb->speed.m = 0;
    pb->speed.e = 0;
    return AF_OK;
}

/* The launch at time T > 0: the world launch velocity v0 and the
 * launcher's u, in raw units (64 bits: they may exceed Q16.16), with the
 * law's coefficients then and 1/a. Returns 0 when they reach 2^62 raw. */
int afq_aim_launch_at(const afq_aim_problem *pb, afn_unum T, afq_drag_coef *k,
                      afq_drag_terms *terms, afn_unum *inv_a, int64_t v0[3], int64_t u[3])
{
    afn_unum coef[4];
    int i;
    afq_drag_terms_at(&pb->law, T, k, terms);
    *inv_a = afn_u_div(one, terms->a);
    coef[0] = *inv_a;
    coef[1] = afn_u_mul_compact(T, *inv_a);
    coef[2] = afn_u_mul_compact(terms->b, *inv_a);
    coef[3] = pb->law.move_first ? pb->law.unit : afn_u_mul_compact(k->tbk, *inv_a);
    if (!afq_drag_apply(pb->terms, coef, pb->law.move_first ? 4u : 4u | 8u, pb->in, v0))
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
af_status afq_aim_push_shot(const afq_aim_problem *pb, afn_unum T, fix16_t t, af_shots_q16 *out)
{
    af_shot_q16 *shot = &out->shot[out->count];
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_unum inv_a;
    int64_t v0[3], u[3];
    if (!afq_aim_launch_at(pb, T, &k, &terms, &inv_a, v0, u) ||
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
    st = afq_aim_setup(&pb, drag, shooter, target, flags);
    if (st != AF_OK)
        return st;
    return afq_drag_cap_shots(drag, shooter, flags, afq_aim_push_shot(&pb, afn_u_q16(t), t, out),
                              out);
}
