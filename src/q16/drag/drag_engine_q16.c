/* SPDX-License-Identifier: MIT */
/*
 * Game-engine drag in Q16: the damping factor r of each engine, and the
 * constants of an engine's fixed-step law (see drag_engine_f64.c for the
 * sums they come from):
 *
 *     lambda = -ln r,  rho = lambda r / (1 - r),
 *     sigma = rho (gravity first) or lambda / (1 - r) (damping first),
 *     lag = dt psi,  psi = (1 - rho) / lambda,
 *     damping last: rho' = rho / r, sigma' = rho, lag' = lag / r,
 *     moving first: damping last's, applied to v0 - g dt (drag_engine_f64.c),
 *
 * and at r = 1 (no drag) rho = sigma = 1, psi = 1/2.
 *
 * r is a Q16.16 value, so 1 - r is exact (an integer number of LSB) and
 * -log2 r comes from the math core with 30 significant bits however close
 * r is to 1 (afi_log2_q58). Below lambda = 1/2, psi and rho cancel when
 * written as above (rho tends to 1): there psi is its series,
 *     psi = 1/2 - lambda/12 + lambda^3/720 - lambda^5/30240 + lambda^7/1209600
 * (the Bernoulli numbers of lambda / (e^lambda - 1); the next term is
 * below 2^-34), and rho = 1 - lambda psi. No division either way round:
 * the damping factors of games (d dt below 0.5) take this path.
 */
#include <string.h>

#include "drag_q16.h"

/* ln 2 = 0.693147180560 (m 2^-32); 1/2 and 1. */
static const afn_unum ln_2 = { 2977044472u, -32 };
static const afn_unum half = { 0x80000000u, -32 };
static const afn_unum one = { 0x80000000u, -31 };

/* psi(lambda) in Q32 for lambda in Q32 below 2^31 (lambda < 1/2). The
 * coefficients 1/12, 1/720, 1/30240, 1/1209600 in Q32; every partial sum
 * stays positive. */
uint32_t afq_drag_psi_q32(uint32_t lambda)
{
    uint32_t u = (uint32_t)(afi_umul32(lambda, lambda) >> 32);
    uint32_t acc = 142029u - (uint32_t)(((uint64_t)u * 3551u) >> 32);
    acc = 5965232u - (uint32_t)(afi_umul32(u, acc) >> 32);
    acc = 357913941u - (uint32_t)(afi_umul32(u, acc) >> 32);
    return 0x80000000u - (uint32_t)(afi_umul32(lambda, acc) >> 32);
}

int afq_drag_stepped_valid(const af_drag_q16 *drag)
{
    return drag->dt > 0 && drag->r > 0 && drag->r <= AFI_ONE && drag->max_move >= 0 &&
           (drag->order == AF_STEP_GRAVITY_THEN_DAMPING ||
            drag->order == AF_STEP_DAMPING_THEN_GRAVITY || drag->order == AF_STEP_DAMPING_LAST ||
            drag->order == AF_STEP_MOVE_FIRST);
}

af_status afq_drag_stepped_law(const af_drag_q16 *drag, afq_drag_law *law)
{
    afn_unum psi;
    if (!afq_drag_stepped_valid(drag))
        return AF_ERR_BAD_ARGUMENT;
    law->continuous = 0;
    law->move_first = drag->order == AF_STEP_MOVE_FIRST;
    law->unit = afn_u_q16(drag->dt);
    law->model = drag;
    if (drag->r == AFI_ONE) {
        law->lambda = afn_u_make_trunc(0, 0);
        law->rho = law->sigma = one;
        law->lag = afn_u_mul_trunc(law->unit, half);
        return AF_OK;
    }
    /* -log2 r > 0 in Q58, 30 significant bits. */
    law->lambda =
        afn_u_mul_trunc(afn_u_make_trunc((uint64_t)-afi_log2_q58((uint32_t)drag->r), -58), ln_2);
    if (afn_u_less(law->lambda, half)) {
        uint32_t l32 = (uint32_t)afn_u_fixed_trunc(law->lambda, 32);
        uint32_t p32 = afq_drag_psi_q32(l32);
        psi = afn_u_make_trunc(p32, -32);
        /* lambda psi >= 2^-17: rho below 1, in Q32. */
        law->rho = afn_u_make_trunc(((uint64_t)1 << 32) - (((uint64_t)l32 * p32) >> 32), -32);
    } else {
        /* r <= 0.61: rho <= 0.78, 1 - rho loses under 2.2 bits. */
        law->rho = afn_u_div_trunc(afn_u_mul_trunc(law->lambda, afn_u_q16(drag->r)),
                                   afn_u_q16(AFI_ONE - drag->r));
        psi = afn_u_div_trunc(afn_u_sub_trunc(one, law->rho), law->lambda);
    }
    law->sigma = drag->order == AF_STEP_GRAVITY_THEN_DAMPING
                     ? law->rho
                     : afn_u_div_trunc(law->rho, afn_u_q16(drag->r)); /* lambda / (1 - r) */
    law->lag = afn_u_mul_trunc(law->unit, psi);
    if (drag->order == AF_STEP_DAMPING_LAST || law->move_first) {
        law->sigma = law->rho;
        law->rho = afn_u_div_trunc(law->rho, afn_u_q16(drag->r));
        law->lag = afn_u_div_trunc(law->lag, afn_u_q16(drag->r));
    }
    return AF_OK;
}

