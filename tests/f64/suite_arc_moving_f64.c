/* SPDX-License-Identifier: MIT */
/*
 * Fixed-speed lobs at a moving target (af_arc_moving_f64, the quartic):
 * every returned shot hits at the asked speed, no solution the brute-force
 * scan sees is lost (where closed-form quartic code loses about one in ten
 * to NaN), and the special cases agree with the simpler solvers.
 */
#include <math.h>
#include <string.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "scenario.h"
#include "shots_check.h"

static af_status solve(const scenario *s, af_shots_f64 *out)
{
    return af_arc_moving_f64(&s->shooter, &s->target, s->speed, &s->gravity, s->flags, out);
}

static void random_moving_targets_hit(void)
{
    th_rng rng = th_rng_for("arc_moving.random");
    long i, n = th_count(100000), counts[AF_MAX_SHOTS + 1] = { 0 };
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        scenario s = scenario_random(&rng);
        af_shots_f64 out;
        af_status st = solve(&s, &out);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "scenario %ld: %s", i,
                      af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "arc_moving");
        if (st == AF_OK)
            worst = fmax(worst, check_shots_hit(&s, &out, s.speed, "arc_moving"));
        counts[out.count]++;
    }
    th_note("%ld moving targets: solutions 0/1/2/3/4: %ld/%ld/%ld/%ld/%ld; worst miss %.3g", n,
            counts[0], counts[1], counts[2], counts[3], counts[4], worst);
    /* With gravity, h(0) > 0 and h grows without bound, so positive roots
     * come in pairs: an odd count would mean a lost root (only a tangent,
     * double root can make it odd, and random data never draws one). */
    TH_CHECK(counts[1] == 0 && counts[3] == 0, "solution counts are even (%ld odd)",
             counts[1] + counts[3]);
    /* Four solutions come up in about 0.2 % of these scenarios: expected
     * only where enough run (the host's 100 000; a board's reduced run may
     * see none, and four_solutions_are_all_found covers it there). */
    TH_CHECK(counts[2] > 0 && (n < 10000 || counts[4] > 0), "two and four solutions both occur");
}

/* A target diving past the shooter faster than the projectile flies: it
 * crosses the expanding sphere of reach four times, and each crossing is a
 * solution. (Found by a search over whole-number geometries.) */
static void four_solutions_are_all_found(void)
{
    scenario s;
    af_shots_f64 out;
    af_status st;
    s.shooter.position.x = s.shooter.position.y = s.shooter.position.z = 0.0;
    s.shooter.velocity = s.shooter.position;
    s.target.position.x = 9;
    s.target.position.y = 0;
    s.target.position.z = 6;
    s.target.velocity.x = -15;
    s.target.velocity.y = 0;
    s.target.velocity.z = -36;
    s.gravity.x = s.gravity.y = 0.0;
    s.gravity.z = -10;
    s.speed = 24;
    s.flags = 0;
    st = solve(&s, &out);
    TH_CHECK(st == AF_OK && out.count == 4, "diving target: %s with %d shots",
             af_status_name(st), out.count);
    check_shots_shape(st, &out, "diving target");
    check_shots_hit(&s, &out, s.speed, "diving target");
}

static void no_solution_lost(void)
{
    th_rng rng = th_rng_for("arc_moving.complete");
    long i, n = th_count(100000), seen = 0, solver_more = 0;
    for (i = 0; i < n; i++) {
        scenario s = scenario_random(&rng);
        af_shots_f64 out;
        af_status st = solve(&s, &out);
        int crossings = check_no_root_lost(&s, st, &out, 1500, i);
        seen += crossings;
        solver_more += out.count > crossings;
    }
    /* The solver may return more than the scan sees: two roots inside one
     * grid cell, a tangent root, or a root beyond the scanned span; each of
     * those is still checked to hit by random_moving_targets_hit. */
    th_note("%ld scenarios, %ld solutions seen by the scan, all returned; the solver found more "
            "in %ld scenarios", n, seen, solver_more);
}

static void static_target_matches_arc_point(void)
{
    th_rng rng = th_rng_for("arc_moving.static");
    long i, n = th_count(20000);
    for (i = 0; i < n; i++) {
        scenario s = scenario_random(&rng);
        af_shots_f64 a, b;
        af_status sa, sb;
        s.target.velocity.x = s.target.velocity.y = s.target.velocity.z = 0.0;
        s.flags = 0;
        sa = solve(&s, &a);
        sb = af_arc_point_f64(&s.shooter.position, &s.target.position, s.speed, &s.gravity, &b);
        check_same_shots(sa, &a, sb, &b, "static target vs arc_point", i);
    }
}

