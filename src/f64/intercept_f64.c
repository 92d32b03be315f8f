/* SPDX-License-Identifier: MIT */
/*
 * Straight-line intercept, double precision (see aimfix/intercept.h).
 *
 * |D + V t| = speed t reads (|V|^2 - s^2) t^2 + 2 (D.V) t + |D|^2 = 0,
 * solved in the inputs' own units when their magnitudes keep every
 * product of two of them and the discriminant far from overflow and
 * underflow, the usual case. Otherwise it is solved in power-of-two units
 * that bring the largest component of D and the largest of (V, s) near 1
 * (exact scalings), whose coefficients are of order one whatever the
 * magnitudes of the inputs. Either way the roots come from
 * q = -(b + sgn(b) sqrt(disc)) as q / a and c / q, without cancellation,
 * and equal speeds given exactly make a = 0 exactly.
 */
#include "aimfix/intercept.h"

#include <stddef.h>

#include "check_f64.h"

/* The magnitudes the direct path takes: |D| within 2^-200 to 2^200
 * (its square within DIRECT_MIN2 to DIRECT_MAX2), |V| and the speed below
 * 2^200, the speed above DIRECT_MIN, so that the coefficients, their
 * products (below 2^802) and the discriminant stay normal doubles. */
#define DIRECT_MIN 0x1p-200
#define DIRECT_MAX2 0x1p400
#define DIRECT_MIN2 0x1p-400

/* x - x is 0 for a finite x and NaN for an infinite or NaN one: a sum of
 * them tests many numbers at once. */
static double finite_test(af_vec3_f64 a)
{
    return (a.x - a.x) + (a.y - a.y) + (a.z - a.z);
}

/* The shot meeting the target at t = tau unit > 0, when every number of
 * it is finite; d and tau in the solve's units, in which the velocity
 * unit is 2^ev. */
static int push(af_shots_f64 *out, const af_body_f64 *target, const af_vec3_f64 *d,
                const af_vec3_f64 *V, double tau, double unit, int ev)
{
    af_shot_f64 *s = &out->shot[out->count];
    double t = tau * unit;
    s->t = t;
    /* Launch velocity: the straight line to where the target will be,
     * V + D / t = V + (d / tau) 2^ev: no division by a t that may be
     * subnormal (a few bits), nor D (1 / t), which overflows for t below
     * 1 / DBL_MAX. */
    if (ev == 0) {
        /* The inputs' own units: ldexp by 0, a libm call, would change
         * nothing. */
        s->velocity.x = V->x + d->x / tau;
        s->velocity.y = V->y + d->y / tau;
        s->velocity.z = V->z + d->z / tau;
    } else {
        s->velocity.x = V->x + ldexp(d->x / tau, ev);
        s->velocity.y = V->y + ldexp(d->y / tau, ev);
        s->velocity.z = V->z + ldexp(d->z / tau, ev);
    }
    s->point = afr_vaddk(target->position, target->velocity, t);
    /* A time that underflows (below AFR_MIN_TIME: a subnormal distance
     * at a large speed) is no meeting the double can tell either. */
    if (!(t >= AFR_MIN_TIME) || !((t - t) + finite_test(s->velocity) + finite_test(s->point) == 0.0))
        return 0;
    out->count++;
    return 1;
}

/* The roots of a t^2 + 2 b t + c = 0 (c > 0) that lie in the future,
 * times scale, as shots (d in the solve's units, whose velocity unit is
 * 2^ev): the number whose numbers overflow is counted in *lost. */
static void shots_of(af_shots_f64 *out, const af_body_f64 *target, const af_vec3_f64 *d,
                     const af_vec3_f64 *V, double a, double b, double c, double scale, int ev,
                     int *lost)
{
    double disc, q, r0, r1;
    if (a == 0.0) {
        /* Equal speeds: linear, a meeting only when the target closes in. */
        if (b < 0.0)
            *lost += !push(out, target, d, V, -c / (2.0 * b), scale, ev);
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
        *lost += !push(out, target, d, V, r0 > 0.0 ? r0 : r1, scale, ev);
        return;
    }
    /* Both positive (b < 0): c / q first; a double root once. */
    *lost += !push(out, target, d, V, r0, scale, ev);
    if (disc > 0.0)
        *lost += !push(out, target, d, V, r1, scale, ev);
}

