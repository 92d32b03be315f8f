/* SPDX-License-Identifier: MIT */
/*
 * Turret aim in vacuum or along straight lines, double precision (see
 * aimfix/turret.h), at a target of constant velocity or acceleration.
 *
 * At a launch time L the muzzle is pivot(L) + muzzle_forward b + muzzle_up n
 * (b the barrel, n square to it above), and the shot meets the target after
 * a flight f exactly when
 *     R(f) = A + W f + G f^2 = (muzzle_forward + speed f) b + muzzle_up n,
 * A = target(L) - pivot(L), W = the target's velocity at L minus the
 * inherited velocity, G = (target acceleration - gravity) / 2. Since b and
 * n are orthonormal and span the vertical plane of the yaw, this holds for
 * some angles iff
 *     |R(f)|^2 = (muzzle_forward + speed f)^2 + muzzle_up^2,
 * a polynomial of degree 4 at most in f; the angles then follow from R
 * (the launch-time search is turret_search_f64.c's).
 */
#include "aimfix/turret.h"

#include <float.h>

#include "roots_f64.h"
#include "turret_f64.h"

struct aim {
    const af_turret_f64 *turret;
    af_vec3_f64 D0, Vrel, Vt, acc, G;
    int inherit;
};

/* R(f) = A + W f + G f^2 at one launch time. */
struct reach {
    af_vec3_f64 A, W, G;
    double mf, mu, s;
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

static double vtop(af_vec3_f64 a)
{
    return fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
}

/* Where a magnitude stops being tame (the float copy of the benchmark
 * sets its own: 2^200 is no float). */
#ifndef AFR_TAME_MAX
#define AFR_TAME_MAX 0x1p200
#endif

/* Zero or far from both ends of the double range. */
static int tame(double x)
{
    return x == 0.0 || (x >= 1.0 / AFR_TAME_MAX && x <= AFR_TAME_MAX);
}

/* Units 2^m m long and 2^k s long where a magnitude is extreme: the scene
 * (|A|, the muzzle's arm) near 1 and, with G, the time unit its free-fall
 * time, so that G is near 1 too (else the larger of |W| and the speed
 * is), and no coefficient under- or overflows where the roots do not:
 * |G|^2 of a 1e-304 gravity is 0 in doubles and left a cubic whose
 * meetings 1e303 s out were lost. Exact powers of two, skipped (the same
 * bits) where every magnitude is tame. */
static void to_units(struct reach *r, int *m, int *k)
{
    double len = fmax(vtop(r->A), fmax(fabs(r->mf), fabs(r->mu))), gt = vtop(r->G);
    double wt = fmax(vtop(r->W), fabs(r->s));
    int e;
    *m = 0;
    *k = 0;
    if (tame(len) && tame(gt) && tame(wt))
        return;
    if (len > 0.0)
        (void)frexp(len, m);
    if (gt > 0.0) {
        (void)frexp(gt, &e);
        *k = (*m - e) / 2;
    } else if (wt > 0.0) {
        (void)frexp(wt, &e);
        *k = *m - e;
    }
    r->A = afr_vldexp(r->A, -*m);
    r->mf = ldexp(r->mf, -*m);
    r->mu = ldexp(r->mu, -*m);
    r->W = afr_vldexp(r->W, *k - *m);
    r->s = ldexp(r->s, *k - *m);
    r->G = afr_vldexp(r->G, 2 * *k - *m);
}

static int flights(void *ctx, double L, afr_turret_flight_f64 *out)
{
    const struct aim *a = ctx;
    const af_turret_f64 *t = a->turret;
    struct reach r;
    double c[5], lo, hi, roots[4];
    int degree, shift = 0, i, n, count = 0, m, k;

    r.A = afr_vaddk(a->D0, a->Vrel, L);
    r.W = a->Vt;
    if (!afr_viszero(a->acc)) {
        r.A = afr_vaddk(r.A, afr_vscale(a->acc, 0.5 * L), L);
        r.W = afr_vaddk(r.W, a->acc, L);
    }
    if (a->inherit)
        r.W = afr_vsub(r.W, t->velocity);
    r.G = a->G;
    r.mf = t->muzzle_forward;
    r.mu = t->muzzle_up;
    r.s = t->speed;
    to_units(&r, &m, &k);
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
        return 0;
    for (i = 0; i + shift <= degree; i++)
        c[i] = c[i + shift];
    degree -= shift;
    for (i = 0; i <= degree; i++)
        if (!isfinite(c[i]))
            return 0;
    afr_poly_root_bounds_f64(c, degree, &lo, &hi);
    n = afr_poly_roots_f64(c, degree, 0.5 * lo, 2.0 * hi, gap, gap_tol, &r, roots);
    for (i = 0; i < n && count < AF_MAX_SHOTS; i++) {
        double f = m != 0 || k != 0 ? ldexp(roots[i], k) : roots[i];
        af_vec3_f64 R = reach_at(&r, roots[i]);
        double lb = r.mf + r.s * roots[i];
        if (m != 0) {
            R = afr_vldexp(R, m);
            lb = ldexp(lb, m);
        }
        /* A flight that under- or overflows in seconds is no shot. */
        if (!(f > 0.0 && isfinite(f) && afr_vfinite(R) && isfinite(lb)))
            continue;
        out[count].f = f;
        out[count].R = R;
        out[count].lb = lb;
        count++;
    }
    return count;
}

af_status af_turret_aim_accel_f64(const af_turret_f64 *turret, const af_body_accel_f64 *target,
                                  const af_vec3_f64 *gravity, af_turret_shots_f64 *out)
{
    struct aim a;
    afr_turret_flights_f64 fn;
    afr_head_f64 head;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target || !afr_vfinite(target->position) || !afr_vfinite(target->velocity) ||
        !afr_vfinite(target->acceleration) || !gravity || !afr_vfinite(*gravity) ||
        !afr_turret_frame_f64(turret, &head))
        return AF_ERR_BAD_ARGUMENT;
    a.turret = turret;
    a.D0 = afr_vsub(target->position, turret->pivot);
    a.Vrel = afr_vsub(target->velocity, turret->velocity);
    a.Vt = target->velocity;
    a.acc = target->acceleration;
    a.inherit = (turret->flags & AF_INHERIT_VELOCITY) != 0;
    a.G = afr_viszero(a.acc) ? afr_vscale(*gravity, -0.5)
                             : afr_vscale(afr_vsub(a.acc, *gravity), 0.5);
    if (!afr_vfinite(a.D0) || !afr_vfinite(a.Vrel) || !afr_vfinite(a.G))
        return AF_ERR_OVERFLOW;
    fn.flights = flights;
    fn.keep = NULL;
    fn.ctx = &a;
    return afr_turret_search_f64(turret, target, &fn, out);
}

af_status af_turret_aim_f64(const af_turret_f64 *turret, const af_body_f64 *target,
                            const af_vec3_f64 *gravity, af_turret_shots_f64 *out)
{
    af_body_accel_f64 body;
    af_status status = afr_turret_steady_f64(target, &body, out);
    if (status != AF_OK)
        return status;
    return af_turret_aim_accel_f64(turret, &body, gravity, out);
}
