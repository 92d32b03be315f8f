/* SPDX-License-Identifier: MIT */
/*
 * Turret aim with quadratic drag in Q16.16 (see aimfix/turret.h): the
 * launch-time search of turret_search_q16.c over the quadratic drag aim
 * at a fixed speed fired from the muzzle, at a target of constant
 * velocity or acceleration.
 *
 * The search asks for a hundred or more aims at launch times close
 * together, and the flights do not depend on the launch time or the
 * launch point. So it runs on guesses: each root of an exact aim
 * (qdrag_speed_q16.c, following the roots of the last exact aim) is kept
 * as its flight linearised about it (qdrag_linear_q16.c), and the aims
 * between are that model's roots, no flight flown; a scene without roots
 * is modelled about its least launch speed, and guessed to have none while
 * that stays clear of the muzzle speed. An exact aim is made again every
 * GUESS_RUN guesses or when a guess strays from its model.
 * Each shot the search returns is then aimed exactly at its launch time
 * (and a launch time that the exact slew moves is followed to where the
 * shot is in time); when the exact aims' root count changed between two
 * of them, or a shot cannot be aimed exactly, the whole search runs again
 * on exact aims alone.
 */
#include "aimfix/qdrag.h"
#include "aimfix/turret.h"

#include <string.h>

#include "../turret_search_q16.h"
#include "qdrag_aim_q16.h"

/* Guesses between two exact aims, at most. */
#define GUESS_RUN 32
/* A guess may move its root's launch velocity by speed / 2^this, its
 * time by T / 2^this, before an exact aim replaces the model. */
#define GUESS_STRAY_SHIFT 5
/* Exact aims of one shot's launch time, as it follows the exact slew. */
#define POLISH_PASSES 8

enum { GUESS, EXACT, GAVE_UP };

struct qdrag_aim {
    const af_turret_q16 *turret;
    const af_qdrag_q16 *drag;
    const af_vec3_q16 *acceleration; /* the target's, at every launch time */
    fix16_t max_time;
    afq_qd_roots known; /* the last exact aim's roots, followed by the next */
    int mode;
    af_qdrag_q16 work; /* the model the exact aims march (afq_qd_prepare) */
    int have_refs, nref, since;
    afq_qd_ref ref[AF_MAX_SHOTS];
    int have_dip; /* no roots: the model about the least launch speed */
    afq_qd_ref dip;
};

/* A scene without roots is guessed to have none while its model's least
 * launch speed stays above the speed by speed / 2^this. */
#define DIP_MARGIN_SHIFT 4

/* The velocity the shot inherits. */
static af_vec3_q16 inherited(const struct qdrag_aim *d, const af_body_q16 *shooter)
{
    af_vec3_q16 none = { 0, 0, 0 };
    return (d->turret->flags & AF_INHERIT_VELOCITY) ? shooter->velocity : none;
}

/* The models' roots at this scene into shots (earliest first): the count,
 * or -1 when a root is not found or meets another; *strayed when one
 * moved too far from its model to be trusted. */
static int guess(const struct qdrag_aim *d, const af_body_q16 *shooter,
                 const af_body_q16 *target, af_shots_q16 *shots, int *strayed)
{
    af_body_accel_q16 body;
    af_vec3_q16 vs = inherited(d, shooter);
    fix16_t stray = d->turret->speed >> GUESS_STRAY_SHIFT;
    int k;
    body.position = target->position;
    body.velocity = target->velocity;
    body.acceleration = *d->acceleration;
    memset(shots, 0, sizeof *shots);
    *strayed = 0;
    for (k = 0; k < d->nref; k++) {
        af_shot_q16 *s = &shots->shot[k];
        const afq_qd_ref *r = &d->ref[k];
        af_vec3_q16 v, dv;
        fix16_t T, len;
        int64_t dT;
        if (!afq_qd_ref_guess(r, &shooter->position, &vs, d->turret->speed, &body, d->max_time,
                              &T, &v) ||
            (k > 0 && T <= shots->shot[k - 1].t) || !afq_accel_at(&body, T, &s->point) ||
            af_vec3_sub_q16(&v, &vs, &s->velocity) != AF_OK)
            return -1;
        dT = (int64_t)T - r->T;
        if (af_vec3_sub_q16(&v, &r->v, &dv) != AF_OK || af_vec3_len_q16(&dv, &len) != AF_OK ||
            len > stray || dT > r->T >> GUESS_STRAY_SHIFT || -dT > r->T >> GUESS_STRAY_SHIFT)
            *strayed = 1;
        s->t = T;
        shots->count++;
    }
    return shots->count;
}

