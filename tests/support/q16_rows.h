/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_rows.h — what the rows of the Q16 solver table share
 * (tests/support/q16_solvers.c, the vacuum solvers; tests/support/q16_drag_rows.c, the drag
 * functions): the scene their inputs are drawn from, with integer
 * arithmetic only, and the packing of inputs and answers into the flat
 * arrays of q16_solvers.h. Internal to the rows.
 */
#ifndef AIMFIX_TESTS_Q16_ROWS_H
#define AIMFIX_TESTS_Q16_ROWS_H

#include "q16_solvers.h"

/* The drag functions' rows (q16_drag_rows.c), after the vacuum solvers'
 * in the table (q16_solvers.c). */
#define QS_DRAG_ROWS 10
extern const qs_solver qs_drag_rows[QS_DRAG_ROWS];
/* The quadratic drag functions' rows (q16_qdrag_rows.c), after those. */
#define QS_QDRAG_ROWS 11
extern const qs_solver qs_qdrag_rows[QS_QDRAG_ROWS];

/* The ground plane z = ground of the landing rows, as a raycast (user:
 * the ground's height, raw Q16.16 or m). */
int qs_ground_q16(void *user, const af_vec3_q16 *o, const af_vec3_q16 *d, fix16_t max_distance,
                  af_vec3_q16 *hit);
int qs_ground_f64(void *user, const af_vec3_f64 *o, const af_vec3_f64 *d, double max_distance,
                  af_vec3_f64 *hit);

/* One problem with every input any row needs; each row packs the ones its
 * solver takes. */
typedef struct qs_scene {
    af_body_q16 shooter, target;
    af_vec3_q16 gravity;
    fix16_t speed, time, height, base, per_distance;
    int32_t kind, flags;
} qs_scene;

/* The i-th scene of a sequence drawn from rng: the magnitude class i % 3
 * (small, ordinary, near the limit) and, one time in 16 (i % 16 == 15),
 * an edge case. The inputs are cleared for the row to pack them into. */
qs_scene qs_start(th_rng *rng, long i, qs_in *in);

/* The magnitude class of the i-th scene, in bits of the raw value (2^16 is
 * 1 m or 1 m/s): distances from 2^dist_lo to 2^dist_hi, launch speeds from
 * 2^speed_lo to 2^speed_hi (small: 1/1024 to 1 m, 1/4 to 2 m/s; ordinary:
 * 1 to 128 m and m/s; near the limit: 128 to 16384 m and m/s). */
void qs_class_bits(long i, int *dist_lo, int *dist_hi, int *speed_lo, int *speed_hi);

/* A raw magnitude in [2^lo, 2^hi), every power of two equally likely. */
uint32_t qs_magnitude(th_rng *rng, int lo, int hi);
/* Uniform in [-m, m], m <= 2^30. */
int32_t qs_spread(th_rng *rng, uint32_t m);
/* Components uniform in a cube whose half-side is a magnitude in
 * [2^lo, 2^hi). */
af_vec3_q16 qs_vector(th_rng *rng, int lo, int hi);

/* Packing, in the order of the input names: put_* appends raw values,
 * take_* reads them back (as Q16.16, or exactly as doubles). */
#define VEC_NAMES(v) v ".x", v ".y", v ".z"
#define BODY_NAMES(b) b ".x", b ".y", b ".z", b ".vx", b ".vy", b ".vz"
void qs_put_vec(int32_t **p, af_vec3_q16 v);
void qs_put_body(int32_t **p, const af_body_q16 *b);
af_vec3_q16 qs_take_vec_q16(const int32_t **p);
af_body_q16 qs_take_body_q16(const int32_t **p);
/* raw / 65536, exact: 32 bits fit the 53 of a double. */
double qs_f64_of(int32_t raw);
double qs_take_f64(const int32_t **p);
af_vec3_f64 qs_take_vec_f64(const int32_t **p);
af_body_f64 qs_take_body_f64(const int32_t **p);
void qs_put_vec_f64(double **p, af_vec3_f64 v);

/* An answer with shots: the count, then every shot's t, velocity and
 * point, the unused (all-zero) shots included; qs_shots_outputs names
 * those numbers. */
#define SHOT_NAMES(k) "shot" k ".t", VEC_NAMES("shot" k ".velocity"), VEC_NAMES("shot" k ".point")
extern const char *const qs_shots_outputs[];
void qs_flat_shots_q16(af_status st, const af_shots_q16 *q, qs_out_q16 *out);
void qs_flat_shots_f64(af_status st, const af_shots_f64 *f, qs_out_f64 *out);
/* A maximum range as four numbers: range, t, horizontal and vertical speed. */
void qs_flat_range_q16(af_status st, const af_range_q16 *r, qs_out_q16 *out);
void qs_flat_range_f64(af_status st, const af_range_f64 *r, qs_out_f64 *out);

#endif /* AIMFIX_TESTS_Q16_ROWS_H */
