/* SPDX-License-Identifier: MIT */
/*
 * Maximum range with drag: the returned range against a scan of elevations
 * flown by the engine's literal loop or RK4, the vacuum figure without
 * drag, flights a step long, the engine's per-step cap and overflow.
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include <stddef.h>

#include "aimfix.h"
#include "drag_shot_check.h"
#include "drag_sim.h"
#include "kinematics.h"
#include "harness.h"

/* Range on a level (signed, along the heading: drag.h; -inf when the
 * flight never comes down to the level): the flight of the returned
 * elevation, solved for its landing time, lands at the returned range; no
 * elevation of a 721-point scan (refined around its best) lands farther. */
static double range_of(const af_drag_f64 *m, double speed, double elevation, double height,
                       af_vec3_f64 heading, af_vec3_f64 up, double *t)
{
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } }, end;
    af_drag_event_f64 ev;
    af_vec3_f64 flat;
    start.velocity = dshot_add_scaled(dshot_add_scaled(start.velocity, heading, speed * cos(elevation)), up,
                                speed * sin(elevation));
    if (af_drag_time_at_height_f64(m, &start, height, AF_FALLING, &ev) != AF_OK)
        return -HUGE_VAL;
    end = ev.state;
    *t = ev.t;
    flat = dshot_add_scaled(end.position, up, -dsim_dot(end.position, up));
    return dsim_dot(flat, heading);
}

static void max_range_beats_every_elevation(void)
{
    th_rng rng = th_rng_for("max_range_beats_every_elevation");
    long i, count = th_count(300);
    for (i = 0; i < count; i++) {
        int kind = (int)(i % DSIM_KINDS);
        af_drag_f64 m = dsim_model(&rng, kind);
        af_vec3_f64 up, heading, h0 = dsim_direction(&rng);
        double gl = dsim_len(m.gravity), speed = th_rand_log(&rng, 1.0, 200.0);
        double height = th_rand_uniform(&rng, -1.0, 0.3) * speed * speed / gl, best = -HUGE_VAL;
        double best_e = 0.0, t, r, step = 3.141592653589793 / 720.0, e;
        af_range_f64 out;
        af_status st;
        int j;
        up.x = -m.gravity.x / gl;
        up.y = -m.gravity.y / gl;
        up.z = -m.gravity.z / gl;
        if (m.kind == AF_DRAG_KIND_CONTINUOUS && dsim_dot(dshot_effective_g(&m), up) >= 0.0)
            continue; /* an updraft: tested below */
        heading = dshot_add_scaled(h0, up, -dsim_dot(h0, up));
        heading = dshot_add_scaled(heading, heading, 1.0 / dsim_len(heading) - 1.0);
        st = af_drag_max_range_f64(&m, speed, height, &heading, &out);
        for (j = 0; j <= 720; j++) {
            e = -1.5707963267948966 + j * step;
            r = range_of(&m, speed, e, height, heading, up, &t);
            if (r > best) {
                best = r;
                best_e = e;
            }
        }
        if (best == -HUGE_VAL) {
            TH_CHECK(st == AF_ERR_NO_SOLUTION, "nothing reaches the level, yet %s",
                     af_status_name(st));
            continue;
        }
        for (j = -100; j <= 100; j++) {
            e = best_e + j * step / 100.0;
            r = range_of(&m, speed, e, height, heading, up, &t);
            best = fmax(best, r);
        }
        if (!TH_CHECK(st == AF_OK, "%s: %s", dsim_kind_name(kind), af_status_name(st)))
            continue;
        TH_CHECK(out.range >= best - 1e-9 * fabs(best) - 1e-12 * speed * speed / gl,
                 "%s r = %.17g k = %g: range %.17g, a scan found %.17g", dsim_kind_name(kind), m.r,
                 m.k, out.range, best);
        e = atan2(out.vertical_speed, out.horizontal_speed);
        r = range_of(&m, speed, e, height, heading, up, &t);
        TH_CHECK(fabs(r - out.range) <= 1e-9 * (fabs(out.range) + speed * speed / gl) &&
                     fabs(t - out.t) <= 1e-9 * out.t,
                 "the returned elevation lands at %.17g (t %g), reported %.17g (t %g)", r, t,
                 out.range, out.t);
        TH_CHECK(fabs(hypot(out.horizontal_speed, out.vertical_speed) - speed) <= 1e-12 * speed,
                 "launch speed");
    }
}

/* Without drag: speed^2 / |g| on level ground, (v / |g|) sqrt(v^2 - 2 |g| h)
 * onto a level h. */
