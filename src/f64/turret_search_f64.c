/* SPDX-License-Identifier: MIT */
/*
 * The launch-time search of the f64 turret aims (see aimfix/turret.h).
 *
 * At each launch time L the caller's flight function gives the branches
 * of flights f_i(L) > 0 that reach the target from the muzzle, each with
 * the vector R the muzzle's path must pass through and the barrel length
 * it must have; on branch i the head is in time when
 * e_i(L) = max(latency, slew(angles)) - L <= 0. No slew within the limits
 * exceeds afr_turret_max_slew_f64, so every branch is in time from
 * L = max(latency, that) on and the scan stops there, unless a branch
 * still hits earlier the later it leaves (turret_descent_f64.c follows
 * it). The interval is cut into AF_TURRET_SCAN_CELLS cells; a cell whose
 * ends hold different branch counts (a fold, where two branches meet, or
 * a flight born at the muzzle) is halved until the counts agree; each
 * cell where branch i becomes in time is bisected to the first launch
 * time at which it is. The shots at one launch time are
 * turret_sample_f64.c's.
 */
#include <float.h>

#include "turret_search_f64.h"

/* Halvings of a cell that holds a fold: 2^-24 of a cell. */
#define FOLD_DEPTH 24
/* Cells past the longest slew, each twice the last, while a branch still
 * hits earlier the later it leaves: 2^80 cells' widths. */
#define DESCENT_CELLS 80
/* Cells past the longest slew, each a quarter longer than the last (a
 * stretch of reach a fifth of its launch time long is not stepped over),
 * while nothing is found in a scene that changes with the launch time:
 * 1.25^160 = 3e15 cells' widths. */
#define WAIT_CELLS 160
#define WAIT_GROWTH 1.25

/* Branch i is late at a and in time at b (same branch count at both): the
 * first launch time in between at which it is in time, to a double (its
 * sample into *first). */
static void first_in_time(struct search *a, struct sample sa, struct sample sb, int i,
                          struct sample *first, struct candidate *list, int *count)
{
    int step;
    for (step = 0; step < AFR_TURRET_BISECT_STEPS && a->evals < AFR_TURRET_EVAL_BUDGET; step++) {
        struct sample sm;
        double mid = sa.L + 0.5 * (sb.L - sa.L);
        if (!(mid > sa.L && mid < sb.L))
            break;
        afr_turret_evaluate_f64(a, mid, &sm);
        if (sm.n != sa.n)
            break; /* a fold inside: keep the in-time end */
        if (afr_turret_in_time(&sm, i))
            sb = sm;
        else
            sa = sm;
    }
    afr_turret_add(list, count, &sb, i);
    *first = sb;
}

/* How far apart two flight times are, relative to their size. */
static double flight_gap(double f, double g)
{
    return fabs(f - g) / (f + g);
}

/* Which branch of sa each branch of sb continues, -1 for one born in
 * between. Branches are listed by flight time, so across a change of
 * count the same index can name another branch (a flight born at the
 * muzzle comes first); flights are continuous in the launch time, so the
 * branches that go on are the order-keeping pairing whose flights differ
 * least. */
static void match_branches(const struct sample *sa, const struct sample *sb, int *from)
{
    const struct sample *big = sa->n > sb->n ? sa : sb, *small = big == sa ? sb : sa;
    unsigned mask, best_mask = 0;
    double best = HUGE_VAL;
    int i, k;
    for (i = 0; i < sb->n; i++)
        from[i] = sa->n == sb->n ? i : -1;
    if (sa->n == sb->n)
        return;
    for (mask = 0; mask < 1u << big->n; mask++) {
        double cost = 0.0;
        for (i = 0, k = 0; i < big->n; i++)
            if (mask & 1u << i) {
                if (k < small->n)
                    cost += flight_gap(big->f[i], small->f[k]);
                k++;
            }
        if (k == small->n && cost < best) {
            best = cost;
            best_mask = mask;
        }
    }
    for (i = 0, k = 0; i < big->n; i++)
        if (best_mask & 1u << i) {
            if (big == sb)
                from[i] = k;
            else
                from[k] = i;
            k++;
        }
}

