/* SPDX-License-Identifier: MIT */
/*
 * The launch-time search of the Q16.16 turret aims (see aimfix/turret.h):
 * integers only.
 *
 * The search is af_turret_aim_f64's: launch times from the latency to the
 * longest slew, AF_TURRET_SCAN_CELLS_Q16 cells, folds halved, and each cell
 * where a branch becomes in time bisected to one LSB of time. At one
 * launch time the shots come from turret_sample_q16.c.
 */
#include <string.h>

#include "turret_search_q16.h"

#define FOLD_DEPTH 16
/* Cells past the longest slew, each twice the last, while a branch still
 * hits earlier the later it leaves: enough to cross Q16.16's range. */
#define DESCENT_CELLS 32
/* Cells of a wait past the longest slew, each a quarter longer than the
 * last: from one LSB past 2^15 s. */
#define WAIT_CELLS 96

/* Branch i is late at a and in time at b: bisected to one LSB, its
 * first in-time launch joins the list and is returned; a sample with
 * another branch count ends the bisection. */
static struct qsample add_in_time_edge(struct qaim *a, struct qsample sa, struct qsample sb, int i,
                                       struct qcandidate *list, int *count)
{
    while (sb.L - sa.L > 1 && a->evals < AFQ_TURRET_EVAL_BUDGET) {
        struct qsample sm;
        afq_turret_sample_q16(a, (fix16_t)(sa.L + (sb.L - sa.L) / 2), &sm, &sa);
        if (sm.n != sa.n)
            break;
        if (!afq_turret_in_time(&sm, i))
            sa = sm;
        else
            sb = sm;
    }
    afq_turret_add(list, count, &sb, i);
    return sb;
}

/* The in-time transitions between two neighbouring samples, and the
 * least impact times along the branches in time. */
static void scan_pair(struct qaim *a, const struct qsample *sa, const struct qsample *sb,
                      struct qcandidate *list, int *count)
{
    int i;
    for (i = 0; i < sb->n; i++) {
        if (!afq_turret_in_time(sb, i) || afq_turret_in_time(sa, i))
            continue;
        if (sa->n == sb->n) {
            int had = *count;
            struct qsample first = add_in_time_edge(a, *sa, *sb, i, list, count);
            if (*count > had) {
                a->first_at[i] = sb->L;
                a->first_impact[i] = afq_turret_impact(&first, i);
                afq_turret_fall_after_q16(a, &first, sb, i, list, count);
            }
        } else
            afq_turret_add(list, count, sb, i);
    }
    for (i = 0; i < sa->n; i++) {
        struct qsample end, p;
        int fall = afq_turret_falls_q16(a, sa, i);
        if (!afq_turret_in_time(sa, i))
            continue;
        /* The first launch time has no sample before it to show a
         * descent: the slope there does. */
        if (!a->have_before)
            afq_turret_fall_after_q16(a, sa, sb, i, list, count);
        if (sb->n != sa->n || !afq_turret_in_time(sb, i)) {
            /* The branch ends inside the cell, its impact perhaps turning
             * on the way: the end when the impact falls into it, else the
             * least inside, bracketed by sa or by a probe next to the end. */
            end = afq_turret_edge_of_q16(a, *sb, *sa, i);
            if (afq_turret_impact(&end, i) < afq_turret_impact(sa, i)) {
                if (afq_turret_turns_before_q16(a, &end, sa, i, &p))
                    afq_turret_earliest_between_q16(a, *sa, p, end, i, list, count);
                else
                    afq_turret_add(list, count, &end, i);
            } else if (fall)
                afq_turret_earliest_between_q16(a, a->before, *sa, end, i, list, count);
        } else if (fall && afq_turret_impact(sb, i) >= afq_turret_impact(sa, i))
            afq_turret_earliest_between_q16(a, a->before, *sa, *sb, i, list, count);
    }
    a->before = *sa;
    a->have_before = 1;
}

/* The earliest impact time (launch + flight) of the candidates. */
static int64_t least_impact(const struct qcandidate *list, int count)
{
    int64_t least = (int64_t)list[0].L + list[0].f;
    int i;
    for (i = 1; i < count; i++)
        if ((int64_t)list[i].L + list[i].f < least)
            least = (int64_t)list[i].L + list[i].f;
    return least;
}

/* One cell, left to right, halved where its ends hold different root
 * counts, as in af_turret_aim_f64: a stack of launch times, not samples. */
static void scan_cell(struct qaim *a, const struct qsample *sa, const struct qsample *sb,
                      struct qcandidate *list, int *count)
{
    fix16_t ends[FOLD_DEPTH + 1];
    int depth[FOLD_DEPTH + 1], top = 0;
    struct qsample left = *sa, right;
    ends[0] = sb->L;
    depth[0] = 0;
    while (top >= 0) {
        if (top == 0)
            right = *sb;
        else
            afq_turret_sample_q16(a, ends[top], &right, &left);
        if (left.n != right.n && depth[top] < FOLD_DEPTH && right.L - left.L > 1 &&
            a->evals < AFQ_TURRET_EVAL_BUDGET) {
            ends[top + 1] = (fix16_t)(left.L + (right.L - left.L) / 2);
            depth[top + 1] = depth[top] + 1;
            top++;
            continue;
        }
        if (left.n != right.n)
            afq_turret_note_fold_q16(a, sa, sb, &left, &right);
        scan_pair(a, &left, &right, list, count);
        left = right;
        top--;
    }
}

