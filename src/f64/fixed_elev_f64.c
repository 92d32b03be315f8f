/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed elevation and free speed, in vacuum, double
 * precision (see aimfix/fixed_launch.h).
 *
 * A fixed elevation e needs the reach R's angle above the horizontal to be
 * e: cos e R_up = sin e |R_h|, squared into a quartic whose roots are
 * isolated by afr_poly_roots_f64 and refined on the product
 * (cos e R_up - sin e |R_h|)(cos e R_up + sin e |R_h|) evaluated from R
 * itself; the roots of the mirror angle -e are dropped by the sign of R_up.
 */
#include "aimfix/fixed_launch.h"

#include <float.h>

#include "check_f64.h"
#include "fixed_launch_f64.h"
#include "roots_f64.h"

struct elev {
    const afr_fixed_f64 *p; /* the scene scaled by 2^-e: the same roots in t */
    af_vec3_f64 up;
    double c, s;
    /* |R_up| and |R_h|'s terms' sizes (position, velocity, half the
     * acceleration): the bound of their rounding. */
    double up_size[3], h_size[3];
    int e;
};

static void split_up(const struct elev *el, af_vec3_f64 r, double *z, af_vec3_f64 *h)
{
    *z = afr_vdot(r, el->up);
    *h = afr_vaddk(r, el->up, -*z);
}

/* (c R_up - s |R_h|)(c R_up + s |R_h|), the quartic unexpanded, and its
 * slope 2 c^2 R_up R_up' - 2 s^2 R_h . R_h'. */
static double elev_product(double t, void *ctx, double *slope)
{
    const struct elev *el = ctx;
    af_vec3_f64 r = afr_fixed_reach_f64(el->p, t), dr = afr_vaddk(el->p->v, el->p->a, t), h, dh;
    double z, dz, hl;
    split_up(el, r, &z, &h);
    split_up(el, dr, &dz, &dh);
    hl = afr_vnorm(h);
    *slope = 2.0 * (el->c * el->c * z * dz - el->s * el->s * afr_vdot(h, dh));
    return (el->c * z - el->s * hl) * (el->c * z + el->s * hl);
}

/* The product's rounding: each factor's part to its own terms' sizes
 * (c^2 weighs the height's, s^2 the horizontal's; one size for both would
 * merge two roots of a near-vertical launch over a long drop). */
static double elev_tol(double t, void *ctx)
{
    const struct elev *el = ctx;
    double up = el->up_size[0] + (el->up_size[1] + el->up_size[2] * t) * t,
           h = el->h_size[0] + (el->h_size[1] + el->h_size[2] * t) * t;
    return 8.0 * DBL_EPSILON * (el->c * el->c * up * up + el->s * el->s * h * h);
}

/* t carried by Newton's steps to the root of c R_up - s |R_h| (32 at
 * most, until a step is below 2^-50 of t or the gap is within its
 * rounding): the squared quartic cannot tell its roots near R_up = 0,
 * where s^2 |R_h|^2 is below its rounding, from the root of R_up that
 * misses by s |R_h|. Where |R_h| turns sharply near its least the steps
 * only halve the distance for a while, and at the root they may hop
 * between two doubles. t itself when they do not settle (a root of the
 * other factor, c R_up + s |R_h|, far from R_up = 0). */
static double elev_refine(const struct elev *el, double t0)
{
    double t = t0;
    int i;
    for (i = 0; i < 32; i++) {
        af_vec3_f64 r = afr_fixed_reach_f64(el->p, t), dr = afr_vaddk(el->p->v, el->p->a, t), h,
                    dh;
        double z, dz, hl, g, slope, next;
        split_up(el, r, &z, &h);
        split_up(el, dr, &dz, &dh);
        hl = afr_vnorm(h);
        if (!(hl > 0.0))
            return t0;
        g = el->c * z - el->s * hl;
        if (fabs(g) <= 8.0 * DBL_EPSILON * afr_fixed_scale_f64(el->p, t))
            return t;
        slope = el->c * dz - el->s * afr_vdot(h, dh) / hl;
        next = t - g / slope;
        if (!(next > 0.0) || !isfinite(next))
            return t0;
        if (fabs(next - t) <= ldexp(t, -50))
            return next;
        t = next;
    }
    return t0;
}

