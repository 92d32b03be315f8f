/* SPDX-License-Identifier: MIT */
/*
 * Fixed-direction and fixed-elevation launchers, double precision
 * (aimfix/fixed_launch.h): every shot has the fixed direction or
 * elevation and, flown by tests/support/kinematics.c (vacuum) or
 * tests/support/drag_sim.c (drag), meets the target within 1e-9 of the
 * scene's size; a brute-force scan of the flight time finds no solution
 * the solver misses; the edges give the documented statuses.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "drag_sim.h"
#include "harness.h"
#include "kinematics.h"
#include "shot_flight.h"

#define HIT_TOL 1e-9

static double dot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

typedef struct scene {
    af_body_f64 shooter;
    af_body_accel_f64 target;
    af_vec3_f64 gravity;
    unsigned flags;
} scene;

static scene rand_scene(th_rng *rng)
{
    scene s;
    s.shooter.position = sf_rand_vec(rng, 50.0);
    s.shooter.velocity = sf_rand_vec(rng, 5.0);
    s.target.position = sf_rand_vec(rng, 100.0);
    s.target.velocity = sf_rand_vec(rng, 10.0);
    s.target.acceleration =
        th_rand_uniform(rng, 0, 1) < 0.3 ? sf_vec(0, 0, 0) : sf_rand_vec(rng, 3.0);
    s.gravity = th_rand_uniform(rng, 0, 1) < 0.5 ? sf_vec(0, 0, -9.81) : sf_rand_vec(rng, 20.0);
    s.flags = th_rand_uniform(rng, 0, 1) < 0.5 ? AF_INHERIT_VELOCITY : 0u;
    return s;
}

/* The target relative to a projectile launched with zero velocity. */
static af_vec3_f64 reach(const scene *s, double t)
{
    af_vec3_f64 a = kin_accel_body(&s->target, t),
                b = kin_projectile(&s->shooter, (s->flags & AF_INHERIT_VELOCITY) != 0,
                                   sf_vec(0, 0, 0), s->gravity, t);
    return sf_vec(a.x - b.x, a.y - b.y, a.z - b.z);
}

static double scene_size(const scene *s, const af_shot_f64 *shot)
{
    return kin_len(sf_vec(s->target.position.x - s->shooter.position.x,
                          s->target.position.y - s->shooter.position.y,
                          s->target.position.z - s->shooter.position.z)) +
           (kin_len(s->target.velocity) + kin_len(s->shooter.velocity) +
            kin_len(shot->velocity)) * shot->t +
           0.5 * (kin_len(s->target.acceleration) + kin_len(s->gravity)) * shot->t * shot->t;
}

static double vacuum_miss(const scene *s, const af_shot_f64 *shot)
{
    return kin_dist(kin_projectile(&s->shooter, (s->flags & AF_INHERIT_VELOCITY) != 0,
                                   shot->velocity, s->gravity, shot->t),
                    kin_accel_body(&s->target, shot->t));
}

/* The elevation of v above the plane square to g. */
static double elevation_of(af_vec3_f64 v, af_vec3_f64 g)
{
    return -asin(dot(v, g) / (kin_len(v) * kin_len(g)));
}

/* cos e R_up - sin e |R_h|: zero exactly where R has elevation e. */
static double elev_gap(const scene *s, double e, double t)
{
    af_vec3_f64 r = reach(s, t);
    double gl = kin_len(s->gravity), up = -dot(r, s->gravity) / gl, h2 = dot(r, r) - up * up;
    return cos(e) * up - sin(e) * sqrt(h2 > 0 ? h2 : 0);
}

static int has_time(const af_shots_f64 *out, double t, double tol)
{
    int i;
    for (i = 0; i < out->count; i++)
        if (fabs(out->shot[i].t - t) <= tol)
            return 1;
    return 0;
}

