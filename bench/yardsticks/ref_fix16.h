/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/ref_fix16.h — the textbook formulas on libfixmath's fix16_*
 * calls, where libfixmath has no single function for the job: the yardstick a
 * fixed-point programmer without aimfix would write. Each reports
 * AF_ERR_OVERFLOW when a fix16_* call it made returned fix16_overflow
 * (libfixmath's only overflow signal, which equals the legal value -32768) and
 * AF_OK otherwise.
 *
 * As libfixmath is: fix16_exp(y) for y below -10.4 takes 1 / e^-y with
 * e^-y beyond Q16.16, and its series overflows a signed int (undefined
 * behaviour; these builds wrap it). The exp2 and pow formulas reach it for
 * results below about 2^-15, as the textbook formulas would in a program.
 */
#ifndef AIMFIX_BENCH_REF_FIX16_H
#define AIMFIX_BENCH_REF_FIX16_H

#include "aimfix.h"

/* 2^x = e^(x ln 2). */
af_status bench_exp2_fix16(fix16_t x, fix16_t *out);
/* b^e = e^(e ln b); 0 for b = 0. */
af_status bench_pow_fix16(fix16_t b, fix16_t e, fix16_t *out);
/* a b / c as fix16_div(fix16_mul(a, b), c). */
af_status bench_muldiv_fix16(fix16_t a, fix16_t b, fix16_t c, fix16_t *out);

/* Componentwise with fix16_add, fix16_sub, fix16_mul. */
af_status bench_vec3_add_fix16(const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *out);
af_status bench_vec3_sub_fix16(const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *out);
af_status bench_vec3_scale_fix16(const af_vec3_q16 *v, fix16_t s, af_vec3_q16 *out);
/* Sums of fix16_mul products, in Q16.16. */
af_status bench_vec3_dot_fix16(const af_vec3_q16 *a, const af_vec3_q16 *b, fix16_t *out);
af_status bench_vec3_len2_fix16(const af_vec3_q16 *v, fix16_t *out);
/* fix16_sqrt of that sum. */
af_status bench_vec3_len_fix16(const af_vec3_q16 *v, fix16_t *out);
/* v times fix16_div(length, |v|), and each component fix16_div'ed by |v|. */
af_status bench_vec3_resize_fix16(const af_vec3_q16 *v, fix16_t length, af_vec3_q16 *out);
af_status bench_vec3_normalize_fix16(const af_vec3_q16 *v, af_vec3_q16 *out);

#endif /* AIMFIX_BENCH_REF_FIX16_H */
