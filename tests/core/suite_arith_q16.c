/* SPDX-License-Identifier: MIT */
/*
 * Q16.16 add, subtract, multiply, divide, a*b/c and Q32.32 rounding, and
 * the 64-by-32-bit division under them. Every result is checked exactly
 * with integers: a rounded quotient q of num / den must satisfy
 * |q den - num| <= |den| / 2, a tie going away from zero, and an overflow
 * must be reported exactly when the rounded quotient leaves Q16.16.
 */
#include "../../src/core/q16_internal.h"
#include "q16_check.h"

/* Pairs per two-argument function on the host (>= 10^6 with the grid of
 * special values crossed with itself). */
#define PAIRS 1000000L

static uint64_t magnitude64(int64_t v)
{
    return v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
}

/*
 * Is (status, out) the correctly rounded num / den (den != 0, |num| and
 * |den| below 2^63, |den| <= 2^31)? out den - num is computed modulo 2^64:
 * both terms are below 2^63 in magnitude, so the wrapped difference is
 * small only when the true one is.
 */
static int is_rounded_quotient(int64_t num, int64_t den, af_status status, fix16_t out)
{
    int negative = (num < 0) != (den < 0);
    uint64_t an = magnitude64(num), ad = magnitude64(den);
    /* The rounded quotient leaves Q16.16 when |num / den| >= 2^31 - 1/2
     * (positive) or 2^31 + 1/2 (negative): ties go away from zero. */
    uint64_t edge = negative ? 0x100000001u : 0xFFFFFFFFu;
    int overflows = 2 * an >= edge * ad; /* both below 2^64 */
    uint64_t diff;
    int diff_negative;
    if (overflows)
        return status == AF_ERR_OVERFLOW && out == (negative ? INT32_MIN : INT32_MAX);
    if (status != AF_OK)
        return 0;
    diff = (uint64_t)((int64_t)out * den) - (uint64_t)num;
    diff_negative = (diff >> 63) != 0;
    if (diff_negative)
        diff = 0u - diff;
    if (diff > ad)
        return 0;
    if (2 * diff < ad)
        return 1;
    /* Exactly halfway: out den must be the one farther from zero, i.e. the
     * difference has num's sign. */
    return 2 * diff == ad && diff_negative == (num < 0);
}

typedef af_status (*binary_fn)(fix16_t, fix16_t, fix16_t *);

/* num and den of the quotient each function rounds. */
static void mul_terms(fix16_t a, fix16_t b, int64_t *num, int64_t *den)
{
    *num = (int64_t)a * b;
    *den = 65536;
}

static void div_terms(fix16_t a, fix16_t b, int64_t *num, int64_t *den)
{
    *num = (int64_t)a * 65536;
    *den = b;
}

static void check_quotients(const char *name, binary_fn fn,
                            void (*terms)(fix16_t, fix16_t, int64_t *, int64_t *))
{
    th_rng rng = th_rng_for(name);
    long n = th_count(PAIRS), i, j, points = 0, overflows = 0;
    fix16_t a, b, out;
    af_status st;
    int64_t num, den;
    for (i = 0; i < Q16_SPECIAL_COUNT + n; i++) {
        for (j = 0; j < (i < Q16_SPECIAL_COUNT ? Q16_SPECIAL_COUNT : 1); j++) {
            if (i < Q16_SPECIAL_COUNT) { /* every special value with every other */
                if (!q16_special(i, &a) || !q16_special(j, &b))
                    continue;
            } else {
                a = q16_random_operand(&rng);
                b = q16_random_operand(&rng);
            }
            terms(a, b, &num, &den);
            if (den == 0)
                continue; /* division by zero: its own case */
            st = fn(a, b, &out);
            overflows += st == AF_ERR_OVERFLOW;
            points++;
            TH_CHECK(is_rounded_quotient(num, den, st, out),
                     "%s(%ld, %ld) (raw) = %ld, status %s", name, (long)a, (long)b,
                     (long)out, af_status_name(st));
        }
    }
    th_note("%s: %ld pairs (%ld overflowing), every one correctly rounded or saturated",
            name, points, overflows);
}

