/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed direction and free speed, in vacuum, double
 * precision (see aimfix/fixed_launch.h), and the scene both fixed
 * launchers share (fixed_launch_f64.h; the fixed elevation is in
 * fixed_elev_f64.c).
 *
 * Relative to the launch point the target is met after t when the
 * projectile's s d t equals R(t) = D + V t + a t^2/2 (a: the target's
 * acceleration minus gravity). A fixed direction d needs the part of R
 * square to d to vanish: two quadratics in t (along two axes square to d),
 * whose common roots are kept.
 */
#include "aimfix/fixed_launch.h"

#include "check_f64.h"
#include "fixed_launch_f64.h"
#include "roots_f64.h"

/* A target off the reachable plane by at most this much of the scene's
 * size counts as in it (rounding of the inputs' projections). */
#define PLANE_TOL 0x1p-36


af_status afr_fixed_setup_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                              const af_vec3_f64 *gravity, unsigned flags, afr_fixed_f64 *p)
{
    if (!afr_body_ok_f64(shooter) || !target || !afr_vfinite(target->position) ||
        !afr_vfinite(target->velocity) || !afr_vfinite(target->acceleration) || !gravity ||
        !afr_vfinite(*gravity))
        return AF_ERR_BAD_ARGUMENT;
    p->target = *target;
    p->d = afr_vsub(target->position, shooter->position);
    p->v = (flags & AF_INHERIT_VELOCITY) ? afr_vsub(target->velocity, shooter->velocity)
                                         : target->velocity;
    p->a = afr_vsub(target->acceleration, *gravity);
    if (!afr_vfinite(p->d) || !afr_vfinite(p->v) || !afr_vfinite(p->a))
        return AF_ERR_OVERFLOW;
    return AF_OK;
}

af_vec3_f64 afr_fixed_reach_f64(const afr_fixed_f64 *p, double t)
{
    return afr_vaddk(afr_vaddk(p->d, p->v, t), p->a, 0.5 * t * t);
}

double afr_fixed_scale_f64(const afr_fixed_f64 *p, double t)
{
    return afr_vnorm(p->d) + afr_vnorm(p->v) * t + afr_vnorm(p->a) * 0.5 * t * t;
}

af_vec3_f64 afr_fixed_point_f64(const af_body_accel_f64 *target, double t)
{
    return afr_vaddk(afr_vaddk(target->position, target->velocity, t),
                     target->acceleration, 0.5 * t * t);
}

void afr_fixed_basis_f64(af_vec3_f64 d, af_vec3_f64 *e1, af_vec3_f64 *e2)
{
    /* The axis least along d, made square to it. */
    af_vec3_f64 axis = afr_vzero();
    double ax = fabs(d.x), ay = fabs(d.y), az = fabs(d.z);
    if (ax <= ay && ax <= az)
        axis.x = 1.0;
    else if (ay <= az)
        axis.y = 1.0;
    else
        axis.z = 1.0;
    axis = afr_vaddk(axis, d, -afr_vdot(axis, d));
    *e1 = afr_vdiv(axis, afr_vnorm(axis));
    e2->x = d.y * e1->z - d.z * e1->y;
    e2->y = d.z * e1->x - d.x * e1->z;
    e2->z = d.x * e1->y - d.y * e1->x;
}

/* Insert t into the ascending list (n entries, 2 AF_MAX_SHOTS at most).
 * Returns the new count. */
static int add_time(double *ts, int n, double t)
{
    int i, j;
    if (n >= 2 * AF_MAX_SHOTS)
        return n;
    for (i = 0; i < n && ts[i] < t; i++)
        ;
    for (j = n; j > i; j--)
        ts[j] = ts[j - 1];
    ts[i] = t;
    return n + 1;
}

/* Whether two times are the same root found twice (on both axes). */
static int same_time(double a, double b)
{
    return fabs(a - b) <= 0x1p-30 * fmax(a, b);
}

void afr_fixed_muzzle_shot_f64(const afr_fixed_f64 *p, af_shots_f64 *out)
{
    if (afr_viszero(p->d))
        afr_shots_push_f64(out, 0.0, afr_vzero(), p->target.position);
}

/* Whether R(t) . dir > 0 at some t > 0: a target on the launch line is
 * then met at every such time, else never. */
