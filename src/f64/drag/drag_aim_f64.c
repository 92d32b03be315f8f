/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag: the launch velocity for a chosen time of flight (closed
 * form) and the launch velocities of a chosen speed (root finding on the
 * time of flight).
 *
 * The projectile's position is linear in its launch velocity v0:
 *     p(T) = p0 + a(T) v0 + b(T) G        (drag_f64.h)
 * so meeting the target at P(T) = target + V T fixes
 *     v0(T) = (P(T) - p0 - b(T) G) / a(T)
 * and the velocity the launcher gives is u(T) = v0(T), minus the shooter's
 * velocity when the projectile inherits it (it then flies with u + v_shooter
 * through the air; drag acts on that).
 */
#include <float.h>
#include <math.h>

#include "drag_cap_f64.h"
#include "drag_f64.h"

typedef struct aim_problem {
    drag_law_f64 law;
    af_body_f64 shooter, target;
    af_vec3_f64 accel; /* the target's acceleration (zero for none) */
    double accel_half;  /* |accel| / 2 */
    int inherit, accelerates;
    double speed;
    int calls;
} aim_problem;

static af_status aim_setup(aim_problem *pb, const af_drag_f64 *drag, const af_body_f64 *shooter,
                           const af_body_f64 *target, unsigned flags)
{
    if (afr_drag_law_init_f64(drag, &pb->law) != AF_OK || !afr_body_ok_f64(shooter) ||
        !afr_body_ok_f64(target))
        return AF_ERR_BAD_ARGUMENT;
    pb->shooter = *shooter;
    pb->target = *target;
    pb->inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    pb->accel = afr_vzero();
    pb->accel_half = 0.0;
    pb->accelerates = 0;
    pb->speed = 0.0;
    pb->calls = 0;
    return AF_OK;
}

/*
 * Below 2^-480 s, T^2 and so b(T) underflow (for continuous drag b is
 * about T^2 / 2), and rho T, a(T)'s factor, rounds among the subnormals:
 * what the aim needs, v / a and b / a, is then formed from their scaled
 * parts, v / a = (v / T) / (rho phi1(x)) and
 * b / a = sigma (lag + rho T phi2(x)) / (rho phi1(x)), which do not
 * underflow (x = mu T, as afr_drag_coef_at_f64 takes it).
 */
#define AIM_SHORT_TIME ldexp(1.0, -480) /* not a literal: the float bench copy takes it as 0 */

static double scaled_x(const drag_law_f64 *law, double T)
{
    return isfinite(law->mu) ? law->mu * T : law->lambda * (T / law->dt);
}

/* v / a(T), of a number and of a vector. */
static double per_reach1(const drag_law_f64 *law, double T, const drag_coef_f64 *k, double v)
{
    if (T >= AIM_SHORT_TIME)
        return v / k->a;
    return (v / T) / (law->rho * afr_drag_phi1(scaled_x(law, T)));
}

static af_vec3_f64 per_reach(const drag_law_f64 *law, double T, const drag_coef_f64 *k,
                             af_vec3_f64 v)
{
    if (T >= AIM_SHORT_TIME)
        return afr_vdiv(v, k->a);
    return afr_vdiv(afr_vdiv(v, T), law->rho * afr_drag_phi1(scaled_x(law, T)));
}

/* b(T) / a(T): it tends to sigma lag / rho as T -> 0 (half a step for an
 * engine). */
static double pull_per_reach(const drag_law_f64 *law, double T, const drag_coef_f64 *k)
{
    double x;
    if (T >= AIM_SHORT_TIME)
        return k->b / k->a;
    x = scaled_x(law, T);
    return law->sigma * (law->lag + law->rho * T * afr_drag_phi2(x)) /
           (law->rho * afr_drag_phi1(x));
}

/* The target's mean velocity over [0, T], V + A T/2 (V itself, the same
 * bits, when it does not accelerate): it is at P + that times T. */
static af_vec3_f64 mean_velocity(const aim_problem *pb, double T)
{
    return pb->accelerates ? afr_vaddk(pb->target.velocity, pb->accel, 0.5 * T)
                           : pb->target.velocity;
}

