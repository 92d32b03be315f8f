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
#define EVAL_BUDGET 2048
#define MAX_CANDIDATES 16
/* Cells past the longest slew, each twice the last, while a branch still
 * hits earlier the later it leaves: enough to cross Q16.16's range. */
#define DESCENT_CELLS 32

struct qcandidate {
    fix16_t L, f;
    af_turret_command_q16 cmd;
    int branch, n; /* slot i of a sample with n branches */
};

static int in_time(const struct qsample *s, int i)
{
    return i < s->n && s->st[i] == AF_OK && !s->late[i];
}

static void add(struct qcandidate *list, int *count, const struct qsample *s, int i)
{
    if (*count < MAX_CANDIDATES) {
        list[*count].L = s->L;
        list[*count].f = s->f[i];
        list[*count].cmd = s->cmd[i];
        list[*count].branch = i;
        list[*count].n = s->n;
        (*count)++;
    }
}

static int64_t impact(const struct qsample *s, int i)
{
    return (int64_t)s->L + s->f[i];
}

/* Branch i is late at a and in time at b: bisected to one LSB, its
 * first in-time launch joins the list and is returned; a sample with
 * another branch count ends the bisection. */
static struct qsample add_in_time_edge(struct qaim *a, struct qsample sa, struct qsample sb, int i,
                                       struct qcandidate *list, int *count)
{
    while (sb.L - sa.L > 1 && a->evals < EVAL_BUDGET) {
        struct qsample sm;
        afq_turret_sample_q16(a, (fix16_t)(sa.L + (sb.L - sa.L) / 2), &sm, &sa);
        if (sm.n != sa.n)
            break;
        if (!in_time(&sm, i))
            sa = sm;
        else
            sb = sm;
    }
    add(list, count, &sb, i);
    return sb;
}

/* Branch i is out at `out` (late, beyond a limit, or gone: a sample with
 * another branch count), in time at `in`: its in-time launch nearest out,
 * by bisection to one LSB. */
