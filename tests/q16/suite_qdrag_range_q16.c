/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, the maximum range of a stepped model whose
 * first engine step folds some launches, as its f64 twin: with every
 * launch folding the range is refused as AF_ERR_ENGINE_LIMIT with the
 * outputs zero; with a fold arc inside the elevations the range's launch
 * does not fold, lands where it says, and is the f64 range on the same
 * numbers within the engines' drift. A heading of a few raw units is a
 * direction as a unit one is, and a steep one's launches are across up.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_q16_check.h"

static af_qdrag_q16 stepped(double dt, double k, double c, af_vec3_f64 g, af_vec3_f64 w)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    m.dt = raw(dt);
    m.k = raw(k);
    m.c = raw(c);
    m.gravity = q16_vec_from_f64(g);
    m.wind = q16_vec_from_f64(w);
    return m;
}

static void q16_max_range_refuses_a_model_whose_every_launch_folds(void)
{
    const af_vec3_f64 g = { -4.77, -4.77, -4.77 }, w = { 0.0, 0.0, -5.56 };
    af_vec3_q16 heading = { raw(0.09375), 0, 0 };
    af_qdrag_q16 m = stepped(0.85, 0.498, 0.266, g, w);
    af_range_q16 r, zero;
    af_status st;
    memset(&zero, 0, sizeof zero);
    st = af_qdrag_max_range_q16(&m, raw(30.0), 0, &heading, &r);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && memcmp(&r, &zero, sizeof r) == 0,
             "%s with range %.6f at t %.6f", af_status_name(st), val(r.range), val(r.t));
}

/* A wind down and against the heading: the launches up and along it move
 * fastest through the air and fold, the flat and steep ones do not. */
static void q16_max_range_searches_both_sides_of_a_fold_arc(void)
{
    const af_vec3_f64 g = { 0.0, 0.0, -9.81 }, w = { -12.0, 0.0, -12.0 };
    const af_vec3_f64 hf = { 1.0, 0.0, 0.0 };
    af_vec3_q16 heading = { 65536, 0, 0 };
    af_qdrag_q16 m = stepped(0.1, 0.1, 0.0, g, w);
    af_qdrag_f64 f;
    af_range_q16 r;
    af_range_f64 rf;
    af_body_q16 b;
    af_drag_event_q16 ev;
    double ux, uz, s;
    af_status st = af_qdrag_max_range_q16(&m, raw(36.0), raw(-1.0), &heading, &r);
    if (!TH_CHECK(st == AF_OK, "max_range: %s", af_status_name(st)))
        return;
    /* The first step's velocity through the air (gravity first). */
    ux = val(r.horizontal_speed) - val(m.wind.x);
    uz = val(r.vertical_speed) + val(m.gravity.z) * val(m.dt) - val(m.wind.z);
    s = sqrt(ux * ux + uz * uz);
    TH_CHECK(2.0 * val(m.k) * s * val(m.dt) < 1.0 + 1e-3,
             "the range's launch (%.6f, %.6f) folds: 2 k s dt = %.6f", val(r.horizontal_speed),
             val(r.vertical_speed), 2.0 * val(m.k) * s * val(m.dt));
    memset(&b, 0, sizeof b);
    b.velocity.x = r.horizontal_speed;
    b.velocity.z = r.vertical_speed;
    st = af_qdrag_time_at_height_q16(&m, &b, raw(-1.0), AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && ev.state.position.x == r.range && ev.t == r.t,
             "the range's shot (%s) lands at %.6f after %.6f s, not %.6f after %.6f s",
             af_status_name(st), val(ev.state.position.x), val(ev.t), val(r.range), val(r.t));
    memset(&f, 0, sizeof f);
    f.kind = AF_DRAG_KIND_STEPPED;
    f.order = AF_QDRAG_GRAVITY_FIRST;
    f.dt = val(m.dt);
    f.k = val(m.k);
    f.gravity = q16_vec_to_f64(m.gravity);
    f.wind = q16_vec_to_f64(m.wind);
    st = af_qdrag_max_range_f64(&f, 36.0, -1.0, &hf, &rf);
    TH_CHECK(st == AF_OK && fabs(val(r.range) - rf.range) <= 2e-3,
             "q16 range %.6f, f64's %.6f (%s)", val(r.range), rf.range, af_status_name(st));
}

