/* SPDX-License-Identifier: MIT */
/*
 * Aiming with drag: every returned shot is flown by the engine's literal
 * loop (stepped models) or RK4 (continuous drag) and must meet the target;
 * fixed-speed solutions must have that speed, include the one a scenario
 * was built around, and come in the number a brute-force scan predicts
 * (maximum range: suite_drag_range_f64.c).
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

/* The figure: a returned shot flown by the loop or RK4 meets the
 * target within 1e-6 of the scene's size (double rounding leaves ~1e-13). */
#define HIT_TOL 1e-6
/* A shot's launch speed equals the asked speed within this, relative to the
 * larger of the speed and the terms the launch velocity is computed from
 * (distance / t, |G| t): the root is refined to 2^-50 of the time, or until
 * the speed is zero within its rounding. */
#define SPEED_TOL 1e-9
/* A random scene: shooter and target anywhere within 1 km, moving at up to
 * 50 m/s (a quarter of them standing still), inheriting half of the time. */
static void random_scene(th_rng *rng, af_body_f64 *shooter, af_body_f64 *target, int *inherit)
{
    static const af_vec3_f64 still = { 0.0, 0.0, 0.0 };
    shooter->position = dsim_vector(rng, 1e-2, 1e3);
    shooter->velocity = dsim_vector(rng, 1e-2, 50.0);
    target->position = dsim_vector(rng, 1e-2, 1e3);
    target->velocity = th_rand_below(rng, 4) ? dsim_vector(rng, 1e-2, 50.0) : still;
    if (th_rand_below(rng, 4) == 0)
        shooter->velocity = target->velocity;
    *inherit = (int)th_rand_below(rng, 2);
}

static void aim_time_hits(void)
{
    th_rng rng = th_rng_for("aim_time_hits");
    long i, count = th_count(20000);
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_body_f64 shooter, target;
        af_shots_f64 out;
        int inherit;
        double t, miss;
        af_status st;
        random_scene(&rng, &shooter, &target, &inherit);
        t = dshot_random_flight_time(&rng, &m);
        st = af_drag_aim_time_f64(&m, &shooter, &target, t, inherit ? AF_INHERIT_VELOCITY : 0,
                                  &out);
        if (!TH_CHECK(st == AF_OK && out.count == 1, "%s: %s", dsim_kind_name(m.kind),
                      af_status_name(st)))
            continue;
        TH_CHECK(out.shot[0].t == t, "t = %g, asked %g", out.shot[0].t, t);
        TH_CHECK(dsim_dist(out.shot[0].point, dshot_add_scaled(target.position, target.velocity, t)) <=
                     1e-12 * dshot_scene_scale(&m, &shooter, &out.shot[0]),
                 "impact point is the target's position at t");
        miss = dshot_miss(&m, &shooter, inherit, &out.shot[0]);
        worst = fmax(worst, miss);
        TH_CHECK(miss <= HIT_TOL, "%s r = %.17g k = %g t = %g inherit %d: miss %.3g of the scene",
                 dsim_kind_name((int)(i % DSIM_KINDS)), m.r, m.k, t, inherit, miss);
    }
    th_note("%ld fixed-time shots, worst miss %.3g of the scene", count, worst);
}

/*
 * Scenes built around a known answer: a launch velocity of the asked speed
 * and a flight time are drawn, the projectile is flown there, and the
 * target is placed at the end (moving or not). The solver must return
 * shots of that speed that all hit, one of them the planted one.
 */
