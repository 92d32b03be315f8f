/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_time_at_height_f64 and af_drag_time_at_height_q16
 * (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "drag_sim.h"
#include "fuzz_drag.h"
#include "kinematics.h"

enum { HEIGHT = FZ_DRAG_SLOTS, SLOTS };

static af_status run_f64(const double *s, fz_model_ints mi, int branch, af_drag_event_f64 *out)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_body_f64 start = fz_body_f64(s, FZ_DRAG_BODY), flown;
    af_status st = af_drag_time_at_height_f64(&m, &start, s[HEIGHT], (af_branch)branch, out);
    const af_vec3_f64 zero = { 0.0, 0.0, 0.0 };
    double scale, up, unresolved;
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(out->t >= 0 && isfinite(out->t) && isfinite(out->height) &&
                 fz_body_finite(&out->state),
             "ok with t %g, height %g or a non-finite state", out->t, out->height);
    FZ_CHECK(out->steps >= 0 && out->steps <= AF_DRAG_HEIGHT_MAX_STEPS, "%d evaluations",
             out->steps);
    scale = fz_drag_scale(&m, &start, out->t) + fabs(s[HEIGHT]);
    FZ_CHECK(fabs(out->height - s[HEIGHT]) <= 1e-9 * scale + FZ_TINY,
             "at height %.17g, asked %.17g", out->height, s[HEIGHT]);
    FZ_CHECK(!isfinite(fz_height(&m, start.position, out->state.position)) ||
                 fabs(fz_height(&m, start.position, out->state.position) - out->height) <=
                     1e-9 * scale + FZ_TINY,
             "the state is at height %.17g, the event says %.17g",
             fz_height(&m, start.position, out->state.position), out->height);
    /* The branch: rising or falling at t (the state's velocity along up).
     * Only for continuous drag, whose velocity is the path's derivative: a
     * stepped body's velocity is the engine's, a step ahead of its path
     * (it can still point up while the path already falls). */
    up = fz_height(&m, zero, out->state.velocity);
    /* A vertical speed whose rise v^2 / 2g is below FZ_TINY leaves no
     * height to tell the branches apart (a whole flight at height 0). */
    unresolved = sqrt(2.0 * kin_len(m.gravity) * FZ_TINY);
    FZ_CHECK(m.kind != AF_DRAG_KIND_CONTINUOUS ||
                 (branch == AF_RISING ? up >= -1e-9 * scale - unresolved
                                      : up <= 1e-9 * scale + unresolved),
             "%s branch, yet the vertical speed at t is %.17g", branch == AF_RISING ? "rising"
                                                                                  : "falling",
             up);
    if (fz_drag_fly(&m, &start, out->t, &flown)) {
        double h = fz_height(&m, start.position, flown.position);
        FZ_CHECK(fabs(h - s[HEIGHT]) <= 1e-9 * scale + FZ_TINY,
                 "the flight is at height %.17g at t = %.17g, asked %.17g", h, out->t, s[HEIGHT]);
    }
    return st;
}

/* Whether the f64 law's height and state at f64's time rounded to
 * Q16.16, where q16 reports them (drag_flight.h), fit Q16.16: a path of
 * 2e8 m/s (a step of 32768 s) covers 2000 m in half an LSB of time. Both
 * roundings of a time near the middle of an LSB. */
