/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/ref_real.h — the float and double yardsticks of
 * bench/yardsticks/ref_real.c, one source compiled for each type:
 * bench_<name>_float and bench_<name>_double, both of the shape of
 * bench_float_fn and bench_double_fn (bench/harness/bench.h).
 */
#ifndef AIMFIX_BENCH_REF_REAL_H
#define AIMFIX_BENCH_REF_REAL_H

/* Every yardstick of ref_real.c, by name. */
#define BENCH_REAL_FUNCTIONS(X)                                               \
    X(sqrt) X(sin) X(cos) X(log2) X(log) X(exp2) X(exp) X(atan2) X(pow)       \
    X(add) X(sub) X(mul) X(div) X(muldiv)                                     \
    X(vec3_add) X(vec3_sub) X(vec3_scale) X(vec3_dot) X(vec3_len2)            \
    X(vec3_len) X(vec3_resize) X(vec3_normalize)

#define BENCH_DECLARE_FLOAT(name) int bench_##name##_float(const float *a, float *r);
#define BENCH_DECLARE_DOUBLE(name) int bench_##name##_double(const double *a, double *r);
BENCH_REAL_FUNCTIONS(BENCH_DECLARE_FLOAT)
BENCH_REAL_FUNCTIONS(BENCH_DECLARE_DOUBLE)

#endif /* AIMFIX_BENCH_REF_REAL_H */