static void aim_speed_hits_and_finds_the_planted_shot(void)
{
    th_rng rng = th_rng_for("aim_speed_hits_and_finds_the_planted_shot");
    long i, count = th_count(10000);
    dshot_tally tally = { 0, 0.0, 0.0 };
    for (i = 0; i < count; i++) {
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_body_f64 shooter, target, fly;
        af_shot_f64 planted;
        af_shots_f64 out;
        int inherit;
        double speed = th_rand_log(&rng, 1.0, 500.0), t;
        af_status st;
        random_scene(&rng, &shooter, &target, &inherit);
        t = th_rand_uniform(&rng, 0.05, 1.0) * dshot_random_flight_time(&rng, &m) + 1e-3;
        planted.t = t;
        planted.velocity = dshot_random_launch(&rng, speed);
        fly = dshot_projectile(&shooter, &planted, inherit);
        if (!TH_CHECK(af_drag_predict_f64(&m, &fly, t, &fly) == AF_OK, "predict"))
            continue;
        planted.point = fly.position;
        target.position = dshot_add_scaled(fly.position, target.velocity, -t);
        st = af_drag_aim_speed_f64(&m, &shooter, &target, speed, 2.0 * t + 1.0,
                                   inherit ? AF_INHERIT_VELOCITY : 0, &out);
        if (!TH_CHECK(st == AF_OK, "%s r = %.17g k = %g: planted shot at t = %g not found: %s",
                      dsim_kind_name(m.kind), m.r, m.k, t, af_status_name(st)))
            continue;
        dshot_check_speed_shots(&m, &shooter, inherit, speed, &planted, &out, HIT_TOL, SPEED_TOL,
                                &tally);
    }
    th_note("%ld shots, worst miss %.3g of the scene, worst speed error %.3g", tally.shots,
            tally.worst_miss, tally.worst_speed);
}

/* A static target, no inheritance: the required speed min over a dense scan
 * of flight times decides the count: 2 when clearly below the speed (and
 * the required speed is back above it by max_time), none when clearly
 * above. */
static void static_target_low_and_high_arcs(void)
{
    th_rng rng = th_rng_for("static_target_low_and_high_arcs");
    long i, count = th_count(2000), pairs = 0, none = 0;
    for (i = 0; i < count; i++) {
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_body_f64 shooter = { dsim_vector(&rng, 1e-2, 1e2), { 0.0, 0.0, 0.0 } };
        af_body_f64 target = { dsim_vector(&rng, 1e-2, 1e2), { 0.0, 0.0, 0.0 } };
        double max_time = 30.0, lowest = INFINITY, speed, at_end = 0.0;
        af_shots_f64 out;
        af_status st;
        int j;
        for (j = 1; j <= 4000; j++) {
            /* Geometric scan from 1e-4 s to max_time. */
            double t = 1e-4 * pow(max_time / 1e-4, j / 4000.0);
            if (af_drag_aim_time_f64(&m, &shooter, &target, t, 0, &out) != AF_OK)
                continue;
            lowest = fmin(lowest, dsim_len(out.shot[0].velocity));
            at_end = dsim_len(out.shot[0].velocity);
        }
        speed = lowest * th_rand_uniform(&rng, 0.5, 1.5);
        st = af_drag_aim_speed_f64(&m, &shooter, &target, speed, max_time, 0, &out);
        if (speed < lowest * 0.999 || (speed > lowest * 1.001 && speed < at_end)) {
            int expect = speed < lowest ? 0 : 2;
            TH_CHECK((expect == 0 && st == AF_ERR_NO_SOLUTION) || (st == AF_OK && out.count == expect),
                     "%s r = %.17g k = %g: speed %g (slowest %g, at max_time %g): %s with %d "
                     "shots, expected %d",
                     dsim_kind_name(m.kind), m.r, m.k, speed, lowest, at_end, af_status_name(st),
                     out.count, expect);
            if (expect == 2)
                pairs++;
            else
                none++;
        }
    }
    th_note("%ld scenes with two arcs, %ld out of reach", pairs, none);
}

/* Without drag the fixed-speed times solve |g|^2/4 s^2 - (v^2 + d.g) s +
 * |d|^2 = 0 in s = t^2 (the ballistic closed form). */