static void max_range_without_drag(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 }, heading = { 1.0, 1.0, 0.5 };
    af_drag_f64 m;
    af_range_f64 out;
    double v = 30.0, h = 12.0;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.0, 0.0, &g, NULL, &m) == AF_OK, "init"))
        return;
    TH_CHECK(af_drag_max_range_f64(&m, v, 0.0, &heading, &out) == AF_OK &&
                 fabs(out.range - v * v / 9.81) <= 1e-9 * v * v / 9.81,
             "level ground: %.17g vs %.17g", out.range, v * v / 9.81);
    TH_CHECK(af_drag_max_range_f64(&m, v, h, &heading, &out) == AF_OK &&
                 fabs(out.range - v / 9.81 * sqrt(v * v - 2.0 * 9.81 * h)) <= 1e-9 * v * v / 9.81,
             "onto a level %g: %.17g vs %.17g", h, out.range,
             v / 9.81 * sqrt(v * v - 2.0 * 9.81 * h));
    TH_CHECK(af_drag_max_range_f64(&m, v, v * v / 9.81, &heading, &out) == AF_ERR_NO_SOLUTION &&
                 out.range == 0.0,
             "a level above the vertical shot's apex");
}

/* A slow shot whose flight lasts a step or two of the engine: its first
 * step already carries a step of gravity, so every elevation below some
 * steep one is back on the level at t = 0 with range 0. The maximum lies
 * above that flat stretch; a 721-point scan of the elevation finds no
 * farther landing than the one returned, and the returned one is > 0. */
static void max_range_of_a_flight_a_step_long(void)
{
    static const af_drag_model models[] = { AF_DRAG_UNITY, AF_DRAG_BOX2D, AF_DRAG_EXACT };
    static const double speeds[] = { 0.1, 0.15, 0.2, 0.3 };
    af_vec3_f64 g = { 0.0, 0.0, -9.81 }, up = { 0.0, 0.0, 1.0 }, heading = { 1.0, 0.0, 0.0 };
    size_t i, j;
    for (i = 0; i < sizeof models / sizeof models[0]; i++)
        for (j = 0; j < sizeof speeds / sizeof speeds[0]; j++) {
            af_drag_f64 m;
            af_range_f64 out;
            af_status st;
            double best = -HUGE_VAL, t, r;
            int k;
            if (!TH_CHECK(af_drag_init_f64(models[i], 0.5, 0.02, &g, NULL, &m) == AF_OK, "init"))
                return;
            st = af_drag_max_range_f64(&m, speeds[j], 0.0, &heading, &out);
            for (k = 0; k <= 720; k++) {
                r = range_of(&m, speeds[j], -1.5707963267948966 + k * 3.141592653589793 / 720.0,
                             0.0, heading, up, &t);
                best = fmax(best, r);
            }
            TH_CHECK(st == AF_OK && out.range > 0.0 && out.vertical_speed > 0.0 &&
                         out.range >= best * (1.0 - 1e-9),
                     "model %d speed %g: %s, range %.17g (up %g), a scan found %.17g", (int)i,
                     speeds[j], af_status_name(st), out.range, out.vertical_speed, best);
        }
}

/* Without drag the range is speed^2 / g: once that exceeds the largest
 * double the answer is AF_ERR_OVERFLOW, never an infinite or clamped
 * range, nor range 0; below it the range is right. */
static void max_range_beyond_the_double_range_overflows(void)
{
    static const double too_fast[] = { 5e154, 1e155, 1e200, 1e300 };
    af_vec3_f64 g = { 0.0, 0.0, -9.81 }, heading = { 1.0, 0.0, 0.0 };
    af_drag_f64 m;
    af_range_f64 out;
    af_status st;
    size_t i;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.0, 0.02, &g, NULL, &m) == AF_OK, "init"))
        return;
    for (i = 0; i < sizeof too_fast / sizeof too_fast[0]; i++) {
        st = af_drag_max_range_f64(&m, too_fast[i], 0.0, &heading, &out);
        TH_CHECK(st == AF_ERR_OVERFLOW && out.range == 0.0 && out.t == 0.0,
                 "speed %g: %s with range %g", too_fast[i], af_status_name(st), out.range);
    }
    st = af_drag_max_range_f64(&m, 1e150, 0.0, &heading, &out);
    TH_CHECK(st == AF_OK && fabs(out.range / (1e300 / 9.81) - 1.0) <= 1e-9,
             "speed 1e150: %s, range %.17g", af_status_name(st), out.range);
}

/* Only the heading's horizontal part counts (drag_aim.h): a heading
 * 2^-19 off vertical, along a gravity tilted by 15 LSB of 144.5 m/s^2,
 * gives the range of its horizontal direction given exactly, (gz, 0,
 * -gx), though a 16 m/s wind blows along the vertical at k = 16. Taken
 * as heading - (heading.up) up, that direction kept 15 bits of its small
 * component, and the vertical wind leaked 8e-5 of the drift into it. */
