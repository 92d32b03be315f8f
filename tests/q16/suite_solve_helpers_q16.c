/* SPDX-License-Identifier: MIT */
/*
 * The solvers' shared helpers (src/q16/solve_q16.h) against plain references:
 * each fast form must give the bits of the straightforward one it
 * replaced (the determinism hash would catch a change only where the
 * solvers' inputs happen to reach it). The references use 64-bit shifts
 * and magnitudes, written as directly as the arithmetic reads.
 */
#include "../../src/q16/solve_q16.h"
#include <math.h>

#include "harness.h"

#define DRAWS 200000L

/* round(x / 2^k), ties away from zero, from the magnitude. */
static int64_t ref_round_shift(int64_t x, int k)
{
    uint64_t mag = x < 0 ? 0u - (uint64_t)x : (uint64_t)x;
    mag = ((mag >> (k - 1)) + 1) >> 1;
    return x < 0 ? -(int64_t)mag : (int64_t)mag;
}

/* x != 0 to 31 bits: the shift from the leading bit, rounded. */
static uint32_t ref_to31(uint64_t x, int *shift)
{
    int lead = 63;
    while (!(x >> lead))
        lead--;
    *shift = lead - 30;
    if (*shift <= 0)
        return (uint32_t)(x << -*shift);
    return (uint32_t)(((x >> (*shift - 1)) + 1) >> 1);
}

static afn_snum ref_from_u64(uint64_t x)
{
    afn_snum r = { 0, 0 };
    if (x == 0)
        return r;
    uint32_t m = ref_to31(x, &r.e);
    if (m >> 31) {
        m >>= 1;
        r.e++;
    }
    r.m = (int32_t)m;
    return r;
}

/* A random normalized number (m in [2^30, 2^31)) with e in [lo, hi]. */
static afn_snum random_num(th_rng *rng, int lo, int hi)
{
    afn_snum n;
    n.m = (int32_t)(0x40000000u | (th_rand_u64(rng) >> 34));
    n.e = lo + (int)th_rand_below(rng, (uint32_t)(hi - lo + 1));
    return n;
}

/* A random int32_t of random magnitude, either sign, INT32_MIN included. */
static int32_t random_i32(th_rng *rng)
{
    uint32_t bits = (uint32_t)(th_rand_u64(rng) >> (32 + th_rand_below(rng, 32)));
    if (th_rand_below(rng, 64) == 0)
        return INT32_MIN;
    return th_rand_below(rng, 2) ? -(int32_t)(bits >> 1) : (int32_t)(bits >> 1);
}

static void mul32_is_afs_mul(void)
{
    static const int32_t xs[] = { 0, 1, -1, 2, -2, 3, -3, 0x7FFFFFFF, -0x7FFFFFFF, INT32_MIN,
                                  0x10000, -0x10000, 0x40000000, -0x40000000 };
    static const uint32_t ms[] = { 0x40000000u, 0x40000001u, 0x7FFFFFFFu, 0x55555555u };
    th_rng rng = th_rng_for("mul32");
    long n = th_count(DRAWS), i;
    size_t j, k;
    int e;
    for (j = 0; j < sizeof xs / sizeof xs[0]; j++)
        for (k = 0; k < sizeof ms / sizeof ms[0]; k++)
            for (e = -70; e <= 4; e++) {
                afn_snum num = { ms[k], e };
                int ok1 = 1, ok2 = 1;
                int ok3 = 1;
                int64_t got = afn_p_mul32_near_smlal(xs[j], num, &ok1),
                        want = afn_p_mul64_near(xs[j], num, &ok2);
                int64_t halves = afn_p_mul32_near_halves(xs[j], num, &ok3);
                TH_CHECK(got == want && ok1 == ok2,
                         "%ld x %lu 2^%d: %lld (ok %d), afn_p_mul64_near %lld (ok %d)", (long)xs[j],
                         (unsigned long)ms[k], e, (long long)got, ok1, (long long)want, ok2);
                TH_CHECK(halves == want && ok3 == ok2, "%ld x %lu 2^%d: by halves %lld (ok %d)",
                         (long)xs[j], (unsigned long)ms[k], e, (long long)halves, ok3);
            }
    for (i = 0; i < n; i++) {
        int32_t x = random_i32(&rng);
        afn_snum num = random_num(&rng, -70, 4);
        int ok1 = 1, ok2 = 1;
        int64_t got, want;
        if (th_rand_below(&rng, 32) == 0)
            num.m = 0; /* the zero number */
        got = afn_p_mul32_near_smlal(x, num, &ok1);
        want = afn_p_mul64_near(x, num, &ok2);
        TH_CHECK(got == want && ok1 == ok2,
                 "%ld x %lu 2^%d: %lld (ok %d), afn_p_mul64_near %lld (ok %d)", (long)x,
                 (unsigned long)num.m, num.e, (long long)got, ok1, (long long)want, ok2);
        ok1 = 1;
        got = afn_p_mul32_near_halves(x, num, &ok1);
        TH_CHECK(got == want && ok1 == ok2, "%ld x %lu 2^%d: by halves %lld (ok %d)", (long)x,
                 (unsigned long)num.m, num.e, (long long)got, ok1);
    }
}