static void no_drag_matches_the_ballistic_roots(void)
{
    th_rng rng = th_rng_for("no_drag_matches_the_ballistic_roots");
    long i, count = th_count(2000);
    for (i = 0; i < count; i++) {
        af_vec3_f64 g = { 0.0, 0.0, -9.81 };
        af_drag_f64 m;
        af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
        af_body_f64 target = { dsim_vector(&rng, 1.0, 100.0), { 0.0, 0.0, 0.0 } };
        af_vec3_f64 d = target.position;
        double v = th_rand_uniform(&rng, 5.0, 60.0);
        double A = 9.81 * 9.81 / 4.0, B = -(v * v + dsim_dot(d, g)), C = dsim_dot(d, d);
        double disc = B * B - 4.0 * A * C, s1, s2;
        af_shots_f64 out;
        af_status st;
        if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.0, 0.0, &g, NULL, &m) == AF_OK,
                      "init"))
            return;
        st = af_drag_aim_speed_f64(&m, &shooter, &target, v, 100.0, 0, &out);
        if (disc < 0.0) {
            TH_CHECK(disc > -1e-9 * B * B || st == AF_ERR_NO_SOLUTION,
                     "out of reach but %s", af_status_name(st));
            continue;
        }
        s1 = (-B - sqrt(disc)) / (2.0 * A);
        s2 = C / (A * s1);
        if (!TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st),
                      out.count))
            continue;
        TH_CHECK(fabs(out.shot[0].t - sqrt(s1)) <= 1e-9 * sqrt(s2) &&
                     fabs(out.shot[1].t - sqrt(s2)) <= 1e-9 * sqrt(s2),
                 "times %.17g %.17g, ballistic %.17g %.17g", out.shot[0].t, out.shot[1].t,
                 sqrt(s1), sqrt(s2));
    }
}

/* No drag and no gravity: the only shot at a static target is the
 * straight one at t = |D| / speed, which is exactly the scan's lower bound
 * on every solution; it is found, as af_intercept_f64 finds it. */
static void straight_shot_on_the_scan_bound_is_found(void)
{
    th_rng rng = th_rng_for("straight_shot_on_the_scan_bound_is_found");
    af_vec3_f64 none = { 0.0, 0.0, 0.0 };
    af_drag_f64 m;
    long i, count = th_count(400);
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.0, 0.02, &none, NULL, &m) == AF_OK, "init"))
        return;
    for (i = 0; i < count; i++) {
        af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } }, target = shooter;
        af_shots_f64 out, line;
        double speed = th_rand_log(&rng, 0.1, 1000.0);
        af_status st, stl;
        target.position = dsim_direction(&rng);
        target.position = dshot_add_scaled(none, target.position, th_rand_log(&rng, 1e-2, 1e4));
        st = af_drag_aim_speed_f64(&m, &shooter, &target, speed, 1e6, 0, &out);
        stl = af_intercept_f64(&shooter, &target, speed, 0, &line);
        if (!TH_CHECK(st == AF_OK && out.count == 1 && stl == AF_OK,
                      "target %ld (%g m, %g m/s): %s with %d shots, intercept %s", i,
                      dsim_len(target.position), speed, af_status_name(st), out.count,
                      af_status_name(stl)))
            continue;
        TH_CHECK(fabs(out.shot[0].t / line.shot[0].t - 1.0) <= 1e-12 &&
                     fabs(dsim_len(out.shot[0].velocity) / speed - 1.0) <= 1e-12,
                 "target %ld: t %.17g, intercept %.17g", i, out.shot[0].t, line.shot[0].t);
    }
}

