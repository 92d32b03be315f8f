/* SPDX-License-Identifier: MIT */
/*
 * Turret aim with quadratic drag, double precision (see aimfix/turret.h).
 *
 * Quadratic drag has no closed form: the flight depends on the launch
 * direction as a whole, not through two scalars as with linear drag. So
 * at each launch time the shots are af_qdrag_aim_speed_f64's from the
 * muzzle, each solved again from the muzzle its barrel gives until that
 * muzzle moves by at most MUZZLE_SETTLED of the scene. Each pass shrinks
 * the move by about |muzzle offset| / distance; each branch starts from
 * its angles at the launch time evaluated last (the search's launch
 * times follow one another closely), so it usually settles in a pass or
 * two. The launch-time search is turret_search_f64.c's, handed each
 * flight as the R and barrel length whose angles are the settled ones.
 * A target of constant acceleration is taken at each launch time
 * (position and velocity then) and met by af_qdrag_aim_speed_accel_f64.
 */
#include "aimfix/qdrag.h"
#include "aimfix/turret.h"

#include "../turret_f64.h"
#include "qdrag_f64.h"

#define MUZZLE_PASSES 24
#define MUZZLE_SETTLED 1e-12

struct qdrag_aim {
    const af_turret_f64 *turret;
    const af_qdrag_f64 *drag;
    qd_law_f64 law;
    afr_head_f64 head;
    const af_body_accel_f64 *target;
    int accelerates; /* 0: the constant-velocity aim, for its bits */
    double max_time;
    int hints; /* branches whose angles at the last launch time are kept */
    double yaw[AF_MAX_SHOTS], pitch[AF_MAX_SHOTS];
};

/* The unlimited angles of the barrel along u (nonzero): a vertical barrel
 * keeps the current yaw. */
static void heading(const struct qdrag_aim *a, af_vec3_f64 u, double *yaw, double *pitch)
{
    double x = afr_vdot(u, a->head.forward), y = afr_vdot(u, a->head.left),
           z = afr_vdot(u, a->head.up), h = hypot(x, y);
    *yaw = h > 0.0 ? atan2(y, x) : a->turret->yaw;
    *pitch = atan2(z, h);
}

static af_vec3_f64 muzzle_at(const struct qdrag_aim *a, af_vec3_f64 pivot, double yaw,
                             double pitch)
{
    af_vec3_f64 barrel, above;
    afr_turret_axes_f64(&a->head, yaw, pitch, &barrel, &above);
    return afr_vaddk(afr_vaddk(pivot, barrel, a->turret->muzzle_forward), above,
                     a->turret->muzzle_up);
}

static af_status solve_from(const struct qdrag_aim *a, af_vec3_f64 muzzle,
                            const af_body_accel_f64 *target, af_shots_f64 *shots)
{
    af_body_f64 shooter, still;
    unsigned flags = a->turret->flags & AF_INHERIT_VELOCITY;
    shooter.position = muzzle;
    shooter.velocity = a->turret->velocity;
    if (a->accelerates)
        return af_qdrag_aim_speed_accel_f64(a->drag, &shooter, target, a->turret->speed,
                                            a->max_time, flags, shots);
    still.position = target->position;
    still.velocity = target->velocity;
    return af_qdrag_aim_speed_f64(a->drag, &shooter, &still, a->turret->speed, a->max_time, flags,
                                  shots);
}

/* Shot k of `shots` (solved from `from`) solved again from the muzzle its
 * barrel gives until that muzzle settles: 1 with its flight and angles. */
static int settle(const struct qdrag_aim *a, af_vec3_f64 pivot, const af_body_accel_f64 *target,
                  double scale, af_shots_f64 *shots, af_vec3_f64 from, int k, double *flight,
                  double *yaw, double *pitch)
{
    int pass, count = shots->count;
    for (pass = 0; pass < MUZZLE_PASSES; pass++) {
        af_vec3_f64 next;
        if (!(shots->shot[k].t > 0.0) || afr_viszero(shots->shot[k].velocity))
            return 0;
        heading(a, shots->shot[k].velocity, yaw, pitch);
        next = muzzle_at(a, pivot, *yaw, *pitch);
        if (afr_vnorm(afr_vsub(next, from)) <= MUZZLE_SETTLED * scale) {
            *flight = shots->shot[k].t;
            return 1;
        }
        from = next;
        if (solve_from(a, from, target, shots) != AF_OK || shots->count != count)
            return 0;
    }
    return 0;
}

