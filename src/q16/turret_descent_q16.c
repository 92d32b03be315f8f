/* SPDX-License-Identifier: MIT */
/*
 * Along one branch of the Q16.16 turret search (turret_search_q16.c),
 * integers only: where its in-time stretch ends, and the launch time of
 * its earliest impact where a later launch hits earlier, as
 * turret_descent_f64.c does in double.
 */
#include "turret_search_q16.h"

/* Branch i is out at `out` (late, beyond a limit, or gone: a sample with
 * another branch count), in time at `in`: its in-time launch nearest out,
 * by bisection to one LSB. */
struct qsample afq_turret_edge_of_q16(struct qaim *a, struct qsample out, struct qsample in, int i)
{
    while (a->evals < AFQ_TURRET_EVAL_BUDGET) {
        struct qsample sm;
        fix16_t x = (fix16_t)(((int64_t)in.L + out.L) >> 1);
        if (x == in.L || x == out.L)
            break;
        afq_turret_sample_q16(a, x, &sm, &in);
        if (sm.n == in.n && afq_turret_in_time(&sm, i))
            in = sm;
        else
            out = sm;
    }
    return in;
}

/* The launch a 64th of the way from `from` to `to` (one LSB at least):
 * a probe of the slope far below the scan's cells. */
static fix16_t probe_from(fix16_t from, fix16_t to)
{
    int64_t d = ((int64_t)to - from) / 64;
    return (fix16_t)(from + (d != 0 ? d : (to > from ? 1 : -1)));
}

/* `end` is where branch i stops being in time, `inner` a launch on the
 * branch inside, and end hits earlier: 1 when the impact turns just
 * inside the end (the probe there, in *probe, hits earlier still), so
 * that its least lies between inner and end. */
int afq_turret_turns_before_q16(struct qaim *a, const struct qsample *end,
                                const struct qsample *inner, int i, struct qsample *probe)
{
    fix16_t L = probe_from(end->L, inner->L);
    if (L == inner->L || L == end->L || a->evals >= AFQ_TURRET_EVAL_BUDGET)
        return 0;
    afq_turret_sample_q16(a, L, probe, end);
    return probe->n == end->n && afq_turret_in_time(probe, i) &&
           afq_turret_impact(probe, i) < afq_turret_impact(end, i);
}

/* Branch i is in time at lo, mid and hi, and its impact time is least at
 * mid of the three: the launch time in between with the earliest impact,
 * by golden-section search down to one LSB (lo and hi need not be in
 * time: they bound it). A probe where the branch is gone or late (a fold,
 * a flight that shrank to nothing, a limit) is bisected to the branch's
 * end, which replaces mid when its impact is earlier and still falling
 * there, brackets the least with mid when the impact turns just inside
 * it, and bounds the search otherwise. */
void afq_turret_earliest_between_q16(struct qaim *a, struct qsample lo, struct qsample mid,
                             struct qsample hi, int i, struct qcandidate *list, int *count)
{
    while (a->evals < AFQ_TURRET_EVAL_BUDGET) {
        struct qsample sx;
        int left = (int64_t)mid.L - lo.L > (int64_t)hi.L - mid.L;
        /* 0.382 of the larger side, 25033 / 65536 */
        fix16_t x = left ? (fix16_t)(mid.L - (((int64_t)mid.L - lo.L) * 25033 >> 16))
                         : (fix16_t)(mid.L + (((int64_t)hi.L - mid.L) * 25033 >> 16));
        if (x <= lo.L || x >= hi.L || x == mid.L)
            break;
        afq_turret_sample_q16(a, x, &sx, &mid);
        if (sx.n != mid.n || !afq_turret_in_time(&sx, i)) {
            const struct qsample *far = left ? &lo : &hi;
            struct qsample in = afq_turret_edge_of_q16(a, sx, mid, i), p;
            /* In time again beyond the gap: that stretch's edge is a shot. */
            if (far->n == mid.n && afq_turret_in_time(far, i)) {
                struct qsample back = afq_turret_edge_of_q16(a, sx, *far, i);
                afq_turret_add(list, count, &back, i);
            }
            if (afq_turret_impact(&in, i) < afq_turret_impact(&mid, i)) {
                if (!afq_turret_turns_before_q16(a, &in, &mid, i, &p)) {
                    mid = in;
                    break;
                }
                lo = left ? in : mid;
                hi = left ? mid : in;
                mid = p;
                continue;
            }
            /* The end hits later: it bounds the search on that side. */
            sx = in;
        }
        if (afq_turret_impact(&sx, i) < afq_turret_impact(&mid, i)) {
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
    afq_turret_add(list, count, &mid, i);
}

/* Branch i of `s` is in time there and hits earlier the later it
 * leaves: in time at the sample before too, with a later impact there,
 * or newly in time at s, hitting earlier than at its first in-time
 * launch (then the least may lie on either side of s). */
int afq_turret_falls_q16(const struct qaim *a, const struct qsample *s, int i)
{
    if (!a->have_before || i >= s->n || !afq_turret_in_time(s, i))
        return 0;
    if (a->before.n == s->n && afq_turret_in_time(&a->before, i))
        return afq_turret_impact(s, i) < afq_turret_impact(&a->before, i);
    return a->first_at[i] == s->L && afq_turret_impact(s, i) < a->first_impact[i];
}

/* The impact may fall past the first in-time launch `first` and rise
 * again before `end`, the cell's end: neither end shows it, the slope
 * at first does. When end still hits earlier than the probe, the next
 * cell follows the branch. */
void afq_turret_fall_after_q16(struct qaim *a, const struct qsample *first,
                               const struct qsample *end, int i, struct qcandidate *list,
                               int *count)
{
    struct qsample p;
    if (a->evals >= AFQ_TURRET_EVAL_BUDGET)
        return;
    afq_turret_sample_q16(a, probe_from(first->L, end->L), &p, first);
    if (p.L < end->L && p.n == first->n && afq_turret_in_time(&p, i) &&
        afq_turret_impact(&p, i) < afq_turret_impact(first, i) &&
        !(end->n == first->n && afq_turret_in_time(end, i) &&
          afq_turret_impact(end, i) < afq_turret_impact(&p, i)))
        afq_turret_earliest_between_q16(a, *first, p, *end, i, list, count);
}

/* Some branch of the last sample still hits earlier the later it is
 * launched, and no candidate impact comes before that launch time. */
int afq_turret_still_descending_q16(const struct qaim *a, const struct qsample *s,
                            const struct qcandidate *list, int count)
{
    int i, any = 0;
    for (i = 0; i < s->n; i++)
        any |= afq_turret_falls_q16(a, s, i);
    for (i = 0; i < count && any; i++)
        if ((int64_t)list[i].L + list[i].f <= s->L)
            any = 0;
    return any;
}

