/* SPDX-License-Identifier: MIT */
/*
 * The maximum range (af_arc_max_range_f64, af_arc_max_range_q16) at the
 * edges of their formats: gravities near DBL_MAX, levels far below a
 * subnormal apex, and speeds, heights and gravities of a few raw units.
 */
#include <math.h>
#include <stdint.h>

#include "aimfix.h"
#include "harness.h"

static double q(fix16_t v)
{
    return v / 65536.0;
}

/* eta = 2 g h / s^2 overflows in its factors (g / s > DBL_MAX) while the
 * range, s^2 / g, is a subnormal: level ground is within reach. */
static void level_ground_under_a_gravity_near_dbl_max(void)
{
    af_vec3_f64 g = { -9.8737803045206227e+304, 0, 0 };
    af_range_f64 r;
    double s = 0.0002593994140625;
    af_status st = af_arc_max_range_f64(s, 0.0, &g, &r);
    TH_CHECK(st == AF_OK, "status %s", af_status_name(st));
    TH_CHECK(r.range > 0 && fabs(r.range - s * (s / 9.8737803045206227e+304)) <=
                                1e-9 * r.range + 4.9406564584124654e-324,
             "range %.17g", r.range);
    TH_CHECK(fabs(r.horizontal_speed - r.vertical_speed) <= 1e-15 * s, "45 degrees: %g, %g",
             r.horizontal_speed, r.vertical_speed);
}

/* s^2 / g underflows, but the range to a level far below, s sqrt(2 |h| /
 * g), is a normal double. */
static void range_to_a_level_far_below_a_tiny_apex(void)
{
    af_vec3_f64 g = { 216, 0, 0 };
    af_range_f64 r;
    double s = 1.3140317488962305e-173, h = -1.5312692006232245e-218;
    double want = s * sqrt(2 * -h / 216), t = sqrt(2 * -h / 216);
    af_status st = af_arc_max_range_f64(s, h, &g, &r);
    TH_CHECK(st == AF_OK, "status %s", af_status_name(st));
    TH_CHECK(fabs(r.range - want) <= 1e-12 * want, "range %.17g, s sqrt(2|h|/g) %.17g", r.range,
             want);
    TH_CHECK(fabs(r.t - t) <= 1e-12 * t, "t %.17g, sqrt(2|h|/g) %.17g", r.t, t);
    TH_CHECK(fabs(r.horizontal_speed * r.t - r.range) <= 1e-12 * r.range,
             "horizontal speed %.17g times t is not the range", r.horizontal_speed);
}

/* s^2 = 2^-32 < 2 g h = 2^-31: a level 1 LSB up is above the apex of a
 * vertical shot at 1 LSB/s under 1 LSB/s^2, as the f64 solver says. */
static void level_above_the_apex_of_a_1_lsb_speed(void)
{
    af_vec3_q16 gq = { 1, 0, 0 };
    af_vec3_f64 gf = { q(1), 0, 0 };
    af_range_q16 r = { 0, 0, 0, 0 };
    af_range_f64 f;
    TH_CHECK(af_arc_max_range_f64(q(1), q(1), &gf, &f) == AF_ERR_NO_SOLUTION, "f64 reaches it");
    TH_CHECK(af_arc_max_range_q16(1, 1, &gq, &r) == AF_ERR_NO_SOLUTION,
             "q16 reaches it (range %d, t %d)", (int)r.range, (int)r.t);
}

/* s^2 - 2 g h = -(2^31 - 1) raw^2 out of 2^62: out of reach by less than
 * |g|'s 30-bit rounding; decided exactly all the same. */
static void level_above_the_apex_by_less_than_the_rounding_of_g(void)
{
    af_vec3_q16 g = { INT32_MAX, 0, 0 };
    af_range_q16 r = { 0, 0, 0, 0 };
    TH_CHECK(af_arc_max_range_q16(INT32_MAX, 1 << 30, &g, &r) == AF_ERR_NO_SOLUTION,
             "reached (range %d, t %d)", (int)r.range, (int)r.t);
    TH_CHECK(af_arc_max_range_q16(INT32_MAX, (1 << 30) - 1, &g, &r) == AF_OK,
             "1 LSB lower is out of reach");
}