/* Whether the model about the last exact aim's least launch speed keeps
 * that speed above the muzzle speed by the margin, near the same time. */
static int no_roots(const struct qdrag_aim *d, const af_body_q16 *shooter,
                    const af_body_q16 *target)
{
    af_body_accel_q16 body;
    af_vec3_q16 vs = inherited(d, shooter);
    fix16_t T, least;
    int64_t dT;
    body.position = target->position;
    body.velocity = target->velocity;
    body.acceleration = *d->acceleration;
    if (!afq_qd_ref_least(&d->dip, &shooter->position, &vs, &body, d->max_time, &T, &least))
        return 0;
    dT = (int64_t)T - d->dip.T;
    return dT <= d->dip.T >> GUESS_STRAY_SHIFT && -dT <= d->dip.T >> GUESS_STRAY_SHIFT &&
           (int64_t)least > (int64_t)d->turret->speed + (d->turret->speed >> DIP_MARGIN_SHIFT);
}

/* The models of an exact aim's roots: 0 when one cannot be flown. */
static int remodel(struct qdrag_aim *d, const af_body_q16 *shooter, const af_shots_q16 *shots)
{
    af_vec3_q16 vs = inherited(d, shooter), v;
    int k;
    for (k = 0; k < shots->count; k++)
        if (shots->shot[k].t <= 0 || af_vec3_add_q16(&shots->shot[k].velocity, &vs, &v) != AF_OK ||
            afq_qd_ref_make(&d->work, &shooter->position, shots->shot[k].t, &v, &d->ref[k]) !=
                AF_OK)
            return 0;
    d->nref = shots->count;
    return 1;
}

static af_status solve_qdrag(void *ctx, const af_body_q16 *shooter, const af_body_q16 *target,
                             af_shots_q16 *shots)
{
    struct qdrag_aim *d = ctx;
    af_status st;
    int n = -1, before = d->nref, strayed = 1, k;
    if (d->mode == GAVE_UP) {
        memset(shots, 0, sizeof *shots);
        return AF_ERR_NO_SOLUTION;
    }
    if (d->mode == GUESS && d->have_refs && d->nref == 0 && d->have_dip &&
        d->since < GUESS_RUN && no_roots(d, shooter, target)) {
        d->since++;
        memset(shots, 0, sizeof *shots);
        return AF_ERR_NO_SOLUTION;
    }
    if (d->have_refs)
        n = guess(d, shooter, target, shots, &strayed);
    /* No root to model: roots that appear are found by the exact aims. */
    if (d->mode == GUESS && n > 0 && !strayed && d->since < GUESS_RUN) {
        d->since++;
        return AF_OK;
    }
    /* The exact aim follows the guessed roots, nearer than the last
     * exact aim's. */
    if (n > 0 && n == d->known.n) {
        af_vec3_q16 vs = inherited(d, shooter);
        for (k = 0; k < n; k++) {
            d->known.T[k] = shots->shot[k].t;
            if (af_vec3_add_q16(&shots->shot[k].velocity, &vs, &d->known.v[k]) != AF_OK)
                d->known.n = 0;
        }
    }
    st = afq_qd_aim_follow(d->drag, shooter, target, d->acceleration, d->turret->speed,
                           d->max_time, d->turret->flags & AF_INHERIT_VELOCITY, &d->known,
                           shots);
    if (d->mode != GUESS)
        return st;
    n = st == AF_OK ? shots->count : 0;
    /* A root born or lost between two exact aims, or a scene the exact
     * aim refused: the guesses in between may be wrong. */
    if ((st != AF_OK && st != AF_ERR_NO_SOLUTION) || (d->have_refs && n != before) ||
        !remodel(d, shooter, shots)) {
        d->mode = GAVE_UP;
        return st;
    }
    d->nref = n;
    d->have_refs = 1;
    d->since = 0;
    d->have_dip = n == 0 && d->known.have_low &&
                  afq_qd_ref_make(&d->work, &shooter->position, d->known.t_low, &d->known.v_low,
                                  &d->dip) == AF_OK;
    return st;
}