static int fits_at_rounded_time(const af_drag_f64 *m, const af_body_f64 *b, double t)
{
    double scaled = t * 65536.0, near = floor(scaled + 0.5);
    double times[2];
    int i;
    times[0] = near;
    times[1] = fabs(scaled - floor(scaled) - 0.5) < 1.0 / 16.0 ? 2.0 * floor(scaled) + 1.0 - near
                                                              : near;
    for (i = 0; i < 2; i++) {
        af_body_f64 p;
        if (af_drag_predict_f64(m, b, times[i] / 65536.0, &p) != AF_OK ||
            !fz_fits(fz_height(m, b->position, p.position)) || !fz_fits3(p.position) ||
            !fz_fits3(p.velocity))
            return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    af_drag_event_f64 f;
    af_drag_event_q16 q;
    af_body_q16 start;
    af_drag_q16 m;
    af_status sf, sq;
    int branch;

    fz_drag_slots(names, kinds);
    names[HEIGHT] = "height";
    kinds[HEIGHT] = FZ_ANY;
    fz_input_start(&in, data, size);
    fz_begin("drag_time_at_height", &a);
    mi = fz_drag_ints(&in);
    branch = fz_u8(&in) % 3; /* 2: unknown */
    fz_int("branch", branch);
    fz_decode(&in, &a, SLOTS, kinds, names);

    fz_call("af_drag_time_at_height_f64 on the decoded values");
    (void)run_f64(a.v, mi, branch, &f);
    fz_call("af_drag_time_at_height_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, branch, &f);

    fz_call("af_drag_time_at_height_q16");
    m = fz_drag_q16(a.q, mi);
    start = fz_body_q16(a.q, FZ_DRAG_BODY);
    sq = af_drag_time_at_height_q16(&m, &start, a.q[HEIGHT], (af_branch)branch, &q);
    fz_zero_on_failure(sq, &q, sizeof q);
    if (sq == AF_OK)
        FZ_CHECK(q.steps >= 0 && q.steps <= AF_DRAG_HEIGHT_MAX_STEPS, "%d evaluations", q.steps);
    /* Overflow where f64's time, height or state is at the edge of
     * Q16.16, or at f64's time rounded to Q16.16: q16's height is the one
     * at its rounded time (drag_flight.h), which can fall outside where
     * the height asked is within the distance covered in that rounding of
     * -32768. Near the apex
     * (the vertical speed there below 2^-12 of the flight's
     * scale per second) the two formats may see the height reached or
     * not; q16 ok where f64 has no solution is judged by its height. */
    {
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        af_body_f64 b = fz_body_f64(a.fq, FZ_DRAG_BODY);
        double g = kin_len(mf.gravity);
        double up = sf == AF_OK ? -(f.state.velocity.x * mf.gravity.x +
                                    f.state.velocity.y * mf.gravity.y +
                                    f.state.velocity.z * mf.gravity.z) / g
                                : 0.0;
        int near_apex = fabs(up) * (1.0 + f.t) <= fz_drag_scale(&mf, &b, f.t) / 4096.0;
        FZ_CHECK(sq == sf ||
                     (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                      !(fz_fits(f.t) && fz_fits(f.height) && fz_fits3(f.state.position) &&
                        fz_fits3(f.state.velocity) && fits_at_rounded_time(&mf, &b, f.t))) ||
                     (sq == AF_ERR_NO_SOLUTION && sf == AF_OK && near_apex) ||
                     (sf == AF_ERR_NO_SOLUTION && sq == AF_OK),
                 "q16 says %s, f64 %s (f64 t %.9g, vertical speed %.3g)", af_status_name(sq),
                 af_status_name(sf), f.t, up);
    }
    if (sq == AF_OK) {
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        af_body_f64 b = fz_body_f64(a.fq, FZ_DRAG_BODY);
        double scale = fz_drag_scale(&mf, &b, fz_f64_of(q.t));
        /* out->height is that at the time rounded to Q16.16: off the
         * asked height by up to the distance covered in half an LSB. An
         * engine's path moves within a step by the velocity after it,
         * which holds up to g dt more than the state's (a step ahead). */
        double ahead = mf.kind == AF_DRAG_KIND_STEPPED ? fabs(mf.dt) : 0.0;
        double speed = kin_len(fz_vec_of_q16(q.state.velocity)) + kin_len(b.velocity) +
                       kin_len(mf.wind) + kin_len(mf.gravity) * (1.0 + fz_f64_of(q.t) + ahead);
        fz_close("height", q.height, a.fq[HEIGHT], scale + speed * 64.0);
    }
    return 0;
}