static void mul_is_correctly_rounded(void)
{
    check_quotients("mul", af_mul_q16, mul_terms);
}

static void div_is_correctly_rounded(void)
{
    check_quotients("div", af_div_q16, div_terms);
}

static void muldiv_is_correctly_rounded(void)
{
    th_rng rng = th_rng_for("muldiv");
    long n = th_count(PAIRS), i;
    for (i = 0; i < n; i++) {
        fix16_t a = q16_random_operand(&rng), b = q16_random_operand(&rng);
        fix16_t c = q16_random_operand(&rng), out;
        af_status st;
        if (c == 0)
            continue;
        st = af_muldiv_q16(a, b, c, &out);
        TH_CHECK(is_rounded_quotient((int64_t)a * b, c, st, out),
                 "muldiv(%ld, %ld, %ld) (raw) = %ld, status %s", (long)a, (long)b,
                 (long)c, (long)out, af_status_name(st));
    }
}

static void minus_32768_is_a_result_not_an_overflow(void)
{
    /* fix16_mul and fix16_div return fix16_overflow, which is this very
     * value, for these legal results; ours say AF_OK. */
    fix16_t out = 0;
    af_status st = af_mul_q16(INT32_MIN, 65536, &out);
    q16_expect("-32768 * 1 is -32768", st, out, AF_OK, INT32_MIN);
    st = af_div_q16(INT32_MIN, 65536, &out);
    q16_expect("-32768 / 1 is -32768", st, out, AF_OK, INT32_MIN);
    st = af_div_q16(INT32_MIN, -65536, &out);
    q16_expect("-32768 / -1 overflows to the maximum", st, out, AF_ERR_OVERFLOW, INT32_MAX);
}

static void division_by_zero_is_a_bad_argument(void)
{
    fix16_t out = 1;
    af_status st = af_div_q16(65536, 0, &out);
    q16_expect("1 / 0", st, out, AF_ERR_BAD_ARGUMENT, 0);
    out = 1;
    st = af_div_q16(0, 0, &out);
    q16_expect("0 / 0", st, out, AF_ERR_BAD_ARGUMENT, 0);
    out = 1;
    st = af_muldiv_q16(INT32_MIN, INT32_MIN, 0, &out);
    q16_expect("a b / 0", st, out, AF_ERR_BAD_ARGUMENT, 0);
}

/* The exact sum or difference, or the saturated value with an overflow. */
static int is_exact_or_saturated(int64_t exact, af_status status, fix16_t out)
{
    if (exact > INT32_MAX)
        return status == AF_ERR_OVERFLOW && out == INT32_MAX;
    if (exact < INT32_MIN)
        return status == AF_ERR_OVERFLOW && out == INT32_MIN;
    return status == AF_OK && out == exact;
}

static void add_and_sub_are_exact_or_saturate(void)
{
    th_rng rng = th_rng_for("add_sub");
    long n = th_count(PAIRS), i;
    for (i = 0; i < n; i++) {
        fix16_t a = q16_random_operand(&rng), b = q16_random_operand(&rng), out;
        af_status st = af_add_q16(a, b, &out);
        TH_CHECK(is_exact_or_saturated((int64_t)a + b, st, out), "add(%ld, %ld) (raw) = %ld, %s",
                 (long)a, (long)b, (long)out, af_status_name(st));
        st = af_sub_q16(a, b, &out);
        TH_CHECK(is_exact_or_saturated((int64_t)a - b, st, out), "sub(%ld, %ld) (raw) = %ld, %s",
                 (long)a, (long)b, (long)out, af_status_name(st));
    }
}

