/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_drag.h — drag models and bodies for the drag fuzz
 * targets, and the independent flight their answers are checked against.
 *
 * The slots of a drag target start with the model's numbers (gravity, dt,
 * r, k, wind) and a body (position, velocity); the model's kind and step
 * order come from one byte. Each target appends its own slots.
 */
#ifndef AIMFIX_TESTS_FUZZ_DRAG_H
#define AIMFIX_TESTS_FUZZ_DRAG_H

#include "fuzz_check.h"

enum {
    FZ_DRAG_GRAVITY = 0,
    FZ_DRAG_DT = 3,
    FZ_DRAG_R = 4,
    FZ_DRAG_K = 5,
    FZ_DRAG_WIND = 6,
    FZ_DRAG_BODY = 9,
    FZ_DRAG_SLOTS = 15
};

/* The first FZ_DRAG_SLOTS names and kinds; the target fills the rest. */
void fz_drag_slots(const char **names, fz_kind *kinds);

typedef struct fz_model_ints {
    int kind, order;
} fz_model_ints;

/* The kind (stepped, continuous, now and then an unknown one) and step
 * order from one byte, registered for the failure report. */
fz_model_ints fz_drag_ints(fz_input *in);

af_drag_f64 fz_drag_f64(const double *s, fz_model_ints m);
af_drag_q16 fz_drag_q16(const fix16_t *s, fz_model_ints m);

/* The independent flight (tests/support/drag_sim.c) of a body for time t: the
 * engine's literal loop for a whole number of steps (up to
 * FZ_FLY_MAX_STEPS), RK4 for continuous drag (k t up to 12). Returns 0,
 * leaving *end alone, when the flight is outside that (a time between two
 * steps, too long, not finite). */
#define FZ_FLY_MAX_STEPS 2048
int fz_drag_fly(const af_drag_f64 *m, const af_body_f64 *start, double t, af_body_f64 *end);
/* fz_drag_fly's position at t of a shot launched at u from the shooter
 * (its velocity added when flags inherit it). */
int fz_drag_fly_shot(const af_drag_f64 *m, const af_body_f64 *shooter, unsigned flags,
                     af_vec3_f64 u, double t, af_vec3_f64 *end);

/* The size of a flight's terms for time t: its start, |v0| t, |g| t^2,
 * |wind| t; tolerances are relative to it. */
double fz_drag_scale(const af_drag_f64 *m, const af_body_f64 *start, double t);

/* Two bodies (q16 and f64) within fz_close of each other. */
void fz_body_close(const char *what, const af_body_q16 *q, const af_body_f64 *f,
                   double scale);
void fz_vec_close(const char *what, af_vec3_q16 q, af_vec3_f64 f, double scale);

/* The unit up, -g / |g|, of a nonzero g (a subnormal or huge one too). */
af_vec3_f64 fz_up(const af_drag_f64 *m);

/* The height along up of p relative to origin. */
double fz_height(const af_drag_f64 *m, af_vec3_f64 origin, af_vec3_f64 p);

/* Whether a body or a vector is finite. */
int fz_body_finite(const af_body_f64 *b);

#endif /* AIMFIX_TESTS_FUZZ_DRAG_H */
