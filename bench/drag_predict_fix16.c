/*
 * The textbook forward prediction under linear drag on libfixmath
 * (bench/ref_solvers.h). The velocity relaxes geometrically towards its
 * terminal value v*, so every model is
 *     v = v* + (v0 - v*) E,     p = p0 + v* t + (v0 - v*) S
 * with, for n engine steps (t = n dt),
 *     E = r^n = e^(n ln r),  S = dt r (1 - E) / (1 - r),
 *     v* = g dt r / (1 - r)  (damping first: g dt / (1 - r)),
 * and for continuous drag
 *     E = e^(-k t),  S = (1 - E) / k,  v* = (g + k wind) / k.
 * Without drag (r = 1, k = 0) the sums are polynomials:
 *     v = v0 + g t,  p = p0 + v0 t + g t (t + dt) / 2  (dt = 0 continuous).
 * One fix16_* call per operation, in the order the formulas read. Near
 * r = 1 the two terms of p are each about v* t and cancel: the error of
 * r^n, times 1 / (1 - r), is what the accuracy table shows.
 */
#include "noted_fix16.h"
#include "ref_solvers.h"

/* 0.5 in Q16.16. */
#define FIX16_HALF 32768

/* v* per axis, E and S of the formulas above. */
typedef struct relaxation {
    af_vec3_q16 terminal;
    fix16_t E, S;
} relaxation;

static fix16_t position(fix16_t p0, fix16_t v0, fix16_t terminal, fix16_t t, fix16_t S,
                        int *overflow)
{
    return add(add(p0, mul(terminal, t, overflow), overflow),
               mul(sub(v0, terminal, overflow), S, overflow), overflow);
}

static fix16_t velocity(fix16_t v0, fix16_t terminal, fix16_t E, int *overflow)
{
    return add(terminal, mul(sub(v0, terminal, overflow), E, overflow), overflow);
}

/* An engine's n steps, r < 1. */
static relaxation stepped(const af_drag_q16 *m, fix16_t n, int *overflow)
{
    relaxation x;
    fix16_t one_minus_r = sub(fix16_one, m->r, overflow);
    fix16_t gain = m->order == AF_STEP_GRAVITY_THEN_DAMPING ? mul(m->dt, m->r, overflow) : m->dt;
    x.E = noted(fix16_exp(mul(n, noted(fix16_log(m->r), overflow), overflow)), overflow);
    x.S = divide(mul(mul(m->dt, m->r, overflow), sub(fix16_one, x.E, overflow), overflow),
                 one_minus_r, overflow);
    x.terminal.x = divide(mul(m->gravity.x, gain, overflow), one_minus_r, overflow);
    x.terminal.y = divide(mul(m->gravity.y, gain, overflow), one_minus_r, overflow);
    x.terminal.z = divide(mul(m->gravity.z, gain, overflow), one_minus_r, overflow);
    return x;
}

/* Continuous drag for t seconds, k > 0. */
static relaxation continuous(const af_drag_q16 *m, fix16_t t, int *overflow)
{
    relaxation x;
    fix16_t k = m->k;
    x.E = noted(fix16_exp(sub(0, mul(k, t, overflow), overflow)), overflow);
    x.S = divide(sub(fix16_one, x.E, overflow), k, overflow);
    x.terminal.x = divide(add(m->gravity.x, mul(k, m->wind.x, overflow), overflow), k, overflow);
    x.terminal.y = divide(add(m->gravity.y, mul(k, m->wind.y, overflow), overflow), k, overflow);
    x.terminal.z = divide(add(m->gravity.z, mul(k, m->wind.z, overflow), overflow), k, overflow);
    return x;
}

/* t seconds, n = t / dt steps (n unused for continuous drag). */
static af_status predict(const af_drag_q16 *m, const af_body_q16 *start, fix16_t t, fix16_t n,
                         af_body_q16 *out)
{
    const fix16_t *p0 = &start->position.x, *v0 = &start->velocity.x, *g = &m->gravity.x;
    fix16_t *p = &out->position.x, *v = &out->velocity.x;
    int stepped_kind = m->kind == AF_DRAG_KIND_STEPPED, overflow = 0;
    unsigned i;
    if ((stepped_kind && m->r == fix16_one) || (!stepped_kind && m->k == 0)) {
        fix16_t dt = stepped_kind ? m->dt : 0;
        fix16_t half_tt = mul(mul(t, add(t, dt, &overflow), &overflow), FIX16_HALF, &overflow);
        for (i = 0; i < 3; i++) {
            p[i] = add(add(p0[i], mul(v0[i], t, &overflow), &overflow),
                       mul(g[i], half_tt, &overflow), &overflow);
            v[i] = add(v0[i], mul(g[i], t, &overflow), &overflow);
        }
    } else {
        relaxation x = stepped_kind ? stepped(m, n, &overflow) : continuous(m, t, &overflow);
        const fix16_t *terminal = &x.terminal.x;
        for (i = 0; i < 3; i++) {
            p[i] = position(p0[i], v0[i], terminal[i], t, x.S, &overflow);
            v[i] = velocity(v0[i], terminal[i], x.E, &overflow);
        }
    }
    return overflow ? AF_ERR_OVERFLOW : AF_OK;
}

af_status bench_drag_predict_steps_fix16(const af_drag_q16 *drag, const af_body_q16 *start,
                                         fix16_t n, af_body_q16 *out)
{
    int overflow = 0;
    fix16_t t = mul(n, drag->dt, &overflow);
    af_status status = predict(drag, start, t, n, out);
    return overflow ? AF_ERR_OVERFLOW : status;
}

af_status bench_drag_predict_fix16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t,
                                   af_body_q16 *out)
{
    int overflow = 0;
    fix16_t n = drag->kind == AF_DRAG_KIND_STEPPED ? divide(t, drag->dt, &overflow) : 0;
    af_status status = predict(drag, start, t, n, out);
    return overflow ? AF_ERR_OVERFLOW : status;
}