/* |v|^2 - s^2 with the largest component of v paired with s: their
 * difference is exact when they lie within a factor 2 (Sterbenz), so equal
 * speeds cancel to 0 exactly and a target faster by far less than a
 * rounding of s^2 keeps a positive excess; farther apart, |v|^2 and s^2
 * differ by a quarter of the larger at least and nothing cancels. */
static double speed_excess(af_vec3_f64 v, double s)
{
    double x = fabs(v.x), y = fabs(v.y), z = fabs(v.z), t;
    if (y > x) {
        t = x;
        x = y;
        y = t;
    }
    if (z > x) {
        t = x;
        x = z;
        z = t;
    }
    return (x - s) * (x + s) + (y * y + z * z);
}

/* v 2^e, each component (exact, but for components that fall below the
 * normal range, far below the largest). */
static af_vec3_f64 vldexp(af_vec3_f64 v, int e)
{
    af_vec3_f64 r = { ldexp(v.x, e), ldexp(v.y, e), ldexp(v.z, e) };
    return r;
}

/* The careful path, for what the usual one does not take: every input
 * checked and classified, the target at the muzzle, and the quadratic in
 * power-of-two units that bring the largest component of D and the
 * largest of (V, s) near 1 (so exactly: the roots are those of the
 * inputs, in a unit of time 2^(ed - ev)). D, V and the speed in those
 * units, the unit of time and ev (the velocity unit's exponent; 1
 * returned), or the answer's status (0 returned). */
static int scaled_problem(const af_body_f64 *shooter, const af_body_f64 *target, double *speed,
                          af_vec3_f64 *d, af_vec3_f64 *v, af_shots_f64 *out, double *unit,
                          int *ev_out, af_status *st)
{
    const af_vec3_f64 *D = d, *V = v;
    double md, mv;
    int ed, ev;
    if (!(finite_test(shooter->position) + finite_test(shooter->velocity) +
              finite_test(target->position) + finite_test(target->velocity) + (*speed - *speed) ==
          0.0) ||
        !(*speed > 0.0)) {
        *st = AF_ERR_BAD_ARGUMENT;
        return 0;
    }
    if (!(finite_test(*D) + finite_test(*V) == 0.0)) {
        *st = AF_ERR_OVERFLOW; /* the difference of two huge positions */
        return 0;
    }
    md = fmax(fabs(D->x), fmax(fabs(D->y), fabs(D->z)));
    mv = fmax(*speed, fmax(fabs(V->x), fmax(fabs(V->y), fabs(V->z))));
    if (md == 0.0) {
        /* Coincident: the target is at the muzzle now. */
        out->shot[0].t = 0.0;
        out->shot[0].velocity = afr_vzero();
        out->shot[0].point = target->position;
        out->count = 1;
        *st = AF_OK;
        return 0;
    }
    (void)frexp(md, &ed);
    (void)frexp(mv, &ev);
    *d = vldexp(*D, -ed);
    *v = vldexp(*V, -ev);
    *speed = ldexp(*speed, -ev);
    *unit = ldexp(1.0, ed - ev);
    *ev_out = ev;
    return 1;
}

/* The careful path's whole answer (out->count = 0 on entry; cleared here
 * on failure), out of line: the usual scene never needs it. */
static AFR_NOINLINE af_status careful(const af_body_f64 *shooter, const af_body_f64 *target,
                                      double speed, unsigned flags, af_shots_f64 *out)
{
    af_vec3_f64 d, v, V;
    double unit = 1.0, s = speed;
    af_status st = AF_ERR_BAD_ARGUMENT;
    int lost = 0, ev = 0;
    if (shooter && target) {
        afr_relative_motion_f64(shooter, target, flags, &d, &v);
        V = v;
        if (scaled_problem(shooter, target, &s, &d, &v, out, &unit, &ev, &st)) {
            shots_of(out, target, &d, &V, speed_excess(v, s), afr_vdot(d, v), afr_vdot(d, d),
                     unit, ev, &lost);
            st = lost ? AF_ERR_OVERFLOW : out->count > 0 ? AF_OK : AF_ERR_NO_SOLUTION;
        }
    }
    if (st != AF_OK)
        memset(out, 0, sizeof *out); /* a meeting whose numbers overflow is no answer */
    else
        memset(&out->shot[out->count], 0,
               (size_t)(AF_MAX_SHOTS - out->count) * sizeof out->shot[0]);
    return st;
}

