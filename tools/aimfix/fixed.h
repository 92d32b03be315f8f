/* SPDX-License-Identifier: MIT */
/*
 * fixed.h — Q16.16 at the CLI's edge. With "format": "q16" every number of
 * the request is rounded to the nearest Q16.16 value (ties away from zero)
 * before any solver sees it, and the Q16 solvers' answers are stored as
 * doubles, which hold every Q16.16 value exactly (32 bits fit the 53 of a
 * double), so that printing, drawing and simulating need one code path;
 * fixed_raw gives the raw bits back for printing.
 */
#ifndef AIMFIX_TOOLS_FIXED_H
#define AIMFIX_TOOLS_FIXED_H

#include "aimfix.h"

/* The nearest Q16.16 value to v, as raw bits. Returns 1, or 0 (and
 * *raw = 0) when v is not finite or that value does not fit Q16.16
 * (v below -32768.0000076 or from 32767.9999924 up). */
int fixed_round(double v, fix16_t *raw);

/* raw / 65536, exactly. */
double fixed_value(fix16_t raw);

/* The raw bits of a double holding a Q16.16 value (fixed_round of it). */
fix16_t fixed_raw(double v);

af_vec3_q16 fixed_vec(af_vec3_f64 v);
af_vec3_f64 fixed_vec_value(af_vec3_q16 v);
af_body_q16 fixed_body(af_vec3_f64 position, af_vec3_f64 velocity);
af_body_f64 fixed_body_value(const af_body_q16 *b);

/* Each component of v rounded to Q16.16 (fixed_round). Returns 1, or 0
 * (and *raw zero) when one is not finite or does not fit. */
int fixed_round_vec(af_vec3_f64 v, af_vec3_q16 *raw);

/* A Q16 answer's shots as doubles (the unused shots stay zero). */
void fixed_shots_value(const af_shots_q16 *q, af_shots_f64 *f);

#endif /* AIMFIX_TOOLS_FIXED_H */
