/* SPDX-License-Identifier: MIT */
/*
 * Straight-line intercept, double precision (see aimfix/intercept.h).
 *
 * The problem is solved in units where the distance to the target is 1 and
 * the projectile's speed is 1: d = D / L, v = V / speed, tau = t speed / L.
 * Then |d + v tau| = tau reads (|v|^2 - 1) tau^2 + 2 (d.v) tau + 1 = 0, whose
 * coefficients are all of order one whatever the magnitudes of the inputs,
 * so nothing overflows before the final rescaling.
 */
#include "aimfix/intercept.h"

#include "check_f64.h"
#include "exact_f64.h"
#include "roots_f64.h"

af_status af_intercept_f64(const af_body_f64 *shooter, const af_body_f64 *target, double speed,
                           unsigned flags, af_shots_f64 *out)
{
    af_vec3_f64 D, V, d, v;
    double L, roots[2], a;
    int n, i;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    shots_clear_f64(out);
    if (!body_ok_f64(shooter) || !body_ok_f64(target) || !isfinite(speed) || !(speed > 0.0))
        return AF_ERR_BAD_ARGUMENT;

    relative_motion_f64(shooter, target, flags, &D, &V);
    L = vnorm(D);
    if (!vfinite(D) || !vfinite(V) || !isfinite(L))
        return AF_ERR_OVERFLOW; /* the difference of two huge positions */
    if (L == 0.0) {
        /* Coincident: the target is at the muzzle now. */
        shots_push_f64(out, 0.0, vzero(), target->position);
        return AF_OK;
    }
    d = vdiv(D, L);
    v = vdiv(V, speed);
    /* |v|^2 - 1 from the exact |V|^2 - speed^2: exactly 0 for equal speeds,
     * else of the right sign, on which escaping or not depends. */
    a = afr_sq_excess_f64(V, speed);
    n = afr_quadratic_roots_f64(a, vdot(d, v), 1.0, roots);
    for (i = 0; i < n; i++) {
        double tau = roots[i], t;
        if (!(tau > 0.0))
            continue; /* in the past (or now, which only coincidence gives) */
        t = tau * (L / speed);
        /* Launch velocity: the straight line to where the target will be. */
        shots_push_f64(out, t, vscale(vaddk(d, v, tau), speed / tau),
                       vaddk(target->position, target->velocity, t));
    }
    if (out->count == 0)
        return AF_ERR_NO_SOLUTION;
    return shots_finish_f64(out);
}
