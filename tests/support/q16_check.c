/* SPDX-License-Identifier: MIT */
/* Judging Q16.16 results against double, and the sweep inputs. */
#include "q16_check.h"

#include <math.h>
#include <stdio.h>

#define RAW_PER_ONE 65536.0

double q16_raw(double value)
{
    return value * RAW_PER_ONE;
}

q16_verdict q16_judge(af_status got, fix16_t out, af_status want_domain,
                      double ref_raw, double tolerance)
{
    /* Results in [INT32_MIN - 0.5, INT32_MAX + 0.5) round into Q16.16. */
    const double top = 2147483647.5, bottom = -2147483648.5;
    q16_verdict v;
    double clamped = ref_raw > 2147483647.0 ? 2147483647.0
                   : ref_raw < -2147483648.0 ? -2147483648.0 : ref_raw;
    int fits = ref_raw < top && ref_raw >= bottom;
    int near_edge = fabs(ref_raw - top) <= tolerance || fabs(ref_raw - bottom) <= tolerance;
    int status_ok;

    v.got = got;
    v.out = out;
    v.ref_raw = ref_raw;
    v.error = fabs((double)out - clamped);
    if (want_domain != AF_OK) {
        /* Outside the domain: the exact status, and 0. */
        v.ok = got == want_domain && out == 0;
        return v;
    }
    if (near_edge)
        status_ok = got == AF_OK || got == AF_ERR_OVERFLOW;
    else
        status_ok = got == (fits ? AF_OK : AF_ERR_OVERFLOW);
    /* An overflow always comes with the saturated value itself. */
    if (got == AF_ERR_OVERFLOW && out != (ref_raw > 0 ? INT32_MAX : INT32_MIN))
        status_ok = 0;
    v.ok = status_ok && v.error <= tolerance;
    return v;
}

void q16_expect(const char *what, af_status got, fix16_t out, af_status want, fix16_t want_out)
{
    TH_CHECK(got == want && out == want_out, "%s: got %ld (%s), expected %ld (%s)", what,
             (long)out, af_status_name(got), (long)want_out, af_status_name(want));
}

static double value_of(fix16_t x)
{
    return (double)x / RAW_PER_ONE;
}

q16_verdict q16_unary_at(const q16_unary *f, fix16_t x)
{
    fix16_t out = 0x5A5A5A5A; /* a value no path should leave behind */
    af_status got = f->run(x, &out);
    if (x < 0 && f->nonnegative_only)
        return q16_judge(got, out, AF_ERR_OUT_OF_RANGE, 0.0, 0.0);
    {
        double ref = q16_raw(f->exact(value_of(x)));
        return q16_judge(got, out, AF_OK, ref, f->tolerance(ref));
    }
}

/* ---- The functions ---------------------------------------------------- */

static double tolerance_rounded(double ref_raw)
{
    (void)ref_raw;
    return Q16_TOL_ROUNDED;
}

static double tolerance_exact(double ref_raw)
{
    (void)ref_raw;
    return Q16_TOL_EXACT;
}

static double tolerance_exp(double ref_raw)
{
    return Q16_TOL_ROUNDED + fabs(ref_raw) * Q16_TOL_EXP_RELATIVE;
}

static af_status run_sin(fix16_t x, fix16_t *out)
{
    *out = af_sin_q16(x);
    return AF_OK;
}

static af_status run_cos(fix16_t x, fix16_t *out)
{
    *out = af_cos_q16(x);
    return AF_OK;
}

#define Q16(v) ((fix16_t)((v) * RAW_PER_ONE))

/* sqrt and the logarithms have no real result below 0; log(0) is
 * -infinity (C's log gives -HUGE_VAL), in the domain and saturating. */
const q16_unary q16_sqrt_fn = { "sqrt", af_sqrt_q16, sqrt, 1, tolerance_exact, 0, INT32_MAX };
const q16_unary q16_log2_fn = { "log2", af_log2_q16, log2, 1, tolerance_rounded, 1, INT32_MAX };
const q16_unary q16_log_fn = { "log", af_log_q16, log, 1, tolerance_rounded, 1, INT32_MAX };
/* exp2 is representable and nonzero for x in (-17, 15), exp in (-11.8, 10.4):
 * the busy ranges reach a little past both ends. */
const q16_unary q16_exp2_fn = { "exp2", af_exp2_q16, exp2, 0, tolerance_exp, Q16(-18), Q16(16) };
const q16_unary q16_exp_fn = { "exp", af_exp_q16, exp, 0, tolerance_exp, Q16(-12.5), Q16(11) };
/* sin and cos are busy everywhere; the angle reduction matters most far out. */
const q16_unary q16_sin_fn = { "sin", run_sin, sin, 0, tolerance_rounded, INT32_MIN, INT32_MAX };
const q16_unary q16_cos_fn = { "cos", run_cos, cos, 0, tolerance_rounded, INT32_MIN, INT32_MAX };

const q16_unary *const q16_unary_all[] = {
    &q16_sqrt_fn, &q16_log2_fn, &q16_log_fn, &q16_exp2_fn,
    &q16_exp_fn, &q16_sin_fn, &q16_cos_fn,
};
const int q16_unary_count = (int)(sizeof q16_unary_all / sizeof q16_unary_all[0]);

/* ---- 128-bit checks ---------------------------------------------------- */