static void q32_rounding_at_its_edges(void)
{
    /* The largest Q32.32 values that round into Q16.16 and the first that
     * do not: 2^47 - 2^15 is 32767.99999 + half an LSB, a tie, and goes
     * away from zero; on the negative side the tie is at -(2^47 + 2^15). */
    static const struct {
        int64_t q32;
        af_status status;
        fix16_t out;
    } edges[] = {
        { INT64_C(0x7FFFFFFF7FFF), AF_OK, INT32_MAX },
        { INT64_C(0x7FFFFFFF8000), AF_ERR_OVERFLOW, INT32_MAX },
        { -INT64_C(0x800000007FFF), AF_OK, INT32_MIN },
        { -INT64_C(0x800000008000), AF_ERR_OVERFLOW, INT32_MIN },
        { INT64_MAX, AF_ERR_OVERFLOW, INT32_MAX },
        { INT64_MIN, AF_ERR_OVERFLOW, INT32_MIN },
        { 0x8000, AF_OK, 1 },   /* +half an LSB: away from zero */
        { -0x8000, AF_OK, -1 }, /* -half an LSB: away from zero */
        { 0x7FFF, AF_OK, 0 },
        { -0x7FFF, AF_OK, 0 },
    };
    size_t i;
    for (i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        fix16_t out = 12345;
        af_status st = af_round_q32_q16(edges[i].q32, &out);
        TH_CHECK(st == edges[i].status && out == edges[i].out,
                 "round(0x%llx) = %ld (%s), expected %ld (%s)",
                 (unsigned long long)edges[i].q32, (long)out, af_status_name(st),
                 (long)edges[i].out, af_status_name(edges[i].status));
    }
}

static void q32_rounding_of_random_values(void)
{
    th_rng rng = th_rng_for("round_q32");
    long n = th_count(PAIRS), i;
    for (i = 0; i < n; i++) {
        /* Any int64_t, scaled down by a random shift so that every
         * magnitude is visited; the exact check is a quotient by 2^16 for
         * values below 2^62. */
        int64_t v = (int64_t)(th_rand_u64(&rng) >> (2 + th_rand_below(&rng, 60)));
        fix16_t out;
        af_status st;
        if (th_rand_u64(&rng) & 1)
            v = -v;
        st = af_round_q32_q16(v, &out);
        TH_CHECK(is_rounded_quotient(v, 65536, st, out), "round(%lld) = %ld (%s)",
                 (long long)v, (long)out, af_status_name(st));
    }
}

static void wide_division_matches_the_native_one(void)
{
    /* afi_udiv64_32 replaces a 64-bit division: every quotient and
     * remainder must equal the compiler's, including the divisors and
     * dividends that exercise the correction steps (digits near 2^16,
     * divisors with a small top digit). */
    th_rng rng = th_rng_for("udiv64_32");
    long n = th_count(PAIRS), i;
    for (i = 0; i < n; i++) {
        uint32_t d = (uint32_t)(th_rand_u64(&rng) >> (32 + th_rand_below(&rng, 32)));
        uint64_t n64, q_want;
        uint32_t q, r;
        if (d == 0)
            d = 1;
        switch (i % 4) {
        case 0: /* the largest dividend allowed */
            n64 = (uint64_t)d * 0xFFFFFFFFu + (d - 1);
            break;
        case 1: /* d times a random quotient, minus one */
            n64 = (uint64_t)d * (uint32_t)th_rand_u64(&rng);
            n64 = n64 ? n64 - 1 : 0;
            break;
        default: /* random below d 2^32 */
            n64 = th_rand_u64(&rng) % ((uint64_t)d << 32 | 0xFFFFFFFFu);
            if ((n64 >> 32) >= d)
                n64 = (uint64_t)(d - 1) << 32 | (uint32_t)n64;
            break;
        }
        q = afi_udiv64_32(n64, d, &r);
        q_want = n64 / d;
        TH_CHECK(q == q_want && r == n64 % d, "%llu / %lu = %lu rem %lu, expected %llu rem %llu",
                 (unsigned long long)n64, (unsigned long)d, (unsigned long)q, (unsigned long)r,
                 (unsigned long long)q_want, (unsigned long long)(n64 % d));
    }
}

