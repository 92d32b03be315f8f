/* SPDX-License-Identifier: MIT */
/* The drag aim targets' shared part (see fuzz_aim.h). */
#include "fuzz_aim.h"

#include <math.h>

unsigned fz_aim_decode(fz_input *in, fz_args *a, int n, const char **names, fz_kind *kinds,
                       fz_kind position_kind, const char *target, fz_model_ints *mi)
{
    static const char *const target_names[6] = { "target.position.x", "target.position.y",
                                                  "target.position.z", "target.velocity.x",
                                                  "target.velocity.y", "target.velocity.z" };
    unsigned flags;
    int i;
    fz_drag_slots(names, kinds);
    for (i = 0; i < 6; i++) {
        names[FZ_AIM_TARGET + i] = target_names[i];
        kinds[FZ_AIM_TARGET + i] = i < 3 ? position_kind : FZ_ANY;
    }
    fz_begin(target, a);
    *mi = fz_drag_ints(in);
    flags = fz_u8(in) & AF_INHERIT_VELOCITY;
    fz_int("flags", (long)flags);
    fz_decode(in, a, n, kinds, names);
    return flags;
}

fz_aim_scene fz_aim_scene_of(const double *s, fz_model_ints mi, unsigned flags, double speed)
{
    fz_aim_scene sc;
    sc.m = fz_drag_f64(s, mi);
    sc.shooter = fz_body_f64(s, FZ_DRAG_BODY);
    sc.target = fz_body_f64(s, FZ_AIM_TARGET);
    sc.acceleration.x = sc.acceleration.y = sc.acceleration.z = 0.0;
    sc.speed = speed;
    sc.flags = flags;
    return sc;
}

void fz_aim_q16(const fix16_t *q, fz_model_ints mi, af_drag_q16 *m, af_body_q16 *shooter,
                af_body_q16 *target)
{
    *m = fz_drag_q16(q, mi);
    *shooter = fz_body_q16(q, FZ_DRAG_BODY);
    *target = fz_body_q16(q, FZ_AIM_TARGET);
}

void fz_aim_out_of_range(af_status sq, const af_body_q16 *shooter, const af_body_q16 *target)
{
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_diff_fits3(target->position, shooter->position),
                 "out_of_range although the target's relative position fits Q16.16");
}

double fz_law_coef(const af_drag_f64 *m, double T, int pull)
{
    af_drag_f64 unit = *m;
    af_body_f64 still = { { 0, 0, 0 }, { 0, 0, 0 } }, moving = { { 0, 0, 0 }, { 1, 0, 0 } }, p0, p1;
    unit.gravity.x = pull ? 1.0 : 0.0;
    unit.gravity.y = unit.gravity.z = 0.0;
    unit.wind.x = unit.wind.y = unit.wind.z = 0.0;
    unit.max_move = 0.0;
    if (af_drag_predict_f64(&unit, &still, T, &p0) != AF_OK ||
        af_drag_predict_f64(&unit, pull ? &still : &moving, T, &p1) != AF_OK)
        return NAN;
    return pull ? p1.position.x : p1.position.x - p0.position.x;
}