static void fixed_elev_hits_and_misses_no_root(void)
{
    th_rng rng = th_rng_for("fixed_elev_hits_and_misses_no_root");
    long i, n = th_count(300), shots = 0;
    double worst = 0;
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng);
        double e = th_rand_uniform(&rng, -1.45, 1.45), prev = 0, t;
        af_shots_f64 out;
        af_status st = af_fixed_elev_f64(&s.shooter, &s.target, e, &s.gravity, s.flags, &out);
        int k, scan_n = 4000;
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "status %d", (int)st))
            continue;
        for (k = 0; k < out.count; k++) {
            const af_shot_f64 *shot = &out.shot[k];
            double miss = vacuum_miss(&s, shot), size = scene_size(&s, shot);
            shots++;
            if (miss / size > worst)
                worst = miss / size;
            TH_CHECK(miss <= HIT_TOL * size, "scene %ld shot %d misses by %g of %g", i, k, miss,
                     size);
            TH_CHECK(fabs(elevation_of(shot->velocity, s.gravity) - e) <= 1e-9,
                     "elevation %.17g, asked %.17g", elevation_of(shot->velocity, s.gravity), e);
            TH_CHECK(k == 0 || shot->t > out.shot[k - 1].t, "shots out of order");
        }
        /* Brute force: every sign change over 0..60 s is a returned shot. */
        for (k = 1; k <= scan_n && out.count < AF_MAX_SHOTS; k++) {
            double f;
            t = 60.0 * k / scan_n;
            f = elev_gap(&s, e, t);
            if (k > 1 && (f < 0) != (prev < 0))
                TH_CHECK(has_time(&out, t, 60.0 / scan_n * 1.01), "scene %ld: root near %g s lost",
                         i, t);
            prev = f;
        }
    }
    th_note("fixed elevation: %ld shots, worst miss %.3g of the scene", shots, worst);
}

/* A fixed direction meets a target placed on its path at t0 at speed s0
 * (any velocity and acceleration): that shot is found, and every shot
 * returned flies to the target along the direction. */
static void fixed_dir_finds_the_constructed_shot(void)
{
    th_rng rng = th_rng_for("fixed_dir_finds_the_constructed_shot");
    long i, n = th_count(2000), found = 0;
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng);
        af_vec3_f64 d = sf_rand_vec(&rng, 1.0), r, p;
        double t0 = th_rand_log(&rng, 0.05, 20.0), s0 = th_rand_log(&rng, 1.0, 300.0), dl = kin_len(d);
        af_shots_f64 out;
        af_status st;
        int k, hit = 0;
        d = sf_vec(d.x / dl, d.y / dl, d.z / dl);
        /* Move the target so that R(t0) = s0 d t0. */
        s.target.position = sf_vec(0, 0, 0);
        r = reach(&s, t0);
        p = sf_vec(s0 * d.x * t0 - r.x, s0 * d.y * t0 - r.y, s0 * d.z * t0 - r.z);
        s.target.position = p;
        st = af_fixed_dir_f64(&s.shooter, &s.target, &d, &s.gravity, s.flags, &out);
        if (!TH_CHECK(st == AF_OK, "scene %ld: status %d", i, (int)st))
            continue;
        for (k = 0; k < out.count; k++) {
            const af_shot_f64 *shot = &out.shot[k];
            double size = scene_size(&s, shot), sp = kin_len(shot->velocity);
            TH_CHECK(vacuum_miss(&s, shot) <= HIT_TOL * size, "scene %ld shot %d misses by %g", i,
                     k, vacuum_miss(&s, shot));
            TH_CHECK(kin_dist(sf_vec(shot->velocity.x / sp, shot->velocity.y / sp,
                                     shot->velocity.z / sp), d) <= 1e-12,
                     "not along the direction");
            if (fabs(shot->t - t0) <= 1e-9 * t0 && fabs(sp - s0) <= 1e-8 * s0)
                hit = 1;
        }
        found += hit;
        TH_CHECK(hit, "scene %ld: the shot at t0 = %g s, speed %g is not among %d", i, t0, s0,
                 out.count);
    }
    th_note("fixed direction: %ld of %ld constructed shots found", found, n);
}

/* Fixed direction, brute force: over a fine grid, a time where the target
 * is on the launch ray (its distance from the ray a local minimum near 0)
 * is a returned shot. */
static void fixed_dir_brute_force(void)
{
    th_rng rng = th_rng_for("fixed_dir_brute_force");
    long i, n = th_count(200);
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng);
        af_vec3_f64 d = sf_vec(1, 0, th_rand_uniform(&rng, -1, 1));
        af_shots_f64 out;
        double prev = 0, step = 30.0 / 6000;
        int k;
        /* In the vertical plane y = 0 through the shooter, moving in it. */
        s.gravity = sf_vec(0, 0, -9.81);
        s.target.position.y = s.shooter.position.y;
        s.target.velocity.y = s.shooter.velocity.y;
        s.target.acceleration.y = 0;
        s.flags = AF_INHERIT_VELOCITY;
        if (!TH_CHECK(af_fixed_dir_f64(&s.shooter, &s.target, &d, &s.gravity, s.flags, &out) !=
                          AF_ERR_BAD_ARGUMENT,
                      "refused"))
            continue;
        for (k = 1; k <= 6000; k++) {
            double t = step * k, dl = kin_len(d);
            af_vec3_f64 r = reach(&s, t);
            double along = dot(r, d) / dl;
            /* A sign change of the part square to d within the plane. */
            double side = (r.z * d.x - r.x * d.z) / dl;
            if (k > 1 && (side < 0) != (prev < 0) && along > 0 && out.count < AF_MAX_SHOTS)
                TH_CHECK(has_time(&out, t, step * 1.01), "scene %ld: shot near %g s lost", i, t);
            prev = side;
        }
    }
}

