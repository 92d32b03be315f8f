/* SPDX-License-Identifier: MIT */
/*
 * Accelerating targets in double precision (af_intercept_accel_f64,
 * af_arc_moving_accel_f64, af_arc_time_accel_f64): every returned shot,
 * flown under gravity by tests/support/kinematics.c while the target accelerates,
 * meets it at the returned point; a brute-force scan finds no meeting the
 * solvers missed; zero acceleration gives the existing solvers' bits.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "scenario.h"
#include "shots_check.h"

/* A random scene with an accelerating target: the scenario's bodies, and
 * an acceleration from 1e-2 to 1e3 m/s^2 (zero one time in eight). */
typedef struct accel_scene {
    scenario s;
    af_body_accel_f64 target;
} accel_scene;

static accel_scene scene_random(th_rng *rng)
{
    accel_scene c;
    c.s = scenario_random(rng);
    c.target.position = c.s.target.position;
    c.target.velocity = c.s.target.velocity;
    if (th_rand_below(rng, 8) == 0)
        c.target.acceleration.x = c.target.acceleration.y = c.target.acceleration.z = 0.0;
    else
        c.target.acceleration = scenario_vector(rng, 1e-2, 1e3);
    return c;
}

/* The scene's size for a shot: the scenario's, or the target's own
 * displacement by its acceleration when that is larger. */
static double scene_size(const accel_scene *c, const af_shot_f64 *shot)
{
    return fmax(scenario_range(&c->s, shot),
                0.5 * kin_len(c->target.acceleration) * shot->t * shot->t);
}

/* Every shot, flown under `gravity`, meets the accelerating target at its
 * point within HIT_TOL of the scene, at the asked speed (speed > 0).
 * Returns the worst miss relative to the scene. */
static double check_accel_hits(const accel_scene *c, af_vec3_f64 gravity, double speed,
                               const af_shots_f64 *out, const char *what, long index)
{
    double worst = 0.0;
    int j, inherit = (c->s.flags & AF_INHERIT_VELOCITY) != 0;
    for (j = 0; j < out->count; j++) {
        const af_shot_f64 *shot = &out->shot[j];
        af_vec3_f64 hit = kin_projectile(&c->s.shooter, inherit, shot->velocity, gravity, shot->t);
        af_vec3_f64 there = kin_accel_body(&c->target, shot->t);
        double size = scene_size(c, shot), miss = kin_dist(hit, there) / size;
        worst = fmax(worst, miss);
        TH_CHECK(miss <= HIT_TOL, "%s %ld shot %d: misses by %.3g of the scene", what, index, j,
                 miss);
        TH_CHECK(kin_dist(shot->point, there) <= HIT_TOL * size,
                 "%s %ld shot %d: point is %.3g from the target", what, index, j,
                 kin_dist(shot->point, there) / size);
        if (speed > 0.0 && shot->t > 0.0) {
            double ref = fmax(speed, kin_dist(c->target.position, c->s.shooter.position) / shot->t);
            TH_CHECK(fabs(kin_len(shot->velocity) - speed) <= SPEED_TOL * ref,
                     "%s %ld shot %d: speed %.17g, asked %.17g", what, index, j,
                     kin_len(shot->velocity), speed);
        }
    }
    return worst;
}

/* |D + V t + (a - g) t^2/2| - s t in the launch frame: a shot of speed s
 * meets the target at t exactly where this is zero. */
static double gap(const accel_scene *c, af_vec3_f64 g, double t)
{
    int inherit = (c->s.flags & AF_INHERIT_VELOCITY) != 0;
    af_vec3_f64 r;
    const af_body_f64 *sh = &c->s.shooter;
    r.x = c->target.position.x - sh->position.x +
          (c->target.velocity.x - (inherit ? sh->velocity.x : 0.0)) * t +
          (0.5 * (c->target.acceleration.x - g.x) * t) * t;
    r.y = c->target.position.y - sh->position.y +
          (c->target.velocity.y - (inherit ? sh->velocity.y : 0.0)) * t +
          (0.5 * (c->target.acceleration.y - g.y) * t) * t;
    r.z = c->target.position.z - sh->position.z +
          (c->target.velocity.z - (inherit ? sh->velocity.z : 0.0)) * t +
          (0.5 * (c->target.acceleration.z - g.z) * t) * t;
    return kin_len(r) - c->s.speed * t;
}

