/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, the aim at a fixed speed (f64): F(T) = |u(T)| - speed
 * (u(T) the fixed-time aim of qdrag_aim_f64.c), the roots of F by the
 * bracketed Newton iteration or by Newton's method on the launch velocity
 * and the time together, and the roots recorded.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "drag_f64.h"
#include "qdrag_speed_f64.h"

/* F(T) = |u(T)| - speed and F'(T), starting from the last aim solved;
 * with sign_only, F only to its sign. */
double afr_qd_excess_f64(aim *pb, double T, int sign_only, double *slope, double *noise)
{
    af_vec3_f64 guess =
        pb->have ? afr_vaddk(pb->v_last, pb->dv_last, T - pb->t_last) : afr_qd_vacuum_guess_f64(pb, T);
    af_vec3_f64 v, dv, u;
    double len, sv;
    *slope = 0.0;
    *noise = 0.0;
    if (afr_qd_solve_time_f64(pb, T, guess, sign_only, &v, &dv) != AF_OK &&
        (!pb->have || afr_qd_solve_time_f64(pb, T, afr_qd_vacuum_guess_f64(pb, T), sign_only, &v, &dv) != AF_OK)) {
        pb->have = 0;
        return OUT_OF_REACH;
    }
    pb->have = 1;
    pb->t_last = T;
    pb->v_last = v;
    pb->dv_last = dv;
    u = pb->inherit ? afr_vsub(v, pb->shooter.velocity) : v;
    len = afr_vnorm(u);
    *slope = len > 0.0 ? afr_vdot(u, dv) / len : 0.0;
    /* The aim is solved to AIM_TOL of the reach: F is known to about that
     * much of the speeds that make it up (the shooter's only inherited). */
    sv = pb->inherit ? afr_vnorm(pb->shooter.velocity) : 0.0;
    *noise = 10.0 * pb->aim_tol * (len + pb->speed + sv);
    return len - pb->speed;
}

/* F and -F as the bracketed Newton iteration's increasing functions. */
static double speed_excess(double T, void *ctx, double *slope, double *noise)
{
    return afr_qd_excess_f64(ctx, T, 0, slope, noise);
}

static double speed_deficit(double T, void *ctx, double *slope, double *noise)
{
    double f = afr_qd_excess_f64(ctx, T, 0, slope, noise);
    *slope = -*slope;
    return -f;
}

af_status afr_qd_refine_root_f64(aim *pb, double lo, double hi, double f_lo, double f_hi, double *T)
{
    double x0 = f_lo < OUT_OF_REACH && f_hi < OUT_OF_REACH
                    ? lo + (hi - lo) * (f_lo / (f_lo - f_hi))
                    : (f_lo < OUT_OF_REACH ? lo : hi);
    int steps;
    return afr_drag_newton_f64(f_lo < 0.0 ? speed_excess : speed_deficit, pb, lo, hi, x0,
                               ldexp(hi, -DRAG_NEWTON_TOL_BITS), T, &steps);
}

/*
 * Newton's method on the launch velocity and the time together, from (T,
 * v), at the aim's tolerances: the miss p(T; v) - P(T) = 0 with the launch
 * speed held on its sphere (v is projected onto it first and after each
 * step), dT from the speed's row: with x_m = J^-1 (-miss) and x_a = J^-1
 * (v(T) - V), dT = n.x_m / n.x_a and dv = x_m - x_a dT (n the launch
 * direction). With jc not NULL, J is jc throughout and the flights carry
 * no Jacobian (a chord iteration: each shrinks the miss by J's relative
 * error); without, J is kept the same way once the miss is below
 * CHORD_MISS of the reach. 1 once the miss is below pb->aim_tol of the reach with T in
 * [lo, hi]; 0 when an iteration does not halve the miss, T leaves [lo, hi]
 * or `iters` flights are not enough. With pb->full_at_chord, the chord
 * flights are at the full tolerances (and only their miss counts).
 */
