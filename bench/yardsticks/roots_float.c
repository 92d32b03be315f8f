/* SPDX-License-Identifier: MIT */
/* src/f64/roots_f64.c in float (roots_float.h): bounded root finding. */
#include "roots_float.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

/* Geometric while the ends are a factor 4 apart on one side of zero. */
static float bracket_mid(float a, float b)
{
    if (a > 0.0f && b > 4.0f * a)
        return sqrtf(a) * sqrtf(b);
    if (b < 0.0f && a < 4.0f * b)
        return -sqrtf(-a) * sqrtf(-b);
    return a + 0.5f * (b - a);
}

/* Newton kept inside [a, b], bisecting whenever it leaves the bracket or
 * two steps fail to halve it (afr_root_bracketed_f64). */
static float root_bracketed(root_fn_float fn, void *ctx, float a, float b, float fa, float fb)
{
    float x = bracket_mid(a, b), fx, slope, width_before = b - a;
    int step, force_bisect = 0, rising = fb > fa;
    for (step = 0; step < ROOTS_FLOAT_MAX_STEPS; step++) {
        float next;
        slope = 0.0f;
        fx = fn(x, ctx, &slope);
        if (fx == 0.0f)
            return x;
        if ((fx > 0.0f) == rising)
            b = x;
        else
            a = x;
        if (!(b - a > 2.0f * FLT_EPSILON * fmaxf(fabsf(a), fabsf(b))))
            break;
        force_bisect = b - a > 0.5f * width_before ? !force_bisect : 0;
        width_before = b - a;
        next = (slope != 0.0f && !force_bisect) ? x - fx / slope : NAN;
        if (!(next > a && next < b))
            next = bracket_mid(a, b);
        x = next;
    }
    return a + 0.5f * (b - a);
}

int bench_quadratic_roots_float(float a, float h, float c, float r[2])
{
    float disc, q;
    if (a == 0.0f) {
        if (h == 0.0f)
            return 0;
        r[0] = -c / (2.0f * h);
        return 1;
    }
    disc = h * h - a * c;
    if (disc < 0.0f)
        return 0;
    if (disc == 0.0f) {
        r[0] = -h / a;
        return 1;
    }
    q = -(h + copysignf(sqrtf(disc), h));
    if (q == 0.0f) {
        r[1] = sqrtf(-c / a);
        r[0] = -r[1];
        return 2;
    }
    r[0] = q / a;
    r[1] = c / q;
    if (r[0] > r[1]) {
        float t = r[0];
        r[0] = r[1];
        r[1] = t;
    }
    return 2;
}

void bench_poly_root_bounds_float(const float *c, int n, float *lower, float *upper)
{
    float up = 0.0f, low = 0.0f;
    int i;
    for (i = 0; i < n; i++)
        up = fmaxf(up, fabsf(c[i] / c[n]));
    for (i = 1; i <= n; i++)
        low = fmaxf(low, fabsf(c[i] / c[0]));
    *upper = 1.0f + up;
    *lower = 1.0f / (1.0f + low);
}

struct poly {
    const float *c;
    int n;
};

static float poly_eval(float x, void *ctx, float *slope)
{
    const struct poly *p = ctx;
    float v = p->c[p->n], d = 0.0f;
    int i;
    for (i = p->n - 1; i >= 0; i--) {
        d = d * x + v;
        v = v * x + p->c[i];
    }
    *slope = d;
    return v;
}

static float poly_tol(float x, void *ctx)
{
    const struct poly *p = ctx;
    float ax = fabsf(x), s = fabsf(p->c[p->n]);
    int i;
    for (i = p->n - 1; i >= 0; i--)
        s = s * ax + fabsf(p->c[i]);
    return 4.0f * (float)p->n * FLT_EPSILON * s;
}

static int sign_with_tol(float v, float tol)
{
    return v > tol ? 1 : v < -tol ? -1 : 0;
}

int bench_poly_roots_float(const float *c, int n, float lo, float hi, root_fn_float sign_fn,
                           root_tol_float sign_tol, void *ctx, float *roots)
{
    struct poly p;
    float points[6], values[6], crit[4];
    int signs[6], count = 0, npoints = 0, ncrit, i;

    p.c = c;
    p.n = n;
    if (!sign_fn) {
        sign_fn = poly_eval;
        sign_tol = poly_tol;
        ctx = &p;
    }
    if (n == 1 || n == 2) {
        float r[2], slope;
        int k = n == 1 ? 1 : bench_quadratic_roots_float(c[2], 0.5f * c[1], c[0], r);
        if (n == 1)
            r[0] = -c[0] / c[1];
        for (i = 0; i < k; i++) {
            if (r[i] > lo && r[i] < hi) {
                float f = sign_fn(r[i], ctx, &slope), x = r[i];
                if (slope != 0.0f && isfinite(f / slope)) {
                    float nx = x - f / slope;
                    if (nx > lo && nx < hi && fabsf(nx - x) < 1e-6f * fabsf(x))
                        x = nx;
                }
                roots[count++] = x;
            }
        }
        return count;
    }
    {
        float d[4];
        for (i = 1; i <= n; i++)
            d[i - 1] = (float)i * c[i];
        ncrit = bench_poly_roots_float(d, n - 1, lo, hi, NULL, NULL, NULL, crit);
    }
    points[npoints++] = lo;
    for (i = 0; i < ncrit; i++)
        points[npoints++] = crit[i];
    points[npoints++] = hi;
    for (i = 0; i < npoints; i++) {
        float slope;
        values[i] = sign_fn(points[i], ctx, &slope);
        signs[i] = sign_with_tol(values[i], sign_tol(points[i], ctx));
    }
    for (i = 0; i < npoints; i++) {
        if (signs[i] == 0 && i > 0 && i < npoints - 1) {
            roots[count++] = points[i];
            continue;
        }
        if (i + 1 < npoints && signs[i] != 0 && signs[i + 1] != 0 && signs[i] != signs[i + 1])
            roots[count++] = root_bracketed(sign_fn, ctx, points[i], points[i + 1], values[i],
                                            values[i + 1]);
    }
    return count;
}
