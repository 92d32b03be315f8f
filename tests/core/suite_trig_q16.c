/* SPDX-License-Identifier: MIT */
/*
 * atan2, sin and cos in Q16.16 radians against double: dense sweeps with
 * the error bound asserted in LSB, and the conventions at the edges.
 */
#include <math.h>

#include "q16_check.h"

/* Points (pairs for atan2) per function on the host. */
#define POINTS 1000000L

#define PI 3.14159265358979323846

static void sin_against_double(void)
{
    q16_unary_sweep(&q16_sin_fn, "sin", th_count(POINTS));
}

static void cos_against_double(void)
{
    q16_unary_sweep(&q16_cos_fn, "cos", th_count(POINTS));
}

static void sin_cos_extremes(void)
{
    /* Any angle is in the domain: at +-32768 rad the phase is still exact
     * to 2^-31 rad, so the extremes are held to the same 0.51 LSB. */
    q16_unary_extremes(&q16_sin_fn);
    q16_unary_extremes(&q16_cos_fn);
}

static void sin_cos_at_zero_are_exact(void)
{
    TH_CHECK(af_sin_q16(0) == 0, "sin(0) = %ld", (long)af_sin_q16(0));
    TH_CHECK(af_cos_q16(0) == 65536, "cos(0) = %ld", (long)af_cos_q16(0));
}

/* ---- atan2 ------------------------------------------------------------ */

static void judge_atan2(fix16_t y, fix16_t x, q16_worst *w)
{
    fix16_t out = af_atan2_q16(y, x);
    /* Only the ratio matters: atan2 of the raw values is the exact angle. */
    double ref = q16_raw(atan2((double)y, (double)x));
    q16_verdict v = q16_judge(AF_OK, out, AF_OK, ref, Q16_TOL_ROUNDED);
    TH_CHECK(v.ok, "atan2(%ld, %ld) (raw) = %ld, exact %.3f, error %.4f LSB", (long)y,
             (long)x, (long)out, ref, v.error);
    q16_worst_add(w, &v, y, x);
}

static fix16_t clamp_raw(double v)
{
    return v >= 2147483647.0 ? INT32_MAX : v <= -2147483648.0 ? INT32_MIN : (fix16_t)v;
}

static fix16_t random_sign(th_rng *rng, fix16_t v)
{
    return (th_rand_u64(rng) & 1) && v != INT32_MIN ? -v : v;
}

static void atan2_against_double(void)
{
    th_rng rng = th_rng_for("atan2");
    long n = th_count(POINTS), i, j;
    const double tan_pi_8 = 0.41421356237309503;
    q16_worst w;
    fix16_t a, b;
    q16_worst_init(&w, "atan2", 2);
    /* Every special value against every other. */
    for (i = 0; i < Q16_SPECIAL_COUNT; i++)
        for (j = 0; j < Q16_SPECIAL_COUNT; j++)
            if (q16_special(i, &a) && q16_special(j, &b))
                judge_atan2(a, b, &w);
    for (i = 0; i < n; i++) {
        double r, theta;
        switch (i % 4) {
        case 0: /* random operands of every size */
        case 1:
            a = q16_random_operand(&rng);
            b = q16_random_operand(&rng);
            break;
        case 2: /* every direction, every distance */
            r = th_rand_log(&rng, 1.0, 2147483647.0);
            theta = th_rand_uniform(&rng, -PI, PI);
            a = clamp_raw(floor(r * sin(theta) + 0.5));
            b = clamp_raw(floor(r * cos(theta) + 0.5));
            break;
        default: /* beside the diagonal and the tan(pi/8) line, where the
                    reduction changes branch */
            b = (fix16_t)th_rand_log(&rng, 1.0, 2147483647.0);
            r = (i / 4) % 2 ? b * tan_pi_8 : b;
            a = clamp_raw(floor(r + 0.5) + (double)th_rand_below(&rng, 7) - 3.0);
            if (th_rand_u64(&rng) & 1) {
                fix16_t t = a;
                a = b;
                b = t;
            }
            a = random_sign(&rng, a);
            b = random_sign(&rng, b);
            break;
        }
        judge_atan2(a, b, &w);
    }
    q16_worst_note(&w);
}

static void atan2_conventions(void)
{
    /* atan2(0, 0) = 0, as C's atan2 of two zeros. */
    TH_CHECK(af_atan2_q16(0, 0) == 0, "atan2(0, 0) = %ld", (long)af_atan2_q16(0, 0));
    /* On the negative x axis the angle is +pi, never -pi: y = 0 has no sign
     * in Q16.16. pi rounds to 205887 raw. */
    TH_CHECK(af_atan2_q16(0, -1) == (fix16_t)floor(q16_raw(PI) + 0.5),
             "atan2(0, -1) = %ld", (long)af_atan2_q16(0, -1));
    TH_CHECK(af_atan2_q16(0, INT32_MIN) == af_atan2_q16(0, -1), "atan2(0, min) = %ld",
             (long)af_atan2_q16(0, INT32_MIN));
    /* On the y axis: +-pi/2 whatever the magnitude. */
    TH_CHECK(af_atan2_q16(INT32_MAX, 0) == (fix16_t)floor(q16_raw(PI / 2) + 0.5),
             "atan2(max, 0) = %ld", (long)af_atan2_q16(INT32_MAX, 0));
    TH_CHECK(af_atan2_q16(INT32_MIN, 0) == -af_atan2_q16(INT32_MAX, 0),
             "atan2(min, 0) = %ld", (long)af_atan2_q16(INT32_MIN, 0));
    /* The diagonal of the extreme values: -3 pi / 4. */
    TH_CHECK(af_atan2_q16(INT32_MIN, INT32_MIN) == (fix16_t)floor(q16_raw(-0.75 * PI) + 0.5),
             "atan2(min, min) = %ld", (long)af_atan2_q16(INT32_MIN, INT32_MIN));
}

static void atan2_is_odd_in_y(void)
{
    /* atan2(-y, x) = -atan2(y, x) bit for bit: the angle is computed from
     * magnitudes and signed last (y = 0x80000000 has no opposite). */
    th_rng rng = th_rng_for("atan2_odd");
    long n = th_count(POINTS / 10), i;
    for (i = 0; i < n; i++) {
        fix16_t y = q16_random_operand(&rng), x = q16_random_operand(&rng);
        if (y == INT32_MIN || y == 0)
            continue;
        TH_CHECK(af_atan2_q16(-y, x) == -af_atan2_q16(y, x), "atan2(+-%ld, %ld): %ld vs %ld",
                 (long)y, (long)x, (long)af_atan2_q16(-y, x), (long)af_atan2_q16(y, x));
    }
}

static const th_case cases[] = {
    TH_CASE(sin_against_double),
    TH_CASE(cos_against_double),
    TH_CASE(sin_cos_extremes),
    TH_CASE(sin_cos_at_zero_are_exact),
    TH_CASE(atan2_against_double),
    TH_CASE(atan2_conventions),
    TH_CASE(atan2_is_odd_in_y),
};

TH_MAIN("q16_trig", cases)
