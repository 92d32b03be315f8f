/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, stepped kind: the launch velocity for a chosen
 * time of flight. Newton's method on the launch velocity, each miss the
 * Q16.16 engine's own and each step from the Jacobian the flight carries,
 * halved until the miss shrinks; it stops when no step shrinks the miss
 * any more (the engine's roundings then dominate) and succeeds when the
 * miss is within AF_QDRAG_Q16_AIM_MISS of the target.
 */
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_aim_q16.h"

/* Halvings of a Newton step that does not shrink the miss. */
#define AIM_HALVINGS 8

/* The target's point at T. */
static af_status point_at(const afq_qd_aim *pb, fix16_t T, af_vec3_q16 *P)
{
    return afq_qd_add_scaled(&pb->target.position, &pb->target.velocity, T, P);
}

/* The vacuum's shot: (P - S) / T - g T / 2. */
static af_status vacuum_guess(const afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *P,
                              af_vec3_q16 *v)
{
    af_vec3_q16 D, half;
    af_status st = af_vec3_sub_q16(P, &pb->shooter.position, &D);
    if (st != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    st = af_div_q16(D.x, T, &v->x);
    if (st == AF_OK)
        st = af_div_q16(D.y, T, &v->y);
    if (st == AF_OK)
        st = af_div_q16(D.z, T, &v->z);
    if (st == AF_OK)
        st = af_vec3_scale_q16(&pb->m->gravity, T / 2, &half);
    if (st == AF_OK)
        st = af_vec3_sub_q16(v, &half, v);
    return st;
}

/* The miss of v at T: position minus P, and |miss|^2 (Q32.32). */
static af_status miss_of(const afq_qd_aim *pb, const af_vec3_q16 *v, fix16_t T,
                         const af_vec3_q16 *P, af_body_q16 *end, afq_qd_jacobian *jac,
                         af_vec3_q16 *miss, uint64_t *err)
{
    af_status st = afq_qd_fly(pb->m, &pb->shooter.position, v, T, end, jac);
    if (st == AF_OK)
        st = af_vec3_sub_q16(&end->position, P, miss);
    if (st == AF_OK)
        *err = af_vec3_len2_q16(miss);
    return st;
}

/* The miss a solved aim may keep, squared in Q32.32: the engine's
 * roundings gathered over the n steps of the flight (see
 * AF_QDRAG_Q16_AIM_MISS). */
static uint64_t miss_allowed(const afq_qd_aim *pb, fix16_t T)
{
    uint64_t n = (uint64_t)(T / pb->m->dt) + 1;
    uint64_t lsb = AF_QDRAG_Q16_AIM_MISS_LSB + n * n / AF_QDRAG_Q16_AIM_MISS_DIV;
    if (lsb > 0xFFFFFFFFu)
        lsb = 0xFFFFFFFFu;
    return lsb * lsb;
}

af_status afq_qd_aim_time(const afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *guess,
                          af_vec3_q16 *v, af_vec3_q16 *dv)
{
    af_vec3_q16 P, miss;
    af_body_q16 end;
    afq_qd_jacobian jac;
    uint64_t err;
    int it;
    af_status st = point_at(pb, T, &P);
    if (st != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    if (guess)
        *v = *guess;
    else if ((st = vacuum_guess(pb, T, &P, v)) != AF_OK)
        return st;
    st = miss_of(pb, v, T, &P, &end, &jac, &miss, &err);
    if (st != AF_OK)
        return st;
    for (it = 0; it < AF_QDRAG_AIM_MAX_ITER && err > 0; it++) {
        int32_t b[3], x[3];
        int h, accepted = 0;
        b[0] = -miss.x;
        b[1] = -miss.y;
        b[2] = -miss.z;
        if (!afq_qd_solve(&jac, b, x) || (x[0] == 0 && x[1] == 0 && x[2] == 0))
            break;
        for (h = 0; h <= AIM_HALVINGS; h++) {
            af_vec3_q16 v2, miss2;
            af_body_q16 end2;
            afq_qd_jacobian jac2;
            uint64_t err2;
            int32_t sx = h ? (int32_t)afi_round_shift(x[0], h) : x[0];
            int32_t sy = h ? (int32_t)afi_round_shift(x[1], h) : x[1];
            int32_t sz = h ? (int32_t)afi_round_shift(x[2], h) : x[2];
            if ((sx == 0 && sy == 0 && sz == 0) || af_add_q16(v->x, sx, &v2.x) != AF_OK ||
                af_add_q16(v->y, sy, &v2.y) != AF_OK || af_add_q16(v->z, sz, &v2.z) != AF_OK)
                break;
            if (miss_of(pb, &v2, T, &P, &end2, &jac2, &miss2, &err2) == AF_OK && err2 < err) {
                *v = v2;
                miss = miss2;
                err = err2;
                end = end2;
                jac = jac2;
                accepted = 1;
                break;
            }
        }
        if (!accepted)
            break;
    }
    if (err > miss_allowed(pb, T))
        return AF_ERR_NO_CONVERGENCE;
    if (dv) {
        int32_t b[3], x[3];
        af_vec3_q16 rel;
        if (af_vec3_sub_q16(&pb->target.velocity, &end.velocity, &rel) == AF_OK) {
            b[0] = rel.x;
            b[1] = rel.y;
            b[2] = rel.z;
        } else
            b[0] = b[1] = b[2] = 0;
        if (!afq_qd_solve(&jac, b, x))
            x[0] = x[1] = x[2] = 0;
        dv->x = x[0];
        dv->y = x[1];
        dv->z = x[2];
    }
    return AF_OK;
}

af_status af_qdrag_aim_time_q16(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                                const af_body_q16 *target, fix16_t t, unsigned flags,
                                af_shots_q16 *out)
{
    afq_qd_aim pb;
    af_vec3_q16 v, P;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!afq_qd_model_ok(drag) || !shooter || !target || t <= 0)
        return AF_ERR_BAD_ARGUMENT;
    pb.m = drag;
    pb.shooter = *shooter;
    pb.target = *target;
    pb.inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    st = afq_qd_aim_time(&pb, t, NULL, &v, NULL);
    if (st == AF_OK)
        st = point_at(&pb, t, &P);
    if (st == AF_OK && pb.inherit)
        st = af_vec3_sub_q16(&v, &shooter->velocity, &v);
    if (st != AF_OK) {
        memset(out, 0, sizeof *out);
        return st;
    }
    out->count = 1;
    out->shot[0].t = t;
    out->shot[0].velocity = v;
    out->shot[0].point = P;
    return AF_OK;
}