static void no_gravity_matches_intercept(void)
{
    th_rng rng = th_rng_for("arc_moving.nogravity");
    long i, n = th_count(20000);
    for (i = 0; i < n; i++) {
        scenario s = scenario_random(&rng);
        af_shots_f64 a, b;
        af_status sa, sb;
        s.gravity.x = s.gravity.y = s.gravity.z = 0.0;
        sa = solve(&s, &a);
        sb = af_intercept_f64(&s.shooter, &s.target, s.speed, s.flags, &b);
        check_same_shots(sa, &a, sb, &b, "no gravity vs intercept", i);
    }
}

/* A static point far closer than the scenario ranges (down to 1e-300 m,
 * whose high arc comes 1e300 times later than its low one): the quartic's
 * coefficients span speed^2 / (|g| d) in the free-fall units, not its
 * square, and the search interval is bounded by the roots' own scale, so
 * both arcs are found as af_arc_point_f64 finds them. */
static void tiny_distances_match_arc_point(void)
{
    static const double distances[] = { 1e-20, 1e-50, 1e-100, 1e-150, 1e-200, 1e-300 };
    static const double speeds[] = { 1.0, 145.98 };
    size_t i, j;
    for (i = 0; i < sizeof distances / sizeof distances[0]; i++)
        for (j = 0; j < sizeof speeds / sizeof speeds[0]; j++) {
            scenario s;
            af_shots_f64 a, b;
            af_status sa, sb;
            s.shooter.position.x = s.shooter.position.y = s.shooter.position.z = 0.0;
            s.shooter.velocity = s.target.velocity = s.shooter.position;
            s.target.position.x = 0.6 * distances[i];
            s.target.position.y = 0.0;
            s.target.position.z = 0.8 * distances[i];
            s.gravity.x = s.gravity.y = 0.0;
            s.gravity.z = -9.81;
            s.speed = speeds[j];
            s.flags = 0;
            sa = solve(&s, &a);
            sb = af_arc_point_f64(&s.shooter.position, &s.target.position, s.speed, &s.gravity, &b);
            TH_CHECK(sa == AF_OK && a.count == 2, "%g m away at %g m/s: %s, %d shots",
                     distances[i], speeds[j], af_status_name(sa), a.count);
            check_same_shots(sa, &a, sb, &b, "tiny distance vs arc_point", (long)i);
        }
}

/* Without gravity, a target faster than the projectile passing almost
 * tangent to its reach: the two meetings are close together and must come
 * out distinct and earliest first, each at the asked speed. */
static void close_roots_without_gravity_stay_ordered(void)
{
    th_rng rng = th_rng_for("arc_moving.close_roots");
    long i, n = th_count(20000), pairs = 0;
    for (i = 0; i < n; i++) {
        scenario s;
        af_shots_f64 out;
        af_status st;
        double L = th_rand_log(&rng, 1e-2, 1e2), sp = th_rand_log(&rng, 1e-2, 1e2);
        double w = th_rand_uniform(&rng, 1.0, 3.0);
        double dv = -sqrt(w * w - 1.0) *
                    (1.0 + th_rand_uniform(&rng, -0.5, 0.5) * th_rand_log(&rng, 1e-16, 1e-12));
        double th = acos(dv / w), ph = th_rand_uniform(&rng, 0.0, 6.283185307179586);
        s.shooter.position.x = s.shooter.position.y = s.shooter.position.z = 0.0;
        s.shooter.velocity = s.gravity = s.shooter.position;
        s.target.position.x = L;
        s.target.position.y = s.target.position.z = 0.0;
        s.target.velocity.x = sp * w * cos(th);
        s.target.velocity.y = sp * w * sin(th) * cos(ph);
        s.target.velocity.z = sp * w * sin(th) * sin(ph);
        s.speed = sp;
        s.flags = 0;
        st = solve(&s, &out);
        check_shots_shape(st, &out, "close roots");
        if (st == AF_OK)
            check_shots_hit(&s, &out, s.speed, "close roots");
        pairs += out.count == 2;
    }
    th_note("%ld near-tangent targets, %ld with two distinct meetings", n, pairs);
}

/* A target velocity with subnormal components is an ordinary (tiny)
 * velocity: the answer is the static point's, both arcs at the asked speed. */
