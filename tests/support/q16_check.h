/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_check.h — judging Q16.16 results against double, and the
 * inputs the Q16 math sweeps visit. Shared by the suite_q16_* suites and by
 * the host-only exhaustive run (tests/exhaustive/).
 *
 * Errors are in LSB of the output (2^-16), measured against the exact
 * result for the exact input (the raw value / 65536), computed in double:
 * its own error, about 2^-52 relative, is below 2^-20 LSB for every
 * Q16.16 result and is ignored.
 */
#ifndef AIMFIX_TESTS_Q16_CHECK_H
#define AIMFIX_TESTS_Q16_CHECK_H

#include <stddef.h>

#include "aimfix.h"
#include "harness.h"

/* The final rounding costs 0.5 LSB; the polynomials and fixed-point steps
 * of log2, ln, sin, cos and atan2 add less than 2^-10 LSB by the error
 * budgets in their sources, so 0.51 LSB leaves that margin and no more. */
#define Q16_TOL_ROUNDED 0.51
/* A correctly rounded result (sqrt): 0.5 LSB, plus 2^-20 LSB for the
 * double reference's own rounding. */
#define Q16_TOL_EXACT (0.5 + 1.0 / 1048576.0)
/* exp2 and exp form 2^f to about 2^-30 relative (table, polynomial and
 * three truncated products of 2^-31 each), so on top of the rounding their
 * error grows with the result: 2^-28 of it leaves a factor 4. */
#define Q16_TOL_EXP_RELATIVE (1.0 / 268435456.0)
/* pow multiplies log2(base), good to 2^-30 relative, by the exponent:
 * |y| <= 17 where the result is representable, so 2^y is off by at most
 * 17 ln 2 2^-30 < 2^-26.4 relative. */
#define Q16_TOL_POW_RELATIVE (1.0 / 67108864.0)

/* The raw Q16.16 value (value * 65536) of a double, unrounded. */
double q16_raw(double value);

/* The result of judging one output. */
typedef struct q16_verdict {
    int ok;            /* status and value both acceptable */
    double error;      /* |out - reference| in LSB (reference clamped to
                          the Q16.16 range when it overflows) */
    af_status got;     /* what the function returned, for messages */
    fix16_t out;
    double ref_raw;
} q16_verdict;

/*
 * Judge a function's (status, out) against the exact result ref_raw (raw
 * units, may be infinite) and the error allowed, tolerance LSB.
 *   want_domain: AF_OK when the input is in the function's domain, else
 *                the exact status it must return (then out must be
 *                exactly 0, or the saturated ref for AF_ERR_OVERFLOW).
 * In the domain the status must be AF_OK when ref_raw rounds into
 * [INT32_MIN, INT32_MAX] and AF_ERR_OVERFLOW (saturated out) when it does
 * not; within `tolerance` of that edge either is right.
 */
q16_verdict q16_judge(af_status got, fix16_t out, af_status want_domain,
                      double ref_raw, double tolerance);

/* Check a call's status and output against the expected ones, `what`
 * naming the convention in the failure message. Make the call before, in
 * its own statement: in one expression with the check, the output could
 * be read before the call writes it. */
void q16_expect(const char *what, af_status got, fix16_t out, af_status want,
                fix16_t want_out);

/* One-argument functions, as suites and the exhaustive run see them. */
typedef struct q16_unary {
    const char *name;
    /* The function under test. */
    af_status (*run)(fix16_t x, fix16_t *out);
    /* The exact function (C's, in double) and whether negative inputs are
     * outside the domain (AF_ERR_OUT_OF_RANGE, 0); the rest is in it, an
     * infinite or too large result calling for AF_ERR_OVERFLOW. */
    double (*exact)(double x);
    int nonnegative_only;
    /* The error allowed for an exact result ref_raw. */
    double (*tolerance)(double ref_raw);
    /* Where the result is neither saturated nor zero: the dense sweep's
     * range. The whole int32 range is swept too, more thinly. */
    fix16_t busy_lo, busy_hi;
} q16_unary;

extern const q16_unary q16_sqrt_fn, q16_log2_fn, q16_log_fn, q16_exp2_fn,
    q16_exp_fn, q16_sin_fn, q16_cos_fn;
