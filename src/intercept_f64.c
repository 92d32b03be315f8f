/* SPDX-License-Identifier: MIT */
/*
 * Straight-line intercept, double precision (see aimfix/intercept.h).
 *
 * |D + V t| = speed t reads (|V|^2 - s^2) t^2 + 2 (D.V) t + |D|^2 = 0,
 * solved in the inputs' own units when their magnitudes keep every
 * product of two of them and the discriminant far from overflow and
 * underflow, the usual case. Otherwise it is solved in units where the
 * distance and the speed are 1 (d = D / L, v = V / s, tau = t s / L),
 * whose coefficients are of order one whatever the magnitudes of the
 * inputs. Either way the roots come from q = -(b + sgn(b) sqrt(disc)) as
 * q / a and c / q, without cancellation.
 */
#include "aimfix/intercept.h"

#include "check_f64.h"

/* The magnitudes the direct path takes: the 1-norms of D and of V plus
 * the speed below 2^200, those of D and the speed above 2^-200, so that
 * the coefficients, their products (below 2^802) and the discriminant
 * stay normal doubles. */
#define DIRECT_MAX 0x1p200
#define DIRECT_MIN 0x1p-200

/* x - x is 0 for a finite x and NaN for an infinite or NaN one: a sum of
 * them tests many numbers at once. */
static double finite_test(af_vec3_f64 a)
{
    return (a.x - a.x) + (a.y - a.y) + (a.z - a.z);
}

/* The shot meeting the target at t > 0, when every number of it is
 * finite. */
static inline int push(af_shots_f64 *out, const af_body_f64 *target, const af_vec3_f64 *D,
                const af_vec3_f64 *V, double t)
{
    af_shot_f64 *s = &out->shot[out->count];
    double k = 1.0 / t;
    s->t = t;
    /* Launch velocity: the straight line to where the target will be. */
    s->velocity = vaddk(*V, *D, k);
    s->point = vaddk(target->position, target->velocity, t);
    if (!((t - t) + finite_test(s->velocity) + finite_test(s->point) == 0.0))
        return 0;
    out->count++;
    return 1;
}

/* The roots of a t^2 + 2 b t + c = 0 (c > 0) that lie in the future,
 * times scale, as shots: the number whose numbers overflow is counted in
 * *lost. */
static void shots_of(af_shots_f64 *out, const af_body_f64 *target, const af_vec3_f64 *D,
                     const af_vec3_f64 *V, double a, double b, double c, double scale, int *lost)
{
    double disc, q, r0, r1;
    if (a == 0.0) {
        /* Equal speeds: linear, a meeting only when the target closes in. */
        if (b < 0.0)
            *lost += !push(out, target, D, V, -c / (2.0 * b) * scale);
        return;
    }
    if (a > 0.0 && b >= 0.0)
        return; /* faster and not closing */
    disc = b * b - a * c;
    if (disc < 0.0)
        return;
    q = -(b + copysign(sqrt(disc), b));
    /* c > 0: the roots' product c / a and sum -2 b / a say which are
     * positive; q has -b's sign and is never 0 here (b = 0 needs a < 0,
     * then disc = -a c > 0). */
    r0 = c / q;
    r1 = q / a;
    if (a < 0.0) {
        /* Opposite signs: the positive one. */
        *lost += !push(out, target, D, V, (r0 > 0.0 ? r0 : r1) * scale);
        return;
    }
    /* Both positive (b < 0): c / q first; a double root once. */
    *lost += !push(out, target, D, V, r0 * scale);
    if (disc > 0.0)
        *lost += !push(out, target, D, V, r1 * scale);
}

/* The careful path: every input checked and classified, the target at
 * the muzzle, and the quadratic in units where the distance and the speed
 * are 1. */
static af_status intercept_scaled(const af_body_f64 *shooter, const af_body_f64 *target,
                                  double speed, unsigned flags, af_shots_f64 *out)
{
    af_vec3_f64 D, V, d, v;
    double L;
    int lost = 0;
    if (!body_ok_f64(shooter) || !body_ok_f64(target) || !isfinite(speed) || !(speed > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    relative_motion_f64(shooter, target, flags, &D, &V);
    L = vnorm(D);
    if (!vfinite(D) || !vfinite(V) || !isfinite(L))
        return AF_ERR_OVERFLOW; /* the difference of two huge positions */
    if (L == 0.0) {
        /* Coincident: the target is at the muzzle now. */
        out->shot[0].t = 0.0;
        out->shot[0].velocity = vzero();
        out->shot[0].point = target->position;
        out->count = 1;
        return AF_OK;
    }
    d = vscale(D, 1.0 / L);
    v = vscale(V, 1.0 / speed);
    shots_of(out, target, &D, &V, vdot(v, v) - 1.0, vdot(d, v), 1.0, L / speed, &lost);
    if (lost)
        return AF_ERR_OVERFLOW;
    return out->count > 0 ? AF_OK : AF_ERR_NO_SOLUTION;
}

af_status af_intercept_f64(const af_body_f64 *shooter, const af_body_f64 *target, double speed,
                           unsigned flags, af_shots_f64 *out)
{
    af_vec3_f64 D, V;
    double nd, nv;
    af_status st;
    int lost = 0;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    /* Zero is also what an unused slot holds on success. At most two
     * meetings: the last slots are emptied now (a constant size, a few
     * stores), the first two once it is known which hold a shot. */
    out->count = 0;
    memset(&out->shot[2], 0, sizeof out->shot - 2 * sizeof out->shot[0]);
    if (!shooter || !target) {
        memset(out->shot, 0, 2 * sizeof out->shot[0]);
        return AF_ERR_BAD_ARGUMENT;
    }
    relative_motion_f64(shooter, target, flags, &D, &V);
    /* 1-norms: a NaN or an infinity in D, V or the speed carries through
     * the sums and fails the range test below, as does a non-finite
     * position or velocity behind them (their difference is not finite
     * either); the shooter's velocity takes no part in V unless it is
     * inherited, and is tested by itself then. */
    nd = fabs(D.x) + fabs(D.y) + fabs(D.z);
    nv = speed + fabs(V.x) + fabs(V.y) + fabs(V.z);
    if (nd < DIRECT_MAX && nv < DIRECT_MAX && nd > DIRECT_MIN && speed > DIRECT_MIN &&
        ((flags & AF_INHERIT_VELOCITY) || finite_test(shooter->velocity) == 0.0)) {
        /* The usual scene: the quadratic in the inputs' own units. */
        shots_of(out, target, &D, &V, vdot(V, V) - speed * speed, vdot(D, V), vdot(D, D), 1.0,
                 &lost);
        st = lost ? AF_ERR_OVERFLOW : out->count > 0 ? AF_OK : AF_ERR_NO_SOLUTION;
    } else {
        st = intercept_scaled(shooter, target, speed, flags, out);
    }
    if (st != AF_OK)
        out->count = 0; /* a meeting whose numbers overflow a double is no answer */
    if (out->count == 0)
        memset(out->shot, 0, 2 * sizeof out->shot[0]);
    else if (out->count == 1)
        memset(&out->shot[1], 0, sizeof out->shot[0]);
    return st;
}
