/* SPDX-License-Identifier: MIT */
/*
 * The closest shot when nothing hits, in vacuum, Q16.16 (see
 * aimfix/miss.h): the miss at t, |Q(t)| - s t with Q(t) = D + V t -
 * g t^2/2 formed in 64 bits, minimised over t by the search of
 * afq_miss_min (sampled, then each local minimum narrowed by
 * golden-section steps to one LSB of time).
 */
#include "aimfix/miss.h"

#include "aimfix/accel.h"

#include <string.h>

#include "aimfix/q16.h"
#include "../core/q16_internal.h"
#include "fixed_scan_q16.h"
#include "miss_q16.h"

/* Golden-section steps: 0.618^64 of a sample step is below one LSB. */
#define GOLDEN_STEPS 64

static int golden(afq_miss_fn fn, void *ctx, fix16_t lo, fix16_t hi, fix16_t *t_best,
                  uint64_t *m_best)
{
    int found = 0, i;
    for (i = 0; i < GOLDEN_STEPS && hi - lo > 2; i++) {
        /* 0.382 of the way from each end (79/207 ~ (3 - sqrt 5) / 2). */
        fix16_t w = (fix16_t)(((int64_t)(hi - lo) * 79) / 207);
        fix16_t x1 = lo + w, x2 = hi - w;
        uint64_t f1, f2;
        int ok1 = fn(ctx, x1, &f1), ok2 = fn(ctx, x2, &f2);
        if (!ok1 && !ok2)
            return found;
        if (ok1 && (!ok2 || f1 <= f2))
            hi = x2;
        else
            lo = x1;
    }
    for (;;) {
        uint64_t f;
        if (fn(ctx, lo, &f) && (!found || f < *m_best)) {
            *m_best = f;
            *t_best = lo;
            found = 1;
        }
        if (lo >= hi)
            break;
        lo++;
    }
    return found;
}

int afq_miss_min(afq_miss_fn fn, void *ctx, fix16_t t_hi, fix16_t *t_best, uint64_t *m_best)
{
    uint64_t m[3] = { 0, 0, 0 };
    int ok[3] = { 0, 0, 0 }, i, found = 0;
    fix16_t ts[3] = { 0, 0, 0 };
    /* A sliding window of three samples: each local minimum is refined as
     * it is passed. */
    for (i = 0; i <= AF_MISS_SCAN_POINTS + 1; i++) {
        int j;
        for (j = 0; j < 2 && i > 0; j++) {
            m[j] = m[j + 1];
            ok[j] = ok[j + 1];
            ts[j] = ts[j + 1];
        }
        if (i <= AF_MISS_SCAN_POINTS) {
            ts[2] = (fix16_t)(((int64_t)t_hi * i) / AF_MISS_SCAN_POINTS);
            ok[2] = fn(ctx, ts[2], &m[2]);
        } else
            ok[2] = 0;
        if (i == 0) {
            m[1] = m[2];
            ok[1] = ok[2];
            ts[1] = ts[2];
            ok[0] = 0;
            ts[0] = 0;
            continue;
        }
        if (!ok[1] || (ok[0] && m[0] < m[1]) || (ok[2] && m[2] < m[1]))
            continue;
        {
            fix16_t lo = ok[0] ? ts[0] : ts[1], hi = ok[2] ? ts[2] : ts[1], tg = ts[1];
            uint64_t mg = m[1];
            if (hi > lo)
                (void)golden(fn, ctx, lo, hi, &tg, &mg);
            if (mg > m[1]) {
                mg = m[1];
                tg = ts[1];
            }
            if (!found || mg < *m_best) {
                *m_best = mg;
                *t_best = tg;
                found = 1;
            }
        }
    }
    return found;
}

struct reach {
    af_vec3_q16 d, v, g;
    fix16_t speed;
};

/* d + v t - g t^2/2 on one axis (raw Q16 in 64 bits; 0 when beyond 2^31). */
static int axis_reach(fix16_t d, fix16_t v, fix16_t g, fix16_t t, int64_t *out)
{
    int64_t x = d, gt = afi_round_shift(afi_smul32(g, t), 16);
    x += afi_round_shift(afi_smul32(v, t), 16);
    if (afi_abs64(gt) > 0x7FFFFFFF)
        return 0;
    x -= afi_round_shift(afi_smul32((int32_t)gt, t), 17);
    if (afi_abs64(x) > 0x7FFFFFFF)
        return 0;
    *out = x;
    return 1;
}

static int reach_at(const struct reach *r, fix16_t t, af_vec3_q16 *q)
{
    int64_t x, y, z;
    if (!axis_reach(r->d.x, r->v.x, r->g.x, t, &x) || !axis_reach(r->d.y, r->v.y, r->g.y, t, &y) ||
        !axis_reach(r->d.z, r->v.z, r->g.z, t, &z))
        return 0;
    q->x = (fix16_t)x;
    q->y = (fix16_t)y;
    q->z = (fix16_t)z;
    return 1;
}

static int reach_miss(void *ctx, fix16_t t, uint64_t *m)
{
    const struct reach *r = ctx;
    af_vec3_q16 q;
    uint64_t len, st;
    if (!reach_at(r, t, &q))
        return 0;
    len = af_sqrt_u64(af_vec3_len2_q16(&q));
    st = (uint64_t)afi_round_shift(afi_smul32(r->speed, t), 16);
    *m = len > st ? len - st : 0u;
    return 1;
}

