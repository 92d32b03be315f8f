/* SPDX-License-Identifier: MIT */
/*
 * Every input of a one-argument Q16 function against double: the host-only
 * exhaustive run behind `make test-exhaustive` (not part of make test).
 *
 *     exhaustive_q16 FUNCTION PART PARTS
 *
 * checks the PART-th (0-based) of PARTS equal slices of the 2^32 raw
 * inputs, with the same judge and bounds as the suites (tests/support/q16_check.h),
 * and prints one line of results:
 *     FUNCTION PART PARTS inputs failures worst_error worst_at
 *         not_correctly_rounded worst_relative worst_relative_at
 * (worst_relative is the error beyond 0.5 LSB relative to results above
 * 256, -1 when there were none). Exit status 1 when any input failed.
 * FUNCTION is one of
 *   sqrt_u32, sqrt_u32_armv6m   af_sqrt_u32 over every input, checked
 *                               exactly with integers; the second as the
 *                               Cortex-M0 build computes it (mk/exhaustive.mk)
 *   sqrt_u64, sqrt_u64_armv6m   af_sqrt_u64 for every f in [2^31, 2^32) at
 *                               f^2 - 1, f^2, f^2 + f and f^2 + f + 1: where
 *                               its floor and its rounding change, the
 *                               inputs that a step too few or too many in
 *                               the final correction would get wrong
 *   recip31_table, recip31_udiv the solvers' reciprocal, both ways, over its
 *                               2^30 inputs m in [2^30, 2^31)
 *   rsqrt31                     the solvers' reciprocal root over its 2^31
 *                               inputs (m in [2^30, 2^31), both parities):
 *                               round(2^46 / sqrt(m 2^odd)) or one less; how
 *                               many are one less is the "not correctly
 *                               rounded" count
 *   a name in q16_unary_all     against double.
 * Each PART is a slice of those inputs (of f for sqrt_u64).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/q16_internal.h"
#include "q16_check.h"

/* An error above this is a result that is not the correctly rounded one
 * (the double reference's own error is below 2^-20 LSB). */
#define CORRECTLY_ROUNDED (0.5 + 1.0 / 1048576.0)

typedef struct tally {
    unsigned long long inputs, failures, not_rounded;
    q16_worst worst;
} tally;

static void count_unary(const q16_unary *f, uint32_t raw, tally *t)
{
    fix16_t x = (fix16_t)((int64_t)raw - (raw > INT32_MAX ? INT64_C(4294967296) : 0));
    q16_verdict v = q16_unary_at(f, x);
    t->inputs++;
    t->failures += !v.ok;
    t->not_rounded += v.error > CORRECTLY_ROUNDED;
    q16_worst_add(&t->worst, &v, x, 0);
}

/* round(sqrt(x)) = r exactly when r^2 - r < x <= r^2 + r. */
static void count_sqrt_u32(uint32_t (*fn)(uint32_t), uint32_t x, tally *t)
{
    uint64_t r = fn(x);
    int ok = x <= r * r + r && (r == 0 ? x == 0 : r * r < (uint64_t)x + r);
    t->inputs++;
    t->failures += !ok;
    t->not_rounded += !ok;
}

/* The square roots compiled as for ARMv6-M (mk/exhaustive.mk). */
uint32_t armv6m_sqrt_u32(uint32_t x);
uint64_t armv6m_sqrt_u64(uint64_t x);

/* round(sqrt(x)) = r exactly when r^2 - r < x <= r^2 + r. Below r = 2^32
 * (the root of the inputs from 2^64 - 2^32 + 1 up) r^2 + r fits. */
static void count_sqrt_u64_at(uint64_t (*fn)(uint64_t), uint64_t x, tally *t)
{
    uint64_t r = fn(x);
    int ok = r == ((uint64_t)1 << 32) ? x > UINT64_C(0xFFFFFFFF00000000)
                                       : r < ((uint64_t)1 << 32) && x <= r * r + r &&
                                             (r == 0 ? x == 0 : r * r - r < x);
    t->inputs++;
    t->failures += !ok;
    t->not_rounded += !ok;
}

/* The four inputs around f^2 where the floor or the rounding changes. */
static void count_sqrt_u64(uint64_t (*fn)(uint64_t), uint64_t f, tally *t)
{
    uint64_t sq = f * f;
    count_sqrt_u64_at(fn, sq - 1, t);
    count_sqrt_u64_at(fn, sq, t);
    count_sqrt_u64_at(fn, sq + f, t);
    count_sqrt_u64_at(fn, sq + f + 1, t);
}