/* Scan the gap on a geometric grid from 1e-6 to 1e6 straight-line flight
 * times: every sign change must hold a returned time. Returns the sign
 * changes seen. */
static int check_scan(const accel_scene *c, af_vec3_f64 g, const af_shots_f64 *out,
                      const char *what, long index)
{
    const int cells = 1500;
    const double ratio = pow(1e12, 1.0 / cells);
    double a = kin_dist(c->target.position, c->s.shooter.position) / c->s.speed * 1e-6;
    double ha = gap(c, g, a);
    int k, crossings = 0;
    for (k = 0; k < cells; k++) {
        double b = a * ratio, hb = gap(c, g, b);
        if ((ha < 0.0) != (hb < 0.0)) {
            int j, found = 0;
            crossings++;
            for (j = 0; j < out->count; j++)
                found |= out->shot[j].t >= a * (1 - 1e-9) && out->shot[j].t <= b * (1 + 1e-9);
            TH_CHECK(found, "%s %ld: a meeting with t in [%.17g, %.17g] is lost (%d shots)", what,
                     index, a, b, out->count);
        }
        a = b;
        ha = hb;
    }
    return crossings;
}

static void lobs_at_accelerating_targets_hit(void)
{
    th_rng rng = th_rng_for("accel.arc_moving");
    long i, n = th_count(50000), counts[AF_MAX_SHOTS + 1] = { 0 }, seen = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        accel_scene c = scene_random(&rng);
        af_shots_f64 out;
        af_status st = af_arc_moving_accel_f64(&c.s.shooter, &c.target, c.s.speed, &c.s.gravity,
                                               c.s.flags, &out);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "lob %ld: %s", i,
                      af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "accelerating lob");
        worst = fmax(worst, check_accel_hits(&c, c.s.gravity, c.s.speed, &out, "lob", i));
        seen += check_scan(&c, c.s.gravity, &out, "lob", i);
        counts[out.count]++;
    }
    th_note("%ld lobs at accelerating targets: solutions 0/1/2/3/4: %ld/%ld/%ld/%ld/%ld; "
            "%ld meetings seen by the scan, all returned; worst miss %.3g", n, counts[0],
            counts[1], counts[2], counts[3], counts[4], seen, worst);
    TH_CHECK(counts[0] > 0 && counts[2] > 0 && (n < 10000 || counts[4] > 0),
             "no solution, two and four solutions all occur");
}

static void intercepts_of_accelerating_targets_hit(void)
{
    th_rng rng = th_rng_for("accel.intercept");
    const af_vec3_f64 none = { 0.0, 0.0, 0.0 };
    long i, n = th_count(50000), counts[AF_MAX_SHOTS + 1] = { 0 }, seen = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        accel_scene c = scene_random(&rng);
        af_shots_f64 out;
        af_status st = af_intercept_accel_f64(&c.s.shooter, &c.target, c.s.speed, c.s.flags, &out);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "intercept %ld: %s", i,
                      af_status_name(st)))
            continue;
        c.s.gravity = none; /* the scene's size has no fall */
        check_shots_shape(st, &out, "accelerating intercept");
        worst = fmax(worst, check_accel_hits(&c, none, c.s.speed, &out, "intercept", i));
        seen += check_scan(&c, none, &out, "intercept", i);
        counts[out.count]++;
    }
    th_note("%ld intercepts of accelerating targets: solutions 0/1/2/3/4: %ld/%ld/%ld/%ld/%ld; "
            "%ld meetings seen by the scan, all returned; worst miss %.3g", n, counts[0],
            counts[1], counts[2], counts[3], counts[4], seen, worst);
    TH_CHECK(counts[1] > 0 && counts[2] > 0, "one and two solutions both occur");
}

