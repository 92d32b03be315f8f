/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/drag_fix16.h — the textbook closed forms of linear drag on
 * libfixmath's fix16_* calls, which the drag rows' libfixmath yardsticks are
 * built from (bench/yardsticks/drag_fix16.c). The velocity relaxes
 * geometrically towards its terminal value v*, so along every axis
 *     v = v* + (v0 - v*) E,     p = p0 + v* t + (v0 - v*) S
 * with, for n engine steps (t = n dt),
 *     E = r^n = e^(n ln r),  S = dt r (1 - E) / (1 - r),
 *     v* = a dt r / (1 - r)  (damping first: a dt / (1 - r)),
 * and for continuous drag
 *     E = e^(-k t),  S = (1 - E) / k,  v* = a / k,
 * a the acceleration along the axis (gravity, plus k wind for continuous
 * drag). Without drag (r = 1, k = 0) the sums are polynomials:
 *     v = v0 + a t,  p = p0 + v0 t + a t (t + dt) / 2  (dt = 0 continuous).
 * One fix16_* call per operation, in the order the formulas read; each
 * records a fix16_overflow in *overflow (bench/yardsticks/noted_fix16.h). One
 * departure from libfixmath as it is: e^x below -10.4 is taken as 0, where
 * fix16_exp's series overflows a signed int (undefined behaviour).
 */
#ifndef AIMFIX_BENCH_DRAG_FIX16_H
#define AIMFIX_BENCH_DRAG_FIX16_H

#include "aimfix.h"

/* A model's constants. */
typedef struct bench_drag_fix16 {
    const af_drag_q16 *model;
    int stepped;         /* the stepped kind */
    int drag;            /* 0 for r = 1 or k = 0: the polynomials */
    fix16_t log_r;       /* stepped: ln r */
    fix16_t one_minus_r; /* stepped: 1 - r */
} bench_drag_fix16;

/* The sums at one time. */
typedef struct bench_drag_at_fix16 {
    fix16_t t;
    fix16_t E, S;    /* with drag */
    fix16_t half_tt; /* without: t (t + dt) / 2 */
} bench_drag_at_fix16;

void bench_drag_fix16_init(bench_drag_fix16 *d, const af_drag_q16 *model, int *overflow);

/* The sums at t s, n = t / dt steps of a stepped model (n unused for
 * continuous drag). */
bench_drag_at_fix16 bench_drag_fix16_at(const bench_drag_fix16 *d, fix16_t t, fix16_t n,
                                        int *overflow);

/* The same at t s of either kind (n = t / dt when the model steps). */
bench_drag_at_fix16 bench_drag_fix16_at_time(const bench_drag_fix16 *d, fix16_t t, int *overflow);

/* The acceleration along an axis whose gravity component is g and wind
 * component w. */
fix16_t bench_drag_fix16_accel(const bench_drag_fix16 *d, fix16_t g, fix16_t w, int *overflow);

/* Along an axis of acceleration a, starting at velocity v0: the distance
 * moved by `at` (p - p0), and the velocity then into *velocity unless it
 * is NULL. */
fix16_t bench_drag_fix16_axis(const bench_drag_fix16 *d, const bench_drag_at_fix16 *at,
                              fix16_t v0, fix16_t a, fix16_t *velocity, int *overflow);

/* The distance moved by `at` per m/s of launch velocity (S; t without
 * drag): the moved distance is linear in v0. */
fix16_t bench_drag_fix16_reach(const bench_drag_fix16 *d, const bench_drag_at_fix16 *at);

/* v* along an axis of acceleration a (a model with drag). */
fix16_t bench_drag_fix16_terminal(const bench_drag_fix16 *d, fix16_t a, int *overflow);

#endif /* AIMFIX_BENCH_DRAG_FIX16_H */