/* Raw length of a Q16 vector (fits 32 bits). */
static uint64_t raw_len(const af_vec3_q16 *v)
{
    return af_sqrt_u64(af_vec3_len2_q16(v));
}

/* The least time past which the miss exceeds |D| (see aimfix/miss.h),
 * raw, capped at the largest Q16.16 time. */
static fix16_t search_bound(const struct reach *r)
{
    uint64_t a = raw_len(&r->g), dl = raw_len(&r->d), vl = raw_len(&r->v), s = (uint64_t)r->speed;
    uint64_t t;
    if (a > 0) {
        /* (w + sqrt(w^2 + 4 a |D|)) / a, in Q8 (a bound: rounded up, doubled). */
        uint64_t w8 = ((vl + s) >> 8) + 1, a8 = (a >> 8) + 1, d8 = (dl >> 8) + 1;
        uint64_t n8 = w8 + af_sqrt_u64(w8 * w8 + 4u * a8 * d8) + 1;
        t = 2u * ((n8 << 24) / a);
    } else if (vl > s)
        t = 2u * ((dl << 17) / (vl - s)) + 2u;
    else
        t = 0x7FFFFFFFu;
    return t > 0x7FFFFFFFu || t == 0 ? fix16_maximum : (fix16_t)t;
}

/* The target is at p + v t + a t^2/2 (acc NULL: a = 0); r's gravity is
 * then g - a. */
static void closest(const af_vec3_q16 *target_pos, const af_vec3_q16 *target_vel,
                    const af_vec3_q16 *acc, const struct reach *r, af_miss_q16 *miss)
{
    fix16_t t = 0;
    uint64_t m = 0;
    af_vec3_q16 q;
    af_body_accel_q16 body;
    if (!afq_miss_min(reach_miss, (void *)r, search_bound(r), &t, &m) || m > 0x7FFFFFFFu ||
        !reach_at(r, t, &q) || af_vec3_resize_q16(&q, r->speed, &miss->shot.velocity) != AF_OK)
        goto none;
    body.position = *target_pos;
    body.velocity = *target_vel;
    body.acceleration.x = body.acceleration.y = body.acceleration.z = 0;
    if (acc)
        body.acceleration = *acc;
    if (!afq_fixed_point(&body, t, &miss->shot.point))
        goto none;
    miss->shot.t = t;
    miss->distance = (fix16_t)m;
    return;
none:
    memset(miss, 0, sizeof *miss);
}

af_status af_arc_point_miss_q16(const af_vec3_q16 *from, const af_vec3_q16 *to, fix16_t speed,
                                const af_vec3_q16 *gravity, af_shots_q16 *out,
                                af_miss_q16 *miss)
{
    af_status st;
    struct reach r;
    if (!afq_miss_begin(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_arc_point_q16(from, to, speed, gravity, out);
    if (st != AF_ERR_NO_SOLUTION || af_vec3_sub_q16(to, from, &r.d) != AF_OK)
        return st;
    r.v.x = r.v.y = r.v.z = 0;
    r.g = *gravity;
    r.speed = speed;
    closest(to, &r.v, NULL, &r, miss);
    return st;
}

af_status af_arc_moving_miss_q16(const af_body_q16 *shooter, const af_body_q16 *target,
                                 fix16_t speed, const af_vec3_q16 *gravity, unsigned flags,
                                 af_shots_q16 *out, af_miss_q16 *miss)
{
    af_status st;
    struct reach r;
    if (!afq_miss_begin(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_arc_moving_q16(shooter, target, speed, gravity, flags, out);
    if (st != AF_ERR_NO_SOLUTION ||
        af_vec3_sub_q16(&target->position, &shooter->position, &r.d) != AF_OK)
        return st;
    r.v = target->velocity;
    if ((flags & AF_INHERIT_VELOCITY) &&
        af_vec3_sub_q16(&target->velocity, &shooter->velocity, &r.v) != AF_OK)
        return st;
    r.g = *gravity;
    r.speed = speed;
    closest(&target->position, &target->velocity, NULL, &r, miss);
    return st;
}

af_status af_arc_moving_miss_accel_q16(const af_body_q16 *shooter,
                                       const af_body_accel_q16 *target, fix16_t speed,
                                       const af_vec3_q16 *gravity, unsigned flags,
                                       af_shots_q16 *out, af_miss_q16 *miss)
{
    af_status st;
    struct reach r;
    if (!afq_miss_begin(out, miss))
        return AF_ERR_BAD_ARGUMENT;
    st = af_arc_moving_accel_q16(shooter, target, speed, gravity, flags, out);
    /* The solver has checked that g - a fits. */
    if (st != AF_ERR_NO_SOLUTION ||
        af_vec3_sub_q16(&target->position, &shooter->position, &r.d) != AF_OK ||
        af_vec3_sub_q16(gravity, &target->acceleration, &r.g) != AF_OK)
        return st;
    r.v = target->velocity;
    if ((flags & AF_INHERIT_VELOCITY) &&
        af_vec3_sub_q16(&target->velocity, &shooter->velocity, &r.v) != AF_OK)
        return st;
    r.speed = speed;
    closest(&target->position, &target->velocity, &target->acceleration, &r, miss);
    return st;
}
