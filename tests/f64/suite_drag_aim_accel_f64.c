/* SPDX-License-Identifier: MIT */
/*
 * The drag aims at an accelerating target: every returned shot is flown by
 * the tests' own flight (the engine's literal loop, or RK4) and must meet
 * the target where it is then, p + v t + a t^2/2; the fixed-speed aim must
 * return the planted shot of a scene built around one, and no meeting a
 * brute-force scan over elevation and flight time finds may be missing.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "drag_shot_check.h"
#include "drag_sim.h"
#include "harness.h"

/* A shot flown by the loop or RK4 meets the target within this of the
 * scene's size (the turret issue's figure; RK4 itself is within 4e-11,
 * the loop within n 1e-16 in double-double: measured 1.5e-11). */
#define HIT_TOL 1e-9
/* pi, which strict C99's math.h does not name. */
#define PI 3.14159265358979323846
/* The launch speed equals the asked one within this, relative to the
 * terms the velocity is made of (suite_drag_aim_f64's). */
#define SPEED_TOL 1e-9

static af_vec3_f64 target_at(const af_body_accel_f64 *b, double t)
{
    return dshot_add_scaled(dshot_add_scaled(b->position, b->velocity, t), b->acceleration,
                            0.5 * t * t);
}

/* Shooter and target within 1 km moving at up to 50 m/s; the target
 * accelerating at up to 20 m/s^2 (one in five not at all). */
static void random_scene(th_rng *rng, af_body_f64 *shooter, af_body_accel_f64 *target,
                         int *inherit)
{
    static const af_vec3_f64 still = { 0.0, 0.0, 0.0 };
    shooter->position = dsim_vector(rng, 1e-2, 1e3);
    shooter->velocity = dsim_vector(rng, 1e-2, 50.0);
    target->position = dsim_vector(rng, 1e-2, 1e3);
    target->velocity = th_rand_below(rng, 4) ? dsim_vector(rng, 1e-2, 50.0) : still;
    target->acceleration = th_rand_below(rng, 5) ? dsim_vector(rng, 1e-2, 20.0) : still;
    *inherit = (int)th_rand_below(rng, 2);
}

static void aim_time_accel_hits(void)
{
    th_rng rng = th_rng_for("aim_time_accel_hits");
    long i, count = th_count(20000);
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_body_f64 shooter;
        af_body_accel_f64 target;
        af_shots_f64 out;
        int inherit;
        double t, miss;
        af_status st;
        random_scene(&rng, &shooter, &target, &inherit);
        t = dshot_random_flight_time(&rng, &m);
        st = af_drag_aim_time_accel_f64(&m, &shooter, &target, t,
                                        inherit ? AF_INHERIT_VELOCITY : 0, &out);
        if (!TH_CHECK(st == AF_OK && out.count == 1, "%s: %s", dsim_kind_name(m.kind),
                      af_status_name(st)))
            continue;
        TH_CHECK(out.shot[0].t == t, "t = %g, asked %g", out.shot[0].t, t);
        TH_CHECK(dsim_dist(out.shot[0].point, target_at(&target, t)) <=
                     1e-12 * dshot_scene_scale(&m, &shooter, &out.shot[0]),
                 "impact point is the accelerating target's position at t");
        miss = dshot_miss(&m, &shooter, inherit, &out.shot[0]);
        worst = fmax(worst, miss);
        TH_CHECK(miss <= HIT_TOL, "%s r = %.17g k = %g t = %g inherit %d: miss %.3g of the scene",
                 dsim_kind_name(m.kind), m.r, m.k, t, inherit, miss);
    }
    th_note("%ld fixed-time shots at accelerating targets, worst miss %.3g of the scene", count,
            worst);
}

