/* SPDX-License-Identifier: MIT */
/*
 * The Q16 math core beside libfixmath on the same inputs, on the host:
 * accuracy against double, and a loop for callgrind to count instructions.
 * bench/harness/host-math.sh runs it (make bench-host-math).
 *
 *   host_math list                  the function names, one per line
 *   host_math symbols NAME          ours and libfixmath's symbol for NAME
 *   host_math loop NAME WHICH N     call WHICH (ours | fix16) N times
 *   host_math table COUNTS          the markdown table; COUNTS is a file of
 *                                   "NAME WHICH instructions-per-call" lines
 *
 * Inputs come from a fixed seed, so every run and both implementations see
 * the same ones. Errors are in LSB (2^-16) against double.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aimfix.h"

/* Accuracy inputs per function; the loop reuses the first LOOP_INPUTS. */
#define ACCURACY_INPUTS 1000000L
#define LOOP_INPUTS 4096
#define PI 3.14159265358979323846

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t next(rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static double uniform(rng *r, double lo, double hi)
{
    return lo + (hi - lo) * (double)(next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* A raw value in [1, 2^bits) of log-uniform size. */
static fix16_t log_uniform_raw(rng *r, int bits)
{
    return (fix16_t)floor(exp2(uniform(r, 0.0, bits)));
}

static fix16_t signed_raw(rng *r, fix16_t v)
{
    return (next(r) & 1) ? -v : v;
}

typedef struct bench_fn {
    const char *name, *ours_symbol, *theirs_symbol;
    const char *inputs; /* the input set, in words, for the table */
    void (*input)(rng *r, fix16_t *a, fix16_t *b);
    double (*exact_raw)(fix16_t a, fix16_t b);
    fix16_t (*ours)(fix16_t a, fix16_t b);
    fix16_t (*theirs)(fix16_t a, fix16_t b);
} bench_fn;

static double value(fix16_t raw)
{
    return raw / 65536.0;
}

/* Each af_ function with a status, as a plain value (the inputs are all in
 * its domain, so the status is AF_OK). */
#define OURS_WITH_STATUS(fn)                                                  \
    static fix16_t ours_##fn(fix16_t a, fix16_t b)                           \
    {                                                                         \
        fix16_t out = 0;                                                      \
        (void)b;                                                              \
        if (af_##fn##_q16(a, &out) != AF_OK)                                  \
            fprintf(stderr, "af_" #fn "_q16(%ld) failed\n", (long)a);         \
        return out;                                                           \
    }
OURS_WITH_STATUS(sqrt)
OURS_WITH_STATUS(exp)
OURS_WITH_STATUS(log)
OURS_WITH_STATUS(log2)

static fix16_t ours_atan2(fix16_t y, fix16_t x) { return af_atan2_q16(y, x); }
static fix16_t ours_sin(fix16_t a, fix16_t b) { (void)b; return af_sin_q16(a); }
static fix16_t theirs_sqrt(fix16_t a, fix16_t b) { (void)b; return fix16_sqrt(a); }
static fix16_t theirs_exp(fix16_t a, fix16_t b) { (void)b; return fix16_exp(a); }
static fix16_t theirs_log(fix16_t a, fix16_t b) { (void)b; return fix16_log(a); }
static fix16_t theirs_log2(fix16_t a, fix16_t b) { (void)b; return fix16_log2(a); }
static fix16_t theirs_atan2(fix16_t y, fix16_t x) { return fix16_atan2(y, x); }
static fix16_t theirs_sin(fix16_t a, fix16_t b) { (void)b; return fix16_sin(a); }

static double exact_sqrt(fix16_t a, fix16_t b) { (void)b; return sqrt(a * 65536.0); }
static double exact_exp(fix16_t a, fix16_t b) { (void)b; return exp(value(a)) * 65536.0; }
static double exact_log(fix16_t a, fix16_t b) { (void)b; return log(value(a)) * 65536.0; }
static double exact_log2(fix16_t a, fix16_t b) { (void)b; return log2(value(a)) * 65536.0; }
static double exact_atan2(fix16_t y, fix16_t x) { return atan2((double)y, (double)x) * 65536.0; }
static double exact_sin(fix16_t a, fix16_t b) { (void)b; return sin(value(a)) * 65536.0; }

static void input_positive(rng *r, fix16_t *a, fix16_t *b)
{
    *a = log_uniform_raw(r, 31);
    *b = 0;
}

/* fix16_atan2 adds |y| to x: beyond 2^30 that overflows (undefined in C,
 * garbage in practice), so both get magnitudes below 2^30. */
static void input_atan2(rng *r, fix16_t *y, fix16_t *x)
{
    *y = signed_raw(r, log_uniform_raw(r, 30));
    *x = signed_raw(r, log_uniform_raw(r, 30));
}

/* Where e^x is representable and not 0. */
static void input_exp(rng *r, fix16_t *a, fix16_t *b)
{
    *a = (fix16_t)floor(uniform(r, -11.78, 10.397) * 65536.0);
    *b = 0;
}

static void input_angle(rng *r, fix16_t *a, fix16_t *b)
{
    *a = (fix16_t)floor(uniform(r, -2 * PI, 2 * PI) * 65536.0);
    *b = 0;
}

static const bench_fn functions[] = {
    { "sqrt", "af_sqrt_q16", "fix16_sqrt", "x in (0, 32768), log-uniform",
      input_positive, exact_sqrt, ours_sqrt, theirs_sqrt },
    { "atan2", "af_atan2_q16", "fix16_atan2", "x, y of magnitude in [2^-16, 2^14), log-uniform, any signs",
      input_atan2, exact_atan2, ours_atan2, theirs_atan2 },
    { "sin", "af_sin_q16", "fix16_sin", "x in [-2 pi, 2 pi], uniform",
      input_angle, exact_sin, ours_sin, theirs_sin },
    { "exp", "af_exp_q16", "fix16_exp", "x in [-11.78, 10.397] (result in range), uniform",
      input_exp, exact_exp, ours_exp, theirs_exp },
    { "log", "af_log_q16", "fix16_log", "x in (0, 32768), log-uniform",
      input_positive, exact_log, ours_log, theirs_log },
    { "log2", "af_log2_q16", "fix16_log2", "x in (0, 32768), log-uniform",
      input_positive, exact_log2, ours_log2, theirs_log2 },
};
#define FUNCTION_COUNT (int)(sizeof functions / sizeof functions[0])

static const bench_fn *find(const char *name)
{
    int i;
    for (i = 0; i < FUNCTION_COUNT; i++)
        if (strcmp(functions[i].name, name) == 0)
            return &functions[i];
    fprintf(stderr, "host_math: unknown function %s\n", name);
    exit(2);
}

/* The seed of a function's inputs: its name, so each has its own set. */
static rng inputs_of(const bench_fn *f)
{
    rng r;
    const char *c;
    r.state = 0x5eed0a1f1cedull;
    for (c = f->name; *c; c++)
        r.state = (r.state ^ (unsigned char)*c) * 0x100000001b3ull;
    return r;
}

typedef struct accuracy {
    double max, sum;
    long n;
    fix16_t worst_a, worst_b; /* the inputs of the largest error */
} accuracy;

static void add_error(accuracy *acc, double error, fix16_t a, fix16_t b)
{
    if (error > acc->max) {
        acc->max = error;
        acc->worst_a = a;
        acc->worst_b = b;
    }
    acc->sum += error;
    acc->n++;
}

static void measure(const bench_fn *f, accuracy *ours, accuracy *theirs)
{
    rng r = inputs_of(f);
    long i;
    memset(ours, 0, sizeof *ours);
    memset(theirs, 0, sizeof *theirs);
    for (i = 0; i < ACCURACY_INPUTS; i++) {
        fix16_t a, b;
        double exact, e_ours, e_theirs;
        f->input(&r, &a, &b);
        exact = f->exact_raw(a, b);
        e_ours = fabs(f->ours(a, b) - exact);
        e_theirs = fabs(f->theirs(a, b) - exact);
        add_error(ours, e_ours, a, b);
        add_error(theirs, e_theirs, a, b);
    }
}

static int loop(const bench_fn *f, const char *which, long n)
{
    static fix16_t a[LOOP_INPUTS], b[LOOP_INPUTS];
    fix16_t (*fn)(fix16_t, fix16_t) = strcmp(which, "fix16") == 0 ? f->theirs : f->ours;
    rng r = inputs_of(f);
    volatile fix16_t sink = 0;
    long i;
    for (i = 0; i < LOOP_INPUTS; i++)
        f->input(&r, &a[i], &b[i]);
    for (i = 0; i < n; i++)
        sink = fn(a[i % LOOP_INPUTS], b[i % LOOP_INPUTS]);
    (void)sink;
    return 0;
}

/* Instructions per call for (name, which) from the counts file, or -1. */
static double count_of(const char *counts, const char *name, const char *which)
{
    FILE *file = fopen(counts, "r");
    char n[64], w[16];
    double c, found = -1.0;
    if (!file)
        return -1.0;
    while (fscanf(file, "%63s %15s %lf", n, w, &c) == 3)
        if (strcmp(n, name) == 0 && strcmp(w, which) == 0)
            found = c;
    fclose(file);
    return found;
}

static void format_count(char *text, size_t size, double c)
{
    if (c < 0)
        snprintf(text, size, "-");
    else
        snprintf(text, size, "%.0f", c);
}

/* "x" or "y, x" of the worst case, as values. */
static void format_inputs(char *text, size_t size, const bench_fn *f, const accuracy *acc)
{
    if (f->exact_raw == exact_atan2)
        snprintf(text, size, "%.6g, %.6g", value(acc->worst_a), value(acc->worst_b));
    else
        snprintf(text, size, "%.6g", value(acc->worst_a));
}

static int table(const char *counts)
{
    int i;
    printf("| function | inputs (10^6 each) | aimfix max / mean error (LSB) | worst at | "
           "libfixmath max / mean error (LSB) | worst at | aimfix instr/call | "
           "libfixmath instr/call |\n");
    printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (i = 0; i < FUNCTION_COUNT; i++) {
        const bench_fn *f = &functions[i];
        accuracy ours, theirs;
        char c_ours[32], c_theirs[32], at_ours[48], at_theirs[48];
        measure(f, &ours, &theirs);
        format_inputs(at_ours, sizeof at_ours, f, &ours);
        format_inputs(at_theirs, sizeof at_theirs, f, &theirs);
        format_count(c_ours, sizeof c_ours, count_of(counts, f->name, "ours"));
        format_count(c_theirs, sizeof c_theirs, count_of(counts, f->name, "fix16"));
        printf("| %s | %s | %.3f / %.3f | %s | %.3f / %.3f | %s | %s | %s |\n", f->name,
               f->inputs, ours.max, ours.sum / ours.n, at_ours, theirs.max, theirs.sum / theirs.n,
               at_theirs, c_ours, c_theirs);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int i;
    if (argc == 2 && strcmp(argv[1], "list") == 0) {
        for (i = 0; i < FUNCTION_COUNT; i++)
            printf("%s\n", functions[i].name);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "symbols") == 0) {
        const bench_fn *f = find(argv[2]);
        printf("%s %s\n", f->ours_symbol, f->theirs_symbol);
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "loop") == 0)
        return loop(find(argv[2]), argv[3], strtol(argv[4], NULL, 10));
    if (argc == 3 && strcmp(argv[1], "table") == 0)
        return table(argv[2]);
    fprintf(stderr, "usage: host_math list | symbols NAME | loop NAME ours|fix16 N | table COUNTS\n");
    return 2;
}
