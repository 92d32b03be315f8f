/* SPDX-License-Identifier: MIT */
/*
 * 3D vector helpers: componentwise arithmetic with saturation, exact dot
 * products and squared lengths (checked in 128 bits), correctly rounded
 * lengths, and directions for any components (against double).
 */
#include <math.h>

#include "q16_check.h"

/* Vectors per function on the host. */
#define VECTORS 1000000L

static af_vec3_q16 random_vector(th_rng *rng)
{
    af_vec3_q16 v;
    v.x = q16_random_operand(rng);
    v.y = q16_random_operand(rng);
    v.z = q16_random_operand(rng);
    return v;
}

static int is_exact_or_saturated(int64_t exact, fix16_t out)
{
    return out == (exact > INT32_MAX ? INT32_MAX : exact < INT32_MIN ? INT32_MIN : exact);
}

static int fits(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* What af_vec3_scale_q16 must give: af_mul_q16 per component (checked in
 * suite_arith_q16), and an overflow when any one overflows. */
static af_status scaled_by_mul(const af_vec3_q16 *a, fix16_t s, af_vec3_q16 *want)
{
    int overflows = (af_mul_q16(a->x, s, &want->x) != AF_OK) +
                    (af_mul_q16(a->y, s, &want->y) != AF_OK) +
                    (af_mul_q16(a->z, s, &want->z) != AF_OK);
    return overflows ? AF_ERR_OVERFLOW : AF_OK;
}

/* The exact componentwise results ex, ey, ez: out must hold each, or its
 * saturated value, with AF_ERR_OVERFLOW exactly when one does not fit. */
static void check_componentwise(const char *what, const af_vec3_q16 *a, const af_vec3_q16 *b,
                                af_status st, const af_vec3_q16 *out, int64_t ex,
                                int64_t ey, int64_t ez)
{
    int all_fit = fits(ex) && fits(ey) && fits(ez);
    TH_CHECK(st == (all_fit ? AF_OK : AF_ERR_OVERFLOW) && is_exact_or_saturated(ex, out->x) &&
                 is_exact_or_saturated(ey, out->y) && is_exact_or_saturated(ez, out->z),
             "%s((%ld %ld %ld), (%ld %ld %ld)) = (%ld %ld %ld), %s", what, (long)a->x,
             (long)a->y, (long)a->z, (long)b->x, (long)b->y, (long)b->z, (long)out->x,
             (long)out->y, (long)out->z, af_status_name(st));
}

static void add_sub_scale_saturate_per_component(void)
{
    th_rng rng = th_rng_for("add_sub_scale");
    long n = th_count(VECTORS / 4), i;
    for (i = 0; i < n; i++) {
        af_vec3_q16 a = random_vector(&rng), b = random_vector(&rng), out, want;
        fix16_t s = q16_random_operand(&rng);
        af_status st = af_vec3_add_q16(&a, &b, &out);
        check_componentwise("add", &a, &b, st, &out, (int64_t)a.x + b.x, (int64_t)a.y + b.y,
                            (int64_t)a.z + b.z);
        st = af_vec3_sub_q16(&a, &b, &out);
        check_componentwise("sub", &a, &b, st, &out, (int64_t)a.x - b.x, (int64_t)a.y - b.y,
                            (int64_t)a.z - b.z);
        st = af_vec3_scale_q16(&a, s, &out);
        TH_CHECK(st == scaled_by_mul(&a, s, &want) && out.x == want.x && out.y == want.y &&
                     out.z == want.z,
                 "scale((%ld %ld %ld), %ld) = (%ld %ld %ld)", (long)a.x, (long)a.y, (long)a.z,
                 (long)s, (long)out.x, (long)out.y, (long)out.z);
    }
}

/* The exact sum of three int64_t products as a 128-bit two's complement
 * number, and whether it fits an int64_t. */
static int exact_dot(const af_vec3_q16 *a, const af_vec3_q16 *b, int64_t *value)
{
    int64_t p[3];
    q16_u128 sum = q16_u128_from(0);
    int i;
    p[0] = (int64_t)a->x * b->x;
    p[1] = (int64_t)a->y * b->y;
    p[2] = (int64_t)a->z * b->z;
    for (i = 0; i < 3; i++) {
        q16_u128 term;
        term.lo = (uint64_t)p[i];
        term.hi = p[i] < 0 ? UINT64_MAX : 0; /* sign extension */
        sum = q16_u128_add(sum, term);
    }
    /* Fits when the high word is the sign extension of the low one. */
    if (sum.hi != ((sum.lo >> 63) ? UINT64_MAX : 0)) {
        *value = (sum.hi >> 63) ? INT64_MIN : INT64_MAX;
        return 0;
    }
    *value = (sum.lo >> 63) ? -(int64_t)(~sum.lo) - 1 : (int64_t)sum.lo;
    return 1;
}

static void check_dot(const af_vec3_q16 *a, const af_vec3_q16 *b, long *overflows)
{
    int64_t want, got = 0x5A5A5A5A;
    int ok = exact_dot(a, b, &want);
    af_status st = af_vec3_dot_q16(a, b, &got);
    *overflows += !ok;
    TH_CHECK(st == (ok ? AF_OK : AF_ERR_OVERFLOW) && got == want,
             "dot((%ld %ld %ld), (%ld %ld %ld)) = %lld (%s), exact or saturated %lld",
             (long)a->x, (long)a->y, (long)a->z, (long)b->x, (long)b->y, (long)b->z,
             (long long)got, af_status_name(st), (long long)want);
}

static void dot_is_exact_or_saturates(void)
{
    th_rng rng = th_rng_for("dot");
    long n = th_count(VECTORS), i, overflows = 0;
    /* The corners: every combination of extreme components, where the
     * three products reach +-3 2^62 and an intermediate sum overflows
     * although the total fits (2^62 + 2^62 - 2^62). */
    static const fix16_t corner[4] = { INT32_MIN, INT32_MIN + 1, INT32_MAX, 0 };
    for (i = 0; i < 4096; i++) {
        af_vec3_q16 a, b;
        a.x = corner[i & 3];
        a.y = corner[(i >> 2) & 3];
        a.z = corner[(i >> 4) & 3];
        b.x = corner[(i >> 6) & 3];
        b.y = corner[(i >> 8) & 3];
        b.z = corner[(i >> 10) & 3];
        check_dot(&a, &b, &overflows);
    }
    for (i = 0; i < n; i++) {
        af_vec3_q16 a = random_vector(&rng), b = random_vector(&rng);
        check_dot(&a, &b, &overflows);
    }
    th_note("dot: %ld pairs of vectors, %ld beyond int64_t, every one exact or saturated",
            n + 4096, overflows);
}

static void len2_is_exact_and_len_correctly_rounded(void)
{
    th_rng rng = th_rng_for("len");
    long n = th_count(VECTORS), i;
    for (i = 0; i < n; i++) {
        af_vec3_q16 v = random_vector(&rng);
        q16_u128 want = q16_u128_from(0);
        uint64_t len2 = af_vec3_len2_q16(&v), root;
        fix16_t len = 0x5A5A5A5A;
        af_status st;
        want = q16_u128_add(want, q16_u128_mul((uint64_t)fabs((double)v.x), (uint64_t)fabs((double)v.x)));
        want = q16_u128_add(want, q16_u128_mul((uint64_t)fabs((double)v.y), (uint64_t)fabs((double)v.y)));
        want = q16_u128_add(want, q16_u128_mul((uint64_t)fabs((double)v.z), (uint64_t)fabs((double)v.z)));
        TH_CHECK(want.hi == 0 && want.lo == len2, "len2(%ld %ld %ld) = %llu", (long)v.x,
                 (long)v.y, (long)v.z, (unsigned long long)len2);
        /* The length is the correctly rounded root (suite_sqrt_q16 checks
         * af_sqrt_u64), or the maximum with an overflow beyond Q16.16. */
        root = af_sqrt_u64(len2);
        st = af_vec3_len_q16(&v, &len);
        TH_CHECK(root <= INT32_MAX ? st == AF_OK && len == (fix16_t)root
                                   : st == AF_ERR_OVERFLOW && len == INT32_MAX,
                 "len(%ld %ld %ld) = %ld (%s), root %llu", (long)v.x, (long)v.y, (long)v.z,
                 (long)len, af_status_name(st), (unsigned long long)root);
    }
}

static void len_of_extreme_vectors(void)
{
    /* All three components at -32768: |v|^2 = 3 2^62 exactly, the largest
     * there is, and |v| = 56756 does not fit: overflow, saturated. */
    af_vec3_q16 v = { INT32_MIN, INT32_MIN, INT32_MIN };
    fix16_t len = 0;
    af_status st = af_vec3_len_q16(&v, &len);
    TH_CHECK(af_vec3_len2_q16(&v) == 3 * ((uint64_t)1 << 62), "len2 = %llu",
             (unsigned long long)af_vec3_len2_q16(&v));
    q16_expect("|(-32768, -32768, -32768)| = 56756 does not fit", st, len, AF_ERR_OVERFLOW,
               INT32_MAX);
}

/* Check af_vec3_resize_q16(v, length) against double. */
static void check_resize(const af_vec3_q16 *v, fix16_t length, q16_worst *w)
{
    af_vec3_q16 out;
    af_status st = af_vec3_resize_q16(v, length, &out);
    double norm = sqrt((double)v->x * v->x + (double)v->y * v->y + (double)v->z * v->z);
    double k = length / norm;
    double ex = v->x * k, ey = v->y * k, ez = v->z * k;
    q16_verdict verdict = { 0, 0.0, AF_OK, 0, 0.0 };
    /* The bound from the header: the rounding plus length 2^-31 LSB. */
    double bound = 0.5 + length / 2147483648.0 + 1e-6;
    verdict.error = fmax(fabs(out.x - ex), fmax(fabs(out.y - ey), fabs(out.z - ez)));
    verdict.ref_raw = length;
    TH_CHECK(st == AF_OK && verdict.error <= bound && fabs((double)out.x) <= length &&
                 fabs((double)out.y) <= length && fabs((double)out.z) <= length,
             "resize((%ld %ld %ld), %ld) = (%ld %ld %ld) (%s), error %.4f LSB", (long)v->x,
             (long)v->y, (long)v->z, (long)length, (long)out.x, (long)out.y, (long)out.z,
             af_status_name(st), verdict.error);
    if (length == 65536) /* the worst of unit vectors: one figure */
        q16_worst_add(w, &verdict, v->x, v->y);
}

static void resize_and_normalize_any_vector(void)
{
    th_rng rng = th_rng_for("resize");
    long n = th_count(VECTORS), i;
    q16_worst w;
    q16_worst_init(&w, "normalize (worst component; inputs x, y)", 2);
    for (i = 0; i < n; i++) {
        af_vec3_q16 v = random_vector(&rng);
        fix16_t length;
        if (v.x == 0 && v.y == 0 && v.z == 0)
            continue;
        switch (i % 3) {
        case 0: length = 65536; break;
        case 1: length = INT32_MAX; break; /* the worst relative error */
        default: length = (fix16_t)(th_rand_u64(&rng) >> 33); break;
        }
        check_resize(&v, length, &w);
    }
    q16_worst_note(&w);
}

static void normalize_is_resize_to_one(void)
{
    th_rng rng = th_rng_for("normalize");
    long n = th_count(VECTORS / 10), i;
    for (i = 0; i < n; i++) {
        af_vec3_q16 v = random_vector(&rng), a, b;
        af_status sa = af_vec3_normalize_q16(&v, &a), sb = af_vec3_resize_q16(&v, 65536, &b);
        TH_CHECK(sa == sb && a.x == b.x && a.y == b.y && a.z == b.z, "normalize differs");
    }
}

/* Check a vector status and output against expected ones. */
static void expect_vector(const char *what, af_status st, const af_vec3_q16 *out,
                          af_status want, fix16_t x, fix16_t y, fix16_t z)
{
    TH_CHECK(st == want && out->x == x && out->y == y && out->z == z,
             "%s: got (%ld %ld %ld) (%s), expected (%ld %ld %ld) (%s)", what, (long)out->x,
             (long)out->y, (long)out->z, af_status_name(st), (long)x, (long)y, (long)z,
             af_status_name(want));
}

static void tiny_and_huge_directions(void)
{
    /* A vector of one raw unit per axis has length 1.7e-5 but a definite
     * direction: (1, 1, 1) / sqrt(3) = 37837.23 raw each. The largest
     * vector gives the same direction. */
    af_vec3_q16 tiny = { 1, 1, 1 }, huge = { INT32_MIN, INT32_MIN, INT32_MIN }, out;
    fix16_t third = (fix16_t)floor(65536.0 / sqrt(3.0) + 0.5);
    af_status st = af_vec3_normalize_q16(&tiny, &out);
    expect_vector("normalize(1, 1, 1 raw)", st, &out, AF_OK, third, third, third);
    st = af_vec3_normalize_q16(&huge, &out);
    expect_vector("normalize(min, min, min)", st, &out, AF_OK, -third, -third, -third);
}

static void zero_vector_and_negative_length_are_bad_arguments(void)
{
    /* A zero vector has no direction; a negative length is not a length.
     * Both: AF_ERR_BAD_ARGUMENT and a zero vector out. A zero length is a
     * length: the zero vector, AF_OK. */
    af_vec3_q16 zero = { 0, 0, 0 }, v = { 65536, 0, 0 }, out = { 1, 2, 3 };
    af_status st = af_vec3_normalize_q16(&zero, &out);
    expect_vector("normalize(0)", st, &out, AF_ERR_BAD_ARGUMENT, 0, 0, 0);
    out.x = 1;
    st = af_vec3_resize_q16(&v, -1, &out);
    expect_vector("resize(v, -1 raw)", st, &out, AF_ERR_BAD_ARGUMENT, 0, 0, 0);
    out.x = 1;
    st = af_vec3_resize_q16(&v, 0, &out);
    expect_vector("resize(v, 0)", st, &out, AF_OK, 0, 0, 0);
}

/* Each vector function as op(a, b, s, out), for the aliasing check. */
static af_status op_add(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t s, af_vec3_q16 *out)
{
    (void)s;
    return af_vec3_add_q16(a, b, out);
}

static af_status op_sub(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t s, af_vec3_q16 *out)
{
    (void)s;
    return af_vec3_sub_q16(b, a, out); /* a second, to alias the other operand */
}

static af_status op_scale(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t s, af_vec3_q16 *out)
{
    (void)b;
    return af_vec3_scale_q16(a, s, out);
}

static af_status op_normalize(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t s,
                              af_vec3_q16 *out)
{
    (void)b;
    (void)s;
    return af_vec3_normalize_q16(a, out);
}

static void outputs_may_alias_inputs(void)
{
    /* The header allows out to be an input: in place, every function
     * gives what it gives into a separate vector. */
    static const struct {
        const char *name;
        af_status (*op)(const af_vec3_q16 *, const af_vec3_q16 *, fix16_t, af_vec3_q16 *);
    } ops[] = { { "add", op_add }, { "sub", op_sub }, { "scale", op_scale },
                { "normalize", op_normalize } };
    th_rng rng = th_rng_for("alias");
    long n = th_count(VECTORS / 100), i;
    size_t k;
    for (i = 0; i < n; i++) {
        af_vec3_q16 a = random_vector(&rng), b = random_vector(&rng);
        fix16_t s = q16_random_operand(&rng);
        for (k = 0; k < sizeof ops / sizeof ops[0]; k++) {
            af_vec3_q16 apart, inplace = a;
            af_status st_apart = ops[k].op(&a, &b, s, &apart);
            af_status st_inplace = ops[k].op(&inplace, &b, s, &inplace);
            TH_CHECK(st_apart == st_inplace && apart.x == inplace.x && apart.y == inplace.y &&
                         apart.z == inplace.z,
                     "%s in place differs", ops[k].name);
        }
    }
}

static const th_case cases[] = {
    TH_CASE(add_sub_scale_saturate_per_component),
    TH_CASE(dot_is_exact_or_saturates),
    TH_CASE(len2_is_exact_and_len_correctly_rounded),
    TH_CASE(len_of_extreme_vectors),
    TH_CASE(resize_and_normalize_any_vector),
    TH_CASE(normalize_is_resize_to_one),
    TH_CASE(tiny_and_huge_directions),
    TH_CASE(zero_vector_and_negative_length_are_bad_arguments),
    TH_CASE(outputs_may_alias_inputs),
};

TH_MAIN("q16_vec", cases)
