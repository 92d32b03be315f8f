/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_arc_point_f64 and af_arc_point_q16 (see fuzz_check.h). */
#include <stdint.h>

#include "fuzz_check.h"

enum { FROM = 0, TO = 3, GRAVITY = 6, SPEED = 9, SLOTS = 10 };
static const char *const names[SLOTS] = { "from.x", "from.y", "from.z", "to.x",      "to.y",
                                          "to.z",   "gravity.x", "gravity.y", "gravity.z",
                                          "speed" };
static const fz_kind kinds[SLOTS] = { FZ_ANY, FZ_ANY, FZ_ANY, FZ_WIDE, FZ_WIDE,
                                      FZ_WIDE, FZ_ANY, FZ_ANY, FZ_ANY, FZ_POS };

/* A static point as a scenario: neither end moves. */
static scenario scene(const double *s)
{
    scenario sc = { { { 0, 0, 0 }, { 0, 0, 0 } }, { { 0, 0, 0 }, { 0, 0, 0 } }, { 0, 0, 0 }, 0, 0 };
    sc.shooter.position = fz_vec_f64(s, FROM);
    sc.target.position = fz_vec_f64(s, TO);
    sc.gravity = fz_vec_f64(s, GRAVITY);
    sc.speed = s[SPEED];
    return sc;
}

static af_status run_f64(const double *s, af_shots_f64 *out)
{
    scenario sc = scene(s);
    af_status st =
        af_arc_point_f64(&sc.shooter.position, &sc.target.position, sc.speed, &sc.gravity, out);
    fz_shots_f64(st, out);
    if (st == AF_OK)
        fz_hit_f64(&sc, out, sc.speed);
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
    af_vec3_q16 from, to, g;
    scenario sc;

    fz_input_start(&in, data, size);
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("arc_point", &a);

    fz_call("af_arc_point_f64 on the decoded values");
    (void)run_f64(a.v, &f);
    fz_call("af_arc_point_f64 on the Q16.16 values");
    sf = run_f64(a.fq, &f);

    fz_call("af_arc_point_q16");
    from = fz_vec_q16(a.q, FROM);
    to = fz_vec_q16(a.q, TO);
    g = fz_vec_q16(a.q, GRAVITY);
    sq = af_arc_point_q16(&from, &to, a.q[SPEED], &g, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_diff_fits3(to, from), "out_of_range although to - from fits Q16.16");
    sc = scene(a.fq);
    if (sq == AF_OK)
        fz_hit_q16(&sc, &q, FZ_LOB_SPEED);
    fz_compare_shots(sf, &f, sq, &q, &sc);
    return 0;
}
