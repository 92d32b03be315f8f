/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_arc_max_range_f64 and af_arc_max_range_q16
 * (see fuzz_check.h). */
#include <math.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "kinematics.h"

enum { SPEED = 0, HEIGHT, GRAVITY, SLOTS = GRAVITY + 3 };
static const char *const names[SLOTS] = { "speed", "height", "gravity.x", "gravity.y",
                                          "gravity.z" };
static const fz_kind kinds[SLOTS] = { FZ_POS, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY };

/* The shot flown: its speed, its height at t, its horizontal distance,
 * and the closed form of the range (ballistic.h), each within 1e-9. */
static void check_range(double speed, double height, double g, const af_range_f64 *r)
{
    /* g t first: 0.5 g alone rounds away a bit of a subnormal g. */
    double climb = r->vertical_speed * r->t - 0.5 * (g * r->t) * r->t;
    double len = hypot(r->horizontal_speed, r->vertical_speed);
    double best = speed / g * sqrt(speed * speed - 2.0 * g * height);
    double scale = fabs(r->vertical_speed * r->t) + 0.5 * (g * r->t) * r->t + fabs(height);
    FZ_CHECK(r->range >= 0 && r->t >= 0, "range %.17g, t %.17g", r->range, r->t);
    if (!isfinite(len) || !isfinite(climb) || !isfinite(best) || !isfinite(scale))
        return;
    /* 64 subnormal ulps: a speed of a few bits has no more. */
    FZ_CHECK(fabs(len - speed) <= 1e-9 * speed + 64 * 4.9406564584124654e-324,
             "launch speed %.17g, asked %.17g", len, speed);
    FZ_CHECK(fabs(climb - height) <= 1e-9 * scale + FZ_TINY,
             "the shot is at height %.17g at t, not %.17g", climb, height);
    FZ_CHECK(fabs(r->horizontal_speed * r->t - r->range) <= 1e-9 * r->range + FZ_TINY,
             "the shot flies %.17g horizontally, range %.17g", r->horizontal_speed * r->t,
             r->range);
    /* Beyond these this double formula's own squares (or speed / g)
     * underflow. */
    if (speed < 1e-140 || g < 1e-280 || g > 1e280 || speed / g < 1e-280)
        return;
    FZ_CHECK(fabs(r->range - best) <= 1e-9 * fmax(best, speed * r->t) + FZ_TINY,
             "range %.17g, the closed form gives %.17g", r->range, best);
}

static af_status run_f64(const double *s, af_range_f64 *out)
{
    af_vec3_f64 gravity = fz_vec_f64(s, GRAVITY);
    af_status st = af_arc_max_range_f64(s[SPEED], s[HEIGHT], &gravity, out);
    double g = kin_len(gravity);
    fz_zero_on_failure(st, out, sizeof *out);
    if (st == AF_OK) {
        FZ_CHECK(isfinite(out->range) && isfinite(out->t) && isfinite(out->horizontal_speed) &&
                     isfinite(out->vertical_speed),
                 "ok with a non-finite output (range %g, t %g)", out->range, out->t);
        check_range(s[SPEED], s[HEIGHT], g, out);
    }
    if (st == AF_ERR_NO_SOLUTION) {
        double need = 2.0 * g * s[HEIGHT], have = s[SPEED] * s[SPEED];
        if (isfinite(need) && isfinite(have))
            FZ_CHECK(have <= need * (1 + 1e-12), "no_solution, yet speed^2 %.17g >= 2 |g| "
                     "height %.17g", have, need);
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in;
    fz_args a;
    af_range_f64 f;
    af_range_q16 q;
    af_status sf, sq;
    af_vec3_q16 g;
    double g_len;
    int edge;

    fz_input_start(&in, data, size);
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("arc_max_range", &a);

    fz_call("af_arc_max_range_f64 on the decoded values");
    (void)run_f64(a.v, &f);
    fz_call("af_arc_max_range_f64 on the Q16.16 values");
    sf = run_f64(a.fq, &f);

    fz_call("af_arc_max_range_q16");
    g = fz_vec_q16(a.q, GRAVITY);
    {
        af_vec3_f64 gf = fz_vec_f64(a.fq, GRAVITY);
        g_len = kin_len(gf);
    }
    sq = af_arc_max_range_q16(a.q[SPEED], a.q[HEIGHT], &g, &q);
    fz_zero_on_failure(sq, &q, sizeof q);
    /* q16 decides reach exactly on the raw values, f64 to the rounding of
     * |g| and eta (ballistic.h): at the edge, within 1e-12, either. */
    edge = fabs(a.fq[SPEED] * a.fq[SPEED] - 2.0 * g_len * a.fq[HEIGHT]) <=
           1e-12 * a.fq[SPEED] * a.fq[SPEED];
    FZ_CHECK(sq == sf || (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                          !(fz_fits(f.range) && fz_fits(f.t))) ||
                 (edge && (sq == AF_OK || sq == AF_ERR_NO_SOLUTION) &&
                  (sf == AF_OK || sf == AF_ERR_NO_SOLUTION)),
             "q16 says %s, f64 %s (range %.9g, t %.9g)", af_status_name(sq), af_status_name(sf),
             f.range, f.t);
    if (sq == AF_OK && sf == AF_OK) {
        double scale = a.fq[SPEED] * (1.0 + f.t) + f.range + fabs(a.fq[HEIGHT]);
        fz_close("range", q.range, f.range, scale);
        fz_close("t", q.t, f.t, scale);
        fz_close("horizontal_speed", q.horizontal_speed, f.horizontal_speed, scale);
        fz_close("vertical_speed", q.vertical_speed, f.vertical_speed, scale);
    }
    return 0;
}