/* e^-(d dt) in Q16.16 for d dt given in Q32 (the exact product of the two
 * Q16.16 values): 2^-y with y = d dt log2(e) formed to 2^-32. */
static fix16_t exact_damping(uint64_t ddt)
{
    /* log2(e) - 1 in Q32; y = ddt + ddt (log2 e - 1), the second product
     * taken in two halves of ddt (ddt < 2^36 here). */
    const uint64_t frac = 1901360723u;
    uint64_t y;
    fix16_t r;
    if (ddt >= (uint64_t)16 << 32)
        return 0; /* e^-16 is below half an LSB */
    y = ddt + (ddt >> 32) * frac + (((ddt & 0xFFFFFFFFu) * frac) >> 32);
    if (afi_exp2_q32(-(int64_t)y, &r) != AF_OK)
        return 0;
    return r;
}

/* r of a stepped engine model for Q16.16 d >= 0 and dt > 0 (0 when the
 * model is unknown or r rounds to 0: the law then refuses it). */
static fix16_t engine_damping(af_drag_model model, fix16_t d, fix16_t dt)
{
    uint64_t ddt = (uint64_t)(uint32_t)d * (uint32_t)dt; /* d dt in Q32 */
    fix16_t r = 0;
    switch (model) {
    case AF_DRAG_UNITY: /* 1 - d dt, rounded */
    case AF_DRAG_GODOT:
    case AF_DRAG_JOLT:
        if (ddt < ((uint64_t)1 << 32))
            return (fix16_t)(AFI_ONE - (int32_t)((ddt + 0x8000u) >> 16));
        return 0;
    case AF_DRAG_BOX2D: /* 2^48 / (2^32 + d dt), rounded */
    {
        uint64_t den = ((uint64_t)1 << 32) + ddt;
        return (fix16_t)((((uint64_t)1 << 48) + den / 2) / den);
    }
    case AF_DRAG_BULLET: /* (1 - d)^dt */
        if (d >= AFI_ONE || af_pow_q16(AFI_ONE - d, dt, &r) != AF_OK)
            return 0;
        return r;
    case AF_DRAG_EXACT:
        return exact_damping(ddt);
    case AF_DRAG_ODE: /* 1 - d, exact */
        return d < AFI_ONE ? AFI_ONE - d : 0;
    case AF_DRAG_CHIPMUNK: /* d^dt */
        if (d > AFI_ONE || af_pow_q16(d, dt, &r) != AF_OK)
            return 0;
        return r;
    case AF_DRAG_CONTINUOUS:
        break;
    }
    return 0;
}

/* The step order of one of the stepped engine models. */
static af_step_order engine_order(af_drag_model model)
{
    switch (model) {
    case AF_DRAG_BULLET:
    case AF_DRAG_GODOT:
        return AF_STEP_DAMPING_THEN_GRAVITY;
    case AF_DRAG_ODE:
        return AF_STEP_DAMPING_LAST;
    case AF_DRAG_CHIPMUNK:
        return AF_STEP_MOVE_FIRST;
    default:
        return AF_STEP_GRAVITY_THEN_DAMPING;
    }
}

af_status af_drag_init_q16(af_drag_model model, fix16_t d, fix16_t dt,
                           const af_vec3_q16 *gravity, const af_vec3_q16 *wind,
                           af_drag_q16 *out)
{
    static const af_vec3_q16 still = { 0, 0, 0 };
    af_drag_q16 m;
    afq_drag_law law;
    const af_vec3_q16 *air = wind ? wind : &still;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!gravity || d < 0)
        return AF_ERR_BAD_ARGUMENT;
    memset(&m, 0, sizeof m);
    m.gravity = *gravity;
    if (model == AF_DRAG_CONTINUOUS) {
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.k = d;
        m.wind = *air;
    } else {
        /* Engines have no wind: their damping pulls towards rest. */
        if (air->x != 0 || air->y != 0 || air->z != 0 || dt <= 0)
            return AF_ERR_BAD_ARGUMENT;
        m.kind = AF_DRAG_KIND_STEPPED;
        m.dt = dt;
        m.r = engine_damping(model, d, dt);
        m.order = engine_order(model);
        m.max_move = model == AF_DRAG_BOX2D ? 2 * AFI_ONE : 0;
        /* Jolt's speed limit times dt; beyond Q16.16 (dt above 65 s) no
         * move of a representable flight reaches it. */
        if (model == AF_DRAG_JOLT)
            m.max_move = dt < INT32_MAX / AF_JOLT_MAX_SPEED ? AF_JOLT_MAX_SPEED * dt : INT32_MAX;
    }
    if (afq_drag_law_init(&m, &law) != AF_OK) /* r in (0, 1], a known model */
        return AF_ERR_BAD_ARGUMENT;
    *out = m;
    return AF_OK;
}
