/* SPDX-License-Identifier: MIT */
/*
 * The f64 turret aims' searches along one branch whose impact time falls
 * as the launch time grows (a target closing faster than the shot, one
 * accelerating towards it, a branch newly in time that hits earlier than
 * where it became so): the launch time of its earliest impact between
 * samples, or the last launch time before the branch ends or is late.
 */
#include "turret_search_f64.h"

/* A probe next to a sample, as a fraction of the way to another: far
 * below the scan's cells, far above a double's rounding. */
#define PROBE_SHIFT 16

/* `end` is where branch i stops being in time (its last or first in-time
 * launch), `inner` a launch on the branch inside, and end hits earlier:
 * 1 when the impact turns just inside the end (the probe there, in *probe,
 * hits earlier still), so that its least lies between inner and end. */
static int turns_before(struct search *a, const struct sample *end, const struct sample *inner,
                        int i, struct sample *probe)
{
    double L = end->L + ldexp(inner->L - end->L, -PROBE_SHIFT);
    if (!(L > fmin(end->L, inner->L) && L < fmax(end->L, inner->L)) ||
        a->evals >= AFR_TURRET_EVAL_BUDGET)
        return 0;
    afr_turret_evaluate_f64(a, L, probe);
    return probe->n == end->n && afr_turret_in_time(probe, i) &&
           afr_turret_impact(probe, i) < afr_turret_impact(end, i);
}

/* Branch i is out at `out` (late, beyond a limit, or gone: a sample with
 * another branch count), in time at `in`: its in-time launch nearest out,
 * by bisection. */
static struct sample edge_of(struct search *a, struct sample out, struct sample in, int i)
{
    int step;
    for (step = 0; step < AFR_TURRET_BISECT_STEPS && a->evals < AFR_TURRET_EVAL_BUDGET; step++) {
        struct sample sm;
        double mid = in.L + 0.5 * (out.L - in.L);
        if (!(mid > fmin(in.L, out.L) && mid < fmax(in.L, out.L)))
            break;
        afr_turret_evaluate_f64(a, mid, &sm);
        if (sm.n == in.n && afr_turret_in_time(&sm, i))
            in = sm;
        else
            out = sm;
    }
    return in;
}

/* Branch i is in time at lo, mid and hi, and its impact time is least at
 * mid of the three: the launch time in between with the earliest impact,
 * by golden-section search (lo and hi need not be in time: they bound
 * it). A probe where the branch is gone or late (a fold, a flight that
 * shrank to nothing as the muzzle swept through the target, a limit) is
 * bisected to the branch's end, which replaces mid when its impact is
 * earlier and still falling there (there the descent ends), brackets the
 * least with mid when the impact turns just inside it, and bounds the
 * search otherwise; where the bound beyond the probe is in time again,
 * the edge of that other stretch is a shot too. */
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
            const struct sample *far = left ? &lo : &hi;
            struct sample in = edge_of(a, sx, mid, i);
            if (far->n == mid.n && afr_turret_in_time(far, i)) {
                struct sample back = edge_of(a, sx, *far, i);
                afr_turret_add(list, count, &back, i);
            }
            if (afr_turret_impact(&in, i) < afr_turret_impact(&mid, i)) {
                struct sample p;
                if (!turns_before(a, &in, &mid, i, &p)) {
                    mid = in;
                    break;
                }
                if (left) {
                    lo = in;
                    hi = mid;
                } else {
                    lo = mid;
                    hi = in;
                }
                mid = p;
                continue;
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

/* Branch i of `s` is in time there and at the sample before, with an
 * earlier impact at s: a later launch hits earlier (a target that
 * accelerates towards the shot). */
static int descending(const struct search *a, const struct sample *s, int i)
{
    return a->have_before && a->before.n == s->n && i < s->n && afr_turret_in_time(&a->before, i) &&
           afr_turret_in_time(s, i) && afr_turret_impact(s, i) < afr_turret_impact(&a->before, i);
}

/* Branch i of `s` is in time and hits earlier the later it leaves: it
 * descends, or it is newly in time at s and hits earlier there than at
 * its first in-time launch (then the least may lie on either side). */
static int falls(const struct search *a, const struct sample *s, int i)
{
    return descending(a, s, i) ||
           (afr_turret_in_time(s, i) && a->have_before && a->first_at[i] == s->L &&
            afr_turret_impact(s, i) < a->first_impact[i]);
}

void afr_turret_descend_f64(struct search *a, const struct sample *sa, const struct sample *sb,
                            struct candidate *list, int *count)
{
    int i;
    for (i = 0; i < sa->n; i++) {
        int fall = falls(a, sa, i);
        if (!afr_turret_in_time(sa, i))
            continue;
        if (sb->n != sa->n || !afr_turret_in_time(sb, i)) {
            /* The branch ends inside the cell (late, beyond a limit,
             * gone), its impact perhaps turning on the way: the end when
             * the impact falls into it, else the least inside, bracketed
             * by sa or by a probe next to the end. */
            struct sample end = edge_of(a, *sb, *sa, i), p;
            if (afr_turret_impact(&end, i) < afr_turret_impact(sa, i)) {
                if (turns_before(a, &end, sa, i, &p))
                    earliest_between(a, *sa, p, end, i, list, count);
                else
                    afr_turret_add(list, count, &end, i);
            } else if (fall)
                earliest_between(a, a->before, *sa, end, i, list, count);
        } else if (fall && afr_turret_impact(sb, i) >= afr_turret_impact(sa, i))
            earliest_between(a, a->before, *sa, *sb, i, list, count);
    }
}

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
    double L = first->L + ldexp(end->L - first->L, -PROBE_SHIFT);
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
        any |= falls(a, s, i);
    for (i = 0; i < count && any; i++)
        if (list[i].L + list[i].f <= s->L)
            any = 0;
    return any;
}
