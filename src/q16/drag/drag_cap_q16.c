/* SPDX-License-Identifier: MIT */
/*
 * drag_cap_f64.c in Q16.16: an engine's cap on the move of one step, from
 * the moves of the first step (exactly, from the launch) and the last (one
 * whole-step prediction's velocity): the longest two.
 */
#include <string.h>

#include "drag_cap_q16.h"

/* |w|^2 for w in units of 2^-32 (|w_i| < 2^63), to 29 bits: each
 * component cut to 31 bits in one shared unit, so that the squares are
 * single long multiplies summed exactly (below 3 2^62). */
static afn_unum len2_q32(const int64_t w[3])
{
    uint64_t m[3], top, sum = 0;
    int i, sh;
    for (i = 0; i < 3; i++)
        m[i] = afi_abs64(w[i]);
    top = m[0] | m[1] | m[2];
    sh = top >> 31 ? 33 - afi_clz64(top) : 0; /* top >> sh below 2^31 */
    for (i = 0; i < 3; i++) {
        uint32_t c = (uint32_t)(m[i] >> sh);
        sum += afi_umul32(c, c);
    }
    return afn_u_make_trunc(sum, 2 * sh - 64);
}

/* How a move relates to dt |w|. */
enum { MOVE_IS = 0, MOVE_TIMES_R = 1, MOVE_OVER_R = 2 };

/* Whether the move dt |w| (times r, or over r) is longer than the cap, w
 * in units of 2^-32: (dt |w|)^2 against cap^2, with r^2 on one side. */
static int exceeds(const af_drag_q16 *drag, const int64_t w[3], int how)
{
    /* The squares of the Q16.16 inputs are exact in 64 bits. */
    afn_unum move2 = afn_u_mul_trunc(len2_q32(w), afn_u_make_trunc(afi_square32(drag->dt), -32)),
             cap2 = afn_u_make_trunc(afi_square32(drag->max_move), -32);
    afn_unum r2 = afn_u_make_trunc(afi_square32(drag->r), -32);
    if (how == MOVE_TIMES_R)
        move2 = afn_u_mul_trunc(move2, r2);
    else if (how == MOVE_OVER_R)
        cap2 = afn_u_mul_trunc(cap2, r2);
    return afn_u_less(cap2, move2);
}

/* The velocity whose dt multiple is the first step's move, exactly, in
 * units of 2^-32 (products below 2^62, sums below 2^63); for gravity
 * first without its factor r (times r: the caller's). */
static void first_move_velocity(const af_drag_q16 *drag, const af_vec3_q16 *v0, int64_t w[3])
{
    int i;
    for (i = 0; i < 3; i++) {
        int64_t v = (&v0->x)[i], gdt = (int64_t)(&drag->gravity.x)[i] * drag->dt;
        switch (drag->order) {
        case AF_STEP_DAMPING_THEN_GRAVITY:
            w[i] = v * drag->r + gdt;
            break;
        case AF_STEP_MOVE_FIRST:
            w[i] = v * 65536;
            break;
        default: /* v0 + g dt: damping last's move, gravity first's before r */
            w[i] = v * 65536 + gdt;
            break;
        }
    }
}

/* Whether step `last` moves farther than the cap, decided from the
 * velocity v a gap of s seconds (y = mu s < 1/4 of decay) before that
 * step: the law is a flow, v(T + s) = e^-y v(T) + sigma s phi1(y) G, so
 * the velocity at the step is a series in y and one sum of two terms in
 * integers, not an evaluation of the law from the launch. 1 or 0 when
 * the move is beyond or within the cap by more than the roundings of
 * both this sum and the law's own evaluation (tol below), -1 when it is
 * too close to call or out of these integers' range (the caller then
 * evaluates the law). */
