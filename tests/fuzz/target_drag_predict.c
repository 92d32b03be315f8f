/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_predict_f64 and af_drag_predict_q16
 * (see fuzz_predict.h). */
#include "fuzz_predict.h"

/* At whole steps the engine's state (drag.h); continuous: the exact
 * solution, here RK4's within 1e-9 (tests/support/drag_sim.h). */
static const fz_predict predict = {
    "drag_predict", "af_drag_predict_f64", "af_drag_predict_q16", "t", 1.0,
    af_drag_predict_f64, af_drag_predict_q16, fz_drag_fly, NULL
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_predict_run(&predict, data, size);
}
