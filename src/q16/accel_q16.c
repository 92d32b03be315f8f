/* SPDX-License-Identifier: MIT */
/*
 * Accelerating targets in Q16.16 (see aimfix/accel.h and the f64 twin in
 * accel_f64.c): the moving-target solvers called with the relative
 * acceleration g - a in place of gravity, then each impact point moved to
 * where the accelerating target really is.
 */
#include "aimfix/accel.h"
#include "aimfix/ballistic.h"
#include "aimfix/intercept.h"

#include "accel_q16.h"
#include "solve_q16.h"

static int is_zero3(const af_vec3_q16 *v)
{
    return v->x == 0 && v->y == 0 && v->z == 0;
}

/* p + v t + a t^2/2 for one axis (t >= 0 raw), each term rounded once
 * and summed in 64 bits: |v t| < 2^46 and |a t^2/2| < 2^61 raw. The
 * magnitude |a| t t / 2^33 is formed from |a| t = P (< 2^62) split into
 * 32-bit words, so no product exceeds 64 bits. */
int afq_accel_axis_at(fix16_t p, fix16_t v, fix16_t a, fix16_t t, fix16_t *out)
{
    uint64_t P = afi_umul32(afi_abs32(a), (uint32_t)t);
    uint64_t hi = afi_umul32((uint32_t)(P >> 32), (uint32_t)t);
    uint64_t lo = afi_umul32((uint32_t)P, (uint32_t)t);
    int64_t half_at2 = (int64_t)((hi + ((lo + ((uint64_t)1 << 32)) >> 32)) >> 1);
    int64_t vt = afi_floor_shift64(afi_smul32(v, t) + 32768, 16);
    return afq_store((int64_t)p + vt + (a < 0 ? -half_at2 : half_at2), out);
}

int afq_accel_at(const af_body_accel_q16 *b, fix16_t t, af_vec3_q16 *out)
{
    const af_vec3_q16 *p = &b->position, *v = &b->velocity, *a = &b->acceleration;
    return afq_accel_axis_at(p->x, v->x, a->x, t, &out->x) &&
           afq_accel_axis_at(p->y, v->y, a->y, t, &out->y) &&
           afq_accel_axis_at(p->z, v->z, a->z, t, &out->z);
}

/* Each point becomes p + v t + a t^2/2; a shot whose point does not fit is
 * left out. With a = 0 the solver's points are kept as they are. */
static af_status accelerate_points(const af_body_accel_q16 *target, af_status st,
                                   af_shots_q16 *out)
{
    int i, kept = 0;
    if (st != AF_OK || is_zero3(&target->acceleration))
        return st;
    for (i = 0; i < out->count; i++) {
        af_shot_q16 s = out->shot[i];
        if (afq_accel_at(target, s.t, &s.point))
            out->shot[kept++] = s;
    }
    out->count = kept;
    afq_zero_from(out, kept);
    if (kept)
        return AF_OK;
    afq_clear(out);
    return AF_ERR_OVERFLOW;
}

/* The target without its acceleration. */
static void split_target(const af_body_accel_q16 *target, af_body_q16 *body)
{
    body->position = target->position;
    body->velocity = target->velocity;
}

/* g - a, when every component fits Q16.16. */
static int relative_gravity(const af_vec3_q16 *g, const af_vec3_q16 *a, af_vec3_q16 *rel)
{
    return afq_sub_fits(g->x, a->x, &rel->x) && afq_sub_fits(g->y, a->y, &rel->y) &&
           afq_sub_fits(g->z, a->z, &rel->z);
}

af_status af_intercept_accel_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                 fix16_t speed, unsigned flags, af_shots_q16 *out)
{
    static const af_vec3_q16 zero = { 0, 0, 0 };
    af_body_q16 body;
    af_vec3_q16 rel;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || speed <= 0)
        return AF_ERR_BAD_ARGUMENT;
    split_target(target, &body);
    if (is_zero3(&target->acceleration))
        return af_intercept_q16(shooter, &body, speed, flags, out);
    if (!relative_gravity(&zero, &target->acceleration, &rel))
        return AF_ERR_OUT_OF_RANGE;
    return accelerate_points(target, af_arc_moving_q16(shooter, &body, speed, &rel, flags, out),
                             out);
}

af_status af_arc_moving_accel_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                  fix16_t speed, const af_vec3_q16 *gravity, unsigned flags,
                                  af_shots_q16 *out)
{
    af_body_q16 body;
    af_vec3_q16 rel;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || !gravity || speed <= 0)
        return AF_ERR_BAD_ARGUMENT;
    split_target(target, &body);
    if (!relative_gravity(gravity, &target->acceleration, &rel))
        return AF_ERR_OUT_OF_RANGE;
    return accelerate_points(target, af_arc_moving_q16(shooter, &body, speed, &rel, flags, out),
                             out);
}

af_status af_arc_time_accel_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                fix16_t t, const af_vec3_q16 *gravity, unsigned flags,
                                af_shots_q16 *out)
{
    af_body_q16 body;
    af_vec3_q16 rel;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || !gravity || t <= 0)
        return AF_ERR_BAD_ARGUMENT;
    split_target(target, &body);
    if (!relative_gravity(gravity, &target->acceleration, &rel))
        return AF_ERR_OUT_OF_RANGE;
    return accelerate_points(target, af_arc_time_q16(shooter, &body, t, &rel, flags, out), out);
}
