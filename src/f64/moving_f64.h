/* SPDX-License-Identifier: MIT */
/*
 * src/f64/moving_f64.h — the moving-target lob in its dimensionless units,
 * shared by its solver (arc_moving_f64.c) and its usual scene's fast path
 * (moving_convex_f64.c). Internal.
 */
#ifndef AIMFIX_SRC_MOVING_F64_H
#define AIMFIX_SRC_MOVING_F64_H

#include "aimfix/status.h"
#include "vec_f64.h"

/* The target's distance d and gravity gam (unit vectors, gam zero without
 * gravity), its velocity v and the launch speed sp, in units where |D| = 1
 * and velocities are in w = sqrt(L |g|); the quartic c[0..n] in tau for
 * the careful path. */
struct afr_moving {
    af_vec3_f64 d, v, gam;
    double sp;
    const double *c;
    int n;
};

/*
 * afr_moving_convex_f64 — the roots tau > 0 of |d/tau + v - gam tau/2| = sp
 * (ascending, into roots[0..1]) where the scene is in the convex class and
 * its two roots are sharp: 2 returned; 0 where it is convex and P's
 * tangents show it has no root. -1 when this cannot tell (not
 * convex, a root touching, roots within rounding of each other, a root the
 * rounding leaves uncertain): the careful isolation answers then. nv is
 * |v|. Needs gravity (|gam| = 1) and sp, |v| below 2^200.
 */
int afr_moving_convex_f64(const struct afr_moving *m, double nv, double roots[2]);

#endif /* AIMFIX_SRC_MOVING_F64_H */
