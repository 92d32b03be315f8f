/* SPDX-License-Identifier: MIT */
/*
 * Lobs with a chosen time (af_arc_time_f64) or a chosen height
 * (af_arc_apex_f64): random scenarios must hit, the apex policy must be
 * obeyed, impact must be on the way down, and bad inputs get their status.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "scenario.h"
#include "shots_check.h"

static void fixed_time_hits(void)
{
    th_rng rng = th_rng_for("arc_time.random");
    long i, n = th_count(100000);
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        scenario s = scenario_random(&rng);
        double t = th_rand_log(&rng, 1e-3, 1e3);
        af_shots_f64 out;
        af_status st = af_arc_time_f64(&s.shooter, &s.target, t, &s.gravity, s.flags, &out);
        if (!TH_CHECK(st == AF_OK && out.count == 1, "scenario %ld: %s", i, af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "arc_time");
        TH_CHECK(out.shot[0].t == t, "the time of flight is the one asked");
        worst = fmax(worst, check_shots_hit(&s, &out, 0.0, "arc_time"));
    }
    th_note("%ld fixed-time shots; worst miss %.3g of scale", n, worst);
}

/* The up component (along -g) of v. */
static double up_of(af_vec3_f64 v, af_vec3_f64 g)
{
    return -(v.x * g.x + v.y * g.y + v.z * g.z) / kin_len(g);
}

static void apex_policy_hits_on_the_way_down(void)
{
    th_rng rng = th_rng_for("arc_apex.random");
    long i, n = th_count(100000), solved = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        scenario s = scenario_random(&rng);
        af_arc_policy_f64 policy;
        af_shots_f64 out;
        af_status st;
        double g = kin_len(s.gravity), w, dz, vz, b, x;
        af_vec3_f64 D, V;
        policy.kind = th_rand_below(&rng, 2) ? AF_ARC_APEX_HEIGHT : AF_ARC_VERTICAL_SPEED;
        policy.base = th_rand_uniform(&rng, 0.0, 10.0);
        policy.per_distance = th_rand_uniform(&rng, 0.01, 1.0);
        st = af_arc_apex_f64(&s.shooter, &s.target, &s.gravity, &policy, s.flags, &out);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "scenario %ld: %s", i,
                      af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "arc_apex");

        /* The policy's vertical speed, recomputed here from its definition. */
        D.x = s.target.position.x - s.shooter.position.x;
        D.y = s.target.position.y - s.shooter.position.y;
        D.z = s.target.position.z - s.shooter.position.z;
        V = s.target.velocity;
        if (s.flags & AF_INHERIT_VELOCITY) {
            V.x -= s.shooter.velocity.x;
            V.y -= s.shooter.velocity.y;
            V.z -= s.shooter.velocity.z;
        }
        dz = up_of(D, s.gravity);
        vz = up_of(V, s.gravity);
        x = sqrt(fmax(0.0, kin_len(D) * kin_len(D) - dz * dz));
        w = policy.base + policy.per_distance * x;
        if (policy.kind == AF_ARC_APEX_HEIGHT)
            w = sqrt(2 * g * (fmax(dz, 0.0) + w));
        b = w - vz;
        if (st == AF_ERR_NO_SOLUTION) {
            /* Then the relative height w t - g t^2/2 - dz - vz t never gets
             * back to 0 for t > 0: its top, b^2 / 2g - dz, is below 0, or
             * it only falls (b <= 0) from a start at or below the target. */
            TH_CHECK((b > 0 && b * b / (2 * g) < dz * (1 + 1e-9)) || (b <= 0 && dz >= 0),
                     "scenario %ld: no_solution, but the relative height peaks at %.17g", i,
                     b > 0 ? b * b / (2 * g) - dz : -dz);
            continue;
        }
        solved++;
        worst = fmax(worst, check_shots_hit(&s, &out, 0.0, "arc_apex"));
        TH_CHECK(fabs(up_of(out.shot[0].velocity, s.gravity) - w) <= 1e-9 * (w + kin_len(out.shot[0].velocity)),
                 "scenario %ld: vertical launch speed %.17g, policy %.17g", i,
                 up_of(out.shot[0].velocity, s.gravity), w);
        /* On the way down: at impact the projectile's relative vertical
         * speed w - g t - vz is not rising. */
        TH_CHECK(w - g * out.shot[0].t - vz <= 1e-9 * (w + fabs(vz) + g * out.shot[0].t),
                 "scenario %ld: impact while still rising relative to the target", i);
    }
    th_note("%ld apex-policy shots, %ld solved; worst miss %.3g of scale", n, solved, worst);
    TH_CHECK(solved > n / 2, "most scenarios are solvable");
}