static int flow_decides(const afq_drag_law *law, const af_body_q16 *start, int64_t last,
                        const af_vec3_q16 *v, afn_unum y, afn_unum s)
{
    const af_drag_q16 *drag = law->model;
    uint64_t yq = afn_u_fixed_trunc(y, 31), spread = 0, g1 = 0, top = 0, tol, lim, num, w2, lo2;
    uint32_t phi1, c, rem, y32;
    afn_unum d;
    int64_t w[3];
    int i, sh;
    if (yq >= (UINT64_C(1) << 29))
        return -1;
    /* phi1(y) = 1 - y phi2(y) in Q31 (y < 1/4), phi2 by its series in Q32. */
    y32 = (uint32_t)yq << 1;
    phi1 = (uint32_t)((((uint64_t)1 << 32) - (afi_umul32(y32, afq_drag_phi2_q32(y32)) >> 32)) >> 1);
    c = 0x80000000u - (uint32_t)(afi_umul32((uint32_t)yq, phi1) >> 31); /* e^-y = 1 - y phi1 */
    /* d = sigma s phi1(y) = m 2^e: its products with G in units of 2^-31
     * raw are shifted by e + 31, taken when that is a right shift of at
     * least 2 (every game's step; the products then stay below 2^61). */
    d = afn_u_mul_trunc(law->sigma, afn_u_mul_trunc(s, afn_u_make_trunc(phi1, -31)));
    sh = d.e + 31;
    if (d.m != 0 && (sh < -63 || sh > -2))
        return -1;
    for (i = 0; i < 3; i++) {
        int32_t gi = (&drag->gravity.x)[i];
        uint64_t dg = d.m == 0 ? 0 : afi_umul32(d.m, afi_abs32(gi)) >> -sh;
        int64_t cv = afi_smul32((&v->x)[i], (int32_t)(c >> 1)) * 2; /* c v in 2^-31 raw */
        w[i] = afi_floor_shift64(cv + (gi < 0 ? -(int64_t)dg : (int64_t)dg), 31); /* raw */
        top |= afi_abs64(w[i]);
        spread += (uint64_t)afi_abs32((&start->velocity.x)[i]) + afi_abs32((&v->x)[i]);
        g1 += afi_abs32(gi);
    }
    /* Both evaluations round each coefficient to about 2^-26 and each
     * component to half a unit: 2^-20 of the magnitudes the law sums
     * (|v0|, |v| and sigma t |G| with sigma <= 11.1, t <= (last + 1) dt),
     * rounded up, and 16 raw units cover them with room. */
    tol = 16 + (spread >> 20) + ((((g1 * 12 * (uint64_t)(last + 1)) >> 24) + 1) *
                                 (uint32_t)drag->dt >> 12);
    /* The speed whose move is the cap, raw: cap / dt, over r for damping
     * last (as exceeds compares), floored (one unit more of tol). */
    num = (uint64_t)(uint32_t)drag->max_move *
          (drag->order == AF_STEP_DAMPING_LAST ? (uint32_t)drag->r : 65536u);
    /* A velocity beyond Q16.16 at the step: the law's evaluation says
     * what then. */
    if ((num >> 32) >= (uint32_t)drag->dt || top >> 31)
        return -1;
    lim = afi_udiv64_32(num, (uint32_t)drag->dt, &rem);
    tol += 1;
    /* |w|^2 against (lim -+ tol)^2 in one unit 2^k raw where every value
     * is below 2^31, the roundings of that unit added to tol. */
    top |= lim + tol;
    sh = top >> 31 ? 64 - afi_clz64(top) - 31 : 0;
    tol += (uint64_t)2 << sh;
    w2 = 0;
    for (i = 0; i < 3; i++) {
        uint32_t a = (uint32_t)(afi_abs64(w[i]) >> sh);
        w2 += afi_umul32(a, a);
    }
    {
        uint64_t hi = (lim + tol) >> sh, lo = lim > tol ? (lim - tol) >> sh : 0;
        if (w2 > hi * hi + 2 * hi + 1)
            return 1; /* |w| >= (hi + 1) 2^sh > lim + tol */
        lo2 = lo * lo;
    }
    return w2 < lo2 ? 0 : -1;
}

/* Whether the first move, from the launch, is beyond the cap. */
static int first_exceeds(const af_drag_q16 *drag, const af_body_q16 *start)
{
    int64_t w[3];
    first_move_velocity(drag, &start->velocity, w);
    return exceeds(drag, w, drag->order == AF_STEP_GRAVITY_THEN_DAMPING ? MOVE_TIMES_R : MOVE_IS);
}

/* Whether step `last` moves beyond the cap, v the velocity that moves it. */
static int last_exceeds(const af_drag_q16 *drag, const af_vec3_q16 *v)
{
    int64_t w[3];
    int i;
    for (i = 0; i < 3; i++)
        w[i] = (int64_t)(&v->x)[i] * 65536;
    return exceeds(drag, w, drag->order == AF_STEP_DAMPING_LAST ? MOVE_OVER_R : MOVE_IS);
}

af_status afq_drag_cap_moves(const af_drag_q16 *drag, const af_body_q16 *start, int64_t last,
                             const af_vec3_q16 *v_move)
{
    if (drag->kind != AF_DRAG_KIND_STEPPED || drag->max_move <= 0 || last <= 0)
        return AF_OK;
    if (first_exceeds(drag, start))
        return AF_ERR_ENGINE_LIMIT;
    if (last < 2 || last >= 32768 || !v_move)
        return AF_OK;
    return last_exceeds(drag, v_move) ? AF_ERR_ENGINE_LIMIT : AF_OK;
}