/* The Cortex-M0's 32 x 32 -> 64-bit products from 16-bit halves
 * (q16_internal.h), compiled and checked on every build against the
 * compiler's own product: every pair of values around the halves' and
 * signs' edges, then random pairs with random magnitudes. */
static int32_t as_signed(uint32_t x) /* the int32_t of x's bits */
{
    return x >> 31 ? -(int32_t)~x - 1 : (int32_t)x;
}

static void check_products(uint32_t a, uint32_t b)
{
    uint64_t u = afi_umul32_by_halves(a, b), u_want = (uint64_t)a * b;
    int32_t sa = as_signed(a), sb = as_signed(b);
    int64_t s = afi_smul32_by_halves(sa, sb), s_want = (int64_t)sa * sb;
    uint64_t q = afi_square32_by_halves(sa), q_want = (uint64_t)((int64_t)sa * sa);
    TH_CHECK(u == u_want && s == s_want, "%08lx x %08lx: unsigned %016llx (want %016llx), "
             "signed %lld (want %lld)", (unsigned long)a, (unsigned long)b,
             (unsigned long long)u, (unsigned long long)u_want, (long long)s, (long long)s_want);
    TH_CHECK(q == q_want, "%08lx squared: %016llx (want %016llx)", (unsigned long)a,
             (unsigned long long)q, (unsigned long long)q_want);
    TH_CHECK(afi_umul32_call(a, b) == u_want && afi_smul32_call(sa, sb) == s_want,
             "%08lx x %08lx out of line: %016llx, %lld", (unsigned long)a, (unsigned long)b,
             (unsigned long long)afi_umul32_call(a, b), (long long)afi_smul32_call(sa, sb));
}

/* a b - c d from halves and in its long-multiply form, over its domain:
 * |a|, |c| <= 2^30, b, d < 2^31. */
static void check_product_diff(int32_t a, uint32_t b, int32_t c, uint32_t d)
{
    int64_t got = afi_smul32_diff_by_halves(a, b, c, d);
    int64_t got_long = afi_smul32_diff_long(a, b, c, d);
    int64_t want = (int64_t)a * (int64_t)b - (int64_t)c * (int64_t)d;
    TH_CHECK(got == want && got_long == want,
             "%ld x %lu - %ld x %lu: %lld, long form %lld (want %lld)", (long)a,
             (unsigned long)b, (long)c, (unsigned long)d, (long long)got, (long long)got_long,
             (long long)want);
}

static void product_differences_by_halves_are_exact(void)
{
    static const int32_t signed_edges[] = { 0, 1, -1, 0x7FFF, 0x8000, -0x8000, 0xFFFF, 0x10000,
                                            -0x10000, -0x10001, 0x3FFFFFFF, -0x3FFFFFFF,
                                            0x40000000, -0x40000000, 0x3FFF0000, -0x3FFF8001 };
    static const uint32_t factor_edges[] = { 0, 1, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFF0000,
                                             0x7FFFFFFF, 0x4000000, 0x7FFF8000 };
    th_rng rng = th_rng_for("mul32_diff_halves");
    long n = th_count(PAIRS / 2), i; /* four checks each */
    size_t j, k, l;
    for (j = 0; j < sizeof signed_edges / sizeof signed_edges[0]; j++)
        for (k = 0; k < sizeof factor_edges / sizeof factor_edges[0]; k++)
            for (l = 0; l < sizeof signed_edges / sizeof signed_edges[0]; l++) {
                check_product_diff(signed_edges[j], factor_edges[k], signed_edges[l],
                                   factor_edges[(k + l) % 10]);
                check_product_diff(signed_edges[j], factor_edges[k], signed_edges[l],
                                   factor_edges[9 - k]);
            }
    for (i = 0; i < n; i++) {
        /* Random magnitudes: 1 to 30 bits, 1 to 31 bits. */
        int32_t a = (int32_t)(th_rand_u64(&rng) >> (34 + th_rand_below(&rng, 30)));
        int32_t c = (int32_t)(th_rand_u64(&rng) >> (34 + th_rand_below(&rng, 30)));
        uint32_t b = (uint32_t)(th_rand_u64(&rng) >> (33 + th_rand_below(&rng, 31)));
        uint32_t d = (uint32_t)(th_rand_u64(&rng) >> (33 + th_rand_below(&rng, 31)));
        check_product_diff(a, b, c, d);
        check_product_diff(-a, b, c, d);
        check_product_diff(a, b, -c, d);
        check_product_diff(-a, b, -c, d);
    }
}