/* Zero acceleration is the constant-velocity aim, to the bit. */
static void zero_acceleration_gives_the_same_bits(void)
{
    th_rng rng = th_rng_for("zero_acceleration_gives_the_same_bits");
    long i, count = th_count(2000), differ = 0;
    for (i = 0; i < count; i++) {
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_body_f64 shooter, plain;
        af_body_accel_f64 target;
        af_shots_f64 a, b;
        int inherit;
        double t, speed = th_rand_log(&rng, 1.0, 500.0);
        af_status sa, sb;
        random_scene(&rng, &shooter, &target, &inherit);
        memset(&target.acceleration, 0, sizeof target.acceleration);
        plain.position = target.position;
        plain.velocity = target.velocity;
        t = dshot_random_flight_time(&rng, &m);
        sa = af_drag_aim_time_accel_f64(&m, &shooter, &target, t, 0, &a);
        sb = af_drag_aim_time_f64(&m, &shooter, &plain, t, 0, &b);
        differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
        sa = af_drag_aim_speed_accel_f64(&m, &shooter, &target, speed, 30.0,
                                         inherit ? AF_INHERIT_VELOCITY : 0, &a);
        sb = af_drag_aim_speed_f64(&m, &shooter, &plain, speed, 30.0,
                                   inherit ? AF_INHERIT_VELOCITY : 0, &b);
        differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
    }
    TH_CHECK(differ == 0, "%ld of %ld answers differ from the constant-velocity aims", differ,
             2 * count);
}

/*
 * Scenes built around a known answer: a launch velocity of the asked
 * speed and a flight time are drawn, the projectile flown there by the
 * tests' flight, and the accelerating target placed so that it is there
 * then. Every returned shot must hit and have the speed; the planted one
 * must be among them.
 */
static void aim_speed_accel_hits_and_finds_the_planted_shot(void)
{
    th_rng rng = th_rng_for("aim_speed_accel_hits_and_finds_the_planted_shot");
    long i, count = th_count(10000), several = 0;
    dshot_tally tally = { 0, 0.0, 0.0 };
    for (i = 0; i < count; i++) {
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_body_f64 shooter, fly;
        af_body_accel_f64 target;
        af_shot_f64 planted;
        af_shots_f64 out;
        int inherit, j;
        double speed = th_rand_log(&rng, 1.0, 500.0), t;
        af_status st;
        random_scene(&rng, &shooter, &target, &inherit);
        t = dshot_random_flight_time(&rng, &m);
        if (m.kind != AF_DRAG_KIND_STEPPED)
            t = t * th_rand_uniform(&rng, 0.05, 1.0) + 1e-3;
        planted.t = t;
        planted.velocity = dshot_random_launch(&rng, speed);
        fly = dshot_projectile(&shooter, &planted, inherit);
        dsim_fly(&m, &fly, t);
        planted.point = fly.position;
        target.position = dshot_add_scaled(dshot_add_scaled(fly.position, target.velocity, -t),
                                           target.acceleration, -0.5 * t * t);
        st = af_drag_aim_speed_accel_f64(&m, &shooter, &target, speed, 2.0 * t + 1.0,
                                         inherit ? AF_INHERIT_VELOCITY : 0, &out);
        if (!TH_CHECK(st == AF_OK, "%s r = %.17g k = %g: planted shot at t = %g not found: %s",
                      dsim_kind_name(m.kind), m.r, m.k, t, af_status_name(st)))
            continue;
        several += out.count > 2;
        for (j = 0; j < out.count; j++)
            TH_CHECK(dsim_dist(out.shot[j].point, target_at(&target, out.shot[j].t)) <=
                         1e-12 * dshot_scene_scale(&m, &shooter, &out.shot[j]),
                     "shot %d's point is not the target's at t = %g", j, out.shot[j].t);
        dshot_check_speed_shots(&m, &shooter, inherit, speed, &planted, &out, HIT_TOL, SPEED_TOL,
                                &tally);
    }
    th_note("%ld shots, %ld scenes with more than two, worst miss %.3g of the scene, worst "
            "speed error %.3g",
            tally.shots, several, tally.worst_miss, tally.worst_speed);
}

/*
 * The brute-force scan over elevation. The scene lies in the x-z plane
 * (gravity, wind, the target's motion), so every hit does: the shot of
 * the speed at elevation e (the whole circle) is flown by RK4 and its
 * offset from the target, r(e, t) in the plane, tabulated on a grid of
 * elevations and flight times. A meeting is a zero of r: each grid cell,
 * cut into two triangles on which r is taken as linear, holds one where
 * the triangle's image contains the origin. Every such meeting must be
 * near a returned shot (within two cells in elevation and in time),
 * unless a meeting of the opposite orientation lies within four cells: a
 * pair of meetings that close is a shallow dip the scan may miss (drag_aim.h).
 */