static void bad_inputs_are_rejected(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 }, up = { 0.0, 0.0, 1.0 }, h = { 1.0, 0.0, 0.0 };
    af_vec3_f64 wind = { 0.0, 0.0, 40.0 };
    af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
    af_body_f64 target = { { 10.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } }, bad = target;
    af_drag_f64 m, updraft;
    af_shots_f64 out;
    af_range_f64 range;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_BULLET, 0.1, 0.02, &g, NULL, &m) == AF_OK &&
                      af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.5, 0.0, &g, &wind, &updraft) ==
                          AF_OK,
                  "init"))
        return;
    TH_CHECK(af_drag_aim_time_f64(&m, &shooter, &target, 0.0, 0, &out) == AF_ERR_BAD_ARGUMENT &&
                 out.count == 0,
             "t = 0");
    TH_CHECK(af_drag_aim_time_f64(&m, &shooter, &target, -1.0, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "t < 0");
    TH_CHECK(af_drag_aim_speed_f64(&m, &shooter, &target, 0.0, 10.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "zero speed");
    TH_CHECK(af_drag_aim_speed_f64(&m, &shooter, &target, -3.0, 10.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "negative speed");
    TH_CHECK(af_drag_aim_speed_f64(&m, &shooter, &target, 30.0, 0.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "max_time = 0");
    TH_CHECK(af_drag_aim_speed_f64(&m, &shooter, &target, 1.0, 10.0, 0, &out) ==
                     AF_ERR_NO_SOLUTION &&
                 out.count == 0,
             "too slow to reach");
    bad.velocity.x = NAN;
    TH_CHECK(af_drag_aim_speed_f64(&m, &shooter, &bad, 30.0, 10.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NaN target");
    TH_CHECK(af_drag_aim_time_f64(NULL, &shooter, &target, 1.0, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "model NULL");
    TH_CHECK(af_drag_aim_time_f64(&m, &shooter, &target, 1.0, 0, NULL) == AF_ERR_BAD_ARGUMENT,
             "out NULL");
    TH_CHECK(af_drag_max_range_f64(&m, 0.0, 0.0, &h, &range) == AF_ERR_BAD_ARGUMENT,
             "range at zero speed");
    TH_CHECK(af_drag_max_range_f64(&m, 10.0, 0.0, &up, &range) == AF_ERR_BAD_ARGUMENT,
             "vertical heading");
    TH_CHECK(af_drag_max_range_f64(&m, 10.0, 0.0, NULL, &range) == AF_ERR_BAD_ARGUMENT,
             "heading NULL");
    TH_CHECK(af_drag_max_range_f64(&m, 10.0, NAN, &h, &range) == AF_ERR_BAD_ARGUMENT,
             "height NaN");
    TH_CHECK(af_drag_max_range_f64(&updraft, 10.0, 0.0, &h, &range) == AF_ERR_OUT_OF_RANGE,
             "updraft");
}

/* A target sweeping past the muzzle at 32768 m/s, 389.5 m away, with no
 * drag or gravity: a 16 m/s shot meets it on its way in, at the scan's
 * lower bound |D| / (speed + |V|), and 12 us later on its way out, before
 * the next sample. The first root, zero within its rounding at the bound,
 * must not hide the second past the turn of the required speed: both are
 * found, at the straight intercept's times. */
static void aim_speed_keeps_both_meetings_of_a_target_sweeping_past(void)
{
    af_vec3_f64 none = { 0.0, 0.0, 0.0 };
    af_body_f64 shooter = { { 0.0, 389.515625, 0.0 }, { 0.0, 0.0, 0.0 } };
    af_body_f64 target = { { 0.0, 0.0, 0.0 }, { 0x1p-16, 2147483647 / 65536.0, 0x1p-16 } };
    double speed = 1048575 / 65536.0;
    af_drag_f64 m;
    af_shots_f64 out, line;
    af_status st, sl;
    int i;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.0, 0.0, &none, NULL, &m) == AF_OK,
                  "init"))
        return;
    st = af_drag_aim_speed_f64(&m, &shooter, &target, speed, speed, 0, &out);
    sl = af_intercept_f64(&shooter, &target, speed, 0, &line);
    if (!TH_CHECK(sl == AF_OK && line.count == 2, "intercept: %s", af_status_name(sl)))
        return;
    if (!TH_CHECK(st == AF_OK && out.count == 2, "%s with %d shots where the intercept meets at "
                  "%.17g and %.17g s", af_status_name(st), out.count, line.shot[0].t,
                  line.shot[1].t))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(out.shot[i].t - line.shot[i].t) <= 1e-12 * line.shot[i].t,
                 "shot %d: t %.17g, intercept %.17g", i, out.shot[i].t, line.shot[i].t);
}

/* A target at the muzzle drifting off slowly, away from the origin: the
 * flights that meet it early are short, and its move V T is far below its
 * position's last bit. Every shot must still have the asked speed (a
 * reach taken as (target + V T) - shooter rounded that move away, and the
 * speed equation's noise then gave shots up to 1e-5 off). */
static void aim_speed_at_a_slow_target_at_the_muzzle(void)
{
    static const double offsets[] = { 1.0 / 65536.0, 1.0, 1024.0 };
    const double L = 1.0 / 65536.0;
    double worst = 0.0;
    size_t i;
    for (i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        double o = offsets[i];
        af_drag_f64 m;
        af_body_f64 shooter = { { o, o, o }, { L, L, 0.0 } }, target = { { o, o, o }, { L, L, L } };
        af_shots_f64 out;
        af_status st;
        int j;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.x = m.gravity.y = m.gravity.z = L;
        m.k = L;
        m.wind.x = m.wind.y = L;
        m.wind.z = 32768.0 - L;
        st = af_drag_aim_speed_f64(&m, &shooter, &target, L, 256.0 * L, AF_INHERIT_VELOCITY, &out);
        if (!TH_CHECK(st == AF_OK, "offset %g: %s", o, af_status_name(st)))
            continue;
        for (j = 0; j < out.count; j++) {
            double err = fabs(dsim_len(out.shot[j].velocity) - L) / L;
            if (out.shot[j].t == 0.0)
                continue;
            worst = fmax(worst, err);
            TH_CHECK(err <= 1e-12, "offset %g: shot %d (t %.17g) has speed %.17g, asked %.17g", o,
                     j, out.shot[j].t, dsim_len(out.shot[j].velocity), L);
        }
    }
    th_note("worst speed error %.3g", worst);
}

/* A target at the muzzle moving off at the asked speed, downwards under
 * gravity: the shots are t = 0 and the lob that meets it again at
 * T = 4 V.g / |g|^2, no other; moving off level, only t = 0 (the speed
 * needed, |V - g T / 2|, exceeds |V| at every T > 0). The scan starts just
 * after 0, where the required speed equals the asked one to its rounding:
 * that start is no root (it is the t = 0 shot), unlike the start of a scan
 * bounded by |D| / speed. */
static void aim_speed_at_the_muzzle_has_no_second_shot_at_the_start(void)
{
    static const double max_times[] = { 2.0, 10.0, 1000.0 };
    af_vec3_f64 g = { 0.0, 0.0, -10.0 };
    af_body_f64 shooter = { { 1.0, 2.0, 3.0 }, { 0.0, 0.0, 0.0 } };
    af_body_f64 target = { { 1.0, 2.0, 3.0 }, { 3.0, 0.0, -4.0 } };
    af_drag_f64 m;
    size_t i;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.0, 0.0, &g, NULL, &m) == AF_OK, "init"))
        return;
    for (i = 0; i < sizeof max_times / sizeof max_times[0]; i++) {
        af_shots_f64 out;
        af_status st = af_drag_aim_speed_f64(&m, &shooter, &target, 5.0, max_times[i], 0, &out);
        TH_CHECK(st == AF_OK && out.count == 2 && out.shot[0].t == 0.0 &&
                     fabs(out.shot[1].t - 1.6) <= 1e-12,
                 "max_time %g: %s, %d shots (t %.17g, %.17g)", max_times[i], af_status_name(st),
                 out.count, out.shot[0].t, out.count > 1 ? out.shot[1].t : -1.0);
    }
    target.velocity.z = 0.0;
    target.velocity.x = 5.0;
    for (i = 0; i < sizeof max_times / sizeof max_times[0]; i++) {
        af_shots_f64 out;
        af_status st = af_drag_aim_speed_f64(&m, &shooter, &target, 5.0, max_times[i], 0, &out);
        TH_CHECK(st == AF_OK && out.count == 1 && out.shot[0].t == 0.0,
                 "level, max_time %g: %s, %d shots (t %.17g, %.17g)", max_times[i],
                 af_status_name(st), out.count, out.shot[0].t,
                 out.count > 1 ? out.shot[1].t : -1.0);
    }
}

