/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, the aim at a fixed speed (f64): a static target's two
 * arcs straight by the joint Newton iteration from the vacuum's shots,
 * and the certificate that one alone is all there is.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "drag_f64.h"
#include "qdrag_speed_f64.h"

/* F at the loose tolerances decides a sign on its own when farther than
 * this part of the speed from zero. */
#define LOOSE_MARGIN 1e-2

/* The vacuum's times of flight at `speed` to the static target (no wind):
 * |D / T - g T / 2| = speed, a quadratic in T^2; 0 when out of its reach. */
int afr_qd_vacuum_times_f64(const aim *pb, double *t_low, double *t_high)
{
    af_vec3_f64 d = afr_vsub(pb->target.position, pb->shooter.position);
    double g2 = afr_vdot(pb->law.g, pb->law.g), b = afr_vdot(d, pb->law.g) + pb->speed * pb->speed;
    double disc = b * b - g2 * afr_vdot(d, d), r;
    if (!(g2 > 0.0) || !(disc >= 0.0) || !(b > 0.0))
        return 0;
    r = sqrt(disc);
    *t_high = sqrt(2.0 * (b + r) / g2);
    *t_low = sqrt(2.0 * afr_vdot(d, d) / (b + r));
    return 1;
}

/* How much the drag shortens a shot straight up and back down (no wind):
 * up in atan(s / v_t) / sqrt(g k) to ln(1 + s^2 / v_t^2) / (2 k), back
 * down in acosh(sqrt(1 + s^2 / v_t^2)) / sqrt(g k) (v_t = sqrt(g / k)),
 * over the vacuum's 2 s / g: the high arc's time shrinks about as much. */
static double high_stretch(const aim *pb)
{
    double g = pb->law.gn, k = pb->law.k, a = sqrt(g * k), x;
    if (!(k > 0.0) || !(g > 0.0))
        return 1.0;
    x = pb->speed / sqrt(g / k);
    /* acosh(sqrt(1 + x^2)) = ln(x + sqrt(1 + x^2)) for x >= 0. */
    return (atan2(x, 1.0) + log(x + sqrt(1.0 + x * x))) / a / (2.0 * pb->speed / g);
}

/* F > 0 at t_hi (the aim there in pb) and the low arc (T0, v0) found: the
 * high arc lies between them, next to t_hi when the first try overshot
 * it; by the joint iteration from the aim at t_hi, 2 with both arcs
 * recorded, else 0. */
static int high_from_bound(aim *pb, double t_hi, double T0, af_vec3_f64 v0, double *roots,
                           af_vec3_f64 *vs)
{
    double T = t_hi, tol = pb->tol, aim_tol = pb->aim_tol;
    af_vec3_f64 v = pb->v_last;
    int ok;
    /* At the full tolerances throughout: a loose flight's error could
     * carry the step past t_hi. */
    pb->tol = AF_QDRAG_TOL;
    pb->aim_tol = AIM_TOL;
    ok = afr_qd_joint_newton_f64(pb, T0, t_hi, JOINT_ITER, NULL, &T, &v);
    pb->tol = tol;
    pb->aim_tol = aim_tol;
    if (!ok || !(T - T0 > ldexp(T, -30)))
        return 0;
    roots[0] = T0;
    vs[0] = v0;
    roots[1] = T;
    vs[1] = v;
    return 2;
}

/* The arcs straight by the joint iteration from the vacuum's two shots,
 * their times stretched by the drag (the low one as a body slowed by
 * k s^2 alone: it covers ln(1 + k s0 T) / k in T, so reaching L takes
 * (e^(k L) - 1) / (k L) times longer; the high one by high_stretch), each
 * to the full tolerances (its chord flights at them): two distinct roots
 * are both arcs (there are at most two), recorded earliest
 * first; one root alone is the only arc when F < 0 at t_hi (F falls then
 * rises: t_hi lies between the roots), and when F > 0 there the high arc
 * is sought from t_hi. 0 (nothing recorded) otherwise, and the search
 * runs. */
int afr_qd_direct_arcs_f64(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs,
                           int *done)
{
    double T[2], tol = pb->tol, aim_tol = pb->aim_tol, f_hi, slope, noise;
    double distance = afr_vnorm(afr_vsub(pb->target.position, pb->shooter.position));
    double kl = fmin(pb->law.k * distance, 4.0);
    af_vec3_f64 v[2];
    int i, ok[2] = { 0, 0 };
    if (!afr_qd_vacuum_times_f64(pb, &T[0], &T[1]))
        return 0;
    if (kl > 0.0)
        T[0] *= expm1(kl) / kl;
    T[1] *= high_stretch(pb);
    for (i = 0; i < 2 && (i == 0 || ok[0]); i++) {
        T[i] = fmin(fmax(T[i], t_lo), t_hi);
        v[i] = afr_qd_vacuum_guess_f64(pb, T[i]);
        if (pb->law.stepped)
            pb->aim_tol = AIM_TOL;
        pb->full_at_chord = 1;
        ok[i] = afr_qd_joint_newton_f64(pb, t_lo, t_hi, JOINT_ITER, NULL, &T[i], &v[i]);
        pb->full_at_chord = 0;
        pb->tol = tol;
        pb->aim_tol = aim_tol;
    }
    if (!ok[0])
        return 0;
    if (ok[1] && fabs(T[1] - T[0]) > ldexp(fmax(T[0], T[1]), -30)) {
        done[0] = done[1] = 1;
        for (i = 0; i < 2; i++) {
            int from = (T[1] < T[0]) != i;
            roots[i] = T[from];
            vs[i] = v[from];
        }
        return 2;
    }
    /* Whether a second arc is left decides it: the loose flights' F
     * where it is far below zero (their error is a small part of
     * LOOSE_MARGIN of the speed), else F at the full accuracy. */
    pb->have = 0;
    f_hi = afr_qd_excess_f64(pb, t_hi, 1, &slope, &noise);
    if (!(f_hi < -LOOSE_MARGIN * pb->speed)) {
        pb->have = 0;
        pb->tol = AF_QDRAG_TOL;
        pb->aim_tol = AIM_TOL;
        f_hi = afr_qd_excess_f64(pb, t_hi, 1, &slope, &noise);
        pb->tol = tol;
        pb->aim_tol = aim_tol;
        if (!(f_hi < -noise)) {
            if (!(f_hi > noise && pb->have && high_from_bound(pb, t_hi, T[0], v[0], roots, vs)))
                return 0;
            done[0] = done[1] = 1;
            return 2;
        }
    }
    roots[0] = T[0];
    vs[0] = v[0];
    done[0] = 1;
    return 1;
}

