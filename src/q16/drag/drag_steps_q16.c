/* SPDX-License-Identifier: MIT */
/*
 * The forward prediction in steps, af_drag_predict_steps_q16: the
 * geometric sums of an engine's law after n steps (n real), straight from
 * r and n, with u = 1 - r,
 *
 *     c = r^n,  G = (1 - r^n) / u,  H = (n - r G) / u,
 *
 * (at a whole n, G = sum r^j for j < n and H = sum G_k for k = 1 .. n).
 * Every coefficient of every step order is dt G or dt^2 H, times r or not
 * (drag_q16.h's law with t = n dt: a = rho t phi1 = dt r G, and so on), so
 * neither the law's constants nor t phi1 and t^2 phi2 as such are needed.
 *
 * From x = n lambda >= 1/2 (lambda = -ln r), c is an exponential of
 * n log2 r, 1 - c >= 0.39 loses at most 1.4 bits, and n - r G >= 0.21 n
 * (r G / n = rho phi1(x) <= phi1(1/2)) at most 2.3: two exact divisions by
 * u. Below, those forms cancel, and the sums come from phi1 and phi2 by
 * their series: G = n L phi1, H = n L (psi + rho n phi2) with L = lambda / u,
 * rho = r L and psi = (1 - rho) / lambda, every term positive.
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

/* ln 2 = 0.693147180560 (m 2^-32); 1/2 and 1. */
static const afn_unum ln_2 = { 2977044472u, -32 };
static const afn_unum half = { 0x80000000u, -32 };
static const afn_unum one = { 0x80000000u, -31 };

/* afn_u_make_trunc, out of line on the Cortex-M0 (used a dozen times here). */
static AFI_INLINE_EXCEPT_M0 afn_unum make(uint64_t v, int e)
{
    return afn_u_make_trunc(v, e);
}

/* afn_u_sub_trunc, out of line on the Cortex-M0. */
static AFI_INLINE_EXCEPT_M0 afn_unum sub(afn_unum a, afn_unum b)
{
    return afn_u_sub_trunc(a, b);
}

/* A non-negative Q16.16 value, exactly. */
static afn_unum q16(fix16_t raw)
{
    return make((uint32_t)raw, -16);
}

/* a / u for u = U 2^-16, 0 < U < 2^16 (1 - r, or r itself): a's mantissa
 * times 2^16 over U in two 32-bit divisions (the second of the
 * remainder), at least 32 significant bits before truncation. */
static afn_unum div_by_u(afn_unum a, uint32_t U)
{
    uint32_t q = a.m / U, rem = a.m - q * U;
    return make(((uint64_t)q << 16) | ((rem << 16) / U), a.e);
}

void afq_drag_step_sums(const af_drag_q16 *drag, fix16_t n, const afq_drag_sums *like,
                        afq_drag_sums *out)
{
    uint32_t R = (uint32_t)drag->r, U = (uint32_t)AFI_ONE - R;
    afn_unum nq = q16(n), l2, lambda, x;
    if (U == 0) { /* no drag: G = n, H = n (n + 1) / 2, exactly */
        out->c = one;
        out->l2 = out->lambda = make(0, 0);
        out->G = nq;
        out->H = make((uint64_t)(uint32_t)n * ((uint64_t)(uint32_t)n + AFI_ONE), -33);
        return;
    }
    /* -log2 r > 0 in Q58, 30 significant bits; lambda = its ln 2. */
    if (like) {
        l2 = like->l2;
        lambda = like->lambda;
    } else {
        l2 = make((uint64_t)-afi_log2_q58(R), -58);
        lambda = afn_u_mul_trunc_compact(l2, ln_2);
    }
    out->l2 = l2;
    out->lambda = lambda;
    x = afn_u_mul_trunc_compact(lambda, nq);
    if (!afn_u_less(x, half)) {
        /* y = n log2(1/r) = m 2^e: 2^-y in Q32 from its integer and
         * fractional parts; below 2^-63 from y = 63 on (a zero c). */
        afn_unum y = afn_u_mul_trunc_compact(l2, nq), G;
        uint64_t omc = (uint64_t)1 << 32;
        if (afn_u_less(y, make(63, 0))) {
            uint64_t yq = afn_u_fixed_trunc(y, 32);
            uint32_t f = (uint32_t)yq;
            int k = (int)(yq >> 32);
            /* 2^-y = 2^-(k + 1) 2^(1 - f) for f > 0. */
            out->c = f == 0 ? make(1, -k)
                            : make(afi_exp2_frac_q31(0u - f), -32 - k);
            omc -= afn_u_fixed_trunc(out->c, 32);
        } else {
            out->c = make(0, 0);
        }
        G = div_by_u(make(omc, -32), U);
        out->G = G;
        out->H =
            div_by_u(sub(nq, afn_u_mul_trunc_compact(G, q16((fix16_t)R))), U);
        return;
    }
    {
        /* x < 1/2: phi2 by its series, phi1 = 1 - x phi2, 1 - c = x phi1. */
        uint32_t xq = (uint32_t)afn_u_fixed_trunc(x, 32);
        uint32_t p2 = afq_drag_phi2_q32(xq);
        uint64_t p1 = ((uint64_t)1 << 32) - (afi_umul32(xq, p2) >> 32); /* Q32, up to 1 */
        afn_unum phi1 = make(p1, -32), phi2 = make(p2, -32);
        afn_unum rho, psi, L, nL;
        out->c = make(((uint64_t)1 << 32) - ((p1 * xq) >> 32), -32);
        if (afn_u_less(lambda, half)) {
            /* psi by its series, rho = 1 - lambda psi: no cancellation. */
            uint32_t l32 = (uint32_t)afn_u_fixed_trunc(lambda, 32);
            uint32_t p32 = afq_drag_psi_q32(l32);
            psi = make(p32, -32);
            rho = make(((uint64_t)1 << 32) - (afi_umul32(l32, p32) >> 32), -32);
            L = div_by_u(rho, R); /* rho / r, R < 2^16 */
        } else {
            /* r <= 0.61: rho <= 0.78, 1 - rho loses under 2.2 bits. */
            L = div_by_u(lambda, U);
            rho = afn_u_mul_trunc_compact(L, q16((fix16_t)R));
            psi = afn_u_div_trunc(sub(one, rho), lambda);
        }
        nL = afn_u_mul_trunc_compact(nq, L);
        out->G = afn_u_mul_trunc_compact(nL, phi1);
        out->H = afn_u_mul_trunc_compact(
            nL, afn_u_add_trunc_compact(
                    psi, afn_u_mul_trunc_compact(afn_u_mul_trunc_compact(rho, nq), phi2)));
    }
}