/* The launcher's velocity u(T) for a hit at T > 0, the world launch
 * velocity v0 and the target's position then; k receives the coefficients. */
static af_vec3_f64 aim_velocity(const aim_problem *pb, double T, drag_coef_f64 *k,
                                af_vec3_f64 *v0, af_vec3_f64 *point)
{
    af_vec3_f64 reach, vel = mean_velocity(pb, T);
    afr_drag_coef_at_f64(&pb->law, T, k);
    *point = afr_vaddk(pb->target.position, vel, T);
    /* D + V T, not point - p0: at a short T the target's move V T is far
     * below its position, which would round it away before a divides. */
    reach = afr_vsub(pb->target.position, pb->shooter.position);
    if (T < AIM_SHORT_TIME) {
        /* V T may be a subnormal of a few bits there: (D / T + V) / (a / T). */
        reach = afr_vadd(afr_vdiv(reach, T), vel);
        reach = afr_vdiv(reach, pb->law.rho * afr_drag_phi1(scaled_x(&pb->law, T)));
    } else {
        reach = afr_vdiv(afr_vaddk(reach, vel, T), k->a);
    }
    /* (reach - b G) / a, divided term by term: b / a stays finite as T -> 0
     * (it tends to sigma lag / rho, half a step for an engine). */
    *v0 = afr_vaddk(reach, pb->law.accel, -pull_per_reach(&pb->law, T, k));
    /* The body's launch is the law's plus the shift (an engine that moves
     * first). */
    return afr_vsub(afr_vadd(*v0, pb->law.shift), pb->inherit ? pb->shooter.velocity : afr_vzero());
}