static void subnormal_target_velocity_is_ordinary(void)
{
    scenario s;
    af_shots_f64 a, b;
    af_status sa, sb;
    s.shooter.position.x = s.shooter.position.y = s.shooter.position.z = 0.0;
    s.shooter.velocity = s.shooter.position;
    s.target.position.x = 0.05;
    s.target.position.y = s.target.position.z = 0.0;
    s.target.velocity.x = s.target.velocity.y = s.target.velocity.z = 1e-309;
    s.gravity.x = s.gravity.y = 0.0;
    s.gravity.z = -9.81;
    s.speed = 1.0;
    s.flags = 0;
    sa = solve(&s, &a);
    sb = af_arc_point_f64(&s.shooter.position, &s.target.position, s.speed, &s.gravity, &b);
    check_same_shots(sa, &a, sb, &b, "subnormal target velocity vs arc_point", 0);
    if (sa == AF_OK)
        check_shots_hit(&s, &a, s.speed, "subnormal target velocity");
}

/* Far outside the scenario ranges (distances 1e-300 to 1e300, speeds and
 * gravities 1e-100 to 1e100, targets up to ten times as fast as the
 * projectile): whatever the solver answers is ok, no_solution or
 * overflow, and every shot it returns leaves at the asked speed. */
static void extreme_magnitudes_keep_the_speed(void)
{
    th_rng rng = th_rng_for("arc_moving.extreme");
    long i, n = th_count(20000), solved = 0;
    for (i = 0; i < n; i++) {
        scenario s;
        af_shots_f64 out;
        af_status st;
        double L = th_rand_log(&rng, 1e-300, 1e300), g = th_rand_log(&rng, 1e-100, 1e100);
        int k;
        s.speed = th_rand_log(&rng, 1e-100, 1e100);
        s.shooter.position.x = s.shooter.position.y = s.shooter.position.z = 0.0;
        s.shooter.velocity = s.shooter.position;
        s.target.position = scenario_direction(&rng);
        s.target.position.x *= L;
        s.target.position.y *= L;
        s.target.position.z *= L;
        s.target.velocity = scenario_vector(&rng, 1e-3 * s.speed, 10.0 * s.speed);
        s.gravity = scenario_direction(&rng);
        s.gravity.x *= g;
        s.gravity.y *= g;
        s.gravity.z *= g;
        s.flags = 0;
        st = solve(&s, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION || st == AF_ERR_OVERFLOW,
                 "scene %ld: %s", i, af_status_name(st));
        check_shots_shape(st, &out, "extreme magnitudes");
        solved += st == AF_OK;
        for (k = 0; k < out.count; k++) {
            double err = fabs(kin_len(out.shot[k].velocity) / s.speed - 1.0);
            TH_CHECK(err <= 1e-9, "scene %ld (L %g, s %g, g %g) shot %d: speed off by %.3g", i,
                     L, s.speed, g, k, err);
        }
    }
    th_note("%ld extreme scenes, %ld solved", n, solved);
}

#define V3(x, y, z) { x, y, z }

