/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed direction or elevation and free speed, in vacuum,
 * Q16.16 (see aimfix/fixed_launch.h): the flight-time scan of
 * fixed_scan_q16.c over the reach R(t) = u(t) t, formed exactly in 64
 * bits (no division per sample); each shot's velocity is the fixed-time
 * aim af_arc_time_accel_q16's at its time.
 */
#include "aimfix/fixed_launch.h"

#include <string.h>

#include "aimfix/q16.h"
#include "../core/q16_internal.h"
#include "fixed_scan_q16.h"

struct vacuum {
    const af_body_q16 *shooter;
    const af_body_accel_q16 *target;
    const af_vec3_q16 *gravity;
    unsigned flags;
    int32_t d[3], v[3], a[3]; /* the reach's terms (each fits: the aim checked) */
};

/* |a| t^2 / 2 rounded to Q16.16, exactly in 64 bits: |a| t < 2^62 split
 * into 32-bit halves, each multiplied by t. */
static int64_t half_a_t2(int32_t a, fix16_t t)
{
    uint64_t m = (uint64_t)afi_abs32(a) * (uint32_t)t, hi = m >> 32, lo = m & 0xFFFFFFFFu;
    uint64_t big = hi * (uint32_t)t, small = lo * (uint32_t)t;
    uint64_t r = (big >> 1) + ((small + ((big & 1u) << 32) + (UINT64_C(1) << 32)) >> 33);
    return a < 0 ? -(int64_t)r : (int64_t)r;
}

/* The reach R(t) = D + V t + (a - g) t^2/2 = u(t) t, brought within 31
 * bits by a common shift (its direction is what the scan reads). */
static int vacuum_reach(void *ctx, fix16_t t, af_vec3_q16 *r)
{
    const struct vacuum *v = ctx;
    int64_t x[3];
    uint64_t m = 0;
    int k, shift = 0;
    for (k = 0; k < 3; k++) {
        x[k] = (int64_t)v->d[k] + afi_round_shift(afi_smul32(v->v[k], t), 16) +
               half_a_t2(v->a[k], t);
        if (afi_abs64(x[k]) > m)
            m = afi_abs64(x[k]);
    }
    while ((m >> shift) > 0x7FFFFFFFu)
        shift++;
    r->x = (fix16_t)(shift ? afi_round_shift(x[0], shift) : x[0]);
    r->y = (fix16_t)(shift ? afi_round_shift(x[1], shift) : x[1]);
    r->z = (fix16_t)(shift ? afi_round_shift(x[2], shift) : x[2]);
    return 1;
}

static int vacuum_aim(void *ctx, fix16_t t, af_vec3_q16 *u)
{
    const struct vacuum *v = ctx;
    af_shots_q16 one;
    if (af_arc_time_accel_q16(v->shooter, v->target, t, v->gravity, v->flags, &one) != AF_OK)
        return 0;
    *u = one.shot[0].velocity;
    return 1;
}

/* The checks the fixed-time aim makes (a flight of 1 s tells them), and
 * the target's offset. */
static af_status setup(afq_fixed_scan *sc, struct vacuum *v, const af_body_q16 *shooter,
                       const af_body_accel_q16 *target, const af_vec3_q16 *gravity,
                       unsigned flags)
{
    af_shots_q16 one;
    af_vec3_q16 d;
    af_status st;
    if (!shooter || !target || !gravity)
        return AF_ERR_BAD_ARGUMENT;
    if (af_vec3_sub_q16(&target->position, &shooter->position, &d) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    st = af_arc_time_accel_q16(shooter, target, fix16_one, gravity, flags, &one);
    if (st == AF_ERR_BAD_ARGUMENT || st == AF_ERR_OUT_OF_RANGE)
        return st;
    {
        /* The aim took them: the offset, the relative velocity and g - a
         * fit Q16.16. */
        af_vec3_q16 rv = target->velocity, ra;
        if (((flags & AF_INHERIT_VELOCITY) &&
             af_vec3_sub_q16(&target->velocity, &shooter->velocity, &rv) != AF_OK) ||
            af_vec3_sub_q16(&target->acceleration, gravity, &ra) != AF_OK)
            return AF_ERR_OUT_OF_RANGE;
        v->d[0] = d.x;
        v->d[1] = d.y;
        v->d[2] = d.z;
        v->v[0] = rv.x;
        v->v[1] = rv.y;
        v->v[2] = rv.z;
        v->a[0] = ra.x;
        v->a[1] = ra.y;
        v->a[2] = ra.z;
    }
    v->shooter = shooter;
    v->target = target;
    v->gravity = gravity;
    v->flags = flags;
    sc->aim = vacuum_aim;
    sc->sample = vacuum_reach;
    sc->ctx = v;
    sc->t_max = fix16_maximum;
    sc->target = *target;
    sc->at_muzzle = d.x == 0 && d.y == 0 && d.z == 0;
    return AF_OK;
}

af_status af_fixed_dir_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                           const af_vec3_q16 *direction, const af_vec3_q16 *gravity,
                           unsigned flags, af_shots_q16 *out)
{
    afq_fixed_scan sc;
    struct vacuum v;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = afq_fixed_direction(&sc, direction);
    if (st == AF_OK)
        st = setup(&sc, &v, shooter, target, gravity, flags);
    if (st == AF_OK)
        st = afq_fixed_scan_solve(&sc, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}

af_status af_fixed_elev_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                            fix16_t elevation, const af_vec3_q16 *gravity, unsigned flags,
                            af_shots_q16 *out)
{
    afq_fixed_scan sc;
    struct vacuum v;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = afq_fixed_elevation(&sc, gravity, elevation);
    if (st == AF_OK)
        st = setup(&sc, &v, shooter, target, gravity, flags);
    if (st == AF_OK)
        st = afq_fixed_scan_solve(&sc, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
