/* SPDX-License-Identifier: MIT */
/*
 * The float and double yardsticks of the Q16 math core: what a program
 * using floating point writes for the same job, on libm. Compiled twice
 * (mk/bench.mk): with BENCH_REAL_FLOAT as bench_*_float on float and
 * sqrtf, atan2f..., without it as bench_*_double on double and sqrt,
 * atan2... — one source, so that both do exactly the same.
 *
 * Each takes the row's arguments and gives its results as arrays
 * (bench/harness/bench.h), and returns 1: there is always a result (a
 * non-finite one counts as none); vectors are three consecutive numbers.
 */
#include <math.h>

#include "ref_real.h"

/* The type, a yardstick's name and libm's function of that type. */
#ifdef BENCH_REAL_FLOAT
typedef float real;
#define BENCH_REAL_NAME(name) bench_##name##_float
#define REAL_MATH(name) name##f
#else
typedef double real;
#define BENCH_REAL_NAME(name) bench_##name##_double
#define REAL_MATH(name) name
#endif

/* One function of libm on one argument, and on two. */
#define UNARY(name)                                                           \
    int BENCH_REAL_NAME(name)(const real *a, real *r)                        \
    {                                                                         \
        r[0] = REAL_MATH(name)(a[0]);                                         \
        return 1;                                                             \
    }
#define BINARY(name)                                                          \
    int BENCH_REAL_NAME(name)(const real *a, real *r)                        \
    {                                                                         \
        r[0] = REAL_MATH(name)(a[0], a[1]);                                   \
        return 1;                                                             \
    }

UNARY(sqrt)
UNARY(sin)
UNARY(cos)
UNARY(log2)
UNARY(log)
UNARY(exp2)
UNARY(exp)
BINARY(atan2)
BINARY(pow)

int BENCH_REAL_NAME(add)(const real *a, real *r)
{
    r[0] = a[0] + a[1];
    return 1;
}

int BENCH_REAL_NAME(sub)(const real *a, real *r)
{
    r[0] = a[0] - a[1];
    return 1;
}

int BENCH_REAL_NAME(mul)(const real *a, real *r)
{
    r[0] = a[0] * a[1];
    return 1;
}

int BENCH_REAL_NAME(div)(const real *a, real *r)
{
    r[0] = a[0] / a[1];
    return 1;
}

int BENCH_REAL_NAME(muldiv)(const real *a, real *r)
{
    r[0] = a[0] * a[1] / a[2];
    return 1;
}

/* Vectors: a = a[0..2], b = a[3..5], a scalar s = a[3]. */
int BENCH_REAL_NAME(vec3_add)(const real *a, real *r)
{
    r[0] = a[0] + a[3];
    r[1] = a[1] + a[4];
    r[2] = a[2] + a[5];
    return 1;
}

int BENCH_REAL_NAME(vec3_sub)(const real *a, real *r)
{
    r[0] = a[0] - a[3];
    r[1] = a[1] - a[4];
    r[2] = a[2] - a[5];
    return 1;
}

int BENCH_REAL_NAME(vec3_scale)(const real *a, real *r)
{
    r[0] = a[0] * a[3];
    r[1] = a[1] * a[3];
    r[2] = a[2] * a[3];
    return 1;
}

int BENCH_REAL_NAME(vec3_dot)(const real *a, real *r)
{
    r[0] = a[0] * a[3] + a[1] * a[4] + a[2] * a[5];
    return 1;
}

int BENCH_REAL_NAME(vec3_len2)(const real *a, real *r)
{
    r[0] = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
    return 1;
}

int BENCH_REAL_NAME(vec3_len)(const real *a, real *r)
{
    r[0] = REAL_MATH(sqrt)(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    return 1;
}

/* v times length / |v|: one division, three multiplications. */
int BENCH_REAL_NAME(vec3_resize)(const real *a, real *r)
{
    real k = a[3] / REAL_MATH(sqrt)(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    r[0] = a[0] * k;
    r[1] = a[1] * k;
    r[2] = a[2] * k;
    return 1;
}

int BENCH_REAL_NAME(vec3_normalize)(const real *a, real *r)
{
    real k = 1 / REAL_MATH(sqrt)(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    r[0] = a[0] * k;
    r[1] = a[1] * k;
    r[2] = a[2] * k;
    return 1;
}