/* c R_up - s |R_h| at t. */
static double elev_gap(const struct elev *el, double t)
{
    af_vec3_f64 h;
    double z;
    split_up(el, afr_fixed_reach_f64(el->p, t), &z, &h);
    return el->c * z - el->s * afr_vnorm(h);
}

/* Times in increasing order (4 at most). */
static void sort_times(double *t, int n)
{
    int i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && t[j] < t[j - 1]; j--) {
            double x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
}

/* The shot at a root t: at the elevation, towards R_h, the speed of
 * R(t) / t along that launch (|R(t)| / t at an exact root). Its miss is
 * the gap c R_up - s |R_h|: a t whose gap is beyond a quarter of
 * fixed_launch.h's 2^-36 of the scene is no root (near R = 0 the quartic
 * is a product of two small factors, within its rounding off any root). */
static void elev_push(const struct elev *el, double t, af_shots_f64 *out)
{
    af_vec3_f64 r = afr_fixed_reach_f64(el->p, t), h, u;
    double z, hl, speed;
    split_up(el, r, &z, &h);
    hl = afr_vnorm(h);
    /* A root of the other factor (-s) has R_up of the wrong sign, unless
     * R_up is within its rounding of 0, where the two are one; a reach
     * within its rounding of 0 (a drop meets the target) has no elevation. */
    if (!(hl > 0.0) || !(t > 0.0) ||
        afr_vnorm(r) <= 8.0 * DBL_EPSILON * afr_fixed_scale_f64(el->p, t) ||
        (el->s != 0.0 && !(z * el->s > 0.0) &&
         !(fabs(z) <= 8.0 * DBL_EPSILON * afr_fixed_scale_f64(el->p, t))) ||
        !(fabs(el->c * z - el->s * hl) <= 0x1p-38 * afr_fixed_scale_f64(el->p, t)))
        return;
    speed = ldexp((el->c * hl + el->s * z) / t, el->e);
    u = afr_vaddk(afr_vscale(afr_vdiv(h, hl), el->c * speed), el->up, el->s * speed);
    afr_shots_push_f64(out, t, u, afr_fixed_point_f64(&el->p->target, t));
}

