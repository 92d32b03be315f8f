/* SPDX-License-Identifier: MIT */
/*
 * log2, ln, exp2, exp and pow in Q16.16 against double: dense sweeps with
 * the bound asserted in LSB, the statuses outside the domain, and the
 * drag model's r^n with r close to 1.
 */
#include <math.h>

#include "q16_check.h"

/* Points (pairs for pow) per function on the host. */
#define POINTS 1000000L

static void log2_against_double(void)
{
    q16_unary_sweep(&q16_log2_fn, "log2", th_count(POINTS));
}

static void log_against_double(void)
{
    q16_unary_sweep(&q16_log_fn, "log", th_count(POINTS));
}

static void exp2_against_double(void)
{
    q16_unary_sweep(&q16_exp2_fn, "exp2", th_count(POINTS));
}

static void exp_against_double(void)
{
    q16_unary_sweep(&q16_exp_fn, "exp", th_count(POINTS));
}

static void extremes(void)
{
    /* log of 0x80000000 or -1 raw: AF_ERR_OUT_OF_RANGE and 0; of 0:
     * AF_ERR_OVERFLOW and fix16_minimum. exp of 0x7fffffff: AF_ERR_OVERFLOW
     * and fix16_maximum; of 0x80000000: 0, AF_OK. */
    q16_unary_extremes(&q16_log2_fn);
    q16_unary_extremes(&q16_log_fn);
    q16_unary_extremes(&q16_exp2_fn);
    q16_unary_extremes(&q16_exp_fn);
}

static void logs_outside_the_domain(void)
{
    fix16_t out = 1;
    af_status st = af_log2_q16(0, &out);
    q16_expect("log2(0): -infinity saturates to the minimum", st, out, AF_ERR_OVERFLOW, INT32_MIN);
    out = 1;
    st = af_log_q16(0, &out);
    q16_expect("log(0): -infinity saturates to the minimum", st, out, AF_ERR_OVERFLOW, INT32_MIN);
    out = 1;
    st = af_log2_q16(-65536, &out);
    q16_expect("log2(-1) has no real result: 0", st, out, AF_ERR_OUT_OF_RANGE, 0);
    out = 1;
    st = af_log_q16(INT32_MIN, &out);
    q16_expect("log(-32768) has no real result: 0", st, out, AF_ERR_OUT_OF_RANGE, 0);
}

static void exact_powers_of_two(void)
{
    /* 2^k for whole k and log2 of a power of two are exact in Q16.16: an
     * error below 0.51 LSB must give them exactly. */
    int k;
    for (k = -16; k <= 14; k++) {
        fix16_t out = 0;
        af_status st = af_exp2_q16(k * 65536, &out);
        TH_CHECK(st == AF_OK && out == (fix16_t)1 << (16 + k), "exp2(%d) = %ld", k, (long)out);
    }
    for (k = 0; k <= 30; k++) {
        fix16_t out = 1;
        af_status st = af_log2_q16((fix16_t)1 << k, &out);
        TH_CHECK(st == AF_OK && out == (k - 16) * 65536, "log2(2^%d raw) = %ld", k, (long)out);
    }
}

/* ---- pow ---------------------------------------------------------------- */

static double pow_tolerance(double ref_raw)
{
    return Q16_TOL_ROUNDED + fabs(ref_raw) * Q16_TOL_POW_RELATIVE;
}

static void judge_pow(fix16_t base, fix16_t exponent, q16_worst *w)
{
    fix16_t out = 0x5A5A5A5A;
    af_status st = af_pow_q16(base, exponent, &out);
    double ref = base < 0 ? 0.0 : q16_raw(pow(base / 65536.0, exponent / 65536.0));
    q16_verdict v = q16_judge(st, out, base < 0 ? AF_ERR_OUT_OF_RANGE : AF_OK, ref,
                              pow_tolerance(ref));
    TH_CHECK(v.ok, "pow(%.9g, %.9g) (raw %ld, %ld) = %ld (%s), exact %.3f, error %.4f LSB",
             base / 65536.0, exponent / 65536.0, (long)base, (long)exponent, (long)out,
             af_status_name(st), ref, v.error);
    q16_worst_add(w, &v, base, exponent);
}