/* The in-time transitions between two neighbouring samples, and the
 * least impact times along the branches in time (where a later launch
 * stops hitting earlier). */
static void scan_pair(struct search *a, const struct sample *sa, const struct sample *sb,
                      struct candidate *list, int *count)
{
    int i, from[AF_MAX_SHOTS];
    /* The first launch time has no sample before it to show a descent:
     * the slope there does. */
    if (!a->have_before)
        for (i = 0; i < sa->n; i++)
            if (afr_turret_in_time(sa, i))
                afr_turret_fall_after_f64(a, sa, sb, i, list, count);
    match_branches(sa, sb, from);
    for (i = 0; i < sb->n; i++) {
        if (!afr_turret_in_time(sb, i) || (from[i] >= 0 && afr_turret_in_time(sa, from[i])))
            continue;
        if (sa->n == sb->n) {
            struct sample first;
            int had = *count;
            first_in_time(a, *sa, *sb, i, &first, list, count);
            if (*count > had) {
                a->first_at[i] = sb->L;
                a->first_impact[i] = list[*count - 1].L + list[*count - 1].f;
                afr_turret_fall_after_f64(a, &first, sb, i, list, count);
            }
        } else
            afr_turret_add(list, count, sb, i); /* born, or in time, at a fold */
    }
    afr_turret_descend_f64(a, sa, sb, list, count);
    a->before = *sa;
    a->have_before = 1;
}

/* The earliest impact time among the candidates (count > 0). */
static double least_impact(const struct candidate *list, int count)
{
    double best = list[0].L + list[0].f;
    int i;
    for (i = 1; i < count; i++)
        best = fmin(best, list[i].L + list[i].f);
    return best;
}

/* One cell, left to right. Where its ends hold different branch counts it
 * is halved until they agree (FOLD_DEPTH times at most); the halves' right
 * ends wait on a stack of launch times, not of samples, and are evaluated
 * again when their turn comes, so that the stack stays small. */
static void scan_cell(struct search *a, const struct sample *sa, const struct sample *sb,
                      struct candidate *list, int *count)
{
    double ends[FOLD_DEPTH + 1];
    int depth[FOLD_DEPTH + 1], top = 0;
    struct sample left = *sa, right;
    ends[0] = sb->L;
    depth[0] = 0;
    while (top >= 0) {
        if (top == 0)
            right = *sb;
        else
            afr_turret_evaluate_f64(a, ends[top], &right);
        if (left.n != right.n && depth[top] < FOLD_DEPTH && a->evals < AFR_TURRET_EVAL_BUDGET) {
            double mid = left.L + 0.5 * (right.L - left.L);
            if (mid > left.L && mid < right.L) {
                ends[top + 1] = mid;
                depth[top + 1] = depth[top] + 1;
                top++;
                continue;
            }
        }
        scan_pair(a, &left, &right, list, count);
        left = right;
        top--;
    }
}

/* A command angle's and a flight's rounding, relative: the loosest aims'
 * (the quadratic drag aim's miss of 1e-10 of the reach) below 2^-32. */
#define SAME_SHOT_TOL 0x1p-32
/* A fold's spread, relative: where two branches meet, their roots (a
 * double root, fixed only to the square root of the aim's tolerance) and
 * the muzzle's settling come and go, so each branch ends early, at its
 * own launch; its copies were measured within 0.7 % of the flight in
 * flight, 5e-3 rad in angle and 2e-4 s in launch. */
#define FOLD_TOL 0x1p-7

/* Two candidates are the same shot within the roundings when they point
 * the barrel the same way and meet the target at the same time: a pose
 * and an impact time fix the trajectory and the point met, hence the
 * flight and the launch. Each angle and flight is within SAME_SHOT_TOL
 * (relative) of the exact one, each launch (an in-time edge moves with
 * the slew) within the time the slower axis turns through that angle: the
 * two within twice those, and a few ulps of the impact. Or they are
 * copies of one fold shot: angles within FOLD_TOL rad, flights within
 * FOLD_TOL of theirs, launches within FOLD_TOL / 8 of the impact. */