static int ahead_sometime(const afr_fixed_f64 *p, af_vec3_f64 dir)
{
    double d0 = afr_vdot(p->d, dir), d1 = afr_vdot(p->v, dir), d2 = afr_vdot(p->a, dir);
    if (d2 > 0.0 || d0 > 0.0 || (d2 == 0.0 && d1 > 0.0))
        return 1;
    /* d0 <= 0 and d2 <= 0: positive only around the vertex of a falling
     * quadratic that lies at t > 0. */
    return d2 < 0.0 && d1 > 0.0 && d0 - d1 * d1 / (2.0 * d2) > 0.0;
}

/* 2^-36 of the scene's size at t, each term scaled first: the size
 * itself overflows a double where R(t) may not, and an infinite
 * tolerance would take any time as a root. */
static double plane_tol(const afr_fixed_f64 *p, double t)
{
    return PLANE_TOL * afr_vnorm(p->d) + PLANE_TOL * afr_vnorm(p->v) * t +
           0.5 * PLANE_TOL * afr_vnorm(p->a) * t * t;
}

af_status afr_fixed_dir_solve_f64(const afr_fixed_f64 *p, af_vec3_f64 dir, af_shots_f64 *out)
{
    af_vec3_f64 e[2], coef[3];
    double ts[2 * AF_MAX_SHOTS], r[2], kept_off = 0.0;
    int n = 0, i, k, m;

    afr_fixed_muzzle_shot_f64(p, out);
    afr_fixed_basis_f64(dir, &e[0], &e[1]);
    coef[0] = p->d;
    coef[1] = p->v;
    coef[2] = afr_vscale(p->a, 0.5);
    {
        /* On the launch line at every time: every t meets the target, at
         * the speed R(t).d / t; no time is the answer. */
        int on_line = 1;
        for (k = 0; k < 3; k++) {
            af_vec3_f64 perp = afr_vaddk(coef[k], dir, -afr_vdot(coef[k], dir));
            if (afr_vnorm(perp) > PLANE_TOL * afr_vnorm(coef[k]))
                on_line = 0;
        }
        if (on_line)
            return ahead_sometime(p, dir) ? AF_ERR_OUT_OF_RANGE : AF_ERR_NO_SOLUTION;
    }
    for (k = 0; k < 2; k++) {
        double c0 = afr_vdot(coef[0], e[k]), c1 = afr_vdot(coef[1], e[k]),
               c2 = afr_vdot(coef[2], e[k]);
        if (c0 == 0.0 && c1 == 0.0 && c2 == 0.0)
            continue;
        m = afr_quadratic_roots_f64(c2, 0.5 * c1, c0, r);
        for (i = 0; i < m; i++)
            if (r[i] > 0.0 && isfinite(r[i]))
                n = add_time(ts, n, r[i]);
    }
    /* A root found on both axes comes twice, each to its own axis's
     * rounding: the one nearer the line is kept (a steep axis puts the
     * other's estimate far off it). */
    for (i = 0; i < n; i++) {
        double t = ts[i], along, s, off;
        af_vec3_f64 reach = afr_fixed_reach_f64(p, t), perp;
        along = afr_vdot(reach, dir);
        perp = afr_vaddk(reach, dir, -along);
        off = afr_vnorm(perp);
        s = along / t;
        if (!(off <= plane_tol(p, t)) || !(s > 0.0))
            continue;
        if (out->count && same_time(out->shot[out->count - 1].t, t)) {
            if (off < kept_off) {
                out->count--;
                kept_off = off;
                afr_shots_push_f64(out, t, afr_vscale(dir, s),
                                   afr_fixed_point_f64(&p->target, t));
            }
            continue;
        }
        if (out->count >= AF_MAX_SHOTS)
            break;
        kept_off = off;
        afr_shots_push_f64(out, t, afr_vscale(dir, s), afr_fixed_point_f64(&p->target, t));
    }
    if (!out->count)
        return AF_ERR_NO_SOLUTION;
    return afr_shots_finish_f64(out);
}

af_status af_fixed_dir_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                           const af_vec3_f64 *direction, const af_vec3_f64 *gravity,
                           unsigned flags, af_shots_f64 *out)
{
    afr_fixed_f64 p;
    af_status st;
    double len;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!direction || !afr_vfinite(*direction))
        return AF_ERR_BAD_ARGUMENT;
    len = afr_vnorm(*direction);
    if (!(len > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    st = afr_fixed_setup_f64(shooter, target, gravity, flags, &p);
    if (st != AF_OK)
        return st;
    st = afr_fixed_dir_solve_f64(&p, afr_vdiv(*direction, len), out);
    if (st != AF_OK)
        afr_shots_clear_f64(out);
    return st;
}
