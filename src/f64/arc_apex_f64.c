/* SPDX-License-Identifier: MIT */
/*
 * Lobs whose vertical launch speed is picked by a policy (an apex height
 * or a vertical speed): the time of flight then follows from the vertical
 * motion alone, and the horizontal aim from where the target is at that
 * time. Double precision; see aimfix/ballistic.h.
 */
#include "aimfix/ballistic.h"

#include "check_f64.h"

/* The vertical launch speed the policy asks for, or a negative value when
 * the policy is unusable. h_target: the target's height above the launch
 * point; x: horizontal distance. */
static double policy_vertical_speed(const af_arc_policy_f64 *policy, double g, double h_target,
                                    double x)
{
    double value;
    if (!isfinite(policy->base) || !isfinite(policy->per_distance))
        return -1.0;
    value = policy->base + policy->per_distance * x;
    if (!(value > 0.0) || !isfinite(value))
        return -1.0;
    switch (policy->kind) {
    case AF_ARC_APEX_HEIGHT:
        /* Apex above the higher end: w^2 = 2 g H. */
        return sqrt(2.0 * g * (fmax(h_target, 0.0) + value));
    case AF_ARC_VERTICAL_SPEED:
        return value;
    }
    return -1.0;
}

/* The later root t of |g|/2 t^2 - b t + dz = 0 (the meeting on the way
 * down), |g| = gn 2^ge. Where b^2 or 2 |g| dz falls outside the normal
 * range, the equation is scaled by a power of two first, so that the
 * discriminant does not underflow to 0 (which halved t) or overflow.
 * Cancellation-free: (b + sqrt(disc)) / |g| when b > 0, else the equal
 * form 2 (-dz) / (sqrt(disc) - b). */
static af_status meeting_time(double b, double gn, int ge, double dz, double *t)
{
    double g = ldexp(gn, ge), bb = b * b, gd = 2.0 * g * fabs(dz), big = bb > gd ? bb : gd;
    double disc, r;
    int k, eb = 0, ed = 0;

    if (!isfinite(b))
        return AF_ERR_OVERFLOW;
    if (g >= 0x1p-960 && big >= 0x1p-900 && big <= 0x1p1000) {
        disc = bb - 2.0 * g * dz;
        if (!(disc >= 0.0))
            return AF_ERR_NO_SOLUTION;
        r = sqrt(disc);
        *t = b > 0.0 ? (b + r) / g : -2.0 * dz / (r - b);
    } else {
        /* disc = 4^k (bs^2 - 2 gn dz 2^(ge - 2k)), bs = b 2^-k, with k
         * such that the larger term is near 1. */
        (void)frexp(b, &eb);
        (void)frexp(dz, &ed);
        k = b != 0.0 ? eb : ge / 2;
        if (dz != 0.0 && (ge + ed) / 2 + 1 > k)
            k = (ge + ed) / 2 + 1;
        b = ldexp(b, -k);
        disc = b * b - 2.0 * gn * ldexp(dz, ge - 2 * k);
        if (!(disc >= 0.0))
            return AF_ERR_NO_SOLUTION;
        r = sqrt(disc);
        *t = b > 0.0 ? ldexp((b + r) / gn, k - ge) : ldexp(-2.0 * ldexp(dz, -ed) / (r - b), ed - k);
    }
    if (!(*t > 0.0))
        return AF_ERR_NO_SOLUTION; /* the meeting is in the past */
    /* A subnormal time of a few bits cannot carry the target's motion
     * (as af_arc_point_f64 rules); an infinite one does not fit. */
    if (!(*t >= AFR_MIN_TIME && isfinite(*t)))
        return AF_ERR_OVERFLOW;
    return AF_OK;
}

af_status af_arc_apex_f64(const af_body_f64 *shooter, const af_body_f64 *target,
                          const af_vec3_f64 *gravity, const af_arc_policy_f64 *policy,
                          unsigned flags, af_shots_f64 *out)
{
    af_vec3_f64 D, V, up, P, horiz;
    double g, gn, dz, vz, w, t;
    int ge;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!afr_body_ok_f64(shooter) || !afr_body_ok_f64(target) || !gravity ||
        !afr_vfinite(*gravity) || !policy)
        return AF_ERR_BAD_ARGUMENT;
    gn = afr_gravity_up_exp_f64(gravity, &up, &ge);
    g = ldexp(gn, ge);
    if (!(g > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    afr_relative_motion_f64(shooter, target, flags, &D, &V);
    dz = afr_vdot(D, up);
    vz = afr_vdot(V, up);
    w = policy_vertical_speed(policy, g, dz, afr_vnorm(afr_vaddk(D, up, -dz)));
    if (w < 0.0)
        return AF_ERR_BAD_ARGUMENT;

    /* Heights meet when w t - g t^2/2 = dz + vz t, i.e.
     * g/2 t^2 - b t + dz = 0 with b = w - vz; the later root is the one on
     * the way down. */
    st = meeting_time(w - vz, gn, ge, dz, &t);
    if (st != AF_OK)
        return st;

    /* Horizontally, straight to where the target will be at t. */
    P = afr_vaddk(D, V, t);
    horiz = afr_vaddk(P, up, -afr_vdot(P, up));
    afr_shots_push_f64(out, t, afr_vaddk(afr_vdiv(horiz, t), up, w),
                       afr_vaddk(target->position, target->velocity, t));
    return afr_shots_finish_f64(out);
}
