/* SPDX-License-Identifier: MIT */
/*
 * The textbook closed forms of linear drag on libfixmath (see
 * bench/yardsticks/drag_fix16.h for the formulas). Near r = 1 the two terms of
 * a position are each about v* t and cancel: the error of r^n, times 1 / (1 -
 * r), is what the rows' accuracy shows.
 */
#include "drag_fix16.h"
#include "noted_fix16.h"

/* 0.5 in Q16.16. */
#define FIX16_HALF 32768

/* libfixmath's fix16_exp, except where its series overflows a signed int
 * (undefined behaviour: below -10.397, where it forms e^-x beyond Q16.16
 * to return its reciprocal): e^x is under 2 LSB there, taken as 0, as
 * fix16_exp itself does below -11.78. */
static fix16_t exp_fix16(fix16_t x, int *overflow)
{
    if (x <= -681391)
        return 0;
    return noted(fix16_exp(x), overflow);
}

void bench_drag_fix16_init(bench_drag_fix16 *d, const af_drag_q16 *model, int *overflow)
{
    d->model = model;
    d->stepped = model->kind == AF_DRAG_KIND_STEPPED;
    d->drag = d->stepped ? model->r != fix16_one : model->k != 0;
    d->log_r = 0;
    d->one_minus_r = 0;
    if (d->stepped && d->drag) {
        d->log_r = noted(fix16_log(model->r), overflow);
        d->one_minus_r = sub(fix16_one, model->r, overflow);
    }
}

bench_drag_at_fix16 bench_drag_fix16_at(const bench_drag_fix16 *d, fix16_t t, fix16_t n,
                                        int *overflow)
{
    const af_drag_q16 *m = d->model;
    bench_drag_at_fix16 at = { t, 0, 0, 0 };
    if (!d->drag) {
        fix16_t dt = d->stepped ? m->dt : 0;
        at.half_tt = mul(mul(t, add(t, dt, overflow), overflow), FIX16_HALF, overflow);
    } else if (d->stepped) {
        at.E = exp_fix16(mul(n, d->log_r, overflow), overflow);
        at.S = divide(mul(mul(m->dt, m->r, overflow), sub(fix16_one, at.E, overflow), overflow),
                      d->one_minus_r, overflow);
    } else {
        at.E = exp_fix16(sub(0, mul(m->k, t, overflow), overflow), overflow);
        at.S = divide(sub(fix16_one, at.E, overflow), m->k, overflow);
    }
    return at;
}

bench_drag_at_fix16 bench_drag_fix16_at_time(const bench_drag_fix16 *d, fix16_t t, int *overflow)
{
    fix16_t n = d->stepped && d->drag ? divide(t, d->model->dt, overflow) : 0;
    return bench_drag_fix16_at(d, t, n, overflow);
}

fix16_t bench_drag_fix16_accel(const bench_drag_fix16 *d, fix16_t g, fix16_t w, int *overflow)
{
    return d->stepped ? g : add(g, mul(d->model->k, w, overflow), overflow);
}

fix16_t bench_drag_fix16_terminal(const bench_drag_fix16 *d, fix16_t a, int *overflow)
{
    const af_drag_q16 *m = d->model;
    if (!d->stepped)
        return divide(a, m->k, overflow);
    if (m->order == AF_STEP_GRAVITY_THEN_DAMPING)
        a = mul(a, m->r, overflow);
    return divide(mul(a, m->dt, overflow), d->one_minus_r, overflow);
}

fix16_t bench_drag_fix16_reach(const bench_drag_fix16 *d, const bench_drag_at_fix16 *at)
{
    return d->drag ? at->S : at->t;
}

fix16_t bench_drag_fix16_axis(const bench_drag_fix16 *d, const bench_drag_at_fix16 *at,
                              fix16_t v0, fix16_t a, fix16_t *velocity, int *overflow)
{
    fix16_t terminal, rest;
    if (!d->drag) {
        if (velocity)
            *velocity = add(v0, mul(a, at->t, overflow), overflow);
        return add(mul(v0, at->t, overflow), mul(a, at->half_tt, overflow), overflow);
    }
    terminal = bench_drag_fix16_terminal(d, a, overflow);
    rest = sub(v0, terminal, overflow);
    if (velocity)
        *velocity = add(terminal, mul(rest, at->E, overflow), overflow);
    return add(mul(terminal, at->t, overflow), mul(rest, at->S, overflow), overflow);
}