static void fixed_time_lobs_at_accelerating_targets_hit(void)
{
    th_rng rng = th_rng_for("accel.arc_time");
    long i, n = th_count(50000);
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        accel_scene c = scene_random(&rng);
        af_shots_f64 out;
        double t = th_rand_log(&rng, 1e-3, 1e3);
        af_status st =
            af_arc_time_accel_f64(&c.s.shooter, &c.target, t, &c.s.gravity, c.s.flags, &out);
        if (!TH_CHECK(st == AF_OK && out.count == 1 && out.shot[0].t == t, "arc_time %ld: %s", i,
                      af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "accelerating fixed time");
        worst = fmax(worst, check_accel_hits(&c, c.s.gravity, 0.0, &out, "arc_time", i));
    }
    th_note("%ld fixed-time lobs at accelerating targets; worst miss %.3g", n, worst);
}

/* The chosen-apex lob at an accelerating target meets it (flown under
 * gravity), and its apex is the policy's under the real gravity: the
 * vertical launch speed w = sqrt(2 |g| H) for an apex H above the higher
 * end, whatever the target's acceleration. */
static void apex_lobs_at_accelerating_targets_hit(void)
{
    th_rng rng = th_rng_for("accel.arc_apex");
    long i, n = th_count(20000), found = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        accel_scene c = scene_random(&rng);
        af_arc_policy_f64 policy = AF_ARC_POLICY_DEFAULT;
        af_shots_f64 out;
        af_status st;
        double g = kin_len(c.s.gravity);
        if (!(g > 0.0))
            continue;
        policy.base = th_rand_log(&rng, 1e-2, 1e2);
        st = af_arc_apex_accel_f64(&c.s.shooter, &c.target, &c.s.gravity, &policy, c.s.flags,
                                   &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "arc_apex %ld: %s", i,
                 af_status_name(st));
        if (st != AF_OK)
            continue;
        found++;
        check_shots_shape(st, &out, "accelerating apex");
        worst = fmax(worst, check_accel_hits(&c, c.s.gravity, 0.0, &out, "arc_apex", i));
        {
            /* The apex: the launch velocity along up, relative to the
             * shooter's when inherited, is w. */
            af_vec3_f64 up = { -c.s.gravity.x / g, -c.s.gravity.y / g, -c.s.gravity.z / g };
            af_vec3_f64 d = { c.target.position.x - c.s.shooter.position.x,
                              c.target.position.y - c.s.shooter.position.y,
                              c.target.position.z - c.s.shooter.position.z };
            double dz = d.x * up.x + d.y * up.y + d.z * up.z;
            double hx = sqrt(fmax(0.0, d.x * d.x + d.y * d.y + d.z * d.z - dz * dz));
            double H = fmax(dz, 0.0) + policy.base + policy.per_distance * hx;
            double w = sqrt(2.0 * g * H);
            double wz = out.shot[0].velocity.x * up.x + out.shot[0].velocity.y * up.y +
                        out.shot[0].velocity.z * up.z;
            TH_CHECK(fabs(wz - w) <= 1e-9 * (w + kin_len(out.shot[0].velocity)),
                     "arc_apex %ld: vertical speed %.17g, the policy's %.17g", i, wz, w);
        }
    }
    th_note("%ld apex lobs at accelerating targets, %ld with a shot; worst miss %.3g", n, found,
            worst);
}

/* Zero acceleration is the constant-velocity problem: the answers are the
 * existing solvers' own, bit for bit (negative zeros included). */