/* The shot of the search, aimed exactly: the exact aims' shot at its
 * launch time whose flight is nearest, and, when the launch waited for
 * the slew or the exact shot is late, the launch time moved to the exact
 * due time until it stays. 0 when no exact shot is found. */
static int polish(struct qdrag_aim *d, struct qaim *a, af_turret_shot_q16 *shot)
{
    const af_turret_q16 *t = d->turret;
    af_turret_command_q16 cmd;
    struct qsample s, hint;
    fix16_t L = shot->launch, f = shot->flight;
    int pass, edge;
    if (afq_turret_limit_q16(t, shot->yaw, shot->pitch, &cmd) != AF_OK)
        return 0;
    /* In time by a hair: the launch is where the slew ends. */
    edge = cmd.slew > t->latency && (int64_t)cmd.slew + 2 >= L;
    hint.n = 1;
    hint.yaw[0] = shot->yaw;
    hint.pitch[0] = shot->pitch;
    for (pass = 0; pass < POLISH_PASSES; pass++) {
        fix16_t due, next, best_gap = fix16_maximum;
        int i, best = -1;
        afq_turret_sample_q16(a, L, &s, &hint);
        for (i = 0; i < s.n; i++) {
            int64_t gap = (int64_t)s.f[i] - f;
            gap = gap < 0 ? -gap : gap;
            if (s.st[i] == AF_OK && gap < best_gap) {
                best_gap = (fix16_t)gap;
                best = i;
            }
        }
        if (best < 0)
            return 0;
        due = s.cmd[best].slew > t->latency ? s.cmd[best].slew : t->latency;
        next = edge || due > L ? due : L;
        f = s.f[best];
        hint.yaw[0] = s.yaw[best];
        hint.pitch[0] = s.pitch[best];
        if (next == L || (next < L && L - next <= 1 && !s.late[best])) {
            af_vec3_q16 pivot, barrel;
            fix16_t total;
            if (s.late[best] || af_add_q16(L, f, &total) != AF_OK ||
                !afq_turret_advance(&t->pivot, &t->velocity, L, &pivot) ||
                afq_turret_muzzle_q16(t, &a->head, s.cmd[best].yaw, s.cmd[best].pitch, &pivot,
                                      &barrel, &shot->muzzle) != AF_OK ||
                af_vec3_scale_q16(&barrel, t->speed, &shot->velocity) != AF_OK ||
                ((t->flags & AF_INHERIT_VELOCITY) &&
                 af_vec3_add_q16(&shot->velocity, &t->velocity, &shot->velocity) != AF_OK) ||
                !afq_accel_at(a->target, total, &shot->point))
                return 0;
            shot->yaw = s.cmd[best].yaw;
            shot->pitch = s.cmd[best].pitch;
            shot->launch = L;
            shot->flight = f;
            return 1;
        }
        L = next;
    }
    return 0;
}

/* Every shot of the guessed search aimed exactly, earliest impact
 * first: 0 when one cannot be. */
static int polish_all(struct qdrag_aim *d, const af_body_accel_q16 *target,
                      const afq_turret_solver_q16 *solver, af_turret_shots_q16 *out)
{
    struct qaim a;
    int i, j, k;
    memset(&a, 0, sizeof a);
    if (!afq_turret_frame_q16(d->turret, &a.head))
        return 0;
    a.t = d->turret;
    a.target = target;
    a.solver = solver;
    a.accelerates = target->acceleration.x != 0 || target->acceleration.y != 0 ||
                    target->acceleration.z != 0;
    d->mode = EXACT;
    for (i = 0; i < out->count; i++)
        if (!polish(d, &a, &out->shot[i]))
            return 0;
    for (i = 1; i < out->count; i++)
        for (j = i; j > 0 && (int64_t)out->shot[j].launch + out->shot[j].flight <
                                 (int64_t)out->shot[j - 1].launch + out->shot[j - 1].flight;
             j--) {
            af_turret_shot_q16 c = out->shot[j];
            out->shot[j] = out->shot[j - 1];
            out->shot[j - 1] = c;
        }
    /* Two shots of the search aimed exactly onto one shot (two leasts of
     * a flat impact's rounding, both ends of the exact slew, copies of a
     * fold): the earlier impact stays. */
    for (i = 0, k = 0; i < out->count; i++) {
        af_turret_command_q16 ci, cj;
        ci.yaw = out->shot[i].yaw;
        ci.pitch = out->shot[i].pitch;
        for (j = 0; j < k; j++) {
            cj.yaw = out->shot[j].yaw;
            cj.pitch = out->shot[j].pitch;
            if (afq_turret_same_shot_q16(d->turret, out->shot[j].launch, out->shot[j].flight,
                                         &cj, out->shot[i].launch, out->shot[i].flight, &ci))
                break;
        }
        if (j == k)
            out->shot[k++] = out->shot[i];
    }
    for (i = k; i < out->count; i++)
        memset(&out->shot[i], 0, sizeof out->shot[i]);
    out->count = k;
    return 1;
}

