/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag: the launch velocity for a chosen time of flight (closed
 * form), the speed equation over that time, and the launch velocities of a
 * chosen speed (its roots, found by drag_aim_scan_f64.c).
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

#include "drag_aim_f64.h"
#include "drag_cap_f64.h"

static af_status aim_setup(drag_aim_problem_f64 *pb, const af_drag_f64 *drag,
                           const af_body_f64 *shooter, const af_body_f64 *target, unsigned flags)
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
 * engine). Under strong drag b is about T / mu and underflows long after
 * 2^-480 s while b / a (about T) does not: the scaled parts then too. */
static double pull_per_reach(const drag_law_f64 *law, double T, const drag_coef_f64 *k)
{
    double x;
    if (T >= AIM_SHORT_TIME && fpclassify(k->a) == FP_NORMAL && fpclassify(k->b) == FP_NORMAL)
        return k->b / k->a;
    x = scaled_x(law, T);
    return law->sigma * (law->lag + law->rho * T * afr_drag_phi2(x)) /
           (law->rho * afr_drag_phi1(x));
}

/* The target's mean velocity over [0, T], V + A T/2 (V itself, the same
 * bits, when it does not accelerate): it is at P + that times T. */
static af_vec3_f64 mean_velocity(const drag_aim_problem_f64 *pb, double T)
{
    return pb->accelerates ? afr_vaddk(pb->target.velocity, pb->accel, 0.5 * T)
                           : pb->target.velocity;
}

/* The launcher's velocity u(T) for a hit at T > 0, the world launch
 * velocity v0 and the target's position then; k receives the coefficients. */
static af_vec3_f64 aim_velocity(const drag_aim_problem_f64 *pb, double T, drag_coef_f64 *k,
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
    drag_aim_problem_f64 pb;
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
double afr_drag_aim_excess_f64(drag_aim_problem_f64 *pb, double T, int times_t, double *slope,
                               double *noise)
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
    /* u.du beyond the doubles where both are near sqrt(DBL_MAX) (a target
     * at 1e154 m/s): the slope from u's direction instead. */
    if (!isfinite(*slope) && len > 0.0 && isfinite(len))
        *slope = afr_vdot(afr_vscale(u, 1.0 / len), du);
    /* A subnormal T is itself a coarse number: its last place, relative to
     * it, is how far apart the times F can be evaluated at lie. */
    *noise = fmax(8.0 * DBL_EPSILON, ldexp(1.0, -1074) / T) *
                 per_reach1(&pb->law, T, &k,
                            afr_vnorm(afr_vsub(pb->target.position, pb->shooter.position)) +
                                (afr_vnorm(pb->target.velocity) + pb->accel_half * T) * T) +
             8.0 * DBL_EPSILON *
             (afr_vnorm(pb->law.accel) * pull_per_reach(&pb->law, T, &k) +
              (pb->inherit ? afr_vnorm(pb->shooter.velocity) : 0.0) + afr_vnorm(pb->law.shift) +
              pb->speed);
    return len - pb->speed;
}

/* Whether the aim at T fits the doubles: a(T), b(T), the target's
 * position then and the launch velocity. */
static int aim_fits(drag_aim_problem_f64 *pb, double T)
{
    drag_coef_f64 k;
    af_vec3_f64 v0, point, u = aim_velocity(pb, T, &k, &v0, &point);
    return isfinite(k.a) && isfinite(k.b) && afr_vfinite(u) && afr_vfinite(point);
}

/* a(T) and b(T) alone. */
static int coef_fits(const drag_aim_problem_f64 *pb, double T)
{
    drag_coef_f64 k;
    afr_drag_coef_at_f64(&pb->law, T, &k);
    return isfinite(k.a) && isfinite(k.b);
}

/* max_time if the aim (`whole`) or its coefficients fit there, else the
 * last time in [fits, max_time] where they do, `fits` fitting: the
 * exponent bisected (64 halvings: the widest ratio of doubles is 2^2098). */
static double last_fitting_time(drag_aim_problem_f64 *pb, double fits, double max_time,
                                int whole)
{
    double beyond = max_time;
    int i;
    if (whole ? aim_fits(pb, max_time) : coef_fits(pb, max_time))
        return max_time;
    for (i = 0; i < 64; i++) {
        double mid = sqrt(fits) * sqrt(beyond);
        if (!(mid > fits && mid < beyond))
            break;
        if (whole ? aim_fits(pb, mid) : coef_fits(pb, mid))
            fits = mid;
        else
            beyond = mid;
    }
    return fits;
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
    drag_aim_problem_f64 pb;
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
    /* Past about 1.9e154 s without drag the pull's displacement b(T)
     * overflows: the search ends at the last time where it fits (drag.h). */
    max_time = last_fitting_time(&pb, 1.0, max_time, 0);
    afr_drag_coef_at_f64(&pb.law, max_time, &k);
    drift = afr_vnorm(pb.law.accel) * (k.b / max_time); /* b near DBL_MAX: divided first */
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
    /* A fast target's position, and the velocity that meets it, leave
     * the doubles long before b(T) does (1e152 s at 1e156 m/s): the
     * search ends there too, where the sign of the speed equation is
     * still known. */
    if (t_lo < max_time && aim_fits(&pb, t_lo))
        max_time = last_fitting_time(&pb, t_lo, max_time, 1);
    if (!(t_lo < max_time))
        return out->count
                   ? afr_drag_cap_shots_f64(drag, shooter, flags, afr_shots_finish_f64(out), out)
                   : AF_ERR_NO_SOLUTION;
    n = afr_drag_aim_scan_f64(&pb, t_lo, max_time, distance > 0.0, roots);
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        af_vec3_f64 v0, point, u = aim_velocity(&pb, roots[i], &k, &v0, &point);
        afr_shots_push_f64(out, roots[i], u, point);
    }
    if (out->count == 0)
        return AF_ERR_NO_SOLUTION;
    return afr_drag_cap_shots_f64(drag, shooter, flags, afr_shots_finish_f64(out), out);
}
