/* SPDX-License-Identifier: MIT */
/*
 * af_intercept_f64: random scenarios must hit, no intercept may be lost
 * (compared with a brute-force search in time), and every degenerate or bad
 * input gets its documented answer.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "scenario.h"
#include "shots_check.h"

static af_status solve(const scenario *s, af_shots_f64 *out)
{
    return af_intercept_f64(&s->shooter, &s->target, s->speed, s->flags, out);
}

/* No gravity in this family: the kinematics checks fly the shot without. */
static scenario without_gravity(scenario s)
{
    s.gravity.x = s.gravity.y = s.gravity.z = 0.0;
    return s;
}

static void random_scenarios_hit(void)
{
    th_rng rng = th_rng_for("intercept.random");
    long i, n = th_count(100000), ok = 0, two = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        scenario s = without_gravity(scenario_random(&rng));
        af_shots_f64 out;
        af_status st = solve(&s, &out);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "scenario %ld: status %s", i,
                      af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "intercept");
        if (st == AF_OK) {
            double w = check_shots_hit(&s, &out, s.speed, "intercept");
            worst = fmax(worst, w);
            ok++;
            two += out.count == 2;
            TH_CHECK(out.count <= 2, "a quadratic has at most two roots, got %d", out.count);
        }
    }
    th_note("%ld scenarios: %ld solved (%ld with two shots); worst miss %.3g of scale", n, ok,
            two, worst);
    TH_CHECK(ok > n / 10 && two > n / 100, "the scenarios exercise both kinds of answer");
}

/* Completeness: every intercept a brute-force scan in time sees is among
 * the solver's, and no_solution is never answered when the scan found one. */
static void no_intercept_lost(void)
{
    th_rng rng = th_rng_for("intercept.complete");
    long i, n = th_count(100000), crossings_total = 0;
    for (i = 0; i < n; i++) {
        scenario s = without_gravity(scenario_random(&rng));
        af_shots_f64 out;
        af_status st = solve(&s, &out);
        int crossings = check_no_root_lost(&s, st, &out, 1200, i);
        crossings_total += crossings;
        TH_CHECK(out.count >= crossings, "scenario %ld: scan found %d intercepts, solver %d", i,
                 crossings, out.count);
    }
    th_note("%ld scenarios, %ld intercepts seen by the scan, all returned", n, crossings_total);
}

/* One row of the edge table: a sentence, the inputs, and what must come
 * back. expect_t < 0 means "don't check t". */
struct edge {
    const char *why;
    af_vec3_f64 sp, sv, tp, tv;
    double speed;
    unsigned flags;
    af_status status;
    int count;
    double expect_t0, expect_t1;
};

#define V3(x, y, z) { x, y, z }
#define O V3(0, 0, 0)