/* A target 4e-322 m off (a subnormal) under a pull of 373 m/s^2 without
 * drag: the scan's lower bound, the distance over the speeds and the
 * pull's drift, underflowed to 0 and every sample was NaN; the shot that
 * meets it after 0.086 s was lost. */
static void scan_bound_underflowing_to_zero_keeps_the_shot(void)
{
    af_drag_f64 m;
    af_body_f64 shooter = { { 3.9525251667299724e-322, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 0, 0, 7.9050503334599447e-323 }, { 0, 0.015625, 0 } };
    af_shots_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = -311.484375;
    m.gravity.y = -205.140625;
    st = af_drag_aim_speed_f64(&m, &shooter, &target, 15.999984741210938, 15.999984741210938, 0,
                               &out);
    TH_CHECK(st == AF_OK && out.count >= 1 && out.shot[0].t > 0.0829 && out.shot[0].t < 0.0865,
             "%s, %d shots, first t %.17g", af_status_name(st), out.count, out.shot[0].t);
}

/* A target 1.1e-317 m off (a subnormal) moving at 2^-17 m/s, met at
 * 2^-17 m/s under a pull of 2 km/s^2 after 1.3e-312 s and 1.7e-312 s: the
 * target's move V T, a subnormal of a few bits, rounded the velocity
 * 1e-7 off the speed. (D / T + V) over a / T keeps every bit: both shots
 * at the asked speed. */
