/* SPDX-License-Identifier: MIT */
/*
 * The shots of a Q16.16 turret aim at one launch time, integers only: the
 * flights and angles from the aim's `flights` (the vacuum aims' polynomial,
 * turret_flights_q16.c) when it takes the scene; else the aim's solver
 * fired from the muzzle, each shot solved again from the muzzle its angles
 * give until that muzzle moves by at most AFI_MUZZLE_SETTLED LSB. Each pass
 * shrinks the move by about |muzzle offset| / distance, so
 * AFI_MUZZLE_PASSES passes settle it from ten offsets away; a shot that
 * has not settled by then (a target near the pivot, within the muzzle's
 * circle, under a drag model) is left out.
 */
#include <string.h>

#include "turret_search_q16.h"
#include "../core/q16_internal.h"

#define AFI_MUZZLE_PASSES 8
#define AFI_MUZZLE_SETTLED 2

static int settled(const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    int64_t dx = (int64_t)a->x - b->x, dy = (int64_t)a->y - b->y, dz = (int64_t)a->z - b->z;
    return dx <= AFI_MUZZLE_SETTLED && dx >= -AFI_MUZZLE_SETTLED && dy <= AFI_MUZZLE_SETTLED &&
           dy >= -AFI_MUZZLE_SETTLED && dz <= AFI_MUZZLE_SETTLED && dz >= -AFI_MUZZLE_SETTLED;
}

static af_status solve_from(const struct qaim *a, const af_vec3_q16 *muzzle,
                            const af_body_q16 *target, af_shots_q16 *shots)
{
    af_body_q16 shooter;
    shooter.position = *muzzle;
    shooter.velocity = a->t->velocity;
    return a->solver->solve(a->solver->ctx, &shooter, target, shots);
}

/* The target's position and velocity at launch time L: 0 when either
 * does not fit. */
static int target_at(const struct qaim *a, fix16_t L, af_body_q16 *out)
{
    af_vec3_q16 aL;
    if (!a->accelerates) {
        out->velocity = a->target->velocity;
        return afq_turret_advance(&a->target->position, &a->target->velocity, L, &out->position);
    }
    return afq_accel_at(a->target, L, &out->position) &&
           af_vec3_scale_q16(&a->target->acceleration, L, &aL) == AF_OK &&
           af_vec3_add_q16(&a->target->velocity, &aL, &out->velocity) == AF_OK;
}

/* Shot k of `shots`, solved from the muzzle `from`, solved again from
 * the muzzle its angles give until that muzzle settles: the flight time
 * and the unlimited angles; 0 when it does not settle. */
static int settle(const struct qaim *a, const af_vec3_q16 *pivot, const af_body_q16 *target,
                  af_shots_q16 *shots, const af_vec3_q16 *from, int k, fix16_t *flight,
                  fix16_t *yaw, fix16_t *pitch)
{
    af_vec3_q16 muzzle = *from, next, barrel;
    int pass, count = shots->count;
    for (pass = 0; pass < AFI_MUZZLE_PASSES; pass++) {
        if (!afq_turret_heading_q16(a->t, &a->head, &shots->shot[k].velocity, yaw, pitch))
            return 0;
        if (afq_turret_muzzle_q16(a->t, &a->head, *yaw, *pitch, pivot, &barrel, &next) != AF_OK)
            return 0;
        if (settled(&next, &muzzle)) {
            *flight = shots->shot[k].t;
            return 1;
        }
        muzzle = next;
        if (solve_from(a, &muzzle, target, shots) != AF_OK || shots->count != count)
            return 0;
    }
    return 0;
}

/* The other plane's angles for a settled branch (yaw, pitch) of flight
 * f: yaw + pi and pi - pitch - 2 delta, delta = atan2(mu, mf + speed f),
 * as for the vacuum's two planes (turret_flights_q16.c); 0 when that
 * pitch lies beyond +-pi/2 (away from the zenith and the nadir). */
static int other_plane(const af_turret_q16 *t, fix16_t f, fix16_t yaw, fix16_t pitch,
                       fix16_t *yaw2, fix16_t *pitch2)
{
    int64_t lb = (int64_t)t->muzzle_forward + (((int64_t)t->speed * f) >> 16), mu = t->muzzle_up;
    int64_t p2;
    while (afi_abs64(lb) >> 30 || afi_abs64(mu) >> 30) {
        lb /= 2;
        mu /= 2;
    }
    p2 = AFI_TWO_PI_Q16 / 2 - (int64_t)pitch - 2 * (int64_t)af_atan2_q16((fix16_t)mu, (fix16_t)lb);
    while (p2 > AFI_TWO_PI_Q16 / 2)
        p2 -= AFI_TWO_PI_Q16;
    while (p2 <= -AFI_TWO_PI_Q16 / 2)
        p2 += AFI_TWO_PI_Q16;
    if (p2 > AFI_HALF_PI_Q16 || p2 < -AFI_HALF_PI_Q16)
        return 0;
    *yaw2 = yaw > 0 ? yaw - AFI_TWO_PI_Q16 / 2 : yaw + AFI_TWO_PI_Q16 / 2;
    *pitch2 = (fix16_t)p2;
    return 1;
}