static void round_int_is_afs_mul_of_one(void)
{
    static const uint32_t ms[] = { 0, 0x40000000u, 0x40000001u, 0x7FFFFFFFu, 0x60000000u,
                                   0x5FFFFFFFu };
    th_rng rng = th_rng_for("round_int");
    long n = th_count(DRAWS), i;
    size_t k;
    int e;
    for (k = 0; k < sizeof ms / sizeof ms[0]; k++)
        for (e = -70; e <= 40; e++) {
            afn_snum num = { ms[k], e };
            int ok1 = 1, ok2 = 1;
            int64_t got = afn_p_to_int_near(num, &ok1), want = afn_p_mul64_near(1, num, &ok2);
            TH_CHECK(got == want && ok1 == ok2,
                     "%lu 2^%d: %lld (ok %d), afn_p_mul64_near %lld (ok %d)", (unsigned long)ms[k],
                     e, (long long)got, ok1, (long long)want, ok2);
        }
    for (i = 0; i < n; i++) {
        afn_snum num = random_num(&rng, -40, 34);
        int ok1 = 1, ok2 = 1;
        int64_t got = afn_p_to_int_near(num, &ok1), want = afn_p_mul64_near(1, num, &ok2);
        TH_CHECK(got == want && ok1 == ok2, "%lu 2^%d: %lld (ok %d), afn_p_mul64_near %lld (ok %d)",
                 (unsigned long)num.m, num.e, (long long)got, ok1, (long long)want, ok2);
    }
}

static void to31_and_nmul_normalize_as_the_reference(void)
{
    th_rng rng = th_rng_for("to31");
    long n = th_count(DRAWS), i;
    int s;
    /* Every leading bit, with the halfway and carry patterns below it. */
    for (s = 0; s < 64; s++) {
        uint64_t top = (uint64_t)1 << s, low;
        for (low = 0; low < 4; low++) {
            uint64_t xs[3];
            int j;
            xs[0] = top | (s > 2 ? low << (s - 2) : 0);
            xs[1] = top | (top - 1);
            xs[2] = top | (s > 31 ? ((uint64_t)1 << (s - 31)) : 0);
            for (j = 0; j < 3; j++) {
                afn_snum got = afn_p_from_u64_near(xs[j]), want = ref_from_u64(xs[j]);
                TH_CHECK(got.m == want.m && got.e == want.e,
                         "%016llx: %lu 2^%d, want %lu 2^%d", (unsigned long long)xs[j],
                         (unsigned long)got.m, got.e, (unsigned long)want.m, want.e);
            }
        }
    }
    for (i = 0; i < n; i++) {
        uint64_t x = th_rand_u64(&rng) >> th_rand_below(&rng, 64);
        afn_snum a = random_num(&rng, -60, 60), b = random_num(&rng, -60, 60);
        afn_snum got = afn_p_from_u64_near(x), want = ref_from_u64(x), p, pw;
        TH_CHECK(x == 0 || (got.m == want.m && got.e == want.e),
                 "%016llx: %lu 2^%d, want %lu 2^%d", (unsigned long long)x, (unsigned long)got.m,
                 got.e, (unsigned long)want.m, want.e);
        p = afn_p_mul_near(a, b);
        pw = ref_from_u64((uint64_t)a.m * b.m);
        pw.e += a.e + b.e;
        TH_CHECK(p.m == pw.m && p.e == pw.e, "%lu x %lu: %lu 2^%d, want %lu 2^%d",
                 (unsigned long)a.m, (unsigned long)b.m, (unsigned long)p.m, p.e,
                 (unsigned long)pw.m, pw.e);
    }
}