/* The cap over steps 1 to last: the first move and the last (the longest
 * two, drag_cap_f64.c), the last from v_last when given (the velocity
 * after step `last`), else from v_near when given (the velocity a gap of
 * s seconds, y = mu s, before that step) when that decides, else from one
 * evaluation of the velocity. */
static af_status cap_to(const afq_drag_law *law, const af_body_q16 *start, int64_t last,
                        const af_vec3_q16 *v_last, const af_vec3_q16 *v_near, const afn_unum *ys)
{
    const af_drag_q16 *drag = law->model;
    af_vec3_q16 end;
    if (law->continuous || drag->max_move <= 0 || last <= 0)
        return AF_OK;
    if (first_exceeds(drag, start))
        return AF_ERR_ENGINE_LIMIT;
    if (last < 2 || last >= 32768)
        return AF_OK;
    if (!v_last && v_near && ys && drag->order != AF_STEP_MOVE_FIRST) {
        int verdict = flow_decides(law, start, last, v_near, ys[0], ys[1]);
        if (verdict >= 0)
            return verdict ? AF_ERR_ENGINE_LIMIT : AF_OK;
    }
    /* Moving first, step `last` moves by the velocity after step last - 1. */
    if (drag->order == AF_STEP_MOVE_FIRST || !v_last) {
        if (!afq_drag_velocity_steps(
                law, start, (uint32_t)(drag->order == AF_STEP_MOVE_FIRST ? last - 1 : last), &end))
            return AF_OK; /* the caller's own overflow check answers */
        v_last = &end;
    }
    return last_exceeds(drag, v_last) ? AF_ERR_ENGINE_LIMIT : AF_OK;
}

af_status afq_drag_cap(const afq_drag_law *law, const af_body_q16 *start, fix16_t t)
{
    if (law->continuous || t <= 0 || law->model->max_move <= 0)
        return AF_OK;
    return cap_to(law, start, ((int64_t)t + law->model->dt - 1) / law->model->dt, NULL, NULL,
                  NULL);
}

af_status afq_drag_cap_steps(const afq_drag_law *law, const af_body_q16 *start, fix16_t n,
                             const af_vec3_q16 *v_n)
{
    int64_t last = ((int64_t)n + 65535) / 65536;
    afn_unum part, ys[2];
    if (law->continuous || law->model->max_move <= 0)
        return AF_OK;
    if ((n & 0xFFFF) == 0)
        return cap_to(law, start, last, v_n, NULL, NULL);
    /* From n steps to the end of step `last`: a fraction of a step, y =
     * its decay and s its seconds. */
    part = afn_u_make_trunc((uint64_t)(last * 65536 - n), -16);
    ys[0] = afn_u_mul_trunc(part, law->lambda);
    ys[1] = afn_u_mul_trunc(part, law->unit);
    return cap_to(law, start, last, NULL, v_n, ys);
}

af_status afq_drag_cap_shots(const af_drag_q16 *drag, const af_body_q16 *shooter, unsigned flags,
                             af_status status, af_shots_q16 *out)
{
    int i, kept = 0, dropped = 0;
    afq_drag_law law;
    if (status != AF_OK || drag->kind != AF_DRAG_KIND_STEPPED || drag->max_move <= 0 ||
        afq_drag_law_init(drag, &law) != AF_OK)
        return status;
    for (i = 0; i < out->count; i++) {
        af_body_q16 launch;
        launch.position = shooter->position;
        launch.velocity = out->shot[i].velocity;
        if (flags & AF_INHERIT_VELOCITY) {
            /* A sum beyond Q16.16 is no flight the engine can hold. */
            int64_t s[3];
            int c, wide = 0;
            for (c = 0; c < 3; c++) {
                s[c] = (int64_t)(&launch.velocity.x)[c] + (&shooter->velocity.x)[c];
                wide |= s[c] > INT32_MAX || s[c] < INT32_MIN;
            }
            if (wide) {
                dropped++;
                continue;
            }
            launch.velocity.x = (fix16_t)s[0];
            launch.velocity.y = (fix16_t)s[1];
            launch.velocity.z = (fix16_t)s[2];
        }
        if (afq_drag_cap(&law, &launch, out->shot[i].t) != AF_OK) {
            dropped++;
            continue;
        }
        out->shot[kept++] = out->shot[i];
    }
    for (i = kept; i < out->count; i++)
        memset(&out->shot[i], 0, sizeof out->shot[i]);
    out->count = kept;
    return kept == 0 && dropped ? AF_ERR_ENGINE_LIMIT : AF_OK;
}