static void pow_against_double(void)
{
    th_rng rng = th_rng_for("pow");
    long n = th_count(POINTS), i, j;
    q16_worst w;
    fix16_t b, e;
    q16_worst_init(&w, "pow", 2);
    for (i = 0; i < Q16_SPECIAL_COUNT; i++)
        for (j = 0; j < Q16_SPECIAL_COUNT; j++)
            if (q16_special(i, &b) && q16_special(j, &e))
                judge_pow(b, e, &w);
    for (i = 0; i < n; i++) {
        switch (i % 3) {
        case 0: /* a base in (0, 1], the drag model's */
            b = 1 + (fix16_t)th_rand_below(&rng, 65536);
            break;
        case 1: /* a base within 2^-4 of 1, either side */
            b = 65536 + (fix16_t)th_rand_sign(&rng) *
                            (fix16_t)th_rand_log(&rng, 1.0, 4096.0);
            break;
        default: /* any raw value, negative ones included */
            b = q16_random_operand(&rng);
            break;
        }
        e = i % 2 ? q16_random_operand(&rng)
                  : (fix16_t)th_rand_uniform(&rng, -1e4 * 65536.0, 1e4 * 65536.0);
        judge_pow(b, e, &w);
    }
    q16_worst_note(&w);
}

static void pow_conventions(void)
{
    fix16_t out = 1;
    af_status st = af_pow_q16(0, 0, &out);
    q16_expect("0^0 = 1, as C's pow", st, out, AF_OK, 65536);
    st = af_pow_q16(0, 1, &out);
    q16_expect("0^(2^-16) = 0", st, out, AF_OK, 0);
    st = af_pow_q16(0, -1, &out);
    q16_expect("0^(-2^-16) is 1/0: overflow to the maximum", st, out, AF_ERR_OVERFLOW, INT32_MAX);
    out = 1;
    st = af_pow_q16(-65536, 2 * 65536, &out);
    q16_expect("a negative base is outside the domain, even with a whole exponent", st, out,
               AF_ERR_OUT_OF_RANGE, 0);
    /* 1^e = 1 and b^0 = 1 exactly, whatever the other operand. */
    st = af_pow_q16(65536, INT32_MIN, &out);
    q16_expect("1^-32768 = 1", st, out, AF_OK, 65536);
    st = af_pow_q16(65536, INT32_MAX, &out);
    q16_expect("1^32768 = 1", st, out, AF_OK, 65536);
    st = af_pow_q16(INT32_MAX, 0, &out);
    q16_expect("32768^0 = 1", st, out, AF_OK, 65536);
    st = af_pow_q16(1, 0, &out);
    q16_expect("(2^-16)^0 = 1", st, out, AF_OK, 65536);
}

static void damping_factor_to_many_steps(void)
{
    /* The drag model's r^n: every r within 2^-4 below 1 (1 - d dt for any
     * practical drag and step) to whole and fractional step counts up to
     * 10^4. The error stays within the bound although log2(r) is as small
     * as -2.2e-5 and is multiplied by 10^4. */
    static const double steps[] = { 1, 2, 3, 10, 59.5, 100, 999.25, 1000, 5000, 10000 };
    q16_worst w;
    fix16_t r;
    size_t k;
    q16_worst_init(&w, "pow(r in [15/16, 1], n <= 10^4)", 2);
    for (r = 65536 - 4096; r <= 65536; r += TH_SCALE)
        for (k = 0; k < sizeof steps / sizeof steps[0]; k++)
            judge_pow(r, (fix16_t)(steps[k] * 65536.0), &w);
    q16_worst_note(&w);
}

static const th_case cases[] = {
    TH_CASE(log2_against_double),
    TH_CASE(log_against_double),
    TH_CASE(exp2_against_double),
    TH_CASE(exp_against_double),
    TH_CASE(extremes),
    TH_CASE(logs_outside_the_domain),
    TH_CASE(exact_powers_of_two),
    TH_CASE(pow_against_double),
    TH_CASE(pow_conventions),
    TH_CASE(damping_factor_to_many_steps),
};

TH_MAIN("q16_exp", cases)