/* num / den as the product of num's mantissa and den's reciprocal
 * (afi_recip31, checked against the division in suite_arith_q16), its
 * top 31 bits rounded. */
static afn_snum ref_div(uint64_t num, uint64_t den)
{
    afn_snum n = ref_from_u64(num), d = ref_from_u64(den), r;
    uint64_t q = (uint64_t)n.m * afi_recip31((uint32_t)d.m);
    int sh = q >> 61 ? 31 : 30;
    uint32_t m = (uint32_t)(((q >> (sh - 1)) + 1) >> 1);
    r.e = n.e - d.e - 61 + sh;
    if (m >> 31) {
        m >>= 1;
        r.e++;
    }
    r.m = (int32_t)m;
    return r;
}

static void div_is_the_reference(void)
{
    static const uint64_t edges[] = { 1, 2, 3, 0x7FFFFFFF, 0x80000000u, 0xFFFFFFFFu,
                                      UINT64_C(0x100000000), UINT64_C(0x40000000) << 30,
                                      UINT64_MAX, UINT64_MAX >> 1, UINT64_C(0x5555555555555555) };
    th_rng rng = th_rng_for("afn_div");
    long n = th_count(DRAWS), i;
    size_t j, k;
    for (j = 0; j < sizeof edges / sizeof edges[0]; j++)
        for (k = 0; k < sizeof edges / sizeof edges[0]; k++) {
            afn_snum got = afn_p_div_u64_near(edges[j], edges[k]),
                     want = ref_div(edges[j], edges[k]);
            TH_CHECK(got.m == want.m && got.e == want.e, "%llx / %llx: %lu 2^%d, want %lu 2^%d",
                     (unsigned long long)edges[j], (unsigned long long)edges[k],
                     (unsigned long)got.m, got.e, (unsigned long)want.m, want.e);
        }
    for (i = 0; i < n; i++) {
        uint64_t num = th_rand_u64(&rng) >> th_rand_below(&rng, 64);
        uint64_t den = th_rand_u64(&rng) >> th_rand_below(&rng, 64);
        afn_snum got = afn_p_div_u64_near(num, den), want;
        if (num == 0 || den == 0) {
            TH_CHECK(got.m == 0 && got.e == 0, "%llx / %llx: not the zero number",
                     (unsigned long long)num, (unsigned long long)den);
            continue;
        }
        want = ref_div(num, den);
        TH_CHECK(got.m == want.m && got.e == want.e, "%llx / %llx: %lu 2^%d, want %lu 2^%d",
                 (unsigned long long)num, (unsigned long long)den, (unsigned long)got.m, got.e,
                 (unsigned long)want.m, want.e);
    }
}

/* sqrt(m 2^e) as the integer root of m 2^k (k = 30 or 31, e - k even),
 * rounded, then renormalized. */
