/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_predict_f64 and af_drag_predict_q16
 * (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "drag_sim.h"
#include "fuzz_drag.h"
#include "kinematics.h"

enum { TIME = FZ_DRAG_SLOTS, SLOTS };

static af_status run_f64(const double *s, fz_model_ints mi, af_body_f64 *out)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_body_f64 start = fz_body_f64(s, FZ_DRAG_BODY), flown;
    af_status st = af_drag_predict_f64(&m, &start, s[TIME], out);
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(fz_body_finite(out), "ok with a non-finite state");
    /* At whole steps the engine's state (drag.h); continuous: the exact
     * solution, here RK4's within 1e-9 (tests/support/drag_sim.h). */
    if (fz_drag_fly(&m, &start, s[TIME], &flown)) {
        double scale = fz_drag_scale(&m, &start, s[TIME]);
        double ep = kin_dist(out->position, flown.position);
        double ev = kin_dist(out->velocity, flown.velocity);
        FZ_CHECK(ep <= 1e-9 * scale + FZ_TINY, "position %.3g off the flight (scale %.3g)", ep,
                 scale);
        FZ_CHECK(ev <= 1e-9 * scale + FZ_TINY, "velocity %.3g off the flight (scale %.3g)", ev,
                 scale);
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    af_body_f64 f;
    af_body_q16 q, start;
    af_drag_q16 m;
    af_status sf, sq;

    fz_drag_slots(names, kinds);
    names[TIME] = "t";
    kinds[TIME] = FZ_POS;
    fz_input_start(&in, data, size);
    fz_begin("drag_predict", &a);
    mi = fz_drag_ints(&in);
    fz_decode(&in, &a, SLOTS, kinds, names);

    fz_call("af_drag_predict_f64 on the decoded values");
    (void)run_f64(a.v, mi, &f);
    fz_call("af_drag_predict_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, &f);

    fz_call("af_drag_predict_q16");
    m = fz_drag_q16(a.q, mi);
    start = fz_body_q16(a.q, FZ_DRAG_BODY);
    sq = af_drag_predict_q16(&m, &start, a.q[TIME], &q);
    fz_zero_on_failure(sq, &q, sizeof q);
    FZ_CHECK(sq == sf || (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                          !(fz_fits3(f.position) && fz_fits3(f.velocity))),
             "q16 says %s, f64 %s", af_status_name(sq), af_status_name(sf));
    if (sq == AF_OK && sf == AF_OK) {
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        af_body_f64 sfb = fz_body_f64(a.fq, FZ_DRAG_BODY);
        fz_body_close("state", &q, &f, fz_drag_scale(&mf, &sfb, a.fq[TIME]));
    }
    return 0;
}
