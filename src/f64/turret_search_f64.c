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
 * L = max(latency, that) on and the search stops there. The interval is
 * cut into AF_TURRET_SCAN_CELLS cells; a cell whose ends hold different
 * branch counts (a fold, where two branches meet) is halved until the
 * counts agree; each cell where branch i becomes in time is bisected to
 * the first launch time at which it is.
 */
#include <float.h>

#include "turret_f64.h"

#define AFR_PI 3.14159265358979323846
/* Halvings of a cell that holds a fold, and of a cell where a branch
 * becomes in time: 2^-52 of a cell is below a double's resolution. */
#define FOLD_DEPTH 24
#define BISECT_STEPS 60
/* Launch times evaluated at most: the scan, the fold halvings, the
 * bisections; beyond it no cell is halved any more. */
#define EVAL_BUDGET 8192
#define MAX_CANDIDATES 16
/* Cells past the longest slew, each twice the last, while a branch still
 * hits earlier the later it leaves: 2^80 cells' widths. */
#define DESCENT_CELLS 80

struct sample {
    double L;
    int n;
    double f[AF_MAX_SHOTS];
    af_status st[AF_MAX_SHOTS];
    double e[AF_MAX_SHOTS];
    af_turret_command_f64 ang[AF_MAX_SHOTS];
};

struct search {
    const af_turret_f64 *turret;
    const afr_turret_flights_f64 *fn;
    afr_head_f64 head;
    int evals;
    struct sample before; /* the sample before the left end of the pair scanned */
    int have_before;
    /* Per branch, the sample at which it last became in time and the
     * impact of its first in-time launch before it. */
    double first_at[AF_MAX_SHOTS], first_impact[AF_MAX_SHOTS];
};

struct candidate {
    double L, f;
    af_turret_command_f64 ang;
};

/* The angles that put the muzzle's path through R for barrel length lb:
 * in the yaw's vertical plane R = lb (cos p, sin p) + mu (-sin p, cos p),
 * so the plane's angle of R is p + atan2(mu, lb). Of the two planes that
 * hold R (yaw and yaw + pi) one gives |p| <= pi/2. */
static af_status angles_for(const struct search *a, af_vec3_f64 R, double lb,
                            af_turret_command_f64 *out)
{
    const af_turret_f64 *t = a->turret;
    double x = afr_vdot(R, a->head.forward), y = afr_vdot(R, a->head.left),
           z = afr_vdot(R, a->head.up);
    double h = hypot(x, y), yaw = (x == 0.0 && y == 0.0) ? t->yaw : atan2(y, x);
    double alpha = atan2(z, h), delta = atan2(t->muzzle_up, lb), p = alpha - delta;
    if (p > 0.5 * AFR_PI || p < -0.5 * AFR_PI) {
        yaw += AFR_PI;
        p = AFR_PI - alpha - delta;
        if (p > AFR_PI)
            p -= 2.0 * AFR_PI;
    }
    return afr_turret_limit_f64(t, yaw, p, out);
}

/* The shot launched at L with the angles `ang` and flight f: its muzzle,
 * velocity and times (the point is the caller's). */
static const af_turret_shot_f64 *shot_at(const struct search *a, double L, double f,
                                         const af_turret_command_f64 *ang, af_turret_shot_f64 *s)
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

static void evaluate(struct search *a, double L, struct sample *s)
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
            !a->fn->keep(a->fn->ctx, shot_at(a, L, fl[i].f, &s->ang[k], &shot)))
            s->st[k] = AF_ERR_ENGINE_LIMIT; /* not a shot while it breaks the cap */
        s->e[k] = s->st[k] == AF_OK ? fmax(t->latency, s->ang[k].slew) - L : 1.0;
        s->n++;
    }
}

static int in_time(const struct sample *s, int i)
{
    return i < s->n && s->st[i] == AF_OK && s->e[i] <= 0.0;
}