static void fixed_edges(void)
{
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_f64 above = { { 0, 0, 50 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_f64 behind = { { -40, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_f64 front = { { 40, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_f64 across = { { 40, -10, 0 }, { 0, 5, 0 }, { 0, 0, 0 } };
    af_body_accel_f64 muzzle = { { 0, 0, 0 }, { 3, 0, 4 }, { 0, 0, 0 } };
    af_body_accel_f64 crossing = { { -10, 0, 20 }, { 2, 0, 0 }, { 0, 0, 0 } };
    af_vec3_f64 g = { 0, 0, -9.81 }, zero = { 0, 0, 0 }, x = { 1, 0, 0 }, up = { 0, 0, 1 },
                hood = { 1, 0, 1 }, nan3 = { NAN, 0, 0 }, inf3 = { INFINITY, 0, 0 };
    af_shots_f64 out;
    const struct {
        const char *why;
        const af_body_accel_f64 *target;
        const af_vec3_f64 *dir, *g;
        af_status want;
        int count;
    } dir_rows[] = {
        { "zero direction: no launch line", &front, &zero, &g, AF_ERR_BAD_ARGUMENT, 0 },
        { "NaN direction", &front, &nan3, &g, AF_ERR_BAD_ARGUMENT, 0 },
        { "infinite gravity", &front, &x, &inf3, AF_ERR_BAD_ARGUMENT, 0 },
        { "target behind the hood, no gravity: never on the ray", &behind, &x, &zero,
          AF_ERR_NO_SOLUTION, 0 },
        { "static target in front, no gravity: every speed hits (no time is the answer)", &front,
          &x, &zero, AF_ERR_OUT_OF_RANGE, 0 },
        { "target crossing the ray, no gravity: one straight shot", &across, &x, &zero, AF_OK, 1 },
        { "target behind a 45-degree hood under gravity: the arc never comes back", &behind,
          &hood, &g, AF_ERR_NO_SOLUTION, 0 },
        { "target ahead on the ground under a 45-degree hood: one lob", &front, &hood, &g, AF_OK,
          1 },
        { "straight up at a static target above: on the line at every time", &above, &up, &g,
          AF_ERR_OUT_OF_RANGE, 0 },
        { "straight up, target crossing above: met when it passes overhead", &crossing, &up, &g,
          AF_OK, 1 },
        { "target at the muzzle: the t = 0 shot first", &muzzle, &x, &zero, AF_OK, 1 },
    };
    const struct {
        const char *why;
        double e;
        const af_body_accel_f64 *target;
        const af_vec3_f64 *g;
        af_status want;
        int count;
    } elev_rows[] = {
        { "no gravity: no horizontal to measure from", 0.5, &front, &zero, AF_ERR_BAD_ARGUMENT, 0 },
        { "elevation beyond straight up", 1.6, &front, &g, AF_ERR_BAD_ARGUMENT, 0 },
        { "NaN elevation", NAN, &front, &g, AF_ERR_BAD_ARGUMENT, 0 },
        { "45 degrees at a point on the ground: one lob", 0.7853981633974483, &front, &g, AF_OK, 1 },
        { "level at a point on the ground: only t = 0 would do (none)", 0.0, &front, &g,
          AF_ERR_NO_SOLUTION, 0 },
        { "straight up (pi/2) at a static target above: every time", 1.5707963267948966, &above,
          &g, AF_ERR_OUT_OF_RANGE, 0 },
        { "straight down (-pi/2) at a target above: never", -1.5707963267948966, &crossing, &g,
          AF_ERR_NO_SOLUTION, 0 },
    };
    size_t i;
    for (i = 0; i < sizeof dir_rows / sizeof dir_rows[0]; i++) {
        af_status st = af_fixed_dir_f64(&shooter, dir_rows[i].target, dir_rows[i].dir,
                                        dir_rows[i].g, 0, &out);
        TH_CHECK(st == dir_rows[i].want && out.count == dir_rows[i].count,
                 "%s: status %d count %d", dir_rows[i].why, (int)st, out.count);
    }
    for (i = 0; i < sizeof elev_rows / sizeof elev_rows[0]; i++) {
        af_status st = af_fixed_elev_f64(&shooter, elev_rows[i].target, elev_rows[i].e,
                                         elev_rows[i].g, 0, &out);
        TH_CHECK(st == elev_rows[i].want && out.count == elev_rows[i].count,
                 "%s: status %d count %d", elev_rows[i].why, (int)st, out.count);
    }
    TH_CHECK(af_fixed_dir_f64(&shooter, &muzzle, &x, &zero, 0, &out) == AF_OK &&
                 out.shot[0].t == 0.0,
             "the muzzle's shot comes first at t = 0");
    TH_CHECK(af_fixed_dir_f64(NULL, &front, &x, &g, 0, &out) == AF_ERR_BAD_ARGUMENT &&
                 out.count == 0,
             "NULL shooter");
    {
        /* The drag twins: their own arguments refused, each for its reason. */
        af_drag_f64 m, bad, still;
        af_status st;
        if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.1, 0.02, &g, NULL, &m) == AF_OK, "model"))
            return;
        bad = m;
        bad.r = 0.0;
        still = m;
        still.gravity = zero;
        st = af_drag_fixed_dir_f64(&m, &shooter, &front, &hood, 0.0, 0, &out);
        TH_CHECK(st == AF_ERR_BAD_ARGUMENT, "max_time 0: no flight to search (%d)", (int)st);
        st = af_drag_fixed_dir_f64(&m, &shooter, &front, &hood, NAN, 0, &out);
        TH_CHECK(st == AF_ERR_BAD_ARGUMENT, "NaN max_time (%d)", (int)st);
        st = af_drag_fixed_dir_f64(&bad, &shooter, &front, &hood, 10.0, 0, &out);
        TH_CHECK(st == AF_ERR_BAD_ARGUMENT, "r = 0: not a model (%d)", (int)st);
        st = af_drag_fixed_elev_f64(&still, &shooter, &front, 0.5, 10.0, 0, &out);
        TH_CHECK(st == AF_ERR_BAD_ARGUMENT, "elevation without gravity (%d)", (int)st);
        st = af_drag_fixed_dir_f64(&m, &shooter, &behind, &hood, 10.0, 0, &out);
        TH_CHECK(st == AF_ERR_NO_SOLUTION && out.count == 0,
                 "drag, target behind the hood: never (%d)", (int)st);
        st = af_drag_fixed_elev_f64(&m, &shooter, &above, 1.5707963267948966, 10.0, 0, &out);
        TH_CHECK(st == AF_ERR_OUT_OF_RANGE, "drag, straight up at a target above: every time (%d)",
                 (int)st);
    }
}

/* Under continuous drag: every shot, flown by the suite's RK4, meets the
 * target; a fine scan of the required velocity's elevation finds no
 * solution the solver misses; without drag the vacuum solver's answers. */
static void drag_fixed_elev_hits(void)
{
    th_rng rng = th_rng_for("drag_fixed_elev_hits");
    long i, n = th_count(60);
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng);
        af_drag_f64 m = dsim_model(&rng, 4);
        double e = th_rand_uniform(&rng, -1.2, 1.4), max_time = 20.0, prev = 0;
        af_shots_f64 out;
        af_status st;
        int k, scan_n = 2000;
        s.gravity = m.gravity;
        st = af_drag_fixed_elev_f64(&m, &s.shooter, &s.target, e, max_time, s.flags, &out);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "scene %ld: status %d", i, (int)st))
            continue;
        for (k = 0; k < out.count; k++) {
            af_body_f64 b;
            const af_shot_f64 *shot = &out.shot[k];
            double miss, size = scene_size(&s, shot) + kin_len(m.wind) * shot->t;
            b.position = s.shooter.position;
            b.velocity = shot->velocity;
            if (s.flags & AF_INHERIT_VELOCITY)
                b.velocity = sf_vec(b.velocity.x + s.shooter.velocity.x,
                                    b.velocity.y + s.shooter.velocity.y,
                                    b.velocity.z + s.shooter.velocity.z);
            dsim_fly(&m, &b, shot->t);
            miss = kin_dist(b.position, kin_accel_body(&s.target, shot->t));
            TH_CHECK(miss <= HIT_TOL * size, "scene %ld shot %d misses by %g of %g", i, k, miss,
                     size);
            TH_CHECK(fabs(elevation_of(shot->velocity, m.gravity) - e) <= 1e-9, "elevation");
        }
        for (k = 1; k <= scan_n && out.count < AF_MAX_SHOTS; k++) {
            double t = max_time * k / scan_n, f, z, h2;
            af_body_f64 at;
            af_shots_f64 one;
            at.position = kin_accel_body(&s.target, t);
            at.velocity = sf_vec(0, 0, 0);
            if (af_drag_aim_time_f64(&m, &s.shooter, &at, t, s.flags, &one) != AF_OK)
                continue;
            z = -dot(one.shot[0].velocity, m.gravity) / kin_len(m.gravity);
            h2 = dot(one.shot[0].velocity, one.shot[0].velocity) - z * z;
            f = cos(e) * z - sin(e) * sqrt(h2 > 0 ? h2 : 0);
            if (k > 1 && (f < 0) != (prev < 0))
                TH_CHECK(has_time(&out, t, max_time / scan_n * 1.01),
                         "scene %ld: root near %g s lost", i, t);
            prev = f;
        }
        if (m.k == 0.0 && kin_len(m.wind) == 0.0) {
            af_shots_f64 vac;
            if (af_fixed_elev_f64(&s.shooter, &s.target, e, &m.gravity, s.flags, &vac) == AF_OK)
                for (k = 0; k < vac.count; k++)
                    if (vac.shot[k].t < 0.95 * max_time)
                        TH_CHECK(has_time(&out, vac.shot[k].t, 1e-9 * (1 + vac.shot[k].t)),
                                 "scene %ld: no-drag root %g s missing", i, vac.shot[k].t);
        }
    }
}