static int same_shot(const af_turret_f64 *t, const struct candidate *a,
                     const struct candidate *b)
{
    double dy = fabs(a->ang.yaw - b->ang.yaw), dp = fabs(a->ang.pitch - b->ang.pitch);
    double ia = a->L + a->f, ib = b->L + b->f;
    if (dy > 3.14159265358979323846)
        dy = 6.28318530717958647692 - dy; /* a yaw that wraps, either side of pi */
    if (dy <= 2.0 * SAME_SHOT_TOL && dp <= 2.0 * SAME_SHOT_TOL &&
        fabs(ia - ib) <= SAME_SHOT_TOL * (fabs(a->f) + fabs(b->f) +
                                          2.0 / fmin(t->yaw_rate, t->pitch_rate)) +
                             4.0 * DBL_EPSILON * fmax(fabs(ia), fabs(ib)))
        return 1;
    return dy <= FOLD_TOL && dp <= FOLD_TOL &&
           fabs(a->f - b->f) <= FOLD_TOL * fmax(fabs(a->f), fabs(b->f)) &&
           fabs(a->L - b->L) <= 0.125 * FOLD_TOL * fmax(fabs(ia), fabs(ib));
}

static void sort_by_impact(struct candidate *list, int count)
{
    int i, j;
    for (i = 1; i < count; i++)
        for (j = i; j > 0 && list[j].L + list[j].f < list[j - 1].L + list[j - 1].f; j--) {
            struct candidate c = list[j];
            list[j] = list[j - 1];
            list[j - 1] = c;
        }
}

af_vec3_f64 afr_turret_target_at_f64(const af_body_accel_f64 *target, double t)
{
    af_vec3_f64 p = afr_vaddk(target->position, target->velocity, t);
    return afr_viszero(target->acceleration)
               ? p
               : afr_vaddk(p, afr_vscale(target->acceleration, 0.5 * t), t);
}

/* The next cell past *prev, *width long, scanned; the width times
 * `grow`. 0 when its end is no later launch time. */
static int next_cell(struct search *a, struct sample *prev, double *width, double grow,
                     struct candidate *list, int *count)
{
    struct sample next;
    double L = prev->L + *width;
    if (!isfinite(L) || !(L > prev->L))
        return 0;
    afr_turret_evaluate_f64(a, L, &next);
    scan_cell(a, prev, &next, list, count);
    *prev = next;
    *width *= grow;
    return 1;
}

/* Whether the scene changes with the launch time: the target moves
 * relative to the platform (the pivot), or accelerates. */
static int scene_moves(const af_turret_f64 *turret, const af_body_accel_f64 *target)
{
    return target->velocity.x != turret->velocity.x || target->velocity.y != turret->velocity.y ||
           target->velocity.z != turret->velocity.z || !afr_viszero(target->acceleration);
}