static void shots_at_subnormal_times_keep_the_speed(void)
{
    const double s = 0x1p-17;
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 8.6184811260547047e-320, 1.1332680158048177e-317 },
                            { 0, 4.1986725672294305e-140, 0 } };
    af_body_f64 target = { { 0, 0, 0 }, { 9.776159957309381e-150, s, s } };
    af_shots_f64 out;
    af_status st;
    int i;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = (af_vec3_f64){ 2048.0000152587891, 365.421875, 1.421875 };
    st = af_drag_aim_speed_f64(&m, &shooter, &target, s, s, 0, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2 && out.shot[0].t < 2e-312,
                  "%s, %d shots, first t %g", af_status_name(st), out.count, out.shot[0].t))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / s - 1.0) <= 1e-10, "shot %d: speed %.17g",
                 i, kin_len(out.shot[i].velocity));
}

/* A point 1e-305 m across a pull of 1e306 m/s^2 without drag, at 116 m/s:
 * both arcs meet it within 2.3e-304 s, where the pull's displacement
 * b(T) = T^2 / 2 underflows to 0. The aim works from b / a = T / 2, so
 * both arcs are found, at their exact times and at the asked speed. */
static void arcs_where_the_pull_displacement_underflows(void)
{
    const double D = 1e-305, g = 1e306, s = 116.0;
    const double root = sqrt(s * s * s * s - (g * D) * (g * D));
    const double t_low = D * sqrt(2.0 / (s * s + root)), t_high = sqrt(2.0 * (s * s + root)) / g;
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { D, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    af_status st;
    int i;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = -g;
    st = af_drag_aim_speed_f64(&m, &shooter, &target, s, 1.0, 0, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2 && fabs(out.shot[0].t / t_low - 1.0) <= 1e-12 &&
                      fabs(out.shot[1].t / t_high - 1.0) <= 1e-12,
                  "%s, %d shots at %.17g and %.17g; exact %.17g and %.17g", af_status_name(st),
                  out.count, out.shot[0].t, out.shot[1].t, t_low, t_high))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / s - 1.0) <= 1e-12, "arc %d: speed %.17g", i,
                 kin_len(out.shot[i].velocity));
}

/* A target 8.2e-317 m away (a subnormal) moving off at sqrt(2) 2^-17 m/s,
 * met without drag at 2^-17 m/s under a gravity of 2^-17 (1, 1, 1) m/s^2:
 * the times are 2/3 s and 2 s. The scan's lower bound, |D| over the
 * speeds, is 2e-312 s, and max_time over it overflowed the grid's ratio:
 * every sample past the first at infinity, both shots lost. */
static void scan_from_a_subnormal_distance_finds_both_shots(void)
{
    const double a = 0x1p-17;
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 8.1595489823548751e-317, 0, 0 }, { 0, a, a } };
    af_shots_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = m.gravity.y = m.gravity.z = a;
    st = af_drag_aim_speed_f64(&m, &shooter, &target, a, 106.7265625, 0, &out);
    TH_CHECK(st == AF_OK && out.count == 2 && fabs(out.shot[0].t - 2.0 / 3.0) <= 1e-12 &&
                 fabs(out.shot[1].t - 2.0) <= 1e-12,
             "%s, %d shots, t %.17g and %.17g", af_status_name(st), out.count, out.shot[0].t,
             out.shot[1].t);
}

/* A target 7e-304 m off, as fast as the projectile (2^-17 m/s) to 1e-265
 * of it, under 16 m/s^2 per axis: the launch speed it asks for stays
 * within its rounding of the speed for 290 decades of time, where exact
 * zeros of that rounding filled the four slots and the true shot, after
 * 6.4e-7 s when gravity has turned the launch, was lost. */
