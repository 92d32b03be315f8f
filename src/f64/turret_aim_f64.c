/* SPDX-License-Identifier: MIT */
/*
 * Turret aim, double precision (see aimfix/turret.h).
 *
 * At a launch time L the muzzle is pivot(L) + muzzle_forward b + muzzle_up n
 * (b the barrel, n square to it above), and the shot meets the target after
 * a flight f exactly when
 *     R(f) = A + W f + G f^2 = (muzzle_forward + speed f) b + muzzle_up n,
 * A = target(L) - pivot(L), W = target velocity - inherited velocity,
 * G = -gravity / 2. Since b and n are orthonormal and span the vertical
 * plane of the yaw, this holds for some angles iff
 *     |R(f)|^2 = (muzzle_forward + speed f)^2 + muzzle_up^2,
 * a polynomial of degree 4 at most in f; the angles then follow from R.
 * Each positive root f_i(L) is one branch of shots; on it the head is in
 * time when e_i(L) = max(latency, slew(angles)) - L <= 0. No slew within
 * the limits exceeds afr_turret_max_slew_f64, so every branch is in time
 * from L = max(latency, that) on and the search stops there. The interval
 * is cut into AF_TURRET_SCAN_CELLS cells; a cell whose ends hold different
 * root counts (a fold, where two branches meet) is halved until the counts
 * agree; each cell where branch i becomes in time is bisected to the first
 * launch time at which it is.
 */
#include "aimfix/turret.h"

#include <float.h>

#include "roots_f64.h"
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

struct aim {
    const af_turret_f64 *turret;
    const af_body_f64 *target;
    afr_head_f64 head;
    af_vec3_f64 D0, Vrel, W, G;
    int evals;
};

/* R(f) = A + W f + G f^2 at one launch time. */
struct reach {
    af_vec3_f64 A, W, G;
    double mf, mu, s;
};

struct sample {
    double L;
    int n;
    double f[AF_MAX_SHOTS];
    af_status st[AF_MAX_SHOTS];
    double e[AF_MAX_SHOTS];
    af_turret_command_f64 ang[AF_MAX_SHOTS];
};

struct candidate {
    double L, f;
    af_turret_command_f64 ang;
};

static af_vec3_f64 reach_at(const struct reach *r, double f)
{
    return afr_vaddk(afr_vaddk(r->A, r->W, f), r->G, f * f);
}

/* |R(f)| - |muzzle offset at f|: the polynomial's sign, without its
 * cancellation. */
static double gap(double f, void *ctx, double *slope)
{
    const struct reach *r = ctx;
    af_vec3_f64 R = reach_at(r, f), dR = afr_vaddk(r->W, r->G, 2.0 * f);
    double len = afr_vnorm(R), lb = r->mf + r->s * f, arm = hypot(lb, r->mu);
    *slope = (len > 0.0 ? afr_vdot(R, dR) / len : 0.0) - (arm > 0.0 ? r->s * lb / arm : r->s);
    return len - arm;
}

static double gap_tol(double f, void *ctx)
{
    const struct reach *r = ctx;
    return 8.0 * DBL_EPSILON *
           (afr_vnorm(r->A) + afr_vnorm(r->W) * f + afr_vnorm(r->G) * f * f + r->mf + r->s * f +
            fabs(r->mu));
}

/* The angles that put the muzzle's path through R for barrel length lb:
 * in the yaw's vertical plane R = lb (cos p, sin p) + mu (-sin p, cos p),
 * so the plane's angle of R is p + atan2(mu, lb). Of the two planes that
 * hold R (yaw and yaw + pi) one gives |p| <= pi/2. */
