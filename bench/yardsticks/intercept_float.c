/* SPDX-License-Identifier: MIT */
/*
 * af_intercept_f64 (src/f64/intercept_f64.c) step for step in float, with
 * newlib's float libm: the yardstick a float program would use. The same
 * normalised units (distance 1, projectile speed 1) and the same
 * cancellation-free roots of (|v|^2 - 1) tau^2 + 2 (d.v) tau + 1 = 0.
 */
#include <math.h>

#include "ref_solvers.h"
#include "roots_float.h"

int bench_intercept_float(const float *a, float *r)
{
    float D[3], V[3], s[3], d[3], v[3], roots[2], L, m, k_m, k_L, k_s, speed = a[12];
    int n, i, k;
    for (k = 0; k < 3; k++) {
        D[k] = a[6 + k] - a[k];
        V[k] = a[13] != 0.0f ? a[9 + k] - a[3 + k] : a[9 + k];
    }
    /* |D| scaled by its largest component, as vnorm does; every scaling a
     * reciprocal and three products, as vscale does. */
    m = fmaxf(fabsf(D[0]), fmaxf(fabsf(D[1]), fabsf(D[2])));
    if (m == 0.0f) {
        r[0] = r[1] = r[2] = r[3] = 0.0f;
        return 1;
    }
    k_m = 1.0f / m;
    for (k = 0; k < 3; k++)
        s[k] = D[k] * k_m;
    L = m * sqrtf(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    k_L = 1.0f / L;
    k_s = 1.0f / speed;
    for (k = 0; k < 3; k++) {
        d[k] = D[k] * k_L;
        v[k] = V[k] * k_s;
    }
    n = bench_quadratic_roots_float(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - 1.0f,
                                      d[0] * v[0] + d[1] * v[1] + d[2] * v[2], 1.0f, roots);
    for (i = 0; i < n; i++) {
        float tau = roots[i];
        if (!(tau > 0.0f))
            continue;
        float k_tau = speed / tau;
        r[0] = tau * (L / speed);
        for (k = 0; k < 3; k++)
            r[1 + k] = (d[k] + v[k] * tau) * k_tau;
        return 1;
    }
    return 0;
}