q16_u128 q16_u128_from(uint64_t a)
{
    q16_u128 r;
    r.hi = 0;
    r.lo = a;
    return r;
}

q16_u128 q16_u128_add(q16_u128 a, q16_u128 b)
{
    q16_u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

q16_u128 q16_u128_mul(uint64_t a, uint64_t b)
{
    /* Four 32 x 32 -> 64 partial products. */
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    q16_u128 r;
    r.lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

int q16_u128_cmp(q16_u128 a, q16_u128 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo)
        return a.lo < b.lo ? -1 : 1;
    return 0;
}

/* (2 y + k)^2 x, exactly: the square (below 2^66) in 128 bits, then its
 * two words times x. */
static q16_u128 odd_square_times(uint32_t y, unsigned k, uint32_t x)
{
    uint64_t w = 2 * (uint64_t)y + k;
    q16_u128 sq = q16_u128_mul(w, w), r = q16_u128_mul(sq.lo, x);
    r.hi += sq.hi * x; /* sq.hi < 4: no carry out */
    return r;
}

int q16_rsqrt31_ok(uint32_t x, uint32_t y, int *rounded)
{
    q16_u128 two94 = { (uint64_t)1 << 30, 0 };
    /* z = 2^46 / sqrt(x): y <= z + 1/2 iff (2 y - 1)^2 x <= 2^94, y >=
     * z - 1/2 iff (2 y + 1)^2 x >= 2^94, y >= z - 3/2 iff (2 y + 3)^2
     * x >= 2^94 (y is then round(z) or one less). */
    int not_above = y > 0 && q16_u128_cmp(odd_square_times(y - 1, 1, x), two94) <= 0;
    *rounded = not_above && q16_u128_cmp(odd_square_times(y, 1, x), two94) >= 0;
    return not_above && q16_u128_cmp(odd_square_times(y, 3, x), two94) >= 0;
}

/* ---- Worst errors ------------------------------------------------------ */

void q16_worst_init(q16_worst *w, const char *what, int arity)
{
    w->what = what;
    w->arity = arity;
    w->points = 0;
    w->error = w->relative = -1.0;
    w->at = w->at2 = w->rel_at = w->rel_at2 = 0;
}

void q16_worst_add(q16_worst *w, const q16_verdict *v, fix16_t at, fix16_t at2)
{
    double size = fabs(v->ref_raw);
    w->points++;
    if (size < 16777216.0) {
        if (v->error > w->error) {
            w->error = v->error;
            w->at = at;
            w->at2 = at2;
        }
    } else if (size <= 4294967296.0) { /* not saturated */
        double relative = (v->error > 0.5 ? v->error - 0.5 : 0.0) / size;
        if (relative > w->relative) {
            w->relative = relative;
            w->rel_at = at;
            w->rel_at2 = at2;
        }
    }
}

static void note_inputs(char *text, size_t size, int arity, fix16_t at, fix16_t at2)
{
    if (arity == 1)
        snprintf(text, size, "%.9g (raw %ld)", value_of(at), (long)at);
    else
        snprintf(text, size, "%.9g, %.9g (raw %ld, %ld)", value_of(at), value_of(at2),
                 (long)at, (long)at2);
}

void q16_worst_note(const q16_worst *w)
{
    char where[96];
    note_inputs(where, sizeof where, w->arity, w->at, w->at2);
    th_note("%s: %ld points, worst error %.6f LSB at %s", w->what, w->points, w->error, where);
    if (w->relative >= 0.0) {
        note_inputs(where, sizeof where, w->arity, w->rel_at, w->rel_at2);
        th_note("%s: results above 256: error at most 0.5 LSB + 2^%.1f of the result, at %s",
                w->what, w->relative > 0.0 ? log2(w->relative) : -INFINITY, where);
    }
}

/* ---- One-argument sweeps ------------------------------------------------ */

static void judge_point(const q16_unary *f, fix16_t x, q16_worst *w)
{
    q16_verdict v = q16_unary_at(f, x);
    TH_CHECK(v.ok, "%s(%.9g) (raw %ld): status %s, out %ld, exact %.3f, error %.4f LSB",
             f->name, value_of(x), (long)x, af_status_name(v.got), (long)v.out,
             v.ref_raw, v.error);
    q16_worst_add(w, &v, x, 0);
}

void q16_unary_sweep(const q16_unary *f, const char *case_name, long count)
{
    q16_sweep s;
    q16_worst w;
    fix16_t x;
    q16_worst_init(&w, f->name, 1);
    q16_sweep_init(&s, case_name, f->busy_lo, f->busy_hi, count);
    while (q16_sweep_next(&s, &x))
        judge_point(f, x, &w);
    q16_sweep_init(&s, case_name, INT32_MIN, INT32_MAX, count / 4);
    while (q16_sweep_next(&s, &x))
        judge_point(f, x, &w);
    q16_worst_note(&w);
}

void q16_unary_extremes(const q16_unary *f)
{
    static const fix16_t extremes[] = { INT32_MIN, INT32_MAX, 0, 1, -1 };
    size_t i;
    q16_worst w;
    q16_worst_init(&w, f->name, 1);
    for (i = 0; i < sizeof extremes / sizeof extremes[0]; i++)
        judge_point(f, extremes[i], &w);
}