af_status afr_turret_search_f64(const af_turret_f64 *turret, const af_body_accel_f64 *target,
                                const afr_turret_flights_f64 *fn, af_turret_shots_f64 *out)
{
    struct search a;
    struct candidate list[AFR_TURRET_MAX_CANDIDATES];
    struct sample prev, next;
    af_status reason = AF_ERR_NO_SOLUTION;
    int count = 0, i, k, reason_set = 0;
    double L0, L1;

    memset(out, 0, sizeof *out);
    if (!afr_turret_frame_f64(turret, &a.head))
        return AF_ERR_BAD_ARGUMENT;
    a.turret = turret;
    a.fn = fn;
    a.evals = 0;
    a.have_before = 0;
    for (i = 0; i < AF_MAX_SHOTS; i++)
        a.first_at[i] = -1.0;

    L0 = turret->latency;
    L1 = fmax(L0, afr_turret_max_slew_f64(turret));
    afr_turret_evaluate_f64(&a, L0, &prev);
    for (i = 0; i < prev.n; i++)
        if (afr_turret_in_time(&prev, i))
            afr_turret_add(list, &count, &prev, i);
    for (k = 1; L1 > L0 && k <= AF_TURRET_SCAN_CELLS; k++) {
        if (!reason_set && prev.n > 0) {
            reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
            reason_set = 1;
        }
        afr_turret_evaluate_f64(
            &a, k == AF_TURRET_SCAN_CELLS ? L1 : L0 + (L1 - L0) * k / AF_TURRET_SCAN_CELLS, &next);
        scan_cell(&a, &prev, &next, list, &count);
        prev = next;
    }
    /* Past the longest slew every branch is in time; while one of them
     * still hits earlier the later it leaves, go on in cells that double
     * (at most DESCENT_CELLS), until no launch can beat a candidate. While
     * none is found in a scene that changes with the launch time, wait
     * in cells that grow more slowly (at most WAIT_CELLS) for a target
     * that comes within reach or into the limits later, then follow its
     * descent. */
    {
        double width = L1 > L0 ? (L1 - L0) / AF_TURRET_SCAN_CELLS : ldexp(1.0 + L0, -20);
        int waited = 0;
        for (k = 0; k < DESCENT_CELLS && a.evals < AFR_TURRET_EVAL_BUDGET &&
                    ((k == 0 && !(L1 > L0)) ||
                     afr_turret_still_descending_f64(&a, &prev, list, count));
             k++)
            if (!next_cell(&a, &prev, &width, 2.0, list, &count))
                break;
        /* The status says why the target cannot be hit by then, whatever
         * a wait sees later. */
        if (!reason_set && prev.n > 0) {
            reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
            reason_set = 1;
        }
        for (k = 0; k < WAIT_CELLS && count == 0 && a.evals < AFR_TURRET_EVAL_BUDGET &&
                    scene_moves(turret, target);
             k++, waited = 1)
            if (!next_cell(&a, &prev, &width, WAIT_GROWTH, list, &count))
                break;
        for (k = 0; waited && k < DESCENT_CELLS && a.evals < AFR_TURRET_EVAL_BUDGET &&
                    afr_turret_still_descending_f64(&a, &prev, list, count);
             k++)
            if (!next_cell(&a, &prev, &width, 2.0, list, &count))
                break;
    }
    /* A target can come within reach after the longest slew (a short lob
     * once a long one is found), on a branch born then that hits before
     * every candidate: the launch times up to the earliest candidate
     * impact are scanned in AF_TURRET_SCAN_CELLS cells. */
    if (count > 0 && scene_moves(turret, target)) {
        double end = least_impact(list, count), start = prev.L;
        for (k = 1; k <= AF_TURRET_SCAN_CELLS && a.evals < AFR_TURRET_EVAL_BUDGET; k++) {
            double L = start + (end - start) * k / AF_TURRET_SCAN_CELLS;
            if (!(L > prev.L) || !(L < least_impact(list, count)))
                break;
            afr_turret_evaluate_f64(&a, L, &next);
            scan_cell(&a, &prev, &next, list, &count);
            prev = next;
        }
    }
    if (count == 0)
        return reason;

    sort_by_impact(list, count);
    /* One shot found twice (the ends of two searches that met, the
     * branches' ends at a fold): the earlier impact stays. */
    for (i = 0, k = 0; i < count; i++) {
        int j;
        for (j = 0; j < k && !same_shot(turret, &list[j], &list[i]); j++)
            ;
        if (j == k)
            list[k++] = list[i];
    }
    count = k;
    for (i = 0; i < count && out->count < AF_MAX_SHOTS; i++) {
        const struct candidate *c = &list[i];
        af_turret_shot_f64 *s = &out->shot[out->count++];
        afr_turret_shot_at_f64(&a, c->L, c->f, &c->ang, s);
        s->point = afr_turret_target_at_f64(target, c->L + c->f);
        if (!isfinite(s->launch + s->flight) || !afr_vfinite(s->muzzle) ||
            !afr_vfinite(s->velocity) || !afr_vfinite(s->point)) {
            memset(out, 0, sizeof *out);
            return AF_ERR_OVERFLOW;
        }
        if (fn->keep && !fn->keep(fn->ctx, s)) {
            memset(s, 0, sizeof *s);
            out->count--;
            reason = AF_ERR_ENGINE_LIMIT;
        }
    }
    return out->count ? AF_OK : reason;
}