static void add(struct candidate *list, int *count, const struct sample *s, int i)
{
    if (*count < MAX_CANDIDATES) {
        list[*count].L = s->L;
        list[*count].f = s->f[i];
        list[*count].ang = s->ang[i];
        (*count)++;
    }
}

/* Branch i is late at a and in time at b (same branch count at both): the
 * first launch time in between at which it is in time, to a double. */
static void first_in_time(struct search *a, struct sample sa, struct sample sb, int i,
                          struct candidate *list, int *count)
{
    int step;
    for (step = 0; step < BISECT_STEPS && a->evals < EVAL_BUDGET; step++) {
        struct sample sm;
        double mid = sa.L + 0.5 * (sb.L - sa.L);
        if (!(mid > sa.L && mid < sb.L))
            break;
        evaluate(a, mid, &sm);
        if (sm.n != sa.n)
            break; /* a fold inside: keep the in-time end */
        if (in_time(&sm, i))
            sb = sm;
        else
            sa = sm;
    }
    add(list, count, &sb, i);
}

static double impact(const struct sample *s, int i)
{
    return s->L + s->f[i];
}

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
    for (step = 0; step < 2 * BISECT_STEPS && a->evals < EVAL_BUDGET; step++) {
        struct sample sx;
        int left = mid.L - lo.L > hi.L - mid.L;
        double x = left ? mid.L - 0.3819660112501051 * (mid.L - lo.L)
                        : mid.L + 0.3819660112501051 * (hi.L - mid.L);
        if (!(x > lo.L && x < hi.L) || x == mid.L)
            break;
        evaluate(a, x, &sx);
        if (sx.n != mid.n || !in_time(&sx, i)) {
            struct sample in = mid;
            double out = sx.L;
            while (step++ < 2 * BISECT_STEPS && a->evals < EVAL_BUDGET) {
                x = in.L + 0.5 * (out - in.L);
                if (!(x > fmin(in.L, out) && x < fmax(in.L, out)))
                    break;
                evaluate(a, x, &sx);
                if (sx.n == mid.n && in_time(&sx, i))
                    in = sx;
                else
                    out = sx.L;
            }
            if (impact(&in, i) < impact(&mid, i)) {
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

/* Branch i is in time at a, late or gone at b: the last launch time in
 * between at which it is in time (a sample with another branch count
 * counts as gone). */
static void last_in_time(struct search *a, struct sample sa, struct sample sb, int i,
                         struct candidate *list, int *count)
{
    int step;
    for (step = 0; step < BISECT_STEPS && a->evals < EVAL_BUDGET; step++) {
        struct sample sm;
        double mid = sa.L + 0.5 * (sb.L - sa.L);
        if (!(mid > sa.L && mid < sb.L))
            break;
        evaluate(a, mid, &sm);
        if (sm.n == sa.n && in_time(&sm, i))
            sa = sm;
        else
            sb = sm;
    }
    add(list, count, &sa, i);
}

/* Branch i of `s` is in time there and at the sample before, with an
 * earlier impact at s: a later launch hits earlier (a target that
 * accelerates towards the shot). */
static int descending(const struct search *a, const struct sample *s, int i)
{
    return a->have_before && a->before.n == s->n && i < s->n && in_time(&a->before, i) &&
           in_time(s, i) && impact(s, i) < impact(&a->before, i);
}

/* The in-time transitions between two neighbouring samples, and the
 * least impact times along the branches in time (where a later launch
 * stops hitting earlier). */
static void scan_pair(struct search *a, const struct sample *sa, const struct sample *sb,
                      struct candidate *list, int *count)
{
    int i;
    for (i = 0; i < sb->n; i++) {
        if (!in_time(sb, i) || in_time(sa, i))
            continue;
        if (sa->n == sb->n) {
            int had = *count;
            first_in_time(a, *sa, *sb, i, list, count);
            if (*count > had) {
                a->first_at[i] = sb->L;
                a->first_impact[i] = list[*count - 1].L + list[*count - 1].f;
            }
        } else
            add(list, count, sb, i); /* a branch born in time at a fold */
    }
    for (i = 0; i < sa->n; i++) {
        if (!descending(a, sa, i)) {
            /* Newly in time at sa, and hitting earlier there than at its
             * first in-time launch: the least impact may lie on either side. */
            if (in_time(sa, i) && a->have_before && a->first_at[i] == sa->L &&
                impact(sa, i) < a->first_impact[i])
                earliest_between(a, a->before, *sa, *sb, i, list, count);
            continue;
        }
        if (sb->n != sa->n || !in_time(sb, i))
            last_in_time(a, *sa, *sb, i, list, count);
        else if (impact(sb, i) >= impact(sa, i))
            earliest_between(a, a->before, *sa, *sb, i, list, count);
    }
    a->before = *sa;
    a->have_before = 1;
}

/* Some branch of the last sample still hits earlier the later it is
 * launched, and no candidate impact comes before that launch time. */
static int still_descending(const struct search *a, const struct sample *s,
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
            evaluate(a, ends[top], &right);
        if (left.n != right.n && depth[top] < FOLD_DEPTH && a->evals < EVAL_BUDGET) {
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

af_status afr_turret_search_f64(const af_turret_f64 *turret, const af_body_accel_f64 *target,
                                const afr_turret_flights_f64 *fn, af_turret_shots_f64 *out)
{
    struct search a;
    struct candidate list[MAX_CANDIDATES];
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
    evaluate(&a, L0, &prev);
    for (i = 0; i < prev.n; i++)
        if (in_time(&prev, i))
            add(list, &count, &prev, i);
    for (k = 1; L1 > L0 && k <= AF_TURRET_SCAN_CELLS; k++) {
        if (!reason_set && prev.n > 0) {
            reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
            reason_set = 1;
        }
        evaluate(&a, k == AF_TURRET_SCAN_CELLS ? L1 : L0 + (L1 - L0) * k / AF_TURRET_SCAN_CELLS,
                 &next);
        scan_cell(&a, &prev, &next, list, &count);
        prev = next;
    }
    /* Past the longest slew every branch is in time; while one of them
     * still hits earlier the later it leaves, go on in cells that double
     * (at most DESCENT_CELLS), until no launch can beat a candidate. */
    {
        double width = L1 > L0 ? (L1 - L0) / AF_TURRET_SCAN_CELLS : ldexp(1.0 + L0, -20);
        for (k = 0; k < DESCENT_CELLS && a.evals < EVAL_BUDGET &&
                    ((k == 0 && !(L1 > L0)) || still_descending(&a, &prev, list, count));
             k++) {
            double L = prev.L + width;
            if (!isfinite(L) || !(L > prev.L))
                break;
            evaluate(&a, L, &next);
            scan_cell(&a, &prev, &next, list, &count);
            prev = next;
            width *= 2.0;
        }
    }
    /* An accelerating target can come within reach after the longest
     * slew, on a branch born then that hits before every candidate: the
     * launch times up to the earliest candidate impact are scanned in
     * AF_TURRET_SCAN_CELLS cells. */
    if (count > 0 && !afr_viszero(target->acceleration)) {
        double end = least_impact(list, count), start = prev.L;
        for (k = 1; k <= AF_TURRET_SCAN_CELLS && a.evals < EVAL_BUDGET; k++) {
            double L = start + (end - start) * k / AF_TURRET_SCAN_CELLS;
            if (!(L > prev.L) || !(L < least_impact(list, count)))
                break;
            evaluate(&a, L, &next);
            scan_cell(&a, &prev, &next, list, &count);
            prev = next;
        }
    }
    if (!reason_set && prev.n > 0)
        reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
    if (count == 0)
        return reason;

    sort_by_impact(list, count);
    for (i = 0; i < count && out->count < AF_MAX_SHOTS; i++) {
        const struct candidate *c = &list[i];
        af_turret_shot_f64 *s = &out->shot[out->count++];
        shot_at(&a, c->L, c->f, &c->ang, s);
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
