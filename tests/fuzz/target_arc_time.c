/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_arc_time_f64 and af_arc_time_q16 (see fuzz_check.h). */
#include <math.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "kinematics.h"

/* The scene's slots, with the speed slot holding the time of flight. */
static af_status run_f64(const double *s, unsigned flags, af_shots_f64 *out)
{
    scenario sc = fz_scene(s, flags);
    double t = s[FZ_SPEED];
    af_status st = af_arc_time_f64(&sc.shooter, &sc.target, t, &sc.gravity, flags, out);
    fz_shots_f64(st, out);
    if (st == AF_OK) {
        FZ_CHECK(out->count == 1 && out->shot[0].t == t, "ok with %d shots, t %.17g for %.17g",
                 out->count, out->shot[0].t, t);
        fz_hit_f64(&sc, out, 0.0);
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[FZ_SCENE_SLOTS];
    fz_input in;
    fz_args a;
    af_shots_f64 f;
    af_shots_q16 q;
    af_status sf, sq;
    unsigned flags;
    af_body_q16 shooter, target;
    af_vec3_q16 g;
    scenario sc;
    int i;

    for (i = 0; i < FZ_SCENE_SLOTS; i++)
        names[i] = i == FZ_SPEED ? "t" : fz_scene_names[i];
    fz_input_start(&in, data, size);
    flags = fz_u8(&in) & AF_INHERIT_VELOCITY;
    fz_decode(&in, &a, FZ_SCENE_SLOTS, fz_scene_kinds, names);
    fz_begin("arc_time", &a);
    fz_int("flags", (long)flags);

    fz_call("af_arc_time_f64 on the decoded values");
    (void)run_f64(a.v, flags, &f);
    fz_call("af_arc_time_f64 on the Q16.16 values");
    sf = run_f64(a.fq, flags, &f);

    fz_call("af_arc_time_q16");
    shooter = fz_body_q16(a.q, FZ_SHOOTER);
    target = fz_body_q16(a.q, FZ_TARGET);
    g = fz_vec_q16(a.q, FZ_GRAVITY);
    sq = af_arc_time_q16(&shooter, &target, a.q[FZ_SPEED], &g, flags, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_relative_fits(&shooter, &target, flags),
                 "out_of_range although every difference fits Q16.16");
    sc = fz_scene(a.fq, flags);
    if (sq == AF_OK) {
        FZ_CHECK(q.count == 1 && q.shot[0].t == a.q[FZ_SPEED], "ok with %d shots, raw t %ld",
                 q.count, (long)q.shot[0].t);
        fz_hit_q16(&sc, &q, 0);
    }
    /* One closed form: the same status unless the answer does not fit. */
    FZ_CHECK(sq == sf || sq == AF_ERR_OUT_OF_RANGE ||
                 (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                  !(fz_fits3(f.shot[0].velocity) && fz_fits3(f.shot[0].point))),
             "q16 says %s, f64 %s (f64 velocity %.9g %.9g %.9g)", af_status_name(sq),
             af_status_name(sf), f.shot[0].velocity.x, f.shot[0].velocity.y,
             f.shot[0].velocity.z);
    if (sq == AF_OK && sf == AF_OK) {
        double t = sc.speed;
        double scale = kin_len(sc.target.position) / t + kin_len(sc.shooter.position) / t +
                       kin_len(sc.target.velocity) + kin_len(sc.shooter.velocity) +
                       kin_len(sc.gravity) * t;
        fz_close("velocity.x", q.shot[0].velocity.x, f.shot[0].velocity.x, scale);
        fz_close("velocity.y", q.shot[0].velocity.y, f.shot[0].velocity.y, scale);
        fz_close("velocity.z", q.shot[0].velocity.z, f.shot[0].velocity.z, scale);
    }
    return 0;
}