static void edge_cases(void)
{
    af_body_f64 shooter = { V3(0, 0, 0), V3(0, 0, 0) };
    af_body_f64 target = { V3(0, 0, 0), V3(3, 0, 4) };
    af_vec3_f64 g = V3(0, 0, -10), none = V3(0, 0, 0);
    af_shots_f64 out = { 0 };
    /* At the muzzle, moving at 5 m/s: t = 0 first; then the projectile at
     * 10 m/s meets it again where |V - g t/2| = 10: 25 t^2 - 40 t... */
    TH_CHECK(af_arc_moving_f64(&shooter, &target, 10, &g, 0, &out) == AF_OK && out.count == 2 &&
                 out.shot[0].t == 0,
             "coincident: t = 0, then one meeting later (got %d)", out.count);
    if (out.count == 2) {
        scenario s;
        s.shooter = shooter;
        s.target = target;
        s.gravity = g;
        s.flags = 0;
        out.shot[0] = out.shot[1];
        out.count = 1;
        check_shots_hit(&s, &out, 10, "coincident, later meeting");
    }
    /* Coincident, no gravity, equal speeds: t = 0 only (every later t is a
     * meeting too when fired along V; the solver reports the first). */
    TH_CHECK(af_arc_moving_f64(&shooter, &target, 5, &none, 0, &out) == AF_OK && out.count == 1 &&
                 out.shot[0].t == 0,
             "coincident, equal speeds, no gravity: t = 0");
    /* A target receding faster than the projectile with no gravity: never. */
    target.position.x = 10;
    target.velocity.x = 20;
    target.velocity.z = 0;
    TH_CHECK(af_arc_moving_f64(&shooter, &target, 10, &none, 0, &out) == AF_ERR_NO_SOLUTION &&
                 out.count == 0,
             "escaping target");
    TH_CHECK(af_arc_moving_f64(&shooter, &target, 0, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "zero speed");
    TH_CHECK(af_arc_moving_f64(&shooter, &target, -1, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "negative speed");
    TH_CHECK(af_arc_moving_f64(&shooter, &target, NAN, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NaN speed");
    TH_CHECK(af_arc_moving_f64(&shooter, &target, 10, NULL, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NULL gravity");
    target.velocity.y = NAN;
    TH_CHECK(af_arc_moving_f64(&shooter, &target, 10, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NaN target velocity");
}

/* A target 1e154 m down a gravity of 1e154 m/s^2, 1e9 m aside: the
 * distance and the drop cancel to 1e-150 of themselves near t = 1.41 s,
 * below the double's rounding, so the quartic touches zero there within
 * it, though the target stays 1e9 m from any arc of 32768 m/s. The shot
 * such a root gives once left at 1.6e138 m/s: no shot, no_convergence. */
static void touching_root_below_the_rounding_gives_no_shot(void)
{
    af_body_f64 shooter = { { 7.62939453125e-06, 1e9, 7.62939453125e-06 },
                            { -32767.999984741211, 7.62939453125e-06, 4294967296.0 } };
    af_body_f64 target = { { -1e154, 7.62939453125e-06, 7.62939453125e-06 },
                           { 1e9, 7.62939453125e-06, 4294967296.0 } };
    af_vec3_f64 g = { -1e154, 7.62939453125e-06, 7.62939453125e-06 };
    af_shots_f64 out;
    af_status st = af_arc_moving_f64(&shooter, &target, 32767.999984741211, &g,
                                     AF_INHERIT_VELOCITY, &out);
    TH_CHECK(st == AF_ERR_NO_CONVERGENCE && out.count == 0, "%s, %d shots, the first at %.3g m/s",
             af_status_name(st), out.count, kin_len(out.shot[0].velocity));
}

/* A target 1.3e-5 m away under a gravity of DBL_MIN, as fast as the
 * projectile (1024 m/s): speed^2 / (|g| |D|) is 3.5e318, outside the
 * domain, but |V|^2 - speed^2 = 0 exactly kept the quartic finite, and
 * the answer was ok with a root lost. Outside the domain: overflow. */
static void beyond_the_domain_with_equal_speeds_is_overflow(void)
{
    af_body_f64 shooter = { { 7.62939453125e-06, 7.62939453125e-06, 7.62939453125e-06 },
                            { 7.62939453125e-06, 7.62939453125e-06, 1e16 } };
    af_body_f64 target = { { 0, 3.1775504267058446e-67, 0 }, { 0, 0, 1023.9999847412109 } };
    af_vec3_f64 g = { 0, -2.2250738585072014e-308, 0 };
    af_shots_f64 out;
    af_status st = af_arc_moving_f64(&shooter, &target, 1023.9999847412109, &g, 0, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW, "%s, %d shots", af_status_name(st), out.count);
}

/* A target as fast as the projectile (1.76e156 m/s) under as strong a
 * gravity, 0.027 m away: the meeting at 1.3e-158 s was lost, a bisection
 * having read the distance's sign where |v| tau outgrows its rounding by
 * 1e63; there the quartic (|V|^2 - s^2 formed exactly) still has it. */
static void equal_speeds_under_huge_gravity_keep_the_early_meeting(void)
{
    const double q = 0.015625, big = 1.7565805777393029e+156;
    af_body_f64 shooter = { { q, q, q }, { q, q, q } };
    af_body_f64 target = { { 1.52587890625e-05, 1.52587890625e-05, 1.52587890625e-05 },
                           { q, -387.515625, big } };
    af_vec3_f64 g = { big, -385.5, big };
    af_shots_f64 out;
    af_status st = af_arc_moving_f64(&shooter, &target, big, &g, AF_INHERIT_VELOCITY, &out);
    TH_CHECK(st == AF_OK && out.count >= 1 && out.shot[0].t > 1e-158 && out.shot[0].t < 2e-158,
             "%s, %d shots, the first at t %.3g", af_status_name(st), out.count, out.shot[0].t);
}

/* A target 32768 m off, as fast as the projectile (1e154 m/s) to 1e-289
 * of it, under 16384 m/s^2: it is met after 1.6e-150 s, and again after
 * 1.1e141 s. The quartic's turning point between them, 6e140 time units
 * out, overflowed its expansion (tau^4) where the distance had lost its
 * sign: taken for a tangent root, it hid the early meeting. Both, each
 * a hit at the asked speed. */
static void early_meeting_of_a_target_as_fast_as_the_projectile(void)
{
    const double e = 0x1p-17;
    scenario s;
    af_shots_f64 out;
    af_status st;
    s.shooter.position.x = e;
    s.shooter.position.y = 32767.999984741211;
    s.shooter.position.z = 132.515625;
    s.shooter.velocity.x = 4294967296.0;
    s.shooter.velocity.y = -1e154;
    s.shooter.velocity.z = e;
    s.target.position.x = s.target.position.y = s.target.position.z = e;
    s.target.velocity.x = 1e9;
    s.target.velocity.y = 32767.999984741211;
    s.target.velocity.z = e;
    s.gravity.x = s.gravity.y = e;
    s.gravity.z = 16384.0;
    s.speed = 1e154;
    s.flags = AF_INHERIT_VELOCITY;
    st = solve(&s, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2 &&
                      fabs(out.shot[0].t / 1.6384267938825e-150 - 1.0) <= 1e-9,
                  "%s, %d shots, first t %.17g", af_status_name(st), out.count, out.shot[0].t))
        return;
    check_shots_hit(&s, &out, s.speed, "a target as fast as the projectile");
}

/* A scene 4e-322 m across, under a gravity of 2.7e-310 m/s^2, at
 * 3e-241 m/s: the velocity unit sqrt(|D| |g|), 3.4e-316 m/s, is a
 * subnormal of 26 bits, whose square was 1.5e-8 off |D| |g|: the lob
 * that falls back after 2.2e69 s missed by 1e-8 of its size. Both shots
 * hit to the double's precision. */
static void scene_whose_velocity_unit_is_subnormal_is_hit(void)
{
    scenario s;
    af_shots_f64 out;
    af_status st;
    memset(&s, 0, sizeof s);
    s.shooter.velocity.x = 2.9707940947033007e-313;
    s.target.position.x = 4.1995579896505956e-322;
    s.gravity.z = 2.7097636606086141e-310;
    s.speed = 2.9993921975689281e-241;
    s.flags = AF_INHERIT_VELOCITY;
    st = solve(&s, &out);
    if (TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st), out.count))
        check_shots_hit(&s, &out, s.speed, "a subnormal velocity unit");
}

/* A shooter moving with its target (inherited: the target static relative
 * to it) 132.5 m up a gravity of 32768 m/s^2, at 2^-16 m/s: the low and
 * high arcs meet 1e-8 apart in time, a near-double root the quartic
 * merged into one shot 6.9e-9 off the speed. A target static relative to
 * the shooter gets af_arc_point_f64's two arcs, at the asked speed, each
 * point where the target is at its time. */
static void static_relative_target_keeps_both_arcs_of_a_near_double_root(void)
{
    const double lsb = 0x1p-16;
    af_body_f64 shooter = { { -132.515625, lsb, lsb }, { lsb, lsb, lsb } };
    af_body_f64 target = { { 0, lsb, lsb }, { lsb, lsb, lsb } };
    af_vec3_f64 g = { 2147483647 * lsb, lsb, lsb };
    af_shots_f64 out;
    af_status st = af_arc_moving_f64(&shooter, &target, lsb, &g, AF_INHERIT_VELOCITY, &out);
    int i;
    if (!TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st), out.count))
        return;
    for (i = 0; i < 2; i++) {
        af_vec3_f64 at = kin_body(&target, out.shot[i].t);
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / lsb - 1.0) <= 1e-9 &&
                     kin_dist(out.shot[i].point, at) <= 1e-15 * (kin_len(target.position) + 1.0),
                 "arc %d: speed %.3g off, point %.3g off", i,
                 kin_len(out.shot[i].velocity) / lsb - 1.0, kin_dist(out.shot[i].point, at));
    }
}

/* 30 km off under a gravity of 5.1e202 m/s^2 at 4e257 m/s, the target
 * barely moving (a subnormal velocity): speed^2 / (|g| |D|), the squared
 * speed in the solver's units, is 1.02e308. Twice it, a coefficient of
 * the quartic's slope, overflowed and the low arc (7.6e-254 s) was lost;
 * the high arc (1.5e55 s), 2e154 time units out, overflowed its drop
 * (gam tau^2 / 2) where its velocity does not. Both, each a hit at the
 * asked speed. */
static void both_arcs_where_the_squared_speed_in_units_nears_dbl_max(void)
{
    scenario s;
    af_shots_f64 out;
    af_status st;
    memset(&s, 0, sizeof s);
    s.shooter.position.x = s.shooter.position.z = 0x1.a9a8p+8;
    s.shooter.position.y = 0x1.a858p+8;
    s.shooter.velocity.x = s.shooter.velocity.y = s.shooter.velocity.z = 0x1.a9a8p+8;
    s.target.position.x = 0x1.83ababa8p+13;
    s.target.position.y = 0x1.b5d5d5d4p+14;
    s.target.velocity.z = 0x0.000002p-1022;
    s.gravity.y = 0x1.5p+673;
    s.gravity.z = 0x1.a8p+0;
    s.speed = 0x1.a6a6a6a6a6a6ap+855;
    s.flags = 0;
    st = solve(&s, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2 && out.shot[0].t > 7e-254 &&
                      out.shot[0].t < 8e-254 && out.shot[1].t > 1e55 && out.shot[1].t < 2e55,
                  "%s, %d shots, t %.3g and %.3g", af_status_name(st), out.count, out.shot[0].t,
                  out.shot[1].t))
        return;
    {
        /* The high arc flown per unit of time squared, (D + (V - v) t -
         * g t^2 / 2) / t^2, whose terms stay finite where the flight's
         * own (g t^2 / 2, 1e313 m) do not: zero to 1e-12 of its largest
         * term, g / 2. */
        const af_shot_f64 *high = &out.shot[1];
        double t = high->t, miss;
        af_vec3_f64 D = { s.target.position.x - s.shooter.position.x,
                          s.target.position.y - s.shooter.position.y,
                          s.target.position.z - s.shooter.position.z },
                    r;
        r.x = D.x / t / t + (s.target.velocity.x - high->velocity.x) / t - 0.5 * s.gravity.x;
        r.y = D.y / t / t + (s.target.velocity.y - high->velocity.y) / t - 0.5 * s.gravity.y;
        r.z = D.z / t / t + (s.target.velocity.z - high->velocity.z) / t - 0.5 * s.gravity.z;
        miss = kin_len(r) / (0.5 * kin_len(s.gravity));
        TH_CHECK(fabs(kin_len(high->velocity) / s.speed - 1.0) <= 1e-12 && miss <= 1e-12,
                 "high arc: speed %.3g off, misses by %.3g of g t^2 / 2",
                 kin_len(high->velocity) / s.speed - 1.0, miss);
    }
    out.count = 1; /* the low arc flown as every other */
    check_shots_hit(&s, &out, s.speed, "a squared speed in units near DBL_MAX");
}