/* Coarser on the slow targets (the micro:bit has 3 KiB of RAM to spare). */
#define SCAN_E (TH_SCALE > 1 ? 180 : 720)
#define SCAN_T (TH_SCALE > 1 ? 60 : 400)
#define SCAN_HITS (TH_SCALE > 1 ? 16 : 256)

typedef struct scan_hit {
    double e, t;
    int sign;
} scan_hit;

static int origin_in(const double a[2], const double b[2], const double c[2], int *sign)
{
    double d1 = a[0] * b[1] - a[1] * b[0], d2 = b[0] * c[1] - b[1] * c[0],
           d3 = c[0] * a[1] - c[1] * a[0];
    double area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    *sign = area > 0.0 ? 1 : -1;
    return (d1 > 0.0 && d2 > 0.0 && d3 > 0.0) || (d1 < 0.0 && d2 < 0.0 && d3 < 0.0);
}

static double angle_gap(double a, double b)
{
    double d = fmod(fabs(a - b), 2.0 * PI);
    return fmin(d, 2.0 * PI - d);
}

/* Flight times sampled for four_meeting_speed (fewer on the slow
 * targets: their stack is small). */
#define NEED_SAMPLES (TH_SCALE > 1 ? 250 : 1000)

/* A speed at which the shot meets the target four times, when the speed
 * the meeting needs (the fixed-time aim's, sampled over the flight times)
 * dips twice with a hump between: halfway from the higher dip to the
 * hump. 0 when it does not. */
static double four_meeting_speed(const af_drag_f64 *m, const af_body_f64 *shooter,
                                 const af_body_accel_f64 *target, double max_time)
{
    double need[NEED_SAMPLES], dips[2] = { 0.0, 0.0 }, hump = 0.0;
    int j, n = 0;
    for (j = 0; j < NEED_SAMPLES; j++) {
        af_shots_f64 out;
        if (af_drag_aim_time_accel_f64(m, shooter, target, max_time * (j + 1) / NEED_SAMPLES, 0,
                                       &out) != AF_OK)
            return 0.0;
        need[j] = dsim_len(out.shot[0].velocity);
    }
    for (j = 1; j < NEED_SAMPLES - 1; j++) {
        if (need[j] < need[j - 1] && need[j] <= need[j + 1]) {
            if (n == 2)
                return 0.0;
            dips[n++] = need[j];
        } else if (n == 1 && need[j] > need[j - 1] && need[j] >= need[j + 1]) {
            hump = need[j];
        }
    }
    if (n < 2 || !(hump > fmax(dips[0], dips[1])) || need[NEED_SAMPLES - 1] <= hump)
        return 0.0;
    return fmax(dips[0], dips[1]) + 0.5 * (hump - fmax(dips[0], dips[1]));
}