static void zero_acceleration_gives_the_same_bits(void)
{
    th_rng rng = th_rng_for("accel.zero");
    long i, n = th_count(20000), differ = 0;
    for (i = 0; i < n; i++) {
        accel_scene c = scene_random(&rng);
        af_shots_f64 a, b;
        af_status sa, sb;
        double t = th_rand_log(&rng, 1e-3, 1e3);
        c.target.acceleration.x = th_rand_below(&rng, 2) ? 0.0 : -0.0;
        c.target.acceleration.y = c.target.acceleration.z = 0.0;
        sa = af_arc_moving_accel_f64(&c.s.shooter, &c.target, c.s.speed, &c.s.gravity,
                                     c.s.flags, &a);
        sb = af_arc_moving_f64(&c.s.shooter, &c.s.target, c.s.speed, &c.s.gravity, c.s.flags, &b);
        differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
        sa = af_intercept_accel_f64(&c.s.shooter, &c.target, c.s.speed, c.s.flags, &a);
        sb = af_intercept_f64(&c.s.shooter, &c.s.target, c.s.speed, c.s.flags, &b);
        differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
        sa = af_arc_time_accel_f64(&c.s.shooter, &c.target, t, &c.s.gravity, c.s.flags, &a);
        sb = af_arc_time_f64(&c.s.shooter, &c.s.target, t, &c.s.gravity, c.s.flags, &b);
        differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
        {
            af_arc_policy_f64 policy = AF_ARC_POLICY_DEFAULT;
            sa = af_arc_apex_accel_f64(&c.s.shooter, &c.target, &c.s.gravity, &policy, c.s.flags,
                                       &a);
            sb = af_arc_apex_f64(&c.s.shooter, &c.s.target, &c.s.gravity, &policy, c.s.flags, &b);
            differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
        }
    }
    TH_CHECK(differ == 0, "%ld of %ld answers differ from the constant-velocity solvers'",
             differ, 4 * n);
}

/* A target accelerating exactly as gravity falls with the projectile: in
 * its frame the shot flies straight, so the lob meets it when the
 * straight-line intercept of the unaccelerated target does. */
static void acceleration_equal_to_gravity_flies_straight(void)
{
    th_rng rng = th_rng_for("accel.equal_gravity");
    long i, n = th_count(5000);
    for (i = 0; i < n; i++) {
        accel_scene c = scene_random(&rng);
        af_shots_f64 a, b;
        af_status sa, sb;
        c.target.acceleration = c.s.gravity;
        sa = af_arc_moving_accel_f64(&c.s.shooter, &c.target, c.s.speed, &c.s.gravity,
                                     c.s.flags, &a);
        sb = af_intercept_f64(&c.s.shooter, &c.s.target, c.s.speed, c.s.flags, &b);
        check_same_shots(sa, &a, sb, &b, "acceleration = gravity vs intercept", i);
        check_accel_hits(&c, c.s.gravity, c.s.speed, &a, "acceleration = gravity", i);
    }
}

/* The monkey and the hunter: a target 100 m away and 50 m up, dropping
 * from rest (a = g) as the 60 m/s shot leaves, is hit by aiming straight
 * at it, after the straight-line flight time. */
static void falling_target_is_hit_by_aiming_straight_at_it(void)
{
    af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
    af_body_accel_f64 target = { { 100.0, 0.0, 50.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, -9.81 } };
    af_vec3_f64 g = { 0.0, 0.0, -9.81 };
    af_shots_f64 out;
    af_status st = af_arc_moving_accel_f64(&shooter, &target, 60.0, &g, 0, &out);
    double L = sqrt(100.0 * 100.0 + 50.0 * 50.0);
    if (!TH_CHECK(st == AF_OK && out.count == 1, "falling target: %s, %d shots",
                  af_status_name(st), out.count))
        return;
    TH_CHECK(fabs(out.shot[0].t - L / 60.0) <= 1e-12 * L / 60.0, "t %.17g, expected %.17g",
             out.shot[0].t, L / 60.0);
    TH_CHECK(fabs(out.shot[0].velocity.x - 6000.0 / L) <= 1e-12 * 60.0 &&
                 fabs(out.shot[0].velocity.z - 3000.0 / L) <= 1e-12 * 60.0 &&
                 out.shot[0].velocity.y == 0.0,
             "aimed at (%.17g, %.17g, %.17g)", out.shot[0].velocity.x, out.shot[0].velocity.y,
             out.shot[0].velocity.z);
}