/* A target at the muzzle moving at 4.5e-4 m/s under a gravity of 4.5e-231
 * m/s^2, at 16 m/s: after the t = 0 shot, the lob that falls back onto it
 * 7e231 s later. |g|^2 underflowed to 0 and the quadratic in t, left
 * linear, gave a shot at 17 900 times the speed; in the time unit 1 / |g|
 * it keeps its leading term. */
static void target_at_the_muzzle_under_a_gravity_whose_square_underflows(void)
{
    const double p = -0x1.1p-12, gs = 0x1.010101010101p-766;
    af_body_f64 shooter = { { p, p, p }, { p, p, p } }, target = shooter;
    af_vec3_f64 g = { gs, 0x1.0103a1010101p-766, gs };
    af_shots_f64 out;
    af_status st = af_arc_moving_f64(&shooter, &target, 16.06640625, &g, 0, &out);
    int i;
    if (!TH_CHECK(st == AF_OK && out.count >= 2 && out.shot[0].t == 0.0, "%s, %d shots",
                  af_status_name(st), out.count))
        return;
    for (i = 1; i < out.count; i++) {
        /* Flown per unit of time: (V - v) - g t / 2 = 0 to 1e-12 of the speed. */
        af_vec3_f64 r = { target.velocity.x - out.shot[i].velocity.x - 0.5 * g.x * out.shot[i].t,
                          target.velocity.y - out.shot[i].velocity.y - 0.5 * g.y * out.shot[i].t,
                          target.velocity.z - out.shot[i].velocity.z - 0.5 * g.z * out.shot[i].t };
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / 16.06640625 - 1.0) <= 1e-12 &&
                     kin_len(r) <= 1e-12 * 16.06640625,
                 "shot %d (t %.3g): speed %.17g, misses by %.3g m/s", i, out.shot[i].t,
                 kin_len(out.shot[i].velocity), kin_len(r));
    }
}