static int flights(void *ctx, double L, afr_turret_flight_f64 *out)
{
    struct qdrag_aim *a = ctx;
    const af_turret_f64 *t = a->turret;
    af_vec3_f64 pivot = afr_vaddk(t->pivot, t->velocity, L), muzzle0;
    af_body_accel_f64 target;
    af_shots_f64 first;
    double scale, yaw[AF_MAX_SHOTS], pitch[AF_MAX_SHOTS];
    int k, count = 0;

    target.position = afr_vaddk(a->target->position, a->target->velocity, L);
    target.velocity = a->target->velocity;
    target.acceleration = a->target->acceleration;
    if (a->accelerates) {
        target.position = afr_vaddk(target.position, target.acceleration, 0.5 * L * L);
        target.velocity = afr_vaddk(target.velocity, target.acceleration, L);
    }
    if (!afr_vfinite(pivot) || !afr_vfinite(target.position))
        return 0;
    scale = afr_vnorm(afr_vsub(target.position, pivot)) + t->muzzle_forward +
            fabs(t->muzzle_up) + 1.0;
    muzzle0 = muzzle_at(a, pivot, a->hints > 0 ? a->yaw[0] : t->yaw,
                        a->hints > 0 ? a->pitch[0] : t->pitch);
    if (solve_from(a, muzzle0, &target, &first) != AF_OK)
        return 0;
    for (k = 0; k < first.count && count < AF_MAX_SHOTS; k++) {
        af_shots_f64 shots = first;
        af_vec3_f64 from = muzzle0;
        double f, lb;
        af_vec3_f64 barrel, above;
        if (k > 0 && k < a->hints) {
            from = muzzle_at(a, pivot, a->yaw[k], a->pitch[k]);
            if (solve_from(a, from, &target, &shots) != AF_OK || shots.count != first.count) {
                shots = first;
                from = muzzle0;
            }
        }
        if (!settle(a, pivot, &target, scale, &shots, from, k, &f, &yaw[count], &pitch[count]))
            continue;
        /* The muzzle's path passes through R = lb barrel + muzzle_up above. */
        afr_turret_axes_f64(&a->head, yaw[count], pitch[count], &barrel, &above);
        lb = t->muzzle_forward + t->speed * f;
        out[count].f = f;
        out[count].R = afr_vaddk(afr_vscale(barrel, lb), above, t->muzzle_up);
        out[count].lb = lb;
        count++;
    }
    if (count > 0) {
        for (k = 0; k < count; k++) {
            a->yaw[k] = yaw[k];
            a->pitch[k] = pitch[k];
        }
        a->hints = count;
    }
    return count;
}

/* A finished shot is the search's, its angles between aims: kept unless
 * the direct aim would refuse its launch (its first step folds). */
static int keep(void *ctx, const af_turret_shot_f64 *shot)
{
    const struct qdrag_aim *a = ctx;
    return !afr_qd_first_step_folds_f64(&a->law, shot->velocity);
}

af_status af_turret_aim_qdrag_accel_f64(const af_turret_f64 *turret, const af_qdrag_f64 *drag,
                                        const af_body_accel_f64 *target, double max_time,
                                        af_turret_shots_f64 *out)
{
    struct qdrag_aim a;
    afr_turret_flights_f64 fn;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target || !afr_vfinite(target->position) || !afr_vfinite(target->velocity) ||
        !afr_vfinite(target->acceleration) || !isfinite(max_time) || !(max_time > 0.0) ||
        !afr_turret_frame_f64(turret, &a.head) || !drag || afr_qd_law_f64(drag, &a.law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    a.turret = turret;
    a.drag = drag;
    a.target = target;
    a.accelerates = !afr_viszero(target->acceleration);
    a.max_time = max_time;
    a.hints = 0;
    if (!afr_vfinite(afr_vsub(target->position, turret->pivot)) ||
        !afr_vfinite(afr_vsub(target->velocity, turret->velocity)))
        return AF_ERR_OVERFLOW;
    fn.flights = flights;
    fn.keep = keep;
    fn.ctx = &a;
    return afr_turret_search_f64(turret, target, &fn, out);
}

af_status af_turret_aim_qdrag_f64(const af_turret_f64 *turret, const af_qdrag_f64 *drag,
                                  const af_body_f64 *target, double max_time,
                                  af_turret_shots_f64 *out)
{
    af_body_accel_f64 body;
    af_status status = afr_turret_steady_f64(target, &body, out);
    if (status != AF_OK)
        return status;
    return af_turret_aim_qdrag_accel_f64(turret, drag, &body, max_time, out);
}