/* Edge table: each row an input and the status it must give, and why. */
/* The shooter at the target, receding from it at its own speed 2^-17 m/s
 * while it accelerates at (1.5e-313, 384, 4.7e-308) m/s^2: the straight
 * line meets it again only 1.5e-323 s later, a time below 2^-1042 s that
 * accel.h (through ballistic_moving.h) leaves out as underflowing; the
 * t = 0 shot alone is left. */
static void intercept_at_the_muzzle_leaves_out_a_meeting_that_underflows(void)
{
    const double s = 0x1p-17;
    af_body_f64 shooter = { { s, s, s }, { s, s, s } };
    af_body_accel_f64 target = { { s, s, s },
                                 { 0, s, s },
                                 { 0x0.00006ff416603p-1022, 384.0, 0x1.10300001c006p-1021 } };
    af_shots_f64 out;
    af_status st = af_intercept_accel_f64(&shooter, &target, s, AF_INHERIT_VELOCITY, &out);
    TH_CHECK(st == AF_OK && out.count == 1 && out.shot[0].t == 0.0,
             "%s, %d shots, the last at t = %.17g", af_status_name(st), out.count,
             out.count > 0 ? out.shot[out.count - 1].t : 0.0);
}

/* A target 1.5 km out closing slower than the 36 m/s shot, its acceleration
 * a subnormal 2.8e-308 m/s^2 along x: in the lob's units the quartic's
 * coefficients reach 1e307 and its derivative's vertex term 1e154, whose
 * square overflows; the meeting at 111 s, where the acceleration moves the
 * target by 1e-304 m, is the constant-velocity intercept's. */
static void intercept_with_a_subnormal_acceleration_keeps_the_meeting(void)
{
    af_body_f64 shooter = { { 0x1.903p-2, -0x1.0dd4p+1, -0x1.2cc6cp+2 },
                            { 0x1.d7f8p-1, -0x1.bd6dp+0, -0x1.74d3p+0 } };
    af_body_accel_f64 target = { { -0x1.ef489bp+8, -0x1.6dedc4cp+10, 0x1.454518p+5 },
                                 { -0x1.d8b29p+4, 0x1.576ep+0, -0x1.9f54p-2 },
                                 { 0x1.4000003p-1022, 0.0, 0.0 } };
    af_body_f64 still = { target.position, target.velocity };
    af_shots_f64 out, plain;
    af_status st = af_intercept_accel_f64(&shooter, &target, 36.0, 0, &out);
    af_status st0 = af_intercept_f64(&shooter, &still, 36.0, 0, &plain);
    TH_CHECK(st0 == AF_OK && plain.count == 1, "constant velocity: %s, %d shots",
             af_status_name(st0), plain.count);
    TH_CHECK(st == AF_OK && out.count == 1 &&
                 fabs(out.shot[0].t - plain.shot[0].t) <= 1e-12 * plain.shot[0].t,
             "%s, %d shots, the first at t = %.17g (constant velocity: %.17g)",
             af_status_name(st), out.count, out.count > 0 ? out.shot[0].t : 0.0,
             plain.shot[0].t);
}

