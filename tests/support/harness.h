/* SPDX-License-Identifier: MIT */
/*
 * tests/support/harness.h — the tiny test framework every suite uses, on the host
 * and on every board.
 *
 * A suite is one C file with a list of cases and TH_MAIN at the end:
 *
 *     static void coincident_target(void) { TH_CHECK(x == 0, "x = %g", x); }
 *     static const th_case cases[] = { TH_CASE(coincident_target) };
 *     TH_MAIN("intercept_f64", cases)
 *
 * Output, one line per case, that tests/summarize.sh counts:
 *     ok   intercept_f64.coincident_target
 *     FAIL intercept_f64.coincident_target: 1 of 3 checks failed
 *          tests/f64/suite_intercept_f64.c:42: x = 1
 * A case passes when every TH_CHECK in it held. Output goes through the port
 * (port/port.h), so the same file runs under QEMU.
 */
#ifndef AIMFIX_TESTS_HARNESS_H
#define AIMFIX_TESTS_HARNESS_H

#include <stdint.h>

/* Slow builds run fewer random scenarios: th_count(n) is n divided by
 * TH_SCALE (set by the target builds and the sanitized host build; 1 on
 * the plain host) and by the quick tier's AIMFIX_TEST_QUICK (make check),
 * at least 1. */
#ifndef TH_SCALE
#define TH_SCALE 1
#endif

typedef struct th_case {
    const char *name;
    void (*run)(void);
} th_case;

#define TH_CASE(fn) { #fn, fn }

int th_main(const char *suite, const th_case *cases, int count);

#define TH_MAIN(suite, cases)                                                 \
    int main(void)                                                            \
    {                                                                         \
        return th_main(suite, cases, (int)(sizeof(cases) / sizeof(cases[0]))); \
    }

#if defined(__GNUC__) || defined(__clang__)
#define TH_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TH_PRINTF(a, b)
#endif

/* Record one check; on failure print the message (the first few failures of
 * a case only, the rest are counted). Returns ok, so a test can stop early. */
int th_check_at(int ok, const char *file, int line, const char *fmt, ...) TH_PRINTF(4, 5);
#define TH_CHECK(cond, ...) th_check_at((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)

/* The checks that failed so far in the running case (or since the start,
 * outside th_main): a caller that is not a suite (the fuzz targets) reads
 * it around a shared check to learn whether that check held. */
long th_failures(void);

/* An informational line ("# ..."), e.g. a measured worst case. */
void th_note(const char *fmt, ...) TH_PRINTF(1, 2);

/* The number of random scenarios to run for a host count of n. */
long th_count(long n);

/* Deterministic random numbers (splitmix64), the same sequence on every
 * target. Each case starts from the suite's seed mixed with its name, so
 * adding a case does not change another's scenarios. */
typedef struct th_rng {
    uint64_t state;
} th_rng;

th_rng th_rng_for(const char *case_name);
uint64_t th_rand_u64(th_rng *rng);
/* Uniform in [lo, hi). */
double th_rand_uniform(th_rng *rng, double lo, double hi);
/* Log-uniform magnitude in [lo, hi), lo > 0: every decade equally likely. */
double th_rand_log(th_rng *rng, double lo, double hi);
/* A random sign: -1 or +1. */
double th_rand_sign(th_rng *rng);
/* Uniform integer in [0, n). */
uint32_t th_rand_below(th_rng *rng, uint32_t n);

/* The seed every case derives from; printed at the start of each run. */
#define TH_SEED 0x5eed0a1f1cedull

#endif /* AIMFIX_TESTS_HARNESS_H */
