/* SPDX-License-Identifier: MIT */
/*
 * The textbook time at a height under linear drag on libfixmath
 * (bench/yardsticks/ref_solvers.h). The height along up = -g / |g| is the
 * closed form of bench/yardsticks/drag_fix16.h on the vertical axis; the apex
 * is where the vertical velocity is zero, at E = v* / (v* - U) (t = -U / a
 * without drag); the crossing is bisected down to one LSB of time between the
 * launch and the apex (rising) or between the apex and the first of 1, 2, 4 ...
 * s after it at which the body is below the height (falling).
 */
#include <stddef.h>

#include "drag_fix16.h"
#include "noted_fix16.h"
#include "ref_solvers.h"

/* The falling branch's search: a span of up to 2^14 s after the apex. */
#define MAX_DOUBLINGS 14
/* A bracket of fix16_t times halves to one LSB in at most 31 rounds. */
#define MAX_HALVINGS 32

/* The motion along up: the model, the launch speed and the acceleration. */
typedef struct vertical {
    bench_drag_fix16 d;
    fix16_t U, a;
} vertical;

static fix16_t height_at(const vertical *v, fix16_t t, int *overflow)
{
    bench_drag_at_fix16 at = bench_drag_fix16_at_time(&v->d, t, overflow);
    return bench_drag_fix16_axis(&v->d, &at, v->U, v->a, NULL, overflow);
}

/* When the vertical velocity is zero (0 for a body that never rises);
 * a < 0. */
static fix16_t apex_time(const vertical *v, int *overflow)
{
    fix16_t terminal, log_E;
    if (v->U <= 0)
        return 0;
    if (!v->d.drag)
        return divide(v->U, sub(0, v->a, overflow), overflow);
    terminal = bench_drag_fix16_terminal(&v->d, v->a, overflow);
    log_E = noted(
        fix16_log(divide(terminal, sub(terminal, v->U, overflow), overflow)), overflow);
    if (v->d.stepped)
        return mul(divide(log_E, v->d.log_r, overflow), v->d.model->dt, overflow);
    return divide(sub(0, log_E, overflow), v->d.model->k, overflow);
}

/* The vertical motion of a launch; AF_ERR_BAD_ARGUMENT for g = 0,
 * AF_ERR_OUT_OF_RANGE for an updraft that holds the body up. */
static af_status vertical_of(const af_drag_q16 *m, const af_body_q16 *start, vertical *v,
                             int *overflow)
{
    const fix16_t *g = &m->gravity.x, *w = &m->wind.x, *v0 = &start->velocity.x;
    fix16_t g_length = fix16_sqrt(dot(&m->gravity, &m->gravity, overflow));
    unsigned i;
    if (g_length == 0)
        return AF_ERR_BAD_ARGUMENT;
    bench_drag_fix16_init(&v->d, m, overflow);
    v->U = 0;
    v->a = 0;
    for (i = 0; i < 3; i++) {
        fix16_t up = divide(sub(0, g[i], overflow), g_length, overflow);
        fix16_t a = bench_drag_fix16_accel(&v->d, g[i], w[i], overflow);
        v->U = add(v->U, mul(v0[i], up, overflow), overflow);
        v->a = add(v->a, mul(a, up, overflow), overflow);
    }
    return v->a < 0 ? AF_OK : AF_ERR_OUT_OF_RANGE;
}

/* The bracket [*lo, *hi] of the crossing on the branch. */
static af_status bracket(const vertical *v, fix16_t height, int rising, fix16_t *lo,
                         fix16_t *hi, int *overflow)
{
    fix16_t apex = apex_time(v, overflow);
    unsigned doublings;
    if (height > height_at(v, apex, overflow))
        return AF_ERR_NO_SOLUTION;
    if (rising) {
        if (height < 0 || (apex == 0 && height != 0))
            return AF_ERR_NO_SOLUTION;
        *lo = 0;
        *hi = apex;
        return AF_OK;
    }
    *lo = apex;
    for (doublings = 0; doublings <= MAX_DOUBLINGS; doublings++) {
        *hi = add(apex, fix16_one << doublings, overflow);
        if (*overflow || height_at(v, *hi, overflow) <= height)
            return AF_OK;
    }
    return AF_ERR_NO_SOLUTION;
}

af_status bench_drag_time_at_height_fix16(const af_drag_q16 *drag, const af_body_q16 *start,
                                          fix16_t height, af_branch branch,
                                          af_drag_event_q16 *out)
{
    static const af_drag_event_q16 none;
    int rising = branch == AF_RISING, overflow = 0, steps = 0;
    vertical v;
    fix16_t lo = 0, hi = 0;
    af_status status = vertical_of(drag, start, &v, &overflow);
    *out = none;
    if (status == AF_OK)
        status = bracket(&v, height, rising, &lo, &hi, &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    if (status != AF_OK)
        return status;
    for (; hi - lo > 1 && steps < MAX_HALVINGS; steps++) {
        fix16_t mid = lo + (hi - lo) / 2, h = height_at(&v, mid, &overflow);
        if (rising ? h < height : h > height)
            lo = mid;
        else
            hi = mid;
    }
    out->t = hi;
    out->height = height_at(&v, hi, &overflow);
    out->steps = steps;
    status = bench_drag_predict_fix16(drag, start, hi, &out->state);
    if (overflow || status != AF_OK) {
        *out = none;
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}
