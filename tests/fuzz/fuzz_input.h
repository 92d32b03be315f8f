/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_input.h — turning a fuzzer's bytes into solver arguments.
 *
 * A target lists its numeric arguments as slots, each with a kind saying
 * what a realistic value looks like (any coordinate, a positive speed or
 * time, a damping factor, an engine step). Each slot reads a selector byte
 * that picks how the value is made:
 *   - the raw bits of a double (NaN, infinities, subnormals, anything);
 *   - one of the special values (+-0, NaN, +-Inf, the smallest subnormal,
 *     DBL_MIN, DBL_MAX, 1e-310, 1e154, the Q16.16 extremes and half-LSB
 *     edges, 2^-16, 2^-17, ...);
 *   - the raw bits of a Q16.16 number (INT32_MIN and INT32_MAX included),
 *     or one at a power-of-two edge (+-2^k and a raw LSB either side);
 *   - a realistic value of the slot's kind, always a Q16.16 number, so that
 *     the f64 and q16 entry points see exactly the same value.
 * Bytes past the end read as zero: a short input is still a valid one.
 *
 * Each value then exists three ways: v (the double as decoded, for the f64
 * entry point), q (the nearest Q16.16, saturated, NaN as 0) and fq (q as a
 * double, exactly): the f64 entry point is called on both v and fq, and
 * the q16 one on q, so that every q16 answer has an f64 reference for the
 * very same numbers.
 */
#ifndef AIMFIX_TESTS_FUZZ_INPUT_H
#define AIMFIX_TESTS_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "aimfix.h"

typedef struct fz_input {
    const uint8_t *data;
    size_t size, at;
} fz_input;

void fz_input_start(fz_input *in, const uint8_t *data, size_t size);
uint8_t fz_u8(fz_input *in);
uint16_t fz_u16(fz_input *in);
uint32_t fz_u32(fz_input *in);

/* What a realistic value of a slot is. */
typedef enum fz_kind {
    FZ_ANY,   /* a coordinate, velocity or gravity component: -512..512 */
    FZ_WIDE,  /* the same over the whole Q16.16 range */
    FZ_POS,   /* a speed, time or distance: (0, 256] */
    FZ_RATIO, /* a damping factor: (0, 1], often just below 1 */
    FZ_STEP,  /* an engine step: 1/240 .. 1/10 s, or any (0, 1] */
    FZ_DAMP   /* a damping coefficient d >= 0: 0 .. 20 /s */
} fz_kind;

/* At most this many numeric slots per target. */
#define FZ_MAX_SLOTS 48

typedef struct fz_args {
    int n;
    const char *const *names; /* n names, for the failure report */
    double v[FZ_MAX_SLOTS];   /* as decoded */
    fix16_t q[FZ_MAX_SLOTS];  /* nearest Q16.16 */
    double fq[FZ_MAX_SLOTS];  /* q / 65536 */
} fz_args;

/* Decode one value of the given kind. */
double fz_value(fz_input *in, fz_kind kind);

/* The nearest Q16.16 value of a double: saturated at the ends, NaN as 0. */
fix16_t fz_q16_of(double v);
double fz_f64_of(fix16_t q);

/* Decode n slots of the given kinds and names into a. */
void fz_decode(fz_input *in, fz_args *a, int n, const fz_kind *kinds,
               const char *const *names);

/* Vectors and bodies from slots i, i + 1, ... of each form. */
af_vec3_f64 fz_vec_f64(const double *s, int i);
af_vec3_q16 fz_vec_q16(const fix16_t *s, int i);
af_body_f64 fz_body_f64(const double *s, int i);
af_body_q16 fz_body_q16(const fix16_t *s, int i);

#endif /* AIMFIX_TESTS_FUZZ_INPUT_H */