static void roots_of_the_rounding_do_not_crowd_out_the_shot(void)
{
    const double a = 0x1p-17;
    af_drag_f64 m;
    af_body_f64 shooter = { { 7.2911219923948514e-304, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 5.703924686114652e-310, 0, 1.3906748087472666e-309 },
                           { 0, 9.775796363198735e-150, a } };
    af_shots_f64 out;
    af_status st;
    int i, found = 0;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = m.gravity.y = m.gravity.z = 15.999984741210938;
    st = af_drag_aim_speed_f64(&m, &shooter, &target, a, a, 0, &out);
    for (i = 0; i < out.count; i++)
        found |= out.shot[i].t > 6.2e-7 && out.shot[i].t < 6.5e-7;
    TH_CHECK(st == AF_OK && found, "%s, %d shots, the last at %.17g", af_status_name(st),
             out.count, out.count ? out.shot[out.count - 1].t : 0.0);
}

/* Without drag under 1e-140 m/s^2, a target 1 m off at rest, searched up
 * to 1e308 s: the pull's displacement b(T) overflows past 1.9e154 s,
 * where the speed came out NaN and the scan's bounds with it. The search
 * ends where b fits (drag.h): the straight shot after 1 s and the lob
 * that falls back to it after 2e140 s. */
static void search_ends_where_the_pull_displacement_fits(void)
{
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { 1, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = -1e-140;
    st = af_drag_aim_speed_f64(&m, &shooter, &target, 1.0, 1e308, 0, &out);
    TH_CHECK(st == AF_OK && out.count == 2 && fabs(out.shot[0].t - 1.0) <= 1e-9 &&
                 fabs(out.shot[1].t / 2e140 - 1.0) <= 1e-9,
             "%s, %d shots, t %.17g and %.17g", af_status_name(st), out.count, out.shot[0].t,
             out.shot[1].t);
}

/* Without drag under 1e154 m/s^2, a target 1 m off at rest met at
 * 1e298 m/s, searched up to 1e300 s: the scan runs from 1e-308 s to where
 * b(T) overflows, 2e7 in time per cell, and the straight shot after
 * 1e-298 s lies near its cell's lower end. Newton's tolerance, 2^-50 of
 * the cell's upper end, kept 5e-12 of the speed; the speed is that of a
 * 1 m / T shot, so the rounding of T allows a few ulps. */
static void root_near_the_lower_end_of_a_wide_cell_keeps_the_speed(void)
{
    const double s = 1e298;
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { 1, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    af_status st;
    int i;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = -1e154;
    st = af_drag_aim_speed_f64(&m, &shooter, &target, s, 1e300, 0, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2 && fabs(out.shot[0].t / 1e-298 - 1.0) <= 1e-12,
                  "%s, %d shots, first t %.17g", af_status_name(st), out.count, out.shot[0].t))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / s - 1.0) <= 8.0 * DBL_EPSILON,
                 "shot %d (t %.17g): speed %.17g", i, out.shot[i].t,
                 kin_len(out.shot[i].velocity));
}

static const th_case cases[] = {
    TH_CASE(root_near_the_lower_end_of_a_wide_cell_keeps_the_speed),
    TH_CASE(shots_at_subnormal_times_keep_the_speed),
    TH_CASE(arcs_where_the_pull_displacement_underflows),
    TH_CASE(scan_bound_underflowing_to_zero_keeps_the_shot),
    TH_CASE(aim_speed_at_the_muzzle_has_no_second_shot_at_the_start),
    TH_CASE(aim_speed_at_a_slow_target_at_the_muzzle),
    TH_CASE(aim_speed_keeps_both_meetings_of_a_target_sweeping_past),
    TH_CASE(aim_time_hits),
    TH_CASE(aim_speed_hits_and_finds_the_planted_shot),
    TH_CASE(static_target_low_and_high_arcs),
    TH_CASE(no_drag_matches_the_ballistic_roots),
    TH_CASE(straight_shot_on_the_scan_bound_is_found),
    TH_CASE(bad_inputs_are_rejected),
    TH_CASE(scan_from_a_subnormal_distance_finds_both_shots),
    TH_CASE(roots_of_the_rounding_do_not_crowd_out_the_shot),
    TH_CASE(search_ends_where_the_pull_displacement_fits),
};

TH_MAIN("drag_aim", cases)