af_status af_drag_aim_time_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                               const af_body_f64 *target, double t, unsigned flags,
                               af_shots_f64 *out)
{
    aim_problem pb;
    drag_coef_f64 k;
    af_vec3_f64 u, v0, point;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (aim_setup(&pb, drag, shooter, target, flags) != AF_OK || !isfinite(t) || !(t > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    u = aim_velocity(&pb, t, &k, &v0, &point);
    afr_shots_push_f64(out, t, u, point);
    return afr_drag_cap_shots_f64(drag, shooter, flags, afr_shots_finish_f64(out), out);
}

/*
 * F(T) = |u(T)| - speed and its derivative: with v0 = N / a,
 *     u'(T) = (V + A T - db G - da v0) / a,   F' = u.u' / |u|,
 * or T F' (times_t), which has F''s sign and fits a double where F' does
 * not (a distance over a subnormal time squared).
 * Rounding: a few ulps of the terms |D| / a, |V| T / a and |b G| / a (and the
 * shooter's speed when inherited) that make up u.
 */
static double speed_at(aim_problem *pb, double T, int times_t, double *slope, double *noise)
{
    drag_coef_f64 k;
    af_vec3_f64 v0, point, u = aim_velocity(pb, T, &k, &v0, &point), rate, du;
    af_vec3_f64 vel = pb->accelerates ? afr_vaddk(pb->target.velocity, pb->accel, T)
                                      : pb->target.velocity;
    double len = afr_vnorm(u);
    pb->calls++;
    rate = afr_vsub(afr_vsub(vel, afr_vscale(pb->law.accel, k.db)), afr_vscale(v0, k.da));
    if (!times_t)
        du = per_reach(&pb->law, T, &k, rate);
    else if (T >= AIM_SHORT_TIME)
        du = afr_vscale(rate, T / k.a);
    else
        du = afr_vdiv(rate, pb->law.rho * afr_drag_phi1(scaled_x(&pb->law, T)));
    *slope = len > 0.0 ? afr_vdot(u, du) / len : 0.0;
    *noise = 8.0 * DBL_EPSILON *
             (per_reach1(&pb->law, T, &k,
                         afr_vnorm(afr_vsub(pb->target.position, pb->shooter.position)) +
                             (afr_vnorm(pb->target.velocity) + pb->accel_half * T) * T) +
              afr_vnorm(pb->law.accel) * pull_per_reach(&pb->law, T, &k) +
              (pb->inherit ? afr_vnorm(pb->shooter.velocity) : 0.0) + afr_vnorm(pb->law.shift) +
              pb->speed);
    return len - pb->speed;
}

static double speed_excess(double T, void *ctx, double *slope, double *noise)
{
    return speed_at(ctx, T, 0, slope, noise);
}

/* speed_excess with its sign flipped, for a stretch where F decreases
 * (afr_drag_newton_f64 wants an increasing function). */
static double speed_deficit(double T, void *ctx, double *slope, double *noise)
{
    double f = speed_excess(T, ctx, slope, noise);
    *slope = -*slope;
    return -f;
}

/* T F' alone (rising through a dip of F), and -T F' (through a hump), for
 * locating a turning point of F between two samples; their slope is not
 * known (0), so afr_drag_newton_f64 bisects. */
static double speed_slope(double T, void *ctx, double *slope, double *noise)
{
    double f_slope, f_noise;
    (void)speed_at(ctx, T, 1, &f_slope, &f_noise);
    *slope = 0.0;
    *noise = 0.0;
    return f_slope;
}

static double speed_slope_down(double T, void *ctx, double *slope, double *noise)
{
    return -speed_slope(T, ctx, slope, noise);
}

/* The root of F in (lo, hi), where F changes sign (f_lo, f_hi). */
static af_status refine_root(aim_problem *pb, double lo, double hi, double f_lo, double f_hi,
                             double *T)
{
    double x0, slope, noise;
    int steps, i;
    /* Newton's tolerance is 2^-50 of hi, and a scan cell can span 2^33 in
     * time (a subnormal distance's t_lo to max_time): a root near its
     * lower end would keep 17 bits. The bracket is first halved in its
     * logarithm until hi <= 2 lo (12 halvings at most: 2^2098 is the
     * widest ratio of two positive doubles). */
    for (i = 0; i < 12 && hi / 2.0 > lo; i++) {
        double mid = sqrt(lo) * sqrt(hi), f = speed_excess(mid, pb, &slope, &noise);
        if (!(mid > lo && mid < hi))
            break;
        if (fabs(f) <= noise) {
            *T = mid;
            return AF_OK;
        }
        if ((f < 0.0) == (f_lo < 0.0)) {
            lo = mid;
            f_lo = f;
        } else {
            hi = mid;
            f_hi = f;
        }
    }
    /* Start at the secant's root: F is smooth and the samples close. */
    x0 = lo + (hi - lo) * (f_lo / (f_lo - f_hi));
    return afr_drag_newton_f64(f_lo < 0.0 ? speed_excess : speed_deficit, pb, lo, hi, x0,
                           ldexp(hi, -DRAG_NEWTON_TOL_BITS), T, &steps);
}

/* Where F' = 0 in (lo, hi), F' going from f1_lo to the other sign. Only
 * the sign of F there matters, and F is flat there: 2^-30 of T is plenty
 * (31 bisections). */
static double locate_dip(aim_problem *pb, double lo, double hi, double f1_lo)
{
    double T = lo;
    int steps;
    (void)afr_drag_newton_f64(f1_lo < 0.0 ? speed_slope : speed_slope_down, pb, lo, hi, lo,
                          ldexp(hi, -30), &T, &steps);
    return T;
}

/* A meeting before 2^-1042 s is left out as underflowing (drag_aim.h):
 * its time, a subnormal of a few bits, cannot carry the speed. */
static int add_root(double *roots, int n, double T)
{
    if (n < AF_MAX_SHOTS && T >= ldexp(1.0, -1042)) /* AFR_MIN_TIME, 0 in the float copy */
        roots[n++] = T;
    return n;
}

/*
 * The scan: F at AF_DRAG_AIM_SCAN_POINTS times T_i, geometric from t_lo to
 * t_hi. Every sign change between neighbours is a root; where F keeps its
 * sign but its slope turns towards zero and back (a dip, or a hump when F
 * is negative) the turning point is located and, if F crosses zero there,
 * the two roots either side of it are refined.
 */
static int scan_roots(aim_problem *pb, double t_lo, double t_hi, int lo_bounds, double *roots)
{
    double T[2], F[2], F1[2], N[2], noise;
    /* The grid's steps in logarithms: t_hi / t_lo overflows for a
     * subnormal distance's t_lo (1e-312 s), and its powers with it. */
    double log_lo = log(t_lo), step = (log(t_hi) - log_lo) / (AF_DRAG_AIM_SCAN_POINTS - 1);
    int i, n = 0, band;

    T[0] = t_lo;
    F[0] = speed_excess(T[0], pb, &F1[0], &noise);
    N[0] = noise;
    /* t_lo bounds every root from below and can be one (a straight shot
     * with no drag or gravity meets at exactly |D| / speed): no sign change
     * before it can show that root, so zero within F's noise there is it.
     * Not for a target at the muzzle (lo_bounds 0), where t_lo is only
     * where the scan starts and the root at 0 is the t = 0 shot. */
    if (lo_bounds && fabs(F[0]) <= noise)
        F[0] = 0.0;
    /* At the muzzle the t = 0 root reaches as far as F stays within its
     * noise from the start: no other root can be told from it there. */
    band = !lo_bounds && fabs(F[0]) <= noise;
    if (F[0] == 0.0 && !band)
        n = add_root(roots, n, T[0]);
    for (i = 1; i < AF_DRAG_AIM_SCAN_POINTS; i++) {
        double root;
        T[1] = i == AF_DRAG_AIM_SCAN_POINTS - 1 ? t_hi : exp(log_lo + step * i);
        F[1] = speed_excess(T[1], pb, &F1[1], &N[1]);
        if (band) {
            band = fabs(F[1]) <= N[1];
        } else if (fabs(F[0]) <= N[0] && fabs(F[1]) <= N[1]) {
            /* Both within F's noise (a target as fast as the projectile
             * over decades of time): a zero or a sign change there is the
             * rounding's, one root of the stretch at most (where F entered
             * it), lest they crowd the roots beyond it out of the slots. */
        } else if (F[1] == 0.0) {
            n = add_root(roots, n, T[1]);
        } else if (F[0] != 0.0 && (F[0] < 0.0) != (F[1] < 0.0)) {
            if (refine_root(pb, T[0], T[1], F[0], F[1], &root) == AF_OK)
                n = add_root(roots, n, root);
        } else if (F[0] != 0.0 && (F1[0] < 0.0) != (F1[1] < 0.0) &&
                   (F[0] > 0.0) == (F1[0] < 0.0)) {
            /* Moving towards zero at T0, away at T1: a turning point. */
            double Tm = locate_dip(pb, T[0], T[1], F1[0]), f1m, Fm = speed_excess(Tm, pb, &f1m,
                                                                                 &noise);
            if ((Fm < 0.0) != (F[0] < 0.0) && fabs(Fm) > noise) {
                if (refine_root(pb, T[0], Tm, F[0], Fm, &root) == AF_OK)
                    n = add_root(roots, n, root);
                if (refine_root(pb, Tm, T[1], Fm, F[1], &root) == AF_OK)
                    n = add_root(roots, n, root);
            } else if (Fm == 0.0) {
                n = add_root(roots, n, Tm);
            }
        } else if (F[0] == 0.0 && F1[0] != 0.0 && (F1[0] < 0.0) != (F1[1] < 0.0) &&
                   (F1[0] < 0.0) != (F[1] < 0.0)) {
            /* A root at T0 (the scan's lower bound, or a sample), F
             * leaving it to one side and turning to end on the other: a
             * second root past the turning point (a target sweeping past
             * the muzzle, met on its way in and on its way out). */
            double Tm = locate_dip(pb, T[0], T[1], F1[0]), f1m, Fm = speed_excess(Tm, pb, &f1m,
                                                                                 &noise);
            if ((Fm < 0.0) != (F[1] < 0.0) && fabs(Fm) > noise &&
                refine_root(pb, Tm, T[1], Fm, F[1], &root) == AF_OK)
                n = add_root(roots, n, root);
        }
        T[0] = T[1];
        F[0] = F[1];
        F1[0] = F1[1];
        N[0] = N[1];
    }
    return n;
}

af_status af_drag_aim_speed_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                const af_body_f64 *target, double speed, double max_time,
                                unsigned flags, af_shots_f64 *out)
{
    return afr_drag_aim_speed_f64(drag, shooter, target, NULL, speed, max_time, flags, out);
}

af_status afr_drag_aim_speed_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                 const af_body_f64 *target, const af_vec3_f64 *accel,
                                 double speed, double max_time, unsigned flags,
                                 af_shots_f64 *out)
{
    aim_problem pb;
    drag_coef_f64 k;
    double roots[AF_MAX_SHOTS], distance, drift, t_lo;
    int n, i;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (aim_setup(&pb, drag, shooter, target, flags) != AF_OK || !isfinite(speed) ||
        !(speed > 0.0) || !isfinite(max_time) || !(max_time > 0.0) ||
        (accel && !afr_vfinite(*accel)))
        return AF_ERR_BAD_ARGUMENT;
    pb.speed = speed;
    if (accel && (accel->x != 0.0 || accel->y != 0.0 || accel->z != 0.0)) {
        pb.accel = *accel;
        pb.accel_half = 0.5 * afr_vnorm(*accel);
        pb.accelerates = 1;
    }
    /*
     * No solution comes before t_lo: a hit at T needs
     *     |D| <= speed a + |V| T + |G| b + (|v_shooter| + |shift|) a,
     * and a <= rho T (phi1 <= 1; rho <= 1 but for an engine that damps
     * last), b(T) <= T b(max_time) / max_time (b is convex from 0), so
     * T >= |D| / (speed + |V| + |v_shooter| + |shift| + |G| b(max_time) / max_time),
     * divided by rho when rho > 1; an accelerating target's A T^2/2 adds
     * at most |A| max_time / 2 to |V|.
     */
    distance = afr_vnorm(afr_vsub(target->position, shooter->position));
    afr_drag_coef_at_f64(&pb.law, max_time, &k);
    if (!isfinite(k.a) || !isfinite(k.b)) {
        /* Past about 1.9e154 s without drag the pull's displacement b(T)
         * overflows: the search ends at the last time where it fits
         * (drag.h), found by bisecting the exponent (60 steps). */
        double fits = 1.0, beyond = max_time;
        for (i = 0; i < 60; i++) {
            double mid = sqrt(fits) * sqrt(beyond);
            afr_drag_coef_at_f64(&pb.law, mid, &k);
            if (isfinite(k.a) && isfinite(k.b))
                fits = mid;
            else
                beyond = mid;
        }
        max_time = fits;
        afr_drag_coef_at_f64(&pb.law, max_time, &k);
    }
    drift = afr_vnorm(pb.law.accel) * k.b / max_time;
    t_lo = distance /
           (speed + afr_vnorm(target->velocity) + pb.accel_half * max_time +
            (pb.inherit ? afr_vnorm(shooter->velocity) : 0.0) + afr_vnorm(pb.law.shift) + drift);
    if (pb.law.rho > 1.0)
        t_lo /= pb.law.rho;
    /* A bound below the smallest double (a subnormal distance under a
     * strong pull) underflows to 0: the smallest double bounds too. */
    if (!(t_lo > 0.0) && distance > 0.0)
        t_lo = ldexp(1.0, -1074);
    if (distance == 0.0) {
        /* The target at the muzzle: nothing to aim now, then whatever
         * comes back to it. */
        afr_shots_push_f64(out, 0.0, afr_vzero(), target->position);
        t_lo = max_time * 1e-9;
    }
    if (!(t_lo < max_time))
        return out->count
                   ? afr_drag_cap_shots_f64(drag, shooter, flags, afr_shots_finish_f64(out), out)
                   : AF_ERR_NO_SOLUTION;
    n = scan_roots(&pb, t_lo, max_time, distance > 0.0, roots);
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        af_vec3_f64 v0, point, u = aim_velocity(&pb, roots[i], &k, &v0, &point);
        afr_shots_push_f64(out, roots[i], u, point);
    }
    if (out->count == 0)
        return AF_ERR_NO_SOLUTION;
    return afr_drag_cap_shots_f64(drag, shooter, flags, afr_shots_finish_f64(out), out);
}