/* Every one above, for the exhaustive run. */
extern const q16_unary *const q16_unary_all[];
extern const int q16_unary_count;

/* Judge f at x. */
q16_verdict q16_unary_at(const q16_unary *f, fix16_t x);

/*
 * The inputs of a sweep over [lo, hi], in this order:
 *   1. lo, hi, 0, +-1, and +-2^k - 1, +-2^k, +-2^k + 1 for k = 1..31 (the
 *      power-of-two boundaries), those inside [lo, hi];
 *   2. count / 2 points on an even grid from lo to hi, both included;
 *   3. count / 4 uniformly random raw values in [lo, hi];
 *   4. count / 4 random values whose magnitude is log-uniform (every
 *      power-of-two range equally likely), in [lo, hi].
 * The random points come from the case's own seed.
 */
typedef struct q16_sweep {
    fix16_t lo, hi;
    long count, index;
    th_rng rng;
} q16_sweep;

void q16_sweep_init(q16_sweep *s, const char *case_name, fix16_t lo,
                    fix16_t hi, long count);
/* The next input in *x; 0 when the sweep is over. */
int q16_sweep_next(q16_sweep *s, fix16_t *x);

/* Candidate i (0 <= i < Q16_SPECIAL_COUNT) of the extreme and power-of-two
 * values of the whole range, as in part 1 of a sweep over it; returns 0
 * (and leaves *x alone) when that candidate is not an int32_t. */
#define Q16_SPECIAL_COUNT (5 + 31 * 6)
int q16_special(long i, fix16_t *x);

/* A random operand for two-argument tests: a quarter of the time one of
 * the special values, else a uniformly random raw value or a random one of
 * log-uniform magnitude, half each. */
fix16_t q16_random_operand(th_rng *rng);

/* Unsigned 128-bit integers, enough to check 64-bit results exactly on
 * targets without a 128-bit type. */
typedef struct q16_u128 {
    uint64_t hi, lo;
} q16_u128;

q16_u128 q16_u128_mul(uint64_t a, uint64_t b);
q16_u128 q16_u128_add(q16_u128 a, q16_u128 b);
q16_u128 q16_u128_from(uint64_t a);
/* -1, 0 or 1 as a <, = or > b. */
int q16_u128_cmp(q16_u128 a, q16_u128 b);

/* Whether y is round(2^46 / sqrt(x)) or one less, for x in [2^30, 2^32)
 * (afi_rsqrt31's promise, of x = m 2^odd), in integers; *rounded says
 * whether it is round(2^46 / sqrt(x)) itself. */
int q16_rsqrt31_ok(uint32_t x, uint32_t y, int *rounded);

/* The worst error seen, where, and how many points: printed with th_note.
 * Results below 256 (2^24 raw) are judged by their absolute error; above,
 * by the error beyond the final rounding relative to the result, which is
 * what the relative part of a bound limits. */
typedef struct q16_worst {
    const char *what;
    int arity;         /* 1 or 2 inputs */
    long points;
    double error;      /* the largest absolute error, results below 256 */
    fix16_t at, at2;
    double relative;   /* the largest (error - 0.5) / |result|, above 256 */
    fix16_t rel_at, rel_at2;
} q16_worst;

void q16_worst_init(q16_worst *w, const char *what, int arity);
void q16_worst_add(q16_worst *w, const q16_verdict *v, fix16_t at, fix16_t at2);
/* "# <what>: N points, worst error 0.500012 LSB at x (raw ...)", and the
 * relative figure when there were results above 256. */
void q16_worst_note(const q16_worst *w);

/*
 * Sweep one function: q16_sweep over its busy range with `count` points,
 * then over the whole int32 range with count / 4, judging every point with
 * TH_CHECK; the worst error is noted.
 */
void q16_unary_sweep(const q16_unary *f, const char *case_name, long count);

/* Check f at the extreme raw inputs (0x80000000, 0x7fffffff, 0, +-1): the
 * documented status and value. */
void q16_unary_extremes(const q16_unary *f);

#endif /* AIMFIX_TESTS_Q16_CHECK_H */