#define V3(x, y, z) { x, y, z }

static void apex_default_policy_is_a_45_degree_lob(void)
{
    /* Level ground, apex a quarter of the distance up: 45 degrees. */
    af_body_f64 shooter = { V3(0, 0, 0), V3(0, 0, 0) }, target = { V3(10, 0, 0), V3(0, 0, 0) };
    af_vec3_f64 g = V3(0, 0, -10);
    af_arc_policy_f64 policy = AF_ARC_POLICY_DEFAULT;
    af_shots_f64 out;
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &policy, 0, &out) == AF_OK &&
                 out.count == 1,
             "solvable");
    TH_CHECK(fabs(out.shot[0].velocity.x - out.shot[0].velocity.z) <= 1e-12 * 10,
             "45 degrees: vx %.17g, vz %.17g", out.shot[0].velocity.x, out.shot[0].velocity.z);
    TH_CHECK(fabs(out.shot[0].velocity.z - sqrt(50)) <= 1e-12, "apex 2.5 m: vz = sqrt(2 g 2.5)");
}

static void apex_target_moving_vertically(void)
{
    /* A target rising at 2 m/s from 5 m away: still hit, on the way down. */
    af_body_f64 shooter = { V3(0, 0, 0), V3(0, 0, 0) }, target = { V3(5, 0, 0), V3(0, 0, 2) };
    af_vec3_f64 g = V3(0, 0, -10);
    af_arc_policy_f64 policy = { AF_ARC_VERTICAL_SPEED, 10.0, 0.0 };
    af_shots_f64 out;
    scenario s;
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &policy, 0, &out) == AF_OK, "rising target");
    /* Heights meet when 10 t - 5 t^2 = 2 t: t = 1.6 s. */
    TH_CHECK(fabs(out.shot[0].t - 1.6) <= 1e-12, "t = %.17g, expected 1.6", out.shot[0].t);
    s.shooter = shooter;
    s.target = target;
    s.gravity = g;
    s.flags = 0;
    check_shots_hit(&s, &out, 0.0, "rising target");
    /* Rising at 10 m/s, as fast as the launch: never met. */
    target.velocity.z = 10;
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &policy, 0, &out) == AF_ERR_NO_SOLUTION &&
                 out.count == 0,
             "a target rising as fast as the projectile is never met on the way down");
}