static void aim_speed_accel_loses_no_arc_against_an_elevation_scan(void)
{
    static double r[2][SCAN_T + 1][2];
    static scan_hit hits[SCAN_HITS];
    th_rng rng = th_rng_for("aim_speed_accel_loses_no_arc_against_an_elevation_scan");
    /* At least one scene of each kind. */
    long scene, scenes = th_count(32) < 2 ? 2 : th_count(32), checked = 0, rich = 0;
    for (scene = 0; scene < scenes; scene++) {
        af_vec3_f64 g = { 0.0, 0.0, -9.81 }, wind = { 0.0, 0.0, 0.0 };
        af_drag_f64 m;
        af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
        af_body_accel_f64 target;
        af_shots_f64 out;
        double speed = th_rand_uniform(&rng, 60.0, 150.0), max_time = 10.0, side;
        double de = 2.0 * PI / SCAN_E, dt = max_time / SCAN_T;
        int i, j, n = 0, h;
        af_status st;
        if (th_rand_below(&rng, 2))
            wind.x = th_rand_uniform(&rng, -10.0, 10.0);
        if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, th_rand_uniform(&rng, 0.02, 0.2), 0.0,
                                       &g, &wind, &m) == AF_OK,
                      "init"))
            continue;
        side = th_rand_sign(&rng);
        target.position.y = target.velocity.y = target.acceleration.y = 0.0;
        if (scene % 2 == 0) {
            /* Close and coming at the shooter, falling fast but pulled up:
             * the speed the meeting needs can dip twice, as the target
             * passes and as its fall turns (four meetings); drawn until
             * it does, or 20 times. */
            int tries;
            for (tries = 0; tries < 20; tries++) {
                target.position.x = th_rand_uniform(&rng, 3.0, 30.0) * side;
                target.position.z = th_rand_uniform(&rng, -5.0, 5.0);
                target.velocity.x = -th_rand_uniform(&rng, 20.0, 60.0) * side;
                target.velocity.z = -th_rand_uniform(&rng, 20.0, 60.0);
                target.acceleration.x = th_rand_uniform(&rng, -2.0, 2.0);
                target.acceleration.z = th_rand_uniform(&rng, 0.0, 20.0);
                speed = four_meeting_speed(&m, &shooter, &target, max_time);
                if (speed > 0.0)
                    break;
            }
            if (!(speed > 0.0))
                continue;
        } else {
            target.position.x = th_rand_uniform(&rng, 40.0, 200.0) * side;
            target.position.z = th_rand_uniform(&rng, -20.0, 60.0);
            target.velocity.x = th_rand_uniform(&rng, -30.0, 30.0);
            target.velocity.z = th_rand_uniform(&rng, -10.0, 20.0);
            target.acceleration.x = th_rand_uniform(&rng, -12.0, 12.0);
            target.acceleration.z = th_rand_uniform(&rng, -8.0, 12.0);
        }
        for (i = 0; i <= SCAN_E; i++) {
            double e = -PI + de * i;
            af_body_f64 p;
            p.position = shooter.position;
            p.velocity.x = speed * cos(e);
            p.velocity.y = 0.0;
            p.velocity.z = speed * sin(e);
            for (j = 0; j <= SCAN_T; j++) {
                af_vec3_f64 at = target_at(&target, dt * j);
                if (j > 0)
                    dsim_rk4(&m, &p, dt, 8);
                r[i & 1][j][0] = p.position.x - at.x;
                r[i & 1][j][1] = p.position.z - at.z;
            }
            /* The cells between elevation i - 1 and i, past the first
             * time step (at t = 0 the shot is at the muzzle). */
            for (j = 1; i > 0 && j < SCAN_T; j++) {
                const double *a = r[(i - 1) & 1][j], *b = r[i & 1][j], *c = r[i & 1][j + 1],
                             *d = r[(i - 1) & 1][j + 1];
                int sign;
                if ((origin_in(a, b, c, &sign) || origin_in(a, c, d, &sign)) && n < SCAN_HITS) {
                    hits[n].e = e - 0.5 * de;
                    hits[n].t = dt * (j + 0.5);
                    hits[n].sign = sign;
                    n++;
                }
            }
        }
        st = af_drag_aim_speed_accel_f64(&m, &shooter, &target, speed, max_time, 0, &out);
        rich += n >= 3;
        for (h = 0; h < n; h++) {
            int k, near = 0, paired = 0;
            for (k = 0; k < n; k++)
                paired |= hits[k].sign != hits[h].sign &&
                          angle_gap(hits[k].e, hits[h].e) <= 4.0 * de &&
                          fabs(hits[k].t - hits[h].t) <= 4.0 * dt;
            if (paired || hits[h].t > max_time - 2.0 * dt)
                continue;
            checked++;
            for (k = 0; k < out.count; k++) {
                const af_vec3_f64 *u = &out.shot[k].velocity;
                near |= angle_gap(atan2(u->z, u->x), hits[h].e) <= 2.0 * de &&
                        fabs(out.shot[k].t - hits[h].t) <= 2.0 * dt;
            }
            TH_CHECK(near, "scene %ld: the meeting at elevation %.4f, t = %.3f is lost (%s, %d "
                           "shots)",
                     scene, hits[h].e, hits[h].t, af_status_name(st), out.count);
        }
        /* And no shot where the scan finds no meeting. */
        for (h = 0; h < out.count; h++) {
            const af_vec3_f64 *u = &out.shot[h].velocity;
            int k, near = 0;
            if (out.shot[h].t < 2.0 * dt || out.shot[h].t > max_time - 2.0 * dt)
                continue;
            for (k = 0; k < n; k++)
                near |= angle_gap(atan2(u->z, u->x), hits[k].e) <= 2.0 * de &&
                        fabs(out.shot[h].t - hits[k].t) <= 2.0 * dt;
            TH_CHECK(near, "scene %ld: shot %d (t = %.3f) meets nothing the scan finds", scene, h,
                     out.shot[h].t);
        }
    }
    TH_CHECK(checked > 0 && rich > 0, "%ld meetings checked, %ld scenes with three or more",
             checked, rich);
    th_note("%ld meetings of the scan checked, %ld scenes with three or more", checked, rich);
}