/* round(2^61 / m) exactly: floor((floor(2^62 / m) + 1) / 2). */
static void count_recip31(uint32_t (*fn)(uint32_t), uint32_t m, tally *t)
{
    uint64_t want = (((uint64_t)1 << 62) / m + 1) >> 1;
    int ok = fn(m) == want;
    t->inputs++;
    t->failures += !ok;
    t->not_rounded += !ok;
}

/* Input i of the reciprocal root: m = 2^30 + i / 2, odd = i mod 2. */
static void count_rsqrt31(uint64_t i, tally *t)
{
    uint32_t m = (1u << 30) + (uint32_t)(i >> 1);
    int odd = (int)(i & 1), rounded;
    int ok = q16_rsqrt31_ok(m << odd, afi_rsqrt31(m, odd), &rounded);
    t->inputs++;
    t->failures += !ok;
    t->not_rounded += !rounded;
}

/* The exactly checked integer functions, by name. */
static const struct {
    const char *name;
    uint32_t (*fn)(uint32_t);
} recips[] = { { "recip31_table", afi_recip31_table }, { "recip31_udiv", afi_recip31_udiv } },
  roots32[] = { { "sqrt_u32", af_sqrt_u32 }, { "sqrt_u32_armv6m", armv6m_sqrt_u32 } };
static const struct {
    const char *name;
    uint64_t (*fn)(uint64_t);
} roots64[] = { { "sqrt_u64", af_sqrt_u64 }, { "sqrt_u64_armv6m", armv6m_sqrt_u64 } };

int main(int argc, char **argv)
{
    const q16_unary *f = NULL;
    uint32_t (*recip)(uint32_t) = NULL, (*root32)(uint32_t) = NULL;
    uint64_t (*root64)(uint64_t) = NULL;
    unsigned long part, parts;
    uint64_t first, end, i;
    tally t;
    int k, rsqrt = 0;

    if (argc != 4) {
        fprintf(stderr, "usage: %s FUNCTION PART PARTS\n", argv[0]);
        return 2;
    }
    for (k = 0; k < q16_unary_count; k++)
        if (strcmp(argv[1], q16_unary_all[k]->name) == 0)
            f = q16_unary_all[k];
    for (k = 0; k < 2; k++) {
        if (strcmp(argv[1], recips[k].name) == 0)
            recip = recips[k].fn;
        if (strcmp(argv[1], roots32[k].name) == 0)
            root32 = roots32[k].fn;
        if (strcmp(argv[1], roots64[k].name) == 0)
            root64 = roots64[k].fn;
    }
    rsqrt = strcmp(argv[1], "rsqrt31") == 0;
    if (!f && !recip && !root32 && !root64 && !rsqrt) {
        fprintf(stderr, "%s: unknown function %s\n", argv[0], argv[1]);
        return 2;
    }
    part = strtoul(argv[2], NULL, 10);
    parts = strtoul(argv[3], NULL, 10);
    if (parts == 0 || part >= parts) {
        fprintf(stderr, "%s: need 0 <= PART < PARTS\n", argv[0]);
        return 2;
    }
    {
        /* The reciprocal's inputs are the 2^30 values from 2^30, the
         * 64-bit root's the 2^31 roots from 2^31, the reciprocal root's
         * the 2^31 numbers i (count_rsqrt31). */
        uint64_t size = (uint64_t)1 << (recip ? 30 : root64 || rsqrt ? 31 : 32);
        uint64_t base = recip ? (uint64_t)1 << 30 : root64 ? (uint64_t)1 << 31 : 0;
        first = base + size / parts * part;
        end = base + (part + 1 == parts ? size : size / parts * (part + 1));
    }

    memset(&t, 0, sizeof t);
    q16_worst_init(&t.worst, argv[1], 1);
    for (i = first; i < end; i++) {
        if (rsqrt)
            count_rsqrt31(i, &t);
        else if (recip)
            count_recip31(recip, (uint32_t)i, &t);
        else if (root64)
            count_sqrt_u64(root64, i, &t);
        else if (f)
            count_unary(f, (uint32_t)i, &t);
        else
            count_sqrt_u32(root32, (uint32_t)i, &t);
    }
    printf("%s %lu %lu %llu %llu %.6f %ld %llu %.3g %ld\n", argv[1], part, parts, t.inputs,
           t.failures, t.worst.error < 0 ? 0.0 : t.worst.error, (long)t.worst.at,
           t.not_rounded, t.worst.relative, (long)t.worst.rel_at);
    return t.failures ? 1 : 0;
}