static void sqrt_is_the_rounded_integer_root(void)
{
    th_rng rng = th_rng_for("afn_sqrt");
    long n = th_count(DRAWS), i;
    for (i = 0; i < n + 4; i++) {
        afn_snum a = random_num(&rng, -90, 90), got, want;
        int k;
        uint64_t root;
        if (i < 4) { /* the ends of the mantissa, both parities */
            a.m = i < 2 ? 0x40000000 : 0x7FFFFFFF;
            a.e = (int)(i & 1);
        }
        k = 30 + ((a.e & 1) != 0);
        root = af_sqrt_u64((uint64_t)a.m << k);
        want.e = (a.e - k) / 2;
        while (root >= ((uint64_t)1 << 31)) {
            root = (root + 1) >> 1;
            want.e++;
        }
        want.m = (int32_t)root;
        got = afn_p_sqrt_near(a);
        TH_CHECK(got.m == want.m && got.e == want.e, "sqrt(%lu 2^%d): %lu 2^%d, want %lu 2^%d",
                 (unsigned long)a.m, a.e, (unsigned long)got.m, got.e, (unsigned long)want.m,
                 want.e);
    }
}

/* 1 / sqrt(m 2^e) as the integer core of m 2^odd (its out-of-line copy,
 * the Cortex-M0's) with the exponent made even, renormalized; and its
 * value within 0.51 of a unit of the mantissa of the true one. */
static void rsqrt_is_the_integer_core_scaled(void)
{
    th_rng rng = th_rng_for("afn_rsqrt");
    long n = th_count(DRAWS), i;
    afn_snum zero = { 0, 7 }, z = afn_p_rsqrt_near(zero);
    TH_CHECK(z.m == 0, "rsqrt of the zero number: %lu", (unsigned long)z.m);
    for (i = 0; i < n + 4; i++) {
        afn_snum a = random_num(&rng, -90, 90), got, want;
        uint32_t wm;
        int odd;
        double exact, value;
        if (i < 4) { /* the ends of the mantissa, both parities */
            a.m = i < 2 ? 0x40000000 : 0x7FFFFFFF;
            a.e = (int)(i & 1);
        }
        odd = (a.e & 1) != 0;
        wm = afi_rsqrt31((uint32_t)a.m, odd);
        want.e = -46 - (a.e - odd) / 2;
        if (wm >> 31) {
            wm >>= 1;
            want.e++;
        }
        want.m = (int32_t)wm;
        got = afn_p_rsqrt_near(a);
        TH_CHECK(got.m == want.m && got.e == want.e, "rsqrt(%lu 2^%d): %lu 2^%d, want %lu 2^%d",
                 (unsigned long)a.m, a.e, (unsigned long)got.m, got.e, (unsigned long)want.m,
                 want.e);
        /* got / (1 / sqrt(a)) - 1, in units of the mantissa's 2^-30. */
        exact = 1.0 / sqrt(ldexp((double)a.m, a.e));
        value = ldexp((double)got.m, got.e);
        TH_CHECK(fabs(value / exact - 1.0) * 1073741824.0 < 0.52,
                 "rsqrt(%lu 2^%d): off by %g of 2^-30", (unsigned long)a.m, a.e,
                 fabs(value / exact - 1.0) * 1073741824.0);
    }
}

/* afn_p_div_near on the mantissas directly: the bits afn_p_div_u64_near gives for a's
 * mantissa moved up a word over b's. */
static void ndiv_is_afs_div_of_the_mantissas(void)
{
    th_rng rng = th_rng_for("afn_ndiv");
    long n = th_count(DRAWS), i;
    for (i = 0; i < n; i++) {
        afn_snum a = random_num(&rng, -60, 60), b = random_num(&rng, -60, 60), got, want;
        if (i == 0)
            a.m = 0;
        want = afn_p_div_u64_near((uint64_t)a.m << 32, (uint64_t)b.m);
        want.e += a.e - b.e - 32;
        got = afn_p_div_near(a, b);
        TH_CHECK(got.m == want.m && (got.m == 0 || got.e == want.e),
                 "%lu 2^%d / %lu 2^%d: %lu 2^%d, want %lu 2^%d", (unsigned long)a.m, a.e,
                 (unsigned long)b.m, b.e, (unsigned long)got.m, got.e, (unsigned long)want.m,
                 want.e);
    }
}

