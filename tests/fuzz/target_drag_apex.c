/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_apex_f64 and af_drag_apex_q16 (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "drag_sim.h"
#include "fuzz_drag.h"
#include "kinematics.h"


/* The height of the engine's whole step n (the literal loop). */
static double step_height(const af_drag_f64 *m, const af_body_f64 *start, long n)
{
    af_body_f64 b = *start;
    dsim_steps(m, &b, n);
    return fz_height(m, start->position, b.position);
}

static af_status run_f64(const double *s, fz_model_ints mi, af_drag_event_f64 *out)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_body_f64 start = fz_body_f64(s, FZ_DRAG_BODY), flown;
    af_status st = af_drag_apex_f64(&m, &start, out);
    double scale;
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(out->t >= 0 && isfinite(out->t) && isfinite(out->height) &&
                 fz_body_finite(&out->state),
             "ok with t %g, height %g or a non-finite state", out->t, out->height);
    FZ_CHECK(out->height >= 0 || out->t == 0, "the apex is %g below the launch point",
             out->height);
    scale = fz_drag_scale(&m, &start, out->t);
    if (m.kind == AF_DRAG_KIND_CONTINUOUS && fz_drag_fly(&m, &start, out->t, &flown)) {
        double h = fz_height(&m, start.position, flown.position);
        FZ_CHECK(fabs(h - out->height) <= 1e-9 * scale + FZ_TINY,
                 "height %.17g, the flight is at %.17g then", out->height, h);
    }
    if (m.kind == AF_DRAG_KIND_STEPPED && m.dt > 0 && out->t / m.dt + 2 <= FZ_FLY_MAX_STEPS) {
        /* drag.h: the engine's highest whole step is one of the two steps
         * around the apex, and no higher. */
        long n = (long)floor(out->t / m.dt);
        double around = fmax(step_height(&m, &start, n), step_height(&m, &start, n + 1));
        double before = n > 0 ? step_height(&m, &start, n - 1) : -INFINITY;
        double after = step_height(&m, &start, n + 2);
        if (isfinite(around) && isfinite(after))
            FZ_CHECK(before <= around + 1e-9 * scale && after <= around + 1e-9 * scale &&
                         around <= out->height + 1e-9 * scale,
                     "steps %ld..%ld: heights %.17g, (%.17g), %.17g; apex %.17g", n - 1, n + 2,
                     before, around, after, out->height);
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[FZ_DRAG_SLOTS];
    static fz_kind kinds[FZ_DRAG_SLOTS];
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    af_drag_event_f64 f;
    af_drag_event_q16 q;
    af_body_q16 start;
    af_drag_q16 m;
    af_status sf, sq;

    fz_drag_slots(names, kinds);
    fz_input_start(&in, data, size);
    fz_begin("drag_apex", &a);
    mi = fz_drag_ints(&in);
    fz_decode(&in, &a, FZ_DRAG_SLOTS, kinds, names);

    fz_call("af_drag_apex_f64 on the decoded values");
    (void)run_f64(a.v, mi, &f);
    fz_call("af_drag_apex_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, &f);

    fz_call("af_drag_apex_q16");
    m = fz_drag_q16(a.q, mi);
    start = fz_body_q16(a.q, FZ_DRAG_BODY);
    sq = af_drag_apex_q16(&m, &start, &q);
    fz_zero_on_failure(sq, &q, sizeof q);
    FZ_CHECK(sq == sf || (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                          !(fz_fits(f.t) && fz_fits(f.height) && fz_fits3(f.state.position) &&
                            fz_fits3(f.state.velocity))),
             "q16 says %s, f64 %s (f64 t %.9g, height %.9g)", af_status_name(sq),
             af_status_name(sf), f.t, f.height);
    if (sq == AF_OK && sf == AF_OK) {
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        af_body_f64 b = fz_body_f64(a.fq, FZ_DRAG_BODY);
        double scale = fz_drag_scale(&mf, &b, f.t);
        /* The apex is flat: a time error costs the height only its square,
         * but the position moves on at the body's speed: the time rounded
         * to Q16.16 (half an LSB) and its own 30 bits cost |v| (2^-17 +
         * 2^-28 t), which the scale's 2^-22 covers at |v| (1 + t) 2^6. */
        double moving = (kin_len(b.velocity) + kin_len(f.state.velocity)) * (1.0 + f.t) * 64.0;
        /* That square is the curvature's: the vertical velocity's change
         * over an LSB of time about the apex, times half an LSB squared
         * (doubled for its growth over the step): 2^-13 of it in the
         * scale's 2^-22 (drag.h: the height is at the rounded time). */
        double lsb = 1.0 / 65536.0, g = kin_len(mf.gravity), curve = 0.0;
        af_body_f64 e1, e2;
        if (g > 0 && af_drag_predict_f64(&mf, &b, fmax(f.t - lsb / 2, 0.0), &e1) == AF_OK &&
            af_drag_predict_f64(&mf, &b, f.t + lsb / 2, &e2) == AF_OK)
            curve = fabs((e2.velocity.x - e1.velocity.x) * mf.gravity.x +
                         (e2.velocity.y - e1.velocity.y) * mf.gravity.y +
                         (e2.velocity.z - e1.velocity.z) * mf.gravity.z) / g / lsb;
        fz_close("height", q.height, f.height, scale + (isfinite(curve) ? curve * 0x1p-13 : 0.0));
        {
            /* A flat apex: the rounded problem's apex lies wherever the
             * vertical velocity is within the roundings of U and W (half
             * an LSB, and 2^-29 of their vectors: up has 30 bits) of 0;
             * there the state is the one at q16's own time. */
            double tq = q.t * lsb, pull = g;
            af_vec3_f64 at = f.state.position;
            af_body_f64 eq;
            if (mf.kind == AF_DRAG_KIND_CONTINUOUS)
                pull += mf.k * kin_len(mf.wind);
            if (g > 0 && af_drag_predict_f64(&mf, &b, tq, &eq) == AF_OK &&
                fabs(eq.velocity.x * mf.gravity.x + eq.velocity.y * mf.gravity.y +
                     eq.velocity.z * mf.gravity.z) / g <=
                    lsb / 2 * (1.0 + tq) + ldexp(kin_len(b.velocity) + pull * tq, -29))
                at = eq.position;
            fz_vec_close("state.position", q.state.position, at, scale + moving);
        }
    }
    return 0;
}
