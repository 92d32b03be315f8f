/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: the launch velocity for a chosen time of
 * flight. Newton's method on the launch velocity, each miss the
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
/* A step of at most this many raw units in each component is not halved. */
#define SMALL_STEP 8
/* Chord iterations a settling aim tries first. */
#define CHORDS 4
/* A miss within this (Q32.32, squared: 2 LSB) needs no further step. */
#define DONE_MISS 4u

af_status afq_qd_target_at(const afq_qd_aim *pb, fix16_t T, af_vec3_q16 *P, af_vec3_q16 *V)
{
    af_vec3_q16 p, v;
    int i;
    if (!pb->accelerating) {
        if (V)
            *V = pb->target.velocity;
        return afq_qd_add_scaled(&pb->target.position, &pb->target.velocity, T, P);
    }
    for (i = 0; i < 3; i++) {
        int64_t aT = (int64_t)(&pb->accel.x)[i] * T, v0 = (&pb->target.velocity.x)[i];
        int64_t u = v0 + afi_round_shift(aT, 17), w = v0 + afi_round_shift(aT, 16), q;
        if (u > INT32_MAX || u < INT32_MIN || w > INT32_MAX || w < INT32_MIN)
            return AF_ERR_OVERFLOW;
        q = (&pb->target.position.x)[i] + afi_round_shift(u * T, 16);
        if (q > INT32_MAX || q < INT32_MIN)
            return AF_ERR_OVERFLOW;
        (&p.x)[i] = (int32_t)q;
        (&v.x)[i] = (int32_t)w;
    }
    *P = p;
    if (V)
        *V = v;
    return AF_OK;
}

