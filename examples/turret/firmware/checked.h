/* SPDX-License-Identifier: MIT */
/*
 * checked.h — the library's status-returning Q16 arithmetic, with the
 * first failure kept.
 *
 * Each function does what its af_*_q16 counterpart does (rounded to
 * nearest, saturated on overflow, never a wrapped value) and, when that
 * reports a failure, stores the status in *status unless an earlier one is
 * already there. A calculation runs its steps one after another and looks
 * at *status once at the end, as a floating-point one would look for a
 * NaN, without a check after every operation.
 */
#ifndef TURRET_CHECKED_H
#define TURRET_CHECKED_H

#include "aimfix/q16.h"

fix16_t ck_add(af_status *status, fix16_t a, fix16_t b);
fix16_t ck_sub(af_status *status, fix16_t a, fix16_t b);
fix16_t ck_mul(af_status *status, fix16_t a, fix16_t b);
fix16_t ck_div(af_status *status, fix16_t a, fix16_t b);
/* a * b / c, rounded once (af_muldiv_q16). */
fix16_t ck_muldiv(af_status *status, fix16_t a, fix16_t b, fix16_t c);

/* a + b * s and a - b * s, componentwise. */
af_vec3_q16 ck_vec_add_scaled(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b,
                              fix16_t s);
af_vec3_q16 ck_vec_sub_scaled(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b,
                              fix16_t s);
/* a - b, and v / d componentwise. */
af_vec3_q16 ck_vec_sub(af_status *status, const af_vec3_q16 *a, const af_vec3_q16 *b);
af_vec3_q16 ck_vec_div(af_status *status, const af_vec3_q16 *v, fix16_t d);

#endif /* TURRET_CHECKED_H */