/* The velocity's coefficient of gravity, dt G times r but for damping
 * first and moving first (drag_q16.h). */
static afn_unum gravity_share(af_step_order order, afn_unum dtG, afn_unum r)
{
    return order == AF_STEP_DAMPING_THEN_GRAVITY || order == AF_STEP_MOVE_FIRST
               ? dtG
               : afn_u_mul_trunc_compact(dtG, r);
}

/* The velocity after k whole steps (k < 32768), from the sums at k
 * (`like`: the sums at another n): 0 when it does not fit. */
static int velocity_at(const af_drag_q16 *drag, int32_t k, const afq_drag_sums *like,
                       const afq_drag_vec in[2], af_vec3_q16 *out)
{
    afq_drag_sums s;
    afq_drag_step_sums(drag, (fix16_t)(k * AFI_ONE), like, &s);
    return afq_drag_apply2(NULL, s.c, &in[0],
                           gravity_share(drag->order, afn_u_mul_trunc_compact(q16(drag->dt), s.G),
                                         q16(drag->r)),
                           &in[1], 0, out);
}

/* The state after n steps from the geometric sums: every coefficient is
 * dt G or dt^2 H, times r for some step orders, and the velocity's own
 * factor is r^n. */
static af_status predict_steps(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t n,
                               af_body_q16 *out)
{
    afq_drag_sums s;
    afq_drag_vec in[2];
    af_body_q16 from, r2;
    afn_unum dt, r, g, a, b;
    af_step_order order;
    int minus = 0;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!start) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    from = *start;
    memset(out, 0, sizeof *out);
    if (n < 0 || !drag || drag->kind != AF_DRAG_KIND_STEPPED || !afq_drag_stepped_valid(drag))
        return AF_ERR_BAD_ARGUMENT;
    order = drag->order;
    afq_drag_step_sums(drag, n, NULL, &s);
    dt = q16(drag->dt);
    r = q16(drag->r);
    g = afn_u_mul_trunc_compact(dt, s.G);
    /* Gravity first damps both v0's share and gravity's; damping first
     * v0's; damping last gravity's (drag_q16.h). Moving first is damping
     * last applied to v0 - g dt, its velocity the law's plus g dt: with
     * 1 - r^n = u G, a = d = dt G and b = dt^2 (H - G) on v0 itself (no
     * cancelling g dt terms), H - G = (n - G) / u below 0 within the
     * first step. */
    a = order == AF_STEP_GRAVITY_THEN_DAMPING || order == AF_STEP_DAMPING_THEN_GRAVITY
            ? afn_u_mul_trunc_compact(g, r)
            : g;
    if (order == AF_STEP_MOVE_FIRST) {
        minus = n < AFI_ONE;
        b = minus ? sub(s.G, s.H) : sub(s.H, s.G);
    } else {
        b = order == AF_STEP_GRAVITY_THEN_DAMPING ? afn_u_mul_trunc_compact(s.H, r) : s.H;
    }
    b = afn_u_mul_trunc_compact(afn_u_mul_trunc_compact(dt, dt), b);
    afq_drag_vec_of(&from.velocity, &in[0]);
    afq_drag_vec_of(&drag->gravity, &in[1]);
    if (!afq_drag_apply2(&from.position, a, &in[0], b, &in[1], minus, &r2.position) ||
        !afq_drag_apply2(NULL, s.c, &in[0], gravity_share(order, g, r), &in[1], 0, &r2.velocity))
        return AF_ERR_OVERFLOW;
    if (drag->max_move > 0) {
        /* The cap's last move: by the velocity after step `last` (moving
         * first, after the one before), r2's at a whole n, else the sums
         * at that step: the law is not evaluated again. */
        int64_t last = ((int64_t)n + 65535) >> 16;
        af_vec3_q16 v;
        const af_vec3_q16 *v_move = &r2.velocity;
        if (last >= 2 && last < 32768 && ((n & 0xFFFF) != 0 || order == AF_STEP_MOVE_FIRST))
            v_move = velocity_at(drag, (int32_t)(order == AF_STEP_MOVE_FIRST ? last - 1 : last),
                                 &s, in, &v)
                         ? &v
                         : NULL;
        if (afq_drag_cap_moves(drag, &from, last, v_move) != AF_OK)
            return AF_ERR_ENGINE_LIMIT;
    }
    *out = r2;
    return AF_OK;
}

af_status af_drag_predict_steps_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t n,
                                    af_body_q16 *out)
{
    return predict_steps(drag, start, n, out);
}