static void zero_shot(af_shot_f64 *s)
{
    s->t = 0.0;
    s->velocity = afr_vzero();
    s->point = afr_vzero();
}

af_status af_intercept_f64(const af_body_f64 *shooter, const af_body_f64 *target, double speed,
                           unsigned flags, af_shots_f64 *out)
{
    af_vec3_f64 D, V;
    double a, b, c, ss, disc, q, r[2];
    int i, n = 0;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    /* The count and the padding after it: zero, as memcmp sees them. */
    memset(out, 0, offsetof(af_shots_f64, shot));
    if (!shooter || !target)
        return careful(shooter, target, speed, flags, out);
    afr_relative_motion_f64(shooter, target, flags, &D, &V);
    /* The usual scene: a t^2 + 2 b t + c = 0 in the inputs' own units
     * (shots_of, with the unit 1), where |D| lies within 2^-200 to 2^200
     * and |V|, the speed below 2^200 (the speed above 2^-200): the
     * coefficients, their products and the discriminant stay normal
     * doubles. A NaN or an infinity in D, V or the speed fails these
     * tests, as does a non-finite position or velocity behind them
     * (their difference is not finite either); the shooter's velocity
     * takes no part in V unless it is inherited, and is tested by itself
     * then. */
    c = afr_vdot(D, D);
    a = afr_vdot(V, V);
    ss = speed * speed;
    if (!(c > DIRECT_MIN2 && c < DIRECT_MAX2 && a + ss < DIRECT_MAX2 && speed > DIRECT_MIN &&
          ((flags & AF_INHERIT_VELOCITY) || finite_test(shooter->velocity) == 0.0)))
        return careful(shooter, target, speed, flags, out);
    /* |V|^2 - s^2 as it is where |V| is below s / 2 or above 2 s (nothing
     * cancels: within 2 ulps), paired exactly where they are closer. */
    a = a < 0.25 * ss || a > 4.0 * ss ? a - ss : speed_excess(V, speed);
    b = afr_vdot(D, V);
    /* The roots in the future, as shots_of finds them. */
    if (a == 0.0) {
        if (b < 0.0)
            r[n++] = -c / (2.0 * b);
    } else if (a < 0.0 || b < 0.0) {
        disc = b * b - a * c;
        if (disc >= 0.0) {
            q = -(b + copysign(sqrt(disc), b));
            r[0] = c / q;
            r[1] = q / a;
            if (a < 0.0)
                r[0] = r[0] > 0.0 ? r[0] : r[1];
            n = a < 0.0 || disc == 0.0 ? 1 : 2;
        }
    }
    if (n == 0) {
        memset(out, 0, sizeof *out);
        return AF_ERR_NO_SOLUTION;
    }
    for (i = 0; i < n; i++) {
        /* The launch velocity V + D / t is the speed's within rounding
         * (below 2^201): only the time and the impact point can
         * overflow. */
        af_shot_f64 *s = &out->shot[i];
        double t = r[i];
        s->t = t;
        s->velocity.x = V.x + D.x / t;
        s->velocity.y = V.y + D.y / t;
        s->velocity.z = V.z + D.z / t;
        s->point = afr_vaddk(target->position, target->velocity, t);
        if (!(t >= AFR_MIN_TIME) || !((t - t) + finite_test(s->point) == 0.0)) {
            memset(out, 0, sizeof *out);
            return AF_ERR_OVERFLOW;
        }
    }
    out->count = n;
    /* Zero is what an unused slot holds on success (two shots at most
     * here: a few stores). */
    if (n == 1)
        zero_shot(&out->shot[1]);
    for (i = 2; i < AF_MAX_SHOTS; i++)
        zero_shot(&out->shot[i]);
    return AF_OK;
}
