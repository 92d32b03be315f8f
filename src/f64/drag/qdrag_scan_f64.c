/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, the aim at a fixed speed (f64): the scan of F(T) over
 * the time of flight, for moving targets and wherever the static
 * search cannot vouch for its answer; each sign change and each dip of F
 * solved (see aimfix/qdrag_aim.h).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "drag_f64.h"
#include "qdrag_speed_f64.h"

/* F' as the function whose root is F's turning point. */
static double speed_slope(double T, void *ctx, double *slope, double *noise)
{
    double f_slope, f_noise;
    (void)afr_qd_excess_f64(ctx, T, 0, &f_slope, &f_noise);
    *slope = 0.0;
    *noise = 0.0;
    return f_slope;
}

static double speed_slope_down(double T, void *ctx, double *slope, double *noise)
{
    return -speed_slope(T, ctx, slope, noise);
}

/* F's turning point between lo and hi (F' changes sign there). */
static double locate_dip(aim *pb, double lo, double hi, double f1_lo)
{
    double T = lo;
    int steps;
    (void)afr_drag_newton_f64(f1_lo < 0.0 ? speed_slope : speed_slope_down, pb, lo, hi, lo,
                              ldexp(hi, -30), &T, &steps);
    return T;
}

/* A root bracketed by the samples (lo, f_lo) and (hi, f_hi), solved
 * directly by joint_newton from the secant's time and the velocity the
 * aim at hi predicts there (pb holds that aim); 1 when it converges
 * inside the bracket. */
static int joint_root(aim *pb, double lo, double hi, double f_lo, double f_hi, double *T,
                      af_vec3_f64 *v)
{
    if (!(f_lo < OUT_OF_REACH && f_hi < OUT_OF_REACH) || !pb->have || pb->t_last != hi)
        return 0;
    *T = lo + (hi - lo) * (f_lo / (f_lo - f_hi));
    *v = afr_vaddk(pb->v_last, pb->dv_last, *T - hi);
    return afr_qd_joint_newton_f64(pb, lo, hi, JOINT_ITER, NULL, T, v);
}

/* The scan of af_qdrag_aim_speed_f64 (see aimfix/qdrag.h). */
int afr_qd_scan_roots_f64(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs)
{
    double T[2], F[2], F1[2], noise;
    aim saved;
    double ratio = pow(t_hi / t_lo, 1.0 / (AF_QDRAG_AIM_SCAN_POINTS - 1));
    int i, n = 0;

    T[0] = t_lo;
    F[0] = afr_qd_excess_f64(pb, T[0], 1, &F1[0], &noise);
    if (fabs(F[0]) <= noise)
        F[0] = 0.0;
    if (F[0] == 0.0)
        n = afr_qd_add_root_f64(pb, roots, vs, n, T[0]);
    for (i = 1; i < AF_QDRAG_AIM_SCAN_POINTS; i++) {
        double root;
        T[1] = i == AF_QDRAG_AIM_SCAN_POINTS - 1 ? t_hi : t_lo * pow(ratio, (double)i);
        F[1] = afr_qd_excess_f64(pb, T[1], 1, &F1[1], &noise);
        saved = *pb;
        if (F[1] == 0.0) {
            n = afr_qd_add_root_f64(pb, roots, vs, n, T[1]);
        } else if (F[0] != 0.0 && (F[0] < 0.0) != (F[1] < 0.0)) {
            af_vec3_f64 v;
            if (joint_root(pb, T[0], T[1], F[0], F[1], &root, &v))
                n = afr_qd_push_root_f64(roots, vs, n, root, v);
            else if (afr_qd_refine_root_f64(pb, T[0], T[1], F[0], F[1], &root) == AF_OK)
                n = afr_qd_add_root_f64(pb, roots, vs, n, root);
        } else if (F[0] != 0.0 && F[0] < OUT_OF_REACH && F[1] < OUT_OF_REACH &&
                   (F1[0] < 0.0) != (F1[1] < 0.0) && (F[0] > 0.0) == (F1[0] < 0.0)) {
            /* Moving towards zero at T0, away at T1: a turning point. */
            double Tm = locate_dip(pb, T[0], T[1], F1[0]), f1m, Fm;
            double tol = pb->tol, aim_tol = pb->aim_tol;
            /* Whether the dip reaches 0 decides two arcs: at the full
             * accuracy, however loose the scan. */
            pb->tol = AF_QDRAG_TOL;
            pb->aim_tol = AIM_TOL;
            Fm = afr_qd_excess_f64(pb, Tm, 0, &f1m, &noise);
            pb->tol = tol;
            pb->aim_tol = aim_tol;
            if ((Fm < 0.0) != (F[0] < 0.0) && Fm != 0.0) {
                if (afr_qd_refine_root_f64(pb, T[0], Tm, F[0], Fm, &root) == AF_OK)
                    n = afr_qd_add_root_f64(pb, roots, vs, n, root);
                if (afr_qd_refine_root_f64(pb, Tm, T[1], Fm, F[1], &root) == AF_OK)
                    n = afr_qd_add_root_f64(pb, roots, vs, n, root);
            } else if (Fm == 0.0) {
                n = afr_qd_add_root_f64(pb, roots, vs, n, Tm);
            }
        }
        /* The next sample starts from this one's aim, not from a refinement's. */
        *pb = saved;
        /* A static target has at most two arcs, and F falls then rises:
         * past its minimum and above zero (a sign-only sample's F and F'
         * confirmed by a full aim), no root is left. */
        if (pb->static_target && n >= 2)
            break;
        if (pb->static_target && F[1] > 0.0 && F1[1] > 0.0 && F[0] != 0.0 && F[1] > F[0]) {
            F[1] = afr_qd_excess_f64(pb, T[1], 0, &F1[1], &noise);
            if (F[1] > 0.0 && F1[1] > 0.0 && F[1] > F[0])
                break;
        }
        T[0] = T[1];
        F[0] = F[1];
        F1[0] = F1[1];
    }
    return n;
}

