/* SPDX-License-Identifier: MIT */
/*
 * The closest-miss search (miss_f64.h), shared by the vacuum and drag
 * closest misses: the miss sampled over the flight times, each sampled
 * local minimum refined by golden section.
 */
#include "aimfix/miss.h"

#include "miss_f64.h"

/* Golden-section steps: 0.618^64 of a sample step, far below 2^-40 of
 * the bound. */
#define GOLDEN_STEPS 64

static double golden(afr_miss_fn_f64 fn, void *ctx, double lo, double hi, double *m)
{
    const double k = 0.38196601125010515; /* (3 - sqrt 5) / 2 */
    double x1 = lo + k * (hi - lo), x2 = hi - k * (hi - lo);
    double f1 = fn(x1, ctx), f2 = fn(x2, ctx);
    int i;
    for (i = 0; i < GOLDEN_STEPS; i++) {
        /* An undefined value counts as far. */
        int left = f1 >= 0.0 && (f2 < 0.0 || f1 <= f2);
        if (left) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = lo + k * (hi - lo);
            f1 = fn(x1, ctx);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = hi - k * (hi - lo);
            f2 = fn(x2, ctx);
        }
    }
    if (f1 >= 0.0 && (f2 < 0.0 || f1 <= f2)) {
        *m = f1;
        return x1;
    }
    *m = f2;
    return x2;
}

int afr_miss_min_f64(afr_miss_fn_f64 fn, void *ctx, double t_hi, double *t_best, double *m_best)
{
    double m[AF_MISS_SCAN_POINTS + 1];
    int i, found = 0;
    for (i = 0; i <= AF_MISS_SCAN_POINTS; i++)
        m[i] = fn(t_hi * i / AF_MISS_SCAN_POINTS, ctx);
    for (i = 0; i <= AF_MISS_SCAN_POINTS; i++) {
        double t = t_hi * i / AF_MISS_SCAN_POINTS, mt = m[i];
        int prev_ok = i > 0 && m[i - 1] >= 0.0, next_ok = i < AF_MISS_SCAN_POINTS && m[i + 1] >= 0.0;
        if (mt < 0.0 || (prev_ok && m[i - 1] < mt) || (next_ok && m[i + 1] < mt))
            continue;
        if (prev_ok || next_ok) {
            double lo = t_hi * (i > 0 ? i - 1 : 0) / AF_MISS_SCAN_POINTS,
                   hi = t_hi * (i < AF_MISS_SCAN_POINTS ? i + 1 : i) / AF_MISS_SCAN_POINTS, mg;
            double tg = golden(fn, ctx, lo, hi, &mg);
            if (mg >= 0.0 && mg < mt) {
                t = tg;
                mt = mg;
            }
        }
        if (!found || mt < *m_best) {
            *t_best = t;
            *m_best = mt;
            found = 1;
        }
    }
    return found;
}
