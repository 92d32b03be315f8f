/* SPDX-License-Identifier: MIT */
/*
 * The shots of the f64 turret aims at one launch time: the caller's
 * flights, the angles that put the muzzle's path through each, their
 * limits and slew, and how late the head is for them
 * (turret_search_f64.c scans the launch times).
 */
#include "turret_search_f64.h"

#define AFR_PI 3.14159265358979323846

/* The angles that put the muzzle's path through R for barrel length lb:
 * in the yaw's vertical plane R = lb (cos p, sin p) + mu (-sin p, cos p),
 * so the plane's angle of R is p + atan2(mu, lb). Both planes that hold R
 * (yaw with p = alpha - delta, yaw + pi with p = pi - alpha - delta) can
 * give a pitch within the limits near the zenith: the shorter slew wins. */
static af_status angles_for(const struct search *a, af_vec3_f64 R, double lb,
                            af_turret_command_f64 *out)
{
    const af_turret_f64 *t = a->turret;
    double x = afr_vdot(R, a->head.forward), y = afr_vdot(R, a->head.left),
           z = afr_vdot(R, a->head.up);
    double h = hypot(x, y), yaw = (x == 0.0 && y == 0.0) ? t->yaw : atan2(y, x);
    double alpha = atan2(z, h), delta = atan2(t->muzzle_up, lb);
    double p[2], yw[2];
    af_turret_command_f64 c[2] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
    af_status st[2];
    int i;
    p[0] = alpha - delta;
    p[1] = AFR_PI - alpha - delta;
    yw[0] = yaw;
    yw[1] = yaw + AFR_PI;
    for (i = 0; i < 2; i++) {
        if (p[i] > AFR_PI)
            p[i] -= 2.0 * AFR_PI;
        if (p[i] <= -AFR_PI)
            p[i] += 2.0 * AFR_PI;
        st[i] = (p[i] > 0.5 * AFR_PI || p[i] < -0.5 * AFR_PI)
                    ? AF_ERR_BEYOND_PITCH
                    : afr_turret_limit_f64(t, yw[i], p[i], &c[i]);
    }
    i = (st[1] == AF_OK && (st[0] != AF_OK || c[1].slew < c[0].slew)) ||
        (st[0] == AF_ERR_BEYOND_PITCH && st[1] != AF_OK && fabs(p[1]) <= 0.5 * AFR_PI);
    *out = c[i];
    return st[i];
}

const af_turret_shot_f64 *afr_turret_shot_at_f64(const struct search *a, double L, double f,
                                                 const af_turret_command_f64 *ang,
                                                 af_turret_shot_f64 *s)
{
    const af_turret_f64 *turret = a->turret;
    af_vec3_f64 barrel, above, pivot = afr_vaddk(turret->pivot, turret->velocity, L);
    memset(s, 0, sizeof *s);
    afr_turret_axes_f64(&a->head, ang->yaw, ang->pitch, &barrel, &above);
    s->yaw = ang->yaw;
    s->pitch = ang->pitch;
    s->launch = L;
    s->flight = f;
    s->muzzle =
        afr_vaddk(afr_vaddk(pivot, barrel, turret->muzzle_forward), above, turret->muzzle_up);
    s->velocity = afr_vscale(barrel, turret->speed);
    if (turret->flags & AF_INHERIT_VELOCITY)
        s->velocity = afr_vadd(s->velocity, turret->velocity);
    return s;
}

void afr_turret_evaluate_f64(struct search *a, double L, struct sample *s)
{
    const af_turret_f64 *t = a->turret;
    afr_turret_flight_f64 fl[AF_MAX_SHOTS];
    af_turret_shot_f64 shot;
    int i, n;

    a->evals++;
    s->L = L;
    s->n = 0;
    n = a->fn->flights(a->fn->ctx, L, fl);
    for (i = 0; i < n && s->n < AF_MAX_SHOTS; i++) {
        int k = s->n;
        if (!(fl[i].f > 0.0))
            continue;
        s->f[k] = fl[i].f;
        s->st[k] = angles_for(a, fl[i].R, fl[i].lb, &s->ang[k]);
        if (s->st[k] == AF_OK && a->fn->keep &&
            !a->fn->keep(a->fn->ctx, afr_turret_shot_at_f64(a, L, fl[i].f, &s->ang[k], &shot)))
            s->st[k] = AF_ERR_ENGINE_LIMIT; /* not a shot while it breaks the cap */
        s->e[k] = s->st[k] == AF_OK ? fmax(t->latency, s->ang[k].slew) - L : 1.0;
        s->n++;
    }
}