static void drag_fixed_dir_finds_the_constructed_shot(void)
{
    th_rng rng = th_rng_for("drag_fixed_dir_finds_the_constructed_shot");
    long i, n = th_count(100);
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng);
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_vec3_f64 d = sf_rand_vec(&rng, 1.0);
        double t0 = th_rand_log(&rng, 0.05, 8.0), s0 = th_rand_log(&rng, 1.0, 100.0),
               dl = kin_len(d);
        af_body_f64 b;
        af_shots_f64 out;
        af_status st;
        int k, hit = 0;
        d = sf_vec(d.x / dl, d.y / dl, d.z / dl);
        /* The target is where the shot s0 d is at t0. */
        b.position = s.shooter.position;
        b.velocity = sf_vec(s0 * d.x, s0 * d.y, s0 * d.z);
        if (s.flags & AF_INHERIT_VELOCITY)
            b.velocity = sf_vec(b.velocity.x + s.shooter.velocity.x,
                                b.velocity.y + s.shooter.velocity.y,
                                b.velocity.z + s.shooter.velocity.z);
        if (af_drag_predict_f64(&m, &b, t0, &b) != AF_OK)
            continue;
        s.target.position = sf_vec(b.position.x - s.target.velocity.x * t0 -
                                    0.5 * s.target.acceleration.x * t0 * t0,
                                   b.position.y - s.target.velocity.y * t0 -
                                    0.5 * s.target.acceleration.y * t0 * t0,
                                   b.position.z - s.target.velocity.z * t0 -
                                    0.5 * s.target.acceleration.z * t0 * t0);
        st = af_drag_fixed_dir_f64(&m, &s.shooter, &s.target, &d, 10.0, s.flags, &out);
        if (st == AF_ERR_ENGINE_LIMIT)
            continue;
        if (!TH_CHECK(st == AF_OK, "scene %ld (%s): status %d", i, dsim_kind_name((int)(i % DSIM_KINDS)), (int)st))
            continue;
        for (k = 0; k < out.count; k++)
            if (fabs(out.shot[k].t - t0) <= 1e-9 * (1 + t0) &&
                fabs(kin_len(out.shot[k].velocity) - s0) <= 1e-7 * s0)
                hit = 1;
        TH_CHECK(hit, "scene %ld (%s): shot t0 = %g s0 = %g not found (%d shots, first t %g)", i,
                 dsim_kind_name((int)(i % DSIM_KINDS)), t0, s0, out.count, out.shot[0].t);
    }
}

