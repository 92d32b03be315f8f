/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_init_f64 and af_drag_init_q16 (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "fuzz_drag.h"

enum { D = 0, DT, GRAVITY, WIND = GRAVITY + 3, SLOTS = WIND + 3 };
static const char *const names[SLOTS] = { "d",         "dt",     "gravity.x", "gravity.y",
                                          "gravity.z", "wind.x", "wind.y",    "wind.z" };
static const fz_kind kinds[SLOTS] = { FZ_DAMP, FZ_STEP, FZ_ANY, FZ_ANY,
                                      FZ_ANY,  FZ_ANY,  FZ_ANY, FZ_ANY };

/* The engine law of drag.h for a model, in double (NaN when the model is
 * not a stepped one). */
static double law(int model, double d, double dt)
{
    switch (model) {
    case AF_DRAG_UNITY:
        return 1.0 - d * dt;
    case AF_DRAG_BOX2D:
        return 1.0 / (1.0 + d * dt);
    case AF_DRAG_BULLET:
        return pow(1.0 - d, dt);
    case AF_DRAG_EXACT:
        return exp(-d * dt);
    case AF_DRAG_ODE:
        return 1.0 - d;
    case AF_DRAG_GODOT:
    case AF_DRAG_JOLT:
        return 1.0 - d * dt;
    case AF_DRAG_CHIPMUNK:
        return pow(d, dt);
    default:
        return NAN;
    }
}

/* Each engine's step order (drag.h, docs/engines.md). */
static af_step_order engine_order(int model)
{
    switch (model) {
    case AF_DRAG_BULLET:
    case AF_DRAG_GODOT:
        return AF_STEP_DAMPING_THEN_GRAVITY;
    case AF_DRAG_ODE:
        return AF_STEP_DAMPING_LAST;
    case AF_DRAG_CHIPMUNK:
        return AF_STEP_MOVE_FIRST;
    default:
        return AF_STEP_GRAVITY_THEN_DAMPING;
    }
}

static af_status run_f64(const double *s, int model, int still, af_drag_f64 *out)
{
    af_vec3_f64 g = fz_vec_f64(s, GRAVITY), w = fz_vec_f64(s, WIND);
    af_status st = af_drag_init_f64((af_drag_model)model, s[D], s[DT], &g, still ? NULL : &w, out);
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(s[D] >= 0 && isfinite(s[D]) && fz_finite3(g), "ok for d %g or a non-finite gravity",
             s[D]);
    FZ_CHECK(out->gravity.x == g.x && out->gravity.y == g.y && out->gravity.z == g.z,
             "gravity not kept");
    if (model == AF_DRAG_CONTINUOUS) {
        FZ_CHECK(out->kind == AF_DRAG_KIND_CONTINUOUS && out->k == s[D],
                 "continuous: kind %d, k %g", (int)out->kind, out->k);
        if (!still)
            FZ_CHECK(out->wind.x == w.x && out->wind.y == w.y && out->wind.z == w.z,
                     "wind not kept");
    } else {
        double r = law(model, s[D], s[DT]);
        FZ_CHECK(model >= 0 && model <= AF_DRAG_JOLT && model != AF_DRAG_CONTINUOUS,
                 "ok for the unknown model %d", model);
        FZ_CHECK(s[DT] > 0 && isfinite(s[DT]), "ok for dt %g", s[DT]);
        FZ_CHECK(still || (w.x == 0 && w.y == 0 && w.z == 0), "a stepped model took a wind");
        FZ_CHECK(out->kind == AF_DRAG_KIND_STEPPED && out->dt == s[DT] &&
                     out->order == engine_order(model),
                 "stepped: kind %d, dt %g, order %d", (int)out->kind, out->dt, (int)out->order);
        FZ_CHECK(out->max_move == (model == AF_DRAG_BOX2D  ? AF_BOX2D_MAX_MOVE
                                   : model == AF_DRAG_JOLT ? AF_JOLT_MAX_SPEED * s[DT]
                                                           : 0.0),
                 "max_move %g", out->max_move);
        FZ_CHECK(out->r > 0 && out->r <= 1, "r = %.17g outside (0, 1]", out->r);
        FZ_CHECK(fabs(out->r - r) <= 1e-15,
                 "r = %.17g, the law gives %.17g", out->r, r);
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in;
    fz_args a;
    af_drag_f64 f;
    af_drag_q16 q;
    af_status sf, sq;
    af_vec3_q16 g, w;
    int model, still;
    uint8_t b;

    fz_input_start(&in, data, size);
    b = fz_u8(&in);
    /* 0..6; with bit 6, 7..13 (7 and 8 the last presets, the rest unknown);
     * -1 unknown. */
    model = (b >> 6) & 1 ? ((b & 7) == 7 ? -1 : (b & 7) + 7) : b & 7;
    still = (b >> 3) & 1;
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("drag_init", &a);
    fz_int("model", model);
    fz_int("wind NULL", still);

    fz_call("af_drag_init_f64 on the decoded values");
    (void)run_f64(a.v, model, still, &f);
    fz_call("af_drag_init_f64 on the Q16.16 values");
    sf = run_f64(a.fq, model, still, &f);

    fz_call("af_drag_init_q16");
    g = fz_vec_q16(a.q, GRAVITY);
    w = fz_vec_q16(a.q, WIND);
    sq = af_drag_init_q16((af_drag_model)model, a.q[D], a.q[DT], &g, still ? NULL : &w, &q);
    fz_zero_on_failure(sq, &q, sizeof q);
    if (sq == AF_OK && model != AF_DRAG_CONTINUOUS) {
        /* Within 0.51 LSB of the exact law for the Q16.16 d and dt. */
        double r = law(model, a.fq[D], a.fq[DT]);
        FZ_CHECK(q.r >= 1 && q.r <= 65536, "r raw %ld outside (0, 1]", (long)q.r);
        FZ_CHECK(fabs(q.r - r * 65536.0) <= 0.51, "r raw %ld, the law gives %.6f raw", (long)q.r,
                 r * 65536.0);
    }
    /* The same statuses, except that q16 also refuses an r that rounds to
     * 0 (d dt near the law's limit; drag.h). */
    if (sq != sf) {
        double r = law(model, a.fq[D], a.fq[DT]);
        FZ_CHECK(sq == AF_ERR_BAD_ARGUMENT && sf == AF_OK && r * 65536.0 < 0.5 + 1e-9,
                 "q16 says %s, f64 %s (the law's r %.9g)", af_status_name(sq), af_status_name(sf),
                 r);
    }
    return 0;
}