/* The fastest a launch moves through the air: the muzzle speed, the
 * wind's and the inherited platform's (the continuous kind's step is
 * chosen from it, as the exact aims choose it). */
static int64_t speed_bound(const af_turret_q16 *turret, const af_qdrag_q16 *drag)
{
    fix16_t w, vs = 0;
    if (af_vec3_len_q16(&drag->wind, &w) != AF_OK ||
        ((turret->flags & AF_INHERIT_VELOCITY) && af_vec3_len_q16(&turret->velocity, &vs) != AF_OK))
        return INT32_MAX;
    return (int64_t)turret->speed + w + vs;
}

/* Both entries: the target as position, velocity and acceleration. */
static af_status aim(const af_turret_q16 *turret, const af_qdrag_q16 *drag,
                     const af_body_accel_q16 *target, fix16_t max_time,
                     af_turret_shots_q16 *out)
{
    struct qdrag_aim d;
    afq_turret_solver_q16 solver;
    af_body_q16 still;
    af_status status;

    if (!turret || !drag || !target || max_time <= 0)
        return AF_ERR_BAD_ARGUMENT;
    /* The model is checked once here, by the flight the aim itself would
     * refuse it in, so that a bad one is not taken for launch times
     * without shots. */
    memset(&still, 0, sizeof still);
    if (af_qdrag_predict_q16(drag, &still, 0, &still) == AF_ERR_BAD_ARGUMENT)
        return AF_ERR_BAD_ARGUMENT;
    memset(&d, 0, sizeof d);
    d.turret = turret;
    d.drag = drag;
    d.max_time = max_time;
    d.acceleration = &target->acceleration;
    d.mode = afq_qd_prepare(drag, speed_bound(turret, drag), &d.work) ? GUESS : EXACT;
    solver.solve = solve_qdrag;
    solver.flights = NULL;
    solver.keep = NULL;
    solver.ctx = &d;
    status = afq_turret_search_q16(turret, target, &solver, out);
    if (d.mode == EXACT)
        return status; /* a model the guesses cannot be made for */
    if (d.mode == GUESS) {
        if (status == AF_OK && polish_all(&d, target, &solver, out))
            return status;
        if (status == AF_ERR_NO_SOLUTION || status == AF_ERR_BEYOND_PITCH ||
            status == AF_ERR_BEYOND_YAW)
            return status;
    }
    /* The guesses could not be trusted: the search on exact aims. */
    memset(&d.known, 0, sizeof d.known);
    d.have_refs = 0;
    d.mode = EXACT;
    return afq_turret_search_q16(turret, target, &solver, out);
}

af_status af_turret_aim_qdrag_accel_q16(const af_turret_q16 *turret, const af_qdrag_q16 *drag,
                                        const af_body_accel_q16 *target, fix16_t max_time,
                                        af_turret_shots_q16 *out)
{
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    return aim(turret, drag, target, max_time, out);
}

af_status af_turret_aim_qdrag_q16(const af_turret_q16 *turret, const af_qdrag_q16 *drag,
                                  const af_body_q16 *target, fix16_t max_time,
                                  af_turret_shots_q16 *out)
{
    af_body_accel_q16 body;
    af_status status = afq_turret_steady_q16(target, &body, out);
    if (status != AF_OK)
        return status;
    return aim(turret, drag, &body, max_time, out);
}