/* Branch k of the sample's slot i settled again from the other plane's
 * muzzle (over the top near the zenith): kept when within the limits
 * with a shorter slew, as the vacuum aims choose. */
static void try_other_plane(struct qaim *a, const af_vec3_q16 *pivot, const af_body_q16 *target,
                            int count, int k, struct qsample *s, int i)
{
    fix16_t yaw, pitch, flight;
    af_vec3_q16 from, barrel;
    af_shots_q16 shots;
    af_turret_command_q16 cmd;
    if (!other_plane(a->t, s->f[i], s->yaw[i], s->pitch[i], &yaw, &pitch) ||
        afq_turret_muzzle_q16(a->t, &a->head, yaw, pitch, pivot, &barrel, &from) != AF_OK ||
        solve_from(a, &from, target, &shots) != AF_OK || shots.count != count ||
        !settle(a, pivot, target, &shots, &from, k, &flight, &yaw, &pitch) || flight <= 0 ||
        afq_turret_limit_q16(a->t, yaw, pitch, &cmd) != AF_OK ||
        (s->st[i] == AF_OK && cmd.slew >= s->cmd[i].slew))
        return;
    s->f[i] = flight;
    s->yaw[i] = yaw;
    s->pitch[i] = pitch;
    s->st[i] = AF_OK;
    s->cmd[i] = cmd;
}

/* The shots at launch time L. Each branch's muzzle iteration starts from
 * the angles it had in `hint` (a sample nearby, or NULL: the head's
 * current angles), which is usually within a pass of settling. */
void afq_turret_sample_q16(struct qaim *a, fix16_t L, struct qsample *s,
                           const struct qsample *hint)
{
    const af_turret_q16 *t = a->t;
    af_vec3_q16 pivot, muzzle0, barrel;
    af_body_q16 target;
    af_shots_q16 first;
    int k;
    int hinted = hint && hint->n > 0;

    a->evals++;
    s->L = L;
    s->n = 0;
    if (a->solver->flights && afq_turret_advance(&t->pivot, &t->velocity, L, &pivot) &&
        target_at(a, L, &target)) {
        int n = a->solver->flights(a->solver->ctx, &a->head, &pivot, &target, s->f, s->yaw,
                                   s->pitch);
        if (n == AFQ_FLIGHTS_BEYOND) {
            a->beyond_q16 = 1;
            return;
        }
        if (n >= 0) {
            for (k = 0; k < n; k++) {
                fix16_t due;
                s->st[k] = afq_turret_limit_q16(t, s->yaw[k], s->pitch[k], &s->cmd[k]);
                due = s->st[k] == AF_OK && s->cmd[k].slew > t->latency ? s->cmd[k].slew
                                                                       : t->latency;
                s->late[k] = s->st[k] != AF_OK || due > L;
            }
            s->n = n;
            return;
        }
    }
    if (!afq_turret_advance(&t->pivot, &t->velocity, L, &pivot) || !target_at(a, L, &target) ||
        afq_turret_muzzle_q16(t, &a->head, hinted ? hint->yaw[0] : t->yaw,
                              hinted ? hint->pitch[0] : t->pitch, &pivot, &barrel,
                              &muzzle0) != AF_OK) {
        a->beyond_q16 = 1;
        return;
    }
    switch (solve_from(a, &muzzle0, &target, &first)) {
    case AF_OK:
        break;
    case AF_ERR_OUT_OF_RANGE:
    case AF_ERR_OVERFLOW:
        a->beyond_q16 = 1;
        return;
    case AF_ERR_ENGINE_LIMIT:
        a->engine_limit = 1;
        return;
    default:
        return;
    }
    for (k = 0; k < first.count && s->n < AF_MAX_SHOTS; k++) {
        af_shots_q16 shots = first;
        af_vec3_q16 from = muzzle0;
        fix16_t flight, yaw, pitch, due;
        int i = s->n;
        if (first.shot[k].t <= 0)
            continue; /* the target at the muzzle now: no flight */
        if (hinted && k > 0 && k < hint->n &&
            afq_turret_muzzle_q16(t, &a->head, hint->yaw[k], hint->pitch[k], &pivot, &barrel,
                                  &from) == AF_OK &&
            (solve_from(a, &from, &target, &shots) != AF_OK || shots.count != first.count)) {
            shots = first;
            from = muzzle0;
        }
        if (!settle(a, &pivot, &target, &shots, &from, k, &flight, &yaw, &pitch) || flight <= 0)
            continue;
        s->f[i] = flight;
        s->yaw[i] = yaw;
        s->pitch[i] = pitch;
        s->st[i] = afq_turret_limit_q16(t, yaw, pitch, &s->cmd[i]);
        try_other_plane(a, &pivot, &target, first.count, k, s, i);
        due = s->st[i] == AF_OK && s->cmd[i].slew > t->latency ? s->cmd[i].slew : t->latency;
        s->late[i] = s->st[i] != AF_OK || due > L;
        s->n++;
    }
}