/* The next cell past *prev, *width long, scanned; the width doubled, or
 * made a quarter longer when `slow`. 0 when its end passes the last launch
 * time Q16.16 holds. */
static int next_cell(struct qaim *a, struct qsample *prev, int64_t *width, int slow,
                     struct qcandidate *list, int *count)
{
    struct qsample next;
    if ((int64_t)prev->L + *width > fix16_maximum)
        return 0;
    afq_turret_sample_q16(a, (fix16_t)(prev->L + *width), &next, prev);
    scan_cell(a, prev, &next, list, count);
    *prev = next;
    *width += slow ? *width / 4 + 1 : *width;
    return 1;
}

/* Whether the scene changes with the launch time: the target moves
 * relative to the platform (the pivot), or accelerates. */
static int scene_moves(const af_turret_q16 *turret, const af_body_accel_q16 *target)
{
    return target->velocity.x != turret->velocity.x || target->velocity.y != turret->velocity.y ||
           target->velocity.z != turret->velocity.z || target->acceleration.x != 0 ||
           target->acceleration.y != 0 || target->acceleration.z != 0;
}

af_status afq_turret_search_q16(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                                const afq_turret_solver_q16 *solver, af_turret_shots_q16 *out)
{
    struct qaim a;
    struct qcandidate list[AFQ_TURRET_MAX_CANDIDATES];
    struct qsample prev, next;
    af_status reason = AF_ERR_NO_SOLUTION;
    int count = 0, i, j, k, reason_set = 0, capped = 0;
    fix16_t L0, L1;

    memset(out, 0, sizeof *out);
    if (!afq_turret_frame_q16(turret, &a.head))
        return AF_ERR_BAD_ARGUMENT;
    a.t = turret;
    a.target = target;
    a.solver = solver;
    a.evals = 0;
    a.accelerates = target->acceleration.x != 0 || target->acceleration.y != 0 ||
                    target->acceleration.z != 0;
    a.beyond_q16 = 0;
    a.engine_limit = 0;
    a.have_before = 0;
    a.folds = 0;
    for (i = 0; i < AF_MAX_SHOTS; i++) {
        a.first_at[i] = 0;
        a.first_impact[i] = INT64_MIN;
    }
    {
        af_vec3_q16 d;
        if (af_vec3_sub_q16(&target->position, &turret->pivot, &d) != AF_OK)
            return AF_ERR_OUT_OF_RANGE;
    }
    L0 = turret->latency;
    L1 = afq_turret_max_slew_q16(turret);
    if (L1 < L0)
        L1 = L0;

    afq_turret_sample_q16(&a, L0, &prev, NULL);
    for (i = 0; i < prev.n; i++)
        if (afq_turret_in_time(&prev, i))
            afq_turret_add(list, &count, &prev, i);
    for (k = 1; L1 > L0 && k <= AF_TURRET_SCAN_CELLS_Q16; k++) {
        if (!reason_set && prev.n > 0) {
            reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
            reason_set = 1;
        }
        afq_turret_sample_q16(&a, (fix16_t)(L0 + ((int64_t)L1 - L0) * k / AF_TURRET_SCAN_CELLS_Q16),
                              &next, &prev);
        scan_cell(&a, &prev, &next, list, &count);
        prev = next;
    }
    /* Past the longest slew every branch is in time; while one of them
     * still hits earlier the later it leaves, go on in cells that double
     * (DESCENT_CELLS at most), until no launch can beat a candidate. While
     * none is found in a scene that changes with the launch time, wait
     * in cells that grow by a quarter (a stretch of reach a fifth of its
     * launch time long is not stepped over), to the last launch time
     * Q16.16 holds, for a target that comes within reach or into the
     * limits later, then follow its descent; the scene leaving Q16.16
     * there says nothing of the shots before the longest slew. */
    {
        int64_t width = ((int64_t)L1 - L0) / AF_TURRET_SCAN_CELLS_Q16;
        int waited = 0, beyond = a.beyond_q16;
        if (width < 1)
            width = 1;
        for (k = 0;
             k < DESCENT_CELLS && a.evals < AFQ_TURRET_EVAL_BUDGET &&
             ((k == 0 && L1 <= L0) || afq_turret_still_descending_q16(&a, &prev, list, count));
             k++)
            if (!next_cell(&a, &prev, &width, 0, list, &count))
                break;
        /* The status says why the target cannot be hit by then, whatever
         * a wait sees later. */
        if (!reason_set && prev.n > 0) {
            reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
            reason_set = 1;
        }
        for (k = 0; k < WAIT_CELLS && count == 0 && a.evals < AFQ_TURRET_EVAL_BUDGET &&
                    scene_moves(turret, target);
             k++, waited = 1)
            if (!next_cell(&a, &prev, &width, 1, list, &count))
                break;
        for (k = 0; waited && k < DESCENT_CELLS && a.evals < AFQ_TURRET_EVAL_BUDGET &&
                    afq_turret_still_descending_q16(&a, &prev, list, count);
             k++)
            if (!next_cell(&a, &prev, &width, 0, list, &count))
                break;
        if (waited && count == 0)
            a.beyond_q16 = beyond;
    }
    /* A target can come within reach after the longest slew (a short lob
     * once a long one is found), on a branch born then that hits before
     * every candidate: the launch times up to the earliest candidate
     * impact are scanned in AF_TURRET_SCAN_CELLS_Q16 cells. */
    if (count > 0 && scene_moves(turret, target)) {
        int64_t start = prev.L, end = least_impact(list, count);
        if (end > fix16_maximum)
            end = fix16_maximum;
        for (k = 1; k <= AF_TURRET_SCAN_CELLS_Q16 && a.evals < AFQ_TURRET_EVAL_BUDGET; k++) {
            int64_t L = start + (end - start) * k / AF_TURRET_SCAN_CELLS_Q16;
            if (L <= prev.L || L >= least_impact(list, count))
                break;
            afq_turret_sample_q16(&a, (fix16_t)L, &next, &prev);
            scan_cell(&a, &prev, &next, list, &count);
            prev = next;
        }
    }
    if (count == 0) {
        /* Launch times left unsearched beyond Q16.16 may hold the shot
         * the head was late for; a limit's status stands. */
        if (a.beyond_q16 && (!reason_set || reason == AF_ERR_NO_SOLUTION))
            return AF_ERR_OUT_OF_RANGE;
        return !reason_set && a.engine_limit ? AF_ERR_ENGINE_LIMIT : reason;
    }

    /* Earliest impact first. */
    for (i = 1; i < count; i++)
        for (j = i; j > 0 && (int64_t)list[j].L + list[j].f <
                                 (int64_t)list[j - 1].L + list[j - 1].f;
             j--) {
            struct qcandidate c = list[j];
            list[j] = list[j - 1];
            list[j - 1] = c;
        }
    /* One shot found twice (an edge and a dip of the rounding next to it,
     * the branches' ends at a fold): the earlier impact stays. */
    {
        /* A chain of copies (each the same shot as the one before, the
         * first and last further apart) is one shot too. */
        int same[AFQ_TURRET_MAX_CANDIDATES];
        for (i = 0; i < count; i++) {
            same[i] = 0;
            for (j = 0; j < i && !same[i]; j++)
                same[i] = afq_turret_same_shot_q16(turret, list[j].L, list[j].f, &list[j].cmd,
                                                   list[i].L, list[i].f, &list[i].cmd) ||
                          afq_turret_fold_shots_q16(&a, &list[j], &list[i]);
        }
        for (i = 0, k = 0; i < count; i++)
            if (!same[i])
                list[k++] = list[i];
        count = k;
    }
    for (i = 0; i < count && out->count < AF_MAX_SHOTS; i++) {
        const struct qcandidate *c = &list[i];
        af_turret_shot_q16 *s = &out->shot[out->count];
        af_vec3_q16 pivot, barrel;
        fix16_t total;
        if (af_add_q16(c->L, c->f, &total) != AF_OK ||
            !afq_turret_advance(&turret->pivot, &turret->velocity, c->L, &pivot) ||
            afq_turret_muzzle_q16(turret, &a.head, c->cmd.yaw, c->cmd.pitch, &pivot, &barrel,
                                  &s->muzzle) != AF_OK ||
            af_vec3_scale_q16(&barrel, turret->speed, &s->velocity) != AF_OK ||
            ((turret->flags & AF_INHERIT_VELOCITY) &&
             af_vec3_add_q16(&s->velocity, &turret->velocity, &s->velocity) != AF_OK) ||
            !(a.accelerates
                  ? afq_accel_at(target, total, &s->point)
                  : afq_turret_advance(&target->position, &target->velocity, total, &s->point))) {
            memset(s, 0, sizeof *s);
            continue; /* a result beyond Q16.16: left out */
        }
        s->yaw = c->cmd.yaw;
        s->pitch = c->cmd.pitch;
        s->launch = c->L;
        s->flight = c->f;
        if (solver->keep && !solver->keep(solver->ctx, s)) {
            memset(s, 0, sizeof *s);
            capped = 1;
            continue; /* beyond the engine's cap */
        }
        out->count++;
    }
    if (out->count == 0)
        return capped ? AF_ERR_ENGINE_LIMIT : AF_ERR_OVERFLOW;
    return AF_OK;
}