static void bad_inputs(void)
{
    af_body_f64 shooter = { V3(0, 0, 0), V3(0, 0, 0) }, target = { V3(10, 0, 0), V3(0, 0, 0) };
    af_vec3_f64 g = V3(0, 0, -10), none = V3(0, 0, 0), nan_g = V3(0, NAN, -10);
    af_arc_policy_f64 zero = { AF_ARC_APEX_HEIGHT, 0.0, 0.0 };
    af_arc_policy_f64 negative = { AF_ARC_VERTICAL_SPEED, -5.0, 0.1 };
    af_arc_policy_f64 unknown = { (af_arc_kind)7, 1.0, 0.1 };
    af_arc_policy_f64 nan_policy = { AF_ARC_APEX_HEIGHT, NAN, 0.1 };
    af_arc_policy_f64 fine = AF_ARC_POLICY_DEFAULT;
    af_shots_f64 out;
    TH_CHECK(af_arc_time_f64(&shooter, &target, 0.0, &g, 0, &out) == AF_ERR_BAD_ARGUMENT &&
                 out.count == 0,
             "time of flight 0");
    TH_CHECK(af_arc_time_f64(&shooter, &target, -1.0, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "negative time of flight");
    TH_CHECK(af_arc_time_f64(&shooter, &target, NAN, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NaN time of flight");
    TH_CHECK(af_arc_time_f64(&shooter, &target, INFINITY, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "infinite time of flight");
    TH_CHECK(af_arc_time_f64(&shooter, &target, 1.0, &nan_g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NaN gravity");
    TH_CHECK(af_arc_time_f64(&shooter, &target, 1.0, &none, 0, &out) == AF_OK,
             "no gravity is fine for a fixed time: a straight line");
    TH_CHECK(af_arc_time_f64(NULL, &target, 1.0, &g, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NULL shooter");
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &none, &fine, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "apex without gravity: no arc to choose");
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &zero, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "policy value 0");
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &negative, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "negative vertical speed");
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &unknown, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "unknown policy kind");
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &nan_policy, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NaN policy");
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, NULL, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NULL policy");
    target.position.x = INFINITY;
    TH_CHECK(af_arc_apex_f64(&shooter, &target, &g, &fine, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "infinite target");
}

/* A level target (dz = 0) is met after t = 2 w / g exactly. Where w^2
 * underflows (w = 1e-200 m/s) the discriminant w^2 - 2 g dz came out 0
 * and t half of it; where it overflows (w = 1e200 m/s) t came out
 * infinite, an overflow, though 2e200 s is a double. A gravity of
 * 1.4e-315 (a subnormal) with a target 2.5e-313 m across: the same. */
static void apex_time_exact_where_the_discriminant_under_or_overflows(void)
{
    static const struct {
        double w, g, x;
    } cases_[3] = { { 1e-200, 1e-300, 1.0 }, { 1e200, 1.0, 1.0 },
                    { 2.3724742458437826e-242, 1.4091378299378761e-315, 2.5463949491583268e-313 } };
    int i;
    for (i = 0; i < 3; i++) {
        af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { 0, 0, 0 }, { 0, 0, 0 } };
        af_vec3_f64 g = { 0, 0, -cases_[i].g };
        af_arc_policy_f64 policy = { AF_ARC_VERTICAL_SPEED, 0.0, 0.0 };
        af_shots_f64 out;
        af_status st;
        double want = 2.0 * (cases_[i].w / cases_[i].g);
        target.position.x = cases_[i].x;
        policy.base = cases_[i].w;
        st = af_arc_apex_f64(&shooter, &target, &g, &policy, 0, &out);
        TH_CHECK(st == AF_OK && fabs(out.shot[0].t / want - 1.0) <= 1e-15 &&
                     out.shot[0].velocity.z == cases_[i].w,
                 "w %g under g %g: %s, t %.17g (2 w / g = %.17g)", cases_[i].w, cases_[i].g,
                 af_status_name(st), out.shot[0].t, want);
    }
}

/* A flight of 6.9e-323 s (14 units of the last subnormal place) at a
 * target falling at 3.2e163 m/s: one unit of that time is 1.6e-160 m of
 * the target's motion, 2 % of the scene. Such a time is left out as
 * underflowing, as af_arc_point_f64 does below 2^-1042 s. */
static void apex_time_that_underflows_is_overflow(void)
{
    af_body_f64 shooter = { { 0, 7.2348776572258515e-308, 1.3906711615670009e-309 },
                            { 115.96875, -2.2250738585072014e-308, 0 } };
    af_body_f64 target = { { 0, 0, 2.2761049552331435e-159 },
                           { 8.7939500139563456e-310, 0, -3.2180445148556595e+163 } };
    af_vec3_f64 g = { 0, 0, 1.8280428896126122e-322 };
    af_arc_policy_f64 policy = { AF_ARC_VERTICAL_SPEED, 1.388656167616569e-309,
                                 1.2270440661256687e-309 };
    af_shots_f64 out;
    af_status st = af_arc_apex_f64(&shooter, &target, &g, &policy, AF_INHERIT_VELOCITY, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.count == 0, "%s, %d shots (t %.17g)",
             af_status_name(st), out.count, out.count ? out.shot[0].t : 0.0);
}

static const th_case cases[] = {
    TH_CASE(fixed_time_hits),
    TH_CASE(apex_policy_hits_on_the_way_down),
    TH_CASE(apex_default_policy_is_a_45_degree_lob),
    TH_CASE(apex_target_moving_vertically),
    TH_CASE(bad_inputs),
    TH_CASE(apex_time_exact_where_the_discriminant_under_or_overflows),
    TH_CASE(apex_time_that_underflows_is_overflow),
};

TH_MAIN("arc_time_f64", cases)