/* Elevations so small that sin^2 e |R_h|^2 is below the squared
 * quartic's rounding: its roots near R_up = 0 merge with R_up's own, whose
 * shot misses by e |R_h| (1e-8 m at 1e-10 rad), or are lost (a subnormal
 * elevation gave no_solution). Each is carried to the root of
 * cos e R_up - sin e |R_h| and meets the target. */
static void tiny_elevations_meet_the_target(void)
{
    const double elevations[] = { 1e-10, 2.9e-4, 1.6e-318, -1e-12 };
    af_body_f64 shooter;
    af_body_accel_f64 target;
    af_vec3_f64 g = { 0, 0, -9.8125 };
    int i, k;
    memset(&shooter, 0, sizeof shooter);
    memset(&target, 0, sizeof target);
    target.position.x = 100.0;
    target.position.z = -20.0;
    for (i = 0; i < 4; i++) {
        af_shots_f64 out;
        af_status st = af_fixed_elev_f64(&shooter, &target, elevations[i], &g, 0, &out);
        if (!TH_CHECK(st == AF_OK && out.count >= 1, "e %g: %s", elevations[i],
                      af_status_name(st)))
            continue;
        for (k = 0; k < out.count; k++) {
            double t = out.shot[k].t;
            af_vec3_f64 at = kin_projectile(&shooter, 0, out.shot[k].velocity, g, t);
            TH_CHECK(kin_dist(at, target.position) <= ldexp(120.0, -36),
                     "e %g shot %d: misses by %.3g m at t %.9g", elevations[i], k,
                     kin_dist(at, target.position), t);
        }
    }
}

