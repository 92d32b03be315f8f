/* SPDX-License-Identifier: MIT */
/*
 * src/f64/vec_f64.h — small double-precision vector helpers shared by the f64
 * solvers. Internal: never installed, never part of the public API.
 */
#ifndef AIMFIX_SRC_VEC_F64_H
#define AIMFIX_SRC_VEC_F64_H

#include <limits.h>
#include <math.h>
#include <string.h>

#include "aimfix/status.h"
#include "aimfix/types.h"

static inline af_vec3_f64 afr_vadd(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 r = { a.x + b.x, a.y + b.y, a.z + b.z };
    return r;
}

static inline af_vec3_f64 afr_vsub(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 r = { a.x - b.x, a.y - b.y, a.z - b.z };
    return r;
}

static inline af_vec3_f64 afr_vscale(af_vec3_f64 a, double k)
{
    af_vec3_f64 r = { a.x * k, a.y * k, a.z * k };
    return r;
}

/* a + b * k */
static inline af_vec3_f64 afr_vaddk(af_vec3_f64 a, af_vec3_f64 b, double k)
{
    af_vec3_f64 r = { a.x + b.x * k, a.y + b.y * k, a.z + b.z * k };
    return r;
}

static inline double afr_vdot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* a / k, component by component: unlike a * (1 / k) it stays finite for
 * a subnormal k (whose reciprocal overflows) and rounds once. */
static inline af_vec3_f64 afr_vdiv(af_vec3_f64 a, double k)
{
    af_vec3_f64 r = { a.x / k, a.y / k, a.z / k };
    return r;
}

/* Length without overflow or underflow in the squares: divided by the
 * largest component first (any m, subnormal included: each ratio is in
 * [0, 1]). */
static inline double afr_vnorm(af_vec3_f64 a)
{
    double m = fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
    if (m == 0.0 || !isfinite(m))
        return m;
    a = afr_vdiv(a, m);
    return m * sqrt(afr_vdot(a, a));
}

/* afr_vnorm with the largest component found by comparisons: the same
 * value, without libm's fmax (a call) where the vector is finite and
 * nonzero. */
static inline double afr_vnorm_cmp(af_vec3_f64 a)
{
    double ax = fabs(a.x), ay = fabs(a.y), az = fabs(a.z);
    double m = ax > ay ? ax : ay;
    m = m > az ? m : az;
    if (m == 0.0 || !isfinite(m))
        return afr_vnorm(a);
    a = afr_vdiv(a, m);
    return m * sqrt(afr_vdot(a, a));
}

/* a 2^e, each component (exact, but for components that fall below the
 * normal range). */
static inline af_vec3_f64 afr_vldexp(af_vec3_f64 a, int e)
{
    af_vec3_f64 r = { ldexp(a.x, e), ldexp(a.y, e), ldexp(a.z, e) };
    return r;
}

/* The binary exponent of a's largest component (frexp's); INT_MIN / 2,
 * below every other, for zero. */
static inline int afr_vexp(af_vec3_f64 a)
{
    int e;
    double top = fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
    if (top == 0.0)
        return INT_MIN / 2;
    (void)frexp(top, &e);
    return e;
}

/* a 2^e with its largest component in [1/2, 1) (exact but for components
 * that fall below the normal range); a itself when it is zero. */
static inline af_vec3_f64 afr_vunit_scale(af_vec3_f64 a)
{
    int e = afr_vexp(a);
    return e == INT_MIN / 2 ? a : afr_vldexp(a, -e);
}

static inline int afr_vfinite(af_vec3_f64 a)
{
    return (a.x - a.x) + (a.y - a.y) + (a.z - a.z) == 0.0;
}

static inline int afr_viszero(af_vec3_f64 a)
{
    return a.x == 0.0 && a.y == 0.0 && a.z == 0.0;
}

static inline af_vec3_f64 afr_vzero(void)
{
    af_vec3_f64 r = { 0.0, 0.0, 0.0 };
    return r;
}

/* Empty every slot: the state of an out-struct on failure. */
static inline void afr_shots_clear_f64(af_shots_f64 *out)
{
    memset(out, 0, sizeof *out);
}

/* Append a shot; the caller guarantees fewer than AF_MAX_SHOTS so far. */
static inline void afr_shots_push_f64(af_shots_f64 *out, double t, af_vec3_f64 velocity,
                                      af_vec3_f64 point)
{
    af_shot_f64 *s = &out->shot[out->count++];
    s->t = t;
    s->velocity = velocity;
    s->point = point;
}

/* The last word of every solver: a solution whose numbers overflowed a
 * double is not a solution. Returns AF_OK, or AF_ERR_OVERFLOW with out
 * cleared. */
static inline af_status afr_shots_finish_f64(af_shots_f64 *out)
{
    int i;
    for (i = 0; i < out->count; i++) {
        const af_shot_f64 *s = &out->shot[i];
        if (!((s->t - s->t) + (s->velocity.x - s->velocity.x) + (s->velocity.y - s->velocity.y) +
                  (s->velocity.z - s->velocity.z) + (s->point.x - s->point.x) +
                  (s->point.y - s->point.y) + (s->point.z - s->point.z) ==
              0.0)) {
            afr_shots_clear_f64(out);
            return AF_ERR_OVERFLOW;
        }
    }
    return AF_OK;
}

#endif /* AIMFIX_SRC_VEC_F64_H */