/* A target at the muzzle drifting at 5e-308 m/s (a subnormal part beside
 * it) under 8184 m/s^2, at 3.5e-164 m/s: after the t = 0 shot, the one
 * that falls back onto it 8.5e-168 s later at the asked speed. s^2
 * underflows in doubles; a quadratic in real units sees |V|^2 - s^2 = 0
 * and meets the target at 1.2e-311 s at 6.8e-310 m/s instead. */
static void target_at_the_muzzle_at_a_speed_whose_square_underflows(void)
{
    const double s = 0x1.0007701191903p-543;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 0, 0, 0 }, { 0, 0x1.1e0000221p-1021, 0x0.00000ffa421p-1022 } };
    af_vec3_f64 g = { 31.921875, 8183.5625, 0 };
    af_shots_f64 out;
    af_status st = af_arc_moving_f64(&shooter, &target, s, &g, 0, &out);
    double t = 2.0 * s / kin_len(g);
    if (!TH_CHECK(st == AF_OK && out.count == 2 && out.shot[0].t == 0.0, "%s, %d shots",
                  af_status_name(st), out.count))
        return;
    {
        /* Flown per unit of time: (V - v) - g t / 2 = 0 to 1e-12 of the speed. */
        const af_shot_f64 *shot = &out.shot[1];
        af_vec3_f64 r = { target.velocity.x - shot->velocity.x - 0.5 * g.x * shot->t,
                          target.velocity.y - shot->velocity.y - 0.5 * g.y * shot->t,
                          target.velocity.z - shot->velocity.z - 0.5 * g.z * shot->t };
        TH_CHECK(fabs(shot->t / t - 1.0) <= 1e-12 && fabs(kin_len(shot->velocity) / s - 1.0) <= 1e-12 &&
                     kin_len(r) <= 1e-12 * s,
                 "t %.17g (2 s / |g| %.17g), speed %.17g, misses by %.3g m/s", shot->t, t,
                 kin_len(shot->velocity), kin_len(r));
    }
}

