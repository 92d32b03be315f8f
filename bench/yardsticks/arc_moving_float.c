/* SPDX-License-Identifier: MIT */
/*
 * The fixed-speed lob at a moving target (src/f64/arc_moving_f64.c) step for
 * step in float, with newlib's float libm: the same units, the quartic
 * only for its turning points, the signs and the roots read from the
 * distance h(tau) = |r(tau)| - tau (bench/yardsticks/roots_float.c).
 */
#include <float.h>

#include "roots_float.h"
#include "vec_float.h"

struct moving {
    vecf d, v, gam;
};

static vecf reach(const struct moving *m, float tau)
{
    return vf_addk(vf_addk(m->d, m->v, tau), m->gam, -0.5f * tau * tau);
}

/* h(tau) = |r| - tau and its slope r.r'/|r| - 1. */
static float miss(float tau, void *ctx, float *slope)
{
    const struct moving *m = ctx;
    vecf r = reach(m, tau), dr = vf_addk(m->v, m->gam, -tau);
    float len = vf_norm(r);
    *slope = len > 0.0f ? vf_dot(r, dr) / len - 1.0f : 0.0f;
    return len - tau;
}

static float miss_tol(float tau, void *ctx)
{
    const struct moving *m = ctx;
    float scale = 1.0f + vf_norm(m->v) * tau + 0.5f * vf_norm(m->gam) * tau * tau + tau;
    return 8.0f * FLT_EPSILON * scale;
}

/* A target at the muzzle: t = 0, then every t > 0 with |V - g t/2| = s. */
static int coincident(const float *a, vecf V, float s, float *r)
{
    vecf g = vf_at(a, BENCH_AT_GRAVITY);
    float roots[2], vn = vf_norm(V);
    int n = bench_quadratic_roots_float(0.25f * vf_dot(g, g), -0.5f * vf_dot(V, g),
                                        (vn - s) * (vn + s), roots),
        count = 0, i;
    vf_put_shot(r, count++, 0.0f, vf_zero(), vf_at(a, BENCH_AT_TARGET));
    for (i = 0; i < n; i++)
        if (roots[i] > 0.0f)
            vf_put_shot(r, count++, roots[i], vf_addk(V, g, -0.5f * roots[i]),
                        vf_target_at(a, roots[i]));
    return 1;
}

int bench_arc_moving_float(const float *a, float *r)
{
    struct moving m;
    vecf D, V;
    float speed = a[BENCH_AT_SPEED], L, c[5], lo, hi, roots[4];
    int n, i, degree, count = 0;

    vf_relative_motion(a, &D, &V);
    L = vf_norm(D);
    if (L == 0.0f)
        return coincident(a, V, speed, r);
    m.d = vf_scale(D, 1.0f / L);
    m.v = vf_scale(V, 1.0f / speed);
    m.gam = vf_scale(vf_at(a, BENCH_AT_GRAVITY), (L / speed) / speed);
    c[4] = 0.25f * vf_dot(m.gam, m.gam);
    c[3] = -vf_dot(m.v, m.gam);
    c[2] = vf_dot(m.v, m.v) - 1.0f - vf_dot(m.d, m.gam);
    c[1] = 2.0f * vf_dot(m.d, m.v);
    c[0] = 1.0f;
    for (degree = 4; degree > 0 && c[degree] == 0.0f; degree--)
        ;
    if (degree == 0 || !isfinite(c[4]) || !isfinite(c[3]) || !isfinite(c[2]))
        return 0;
    bench_poly_root_bounds_float(c, degree, &lo, &hi);
    n = bench_poly_roots_float(c, degree, 0.5f * lo, 2.0f * hi, miss, miss_tol, &m, roots);
    for (i = 0; i < n; i++) {
        float tau = roots[i], t = tau * (L / speed);
        if (!(tau > 0.0f) || count == AF_MAX_SHOTS)
            continue;
        vf_put_shot(r, count++, t, vf_scale(reach(&m, tau), speed / tau), vf_target_at(a, t));
    }
    return count > 0;
}