/* A target climbing at 8e107 m/s is at the elevation only 8.6e-107 s
 * after launch: the quartic's isolation brackets that root from zero up
 * to 1e108 s, and every shot found meets the target. */
static void target_climbing_at_1e107_m_s_is_met_at_once(void)
{
    scene s;
    af_shots_f64 out;
    af_status st;
    int k;
    memset(&s, 0, sizeof s);
    s.shooter.position = sf_vec(340.0, 341.328125, 2.0);
    s.shooter.velocity = sf_vec(0.0, 60.0, 346.0);
    s.target.position = sf_vec(168.03125, 168.65625, 0.0);
    s.target.velocity = sf_vec(-9.8125, 20.0, 0x1.65151515151fdp+358);
    s.gravity = sf_vec(0.0, 0.0, -9.8125);
    s.flags = AF_INHERIT_VELOCITY;
    st = af_fixed_elev_f64(&s.shooter, &s.target, 0.27386474609375, &s.gravity, s.flags, &out);
    if (!TH_CHECK(st == AF_OK && out.count >= 1, "%s", af_status_name(st)))
        return;
    TH_CHECK(fabs(out.shot[0].t - 8.6035767263979e-107) <= 1e-12 * 8.6e-107, "first shot at %.17g s",
             out.shot[0].t);
    for (k = 0; k < out.count; k++)
        TH_CHECK(vacuum_miss(&s, &out.shot[k]) <= HIT_TOL * scene_size(&s, &out.shot[k]),
                 "shot %d at %.9g s misses by %.3g m", k, out.shot[k].t,
                 vacuum_miss(&s, &out.shot[k]));
}

/* A target on the gravity line that the projectile dropped from the
 * muzzle meets: the velocity wanted there is 0, of no elevation, and the
 * sign changes about it are its rounding's. 5 m below the muzzle under a
 * slanted gravity (a drop after 1.156 s): no shot, vacuum and drag, where
 * each gave one of 1e-16 m/s headed along the rounding. Everything on the
 * diagonal, the shooter's velocity and the wind alike, elevation 0: only
 * the muzzle shot, where three straight up or down came at 2e-10 s; and
 * a target thrown down the diagonal that comes back to meet a drop. */
