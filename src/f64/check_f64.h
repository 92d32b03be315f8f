/* SPDX-License-Identifier: MIT */
/*
 * src/f64/check_f64.h — argument checks shared by the f64 solvers. Internal.
 */
#ifndef AIMFIX_SRC_CHECK_F64_H
#define AIMFIX_SRC_CHECK_F64_H

#include "vec_f64.h"

/* The shortest time of flight a fixed-speed solver returns: below it a
 * double is a subnormal with fewer than 32 significant bits, whose
 * rounding alone moves the meeting by more than 1e-10 of the distance
 * flown, so such a meeting counts as one whose time underflows. */
#define AFR_MIN_TIME 0x1p-1042

/* A rare path kept out of line, so that the usual one's code stays
 * short and its registers free. */
#if defined(__GNUC__)
#define AFR_NOINLINE __attribute__((noinline))
#else
#define AFR_NOINLINE
#endif

static inline int afr_body_ok_f64(const af_body_f64 *b)
{
    return b && afr_vfinite(b->position) && afr_vfinite(b->velocity);
}

/* The target's position and velocity relative to the launch point, in the
 * frame where the projectile's launch velocity is what the solver returns:
 * with AF_INHERIT_VELOCITY the shooter's velocity is subtracted (Galilean
 * change of frame; gravity is the same in both frames). */
static inline void afr_relative_motion_f64(const af_body_f64 *shooter, const af_body_f64 *target,
                                           unsigned flags, af_vec3_f64 *d, af_vec3_f64 *v)
{
    *d = afr_vsub(target->position, shooter->position);
    *v = (flags & AF_INHERIT_VELOCITY) ? afr_vsub(target->velocity, shooter->velocity)
                                       : target->velocity;
}

/* |g| as n 2^e (n near 1, *e set) and up = -g / |g|: a subnormal g keeps
 * every bit of its length, which ldexp(n, e) would round away. */
static inline double afr_gravity_up_exp_f64(const af_vec3_f64 *gravity, af_vec3_f64 *up, int *e)
{
    double m = fmax(fabs(gravity->x), fmax(fabs(gravity->y), fabs(gravity->z))), n;
    af_vec3_f64 a;
    *e = 0;
    if (m == 0.0 || !isfinite(m)) {
        *up = afr_vzero();
        return m;
    }
    (void)frexp(m, e);
    a.x = ldexp(gravity->x, -*e);
    a.y = ldexp(gravity->y, -*e);
    a.z = ldexp(gravity->z, -*e);
    n = afr_vnorm(a);
    *up = afr_vdiv(a, -n);
    return n;
}

/* Gravity split into its magnitude and the unit "up" vector opposite to it;
 * up is zero when g is. up comes from g brought near 1 first (exactly, a
 * power of two: the same bits for a normal g), so that a subnormal g,
 * whose magnitude as a subnormal keeps a few bits only, still gives a
 * unit vector to the last bit. */
static inline double afr_gravity_up_f64(const af_vec3_f64 *gravity, af_vec3_f64 *up)
{
    int e;
    double n = afr_gravity_up_exp_f64(gravity, up, &e);
    return ldexp(n, e);
}

#endif /* AIMFIX_SRC_CHECK_F64_H */
