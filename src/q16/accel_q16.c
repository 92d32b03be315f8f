/* SPDX-License-Identifier: MIT */
/*
 * Accelerating targets in Q16.16 (see aimfix/accel.h and the f64 twin in
 * accel_f64.c): the moving-target solvers called with the relative
 * acceleration g - a in place of gravity, each impact point placed where
 * the accelerating target really is.
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

int afq_path_at(const af_vec3_q16 *p, const af_vec3_q16 *v, const af_vec3_q16 *a, fix16_t t,
                af_vec3_q16 *out)
{
    return afq_accel_axis_at(p->x, v->x, a->x, t, &out->x) &&
           afq_accel_axis_at(p->y, v->y, a->y, t, &out->y) &&
           afq_accel_axis_at(p->z, v->z, a->z, t, &out->z);
}

int afq_accel_at(const af_body_accel_q16 *b, fix16_t t, af_vec3_q16 *out)
{
    return afq_path_at(&b->position, &b->velocity, &b->acceleration, t, out);
}

af_status afq_place_points(const af_body_q16 *target, const af_vec3_q16 *accel, af_status st,
                           af_shots_q16 *out)
{
    int i, kept = 0;
    if (st != AF_OK || !accel)
        return st;
    for (i = 0; i < out->count; i++) {
        af_shot_q16 s = out->shot[i];
        if (afq_target_at(target, accel, s.t, &s.point))
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
    return afq_arc_moving(shooter, &body, &target->acceleration, speed, &rel, flags, out);
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
    return afq_arc_moving(shooter, &body, afq_acceleration_of(target), speed, &rel, flags, out);
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
    return afq_arc_time(shooter, &body, afq_acceleration_of(target), t, &rel, flags, out);
}

/* The policy's vertical launch speed w under g, as af_arc_apex_q16 rules:
 * AF_ERR_BAD_ARGUMENT for a value <= 0 or an unknown kind, AF_ERR_OVERFLOW
 * when w does not fit. The value's product and 2 g H are formed whole
 * (H may pass 32768 m where w fits), each rounded once. */
static af_status apex_vertical_speed(const af_arc_policy_q16 *policy, fix16_t g, fix16_t dz,
                                     fix16_t x, fix16_t *w)
{
    int64_t value = (int64_t)policy->base +
                    afi_floor_shift64((int64_t)policy->per_distance * x + 32768, 16);
    uint64_t h, root;
    if (value <= 0 ||
        (policy->kind != AF_ARC_APEX_HEIGHT && policy->kind != AF_ARC_VERTICAL_SPEED))
        return AF_ERR_BAD_ARGUMENT;
    if (policy->kind == AF_ARC_VERTICAL_SPEED)
        return afq_store(value, w) ? AF_OK : AF_ERR_OVERFLOW;
    h = (uint64_t)value + (uint64_t)(dz > 0 ? dz : 0);
    /* 2 g H in Q32.32, whose integer root is w's raw value. */
    if (h > UINT64_MAX / 2 / (uint64_t)g)
        return AF_ERR_OVERFLOW;
    root = af_sqrt_u64(2 * (uint64_t)g * h);
    return afq_store((int64_t)root, w) ? AF_OK : AF_ERR_OVERFLOW;
}

/* x / 2^k rounded to nearest, ties up, into *out: 0 when it does not fit
 * (x + 2^(k-1) must not overflow). */
static int store_rounded(int64_t x, int k, fix16_t *out)
{
    return afq_store(afi_floor_shift64(x + ((int64_t)1 << (k - 1)), k), out);
}

/* a . b (Q32.32) rounded to Q16.16: 0 when it does not fit. */
static int dot_q16(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t *out)
{
    int64_t d;
    return af_vec3_dot_q16(a, b, &d) == AF_OK && d < INT64_MAX - 32768 &&
           store_rounded(d, 16, out);
}

/* From r = a - g, formed whole (it may pass Q16.16; g lies along up):
 * the pull along up, r.up = |g| + a.up, and the target's acceleration
 * across up, r - (r.up) up, each rounded once, so that a target falling
 * nearly as the projectile does leaves only their roundings. 0 when
 * either does not fit. */