static void edge_table(void)
{
    static const struct edge table[] = {
        { "a target at rest 10 m ahead: one shot, 10 s at 1 m/s",
          O, O, V3(10, 0, 0), O, 1, 0, AF_OK, 1, 10, -1 },
        { "coincident: the target is at the muzzle; t = 0 and zero velocity",
          V3(3, 4, 5), O, V3(3, 4, 5), V3(1, 0, 0), 2, 0, AF_OK, 1, 0, -1 },
        { "equal speeds, target coming head-on: linear equation, meet half-way",
          O, O, V3(10, 0, 0), V3(-1, 0, 0), 1, 0, AF_OK, 1, 5, -1 },
        { "equal speeds, target moving away: never caught",
          O, O, V3(10, 0, 0), V3(1, 0, 0), 1, 0, AF_ERR_NO_SOLUTION, 0, -1, -1 },
        { "equal speeds, target crossing at right angles: never caught",
          O, O, V3(10, 0, 0), V3(0, 1, 0), 1, 0, AF_ERR_NO_SOLUTION, 0, -1, -1 },
        { "equal speeds off the axes, target receding (|(6, -2, 3)| = 7): never caught, "
          "not a meeting 1e16 s away",
          O, O, V3(10, 0, 0), V3(6, -2, 3), 7, 0, AF_ERR_NO_SOLUTION, 0, -1, -1 },
        { "equal speeds off the axes, target approaching: the linear equation's meeting",
          O, O, V3(10, 0, 0), V3(-6, 2, -3), 7, 0, AF_OK, 1, 100.0 / 120.0, -1 },
        { "target twice as fast, coming straight on: two meetings (t = 10/3 and 10)",
          O, O, V3(10, 0, 0), V3(-2, 0, 0), 1, 0, AF_OK, 2, 10.0 / 3.0, 10 },
        { "target faster and escaping: both roots in the past",
          O, O, V3(10, 0, 0), V3(2, 0.5, 0), 1, 0, AF_ERR_NO_SOLUTION, 0, -1, -1 },
        { "target faster, closing but passing too wide: no real root",
          O, O, V3(10, 0, 0), V3(-2, 10, 0), 1, 0, AF_ERR_NO_SOLUTION, 0, -1, -1 },
        { "target faster and exactly grazing: the double root is one shot at t = 1",
          O, O, V3(1, 0, 0), V3(-1, 1, 0), 1, 0, AF_OK, 1, 1, -1 },
        { "moving shooter, velocity inherited, target keeping pace: as if both at rest",
          V3(0, 0, 0), V3(5, 0, 0), V3(0, 8, 0), V3(5, 0, 0), 2, AF_INHERIT_VELOCITY,
          AF_OK, 1, 4, -1 },
        { "moving shooter without the flag: its velocity is ignored",
          V3(0, 0, 0), V3(5, 0, 0), V3(0, 8, 0), O, 2, 0, AF_OK, 1, 4, -1 },
        { "zero speed: nothing flies", O, O, V3(1, 0, 0), O, 0, 0, AF_ERR_BAD_ARGUMENT, 0, -1, -1 },
        { "negative speed", O, O, V3(1, 0, 0), O, -1, 0, AF_ERR_BAD_ARGUMENT, 0, -1, -1 },
        { "NaN speed", O, O, V3(1, 0, 0), O, NAN, 0, AF_ERR_BAD_ARGUMENT, 0, -1, -1 },
        { "infinite speed", O, O, V3(1, 0, 0), O, INFINITY, 0, AF_ERR_BAD_ARGUMENT, 0, -1, -1 },
        { "NaN in the target's position", O, O, V3(1, NAN, 0), O, 1, 0, AF_ERR_BAD_ARGUMENT, 0,
          -1, -1 },
        { "-Inf in the shooter's velocity", O, V3(0, 0, -INFINITY), V3(1, 0, 0), O, 1,
          AF_INHERIT_VELOCITY, AF_ERR_BAD_ARGUMENT, 0, -1, -1 },
        { "+Inf in the target's velocity", O, O, V3(1, 0, 0), V3(INFINITY, 0, 0), 1, 0,
          AF_ERR_BAD_ARGUMENT, 0, -1, -1 },
        { "finite positions whose difference overflows a double",
          V3(-1e308, 0, 0), O, V3(1e308, 0, 0), O, 1, 0, AF_ERR_OVERFLOW, 0, -1, -1 },
    };
    size_t i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        const struct edge *e = &table[i];
        scenario s;
        af_shots_f64 out;
        af_status st;
        s.shooter.position = e->sp;
        s.shooter.velocity = e->sv;
        s.target.position = e->tp;
        s.target.velocity = e->tv;
        s.speed = e->speed;
        s.flags = e->flags;
        s.gravity.x = s.gravity.y = s.gravity.z = 0.0;
        st = solve(&s, &out);
        TH_CHECK(st == e->status && out.count == e->count, "%s: got %s with %d shots", e->why,
                 af_status_name(st), out.count);
        check_shots_shape(st, &out, e->why);
        if (st != AF_OK)
            continue;
        if (out.shot[0].t > 0.0)
            check_shots_hit(&s, &out, s.speed, e->why);
        else
            TH_CHECK(out.shot[0].velocity.x == 0 && out.shot[0].velocity.y == 0 &&
                         out.shot[0].velocity.z == 0,
                     "%s: the t = 0 shot has zero velocity", e->why);
        if (e->expect_t0 >= 0)
            TH_CHECK(fabs(out.shot[0].t - e->expect_t0) <= 1e-12 * (1 + e->expect_t0),
                     "%s: t = %.17g, expected %.17g", e->why, out.shot[0].t, e->expect_t0);
        if (e->expect_t1 >= 0 && out.count > 1)
            TH_CHECK(fabs(out.shot[1].t - e->expect_t1) <= 1e-12 * (1 + e->expect_t1),
                     "%s: second t = %.17g, expected %.17g", e->why, out.shot[1].t, e->expect_t1);
    }
}