static af_status elev_solve(struct elev *el, af_shots_f64 *out)
{
    const afr_fixed_f64 *p = el->p;
    double z[3], q[5], hh[5], roots[4], lower, upper, r[2];
    af_vec3_f64 h[3];
    int n = 4, i, m, shift = 0;
    afr_fixed_muzzle_shot_f64(p, out);
    split_up(el, p->d, &z[0], &h[0]);
    split_up(el, p->v, &z[1], &h[1]);
    split_up(el, afr_vscale(p->a, 0.5), &z[2], &h[2]);
    for (i = 0; i < 3; i++) {
        el->up_size[i] = fabs(z[i]);
        el->h_size[i] = afr_vnorm(h[i]);
    }
    if (el->s == 0.0) {
        /* Level: R_up(t) = 0, a quadratic (its square has only double
         * roots, which isolation would have to find by touching). */
        if (z[0] == 0.0 && z[1] == 0.0 && z[2] == 0.0)
            return out->count ? afr_shots_finish_f64(out) : AF_ERR_OUT_OF_RANGE;
        m = afr_quadratic_roots_f64(z[2], 0.5 * z[1], z[0], r);
        for (i = 0; i < m && out->count < AF_MAX_SHOTS; i++)
            if (r[i] > 0.0 && isfinite(r[i]))
                elev_push(el, r[i], out);
        return out->count ? afr_shots_finish_f64(out) : AF_ERR_NO_SOLUTION;
    }
    hh[0] = afr_vdot(h[0], h[0]);
    hh[1] = 2.0 * afr_vdot(h[0], h[1]);
    hh[2] = afr_vdot(h[1], h[1]) + 2.0 * afr_vdot(h[0], h[2]);
    hh[3] = 2.0 * afr_vdot(h[1], h[2]);
    hh[4] = afr_vdot(h[2], h[2]);
    q[0] = z[0] * z[0];
    q[1] = 2.0 * z[0] * z[1];
    q[2] = z[1] * z[1] + 2.0 * z[0] * z[2];
    q[3] = 2.0 * z[1] * z[2];
    q[4] = z[2] * z[2];
    for (i = 0; i < 5; i++) {
        q[i] = el->c * el->c * q[i] - el->s * el->s * hh[i];
        if (!isfinite(q[i]))
            return AF_ERR_OVERFLOW;
    }
    while (n >= 0 && q[n] == 0.0)
        n--;
    while (shift <= n && q[shift] == 0.0)
        shift++;
    if (n < 0)
        return out->count ? afr_shots_finish_f64(out) : AF_ERR_OUT_OF_RANGE;
    n -= shift;
    if (n == 0)
        return out->count ? afr_shots_finish_f64(out) : AF_ERR_NO_SOLUTION;
    afr_poly_root_bounds_f64(q + shift, n, &lower, &upper);
    m = afr_poly_roots_f64(q + shift, n, 0.0, 2.0 * upper, elev_product, elev_tol,
                           (void *)el, roots);
    for (i = 0; i < m; i++)
        roots[i] = elev_refine(el, roots[i]);
    /* The roots near R_up = 0 from R_up's own, which the quartic may have
     * merged into a double root or lost. */
    if (z[0] != 0.0 || z[1] != 0.0 || z[2] != 0.0) {
        int k, j, nr = afr_quadratic_roots_f64(z[2], 0.5 * z[1], z[0], r);
        for (k = 0; k < nr && m < 4; k++) {
            double t = r[k] > 0.0 && isfinite(r[k]) ? elev_refine(el, r[k]) : 0.0;
            int known = !(t > 0.0);
            for (j = 0; j < m && !known; j++)
                known = fabs(roots[j] - t) <= ldexp(t, -30);
            if (!known && fabs(elev_gap(el, t)) <= 8.0 * DBL_EPSILON * afr_fixed_scale_f64(p, t))
                roots[m++] = t;
        }
    }
    sort_times(roots, m);
    for (i = 0; i < m && out->count < AF_MAX_SHOTS; i++)
        if (i == 0 || roots[i] - roots[i - 1] > ldexp(roots[i], -30))
            elev_push(el, roots[i], out);
    return out->count ? afr_shots_finish_f64(out) : AF_ERR_NO_SOLUTION;
}

af_status af_fixed_elev_f64(const af_body_f64 *shooter, const af_body_accel_f64 *target,
                            double elevation, const af_vec3_f64 *gravity, unsigned flags,
                            af_shots_f64 *out)
{
    afr_fixed_f64 p, scaled;
    struct elev el;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!isfinite(elevation) || fabs(elevation) > AFR_HALF_PI || !gravity ||
        !afr_vfinite(*gravity) || afr_gravity_up_f64(gravity, &el.up) == 0.0)
        return AF_ERR_BAD_ARGUMENT;
    st = afr_fixed_setup_f64(shooter, target, gravity, flags, &p);
    if (st != AF_OK)
        return st;
    if (fabs(elevation) == AFR_HALF_PI)
        st = afr_fixed_dir_solve_f64(&p, elevation > 0.0 ? el.up : afr_vscale(el.up, -1.0), out);
    else {
        el.p = &scaled;
        el.c = cos(elevation);
        el.s = sin(elevation);
        st = afr_fixed_scaled_f64(&p, &scaled, &el.e);
        if (st == AF_OK)
            st = elev_solve(&el, out);
    }
    if (st != AF_OK)
        afr_shots_clear_f64(out);
    return st;
}