static void products_by_halves_are_exact(void)
{
    static const uint32_t edges[] = { 0, 1, 2, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x10001,
                                      0x7FFFFFFF, 0x80000000u, 0x80000001u, 0xFFFF0000u,
                                      0xFFFF8000u, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x00018000 };
    th_rng rng = th_rng_for("mul32_halves");
    long n = th_count(PAIRS), i;
    size_t j, k;
    for (j = 0; j < sizeof edges / sizeof edges[0]; j++)
        for (k = 0; k < sizeof edges / sizeof edges[0]; k++)
            check_products(edges[j], edges[k]);
    for (i = 0; i < n; i++) {
        uint32_t a = (uint32_t)(th_rand_u64(&rng) >> th_rand_below(&rng, 33));
        uint32_t b = (uint32_t)(th_rand_u64(&rng) >> th_rand_below(&rng, 33));
        check_products(a, b);
        check_products(0u - a, b);
    }
}

/* The solvers' reciprocal, both ways (make test-exhaustive checks every
 * input on the host): round(2^61 / m) exactly, at the ends, around each of
 * the table's 256 intervals and of the division seed's steps, and at
 * random. */
static void check_recip31(uint32_t m)
{
    uint64_t want = (((uint64_t)1 << 62) / m + 1) >> 1;
    uint32_t t = afi_recip31_table(m), u = afi_recip31_udiv(m);
    TH_CHECK(t == want && u == want, "m %lu: table %lu, udiv %lu, want %llu", (unsigned long)m,
             (unsigned long)t, (unsigned long)u, (unsigned long long)want);
}

static void reciprocal_is_the_nearest_both_ways(void)
{
    th_rng rng = th_rng_for("recip31");
    long n = th_count(PAIRS), i;
    uint32_t k;
    for (k = 0; k < 256; k++) {
        uint32_t edge = (256u + k) << 22, j;
        for (j = 0; j < 3; j++) {
            check_recip31(edge + j);
            check_recip31(edge + (1u << 22) - 1 - j);
        }
    }
    /* Either side of the division seed's first steps, where its error
     * is largest (d rounded up or down the most, y near 2^31). */
    for (k = 0; k < 64; k++) {
        uint32_t turn = (1u << 30) + (k << 15) + (5u << 12), j;
        for (j = 0; j < (uint32_t)th_count(4096); j++) {
            check_recip31(turn + j);
            check_recip31(turn - 1 - j);
        }
    }
    for (i = 0; i < n; i++) {
        uint32_t m = (1u << 30) | (uint32_t)(th_rand_u64(&rng) >> 34);
        check_recip31(m);
        /* Either side of where the division seed's d = (m + 3 2^12) / 2^15
         * steps up. */
        check_recip31(((m >> 15) << 15) + (5u << 12) - 1);
        check_recip31(((m >> 15) << 15) + (5u << 12));
    }
}

/* The solvers' reciprocal root (make test-exhaustive checks every input
 * on the host): round(2^46 / sqrt(m 2^odd)) or one less, at the ends,
 * either side of each of the seed table's 256 intervals, and at random;
 * nearly always round(...) itself. */
static long rsqrt31_not_rounded;

static void check_rsqrt31(uint32_t m, int odd)
{
    uint32_t y = afi_rsqrt31(m, odd);
    int rounded;
    TH_CHECK(q16_rsqrt31_ok(m << odd, y, &rounded), "m %lu odd %d: %lu", (unsigned long)m, odd,
             (unsigned long)y);
    rsqrt31_not_rounded += !rounded;
}

