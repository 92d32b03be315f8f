/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/q16.h — the Q16.16 math core the _q16 solvers stand on.
 *
 * Numbers are libfixmath's fix16_t: value = raw / 65536, raw an int32_t, so
 * the range is [-32768, 32768 - 2^-16] and one LSB is 2^-16. Wider values
 * are Q32.32 in an int64_t (value = raw / 2^32): the exact product of two
 * Q16.16 numbers is (int64_t)a * b in Q32.32 and never overflows.
 *
 * Shared rules for every function here:
 *   - Pure integer code: no floating point, no libm, no heap, no static
 *     state; the same bits on every compiler and core.
 *   - Rounding is to nearest, ties away from zero (so f(-a) = -f(a) for the
 *     odd functions), unless a function says otherwise.
 *   - A function that can fail returns an af_status and writes its result
 *     through `out` on every path:
 *       AF_ERR_OVERFLOW      the true result does not fit; *out holds the
 *                            saturated value (fix16_maximum or
 *                            fix16_minimum, by the sign of the true result).
 *       AF_ERR_OUT_OF_RANGE  the input is outside the function's domain (no
 *                            real result); *out is 0.
 *       AF_ERR_BAD_ARGUMENT  an argument the function cannot use (a zero
 *                            divisor, a zero vector to normalise); *out is 0.
 *     A result whose true value is below half an LSB rounds to 0 with AF_OK:
 *     that is the correctly rounded answer, not an error.
 *   - Pointers must be valid; the core does not test them for NULL (it is
 *     the solvers' inner loop, and they check their own arguments). An
 *     output may be one of the inputs (af_vec3_add_q16(&v, &w, &v)).
 *   - Accuracy is stated in LSB of the output against the exact result for
 *     the exact input, and was checked against double precision (see
 *     docs/q16.md, "The math core", for the measured figures).
 */
#ifndef AIMFIX_Q16_H
#define AIMFIX_Q16_H

#include <stdint.h>

#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Arithmetic ------------------------------------------------------ */

/** @{ */
/** a + b and a - b, exact when they fit; AF_ERR_OVERFLOW otherwise. */
AF_CHECK_RESULT af_status af_add_q16(fix16_t a, fix16_t b, fix16_t *out);
AF_CHECK_RESULT af_status af_sub_q16(fix16_t a, fix16_t b, fix16_t *out);
/** @} */

/** a * b rounded to Q16.16 (error at most 0.5 LSB); AF_ERR_OVERFLOW when the
 * rounded product does not fit. Unlike fix16_mul, a legal result of
 * -32768 is not mistaken for an overflow. */
AF_CHECK_RESULT af_status af_mul_q16(fix16_t a, fix16_t b, fix16_t *out);

/** a / b rounded to Q16.16 (error at most 0.5 LSB). AF_ERR_OVERFLOW when the
 * rounded quotient does not fit; AF_ERR_BAD_ARGUMENT (*out = 0) for b = 0. */
AF_CHECK_RESULT af_status af_div_q16(fix16_t a, fix16_t b, fix16_t *out);

/** a * b / c with one rounding of the exact quotient (the product is kept
 * in 64 bits, so a * b itself may exceed Q16.16): error at most 0.5 LSB.
 * AF_ERR_OVERFLOW when the result does not fit; AF_ERR_BAD_ARGUMENT
 * (*out = 0) for c = 0. */
AF_CHECK_RESULT af_status af_muldiv_q16(fix16_t a, fix16_t b, fix16_t c,
                                        fix16_t *out);

/** A Q32.32 value (any int64_t) rounded to Q16.16; AF_ERR_OVERFLOW when it
 * does not fit. */
AF_CHECK_RESULT af_status af_round_q32_q16(int64_t q32, fix16_t *out);

/* ---- Square roots ---------------------------------------------------- */

/** round(sqrt(x)), correctly rounded (an integer's square root is never
 * exactly halfway). Results: 0 to 65536. */
uint32_t af_sqrt_u32(uint32_t x);

/** round(sqrt(x)), correctly rounded. Results: 0 to 2^32 (2^32 only for
 * x > 2^64 - 2^32, hence the 64-bit result). The square root of a Q32.32
 * value, taken as raw integers, is its Q16.16 square root. */
uint64_t af_sqrt_u64(uint64_t x);

/** sqrt(x), correctly rounded to Q16.16; results 0 to 181.02.
 * AF_ERR_OUT_OF_RANGE (*out = 0) for x < 0. */
AF_CHECK_RESULT af_status af_sqrt_q16(fix16_t x, fix16_t *out);

/* ---- Angles (radians, Q16.16) ---------------------------------------- */

/** The angle of the point (x, y) from the +x axis, in (-pi, pi] (raw
 * -205887 to 205887, as rounding may reach -pi): the C library's atan2. Any inputs, 0x80000000 included (only the
 * ratio matters, so the inputs may also be any common scale of Q16.16).
 * atan2(0, 0) = 0; atan2(0, x < 0) = pi (205887). Error below 0.51 LSB. */
fix16_t af_atan2_q16(fix16_t y, fix16_t x);

/** @{ */
/** sin and cos of any angle in radians (the whole Q16.16 range; the angle
 * is reduced modulo 2 pi exactly enough that this costs < 2^-14 LSB).
 * Results in [-1, 1] (raw -65536 to 65536). Error below 0.51 LSB. */
fix16_t af_sin_q16(fix16_t angle);
fix16_t af_cos_q16(fix16_t angle);
/** @} */

/* ---- Logarithms, exponentials, power --------------------------------- */

/** @{ */
/** log2(x) and ln(x) for x > 0 (every positive Q16.16 value: results in
 * [-16, 15) and [-11.1, 10.4)). Error below 0.51 LSB.
 * x = 0: AF_ERR_OVERFLOW with *out = fix16_minimum (the limit -infinity,
 * saturated). x < 0: AF_ERR_OUT_OF_RANGE with *out = 0. */
AF_CHECK_RESULT af_status af_log2_q16(fix16_t x, fix16_t *out);
AF_CHECK_RESULT af_status af_log_q16(fix16_t x, fix16_t *out);
/** @} */

/** @{ */
/** 2^x and e^x for any x. They fit Q16.16 for x < 15 and x < 10.3972
 * respectively; above, AF_ERR_OVERFLOW with *out = fix16_maximum. Below
 * x = -17 (2^x) and x = -11.78 (e^x) the result is under half an LSB and
 * rounds to 0 (AF_OK). Error below 0.51 LSB + 2^-28 of the result (the
 * relative part matters above about 2^12). */
AF_CHECK_RESULT af_status af_exp2_q16(fix16_t x, fix16_t *out);
AF_CHECK_RESULT af_status af_exp_q16(fix16_t x, fix16_t *out);
/** @} */

/**
 * base^exponent for base >= 0 and any exponent, computed as
 * 2^(exponent * log2(base)) with the logarithm kept to 30 significant bits,
 * so that a damping factor close to 1 raised to a large step count (r^n,
 * r = 1 - 2^-16, n = 10^4) keeps its precision.
 *   base > 0: error below 0.51 LSB + 2^-26 of the result. AF_ERR_OVERFLOW
 *             (fix16_maximum) when the result does not fit; results under
 *             half an LSB round to 0 (AF_OK).
 *   base = 0: 0 for exponent > 0, 1 for exponent = 0 (as C's pow),
 *             AF_ERR_OVERFLOW (fix16_maximum) for exponent < 0.
 *   base < 0: AF_ERR_OUT_OF_RANGE, *out = 0 (no real power in general).
 * base^0 = 1 and 1^exponent = 1 exactly.
 */
AF_CHECK_RESULT af_status af_pow_q16(fix16_t base, fix16_t exponent,
                                     fix16_t *out);

/* ---- 3D vectors ------------------------------------------------------ */

/** @{ */
/** Componentwise a + b, a - b, and v * s (each product rounded as
 * af_mul_q16). AF_ERR_OVERFLOW when any component overflows; each
 * component of *out is then its own exact or saturated result. */
AF_CHECK_RESULT af_status af_vec3_add_q16(const af_vec3_q16 *a,
                                          const af_vec3_q16 *b,
                                          af_vec3_q16 *out);
AF_CHECK_RESULT af_status af_vec3_sub_q16(const af_vec3_q16 *a,
                                          const af_vec3_q16 *b,
                                          af_vec3_q16 *out);
AF_CHECK_RESULT af_status af_vec3_scale_q16(const af_vec3_q16 *v, fix16_t s,
                                            af_vec3_q16 *out);
/** @} */

/** a . b exactly, in Q32.32. Each product fits an int64_t but three of them
 * can reach 3 * 2^62, beyond it: AF_ERR_OVERFLOW with *out = INT64_MAX or
 * INT64_MIN when the exact sum does not fit (|a . b| >= 2^31 in real
 * units, which needs components beyond 26754 on both vectors). */
AF_CHECK_RESULT af_status af_vec3_dot_q16(const af_vec3_q16 *a,
                                          const af_vec3_q16 *b,
                                          int64_t *out);

/** |v|^2 exactly, in unsigned Q32.32: at most 3 * 2^62, so it always fits
 * a uint64_t. */
uint64_t af_vec3_len2_q16(const af_vec3_q16 *v);

/** |v| correctly rounded to Q16.16. The length of a Q16.16 vector reaches
 * 32768 * sqrt(3) = 56756, beyond Q16.16: AF_ERR_OVERFLOW with
 * *out = fix16_maximum then (af_sqrt_u64(af_vec3_len2_q16(v)) is the raw
 * length, which always fits a uint32_t). */
AF_CHECK_RESULT af_status af_vec3_len_q16(const af_vec3_q16 *v, fix16_t *out);

/** v scaled to the given length (>= 0): the direction of v times length,
 * for any nonzero v whatever its own length. Each component is within
 * 0.5 + L 2^-31 LSB of the exact value, L the raw length (0.50004 LSB for
 * a unit vector), and never above length in magnitude, so it cannot
 * overflow.
 * AF_ERR_BAD_ARGUMENT (*out = zeros) for v = 0 or length < 0. */
AF_CHECK_RESULT af_status af_vec3_resize_q16(const af_vec3_q16 *v,
                                             fix16_t length,
                                             af_vec3_q16 *out);

/** v / |v|: af_vec3_resize_q16 with length 1. */
AF_CHECK_RESULT af_status af_vec3_normalize_q16(const af_vec3_q16 *v,
                                                af_vec3_q16 *out);

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_Q16_H */
