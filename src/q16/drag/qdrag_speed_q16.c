/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: the launch velocities of a
 * chosen speed. As af_qdrag_aim_speed_f64: F(T) = |u(T)| - speed, u(T) the
 * fixed-time aim, sampled at AF_QDRAG_AIM_SCAN_POINTS times spaced
 * geometrically (each aim started from the last one and its derivative in
 * T); each sign change is narrowed to one raw unit of T (regula falsi,
 * every other step a halving: at most AF_QDRAG_Q16_ROOT_ITER samples), and
 * each sampled dip of F (F'(T) changing sign towards zero) is located by
 * halving on the sign of F' and checked, so that two close arcs are not
 * lost (qdrag_speed_scan_q16.c). The turret aims follow each scene's roots
 * from the last one's instead (qdrag_follow_q16.c).
 */
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_speed_q16.h"

/* Flights of the joint Newton iteration on one root. */
#define JOINT_ITER 8
/* Halvings of a joint step that does not shrink the miss. */
#define JOINT_HALVINGS 3

/* The guess for T from the last aim: v + dv (T - t). */
static int guess_from_last(const scan *sc, fix16_t T, af_vec3_q16 *g)
{
    return sc->have && afq_qd_add_scaled(&sc->v_last, &sc->dv_last, T - sc->t_last, g) == AF_OK;
}

void afq_qd_evaluate(scan *sc, fix16_t T, int sign_only, sample *s)
{
    af_vec3_q16 g, v, dv, u;
    fix16_t len;
    int64_t dot;
    fix16_t d;
    af_status st = AF_ERR_NO_CONVERGENCE;
    s->T = T;
    s->F = OUT_OF_REACH;
    s->F1 = 0;
    memset(&s->v, 0, sizeof s->v);
    memset(&s->dv, 0, sizeof s->dv);
    sc->pb.settle = sign_only ? sc->speed : 0;
    if (guess_from_last(sc, T, &g))
        st = afq_qd_aim_time(&sc->pb, T, &g, &v, &dv);
    if (st != AF_OK)
        st = afq_qd_aim_time(&sc->pb, T, NULL, &v, &dv);
    u = v;
    if (st == AF_OK && sc->pb.inherit)
        st = af_vec3_sub_q16(&v, &sc->pb.shooter.velocity, &u);
    if (st == AF_OK)
        st = af_vec3_len_q16(&u, &len);
    if (st != AF_OK) {
        sc->have = 0;
        return;
    }
    sc->have = 1;
    sc->t_last = T;
    sc->v_last = v;
    sc->dv_last = dv;
    s->v = v;
    s->dv = dv;
    s->F = len - sc->speed;
    /* F' = u . dv / |u|, saturated (only its sign and rough size steer). */
    if (len > 0 && af_vec3_dot_q16(&u, &dv, &dot) == AF_OK &&
        af_round_q32_q16(dot, &d) == AF_OK && af_div_q16(d, len, &s->F1) == AF_OK)
        return;
    s->F1 = len > 0 ? (dot < 0 ? -INT32_MAX : INT32_MAX) : 0;
}

/* v = vs + u resized to the speed. */
static af_status on_sphere(const scan *sc, const af_vec3_q16 *vs, const af_vec3_q16 *u,
                           af_vec3_q16 *v)
{
    af_vec3_q16 w;
    af_status st = af_vec3_resize_q16(u, sc->speed, &w);
    if (st == AF_OK)
        st = af_vec3_add_q16(vs, &w, v);
    return st;
}

/* The miss of v at T and the flight's end and Jacobian: 1 when flown. */
static int joint_miss(const afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *v, af_body_q16 *end,
                      afq_qd_jacobian *jac, af_vec3_q16 *miss, uint64_t *err)
{
    af_vec3_q16 P;
    if (afq_qd_target_at(pb, T, &P, NULL) != AF_OK ||
        afq_qd_fly(pb->m, &pb->shooter.position, v, T, end, jac) != AF_OK ||
        af_vec3_sub_q16(&end->position, &P, miss) != AF_OK)
        return 0;
    *err = af_vec3_len2_q16(miss);
    return 1;
}

/* The joint step (dT, du) at T from the flight's end, miss and Jacobian:
 * 1 when solved. */
static int joint_step(const afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *u,
                      const af_body_q16 *end, const afq_qd_jacobian *jac,
                      const af_vec3_q16 *miss, fix16_t *dT, af_vec3_q16 *du)
{
    af_vec3_q16 V, P, rel, xm3, xa3, n;
    int32_t b[3], xm[3], xa[3];
    int64_t nm, na;
    fix16_t nm16, na16;
    b[0] = afq_qd_neg(miss->x);
    b[1] = afq_qd_neg(miss->y);
    b[2] = afq_qd_neg(miss->z);
    if (afq_qd_target_at(pb, T, &P, &V) != AF_OK || !afq_qd_solve(jac, b, xm) ||
        af_vec3_sub_q16(&end->velocity, &V, &rel) != AF_OK)
        return 0;
    b[0] = rel.x;
    b[1] = rel.y;
    b[2] = rel.z;
    if (!afq_qd_solve(jac, b, xa) || af_vec3_normalize_q16(u, &n) != AF_OK)
        return 0;
    xm3.x = xm[0];
    xm3.y = xm[1];
    xm3.z = xm[2];
    xa3.x = xa[0];
    xa3.y = xa[1];
    xa3.z = xa[2];
    return af_vec3_dot_q16(&n, &xm3, &nm) == AF_OK && af_vec3_dot_q16(&n, &xa3, &na) == AF_OK &&
           af_round_q32_q16(nm, &nm16) == AF_OK && af_round_q32_q16(na, &na16) == AF_OK &&
           af_div_q16(nm16, na16, dT) == AF_OK && afq_qd_add_scaled(&xm3, &xa3, -*dT, du) == AF_OK;
}

/* x / 2^h, rounded. */
static fix16_t halved(fix16_t x, int h)
{
    return h ? (fix16_t)afi_round_shift(x, h) : x;
}

/*
 * Newton's method on the launch velocity and the time together, as in
 * f64: the miss p(T; v) - P(T) = 0 with the launch speed held on its
 * sphere; with x_m = J^-1 (-miss) and x_a = J^-1 (v(T) - V), dT = n.x_m /
 * n.x_a and u += x_m - x_a dT (n the launch direction), u then resized to
 * the speed. A step that does not shrink the miss is halved (up to
 * JOINT_HALVINGS times): near a double root n.x_a = -F' is a small
 * difference that the Jacobian's roundings make overshoot. 1 with (T, v)
 * once the miss is within 2 LSB, or, the best met, within the aim's
 * allowance once a step no longer halves it, T inside [lo, hi].
 */
int afq_qd_joint(const scan *sc, fix16_t lo, fix16_t hi, fix16_t *T, af_vec3_q16 *v)
{
    const afq_qd_aim *pb = &sc->pb;
    af_vec3_q16 vs = { 0, 0, 0 }, u, miss;
    af_body_q16 end;
    afq_qd_jacobian jac;
    uint64_t err;
    int it;
    if (pb->inherit)
        vs = pb->shooter.velocity;
    if (af_vec3_sub_q16(v, &vs, &u) != AF_OK || on_sphere(sc, &vs, &u, v) != AF_OK ||
        !joint_miss(pb, *T, v, &end, &jac, &miss, &err))
        return 0;
    for (it = 0; it < JOINT_ITER && err > 4u; it++) {
        af_vec3_q16 du;
        fix16_t dT;
        uint64_t before = err;
        int h;
        if (af_vec3_sub_q16(v, &vs, &u) != AF_OK ||
            !joint_step(pb, *T, &u, &end, &jac, &miss, &dT, &du) || (int64_t)*T + dT < lo ||
            (int64_t)*T + dT > hi)
            return 0;
        for (h = 0; h <= JOINT_HALVINGS && err == before; h++) {
            af_vec3_q16 u2, v2, miss2;
            af_body_q16 end2;
            afq_qd_jacobian jac2;
            uint64_t err2;
            fix16_t T2 = *T + halved(dT, h);
            u2.x = halved(du.x, h);
            u2.y = halved(du.y, h);
            u2.z = halved(du.z, h);
            if (af_vec3_add_q16(&u, &u2, &u2) != AF_OK || on_sphere(sc, &vs, &u2, &v2) != AF_OK ||
                !joint_miss(pb, T2, &v2, &end2, &jac2, &miss2, &err2) || err2 >= err)
                continue;
            *T = T2;
            *v = v2;
            end = end2;
            jac = jac2;
            miss = miss2;
            err = err2;
        }
        /* Newton's convergence halves the miss at the least; short of it
         * the engine's roundings decide the miss. */
        if (err * 4 > before)
            break;
    }
    if (err <= 4u)
        return 1;
    return err <= afq_qd_miss_allowed(pb->m, *T) ? -1 : 0;
}

/* A lower bound on every hit's time: |v - w| grows at most at |g|, so the
 * body covers at most T (|v0| + 2 |w| + |g| T / 2) <= T (speed + v_far +
 * 2 |w| + |g| max_time / 2) in T. In raw units, rounded down. */
static fix16_t time_bound(const scan *sc, fix16_t distance, int64_t v_far, fix16_t max_time)
{
    fix16_t w32, g32;
    /* Lengths saturate at the Q16.16 maximum: a smaller bound, still one. */
    int64_t w = af_vec3_len_q16(&sc->pb.m->wind, &w32) == AF_OK ? w32 : INT32_MAX;
    int64_t gn = af_vec3_len_q16(&sc->pb.m->gravity, &g32) == AF_OK ? g32 : INT32_MAX;
    int64_t den = sc->speed + v_far + 2 * w + ((gn * max_time) >> 17);
    return (fix16_t)(((int64_t)distance * 65536) / den);
}

/* Whether no flight up to max_time can reach the target (the continuous
 * kind): the speed through the air u obeys d|u|/dt <= |g| - c |u|, so the
 * body drifts at most |w| T + u0 min(T, 1/c) + |g| min(T^2/2, T/c) from
 * the launch point in T, which grows with T while the target's distance,
 * at least |D| - |V| T - |a| T^2/2, shrinks: both taken at max_time. u0
 * is speed_bound's; 0 where a term would not fit 64 bits. */
static int beyond_reach(const af_qdrag_q16 *m, int64_t u0, fix16_t distance, fix16_t vt,
                        fix16_t va, fix16_t max_time)
{
    fix16_t w, g;
    int64_t T = max_time, half_t2 = (T * T) >> 17, t1 = T, t2 = half_t2, reach;
    if (m->kind != AF_DRAG_KIND_CONTINUOUS || half_t2 > INT32_MAX ||
        af_vec3_len_q16(&m->wind, &w) != AF_OK || af_vec3_len_q16(&m->gravity, &g) != AF_OK)
        return 0;
    if (m->c > 0) {
        /* 1/c and T/c in raw units, each kept only where smaller. */
        int64_t inv_c = ((int64_t)1 << 32) / m->c, t_over_c = (T << 16) / m->c;
        t1 = inv_c < t1 ? inv_c : t1;
        t2 = t_over_c < t2 ? t_over_c : t2;
    }
    reach = (((int64_t)w + vt) * T >> 16) + (u0 * t1 >> 16) + ((int64_t)g * t2 >> 16) +
            ((int64_t)va * half_t2 >> 16);
    /* The lengths' and products' roundings, a few raw units each. */
    return distance > reach + 16 + (reach >> 12);
}

/* The fastest a launch at `speed` moves through the air: the speed, the
 * wind's and the inherited shooter's (the continuous kind's step is
 * chosen from it). */
static int64_t speed_bound(const af_qdrag_q16 *drag, const af_body_q16 *shooter, fix16_t speed,
                           unsigned flags)
{
    fix16_t w = INT32_MAX, vs = 0;
    if (!drag || af_vec3_len_q16(&drag->wind, &w) != AF_OK ||
        ((flags & AF_INHERIT_VELOCITY) && af_vec3_len_q16(&shooter->velocity, &vs) != AF_OK))
        return INT32_MAX;
    return (int64_t)speed + w + vs;
}

af_status afq_qd_aim_at_speed(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                              const af_body_q16 *target, const af_vec3_q16 *accel,
                              fix16_t speed, fix16_t max_time, unsigned flags,
                              af_shots_q16 *out)
{
    return afq_qd_aim_follow(drag, shooter, target, accel, speed, max_time, flags, NULL, out);
}

af_status afq_qd_aim_follow(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                            const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t speed,
                            fix16_t max_time, unsigned flags, afq_qd_roots *known,
                            af_shots_q16 *out)
{
    scan sc;
    af_qdrag_q16 m;
    sample roots[AF_MAX_SHOTS];
    af_vec3_q16 D;
    fix16_t distance, vt = 0, vs = 0, va = 0, t_lo, f_end = 0;
    int n, i;
    sample lowest;
    afq_qd_roots prev;
    prev.n = 0;
    prev.have_low = 0;
    if (known) {
        prev = *known;
        known->n = 0; /* until this scene's roots replace them */
        known->have_low = 0;
    }
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!shooter || !target || speed <= 0 || max_time <= 0 ||
        !afq_qd_prepare(drag, speed_bound(drag, shooter, speed, flags), &m))
        return AF_ERR_BAD_ARGUMENT;
    memset(&sc, 0, sizeof sc);
    sc.pb.m = &m;
    sc.pb.accelerating = accel && (accel->x != 0 || accel->y != 0 || accel->z != 0);
    if (sc.pb.accelerating)
        sc.pb.accel = *accel;
    sc.pb.shooter = *shooter;
    sc.pb.target = *target;
    sc.pb.inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    sc.speed = speed;
    if (af_vec3_sub_q16(&target->position, &shooter->position, &D) != AF_OK ||
        af_vec3_len_q16(&D, &distance) != AF_OK ||
        af_vec3_len_q16(&target->velocity, &vt) != AF_OK ||
        (sc.pb.inherit && af_vec3_len_q16(&shooter->velocity, &vs) != AF_OK) ||
        (sc.pb.accelerating && af_vec3_len_q16(accel, &va) != AF_OK))
        return AF_ERR_OUT_OF_RANGE;
    sc.static_target = vt == 0 && !sc.pb.accelerating && (!sc.pb.inherit || vs == 0);
    /* The target's speed over the flights, its acceleration's included. */
    t_lo = time_bound(&sc, distance, (int64_t)vt + vs + (((int64_t)va * max_time) >> 16),
                      max_time);
    if (distance == 0) {
        out->count = 1;
        out->shot[0].point = target->position;
    }
    if (t_lo < 1)
        t_lo = 1;
    if (distance > 0 && beyond_reach(&m, speed_bound(drag, shooter, speed, flags), distance, vt,
                                     va, max_time))
        n = 0;
    else if (prev.n > 0 && t_lo < max_time && distance > 0 &&
        afq_qd_follow_roots(&sc, max_time, &prev, roots, &f_end)) {
        n = prev.n;
        *known = prev;
        known->f_end = f_end;
        known->have_low = 0;
    } else if (prev.n == 0 && prev.have_low && t_lo < max_time && distance > 0 &&
               afq_qd_follow_dip(&sc, t_lo, max_time, &prev)) {
        n = 0;
        *known = prev;
    } else {
        lowest.F = OUT_OF_REACH;
        n = t_lo < max_time ? afq_qd_scan_roots(&sc, t_lo, max_time, roots, &lowest) : 0;
        if (known) {
            known->n = distance > 0 ? n : 0;
            afq_qd_remember_end(&sc, max_time, known);
            if (n == 0 && distance > 0 && !sc.unreachable && !sc.humped &&
                lowest.F != OUT_OF_REACH && lowest.F > 0) {
                known->have_low = 1;
                known->t_low = lowest.T;
                known->v_low = lowest.v;
                known->dv_low = lowest.dv;
            }
        }
    }
    if (known)
        for (i = 0; i < known->n; i++) {
            known->T[i] = roots[i].T;
            known->v[i] = roots[i].v;
        }
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        af_shot_q16 *shot = &out->shot[out->count];
        af_vec3_q16 u = roots[i].v;
        if (sc.pb.inherit && af_vec3_sub_q16(&u, &shooter->velocity, &u) != AF_OK)
            continue;
        if (afq_qd_target_at(&sc.pb, roots[i].T, &shot->point, NULL) != AF_OK) {
            memset(shot, 0, sizeof *shot);
            continue;
        }
        shot->t = roots[i].T;
        shot->velocity = u;
        out->count++;
    }
    return out->count > 0 ? AF_OK : AF_ERR_NO_SOLUTION;
}