static void edge_table(void)
{
    struct row {
        const char *why;
        af_vec3_f64 a, g;
        double speed;
        af_status lob, intercept, fixed_time;
    };
    const double inf = HUGE_VAL, big = DBL_MAX;
    const struct row rows[] = {
        { "NaN acceleration is refused", { 0.0, NAN, 0.0 }, { 0.0, 0.0, -9.81 }, 50.0,
          AF_ERR_BAD_ARGUMENT, AF_ERR_BAD_ARGUMENT, AF_ERR_BAD_ARGUMENT },
        { "infinite acceleration is refused", { 0.0, 0.0, -inf }, { 0.0, 0.0, -9.81 }, 50.0,
          AF_ERR_BAD_ARGUMENT, AF_ERR_BAD_ARGUMENT, AF_ERR_BAD_ARGUMENT },
        { "NaN gravity is refused (the intercept has none)", { 1.0, 0.0, 0.0 },
          { 0.0, 0.0, NAN }, 50.0, AF_ERR_BAD_ARGUMENT, AF_OK, AF_ERR_BAD_ARGUMENT },
        { "zero speed is refused (the fixed time has no speed)", { 1.0, 0.0, 0.0 },
          { 0.0, 0.0, -9.81 }, 0.0, AF_ERR_BAD_ARGUMENT, AF_ERR_BAD_ARGUMENT, AF_OK },
        { "NaN speed is refused", { 1.0, 0.0, 0.0 }, { 0.0, 0.0, -9.81 }, NAN,
          AF_ERR_BAD_ARGUMENT, AF_ERR_BAD_ARGUMENT, AF_OK },
        { "acceleration equal to gravity: a straight line", { 0.0, 0.0, -9.81 },
          { 0.0, 0.0, -9.81 }, 50.0, AF_OK, AF_OK, AF_OK },
        { "g - a beyond DBL_MAX is an overflow, not a NaN (-a fits: the intercept's target "
          "accelerates away)", { 0.0, 0.0, big },
          { 0.0, 0.0, -big }, 50.0, AF_ERR_OVERFLOW, AF_ERR_NO_SOLUTION, AF_ERR_OVERFLOW },
        { "a target accelerating away faster than gravity escapes the lob",
          { 0.0, 0.0, 30.0 }, { 0.0, 0.0, -9.81 }, 1.0, AF_ERR_NO_SOLUTION, AF_ERR_NO_SOLUTION,
          AF_OK },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const struct row *r = &rows[i];
        af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
        af_body_accel_f64 target = { { 0.0, 0.0, 100.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
        af_shots_f64 out;
        af_status st;
        target.acceleration = r->a;
        st = af_arc_moving_accel_f64(&shooter, &target, r->speed, &r->g, 0, &out);
        TH_CHECK(st == r->lob, "%s: lob gives %s", r->why, af_status_name(st));
        check_shots_shape(st, &out, r->why);
        st = af_intercept_accel_f64(&shooter, &target, r->speed, 0, &out);
        TH_CHECK(st == r->intercept, "%s: intercept gives %s", r->why, af_status_name(st));
        check_shots_shape(st, &out, r->why);
        st = af_arc_time_accel_f64(&shooter, &target, 2.0, &r->g, 0, &out);
        TH_CHECK(st == r->fixed_time, "%s: fixed time gives %s", r->why, af_status_name(st));
        check_shots_shape(st, &out, r->why);
    }
    {
        af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
        af_vec3_f64 g = { 0.0, 0.0, -9.81 };
        af_shots_f64 out;
        TH_CHECK(af_arc_moving_accel_f64(&shooter, NULL, 1.0, &g, 0, &out) ==
                         AF_ERR_BAD_ARGUMENT &&
                     af_intercept_accel_f64(&shooter, NULL, 1.0, 0, &out) == AF_ERR_BAD_ARGUMENT &&
                     af_arc_time_accel_f64(&shooter, NULL, 1.0, &g, 0, &out) ==
                         AF_ERR_BAD_ARGUMENT,
                 "a NULL target is refused");
    }
}

/* A target accelerating as gravity pulls, across gravity's axes: the
 * apex lob's heights then never close again (no_solution). The pull along
 * up was |g| + a.up, which left |g|'s ulps (a pull of 2e-16 m/s^2 where
 * none is) and a flight of 1.5e16 s that missed by the whole scene; it is
 * -(g - a).up, exactly 0 here. A target falling a millionth slower on
 * one axis is met where the tests' kinematics find it. */
static void apex_lob_at_a_target_falling_with_the_projectile(void)
{
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, -200.640625, 132.515625 } };
    af_body_accel_f64 target = { { 1, 2, 0 }, { 0, 0, 0 }, { 1, 1, 0 } };
    af_vec3_f64 g = { 1, 1, 0 };
    af_arc_policy_f64 policy = { AF_ARC_APEX_HEIGHT, 0.98046875, 0 };
    af_shots_f64 out;
    af_status st = af_arc_apex_accel_f64(&shooter, &target, &g, &policy, 0, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && out.count == 0, "with gravity: %s, %d shots, t %.17g",
             af_status_name(st), out.count, out.shot[0].t);
    target.acceleration.y = 1.0 - 1e-6;
    st = af_arc_apex_accel_f64(&shooter, &target, &g, &policy, 0, &out);
    if (TH_CHECK(st == AF_OK && out.count == 1, "a millionth slower: %s", af_status_name(st))) {
        af_vec3_f64 at = kin_accel_body(&target, out.shot[0].t);
        af_vec3_f64 flown = kin_projectile(&shooter, 0, out.shot[0].velocity, g, out.shot[0].t);
        TH_CHECK(kin_dist(at, flown) <= 1e-9 * (kin_len(at) + 1.0), "misses by %.3g m at t %.6g",
                 kin_dist(at, flown), out.shot[0].t);
    }
}