static af_status angles_for(const struct aim *a, af_vec3_f64 R, double lb,
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

static void evaluate(struct aim *a, double L, struct sample *s)
{
    const af_turret_f64 *t = a->turret;
    struct reach r;
    double c[5], lo, hi, roots[4];
    int degree, shift = 0, i, n;

    a->evals++;
    s->L = L;
    s->n = 0;
    r.A = afr_vaddk(a->D0, a->Vrel, L);
    r.W = a->W;
    r.G = a->G;
    r.mf = t->muzzle_forward;
    r.mu = t->muzzle_up;
    r.s = t->speed;
    c[0] = afr_vdot(r.A, r.A) - r.mf * r.mf - r.mu * r.mu;
    c[1] = 2.0 * (afr_vdot(r.A, r.W) - r.mf * r.s);
    c[2] = afr_vdot(r.W, r.W) + 2.0 * afr_vdot(r.A, r.G) - r.s * r.s;
    c[3] = 2.0 * afr_vdot(r.W, r.G);
    c[4] = afr_vdot(r.G, r.G);
    for (degree = 4; degree > 0 && c[degree] == 0.0; degree--)
        ;
    /* A root at f = 0 (the target on the muzzle's circle now) is no flight. */
    while (shift < degree && c[shift] == 0.0)
        shift++;
    if (degree - shift < 1)
        return;
    for (i = 0; i + shift <= degree; i++)
        c[i] = c[i + shift];
    degree -= shift;
    for (i = 0; i <= degree; i++)
        if (!isfinite(c[i]))
            return;
    afr_poly_root_bounds_f64(c, degree, &lo, &hi);
    n = afr_poly_roots_f64(c, degree, 0.5 * lo, 2.0 * hi, gap, gap_tol, &r, roots);
    for (i = 0; i < n && s->n < AF_MAX_SHOTS; i++) {
        double f = roots[i];
        int k = s->n;
        if (!(f > 0.0))
            continue;
        s->f[k] = f;
        s->st[k] = angles_for(a, reach_at(&r, f), r.mf + r.s * f, &s->ang[k]);
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

/* Branch i is late at a and in time at b (same root count at both): the
 * first launch time in between at which it is in time, to a double. */
static void first_in_time(struct aim *a, struct sample sa, struct sample sb, int i,
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

/* The in-time transitions between two neighbouring samples. */
static void scan_pair(struct aim *a, const struct sample *sa, const struct sample *sb,
                      struct candidate *list, int *count)
{
    int i;
    for (i = 0; i < sb->n; i++) {
        if (!in_time(sb, i) || in_time(sa, i))
            continue;
        if (sa->n == sb->n)
            first_in_time(a, *sa, *sb, i, list, count);
        else
            add(list, count, sb, i); /* a branch born in time at a fold */
    }
}

/* One cell, left to right. Where its ends hold different root counts it
 * is halved until they agree (FOLD_DEPTH times at most); the halves' right
 * ends wait on a stack of launch times, not of samples, and are evaluated
 * again when their turn comes, so that the stack stays small. */
static void scan_cell(struct aim *a, const struct sample *sa, const struct sample *sb,
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

af_status af_turret_aim_f64(const af_turret_f64 *turret, const af_body_f64 *target,
                            const af_vec3_f64 *gravity, af_turret_shots_f64 *out)
{
    struct aim a;
    struct candidate list[MAX_CANDIDATES];
    struct sample prev, next;
    af_status reason = AF_ERR_NO_SOLUTION;
    int count = 0, i, k, reason_set = 0;
    double L0, L1;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target || !afr_vfinite(target->position) || !afr_vfinite(target->velocity) || !gravity ||
        !afr_vfinite(*gravity) || !afr_turret_frame_f64(turret, &a.head))
        return AF_ERR_BAD_ARGUMENT;
    a.turret = turret;
    a.target = target;
    a.evals = 0;
    a.D0 = afr_vsub(target->position, turret->pivot);
    a.Vrel = afr_vsub(target->velocity, turret->velocity);
    a.W = (turret->flags & AF_INHERIT_VELOCITY) ? a.Vrel : target->velocity;
    a.G = afr_vscale(*gravity, -0.5);
    if (!afr_vfinite(a.D0) || !afr_vfinite(a.Vrel))
        return AF_ERR_OVERFLOW;

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
    if (!reason_set && prev.n > 0)
        reason = prev.st[0] == AF_OK ? AF_ERR_NO_SOLUTION : prev.st[0];
    if (count == 0)
        return reason;

    sort_by_impact(list, count);
    for (i = 0; i < count && out->count < AF_MAX_SHOTS; i++) {
        const struct candidate *c = &list[i];
        af_turret_shot_f64 *s = &out->shot[out->count++];
        af_vec3_f64 barrel, above, pivot = afr_vaddk(turret->pivot, turret->velocity, c->L);
        afr_turret_axes_f64(&a.head, c->ang.yaw, c->ang.pitch, &barrel, &above);
        s->yaw = c->ang.yaw;
        s->pitch = c->ang.pitch;
        s->launch = c->L;
        s->flight = c->f;
        s->muzzle =
            afr_vaddk(afr_vaddk(pivot, barrel, turret->muzzle_forward), above, turret->muzzle_up);
        s->velocity = afr_vscale(barrel, turret->speed);
        if (turret->flags & AF_INHERIT_VELOCITY)
            s->velocity = afr_vadd(s->velocity, turret->velocity);
        s->point = afr_vaddk(target->position, target->velocity, c->L + c->f);
        if (!isfinite(s->launch + s->flight) || !afr_vfinite(s->muzzle) ||
            !afr_vfinite(s->velocity) || !afr_vfinite(s->point)) {
            memset(out, 0, sizeof *out);
            return AF_ERR_OVERFLOW;
        }
    }
    return AF_OK;
}