/* A target at the muzzle receding at the projectile's speed 2^-17 m/s
 * under gravity (-1.5e-313, -384, -4.7e-308) m/s^2, nearly across its
 * motion: |V - g t/2| = s again at t = 2 V.g / |g|^2 = 1.5e-323 s, a
 * subnormal time below 2^-1042 s that ballistic_moving.h leaves out as
 * underflowing (the scaled branch did; the real-units one kept it). */
static void target_at_the_muzzle_leaves_out_a_meeting_that_underflows(void)
{
    const double s = 0x1p-17;
    af_body_f64 shooter = { { s, s, s }, { s, s, s } };
    af_body_f64 target = { { s, s, s }, { 0, s, s } };
    af_vec3_f64 g = { -0x0.00006ff416603p-1022, -384.0, -0x1.10300001c006p-1021 };
    af_shots_f64 out;
    af_status st = af_arc_moving_f64(&shooter, &target, s, &g, AF_INHERIT_VELOCITY, &out);
    TH_CHECK(st == AF_OK && out.count == 1 && out.shot[0].t == 0.0,
             "%s, %d shots, the last at t = %.17g", af_status_name(st), out.count,
             out.count > 0 ? out.shot[out.count - 1].t : 0.0);
}

/* A scene whose lob every root of the quartic isolates: the shot must
 * hit at the asked speed and the gap scan must find no root it lost. */
static void check_every_root_kept(const scenario *s, const char *what)
{
    af_shots_f64 out;
    af_status st = solve(s, &out);
    if (TH_CHECK(st == AF_OK, "%s: %s", what, af_status_name(st))) {
        check_shots_hit(s, &out, s->speed, what);
        check_no_root_lost(s, st, &out, 1500, 0);
    }
}

