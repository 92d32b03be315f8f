/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: the launch velocities of a chosen speed (root finding on
 * the time of flight, as for linear drag: F(T) = |u(T)| - speed), from the
 * static search (qdrag_static_f64.c) or the scan (qdrag_scan_f64.c), each
 * root polished (qdrag_root_f64.c).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "drag_f64.h"
#include "qdrag_speed_f64.h"

/*
 * A lower bound on every hit's time that the drag gives: the speed s
 * relative to the air obeys ds/dt <= |g| - k s^2, so s - v_t (v_t =
 * sqrt(|g| / k), above the terminal speed whatever c is) decays at least
 * as fast as under k s^2 alone, s(t) <= v_t + s0 / (1 + k s0 t), and in T
 * the body covers at most v_t T + ln(1 + k s0 T) / k through the air, plus
 * |w| T with it. A hit at T needs that plus the target's own |V| T to
 * reach |D|; the smallest such T by 60 halvings.
 */
static double drag_bound(const aim *pb, double speed, double v_far, double distance,
                         double max_time)
{
    double k = pb->law.k, w = afr_vnorm(pb->law.w), s0 = speed + v_far + w,
           vt = sqrt(pb->law.gn / k);
    double lo = 0.0, hi = max_time;
    int i;
    for (i = 0; i < 60; i++) {
        double T = 0.5 * (lo + hi);
        if ((vt + w + v_far) * T + log1p(k * s0 * T) / k < distance)
            lo = T;
        else
            hi = T;
    }
    return lo;
}

/* af_qdrag_aim_speed_f64 and its accelerating twin (accel NULL: none). */
static af_status aim_speed(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                           const af_body_f64 *target, const af_vec3_f64 *accel, double speed,
                           double max_time, unsigned flags, af_shots_f64 *out)
{
    aim pb;
    double roots[AF_MAX_SHOTS], distance, t_lo, v_far;
    af_vec3_f64 vs[AF_MAX_SHOTS];
    int done[AF_MAX_SHOTS] = { 0 }; /* roots already at the full tolerances */
    int n, i;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    st = afr_qd_aim_setup_f64(&pb, drag, shooter, target, accel, flags);
    if (st != AF_OK)
        return st;
    if (!isfinite(speed) || !(speed > 0.0) || !isfinite(max_time) || !(max_time > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    pb.speed = speed;
    /* |v - w| grows at most at |g|, so the body covers at most
     * T (|v0| + 2 |w| + |g| T / 2) in T: no hit comes sooner than t_lo. */
    distance = afr_vnorm(afr_vsub(target->position, shooter->position));
    /* The target's speed over the flights: its acceleration's part at
     * max_time at most. */
    v_far = afr_vnorm(target->velocity) + afr_vnorm(pb.accel) * max_time +
            (pb.inherit ? afr_vnorm(shooter->velocity) : 0.0);
    t_lo = distance / (speed + v_far + 2.0 * afr_vnorm(pb.law.w) + 0.5 * pb.law.gn * max_time);
    if (pb.law.k > 0.0 && distance > 0.0)
        t_lo = fmax(t_lo, drag_bound(&pb, speed, v_far, distance, max_time));
    if (distance == 0.0) {
        afr_shots_push_f64(out, 0.0, afr_vzero(), target->position);
        t_lo = max_time * 1e-9;
    }
    if (!(t_lo < max_time))
        return out->count ? afr_shots_finish_f64(out) : AF_ERR_NO_SOLUTION;
    {
        /* The roots at loose tolerances (a static target's search, else
         * or should it fail the scan), each root then polished unless the
         * engine's exact flights already met the full miss; should one
         * not converge (or two meet), the scan again at the full
         * tolerances. */
        aim fresh = pb;
        int ok = 1;
        pb.tol = pb.law.stepped ? AF_QDRAG_TOL : SCAN_FLIGHT_TOL;
        pb.aim_tol = SCAN_AIM_TOL;
        n = pb.static_target ? afr_qd_static_roots_f64(&pb, t_lo, max_time, roots, vs, done) : -1;
        if (n < 0) {
            memset(done, 0, sizeof done);
            pb = fresh;
            pb.tol = pb.law.stepped ? AF_QDRAG_TOL : SCAN_FLIGHT_TOL;
            pb.aim_tol = SCAN_AIM_TOL;
            n = afr_qd_scan_roots_f64(&pb, t_lo, max_time, roots, vs);
        }
        pb = fresh;
        for (i = 0; i < n && ok; i++)
            ok = (done[i] || afr_qd_polish_f64(&pb, max_time, &roots[i], &vs[i])) &&
                 (i == 0 || roots[i] - roots[i - 1] > ldexp(roots[i], -30));
        if (!ok) {
            n = afr_qd_scan_roots_f64(&pb, t_lo, max_time, roots, vs);
            n = afr_qd_true_roots_f64(&pb, max_time, roots, vs, n);
        }
    }
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++)
        afr_shots_push_f64(out, roots[i], pb.inherit ? afr_vsub(vs[i], shooter->velocity) : vs[i],
                           afr_qd_point_f64(&pb, roots[i]));
    if (out->count == 0)
        return AF_ERR_NO_SOLUTION;
    return afr_shots_finish_f64(out);
}

af_status af_qdrag_aim_speed_f64(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                                 const af_body_f64 *target, double speed, double max_time,
                                 unsigned flags, af_shots_f64 *out)
{
    return aim_speed(drag, shooter, target, NULL, speed, max_time, flags, out);
}

af_status af_qdrag_aim_speed_accel_f64(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                                       const af_body_accel_f64 *target, double speed,
                                       double max_time, unsigned flags, af_shots_f64 *out)
{
    af_body_f64 b;
    if (!target) {
        if (out)
            afr_shots_clear_f64(out);
        return AF_ERR_BAD_ARGUMENT;
    }
    b.position = target->position;
    b.velocity = target->velocity;
    return aim_speed(drag, shooter, &b, &target->acceleration, speed, max_time, flags, out);
}