int afr_qd_joint_newton_f64(aim *pb, double lo, double hi, int iters, const double *jc, double *T,
                            af_vec3_f64 *v)
{
    af_vec3_f64 vs = pb->inherit ? pb->shooter.velocity : afr_vzero();
    double prev = INFINITY, len0 = afr_vnorm(afr_vsub(*v, vs)), jk[9];
    int it;
    if (!(len0 > 0.0) || !(*T >= lo && *T <= hi))
        return 0;
    *v = afr_vaddk(vs, afr_vsub(*v, vs), pb->speed / len0);
    for (it = 0; it < iters; it++) {
        af_vec3_f64 point = afr_qd_point_f64(pb, *T);
        af_vec3_f64 miss, vt, xm, xa, u = afr_vsub(*v, vs), n;
        double j[9], err, len = afr_vnorm(u), dT;
        double scale = afr_vnorm(afr_vsub(point, pb->shooter.position)) + afr_vnorm(*v) * *T;
        if (afr_qd_aim_fly_f64(pb, *v, *T, point, &miss, jc ? NULL : j, &vt) != AF_OK)
            return 0;
        if (jc)
            memcpy(j, jc, sizeof j);
        err = afr_vnorm(miss);
        if (err <= pb->aim_tol * scale && !(pb->full_at_chord && pb->tol != AF_QDRAG_TOL))
            return 1;
        /* Close enough that J hardly changes up to the root: chord
         * iterations on this one, flights without the Jacobian. */
        if (!jc && err <= CHORD_MISS * scale) {
            memcpy(jk, j, sizeof jk);
            jc = jk;
        }
        /* Newton's quadratic convergence halves the miss at the least. */
        if (!(err < 0.5 * prev) || !(len > 0.0))
            return 0;
        prev = err;
        /* From here chord flights at the full tolerances, whose miss
         * starts over by the loose flights' error. */
        if (jc && pb->full_at_chord && pb->tol != AF_QDRAG_TOL) {
            pb->tol = AF_QDRAG_TOL;
            pb->aim_tol = AIM_TOL;
            prev = INFINITY;
        }
        n = afr_vdiv(u, len);
        if (!afr_qd_solve3_f64(j, afr_vscale(miss, -1.0), &xm) ||
            !afr_qd_solve3_f64(j, afr_vsub(vt, afr_qd_target_velocity_f64(pb, *T)), &xa))
            return 0;
        dT = afr_vdot(n, xm) / afr_vdot(n, xa);
        if (!isfinite(dT) || !(*T + dT >= lo) || !(*T + dT <= hi))
            return 0;
        *T += dT;
        u = afr_vadd(afr_vaddk(u, xa, -dT), xm);
        len = afr_vnorm(u);
        if (!(len > 0.0))
            return 0;
        *v = afr_vaddk(vs, u, pb->speed / len);
    }
    return 0;
}

/* Records the root T with its launch velocity v (unless it repeats the
 * last one). */
int afr_qd_push_root_f64(double *roots, af_vec3_f64 *vs, int n, double T, af_vec3_f64 v)
{
    if (n >= AF_MAX_SHOTS || (n > 0 && T - roots[n - 1] <= ldexp(T, -40)))
        return n;
    roots[n] = T;
    vs[n] = v;
    return n + 1;
}

/* Records the root T with its launch velocity, solved from the aim the
 * refinement last made (next to T). */
int afr_qd_add_root_f64(aim *pb, double *roots, af_vec3_f64 *vs, int n, double T)
{
    double slope, noise;
    if (n >= AF_MAX_SHOTS || (n > 0 && T - roots[n - 1] <= ldexp(T, -40)))
        return n;
    (void)afr_qd_excess_f64(pb, T, 0, &slope, &noise);
    if (!pb->have)
        return n;
    roots[n] = T;
    vs[n] = pb->v_last;
    return n + 1;
}

/* A scanned root (T, v) at the full tolerances: chord iterations with the
 * Jacobian of one loose flight (plain flights), else Newton's method. */
int afr_qd_polish_f64(aim *pb, double max_time, double *T, af_vec3_f64 *v)
{
    af_vec3_f64 point = afr_qd_point_f64(pb, *T), miss, vt;
    af_vec3_f64 v0 = *v;
    double T0 = *T, jc[9], tol = pb->tol;
    af_status st;
    pb->tol = pb->law.stepped ? AF_QDRAG_TOL : SCAN_FLIGHT_TOL;
    st = afr_qd_aim_fly_f64(pb, *v, *T, point, &miss, jc, &vt);
    pb->tol = tol;
    if (st == AF_OK && afr_qd_joint_newton_f64(pb, 0.0, max_time, POLISH_ITER, jc, T, v))
        return 1;
    *T = T0;
    *v = v0;
    return afr_qd_joint_newton_f64(pb, 0.0, max_time, POLISH_ITER, NULL, T, v);
}

/* The full-tolerance scan's roots kept only where they are true roots:
 * their launch speed the one asked within F's noise (as afr_qd_excess_f64
 * has it), else polished onto it. A bracket can close where F leaves the
 * times in reach (the edge of the launches refused for a folding first
 * step, or where the fixed-time aim's branch turns back): the aim there
 * is no shot at the speed unless the joint iteration finds one near it.
 * The count kept. */
int afr_qd_true_roots_f64(aim *pb, double max_time, double *roots, af_vec3_f64 *vs, int n)
{
    af_vec3_f64 vsh = pb->inherit ? pb->shooter.velocity : afr_vzero();
    int i, kept = 0;
    for (i = 0; i < n; i++) {
        double T = roots[i], len = afr_vnorm(afr_vsub(vs[i], vsh));
        double noise = 10.0 * pb->aim_tol * (len + pb->speed + afr_vnorm(vsh));
        af_vec3_f64 v = vs[i];
        if (!(fabs(len - pb->speed) <= noise) && !afr_qd_polish_f64(pb, max_time, &T, &v))
            continue;
        if (kept > 0 && !(T - roots[kept - 1] > ldexp(T, -30)))
            continue;
        roots[kept] = T;
        vs[kept] = v;
        kept++;
    }
    return kept;
}
