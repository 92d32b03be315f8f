/* SPDX-License-Identifier: MIT */
/*
 * The textbook forward prediction under linear drag on libfixmath
 * (bench/yardsticks/ref_solvers.h): each axis's closed form of
 * bench/yardsticks/drag_fix16.h.
 */
#include <stddef.h>

#include "drag_fix16.h"
#include "noted_fix16.h"
#include "ref_solvers.h"

/* t s: *n steps when n is given, else t / dt of a stepped model. */
static af_status predict(const af_drag_q16 *m, const af_body_q16 *start, fix16_t t,
                         const fix16_t *n, int overflow, af_body_q16 *out)
{
    const fix16_t *p0 = &start->position.x, *v0 = &start->velocity.x;
    const fix16_t *g = &m->gravity.x, *w = &m->wind.x;
    fix16_t *p = &out->position.x, *v = &out->velocity.x;
    bench_drag_fix16 d;
    bench_drag_at_fix16 at;
    unsigned i;
    bench_drag_fix16_init(&d, m, &overflow);
    at = n ? bench_drag_fix16_at(&d, t, *n, &overflow)
           : bench_drag_fix16_at_time(&d, t, &overflow);
    for (i = 0; i < 3; i++) {
        fix16_t a = bench_drag_fix16_accel(&d, g[i], w[i], &overflow);
        p[i] = add(p0[i], bench_drag_fix16_axis(&d, &at, v0[i], a, &v[i], &overflow), &overflow);
    }
    return overflow ? AF_ERR_OVERFLOW : AF_OK;
}

af_status bench_drag_predict_steps_fix16(const af_drag_q16 *drag, const af_body_q16 *start,
                                         fix16_t n, af_body_q16 *out)
{
    int overflow = 0;
    fix16_t t = mul(n, drag->dt, &overflow);
    return predict(drag, start, t, &n, overflow, out);
}

af_status bench_drag_predict_fix16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t,
                                   af_body_q16 *out)
{
    return predict(drag, start, t, NULL, 0, out);
}