/* Speeds of a few hundred raw units under a gravity of 1 or 2 raw units:
 * the time of flight and the range keep every bit of s^2 (each within 2
 * LSB and 2^-24 of itself of the f64 answer on the same values). */
static void few_lsb_speeds_under_few_lsb_gravity(void)
{
    static const struct {
        fix16_t speed, height, g;
    } cases[] = {
        { 257, 0, 2 }, { 257, 32767, 1 }, { 1, -15, 0 }, { 3, 0, 1 }, { 65535, -65536, 3 }
    };
    int i;
    for (i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        af_vec3_q16 gq = { cases[i].g, -15, 0 };
        af_vec3_f64 gf;
        af_range_q16 r;
        af_range_f64 f;
        af_status sf, sq;
        if (cases[i].g == 0) {
            gq.x = 32; /* a gravity of (32, -15) raw: |g| not a whole number of raw units */
        } else {
            gq.y = 0;
        }
        gf.x = q(gq.x);
        gf.y = q(gq.y);
        gf.z = 0;
        sf = af_arc_max_range_f64(q(cases[i].speed), q(cases[i].height), &gf, &f);
        sq = af_arc_max_range_q16(cases[i].speed, cases[i].height, &gq, &r);
        TH_CHECK(sf == AF_OK && sq == AF_OK, "case %d: f64 %s, q16 %s", i, af_status_name(sf),
                 af_status_name(sq));
        if (sf != AF_OK || sq != AF_OK)
            continue;
        TH_CHECK(fabs(q(r.t) - f.t) <= 2.0 / 65536 + ldexp(f.t, -24), "case %d: t %.9g, f64 %.9g",
                 i, q(r.t), f.t);
        TH_CHECK(fabs(q(r.range) - f.range) <= 2.0 / 65536 + ldexp(f.range, -24),
                 "case %d: range %.9g, f64 %.9g", i, q(r.range), f.range);
        TH_CHECK(fabs(q(r.vertical_speed) - f.vertical_speed) <= 2.0 / 65536,
                 "case %d: vertical speed %.9g, f64 %.9g", i, q(r.vertical_speed),
                 f.vertical_speed);
    }
}

/* s^2 - 2 g h = 2^31 - 1 raw^2 out of 2^62: W from the exact difference
 * of squares, not from |g| rounded to 30 bits (2^32 raw^2 off). */
static void range_where_s2_and_2gh_nearly_cancel(void)
{
    af_vec3_q16 gq = { INT32_MAX, 0, 0 };
    af_vec3_f64 gf = { q(INT32_MAX), 0, 0 };
    af_range_q16 r = { 0, 0, 0, 0 };
    af_range_f64 f;
    af_status sf = af_arc_max_range_f64(q(INT32_MAX), q((1 << 30) - 1), &gf, &f);
    af_status sq = af_arc_max_range_q16(INT32_MAX, (1 << 30) - 1, &gq, &r);
    TH_CHECK(sf == AF_OK && sq == AF_OK, "f64 %s, q16 %s", af_status_name(sf),
             af_status_name(sq));
    TH_CHECK(fabs(q(r.range) - f.range) <= 2.0 / 65536, "range %.9g, f64 %.9g", q(r.range),
             f.range);
    TH_CHECK(fabs(q(r.horizontal_speed) - f.horizontal_speed) <= 2.0 / 65536,
             "horizontal speed %.9g, f64 %.9g", q(r.horizontal_speed), f.horizontal_speed);
}

static const th_case cases[] = {
    TH_CASE(level_ground_under_a_gravity_near_dbl_max),
    TH_CASE(range_to_a_level_far_below_a_tiny_apex),
    TH_CASE(level_above_the_apex_of_a_1_lsb_speed),
    TH_CASE(level_above_the_apex_by_less_than_the_rounding_of_g),
    TH_CASE(few_lsb_speeds_under_few_lsb_gravity),
    TH_CASE(range_where_s2_and_2gh_nearly_cancel),
};

TH_MAIN("arc_max_range", cases)