static void reciprocal_root_is_round_or_one_less(void)
{
    th_rng rng = th_rng_for("rsqrt31");
    long n = th_count(PAIRS), i;
    uint32_t k, j;
    int odd;
    rsqrt31_not_rounded = 0;
    for (odd = 0; odd < 2; odd++) {
        check_rsqrt31(0x40000000u, odd);
        check_rsqrt31(0x7FFFFFFFu, odd);
        for (k = 0; k < 256; k++) {
            uint32_t edge = (256u + k) << 22;
            for (j = 0; j < 3; j++) {
                check_rsqrt31(edge + j, odd);
                check_rsqrt31(edge + (1u << 22) - 1 - j, odd);
            }
        }
    }
    for (i = 0; i < n; i++)
        check_rsqrt31((1u << 30) | (uint32_t)(th_rand_u64(&rng) >> 34), (int)(i & 1));
    th_note("rsqrt31: %ld of %ld not round(2^46 / sqrt(x)) but one less", rsqrt31_not_rounded,
            n + 2 * (2 + 256 * 6));
}

/* The square roots' division without a divide instruction: floor(n / d)
 * exactly for every divisor, at the dividends that end each quotient's
 * range (the remainder's largest and smallest) near the top, the bottom
 * and at random, and at random dividends. */
static void check_udiv_by16(uint32_t n, uint32_t d)
{
    uint32_t q = afi_udiv_by16_table(n, d);
    TH_CHECK(q == n / d, "%lu / %lu: %lu (want %lu)", (unsigned long)n, (unsigned long)d,
             (unsigned long)q, (unsigned long)(n / d));
}

static void check_udiv_by16_divisor(uint32_t d, th_rng *rng)
{
    uint32_t top = 0xFFFFFFFFu / d, k = th_rand_below(rng, top) + 1;
    check_udiv_by16(0, d);
    check_udiv_by16(d - 1, d);
    check_udiv_by16(0xFFFFFFFFu, d);
    check_udiv_by16(top * d - 1, d);
    check_udiv_by16(top * d, d);
    check_udiv_by16(k * d - 1, d);
    check_udiv_by16(k * d, d);
}

static void udiv_by16_table_is_the_division(void)
{
    th_rng rng = th_rng_for("udiv_by16");
    long n = th_count(PAIRS), i;
    /* Every divisor on the host, every 61st on the boards. */
    uint32_t d, step = th_count(64) < 64 ? 61 : 1;
    for (d = 1u << 15; d < 1u << 16; d += step)
        check_udiv_by16_divisor(d, &rng);
    check_udiv_by16_divisor(1u << 16, &rng);
    for (i = 0; i < n; i++) {
        uint32_t dd = (1u << 15) + th_rand_below(&rng, (1u << 15) + 1);
        check_udiv_by16((uint32_t)th_rand_u64(&rng), dd);
    }
}

static const th_case cases[] = {
    TH_CASE(udiv_by16_table_is_the_division),
    TH_CASE(mul_is_correctly_rounded),
    TH_CASE(div_is_correctly_rounded),
    TH_CASE(muldiv_is_correctly_rounded),
    TH_CASE(minus_32768_is_a_result_not_an_overflow),
    TH_CASE(division_by_zero_is_a_bad_argument),
    TH_CASE(add_and_sub_are_exact_or_saturate),
    TH_CASE(q32_rounding_at_its_edges),
    TH_CASE(q32_rounding_of_random_values),
    TH_CASE(wide_division_matches_the_native_one),
    TH_CASE(reciprocal_is_the_nearest_both_ways),
    TH_CASE(reciprocal_root_is_round_or_one_less),
    TH_CASE(products_by_halves_are_exact),
    TH_CASE(product_differences_by_halves_are_exact),
};

TH_MAIN("q16_arith", cases)
