/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_arc_moving_f64 and af_arc_moving_q16 (see fuzz_check.h). */
#include <stdint.h>

#include "fuzz_check.h"

static af_status run_f64(const double *s, unsigned flags, af_shots_f64 *out)
{
    scenario sc = fz_scene(s, flags);
    af_status st =
        af_arc_moving_f64(&sc.shooter, &sc.target, sc.speed, &sc.gravity, flags, out);
    fz_shots_f64(st, out);
    if (st == AF_OK)
        fz_hit_tangent_f64(&sc, out, sc.speed, 0x1p-26); /* ballistic.h */
    fz_no_root_lost_f64(&sc, st, out);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in;
    fz_args a;
    af_shots_f64 f;
    af_shots_q16 q;
    af_status sf, sq;
    unsigned flags;
    af_body_q16 shooter, target;
    af_vec3_q16 g;
    scenario sc;

    fz_input_start(&in, data, size);
    flags = fz_u8(&in) & AF_INHERIT_VELOCITY;
    fz_decode(&in, &a, FZ_SCENE_SLOTS, fz_scene_kinds, fz_scene_names);
    fz_begin("arc_moving", &a);
    fz_int("flags", (long)flags);

    fz_call("af_arc_moving_f64 on the decoded values");
    (void)run_f64(a.v, flags, &f);
    fz_call("af_arc_moving_f64 on the Q16.16 values");
    sf = run_f64(a.fq, flags, &f);

    fz_call("af_arc_moving_q16");
    shooter = fz_body_q16(a.q, FZ_SHOOTER);
    target = fz_body_q16(a.q, FZ_TARGET);
    g = fz_vec_q16(a.q, FZ_GRAVITY);
    sq = af_arc_moving_q16(&shooter, &target, a.q[FZ_SPEED], &g, flags, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_relative_fits(&shooter, &target, flags),
                 "out_of_range although every difference fits Q16.16");
    sc = fz_scene(a.fq, flags);
    if (sq == AF_OK)
        fz_hit_q16(&sc, &q, g.x | g.y | g.z ? FZ_LOB_SPEED : FZ_LINE_SPEED);
    fz_compare_shots(sf, &f, sq, &q, &sc);
    return 0;
}