/* Gravity slanted: a heading of 2 raw units has a part along up of 0.8
 * raw units, which its rounding to one raw unit would lean the launch on;
 * a heading doubled up to 0.5 is the same direction, to the bit. */
static void q16_max_range_takes_a_heading_of_a_few_raw_units_as_its_direction(void)
{
    const af_vec3_f64 g = { -4.125, 0.0, -9.8125 }, w = { -2.0, 0.0, -2.0 };
    const af_vec3_f64 hf = { 1.0, 0.0, 0.0 };
    af_vec3_q16 tiny = { 2, 0, 0 }, half = { 32768, 0, 0 };
    af_qdrag_q16 m = stepped(0.015625, 0.04, 0.1538, g, w);
    af_qdrag_f64 f;
    af_range_q16 r, ru;
    af_range_f64 rf;
    af_status st, su;
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    st = af_qdrag_max_range_q16(&m, raw(8.0), 0, &tiny, &r);
    su = af_qdrag_max_range_q16(&m, raw(8.0), 0, &half, &ru);
    if (!TH_CHECK(st == AF_OK && su == AF_OK && memcmp(&r, &ru, sizeof r) == 0,
                  "range %.6f (%s), the heading 0.5's %.6f (%s)", val(r.range),
                  af_status_name(st), val(ru.range), af_status_name(su)))
        return;
    memset(&f, 0, sizeof f);
    f.kind = AF_DRAG_KIND_CONTINUOUS;
    f.k = val(m.k);
    f.c = val(m.c);
    f.gravity = q16_vec_to_f64(m.gravity);
    f.wind = q16_vec_to_f64(m.wind);
    st = af_qdrag_max_range_f64(&f, 8.0, 0.0, &hf, &rf);
    /* qdrag.h: the continuous kind's max range within 64 LSB plus 1e-4 of it. */
    TH_CHECK(st == AF_OK && fabs(val(r.range) - rf.range) <= 64.0 / 65536.0 + 1e-4 * rf.range,
             "q16 range %.6f, f64's %.6f (%s)", val(r.range), rf.range, af_status_name(st));
}

/* A heading 256 times longer than its part across up: up's rounded length
 * (1 - 4e-6) left 2^-10 rad of the side along up, a launch 5e-4 slow. */
static void q16_max_range_of_a_steep_heading_launches_across_up(void)
{
    const af_vec3_f64 g = { 0.091796875, 0.0, -9.8125 };
    const af_vec3_f64 w = { -6.875244140625, -2.8369140625, -2.0 };
    af_vec3_q16 heading = { raw(0.125), 0, raw(-22.984375) };
    af_qdrag_q16 m = stepped(0.015625, 0.04, 0.00119, g, w);
    af_range_q16 r;
    af_status st;
    /* The farthest landing by a scan of the elevation in f64 on these numbers. */
    const double far = 65.66981;
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    st = af_qdrag_max_range_q16(&m, raw(63.001953125), 0, &heading, &r);
    /* qdrag.h: the continuous kind's max range within 64 LSB plus 1e-4 of it. */
    TH_CHECK(st == AF_OK && fabs(val(r.range) - far) <= 64.0 / 65536.0 + 1e-4 * far,
             "range %.6f (%s), the farthest %.6f", val(r.range), af_status_name(st), far);
}

static const th_case cases[] = {
    TH_CASE(q16_max_range_refuses_a_model_whose_every_launch_folds),
    TH_CASE(q16_max_range_searches_both_sides_of_a_fold_arc),
    TH_CASE(q16_max_range_takes_a_heading_of_a_few_raw_units_as_its_direction),
    TH_CASE(q16_max_range_of_a_steep_heading_launches_across_up),
};

TH_MAIN("qdrag_range_q16", cases)
