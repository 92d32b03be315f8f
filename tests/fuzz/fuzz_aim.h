/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_aim.h — the two drag aim targets' shared part
 * (af_drag_aim_time, af_drag_aim_speed): their slots, the scene in f64,
 * the q16 arguments and the law's coefficients a(T) and b(T).
 *
 * The slots are the model's (its body is the shooter), then the target's
 * (position, velocity), then each target's own from FZ_AIM_SLOTS on.
 */
#ifndef AIMFIX_TESTS_FUZZ_AIM_H
#define AIMFIX_TESTS_FUZZ_AIM_H

#include "fuzz_drag.h"

enum { FZ_AIM_TARGET = FZ_DRAG_SLOTS, FZ_AIM_SLOTS = FZ_AIM_TARGET + 6 };

/* An aim's scene in f64 (speed 0 for a fixed time; the target's
 * acceleration 0 but for the accelerating forms). */
typedef struct fz_aim_scene {
    af_drag_f64 m;
    af_body_f64 shooter, target;
    af_vec3_f64 acceleration;
    double speed;
    unsigned flags;
} fz_aim_scene;

/* Names and kinds of the model's and the target's slots (its position of
 * position_kind), the report's target name, the model's ints and the
 * flags byte, then the decoding of all n slots into a; the caller has
 * named its own slots (from FZ_AIM_SLOTS on) in names and kinds. Returns
 * the flags. */
unsigned fz_aim_decode(fz_input *in, fz_args *a, int n, const char **names, fz_kind *kinds,
                       fz_kind position_kind, const char *target, fz_model_ints *mi);

/* The scene of slots s (decoded or Q16.16 values), with no acceleration. */
fz_aim_scene fz_aim_scene_of(const double *s, fz_model_ints mi, unsigned flags, double speed);

/* The q16 twin's model and bodies from the raw slots. */
void fz_aim_q16(const fix16_t *q, fz_model_ints mi, af_drag_q16 *m, af_body_q16 *shooter,
                af_body_q16 *target);

/* AF_ERR_OUT_OF_RANGE only where the target's relative position does not
 * fit Q16.16 (drag.h). */
void fz_aim_out_of_range(af_status sq, const af_body_q16 *shooter, const af_body_q16 *target);

/* a(T) (pull 0) and b(T) (pull 1) of drag.h's p = p0 + a v0 + b G: the
 * displacement of a unit launch velocity, and that of a unit pull from
 * rest; NaN when the prediction fails. */
double fz_law_coef(const af_drag_f64 *m, double T, int pull);

#endif /* AIMFIX_TESTS_FUZZ_AIM_H */
