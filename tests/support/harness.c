/* SPDX-License-Identifier: MIT */
/* The test framework: case runner, checks, seeded random numbers. */
#include "harness.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "port.h"

/* Failures printed per case before the rest are only counted: enough to see
 * a pattern, not a flood from a 100 000-scenario sweep. */
#define TH_MAX_PRINTED_FAILURES 8

static long checks_run;
static long checks_failed;

/* A budget's reason (suite_budget.c) takes up to 600 characters; a board
 * with little RAM (the ATmega328P's 2 KiB) sets a shorter line, and longer
 * messages are cut there. */
#ifndef TH_LINE_SIZE
#define TH_LINE_SIZE 640
#endif

static void emit(const char *fmt, va_list args)
{
    char line[TH_LINE_SIZE];
    int n = vsnprintf(line, sizeof line, fmt, args);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof line)
        n = (int)sizeof line - 1;
    port_write(line, (size_t)n);
}

static void emitf(const char *fmt, ...) TH_PRINTF(1, 2);
static void emitf(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    emit(fmt, args);
    va_end(args);
}

int th_check_at(int ok, const char *file, int line, const char *fmt, ...)
{
    checks_run++;
    if (ok)
        return 1;
    checks_failed++;
    if (checks_failed <= TH_MAX_PRINTED_FAILURES) {
        va_list args;
        emitf("     %s:%d: ", file, line);
        va_start(args, fmt);
        emit(fmt, args);
        va_end(args);
        emitf("\n");
    }
    return 0;
}

long th_failures(void)
{
    return checks_failed;
}

void th_note(const char *fmt, ...)
{
    va_list args;
    emitf("#    ");
    va_start(args, fmt);
    emit(fmt, args);
    va_end(args);
    emitf("\n");
}

/* TH_SCALE times AIMFIX_TEST_QUICK from the environment (make check sets
 * it for the quick tier; unset, as on the boards, it counts as 1). A
 * target without an environment (TH_NO_ENVIRONMENT: the AVR boards, where
 * getenv and strtol would take flash the Uno's solvers need) uses
 * TH_SCALE alone. */
static long th_scale(void)
{
#ifdef TH_NO_ENVIRONMENT
    return (long)TH_SCALE;
#else
    const char *quick = getenv("AIMFIX_TEST_QUICK");
    long q = quick ? strtol(quick, NULL, 10) : 1;
    return (long)TH_SCALE * (q > 1 && q <= 1000 ? q : 1);
#endif
}

long th_count(long n)
{
    long scaled = n / th_scale();
    return scaled > 0 ? scaled : 1;
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

th_rng th_rng_for(const char *case_name)
{
    /* FNV-1a of the name, folded into the suite seed. */
    uint64_t h = 0xcbf29ce484222325ull;
    th_rng rng;
    for (; *case_name; case_name++)
        h = (h ^ (unsigned char)*case_name) * 0x100000001b3ull;
    rng.state = TH_SEED ^ h;
    return rng;
}

uint64_t th_rand_u64(th_rng *rng)
{
    return splitmix64(&rng->state);
}

double th_rand_uniform(th_rng *rng, double lo, double hi)
{
    /* 53 random bits: a double in [0, 1). */
    double u = (double)(th_rand_u64(rng) >> 11) * (1.0 / 9007199254740992.0);
    return lo + (hi - lo) * u;
}

double th_rand_log(th_rng *rng, double lo, double hi)
{
    double x = lo * exp(th_rand_uniform(rng, 0.0, log(hi / lo)));
    return x < hi ? x : lo; /* exp may round up to hi itself */
}

double th_rand_sign(th_rng *rng)
{
    return (th_rand_u64(rng) >> 63) ? -1.0 : 1.0;
}

uint32_t th_rand_below(th_rng *rng, uint32_t n)
{
    return (uint32_t)((th_rand_u64(rng) >> 32) * (uint64_t)n >> 32);
}

int th_main(const char *suite, const th_case *cases, int count)
{
    int passed = 0, failed = 0, i;
    port_init();
    /* The seed in two halves: avr-libc's printf has no %llx. */
    emitf("# suite %s (seed 0x%lx%08lx, scale 1/%ld, counter: %s)\n", suite,
          (unsigned long)(TH_SEED >> 32), (unsigned long)(TH_SEED & 0xFFFFFFFFu), th_scale(),
          port_counter_unit());
    for (i = 0; i < count; i++) {
        checks_run = 0;
        checks_failed = 0;
        cases[i].run();
        if (checks_failed == 0 && checks_run > 0) {
            passed++;
            emitf("ok   %s.%s (%ld checks)\n", suite, cases[i].name, checks_run);
        } else {
            failed++;
            if (checks_run == 0)
                emitf("FAIL %s.%s: the case checked nothing\n", suite, cases[i].name);
            else
                emitf("FAIL %s.%s: %ld of %ld checks failed\n", suite, cases[i].name,
                      checks_failed, checks_run);
        }
    }
    emitf("# %s: %d passed, %d failed\n", suite, passed, failed);
    return failed ? 1 : 0;
}