static void bad_inputs_are_rejected(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 };
    af_drag_f64 m;
    af_body_f64 shooter = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
    af_body_accel_f64 target = { { 100.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 1.0 } },
                      bad = target;
    af_shots_f64 out;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_BULLET, 0.1, 0.02, &g, NULL, &m) == AF_OK, "init"))
        return;
    bad.acceleration.x = NAN;
    TH_CHECK(af_drag_aim_time_accel_f64(&m, &shooter, &bad, 1.0, 0, &out) ==
                     AF_ERR_BAD_ARGUMENT &&
                 out.count == 0,
             "NaN acceleration, fixed time");
    TH_CHECK(af_drag_aim_speed_accel_f64(&m, &shooter, &bad, 100.0, 10.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NaN acceleration, fixed speed");
    TH_CHECK(af_drag_aim_time_accel_f64(&m, &shooter, NULL, 1.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL target");
    TH_CHECK(af_drag_aim_speed_accel_f64(&m, &shooter, NULL, 100.0, 10.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL target, fixed speed");
    TH_CHECK(af_drag_aim_time_accel_f64(&m, &shooter, &target, 0.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "t = 0");
    TH_CHECK(af_drag_aim_time_accel_f64(NULL, &shooter, &target, 1.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL model");
    /* A pull of 1e300 m/s^2 over 1e10 s moves the target past a double. */
    bad = target;
    bad.acceleration.z = 1e300;
    TH_CHECK(af_drag_aim_time_accel_f64(&m, &shooter, &bad, 1e10, 0, &out) == AF_ERR_OVERFLOW &&
                 out.count == 0,
             "target beyond a double");
}

/* With no acceleration the fixed-time aim is the plain one, status and
 * bits, at the edges too: an invalid model (infinite gravity) beside a
 * target whose position at t overflows is a bad argument (it was
 * overflow), and a velocity component of -0 keeps its sign (V + 0 t/2
 * made it +0). */
static void zero_acceleration_is_the_plain_aim_at_the_edges(void)
{
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 0, 10000 }, { 0, 0, 0 } }, plain;
    af_body_accel_f64 target = { { 1, 0, 10000 }, { 0, -1.7976931348623157e308, -0.0 },
                                 { 0, 0, 0 } };
    af_shots_f64 a, b;
    af_status sa, sb;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.k = 0.5;
    m.gravity = (af_vec3_f64){ INFINITY, 1, 0 };
    plain.position = target.position;
    plain.velocity = target.velocity;
    sa = af_drag_aim_time_accel_f64(&m, &shooter, &target, 1000.0, 0, &a);
    sb = af_drag_aim_time_f64(&m, &shooter, &plain, 1000.0, 0, &b);
    TH_CHECK(sa == AF_ERR_BAD_ARGUMENT && sb == sa, "invalid model: %s, the plain aim %s",
             af_status_name(sa), af_status_name(sb));
    m.gravity = (af_vec3_f64){ 0, 0, -9.81 };
    target.velocity = (af_vec3_f64){ -0.0, 1, -0.0 };
    plain.velocity = target.velocity;
    sa = af_drag_aim_time_accel_f64(&m, &shooter, &target, 2.0, 0, &a);
    sb = af_drag_aim_time_f64(&m, &shooter, &plain, 2.0, 0, &b);
    TH_CHECK(sa == AF_OK && sb == AF_OK && memcmp(&a.shot[0], &b.shot[0], sizeof a.shot[0]) == 0,
             "-0 velocity: %s, other bits than the plain aim's", af_status_name(sa));
}

static const th_case cases[] = {
    TH_CASE(zero_acceleration_is_the_plain_aim_at_the_edges),
    TH_CASE(aim_time_accel_hits),
    TH_CASE(zero_acceleration_gives_the_same_bits),
    TH_CASE(aim_speed_accel_hits_and_finds_the_planted_shot),
    TH_CASE(aim_speed_accel_loses_no_arc_against_an_elevation_scan),
    TH_CASE(bad_inputs_are_rejected),
};

TH_MAIN("drag_aim_accel", cases)