static struct qsample edge_of(struct qaim *a, struct qsample out, struct qsample in, int i)
{
    while (a->evals < EVAL_BUDGET) {
        struct qsample sm;
        fix16_t x = (fix16_t)(((int64_t)in.L + out.L) >> 1);
        if (x == in.L || x == out.L)
            break;
        afq_turret_sample_q16(a, x, &sm, &in);
        if (sm.n == in.n && in_time(&sm, i))
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
static int turns_before(struct qaim *a, const struct qsample *end, const struct qsample *inner,
                        int i, struct qsample *probe)
{
    fix16_t L = probe_from(end->L, inner->L);
    if (L == inner->L || L == end->L || a->evals >= EVAL_BUDGET)
        return 0;
    afq_turret_sample_q16(a, L, probe, end);
    return probe->n == end->n && in_time(probe, i) && impact(probe, i) < impact(end, i);
}

/* Branch i is in time at lo, mid and hi, and its impact time is least at
 * mid of the three: the launch time in between with the earliest impact,
 * by golden-section search down to one LSB (lo and hi need not be in
 * time: they bound it). A probe where the branch is gone or late (a fold,
 * a flight that shrank to nothing, a limit) is bisected to the branch's
 * end, which replaces mid when its impact is earlier and still falling
 * there, brackets the least with mid when the impact turns just inside
 * it, and bounds the search otherwise. */
static void earliest_between(struct qaim *a, struct qsample lo, struct qsample mid,
                             struct qsample hi, int i, struct qcandidate *list, int *count)
{
    while (a->evals < EVAL_BUDGET) {
        struct qsample sx;
        int left = (int64_t)mid.L - lo.L > (int64_t)hi.L - mid.L;
        /* 0.382 of the larger side, 25033 / 65536 */
        fix16_t x = left ? (fix16_t)(mid.L - (((int64_t)mid.L - lo.L) * 25033 >> 16))
                         : (fix16_t)(mid.L + (((int64_t)hi.L - mid.L) * 25033 >> 16));
        if (x <= lo.L || x >= hi.L || x == mid.L)
            break;
        afq_turret_sample_q16(a, x, &sx, &mid);
        if (sx.n != mid.n || !in_time(&sx, i)) {
            const struct qsample *far = left ? &lo : &hi;
            struct qsample in = edge_of(a, sx, mid, i), p;
            /* In time again beyond the gap: that stretch's edge is a shot. */
            if (far->n == mid.n && in_time(far, i)) {
                struct qsample back = edge_of(a, sx, *far, i);
                add(list, count, &back, i);
            }
            if (impact(&in, i) < impact(&mid, i)) {
                if (!turns_before(a, &in, &mid, i, &p)) {
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
        if (impact(&sx, i) < impact(&mid, i)) {
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
    add(list, count, &mid, i);
}

/* Branch i of `s` is in time there and hits earlier the later it
 * leaves: in time at the sample before too, with a later impact there,
 * or newly in time at s, hitting earlier than at its first in-time
 * launch (then the least may lie on either side of s). */
static int falls(const struct qaim *a, const struct qsample *s, int i)
{
    if (!a->have_before || i >= s->n || !in_time(s, i))
        return 0;
    if (a->before.n == s->n && in_time(&a->before, i))
        return impact(s, i) < impact(&a->before, i);
    return a->first_at[i] == s->L && impact(s, i) < a->first_impact[i];
}

/* The impact may fall past the first in-time launch `first` and rise
 * again before `end`, the cell's end: neither end shows it, the slope
 * at first does. When end still hits earlier than the probe, the next
 * cell follows the branch. */
static void fall_after(struct qaim *a, const struct qsample *first, const struct qsample *end,
                       int i, struct qcandidate *list, int *count)
{
    struct qsample p;
    if (a->evals >= EVAL_BUDGET)
        return;
    afq_turret_sample_q16(a, probe_from(first->L, end->L), &p, first);
    if (p.L < end->L && p.n == first->n && in_time(&p, i) && impact(&p, i) < impact(first, i) &&
        !(end->n == first->n && in_time(end, i) && impact(end, i) < impact(&p, i)))
        earliest_between(a, *first, p, *end, i, list, count);
}

/* The in-time transitions between two neighbouring samples, and the
 * least impact times along the branches in time. */
static void scan_pair(struct qaim *a, const struct qsample *sa, const struct qsample *sb,
                      struct qcandidate *list, int *count)
{
    int i;
    for (i = 0; i < sb->n; i++) {
        if (!in_time(sb, i) || in_time(sa, i))
            continue;
        if (sa->n == sb->n) {
            int had = *count;
            struct qsample first = add_in_time_edge(a, *sa, *sb, i, list, count);
            if (*count > had) {
                a->first_at[i] = sb->L;
                a->first_impact[i] = impact(&first, i);
                fall_after(a, &first, sb, i, list, count);
            }
        } else
            add(list, count, sb, i);
    }
    for (i = 0; i < sa->n; i++) {
        struct qsample end, p;
        int fall = falls(a, sa, i);
        if (!in_time(sa, i))
            continue;
        /* The first launch time has no sample before it to show a
         * descent: the slope there does. */
        if (!a->have_before)
            fall_after(a, sa, sb, i, list, count);
        if (sb->n != sa->n || !in_time(sb, i)) {
            /* The branch ends inside the cell, its impact perhaps turning
             * on the way: the end when the impact falls into it, else the
             * least inside, bracketed by sa or by a probe next to the end. */
            end = edge_of(a, *sb, *sa, i);
            if (impact(&end, i) < impact(sa, i)) {
                if (turns_before(a, &end, sa, i, &p))
                    earliest_between(a, *sa, p, end, i, list, count);
                else
                    add(list, count, &end, i);
            } else if (fall)
                earliest_between(a, a->before, *sa, end, i, list, count);
        } else if (fall && impact(sb, i) >= impact(sa, i))
            earliest_between(a, a->before, *sa, *sb, i, list, count);
    }
    a->before = *sa;
    a->have_before = 1;
}

/* Some branch of the last sample still hits earlier the later it is
 * launched, and no candidate impact comes before that launch time. */
static int still_descending(const struct qaim *a, const struct qsample *s,
                            const struct qcandidate *list, int count)
{
    int i, any = 0;
    for (i = 0; i < s->n; i++)
        any |= falls(a, s, i);
    for (i = 0; i < count && any; i++)
        if ((int64_t)list[i].L + list[i].f <= s->L)
            any = 0;
    return any;
}

int afq_turret_same_shot_q16(const af_turret_q16 *t, fix16_t L1, fix16_t f1,
                             const af_turret_command_q16 *c1, fix16_t L2, fix16_t f2,
                             const af_turret_command_q16 *c2)
{
    int64_t dy = (int64_t)c1->yaw - c2->yaw, dp = (int64_t)c1->pitch - c2->pitch;
    int64_t dI = ((int64_t)L1 + f1) - ((int64_t)L2 + f2);
    int64_t flights = (int64_t)(f1 > 0 ? f1 : 0) + (f2 > 0 ? f2 : 0);
    int64_t rate = t->pitch_rate < t->yaw_rate ? t->pitch_rate : t->yaw_rate;
    int64_t slew = rate > 0 ? (((int64_t)AFQ_TURRET_ANGLE_LSB << 16) + rate - 1) / rate : 0;
    dy = dy < 0 ? -dy : dy;
    dp = dp < 0 ? -dp : dp;
    dI = dI < 0 ? -dI : dI;
    if (dy > AFI_TWO_PI_Q16 / 2)
        dy = AFI_TWO_PI_Q16 - dy; /* a yaw that wraps, either side of pi */
    return dy <= 2 * AFQ_TURRET_ANGLE_LSB && dp <= 2 * AFQ_TURRET_ANGLE_LSB &&
           dI <= 2 * (AFQ_TURRET_FLIGHT_LSB + slew + 1) + (flights >> 26);
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
            a->evals < EVAL_BUDGET) {
            ends[top + 1] = (fix16_t)(left.L + (right.L - left.L) / 2);
            depth[top + 1] = depth[top] + 1;
            top++;
            continue;
        }
        scan_pair(a, &left, &right, list, count);
        left = right;
        top--;
    }
}

af_status afq_turret_search_q16(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                                const afq_turret_solver_q16 *solver, af_turret_shots_q16 *out)
{
    struct qaim a;
    struct qcandidate list[MAX_CANDIDATES];
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
        if (in_time(&prev, i))
            add(list, &count, &prev, i);
    for (k = 1; L1 > L0 && k <= AF_TURRET_SCAN_CELLS_Q16; k++) {
        if (!reason_set && prev.n > 0) {
            reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
            reason_set = 1;
        }
        afq_turret_sample_q16(&a, (fix16_t)(L0 + ((int64_t)L1 - L0) * k / AF_TURRET_SCAN_CELLS_Q16), &next,
                 &prev);
        scan_cell(&a, &prev, &next, list, &count);
        prev = next;
    }
    /* Past the longest slew every branch is in time; while one of them
     * still hits earlier the later it leaves, go on in cells that double
     * (DESCENT_CELLS at most), until no launch can beat a candidate. */
    {
        int64_t width = ((int64_t)L1 - L0) / AF_TURRET_SCAN_CELLS_Q16;
        if (width < 1)
            width = 1;
        for (k = 0; k < DESCENT_CELLS && a.evals < EVAL_BUDGET &&
                    ((k == 0 && L1 <= L0) || still_descending(&a, &prev, list, count));
             k++) {
            if ((int64_t)prev.L + width > fix16_maximum)
                break;
            afq_turret_sample_q16(&a, (fix16_t)(prev.L + width), &next, &prev);
            scan_cell(&a, &prev, &next, list, &count);
            prev = next;
            width *= 2;
        }
    }
    /* An accelerating target can come within reach after the longest
     * slew, on a branch born then that hits before every candidate: the
     * launch times up to the earliest candidate impact are scanned in
     * AF_TURRET_SCAN_CELLS_Q16 cells. */
    if (count > 0 && a.accelerates) {
        int64_t start = prev.L, end = least_impact(list, count);
        if (end > fix16_maximum)
            end = fix16_maximum;
        for (k = 1; k <= AF_TURRET_SCAN_CELLS_Q16 && a.evals < EVAL_BUDGET; k++) {
            int64_t L = start + (end - start) * k / AF_TURRET_SCAN_CELLS_Q16;
            if (L <= prev.L || L >= least_impact(list, count))
                break;
            afq_turret_sample_q16(&a, (fix16_t)L, &next, &prev);
            scan_cell(&a, &prev, &next, list, &count);
            prev = next;
        }
    }
    if (!reason_set && prev.n > 0) {
        reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
        reason_set = 1;
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
    /* One shot of a branch found twice within the roundings (an edge and
     * a dip of the rounding next to it): the earlier impact stays. */
    for (i = 0, k = 0; i < count; i++) {
        for (j = 0; j < k; j++)
            if (list[j].branch == list[i].branch && list[j].n == list[i].n &&
                afq_turret_same_shot_q16(turret, list[j].L, list[j].f, &list[j].cmd, list[i].L,
                                         list[i].f, &list[i].cmd))
                break;
        if (j == k)
            list[k++] = list[i];
    }
    count = k;
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
            !(a.accelerates ? afq_accel_at(target, total, &s->point)
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