static void elevation_of_a_drop_onto_the_target_is_no_shot(void)
{
    const double elevations[] = { 0.0, 0.25, -0.25 };
    af_vec3_f64 g = { -2.0, -4.0, -6.0 }, c = { -136.546875, -136.546875, -136.546875 };
    double gl = sqrt(56.0);
    af_body_f64 shooter = { { 1.0, 2.0, 3.0 }, { 0.0, 0.0, 0.0 } }, diag_shooter = { c, c };
    af_body_accel_f64 target = { { 1.0 + 5.0 * g.x / gl, 2.0 + 5.0 * g.y / gl,
                                   3.0 + 5.0 * g.z / gl },
                                 { 0.0, 0.0, 0.0 },
                                 { 0.0, 0.0, 0.0 } },
                      diag_target = { c, c, c };
    af_drag_f64 m;
    af_shots_f64 out;
    af_status sv, sd;
    int i;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = g;
    m.k = 0.25;
    for (i = 0; i < 3; i++) {
        sv = af_fixed_elev_f64(&shooter, &target, elevations[i], &g, 0, &out);
        sd = af_drag_fixed_elev_f64(&m, &shooter, &target, elevations[i], 4.0, 0, &out);
        TH_CHECK(sv == AF_ERR_NO_SOLUTION && sd == AF_ERR_NO_SOLUTION,
                 "e %g: vacuum %s, drag %s", elevations[i], af_status_name(sv),
                 af_status_name(sd));
    }
    m.gravity = c;
    m.k = 17.33306884765625;
    m.wind = c;
    sd = af_drag_fixed_elev_f64(&m, &diag_shooter, &diag_target, 0.0, 0.00390625,
                                AF_INHERIT_VELOCITY, &out);
    TH_CHECK(sd == AF_OK && out.count == 1 && out.shot[0].t == 0.0,
             "diagonal: %s with %d shots, the second at %g s", af_status_name(sd), out.count,
             out.count > 1 ? out.shot[1].t : 0.0);
    /* Thrown down the diagonal from the muzzle, the target meets a drop
     * at 257.03125 s: the quartic's two small factors there gave a shot
     * 1.8 us late, straight down, 4e-4 m off the target. */
    c.x = c.y = c.z = 128.515625;
    diag_shooter.position = diag_shooter.velocity = c;
    diag_target.position = diag_target.velocity = c;
    diag_target.acceleration.x = diag_target.acceleration.y = diag_target.acceleration.z = 0.0;
    g.x = g.y = g.z = 1.0;
    sv = af_fixed_elev_f64(&diag_shooter, &diag_target, 0x1.92p-9, &g, 0, &out);
    TH_CHECK(sv == AF_OK && out.count == 1 && out.shot[0].t == 0.0,
             "thrown down: %s with %d shots, the second at %.17g s", af_status_name(sv),
             out.count, out.count > 1 ? out.shot[1].t : 0.0);
}

/* A shot of 4 mm/s at 0.268 rad meets, after 2.753 s, a target that has
 * come 1 200 m to pass almost straight above the shooter: |R_h| turns
 * sharply there, Newton's steps from the quartic's estimate only halved
 * their distance, and after 8 the estimate, 2.7e-7 m off, was kept. */
static void elevation_root_where_the_horizontal_reach_turns_sharply(void)
{
    af_body_f64 sh = { { 0, -0x1.39eb851eb851fp+3, 0x1.7f4p+4 }, { 0, 24, 0x1.818p+4 } };
    af_body_accel_f64 tg = { { -0x1.13d81557013fp+9, -0x1.18c0f19fe6e07p+9, 0x1.b8e17d3554c1ap+9 },
                             { 84.328125, 84.328125, -427.671875 },
                             { 84.328125, 84.328125, 84.328125 } };
    af_vec3_f64 g = { 0, -0x1.ep-13, -0x1.ep-13 };
    af_shots_f64 out;
    af_status st = af_fixed_elev_f64(&sh, &tg, 0x1.1288p-2, &g, 0, &out);
    int k, planted = 0;
    if (!TH_CHECK(st == AF_OK, "%s", af_status_name(st)))
        return;
    for (k = 0; k < out.count; k++) {
        double t = out.shot[k].t;
        af_vec3_f64 at = kin_projectile(&sh, 0, out.shot[k].velocity, g, t),
                    aim = kin_accel_body(&tg, t);
        double size = kin_dist(tg.position, sh.position) + kin_len(tg.velocity) * t +
                      0.5 * kin_dist(tg.acceleration, g) * t * t;
        planted |= fabs(t - 2.7529411764705882) <= 1e-9;
        TH_CHECK(kin_dist(at, aim) <= ldexp(size, -36),
                 "shot %d (t %.17g): misses by %.3g (allowed %.3g)", k, t, kin_dist(at, aim),
                 ldexp(size, -36));
    }
    TH_CHECK(planted, "the shot at 2.7529411764705882 s is not among the %d", out.count);
}

/* Straight up at 0.023 m/s, a target 250 km off the line brought back
 * across it at 37 s by its own -365 m/s^2: the two axes' roots agree to
 * 4e-9 s, and the steep axis's was dropped as the same root, while the
 * other's lay 5.5e-5 m off the line (the tolerance 7.3e-6 m). */