static void max_range_counts_only_the_horizontal_part_of_a_heading_near_vertical(void)
{
    af_drag_f64 m;
    af_vec3_f64 steep = { 1.265625, 0.0, 0.0 }, level = { 15.0, 0.0, -9470976.0 };
    af_range_f64 a, b;
    af_status sa, sb;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = 9470976 / 65536.0;
    m.gravity.z = 15 / 65536.0;
    m.k = 1048575 / 65536.0;
    m.wind.x = m.wind.y = 1048575 / 65536.0;
    m.wind.z = 3 / 65536.0;
    sa = af_drag_max_range_f64(&m, 0x1p-15, -32768.0, &steep, &a);
    sb = af_drag_max_range_f64(&m, 0x1p-15, -32768.0, &level, &b);
    TH_CHECK(sa == AF_OK && sb == AF_OK && fabs(a.range - b.range) <= 1e-12 * fabs(b.range),
             "steep heading %s range %.17g, its level direction %s range %.17g",
             af_status_name(sa), a.range, af_status_name(sb), b.range);
}

/* Box2D's 2 m a step (120 m/s at 60 Hz): the farthest shot down to a level
 * 2000 m below lands at over 200 m/s and is refused; one on its own level
 * never moves faster than it left. */
static void max_range_refuses_a_step_past_the_cap(void)
{
    af_vec3_f64 g = { 0.0, -9.81, 0.0 }, heading = { 1.0, 0.0, 0.0 };
    af_drag_f64 m;
    af_range_f64 out;
    af_status st;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_BOX2D, 0.0, 1.0 / 60.0, &g, NULL, &m) == AF_OK,
                  "init"))
        return;
    st = af_drag_max_range_f64(&m, 100.0, 0.0, &heading, &out);
    TH_CHECK(st == AF_OK, "on its level: %s", af_status_name(st));
    st = af_drag_max_range_f64(&m, 100.0, -2000.0, &heading, &out);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && out.range == 0.0, "2000 m down: %s",
             af_status_name(st));
    st = af_drag_max_range_f64(&m, 125.0, 0.0, &heading, &out);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT, "125 m/s: %s", af_status_name(st));
}

/* A 2.6e-4 m/s shot under a gravity of 4.7e-308 m/s^2 and k = 3e-304
 * flies 6e303 s, where b, a time squared (about 1/k^2), overflows while
 * g b, the fall, is 1e299 m: the range is the farthest landing, 5.6e299 m
 * at 32 degrees (the closed form solved to 30 digits). An infinite b made
 * every lob "never land", leaving the flat shot, which lands at once. */
static void max_range_lands_where_the_time_squared_overflows(void)
{
    af_drag_f64 m;
    af_vec3_f64 heading = { 1.0, 0.0, 0.0 };
    af_range_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.y = 0x1.1p-1021;
    m.gravity.z = 0x0.00032002p-1022;
    m.k = 0x1.a0000007fffe6p-1009;
    st = af_drag_max_range_f64(&m, 0x1.1p-12, 0.0, &heading, &out);
    TH_CHECK(st == AF_OK && fabs(out.range / 5.60270206326924875e299 - 1.0) <= 1e-12 &&
                 fabs(atan2(out.vertical_speed, out.horizontal_speed) - 0.5581131600838588) <=
                     1e-6,
             "%s: range %.17g at %.17g rad", af_status_name(st), out.range,
             atan2(out.vertical_speed, out.horizontal_speed));
}

/* A wind of 3e-5 m/s under a drag k of 1.2e-317 s^-1 and a gravity of
 * 3e-319 m/s^2: a shot of 2e-310 m/s drifts 1.3 mm while it falls 2 m
 * (1e160 s). k wind . heading, 2e-322, was rounded as a subnormal (40
 * units of its last place) before its product with b: the range came out
 * 1.6e-6 m short of the straight-up shot's own landing. */
