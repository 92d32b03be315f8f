/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/noted_fix16.h — libfixmath's fix16_* calls as the textbook
 * yardsticks make them, each result passed through `noted`, which records
 * a fix16_overflow (libfixmath's only overflow signal) in *overflow. As
 * static inline functions, so that the calls cost what the bare fix16_*
 * calls cost.
 */
#ifndef AIMFIX_BENCH_NOTED_FIX16_H
#define AIMFIX_BENCH_NOTED_FIX16_H

#include "aimfix.h"

static inline fix16_t noted(fix16_t v, int *overflow)
{
    if (v == fix16_overflow)
        *overflow = 1;
    return v;
}

static inline fix16_t add(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_add(a, b), overflow);
}

static inline fix16_t sub(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_sub(a, b), overflow);
}

static inline fix16_t mul(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_mul(a, b), overflow);
}

static inline fix16_t divide(fix16_t a, fix16_t b, int *overflow)
{
    return noted(fix16_div(a, b), overflow);
}

static inline fix16_t dot(const af_vec3_q16 *a, const af_vec3_q16 *b, int *overflow)
{
    return add(add(mul(a->x, b->x, overflow), mul(a->y, b->y, overflow), overflow),
               mul(a->z, b->z, overflow), overflow);
}

/* a - b, componentwise. */
static inline af_vec3_q16 vsub(const af_vec3_q16 *a, const af_vec3_q16 *b, int *overflow)
{
    af_vec3_q16 r;
    r.x = sub(a->x, b->x, overflow);
    r.y = sub(a->y, b->y, overflow);
    r.z = sub(a->z, b->z, overflow);
    return r;
}

/* a + b t, componentwise: a position after t. */
static inline af_vec3_q16 vmove(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t t,
                                int *overflow)
{
    af_vec3_q16 r;
    r.x = add(a->x, mul(b->x, t, overflow), overflow);
    r.y = add(a->y, mul(b->y, t, overflow), overflow);
    r.z = add(a->z, mul(b->z, t, overflow), overflow);
    return r;
}

/* The target's position and velocity relative to the shooter (the
 * shooter's velocity subtracted when the projectile inherits it). */
static inline void relative_fix16(const af_body_q16 *shooter, const af_body_q16 *target,
                                  unsigned flags, af_vec3_q16 *D, af_vec3_q16 *V, int *overflow)
{
    *D = vsub(&target->position, &shooter->position, overflow);
    *V = target->velocity;
    if (flags & AF_INHERIT_VELOCITY)
        *V = vsub(V, &shooter->velocity, overflow);
}

#endif /* AIMFIX_BENCH_NOTED_FIX16_H */
