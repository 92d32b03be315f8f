/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed direction or elevation and free speed, in vacuum,
 * Q16.16 (see aimfix/fixed_launch.h): the flight-time scan of
 * fixed_scan_q16.c over the fixed-time aim af_arc_time_accel_q16.
 */
#include "aimfix/fixed_launch.h"

#include <string.h>

#include "aimfix/q16.h"
#include "fixed_scan_q16.h"

struct vacuum {
    const af_body_q16 *shooter;
    const af_body_accel_q16 *target;
    const af_vec3_q16 *gravity;
    unsigned flags;
};

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
    v->shooter = shooter;
    v->target = target;
    v->gravity = gravity;
    v->flags = flags;
    sc->aim = vacuum_aim;
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