static void max_range_keeps_the_bits_of_a_drift_under_a_subnormal_drag(void)
{
    af_drag_f64 m;
    af_vec3_f64 heading = { 0.0, 0.0, 1.0 }, up, g;
    af_range_f64 out;
    af_status st;
    double t, r, n;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = (af_vec3_f64){ 0.0, 0x0.0000000007fp-1022, 0x0.000000000c6p-1022 };
    m.k = 0x0.000000025p-1022;
    m.wind = (af_vec3_f64){ 0x0.0000000002cp-1022, 0x1.4242451d274p-445, -0x1p-15 };
    /* up and the heading across it from g scaled into the normal range */
    g = (af_vec3_f64){ 0.0, ldexp(m.gravity.y, 1060), ldexp(m.gravity.z, 1060) };
    n = dsim_len(g);
    up = (af_vec3_f64){ 0.0, -g.y / n, -g.z / n };
    heading = dshot_add_scaled(heading, up, -dsim_dot(heading, up));
    heading = dshot_add_scaled(heading, heading, 1.0 / dsim_len(heading) - 1.0);
    st = af_drag_max_range_f64(&m, 0x0.025p-1022, -0x1.00000004p+1, &heading, &out);
    r = range_of(&m, 0x0.025p-1022, 1.5707963267948966, -0x1.00000004p+1, heading, up, &t);
    TH_CHECK(st == AF_OK && r < -1e-3 && fabs(out.range - r) <= 1e-12 * fabs(r),
             "%s: range %.17g, straight up %.17g", af_status_name(st), out.range, r);
}

/* An engine that wipes the velocity each step (r 2^-1000, a step of
 * 2^-100 s) under 1 m/s^2, on its own level: a shot of 3e-33 m/s rises
 * only above 22 degrees, where U rho beats the first step's fall W sigma
 * lag. sigma lag (2^-1100) underflowed to 0: the search started flat,
 * among shots back on the level at launch, and came out "overflow";
 * every elevation lands, 0 m out (a's whole reach underflows). */
static void max_range_where_the_damping_times_the_lag_underflows(void)
{
    af_drag_f64 m;
    af_vec3_f64 heading = { 1.0, 0.0, 0.0 };
    af_range_f64 out;
    af_status st;
    double rise;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_GRAVITY_THEN_DAMPING;
    m.gravity = (af_vec3_f64){ 0.0, 0.0, -1.0 };
    m.dt = 0x1p-100;
    m.r = 0x1p-1000;
    st = af_drag_max_range_f64(&m, 3e-33, 0.0, &heading, &out);
    /* the lag, dt (1 - rho) / -ln r, over the speed */
    rise = asin(0x1p-100 / 693.14718055994531 / 3e-33);
    TH_CHECK(st == AF_OK && out.range == 0.0 &&
                 atan2(out.vertical_speed, out.horizontal_speed) >= rise * (1.0 - 1e-9),
             "%s: range %g at %.17g rad, rising from %.17g", af_status_name(st), out.range,
             atan2(out.vertical_speed, out.horizontal_speed), rise);
}

/* On a level the least subnormal below the launch, every shot below about
 * 60 degrees is back on it at t = 0 (an engine whose first step carries
 * a gravity of 1e6 m/s^2): that flat stretch led the search straight up
 * (4e-21 m), past an 80-degree shot landing 5.5e-6 m out. In doubles the
 * level is the launch's own: the same range as on it. */
static void max_range_on_a_level_a_subnormal_below_the_launch(void)
{
    af_drag_f64 m;
    af_vec3_f64 heading = { 1.921875, 0.0, 0.0 };
    af_range_f64 below, level;
    af_status st, st0;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_GRAVITY_THEN_DAMPING;
    m.gravity = (af_vec3_f64){ -4.0, 1e6, 181.265625 };
    m.dt = 0x1p-11;
    m.r = 0.0211944580078125;
    st = af_drag_max_range_f64(&m, 119.5546875, -0x1p-1074, &heading, &below);
    st0 = af_drag_max_range_f64(&m, 119.5546875, 0.0, &heading, &level);
    TH_CHECK(st == AF_OK && st0 == AF_OK && below.range > 5e-6 &&
                 fabs(below.range - level.range) <= 1e-12 * level.range,
             "%s: range %.17g, on the launch's level %.17g (%s)", af_status_name(st), below.range,
             level.range, af_status_name(st0));
}

static const th_case cases[] = {
    TH_CASE(max_range_beats_every_elevation),
    TH_CASE(max_range_without_drag),
    TH_CASE(max_range_of_a_flight_a_step_long),
    TH_CASE(max_range_beyond_the_double_range_overflows),
    TH_CASE(max_range_refuses_a_step_past_the_cap),
    TH_CASE(max_range_counts_only_the_horizontal_part_of_a_heading_near_vertical),
    TH_CASE(max_range_lands_where_the_time_squared_overflows),
    TH_CASE(max_range_keeps_the_bits_of_a_drift_under_a_subnormal_drag),
    TH_CASE(max_range_where_the_damping_times_the_lag_underflows),
    TH_CASE(max_range_on_a_level_a_subnormal_below_the_launch),
};

TH_MAIN("drag_range_f64", cases)
