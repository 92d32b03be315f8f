/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_predict_steps_f64 and af_drag_predict_steps_q16
 * (see fuzz_predict.h). */
#include <math.h>

#include "drag_sim.h"
#include "fuzz_predict.h"

/* After whole steps the engine's state, exactly the geometric sums
 * (drag.h): the literal loop of tests/support/drag_sim.c (n up to 256,
 * often fractional: none then). */
static int loop(const af_drag_f64 *m, const af_body_f64 *start, double n, af_body_f64 *flown)
{
    if (!(n == floor(n) && n <= FZ_FLY_MAX_STEPS))
        return 0;
    *flown = *start;
    dsim_steps(m, flown, (long)n);
    return fz_body_finite(flown);
}

static void stepped_only(const af_drag_f64 *m)
{
    FZ_CHECK(m->kind == AF_DRAG_KIND_STEPPED, "ok for a continuous model");
}

static const fz_predict predict_steps = {
    "drag_predict_steps", "af_drag_predict_steps_f64", "af_drag_predict_steps_q16", "n", 0.0,
    af_drag_predict_steps_f64, af_drag_predict_steps_q16, loop, stepped_only
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_predict_run(&predict_steps, data, size);
}