static void null_pointers_are_bad_arguments(void)
{
    af_body_f64 b = { { 1, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    /* A NULL body is refused, and the out-struct is still cleared. */
    out.count = 7;
    TH_CHECK(af_intercept_f64(NULL, &b, 1, 0, &out) == AF_ERR_BAD_ARGUMENT && out.count == 0,
             "NULL shooter");
    out.count = 7;
    TH_CHECK(af_intercept_f64(&b, NULL, 1, 0, &out) == AF_ERR_BAD_ARGUMENT && out.count == 0,
             "NULL target");
    TH_CHECK(af_intercept_f64(&b, &b, 1, 0, NULL) == AF_ERR_BAD_ARGUMENT, "NULL out");
}

static void extreme_magnitudes(void)
{
    /* Far outside the property-test ranges, still finite: the scaled
     * equation keeps every intermediate of order one. */
    static const double scales[] = { 1e-300, 1e-150, 1e150, 1e300 };
    size_t i;
    for (i = 0; i < sizeof scales / sizeof scales[0]; i++) {
        double k = scales[i];
        scenario s;
        af_shots_f64 out;
        af_status st;
        s.shooter.position.x = s.shooter.position.y = s.shooter.position.z = 0.0;
        s.shooter.velocity = s.shooter.position;
        s.target.position.x = 3 * k;
        s.target.position.y = 4 * k;
        s.target.position.z = 0;
        s.target.velocity.x = -1;
        s.target.velocity.y = s.target.velocity.z = 0;
        s.speed = 2;
        s.flags = 0;
        s.gravity.x = s.gravity.y = s.gravity.z = 0;
        st = solve(&s, &out);
        TH_CHECK(st == AF_OK && out.count == 1, "distance %g: %s, %d shots", 5 * k,
                 af_status_name(st), out.count);
        if (st == AF_OK)
            check_shots_hit(&s, &out, s.speed, "extreme magnitudes");
    }
}

static scenario line_scene(double dx, double dy, double dz, double vx, double vy, double vz,
                           double speed)
{
    scenario s;
    s.shooter.position.x = s.shooter.position.y = s.shooter.position.z = 0.0;
    s.shooter.velocity = s.shooter.position;
    s.gravity = s.shooter.position;
    s.target.position.x = dx;
    s.target.position.y = dy;
    s.target.position.z = dz;
    s.target.velocity.x = vx;
    s.target.velocity.y = vy;
    s.target.velocity.z = vz;
    s.speed = speed;
    s.flags = 0;
    return s;
}

/* Convention: a target whose speed equals the projectile's exactly (here
 * Pythagorean quadruples such as |(6, -2, 3)| = 7, whose squares round
 * when divided by the speed) is never caught while it recedes (D.V >= 0);
 * coming closer it is met once, at t = |D|^2 / (-2 D.V). */
static void equal_speeds_decided_exactly(void)
{
    static const double quads[][4] = {
        { 6, -2, 3, 7 }, { 2, 3, 6, 7 }, { 1, 4, 8, 9 }, { 4, 4, 7, 9 }, { 2, 10, 11, 15 },
    };
    static const double scales[] = { 1.0, 0x1p-600, 0x1p600 };
    size_t i, j;
    for (i = 0; i < sizeof quads / sizeof quads[0]; i++)
        for (j = 0; j < sizeof scales / sizeof scales[0]; j++) {
            const double *q = quads[i];
            double k = scales[j];
            scenario away = line_scene(10, 1, 0, q[0] * k, q[1] * k, q[2] * k, q[3] * k);
            scenario head_on = line_scene(10, 1, 0, -q[0] * k, -q[1] * k, -q[2] * k, q[3] * k);
            af_shots_f64 out;
            af_status st = solve(&away, &out);
            double dv = -(10 * q[0] + q[1]) * k, t;
            TH_CHECK(st == AF_ERR_NO_SOLUTION && out.count == 0,
                     "|V| = speed = %g x %g, receding: %s with t = %.17g", q[3], k,
                     af_status_name(st), out.shot[0].t);
            check_shots_shape(st, &out, "receding at the same speed");
            st = solve(&head_on, &out);
            t = 101.0 / (-2.0 * dv);
            if (TH_CHECK(st == AF_OK && out.count == 1, "|V| = speed, closing: %s, %d shots",
                         af_status_name(st), out.count))
                TH_CHECK(fabs(out.shot[0].t / t - 1.0) <= 1e-14, "closing: t = %.17g, expected %.17g",
                         out.shot[0].t, t);
        }
}

/* Convention: a target faster than the projectile by far less than a
 * rounding of speed^2 (here |V|^2 = speed^2 (1 + 2^-60 + 2^-80)) is
 * faster, not equally fast: closing too slowly (D.V = -2^-40 |D| speed,
 * (D.V)^2 < (|V|^2 - speed^2) |D|^2) it is never caught, where taking
 * the speeds for equal would meet it at the linear root 2^39 |D| / speed. */
static void speed_excess_below_a_rounding_keeps_the_target_faster(void)
{
    static const double scales[] = { 1.0, 0x1p-300, 0x1p300 };
    size_t j;
    for (j = 0; j < sizeof scales / sizeof scales[0]; j++) {
        double k = scales[j];
        scenario s = line_scene(1, 0, 0, -0x1p-40 * k, 0x1p-30 * k, k, k);
        af_shots_f64 out;
        af_status st = solve(&s, &out);
        TH_CHECK(st == AF_ERR_NO_SOLUTION && out.count == 0,
                 "faster by 2^-60 of speed^2 x %g, closing too slowly: %s with t = %.17g", k,
                 af_status_name(st), out.shot[0].t);
        check_shots_shape(st, &out, "faster by less than a rounding");
    }
}

/* A target closer than the smallest normal double is an ordinary target:
 * t = distance / speed. */
static void subnormal_distance_is_an_ordinary_target(void)
{
    scenario s = line_scene(1e-310, 0, 0, 0, 0, 0, 1);
    af_shots_f64 out;
    af_status st = solve(&s, &out);
    if (TH_CHECK(st == AF_OK && out.count == 1, "1e-310 m away: %s", af_status_name(st)))
        TH_CHECK(out.shot[0].t == 1e-310 && out.shot[0].velocity.x == 1.0,
                 "t = %.17g, velocity x %.17g", out.shot[0].t, out.shot[0].velocity.x);
}

/* A target 8.9e-321 m away (a subnormal of 3 significant bits) at rest,
 * met at 3.7e-9 m/s: the time of flight is subnormal too, and D / t once
 * came out off the asked 16.0000153 2^-32 m/s. The velocity is formed in
 * the solve's scaled units: the asked speed to an ulp. */
static void subnormal_distance_keeps_the_speed(void)
{
    const double speed = 0x1.00001p-28; /* 16.0000153 2^-32 */
    af_body_f64 shooter = { { 8.8536563734751381e-321, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    af_status st = af_intercept_f64(&shooter, &target, speed, 0, &out);
    TH_CHECK(st == AF_OK && out.count == 1 &&
                 fabs(kin_len(out.shot[0].velocity) / speed - 1.0) <= 1e-15,
             "%s, %d shots, speed %.17g", af_status_name(st), out.count,
             kin_len(out.shot[0].velocity));
}

/* A target 5e-121 m away met at 3.6e196 m/s: the time, 2e-317 s, is a
 * subnormal of 22 significant bits, whose rounding alone made the shot
 * miss by 3e-8 of the distance. A time below 2^-1042 s (32 bits) is left
 * out as underflowing, as intercept.h says. */
static void time_of_few_significant_bits_is_left_out(void)
{
    af_body_f64 shooter = { { 0, -0x1p-399, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    af_status st = af_intercept_f64(&shooter, &target, 0x1.fp+652, 0, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.count == 0, "%s, %d shots, t %g", af_status_name(st),
             out.count, out.shot[0].t);
}

/* A target 2.3e-322 m away met at 2048 m/s: the time, 1.1e-325 s,
 * underflows to 0, and the shot came back with t = 0 and a velocity.
 * An intercept whose time is not a positive double is left out:
 * overflow, as for one that overflows. */
static void time_underflowing_to_zero_is_left_out(void)
{
    af_body_f64 shooter = { { 0, 0, 2.2727019708697341e-322 }, { 0, 0, 0 } };
    af_body_f64 target = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    af_status st = af_intercept_f64(&shooter, &target, 2048, 0, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.count == 0, "%s, %d shots, t %g, vz %g",
             af_status_name(st), out.count, out.shot[0].t, out.shot[0].velocity.z);
}

/* A meeting whose launch velocity's components round beyond the double
 * range (speeds near DBL_MAX, in power-of-two units) is no shot. */
static void launch_velocity_beyond_the_range_is_left_out(void)
{
    af_body_f64 shooter = { { -0x1.65e5639451c3cp+899, 0x1.2cdf9653eb846p+898,
                              0x1.ad06cd040c43ep+893 },
                            { 0, 0x1.a192170214887p+1022, 0x1.1dc03b24e6a0dp+1019 } };
    af_body_f64 target = { { 0x1.74d5db0810a04p+898, 0x1.4043b28263556p+899,
                             -0x1.b5ced80f4e86ep+895 },
                           { -0x1.a38a224cba6d5p+1021, 0x1.5b575d8e511e9p+1019, 0 } };
    af_shots_f64 out;
    af_status st = af_intercept_f64(&shooter, &target, 0x1.d05f2a418355bp+1023, 0, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.count == 0, "%s, %d shots, velocity %g %g %g",
             af_status_name(st), out.count, out.shot[0].velocity.x, out.shot[0].velocity.y,
             out.shot[0].velocity.z);
}

static const th_case cases[] = {
    TH_CASE(launch_velocity_beyond_the_range_is_left_out),
    TH_CASE(time_underflowing_to_zero_is_left_out),
    TH_CASE(time_of_few_significant_bits_is_left_out),
    TH_CASE(subnormal_distance_keeps_the_speed),
    TH_CASE(equal_speeds_decided_exactly),
    TH_CASE(speed_excess_below_a_rounding_keeps_the_target_faster),
    TH_CASE(subnormal_distance_is_an_ordinary_target),
    TH_CASE(random_scenarios_hit),
    TH_CASE(no_intercept_lost),
    TH_CASE(edge_table),
    TH_CASE(null_pointers_are_bad_arguments),
    TH_CASE(extreme_magnitudes),
};

TH_MAIN("intercept_f64", cases)