/* A shooter climbing at 3.5e154 m/s fires at the same speed a target
 * 14 km up: the meeting after 2e-151 s is the root of a quartic whose
 * derivative's root, near 1 time unit, lies in a bracket from 1e-153 to
 * 1e152 units, where each Newton step only halves the far end (a
 * quadratic term dominating there): 160 steps stopped at 3e28 units, the
 * meeting lost. A bracket halved only in the ratio of its ends counts as
 * too slow, and a geometric bisection follows. */
static void early_meeting_past_a_bracket_300_decades_wide_is_found(void)
{
    scenario s;
    memset(&s, 0, sizeof s);
    s.shooter.position.x = -0x1p-6;
    s.shooter.position.y = -0x1.f8af8p+1;
    s.shooter.position.z = 0x1.b3p+2;
    s.shooter.velocity.x = 0x1.ff8p+3;
    s.shooter.velocity.y = 0x1.6fp+2;
    s.shooter.velocity.z = 0x1.503fffda3a603p+513;
    s.target.position.x = 0x0.0400003p-1022;
    s.target.position.y = -0x1.39eb8p+3;
    s.target.position.z = 0x1.c16p+13;
    s.target.velocity.x = 0x1.febf12903000ap-128;
    s.target.velocity.y = -0x1p-6;
    s.target.velocity.z = -0x1.f8af8p+1;
    s.gravity.x = 0x1.b3p+2;
    s.gravity.y = 0x1.ff8p+3;
    s.gravity.z = 0x1.6fp+2;
    s.speed = 0x1.503fffda3a603p+513;
    s.flags = AF_INHERIT_VELOCITY;
    check_every_root_kept(&s, "a meeting after 2e-151 s");
}

/* A target 9.5e-310 m below, closing at the shot speed of 7.6e-6 m/s
 * under 120 m/s^2: in units the speed is 2e148, and the meeting after
 * 6e-305 s lay past the same slow bracket. */
static void early_meeting_at_a_subnormal_distance_is_found(void)
{
    scenario s;
    memset(&s, 0, sizeof s);
    s.shooter.position.y = 0x0.0000000000079p-1022;
    s.shooter.position.z = 0x0.0ae0000004p-1022;
    s.shooter.velocity.x = 0x0.0000000000066p-1022;
    s.target.position.x = 0x0.0000028282828p-1022;
    s.target.position.z = 0x0.00000000011p-1022;
    s.target.velocity.x = 0x1.1212121212121p-493;
    s.target.velocity.y = 0x1.037e12921p-493;
    s.target.velocity.z = 0x1p-17;
    s.gravity.y = 0x1.0908p+7 - 0x1.f8ap+7;
    s.gravity.z = 0x1p-17 - 0x1.fcp+0;
    s.speed = 0x1p-17;
    check_every_root_kept(&s, "a meeting after 6e-305 s");
}

static const th_case cases[] = {
    TH_CASE(early_meeting_past_a_bracket_300_decades_wide_is_found),
    TH_CASE(early_meeting_at_a_subnormal_distance_is_found),
    TH_CASE(target_at_the_muzzle_under_a_gravity_whose_square_underflows),
    TH_CASE(target_at_the_muzzle_at_a_speed_whose_square_underflows),
    TH_CASE(target_at_the_muzzle_leaves_out_a_meeting_that_underflows),
    TH_CASE(both_arcs_where_the_squared_speed_in_units_nears_dbl_max),
    TH_CASE(static_relative_target_keeps_both_arcs_of_a_near_double_root),
    TH_CASE(equal_speeds_under_huge_gravity_keep_the_early_meeting),
    TH_CASE(beyond_the_domain_with_equal_speeds_is_overflow),
    TH_CASE(touching_root_below_the_rounding_gives_no_shot),
    TH_CASE(early_meeting_of_a_target_as_fast_as_the_projectile),
    TH_CASE(scene_whose_velocity_unit_is_subnormal_is_hit),
    TH_CASE(random_moving_targets_hit),
    TH_CASE(four_solutions_are_all_found),
    TH_CASE(no_solution_lost),
    TH_CASE(static_target_matches_arc_point),
    TH_CASE(no_gravity_matches_intercept),
    TH_CASE(edge_cases),
    TH_CASE(tiny_distances_match_arc_point),
    TH_CASE(close_roots_without_gravity_stay_ordered),
    TH_CASE(subnormal_target_velocity_is_ordinary),
    TH_CASE(extreme_magnitudes_keep_the_speed),
};

TH_MAIN("arc_moving_f64", cases)