/* afn_p_from_pos32 is afn_p_from_u64_near for every positive int32_t. */
static void from_pos32_is_from_u64(void)
{
    th_rng rng = th_rng_for("afn_from_pos32");
    long n = th_count(DRAWS), i;
    for (i = 0; i < n + 2; i++) {
        int32_t x = i == 0 ? 1 : i == 1 ? INT32_MAX
                                        : (int32_t)(th_rand_u64(&rng) >> (33 + th_rand_below(&rng, 31)));
        afn_snum got, want;
        if (x <= 0)
            x = 1;
        got = afn_p_from_pos32(x);
        want = afn_p_from_u64_near((uint64_t)x);
        TH_CHECK(got.m == want.m && got.e == want.e, "%ld: %lu 2^%d, want %lu 2^%d", (long)x,
                 (unsigned long)got.m, got.e, (unsigned long)want.m, want.e);
    }
}

static void round_shift_floor_form_is_the_same_rounding(void)
{
    th_rng rng = th_rng_for("round_floor");
    long n = th_count(DRAWS), i;
    int k;
    for (k = 1; k <= 40; k++) {
        int64_t half = (int64_t)1 << (k - 1), xs[6];
        int j;
        xs[0] = half;
        xs[1] = -half;
        xs[2] = 3 * half;
        xs[3] = -3 * half;
        xs[4] = half - 1;
        xs[5] = -half + 1;
        for (j = 0; j < 6; j++)
            TH_CHECK(afi_round_shift_floor(xs[j], k) == ref_round_shift(xs[j], k),
                     "%lld / 2^%d: %lld, want %lld", (long long)xs[j], k,
                     (long long)afi_round_shift_floor(xs[j], k),
                     (long long)ref_round_shift(xs[j], k));
    }
    for (i = 0; i < n; i++) {
        int64_t x = (int64_t)(th_rand_u64(&rng) >> (2 + th_rand_below(&rng, 62)));
        int64_t sx = th_rand_below(&rng, 2) ? -x : x;
        /* The solvers' constant: 26. */
        TH_CHECK(afi_round_shift_floor(sx, 26) == ref_round_shift(sx, 26),
                 "%lld / 2^26: %lld, want %lld", (long long)sx,
                 (long long)afi_round_shift_floor(sx, 26), (long long)ref_round_shift(sx, 26));
        TH_CHECK(afi_round_shift(sx, 26) == ref_round_shift(sx, 26), "afi_round_shift %lld",
                 (long long)sx);
    }
    /* The apex's projections: k = 30, |x| up to 2^63 - 2^29. */
    for (i = 0; i < n; i++) {
        int64_t x = (int64_t)(th_rand_u64(&rng) >> (1 + th_rand_below(&rng, 4)));
        int64_t sx;
        if (x > INT64_MAX - ((int64_t)1 << 29))
            x -= (int64_t)1 << 29;
        sx = th_rand_below(&rng, 2) ? -x : x;
        TH_CHECK(afi_round_shift_floor(sx, 30) == ref_round_shift(sx, 30),
                 "%lld / 2^30: %lld, want %lld", (long long)sx,
                 (long long)afi_round_shift_floor(sx, 30), (long long)ref_round_shift(sx, 30));
    }
}

static const th_case cases[] = {
    TH_CASE(mul32_is_afs_mul),
    TH_CASE(round_int_is_afs_mul_of_one),
    TH_CASE(to31_and_nmul_normalize_as_the_reference),
    TH_CASE(div_is_the_reference),
    TH_CASE(sqrt_is_the_rounded_integer_root),
    TH_CASE(rsqrt_is_the_integer_core_scaled),
    TH_CASE(ndiv_is_afs_div_of_the_mantissas),
    TH_CASE(from_pos32_is_from_u64),
    TH_CASE(round_shift_floor_form_is_the_same_rounding),
};

TH_MAIN("q16_solve_helpers", cases)