static void fixed_dir_keeps_the_root_of_the_steeper_axis(void)
{
    const double m = -0x1.1p-12;
    scene sc = { { { m, m, m }, { m, m, m } },
                 { { -0x1.10075f32ffc5p-12, 0x1.e8a94f69e9c0cp+17, 0x1.c0d421ffffff9p-1 },
                   { -0x1.8a4a4a4a4a4p-445, m, m },
                   { m, -365.4375, m } },
                 { m, m, m },
                 0u };
    af_vec3_f64 d = { m, m, 0x1.00000008p+13 };
    af_shots_f64 out;
    af_status st = af_fixed_dir_f64(&sc.shooter, &sc.target, &d, &sc.gravity, 0, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 1, "%s, %d shots", af_status_name(st), out.count))
        return;
    TH_CHECK(fabs(out.shot[0].t - 37.00390625) <= 1e-12 * 37.0, "shot at %.17g s",
             out.shot[0].t);
    TH_CHECK(vacuum_miss(&sc, &out.shot[0]) <= ldexp(scene_size(&sc, &out.shot[0]), -36),
             "misses by %.3g (allowed %.3g)", vacuum_miss(&sc, &out.shot[0]),
             ldexp(scene_size(&sc, &out.shot[0]), -36));
}

/* Straight up under drag at a target 2.25e307 m away across: the
 * velocity's terms near t = 0.13 s sum past DBL_MAX, and with an infinite
 * tolerance an aim 1.7e308 m/s across counted as along the direction: a
 * shot straight up, "ok", that missed by the whole 2.25e307 m. */
static void drag_fixed_dir_scale_beyond_a_double_is_no_root(void)
{
    af_drag_f64 m;
    af_body_f64 sh = { { -0x1.005177fcbfd52p+1021, 1, 0 }, { 3.921875, 30, 0 } };
    af_body_accel_f64 tg = { { 10, 1, 184 }, { 0, 0, 64 }, { 0, 0, 0 } };
    af_vec3_f64 up = { 0, 0, 0x1.005002005p-1019 };
    af_shots_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = -9.8125;
    m.k = 0.09765625;
    m.wind.x = 2;
    st = af_drag_fixed_dir_f64(&m, &sh, &tg, &up, 0.25390625, 0, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && out.count == 0, "%s with %d shots (t %g)",
             af_status_name(st), out.count, out.shot[0].t);
}

/* Along x, a target 1.5e308 m out: |D| + |a| t^2/2 passes DBL_MAX at
 * t = 1, where R(t) does not. A target also 1e300 m off the line was
 * taken as on it (an infinite tolerance): "ok" with a shot that missed by
 * 1e300 m. Without that offset the same scene is met at t = 1. */
static void fixed_dir_scene_size_beyond_a_double_keeps_its_tolerance(void)
{
    scene sc = { { { 0, 0, 0 }, { 0, 0, 0 } },
                 { { 1.5e308, -5e307, 1e300 }, { 0, 0, 0 }, { 0, 1e308, 0 } },
                 { 0, 0, 0 },
                 0u };
    af_vec3_f64 d = { 1, 0, 0 };
    af_shots_f64 out;
    af_status st = af_fixed_dir_f64(&sc.shooter, &sc.target, &d, &sc.gravity, 0, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && out.count == 0, "1e300 off the line: %s, %d shots",
             af_status_name(st), out.count);
    sc.target.position.z = 0;
    st = af_fixed_dir_f64(&sc.shooter, &sc.target, &d, &sc.gravity, 0, &out);
    if (TH_CHECK(st == AF_OK && out.count == 1, "on the line: %s, %d shots", af_status_name(st),
                 out.count))
        TH_CHECK(out.shot[0].t == 1.0 && out.shot[0].velocity.x == 1.5e308,
                 "on the line: t %.17g, speed %.17g", out.shot[0].t, out.shot[0].velocity.x);
}

static const th_case cases[] = {
    TH_CASE(fixed_elev_hits_and_misses_no_root),
    TH_CASE(tiny_elevations_meet_the_target),
    TH_CASE(target_climbing_at_1e107_m_s_is_met_at_once),
    TH_CASE(fixed_dir_finds_the_constructed_shot),
    TH_CASE(fixed_dir_brute_force),
    TH_CASE(fixed_dir_keeps_the_root_of_the_steeper_axis),
    TH_CASE(fixed_dir_scene_size_beyond_a_double_keeps_its_tolerance),
    TH_CASE(fixed_edges),
    TH_CASE(drag_fixed_elev_hits),
    TH_CASE(drag_fixed_dir_finds_the_constructed_shot),
    TH_CASE(drag_fixed_dir_scale_beyond_a_double_is_no_root),
    TH_CASE(elevation_of_a_drop_onto_the_target_is_no_shot),
    TH_CASE(elevation_root_where_the_horizontal_reach_turns_sharply),
};

TH_MAIN("fixed_launch_f64", cases)
