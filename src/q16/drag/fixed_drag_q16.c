/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed direction or elevation and free speed under a drag
 * model, Q16.16 (see aimfix/fixed_launch.h): the flight-time scan of
 * ../fixed_scan_q16.c over af_drag_aim_time_q16 at the target's position
 * at each time.
 */
#include "aimfix/fixed_launch.h"

#include <string.h>

#include "aimfix/q16.h"
#include "../fixed_scan_q16.h"

struct dragged {
    af_drag_q16 drag; /* without its step cap: the scan's */
    const af_drag_q16 *real;
    const af_body_q16 *shooter;
    const af_body_accel_q16 *target;
    unsigned flags;
    int use_real;
};

static int drag_aim(void *ctx, fix16_t t, af_vec3_q16 *u)
{
    const struct dragged *g = ctx;
    af_body_q16 at;
    af_shots_q16 one;
    if (!afq_fixed_point(g->target, t, &at.position))
        return 0;
    at.velocity.x = at.velocity.y = at.velocity.z = 0;
    if (af_drag_aim_time_q16(g->use_real ? g->real : &g->drag, g->shooter, &at, t, g->flags,
                             &one) != AF_OK)
        return 0;
    *u = one.shot[0].velocity;
    return 1;
}

static af_status solve(afq_fixed_scan *sc, const af_drag_q16 *drag, const af_body_q16 *shooter,
                       const af_body_accel_q16 *target, fix16_t max_time, unsigned flags,
                       af_shots_q16 *out)
{
    struct dragged g;
    af_body_q16 probe;
    af_shots_q16 one;
    af_vec3_q16 d;
    af_status st;
    int i, kept = 0;
    if (!drag || !shooter || !target || max_time <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (af_vec3_sub_q16(&target->position, &shooter->position, &d) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    probe.position = target->position;
    probe.velocity.x = probe.velocity.y = probe.velocity.z = 0;
    /* An invalid model or shooter is refused by the aim itself. */
    st = af_drag_aim_time_q16(drag, shooter, &probe, max_time, flags, &one);
    if (st == AF_ERR_BAD_ARGUMENT || st == AF_ERR_OUT_OF_RANGE)
        return st;
    g.drag = *drag;
    g.drag.max_move = 0;
    g.real = drag;
    g.shooter = shooter;
    g.target = target;
    g.flags = flags;
    g.use_real = 0;
    sc->aim = drag_aim;
    sc->sample = NULL;
    sc->ctx = &g;
    sc->t_max = max_time;
    sc->target = *target;
    sc->at_muzzle = d.x == 0 && d.y == 0 && d.z == 0;
    st = afq_fixed_scan_solve(sc, out);
    if (st != AF_OK || drag->max_move == 0)
        return st;
    /* The real engine refuses a shot whose flight breaks its cap. */
    g.use_real = 1;
    for (i = 0; i < out->count; i++) {
        af_vec3_q16 u;
        if (out->shot[i].t == 0 || drag_aim(&g, out->shot[i].t, &u))
            out->shot[kept++] = out->shot[i];
    }
    for (i = kept; i < out->count; i++)
        memset(&out->shot[i], 0, sizeof out->shot[i]);
    out->count = kept;
    return kept ? AF_OK : AF_ERR_ENGINE_LIMIT;
}

af_status af_drag_fixed_dir_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                const af_body_accel_q16 *target, const af_vec3_q16 *direction,
                                fix16_t max_time, unsigned flags, af_shots_q16 *out)
{
    afq_fixed_scan sc;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = afq_fixed_direction(&sc, direction);
    if (st == AF_OK)
        st = solve(&sc, drag, shooter, target, max_time, flags, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}

af_status af_drag_fixed_elev_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                 const af_body_accel_q16 *target, fix16_t elevation,
                                 fix16_t max_time, unsigned flags, af_shots_q16 *out)
{
    afq_fixed_scan sc;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!drag)
        return AF_ERR_BAD_ARGUMENT;
    st = afq_fixed_elevation(&sc, &drag->gravity, elevation);
    if (st == AF_OK)
        st = solve(&sc, drag, shooter, target, max_time, flags, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