/* Gravity and the target's acceleration 46 341 m/s^2 long and 2^-16 m/s^2
 * apart: the pull along up and the target's drift across up, 1.5e-5
 * m/s^2, must both come from a - g (a drift taken as a - (a.up) up keeps
 * |a|'s ulps, and beside a pull from a - g it missed by 6.7e-7 of the
 * scene over the 3.3e21 s flight). */
static void apex_lob_keeps_the_drift_across_up_of_a_target_falling_almost_as_fast(void)
{
    const double m = 32767.999984741211, e = 1.52587890625e-05;
    af_body_f64 shooter = { { m, 0, m }, { m, m, m } };
    af_body_accel_f64 target = { { m, m, m }, { m, e, e }, { 0, m, m } };
    af_vec3_f64 g = { e, m, m };
    af_arc_policy_f64 policy = { AF_ARC_APEX_HEIGHT, m, m };
    af_shots_f64 out;
    af_status st = af_arc_apex_accel_f64(&shooter, &target, &g, &policy, 0, &out);
    if (TH_CHECK(st == AF_OK && out.count == 1, "%s", af_status_name(st))) {
        double t = out.shot[0].t;
        af_vec3_f64 at = kin_accel_body(&target, t);
        af_vec3_f64 flown = kin_projectile(&shooter, 0, out.shot[0].velocity, g, t);
        TH_CHECK(kin_dist(at, flown) <= 1e-9 * kin_len(at), "misses by %.3g of %.3g m at t %.6g",
                 kin_dist(at, flown), kin_len(at), t);
    }
}

static const th_case cases[] = {
    TH_CASE(lobs_at_accelerating_targets_hit),
    TH_CASE(intercepts_of_accelerating_targets_hit),
    TH_CASE(fixed_time_lobs_at_accelerating_targets_hit),
    TH_CASE(apex_lobs_at_accelerating_targets_hit),
    TH_CASE(zero_acceleration_gives_the_same_bits),
    TH_CASE(acceleration_equal_to_gravity_flies_straight),
    TH_CASE(falling_target_is_hit_by_aiming_straight_at_it),
    TH_CASE(intercept_at_the_muzzle_leaves_out_a_meeting_that_underflows),
    TH_CASE(intercept_with_a_subnormal_acceleration_keeps_the_meeting),
    TH_CASE(edge_table),
    TH_CASE(apex_lob_at_a_target_falling_with_the_projectile),
    TH_CASE(apex_lob_keeps_the_drift_across_up_of_a_target_falling_almost_as_fast),
};

TH_MAIN("accel_f64", cases)
