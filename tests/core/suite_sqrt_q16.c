/* SPDX-License-Identifier: MIT */
/*
 * Square roots: af_sqrt_u32 and af_sqrt_u64 checked exactly with integers
 * (r is round(sqrt(x)) exactly when r^2 - r < x <= r^2 + r, since no
 * integer has a square root ending in .5), af_sqrt_q16 against double.
 */
#include "q16_check.h"

/* Points per function on the host. */
#define POINTS 1000000L

/* r^2 - r < x <= r^2 + r, in 128 bits (r may be 2^32). */
static int is_rounded_root(uint64_t x, uint64_t r)
{
    q16_u128 square = q16_u128_mul(r, r);
    q16_u128 hi = q16_u128_add(square, q16_u128_from(r));
    q16_u128 xx = q16_u128_from(x);
    q16_u128 lo_plus_r; /* r^2 - r < x, written r^2 < x + r */
    if (q16_u128_cmp(xx, hi) > 0)
        return 0;
    lo_plus_r = q16_u128_add(xx, q16_u128_from(r));
    return r == 0 ? x == 0 : q16_u128_cmp(square, lo_plus_r) < 0;
}

static void check_u64(uint64_t x)
{
    uint64_t r = af_sqrt_u64(x);
    TH_CHECK(is_rounded_root(x, r), "sqrt_u64(%llu) = %llu", (unsigned long long)x,
             (unsigned long long)r);
}

static void check_u32(uint32_t x)
{
    uint32_t r = af_sqrt_u32(x);
    TH_CHECK(is_rounded_root(x, r), "sqrt_u32(%lu) = %lu", (unsigned long)x, (unsigned long)r);
}

/* x around the places where the rounded root changes or the code changes
 * path: k^2 and k^2 + k (the rounding edge) plus or minus one. */
static void around_root_edges(uint64_t k, void (*check)(uint64_t))
{
    uint64_t sq = k * k;
    check(sq - 1);
    check(sq);
    check(sq + 1);
    check(sq + k - 1);
    check(sq + k);
    check(sq + k + 1);
}

static void check_u32_from_u64(uint64_t x)
{
    check_u32((uint32_t)x);
}

static void sqrt_u32_is_correctly_rounded(void)
{
    th_rng rng = th_rng_for("sqrt_u32");
    long n = th_count(POINTS), i;
    uint32_t k;
    /* Every x below n / 2 (the smallest roots, where the start and the
     * "+1" matter most), then every root's edges for sampled roots, then
     * random x of log-uniform size. The exhaustive run covers all 2^32. */
    for (i = 0; i < n / 2; i++)
        check_u32((uint32_t)i);
    for (k = 1; k <= 65535; k += TH_SCALE)
        around_root_edges(k, check_u32_from_u64);
    check_u32(0xFFFFFFFFu); /* rounds up to 65536 */
    check_u32(0xFFFF0000u);
    for (i = 0; i < n / 4; i++)
        check_u32((uint32_t)(th_rand_u64(&rng) >> (32 + th_rand_below(&rng, 32))));
}

static void sqrt_u64_is_correctly_rounded(void)
{
    th_rng rng = th_rng_for("sqrt_u64");
    long n = th_count(POINTS), i;
    int b;
    /* Both ends, every power of two and its neighbours. */
    check_u64(0);
    check_u64(UINT64_MAX);
    for (b = 0; b < 64; b++) {
        uint64_t p = (uint64_t)1 << b;
        check_u64(p - 1);
        check_u64(p);
        check_u64(p + 1);
    }
    /* The top: roots near 2^32 - 1, where the start value is special and
     * round(sqrt(x)) = 2^32 first appears (x > 2^64 - 2^32). */
    for (i = 0; i < 4096; i++) {
        check_u64(UINT64_MAX - (uint64_t)i);
        check_u64(UINT64_MAX - 0xFFFFFFFFu + (uint64_t)i - 2048);
        check_u64(0xFFFFFFFE00000001u + (uint64_t)i - 2048);
    }
    /* Root edges of random roots of every size, then random x. */
    for (i = 0; i < n / 12; i++)
        around_root_edges(th_rand_u64(&rng) >> (32 + th_rand_below(&rng, 32)), check_u64);
    for (i = 0; i < n / 2; i++)
        check_u64(th_rand_u64(&rng) >> th_rand_below(&rng, 64));
}

static void sqrt_q16_against_double(void)
{
    q16_unary_sweep(&q16_sqrt_fn, "sqrt_q16", th_count(POINTS));
}

static void sqrt_q16_extremes(void)
{
    /* 0x80000000 and -1 raw are negative: AF_ERR_OUT_OF_RANGE and 0;
     * 0x7fffffff gives 181.02, 1 raw gives 2^-8 (256 raw), 0 gives 0. */
    q16_unary_extremes(&q16_sqrt_fn);
}

static void sqrt_q16_of_squares_is_exact(void)
{
    /* k^2 raw is (k / 256)^2, representable for k^2 < 2^31: its root is
     * exactly k / 256, i.e. 256 k raw. */
    uint32_t k;
    for (k = 0; k < 46341; k++) {
        fix16_t out = -1;
        af_status st = af_sqrt_q16((fix16_t)(k * k), &out);
        TH_CHECK(st == AF_OK && out == (fix16_t)(k * 256), "sqrt(%lu raw) = %ld, expected %lu",
                 (unsigned long)(k * k), (long)out, (unsigned long)(k * 256));
    }
}

static const th_case cases[] = {
    TH_CASE(sqrt_u32_is_correctly_rounded),
    TH_CASE(sqrt_u64_is_correctly_rounded),
    TH_CASE(sqrt_q16_against_double),
    TH_CASE(sqrt_q16_extremes),
    TH_CASE(sqrt_q16_of_squares_is_exact),
};

TH_MAIN("q16_sqrt", cases)
