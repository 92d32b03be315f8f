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
    return afi_sub_fits(g->x, a->x, &rel->x) && afi_sub_fits(g->y, a->y, &rel->y) &&
           afi_sub_fits(g->z, a->z, &rel->z);
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

/* A lob at an accelerating target: the out-struct emptied, the arguments
 * checked (size, a speed or time, > 0), the target at its start and the
 * gravity relative to it; AF_OK, or the status to return. */
static af_status lob_setup(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                           fix16_t size, const af_vec3_q16 *gravity, af_shots_q16 *out,
                           af_body_q16 *body, af_vec3_q16 *rel)
{
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || !gravity || size <= 0)
        return AF_ERR_BAD_ARGUMENT;
    split_target(target, body);
    if (!relative_gravity(gravity, &target->acceleration, rel))
        return AF_ERR_OUT_OF_RANGE;
    return AF_OK;
}

af_status af_arc_moving_accel_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                  fix16_t speed, const af_vec3_q16 *gravity, unsigned flags,
                                  af_shots_q16 *out)
{
    af_body_q16 body;
    af_vec3_q16 rel;
    af_status st = lob_setup(shooter, target, speed, gravity, out, &body, &rel);
    if (st != AF_OK)
        return st;
    return accelerate_points(target, af_arc_moving_q16(shooter, &body, speed, &rel, flags, out),
                             out);
}

af_status af_arc_time_accel_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                fix16_t t, const af_vec3_q16 *gravity, unsigned flags,
                                af_shots_q16 *out)
{
    af_body_q16 body;
    af_vec3_q16 rel;
    af_status st = lob_setup(shooter, target, t, gravity, out, &body, &rel);
    if (st != AF_OK)
        return st;
    return accelerate_points(target, af_arc_time_q16(shooter, &body, t, &rel, flags, out), out);
}

/* The vertical launch speed the policy asks for under |g| (> 0), as
 * af_arc_apex_q16 forms it but rounded at each step: 0 when invalid or
 * beyond Q16.16. */
static int apex_vertical_speed(const af_arc_policy_q16 *policy, fix16_t g, fix16_t dz, fix16_t x,
                               fix16_t *w)
{
    fix16_t px, value, h, two_g, gh;
    if (af_mul_q16(policy->per_distance, x, &px) != AF_OK ||
        af_add_q16(policy->base, px, &value) != AF_OK || value <= 0)
        return 0;
    switch (policy->kind) {
    case AF_ARC_APEX_HEIGHT:
        return af_add_q16(dz > 0 ? dz : 0, value, &h) == AF_OK &&
               af_add_q16(g, g, &two_g) == AF_OK && af_mul_q16(two_g, h, &gh) == AF_OK &&
               af_sqrt_q16(gh, w) == AF_OK && *w > 0;
    case AF_ARC_VERTICAL_SPEED:
        *w = value;
        return 1;
    }
    return 0;
}

/* a . b (Q32.32) rounded to Q16.16: 0 when it does not fit. */
static int dot_q16(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t *out)
{
    int64_t d;
    return af_vec3_dot_q16(a, b, &d) == AF_OK && d < INT64_MAX - 32768 &&
           afq_store(afi_floor_shift64(d + 32768, 16), out);
}

af_status af_arc_apex_accel_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                const af_vec3_q16 *gravity, const af_arc_policy_q16 *policy,
                                unsigned flags, af_shots_q16 *out)
{
    af_body_q16 body;
    af_vec3_q16 up, minus_g, D, vert, horiz, a_vert, a_h, g_rel, drift;
    af_arc_policy_q16 speed_policy;
    fix16_t g, dz, x, w, a_up, g_up, half_t;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || !gravity || !policy)
        return AF_ERR_BAD_ARGUMENT;
    split_target(target, &body);
    if (is_zero3(&target->acceleration))
        return af_arc_apex_q16(shooter, &body, gravity, policy, flags, out);
    minus_g.x = -gravity->x;
    minus_g.y = -gravity->y;
    minus_g.z = -gravity->z;
    if (af_vec3_len_q16(gravity, &g) != AF_OK || g <= 0 ||
        af_vec3_normalize_q16(&minus_g, &up) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    /* The projectile's real apex: the policy's vertical speed under g. */
    if (af_vec3_sub_q16(&body.position, &shooter->position, &D) != AF_OK ||
        !dot_q16(&D, &up, &dz) || af_vec3_scale_q16(&up, dz, &vert) != AF_OK ||
        af_vec3_sub_q16(&D, &vert, &horiz) != AF_OK || af_vec3_len_q16(&horiz, &x) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    if (!apex_vertical_speed(policy, g, dz, x, &w))
        return AF_ERR_BAD_ARGUMENT;
    /* Heights meet under the relative acceleration along up, g + a.up;
     * across, the target's drift a_h t^2/2 is added to the aim. */
    if (!dot_q16(&target->acceleration, &up, &a_up) ||
        af_vec3_scale_q16(&up, a_up, &a_vert) != AF_OK ||
        af_vec3_sub_q16(&target->acceleration, &a_vert, &a_h) != AF_OK ||
        af_add_q16(g, a_up, &g_up) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    if (g_up <= 0)
        return AF_ERR_NO_SOLUTION;
    if (af_vec3_scale_q16(&up, -g_up, &g_rel) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    speed_policy.kind = AF_ARC_VERTICAL_SPEED;
    speed_policy.base = w;
    speed_policy.per_distance = 0;
    st = af_arc_apex_q16(shooter, &body, &g_rel, &speed_policy, flags, out);
    if (st == AF_OK) {
        af_shot_q16 *s = &out->shot[0];
        half_t = s->t / 2 + (s->t & 1); /* t/2, the odd LSB rounded up */
        if (af_vec3_scale_q16(&a_h, half_t, &drift) != AF_OK ||
            af_vec3_add_q16(&s->velocity, &drift, &s->velocity) != AF_OK) {
            afq_clear(out);
            return AF_ERR_OVERFLOW;
        }
    }
    return accelerate_points(target, st, out);
}
