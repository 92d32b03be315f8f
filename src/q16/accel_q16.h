/* SPDX-License-Identifier: MIT */
/*
 * src/q16/accel_q16.h — where a target of constant acceleration is, in
 * Q16.16 (accel_q16.c). Internal; integers only.
 */
#ifndef AIMFIX_SRC_ACCEL_Q16_H
#define AIMFIX_SRC_ACCEL_Q16_H

#include "aimfix/accel.h"

/* p + v t + a t^2/2 for one axis (t >= 0 raw), each term rounded once
 * and summed exactly: 1 when it fits Q16.16 (stored in *out). */
int afq_accel_axis_at(fix16_t p, fix16_t v, fix16_t a, fix16_t t, fix16_t *out);

/* The body's position at t >= 0, every axis as afq_accel_axis_at: 1 when
 * it fits. */
int afq_accel_at(const af_body_accel_q16 *body, fix16_t t, af_vec3_q16 *out);

#endif /* AIMFIX_SRC_ACCEL_Q16_H */
