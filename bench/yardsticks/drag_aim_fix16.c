/* SPDX-License-Identifier: MIT */
/*
 * The textbook aim at a fixed speed under linear drag on libfixmath
 * (bench/yardsticks/ref_solvers.h). No formula gives it; what a programmer
 * writes is the fixed-time aim, which is closed: the projectile's position is
 * linear in its launch velocity, p0 + reach(t) u + moved(t) with moved the
 * gravity's part (bench/yardsticks/drag_fix16.h), so the velocity meeting the
 * target at t is u = (P(t) - p0 - moved(t)) / reach(t). Its speed falls from
 * infinity at t = 0 (a division by zero, which libfixmath reports as an
 * overflow: "too fast") as t grows and rises again for the high arc: sampled at
 * SAMPLES even times up to max_time, each change of "faster than the speed
 * asked" is bisected down to one LSB of time. Two solutions between two samples
 * are missed.
 */
#include <stddef.h>

#include "drag_fix16.h"
#include "noted_fix16.h"
#include "ref_solvers.h"

#define SAMPLES 32
/* A bracket of fix16_t times halves to one LSB in at most 31 rounds. */
#define MAX_HALVINGS 32

typedef struct aim {
    bench_drag_fix16 d;
    const af_body_q16 *shooter, *target;
    af_vec3_q16 accel;
    fix16_t speed;
    unsigned flags;
} aim;

/* The velocity meeting the target at t (relative to the shooter's with
 * AF_INHERIT_VELOCITY) and the target's position then. */
static void meet(const aim *a, fix16_t t, af_vec3_q16 *u, af_vec3_q16 *point, int *overflow)
{
    bench_drag_at_fix16 at = bench_drag_fix16_at_time(&a->d, t, overflow);
    fix16_t reach = bench_drag_fix16_reach(&a->d, &at);
    const fix16_t *p0 = &a->shooter->position.x, *vs = &a->shooter->velocity.x;
    const fix16_t *P = &point->x, *g = &a->accel.x;
    fix16_t *v = &u->x;
    unsigned i;
    *point = vmove(&a->target->position, &a->target->velocity, t, overflow);
    for (i = 0; i < 3; i++) {
        fix16_t moved = bench_drag_fix16_axis(&a->d, &at, 0, g[i], NULL, overflow);
        v[i] = divide(sub(sub(P[i], p0[i], overflow), moved, overflow), reach, overflow);
        if (a->flags & AF_INHERIT_VELOCITY)
            v[i] = sub(v[i], vs[i], overflow);
    }
}

/* Whether the velocity meeting the target at t is faster than the speed
 * (or does not fit Q16.16: faster still). */
static int too_fast(const aim *a, fix16_t t)
{
    af_vec3_q16 u, point;
    int overflow = 0;
    fix16_t speed2;
    meet(a, t, &u, &point, &overflow);
    speed2 = dot(&u, &u, &overflow);
    return overflow || speed2 > mul(a->speed, a->speed, &overflow);
}

/* The change of too_fast between lo and hi bisected: the first time past
 * it, to one LSB. */
static fix16_t bisect(const aim *a, fix16_t lo, fix16_t hi)
{
    int fast_lo = too_fast(a, lo);
    unsigned halvings;
    for (halvings = 0; hi - lo > 1 && halvings < MAX_HALVINGS; halvings++) {
        fix16_t mid = lo + (hi - lo) / 2;
        if (too_fast(a, mid) == fast_lo)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

af_status bench_drag_aim_speed_fix16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                     const af_body_q16 *target, fix16_t speed, fix16_t max_time,
                                     unsigned flags, af_shots_q16 *out)
{
    static const af_shots_q16 none;
    aim a;
    int overflow = 0, was_fast = 1;
    fix16_t step, last = 0;
    unsigned k;
    *out = none;
    bench_drag_fix16_init(&a.d, drag, &overflow);
    a.shooter = shooter;
    a.target = target;
    a.speed = speed;
    a.flags = flags;
    a.accel.x = bench_drag_fix16_accel(&a.d, drag->gravity.x, drag->wind.x, &overflow);
    a.accel.y = bench_drag_fix16_accel(&a.d, drag->gravity.y, drag->wind.y, &overflow);
    a.accel.z = bench_drag_fix16_accel(&a.d, drag->gravity.z, drag->wind.z, &overflow);
    step = divide(max_time, fix16_from_int(SAMPLES), &overflow);
    if (overflow)
        return AF_ERR_OVERFLOW;
    for (k = 1; k <= SAMPLES && out->count < AF_MAX_SHOTS; k++) {
        fix16_t t = mul(step, fix16_from_int((int)k), &overflow);
        int fast = too_fast(&a, t);
        if (fast != was_fast) {
            af_shot_q16 *shot = &out->shot[out->count++];
            shot->t = bisect(&a, last, t);
            meet(&a, shot->t, &shot->velocity, &shot->point, &overflow);
        }
        was_fast = fast;
        last = t;
    }
    if (overflow) {
        *out = none;
        return AF_ERR_OVERFLOW;
    }
    return out->count > 0 ? AF_OK : AF_ERR_NO_SOLUTION;
}