static int relative_pull(const af_vec3_q16 *g, const af_vec3_q16 *a, const af_vec3_q16 *up,
                         fix16_t *pull, af_vec3_q16 *across)
{
    int64_t r[3] = { (int64_t)a->x - g->x, (int64_t)a->y - g->y, (int64_t)a->z - g->z };
    int64_t u[3] = { up->x, up->y, up->z };
    fix16_t h[3];
    int i;
    if (!store_rounded(r[0] * u[0] + r[1] * u[1] + r[2] * u[2], 16, pull))
        return 0;
    for (i = 0; i < 3; i++)
        if (!store_rounded(r[i] * 65536 - u[i] * *pull, 16, &h[i]))
            return 0;
    across->x = h[0];
    across->y = h[1];
    across->z = h[2];
    return 1;
}

/* a t / 2 rounded once per component (a t/2 rounded first would carry
 * |a| 2^-17 of velocity into the shot); 0 when it does not fit. */
static int half_product(const af_vec3_q16 *a, fix16_t t, af_vec3_q16 *out)
{
    return store_rounded((int64_t)a->x * t, 17, &out->x) &&
           store_rounded((int64_t)a->y * t, 17, &out->y) &&
           store_rounded((int64_t)a->z * t, 17, &out->z);
}

af_status af_arc_apex_accel_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                                const af_vec3_q16 *gravity, const af_arc_policy_q16 *policy,
                                unsigned flags, af_shots_q16 *out)
{
    af_body_q16 body;
    af_vec3_q16 up, D, vert, horiz, a_h, g_rel, drift;
    af_arc_policy_q16 speed_policy;
    fix16_t g, dz = 0, x = 0, w, g_up;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || !gravity || !policy)
        return AF_ERR_BAD_ARGUMENT;
    split_target(target, &body);
    if (is_zero3(&target->acceleration))
        return af_arc_apex_q16(shooter, &body, gravity, policy, flags, out);
    /* up = -(g / |g|): a unit negates safely, a gravity of raw INT32_MIN
     * does not (the normalisation is odd: the same bits). */
    if (af_vec3_len_q16(gravity, &g) != AF_OK)
        return AF_ERR_OUT_OF_RANGE; /* |g| of 32768 m/s^2 or more */
    if (g <= 0 || af_vec3_normalize_q16(gravity, &up) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    up.x = -up.x;
    up.y = -up.y;
    up.z = -up.z;
    /* The projectile's real apex: the policy's vertical speed under g. */
    if (af_vec3_sub_q16(&body.position, &shooter->position, &D) != AF_OK ||
        !dot_q16(&D, &up, &dz) || af_vec3_scale_q16(&up, dz, &vert) != AF_OK ||
        af_vec3_sub_q16(&D, &vert, &horiz) != AF_OK || af_vec3_len_q16(&horiz, &x) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    st = apex_vertical_speed(policy, g, dz, x, &w);
    if (st != AF_OK)
        return st;
    /* Heights meet under the relative acceleration along up, g + a.up;
     * across, the target's drift a_h t^2/2 is added to the aim. */
    if (!relative_pull(gravity, &target->acceleration, &up, &g_up, &a_h))
        return AF_ERR_OUT_OF_RANGE;
    if (g_up <= 0)
        return AF_ERR_NO_SOLUTION;
    if (af_vec3_scale_q16(&up, -g_up, &g_rel) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    speed_policy.kind = AF_ARC_VERTICAL_SPEED;
    speed_policy.base = w;
    speed_policy.per_distance = 0;
    st = afq_arc_apex(shooter, &body, &target->acceleration, &g_rel, &speed_policy, flags, out);
    if (st == AF_OK) {
        af_shot_q16 *s = &out->shot[0];
        if (!half_product(&a_h, s->t, &drift) ||
            af_vec3_add_q16(&s->velocity, &drift, &s->velocity) != AF_OK) {
            afq_clear(out);
            return AF_ERR_OVERFLOW;
        }
    }
    return st;
}
