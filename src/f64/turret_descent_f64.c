/* SPDX-License-Identifier: MIT */
/*
 * The f64 turret aims' searches along one branch whose impact time falls
 * as the launch time grows (a target closing faster than the shot, one
 * accelerating towards it, a branch newly in time that hits earlier than
 * where it became so): the launch time of its earliest impact between
 * samples, or the last launch time before the branch ends or is late.
 */
#include "turret_search_f64.h"

/* Branch i is in time at lo, mid and hi, and its impact time is least at
 * mid of the three: the launch time in between with the earliest impact,
 * by golden-section search (lo and hi need not be in time: they bound
 * it). A probe where the branch is gone or late (a fold, a flight that
 * shrank to nothing as the muzzle swept through the target, a limit) is
 * bisected to the branch's end, which replaces mid when its impact is
 * earlier (there the descent ends) and bounds the search otherwise. */
static void earliest_between(struct search *a, struct sample lo, struct sample mid,
                             struct sample hi, int i, struct candidate *list, int *count)
{
    int step;
    for (step = 0; step < 2 * AFR_TURRET_BISECT_STEPS && a->evals < AFR_TURRET_EVAL_BUDGET;
         step++) {
        struct sample sx;
        int left = mid.L - lo.L > hi.L - mid.L;
        double x = left ? mid.L - 0.3819660112501051 * (mid.L - lo.L)
                        : mid.L + 0.3819660112501051 * (hi.L - mid.L);
        if (!(x > lo.L && x < hi.L) || x == mid.L)
            break;
        afr_turret_evaluate_f64(a, x, &sx);
        if (sx.n != mid.n || !afr_turret_in_time(&sx, i)) {
            struct sample in = mid;
            double out = sx.L;
            while (step++ < 2 * AFR_TURRET_BISECT_STEPS && a->evals < AFR_TURRET_EVAL_BUDGET) {
                x = in.L + 0.5 * (out - in.L);
                if (!(x > fmin(in.L, out) && x < fmax(in.L, out)))
                    break;
                afr_turret_evaluate_f64(a, x, &sx);
                if (sx.n == mid.n && afr_turret_in_time(&sx, i))
                    in = sx;
                else
                    out = sx.L;
            }
            if (afr_turret_impact(&in, i) < afr_turret_impact(&mid, i)) {
                mid = in;
                break;
            }
            /* The end hits later: it bounds the search on that side. */
            if (left)
                lo = in;
            else
                hi = in;
            continue;
        }
        if (afr_turret_impact(&sx, i) < afr_turret_impact(&mid, i)) {
            if (left)
                hi = mid;
            else
                lo = mid;
            mid = sx;
        } else if (left) {
            lo = sx;
        } else {
            hi = sx;
        }
    }
    afr_turret_add(list, count, &mid, i);
}

/* Branch i is in time at a, late or gone at b: the last launch time in
 * between at which it is in time (a sample with another branch count
 * counts as gone). */
static void last_in_time(struct search *a, struct sample sa, struct sample sb, int i,
                         struct candidate *list, int *count)
{
    int step;
    for (step = 0; step < AFR_TURRET_BISECT_STEPS && a->evals < AFR_TURRET_EVAL_BUDGET; step++) {
        struct sample sm;
        double mid = sa.L + 0.5 * (sb.L - sa.L);
        if (!(mid > sa.L && mid < sb.L))
            break;
        afr_turret_evaluate_f64(a, mid, &sm);
        if (sm.n == sa.n && afr_turret_in_time(&sm, i))
            sa = sm;
        else
            sb = sm;
    }
    afr_turret_add(list, count, &sa, i);
}

/* Branch i of `s` is in time there and at the sample before, with an
 * earlier impact at s: a later launch hits earlier (a target that
 * accelerates towards the shot). */
static int descending(const struct search *a, const struct sample *s, int i)
{
    return a->have_before && a->before.n == s->n && i < s->n && afr_turret_in_time(&a->before, i) &&
           afr_turret_in_time(s, i) && afr_turret_impact(s, i) < afr_turret_impact(&a->before, i);
}

void afr_turret_descend_f64(struct search *a, const struct sample *sa, const struct sample *sb,
                            struct candidate *list, int *count)
{
    int i;
    for (i = 0; i < sa->n; i++) {
        if (!descending(a, sa, i)) {
            /* Newly in time at sa, and hitting earlier there than at its
             * first in-time launch: the least impact may lie on either side. */
            if (afr_turret_in_time(sa, i) && a->have_before && a->first_at[i] == sa->L &&
                afr_turret_impact(sa, i) < a->first_impact[i])
                earliest_between(a, a->before, *sa, *sb, i, list, count);
            continue;
        }
        if (sb->n != sa->n || !afr_turret_in_time(sb, i))
            last_in_time(a, *sa, *sb, i, list, count);
        else if (afr_turret_impact(sb, i) >= afr_turret_impact(sa, i))
            earliest_between(a, a->before, *sa, *sb, i, list, count);
    }
}

/* The probe after a first in-time launch, as a fraction of what is left
 * of its cell: far below the scan's cells, far above a double's rounding. */
#define FALL_PROBE_SHIFT 16

/* The impact time may fall within the cell, after the branch becomes in
 * time, and rise again before the cell's end: neither end of the cell
 * shows it, the slope at the first in-time launch does. When the end
 * still hits earlier than the probe, the next pair's newly-in-time case
 * follows the branch. */
void afr_turret_fall_after_f64(struct search *a, const struct sample *first,
                               const struct sample *end, int i, struct candidate *list,
                               int *count)
{
    struct sample probe;
    double L = first->L + ldexp(end->L - first->L, -FALL_PROBE_SHIFT);
    if (!(L > first->L && L < end->L) || a->evals >= AFR_TURRET_EVAL_BUDGET)
        return;
    afr_turret_evaluate_f64(a, L, &probe);
    if (probe.n != first->n || !afr_turret_in_time(&probe, i) ||
        !(afr_turret_impact(&probe, i) < afr_turret_impact(first, i)))
        return;
    if (end->n == first->n && afr_turret_in_time(end, i) &&
        afr_turret_impact(end, i) < afr_turret_impact(&probe, i))
        return;
    earliest_between(a, *first, probe, *end, i, list, count);
}

int afr_turret_still_descending_f64(const struct search *a, const struct sample *s,
                                    const struct candidate *list, int count)
{
    int i, any = 0;
    for (i = 0; i < s->n; i++)
        any |= descending(a, s, i);
    for (i = 0; i < count && any; i++)
        if (list[i].L + list[i].f <= s->L)
            any = 0;
    return any;
}