/* The target's point at T. */
static af_status point_at(const afq_qd_aim *pb, fix16_t T, af_vec3_q16 *P)
{
    return afq_qd_target_at(pb, T, P, NULL);
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
static af_status miss_of(afq_qd_aim *pb, const af_vec3_q16 *v, fix16_t T,
                         const af_vec3_q16 *P, af_body_q16 *end, afq_qd_jacobian *jac,
                         af_vec3_q16 *miss, uint64_t *err)
{
    af_status st = afq_qd_fly(pb->m, &pb->shooter.position, v, T, end, jac);
    if (st == AF_OK && jac) {
        pb->j = *jac;
        pb->t_j = T;
        pb->have_j = 1;
    }
    if (st == AF_OK)
        st = af_vec3_sub_q16(&end->position, P, miss);
    if (st == AF_OK)
        *err = af_vec3_len2_q16(miss);
    return st;
}

/* Whether a scan's sample is settled at v: the miss below 1/64 of the
 * reach, the Newton step (at most `big` raw units a component) below 1/32
 * of the speed, and the launch speed farther from the one compared with
 * than 4 such steps could move it. */
static int sign_settled(const afq_qd_aim *pb, const af_vec3_q16 *v, const af_vec3_q16 *P,
                        uint64_t err, uint32_t big)
{
    af_vec3_q16 u = *v, D;
    fix16_t len, reach;
    uint64_t gap;
    if (pb->inherit && af_vec3_sub_q16(v, &pb->shooter.velocity, &u) != AF_OK)
        return 0;
    if (af_vec3_sub_q16(P, &pb->shooter.position, &D) != AF_OK ||
        af_vec3_len_q16(&D, &reach) != AF_OK || af_vec3_len_q16(&u, &len) != AF_OK)
        return 0;
    if (err > (((uint64_t)reach * (uint64_t)reach) >> 12))
        return 0;
    gap = afi_abs32(len - pb->settle);
    /* Newton's steps bound the error only once they are small beside the
     * velocity (quadratic drag flattens the miss of a fast launch: a far
     * answer's step can be short); then 4 steps of |x| <= sqrt(3) big:
     * 7 big. */
    return (uint64_t)big * 32 <= (uint64_t)len && gap > 7 * (uint64_t)big;
}

/* The largest magnitude of x's components. */
static uint32_t largest(const int32_t x[3])
{
    uint32_t big = afi_abs32(x[0]);
    if (afi_abs32(x[1]) > big)
        big = afi_abs32(x[1]);
    if (afi_abs32(x[2]) > big)
        big = afi_abs32(x[2]);
    return big;
}

/* x = (J_last T / t_j)^-1 b: the last Jacobian stretched to T. */
static int chord_solve(const afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *miss, int32_t x[3])
{
    int32_t b[3];
    int i;
    b[0] = afq_qd_neg(miss->x);
    b[1] = afq_qd_neg(miss->y);
    b[2] = afq_qd_neg(miss->z);
    if (!afq_qd_solve(&pb->j, b, x))
        return 0;
    for (i = 0; i < 3; i++)
        if (af_muldiv_q16(x[i], pb->t_j, T, &x[i]) != AF_OK)
            return 0;
    return 1;
}

/* A settling aim's chord iterations: plain flights, each step from the
 * last Jacobian, while each halves the miss; 1 once settled (v, *end and
 * *x, the last step, set), else 0 with v the best start found. */
static int chord(afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *P, af_vec3_q16 *v,
                 af_body_q16 *end, int32_t x[3])
{
    af_vec3_q16 miss, best_v = *v, v2;
    uint64_t err, best = UINT64_MAX;
    int c;
    for (c = 0; c < CHORDS; c++) {
        if (miss_of(pb, v, T, P, end, NULL, &miss, &err) != AF_OK || !(err < best / 4 + 1) ||
            !chord_solve(pb, T, &miss, x))
            break;
        best = err;
        best_v = *v;
        if (err <= DONE_MISS || sign_settled(pb, v, P, err, largest(x)))
            return 1;
        if (af_add_q16(v->x, x[0], &v2.x) != AF_OK || af_add_q16(v->y, x[1], &v2.y) != AF_OK ||
            af_add_q16(v->z, x[2], &v2.z) != AF_OK)
            break;
        *v = v2;
    }
    *v = best_v;
    return 0;
}

/* dv/dT = J^-1 (V - v(T)), J the last one stretched to T (0 when it is
 * singular). */
static void velocity_rate(const afq_qd_aim *pb, fix16_t T, const af_body_q16 *end,
                          af_vec3_q16 *dv)
{
    af_vec3_q16 rel, V, P;
    int32_t x[3] = { 0, 0, 0 };
    if (afq_qd_target_at(pb, T, &P, &V) != AF_OK ||
        af_vec3_sub_q16(&end->velocity, &V, &rel) != AF_OK ||
        !chord_solve(pb, T, &rel, x))
        x[0] = x[1] = x[2] = 0;
    dv->x = x[0];
    dv->y = x[1];
    dv->z = x[2];
}

/* The engine's roundings gather over the n steps of the flight as n^2. */
uint64_t afq_qd_miss_allowed(const af_qdrag_q16 *m, fix16_t T)
{
    uint64_t n = (uint64_t)(T / m->dt) + 1;
    uint64_t lsb = AF_QDRAG_Q16_AIM_MISS_LSB + n * n / AF_QDRAG_Q16_AIM_MISS_DIV;
    if (lsb > 0xFFFFFFFFu)
        lsb = 0xFFFFFFFFu;
    return lsb * lsb;
}

af_status afq_qd_aim_time(afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *guess,
                          af_vec3_q16 *v, af_vec3_q16 *dv)
{
    af_vec3_q16 P, miss;
    af_body_q16 end;
    afq_qd_jacobian jac;
    uint64_t err;
    int it, settled = 0;
    af_status st = point_at(pb, T, &P);
    if (st != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    if (guess)
        *v = *guess;
    else if ((st = vacuum_guess(pb, T, &P, v)) != AF_OK)
        return st;
    if (pb->settle && pb->have_j) {
        int32_t x[3];
        if (chord(pb, T, &P, v, &end, x)) {
            if (dv)
                velocity_rate(pb, T, &end, dv);
            return AF_OK;
        }
    }
    st = miss_of(pb, v, T, &P, &end, &jac, &miss, &err);
    if (st != AF_OK)
        return st;
    for (it = 0; it < AF_QDRAG_AIM_MAX_ITER && err > DONE_MISS && !settled; it++) {
        int32_t b[3], x[3];
        uint32_t big;
        int h, accepted = 0;
        b[0] = afq_qd_neg(miss.x);
        b[1] = afq_qd_neg(miss.y);
        b[2] = afq_qd_neg(miss.z);
        if (!afq_qd_solve(&jac, b, x) || (x[0] == 0 && x[1] == 0 && x[2] == 0))
            break;
        big = largest(x);
        if (pb->settle && sign_settled(pb, v, &P, err, big)) {
            settled = 1;
            break;
        }
        /* A step of a few LSB is tried whole only: past it the engine's
         * roundings, not the Newton step, decide the miss. */
        for (h = 0; h <= (big > SMALL_STEP ? AIM_HALVINGS : 0); h++) {
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
    if (err > afq_qd_miss_allowed(pb->m, T) && !settled)
        return AF_ERR_NO_CONVERGENCE;
    if (dv)
        velocity_rate(pb, T, &end, dv);
    return AF_OK;
}

/* A bound on the launch's speed through the air for a flight of T to the
 * target (the continuous kind's step is chosen from it): twice the
 * vacuum's, |D| / T + |g| T / 2 with the target's and the shooter's
 * speeds, plus the wind; saturated. */
static int64_t aim_speed_bound(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                               const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t T,
                               unsigned flags)
{
    af_vec3_q16 D;
    fix16_t d = INT32_MAX, g = INT32_MAX, vt = INT32_MAX, vs = 0, w = INT32_MAX, a = 0;
    int64_t s;
    if (!drag || af_vec3_sub_q16(&target->position, &shooter->position, &D) != AF_OK ||
        af_vec3_len_q16(&D, &d) != AF_OK || af_vec3_len_q16(&drag->gravity, &g) != AF_OK ||
        af_vec3_len_q16(&target->velocity, &vt) != AF_OK ||
        af_vec3_len_q16(&drag->wind, &w) != AF_OK ||
        (accel && af_vec3_len_q16(accel, &a) != AF_OK) ||
        ((flags & AF_INHERIT_VELOCITY) && af_vec3_len_q16(&shooter->velocity, &vs) != AF_OK))
        return INT32_MAX;
    s = ((int64_t)d << 16) / T + ((((int64_t)g + a) * T) >> 17) + vt + vs;
    return 2 * s + w;
}

af_status afq_qd_aim_at_time(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                             const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t t,
                             unsigned flags, af_shots_q16 *out)
{
    afq_qd_aim pb;
    af_qdrag_q16 m;
    af_vec3_q16 v, P;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!shooter || !target || t <= 0 ||
        !afq_qd_prepare(drag, aim_speed_bound(drag, shooter, target, accel, t, flags), &m))
        return AF_ERR_BAD_ARGUMENT;
    pb.m = &m;
    pb.accelerating = accel && (accel->x != 0 || accel->y != 0 || accel->z != 0);
    if (pb.accelerating)
        pb.accel = *accel;
    pb.shooter = *shooter;
    pb.target = *target;
    pb.inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    pb.settle = 0;
    pb.have_j = 0;
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
