/* SPDX-License-Identifier: MIT */
/*
 * The closest shot when nothing hits, double precision (aimfix/miss.h):
 * the shot returned has the speed asked, flies to its stated miss
 * (tests/support/kinematics.c, tests/support/drag_sim.c), and a
 * brute-force scan over launch directions and times finds no closer shot
 * of that speed; when a shot hits, the solver's answer is returned
 * unchanged and the miss is zero.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "drag_sim.h"
#include "harness.h"
#include "kinematics.h"
#include "shot_flight.h"

/* The brute-force grid of directions and times: coarser on the slow
 * targets (soft-float double on a board; it only makes the "no closer
 * shot" check cover fewer shots). */
#define BRUTE_DIRS (TH_SCALE > 1 ? 100 : 2000)
#define BRUTE_STEPS (TH_SCALE > 1 ? 60 : 300)

/* Directions spread evenly over the sphere (a Fibonacci lattice). */
static af_vec3_f64 sphere_dir(int i, int n)
{
    double z = 1.0 - (2.0 * i + 1.0) / n, r = sqrt(fmax(0.0, 1.0 - z * z)),
           a = 2.39996322972865332 * i;
    return sf_vec(r * cos(a), r * sin(a), z);
}

typedef struct scene {
    af_body_f64 shooter, target;
    af_vec3_f64 accel; /* the target's acceleration */
    af_vec3_f64 gravity;
    double speed;
    unsigned flags;
    const af_drag_f64 *drag; /* NULL: vacuum */
} scene;

/* The target with its acceleration. */
static af_body_accel_f64 accel_target(const scene *s)
{
    af_body_accel_f64 b;
    b.position = s->target.position;
    b.velocity = s->target.velocity;
    b.acceleration = s->accel;
    return b;
}

/* Where the target is at t. */
static af_vec3_f64 target_at(const scene *s, double t)
{
    af_body_accel_f64 b = accel_target(s);
    return kin_accel_body(&b, t);
}

/* Distance between the shot of launch velocity u and the target at t. */
static double gap(const scene *s, af_vec3_f64 u, double t)
{
    af_vec3_f64 end;
    if (!sf_shot_end(&s->shooter, (s->flags & AF_INHERIT_VELOCITY) != 0, u, s->gravity, s->drag,
                     t, &end))
        return 1e300;
    return kin_dist(end, target_at(s, t));
}

/* The least gap of any direction (dirs of them) at any of the times
 * (steps of them over [0, t_max]), each direction's best time refined. */
static double brute_least(const scene *s, int dirs, int steps, double t_max)
{
    double best = 1e300;
    int i, k;
    for (i = 0; i < dirs; i++) {
        af_vec3_f64 d = sphere_dir(i, dirs);
        af_vec3_f64 u = sf_vec(d.x * s->speed, d.y * s->speed, d.z * s->speed);
        double bt = 0, bg = 1e300, lo, hi;
        for (k = 0; k <= steps; k++) {
            double t = t_max * k / steps, g = gap(s, u, t);
            if (g < bg) {
                bg = g;
                bt = t;
            }
        }
        lo = fmax(0, bt - t_max / steps);
        hi = fmin(t_max, bt + t_max / steps);
        for (k = 0; k < 60; k++) {
            double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
            if (gap(s, u, m1) < gap(s, u, m2))
                hi = m2;
            else
                lo = m1;
        }
        bg = fmin(bg, gap(s, u, 0.5 * (lo + hi)));
        if (bg < best)
            best = bg;
    }
    return best;
}

static void check_miss(const scene *s, af_status st, const af_shots_f64 *out,
                       const af_miss_f64 *miss, double t_max, long i)
{
    double size, flown, brute;
    if (!TH_CHECK(st == AF_ERR_NO_SOLUTION && out->count == 0, "scene %ld: status %d count %d", i,
                  (int)st, out->count))
        return;
    size = kin_dist(s->shooter.position, s->target.position) + s->speed * miss->shot.t;
    TH_CHECK(miss->distance > 0.0, "scene %ld: no miss returned", i);
    TH_CHECK(fabs(kin_len(miss->shot.velocity) - s->speed) <= 1e-12 * s->speed,
             "scene %ld: speed %.17g of %.17g", i, kin_len(miss->shot.velocity), s->speed);
    flown = gap(s, miss->shot.velocity, miss->shot.t);
    TH_CHECK(fabs(flown - miss->distance) <= 1e-9 * size, "scene %ld: flown %.12g, stated %.12g",
             i, flown, miss->distance);
    size += kin_len(s->accel) * miss->shot.t * miss->shot.t;
    TH_CHECK(kin_dist(miss->shot.point, target_at(s, miss->shot.t)) <= 1e-12 * size,
             "scene %ld: point is not the target's", i);
    brute = brute_least(s, BRUTE_DIRS, BRUTE_STEPS, t_max);
    TH_CHECK(brute >= miss->distance - 1e-9 * size,
             "scene %ld: brute force %.12g closer than %.12g (t %g)", i, brute, miss->distance,
             miss->shot.t);
    TH_CHECK(miss->distance <= brute + 2e-3 * size,
             "scene %ld: %.12g much farther than the brute force's %.12g", i, miss->distance, brute);
}

/* A vacuum scene's start: the shooter near the origin, moving at up to
 * 3 m/s, the target within 200 m, the speed 5 to 40 m/s; *away is the
 * level direction from the shooter to the target, of length the
 * return. */
static double vacuum_scene_start(th_rng *rng, scene *s, af_vec3_f64 *away)
{
    memset(s, 0, sizeof *s);
    s->shooter.position = sf_rand_vec(rng, 20);
    s->shooter.velocity = sf_rand_vec(rng, 3);
    s->target.position = sf_rand_vec(rng, 200);
    *away = sf_vec(s->target.position.x - s->shooter.position.x,
                   s->target.position.y - s->shooter.position.y, 0);
    s->speed = th_rand_uniform(rng, 5, 40);
    return kin_len(*away);
}

/* A vacuum scene's end: gravity down or any (every other scene), the
 * shooter's velocity lent every third. */
static void vacuum_scene_end(th_rng *rng, scene *s, long i)
{
    s->gravity = i % 2 ? sf_vec(0, 0, -9.81) : sf_rand_vec(rng, 15);
    s->flags = i % 3 ? 0u : AF_INHERIT_VELOCITY;
}

/* The longest flight the brute force scans in a vacuum scene. */
static double vacuum_max_time(const scene *s)
{
    return 4.0 * (s->speed + kin_len(s->target.velocity)) / kin_len(s->gravity) + 5.0;
}

/* A drag scene (no gravity but the model's): the target x_lo to x_hi m
 * ahead of the shooter along x, within 50 m across and 10 m up or down,
 * moving at up to 5 m/s. */
static void drag_scene_start(th_rng *rng, scene *s, af_drag_f64 *m, double x_lo, double x_hi)
{
    memset(s, 0, sizeof *s);
    m->max_move = 0.0;
    s->drag = m;
    s->gravity = m->gravity;
    s->shooter.position = sf_rand_vec(rng, 20);
    s->target.position = sf_vec(s->shooter.position.x + th_rand_uniform(rng, x_lo, x_hi),
                                s->shooter.position.y + th_rand_uniform(rng, -50, 50),
                                s->shooter.position.z + th_rand_uniform(rng, -10, 10));
    s->target.velocity = sf_rand_vec(rng, 5);
}

/* Under continuous drag the suite's own flight of the miss's shot (RK4)
 * misses the target by the stated distance. */
static void check_drag_flight(const scene *s, const af_miss_f64 *miss, long i)
{
    af_body_f64 b;
    if (!(miss->distance > 0.0 && s->drag->kind == AF_DRAG_KIND_CONTINUOUS))
        return;
    b.position = s->shooter.position;
    b.velocity = miss->shot.velocity;
    dsim_fly(s->drag, &b, miss->shot.t);
    TH_CHECK(fabs(kin_dist(b.position, target_at(s, miss->shot.t)) - miss->distance) <=
                 1e-9 * (kin_dist(s->shooter.position, s->target.position) + 1),
             "scene %ld: the suite's flight misses by another distance", i);
}

static void arc_point_miss_is_the_closest(void)
{
    th_rng rng = th_rng_for("arc_point_miss_is_the_closest");
    long i, n = th_count(12);
    for (i = 0; i < n; i++) {
        scene s;
        af_vec3_f64 g = sf_vec(0, 0, -9.81);
        af_shots_f64 out;
        af_miss_f64 miss;
        double d, h;
        af_status st;
        memset(&s, 0, sizeof s);
        s.shooter.position = sf_rand_vec(&rng, 20);
        s.target.position = sf_vec(s.shooter.position.x + th_rand_uniform(&rng, -300, 300),
                                   s.shooter.position.y + th_rand_uniform(&rng, -300, 300),
                                   s.shooter.position.z + th_rand_uniform(&rng, -50, 100));
        s.gravity = g;
        d = kin_dist(s.shooter.position, s.target.position);
        h = s.target.position.z - s.shooter.position.z;
        /* Below the least speed that reaches it, sqrt(|g| (d + h)). */
        s.speed = sqrt(9.81 * (d + h)) * th_rand_uniform(&rng, 0.3, 0.95);
        st = af_arc_point_miss_f64(&s.shooter.position, &s.target.position, s.speed, &g, &out,
                                   &miss);
        check_miss(&s, st, &out, &miss, 4.0 * s.speed / 9.81 + 1.0, i);
    }
}

static void arc_moving_miss_is_the_closest(void)
{
    th_rng rng = th_rng_for("arc_moving_miss_is_the_closest");
    long i, n = th_count(12);
    for (i = 0; i < n; i++) {
        scene s;
        af_shots_f64 out;
        af_miss_f64 miss;
        af_vec3_f64 away;
        double dl = vacuum_scene_start(&rng, &s, &away);
        af_status st;
        /* Running away level, faster than any shot of the speed. */
        s.target.velocity = sf_vec(away.x / dl * s.speed * 1.5, away.y / dl * s.speed * 1.5,
                                   th_rand_uniform(&rng, -2, 2));
        vacuum_scene_end(&rng, &s, i);
        st = af_arc_moving_miss_f64(&s.shooter, &s.target, s.speed, &s.gravity, s.flags, &out,
                                    &miss);
        check_miss(&s, st, &out, &miss, vacuum_max_time(&s), i);
    }
}

static void drag_miss_is_the_closest(void)
{
    th_rng rng = th_rng_for("drag_miss_is_the_closest");
    long i, n = th_count(8);
    for (i = 0; i < n; i++) {
        scene s;
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_shots_f64 out;
        af_miss_f64 miss;
        af_status st;
        double max_time = 10.0;
        drag_scene_start(&rng, &s, &m, 200, 400);
        s.speed = th_rand_uniform(&rng, 2, 8);
        st = af_drag_aim_speed_miss_f64(&m, &s.shooter, &s.target, s.speed, max_time, 0, &out,
                                        &miss);
        if (st == AF_OK)
            continue; /* a model whose gravity carries the shot there */
        check_miss(&s, st, &out, &miss, max_time, i);
        check_drag_flight(&s, &miss, i);
    }
}

/* A target that accelerates away, level, from a shot too slow to catch
 * it: the closest shot against the brute force, in vacuum. */
static void arc_moving_miss_accel_is_the_closest(void)
{
    th_rng rng = th_rng_for("arc_moving_miss_accel_is_the_closest");
    long i, n = th_count(12);
    for (i = 0; i < n; i++) {
        scene s;
        af_body_accel_f64 target;
        af_shots_f64 out;
        af_miss_f64 miss;
        af_vec3_f64 away;
        double dl = vacuum_scene_start(&rng, &s, &away), pull;
        af_status st;
        pull = th_rand_uniform(&rng, 1, 10);
        s.target.velocity = sf_vec(away.x / dl * s.speed * 0.5, away.y / dl * s.speed * 0.5,
                                   th_rand_uniform(&rng, -2, 2));
        s.accel = sf_vec(away.x / dl * pull, away.y / dl * pull, th_rand_uniform(&rng, 0, 9));
        vacuum_scene_end(&rng, &s, i);
        target = accel_target(&s);
        st = af_arc_moving_miss_accel_f64(&s.shooter, &target, s.speed, &s.gravity, s.flags, &out,
                                          &miss);
        if (st == AF_OK)
            continue; /* caught before it got away */
        check_miss(&s, st, &out, &miss, vacuum_max_time(&s), i);
    }
}

/* The same under drag, the target accelerating away from a slow shot. */
static void drag_miss_accel_is_the_closest(void)
{
    th_rng rng = th_rng_for("drag_miss_accel_is_the_closest");
    long i, n = th_count(8), judged = 0;
    for (i = 0; i < n; i++) {
        scene s;
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        af_body_accel_f64 target;
        af_shots_f64 out;
        af_miss_f64 miss;
        af_status st;
        double max_time = 10.0;
        drag_scene_start(&rng, &s, &m, 100, 200);
        s.accel = sf_vec(th_rand_uniform(&rng, 2, 6), th_rand_uniform(&rng, -1, 1),
                         th_rand_uniform(&rng, -1, 1));
        s.speed = th_rand_uniform(&rng, 2, 8);
        target = accel_target(&s);
        st = af_drag_aim_speed_miss_accel_f64(&m, &s.shooter, &target, s.speed, max_time, 0, &out,
                                              &miss);
        if (st == AF_OK)
            continue; /* a model whose gravity carries the shot there */
        judged++;
        check_miss(&s, st, &out, &miss, max_time, i);
        check_drag_flight(&s, &miss, i);
    }
    TH_CHECK(judged > 0, "no closest miss judged");
}

/* A target that can be hit: the same status and shots as the solver's,
 * and a zero miss. */
static void hits_are_unchanged(void)
{
    th_rng rng = th_rng_for("hits_are_unchanged");
    long i, n = th_count(500), differ = 0;
    af_miss_f64 zero;
    memset(&zero, 0, sizeof zero);
    for (i = 0; i < n; i++) {
        af_body_f64 shooter, target;
        af_vec3_f64 g = sf_rand_vec(&rng, 12);
        double speed = th_rand_uniform(&rng, 1, 100);
        af_shots_f64 a, b;
        af_miss_f64 miss;
        af_status sa, sb;
        shooter.position = sf_rand_vec(&rng, 50);
        shooter.velocity = sf_rand_vec(&rng, 5);
        target.position = sf_rand_vec(&rng, 100);
        target.velocity = sf_rand_vec(&rng, 10);
        sa = af_arc_moving_f64(&shooter, &target, speed, &g, 0, &a);
        sb = af_arc_moving_miss_f64(&shooter, &target, speed, &g, 0, &b, &miss);
        if (sa != sb || memcmp(&a, &b, sizeof a) != 0)
            differ++;
        TH_CHECK(sa != AF_OK || memcmp(&miss, &zero, sizeof miss) == 0, "a miss beside a hit");
        sa = af_arc_point_f64(&shooter.position, &target.position, speed, &g, &a);
        sb = af_arc_point_miss_f64(&shooter.position, &target.position, speed, &g, &b, &miss);
        if (sa != sb || memcmp(&a, &b, sizeof a) != 0)
            differ++;
        TH_CHECK(sa == AF_ERR_NO_SOLUTION || memcmp(&miss, &zero, sizeof miss) == 0,
                 "a miss beside status %d", (int)sa);
    }
    TH_CHECK(differ == 0, "%ld answers differ from the solvers'", differ);
}

static void miss_edges(void)
{
    af_vec3_f64 from = { 0, 0, 0 }, to = { 1000, 0, 0 }, g = { 0, 0, -9.81 };
    af_shots_f64 out;
    af_miss_f64 miss;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { 100, 0, 0 }, { 60, 0, 0 } };
    af_vec3_f64 none = { 0, 0, 0 };
    TH_CHECK(af_arc_point_miss_f64(&from, &to, 10, &g, &out, NULL) == AF_ERR_BAD_ARGUMENT &&
                 out.count == 0,
             "NULL miss: refused");
    TH_CHECK(af_arc_point_miss_f64(&from, &to, -1, &g, &out, &miss) == AF_ERR_BAD_ARGUMENT &&
                 miss.distance == 0.0,
             "negative speed: refused, no miss");
    TH_CHECK(af_arc_point_miss_f64(&from, &to, NAN, &g, &out, &miss) == AF_ERR_BAD_ARGUMENT &&
                 miss.distance == 0.0,
             "NaN speed: refused, no miss");
    /* Without gravity a target faster than the shot running away straight
     * is never nearer than at the launch: the t = 0 shot, aimed at it. */
    TH_CHECK(af_arc_moving_miss_f64(&shooter, &target, 50, &none, 0, &out, &miss) ==
                     AF_ERR_NO_SOLUTION &&
                 miss.shot.t == 0.0 && fabs(miss.distance - 100.0) <= 1e-9 &&
                 fabs(miss.shot.velocity.x - 50.0) <= 1e-12,
             "escaping straight: t %g distance %g", miss.shot.t, miss.distance);
}

/* At zero acceleration the accelerating forms give their plain forms'
 * very bits: a target at x = -0 met at t = 0 keeps its -0 (p + v t + 0
 * would be +0). */
static void zero_acceleration_keeps_a_negative_zero(void)
{
    af_body_f64 shooter = { { 16, 16, 16 }, { 0, 64, 0 } }, target = { { -0.0, 0.078125, 0 },
                                                                       { -234, 80, 16 } };
    af_body_accel_f64 moving = { { -0.0, 0.078125, 0 }, { -234, 80, 16 }, { 0, 0, 0 } };
    af_vec3_f64 g = { 1e298, 16, 16 };
    af_drag_f64 drag;
    af_shots_f64 out, out_a;
    af_miss_f64 miss, miss_a;
    af_status st = af_arc_moving_miss_f64(&shooter, &target, 1e-300, &g, AF_INHERIT_VELOCITY,
                                          &out, &miss),
              st_a = af_arc_moving_miss_accel_f64(&shooter, &moving, 1e-300, &g,
                                                  AF_INHERIT_VELOCITY, &out_a, &miss_a);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && miss.shot.t == 0.0 && signbit(miss.shot.point.x),
             "plain lob: %s, t %g, point x %g", af_status_name(st), miss.shot.t,
             miss.shot.point.x);
    TH_CHECK(st_a == st && memcmp(&miss_a, &miss, sizeof miss) == 0,
             "accelerating lob: %s, point x %g (plain %g)", af_status_name(st_a),
             miss_a.shot.point.x, miss.shot.point.x);
    memset(&drag, 0, sizeof drag);
    drag.kind = AF_DRAG_KIND_CONTINUOUS;
    drag.gravity.z = -9.81;
    drag.k = 0.5;
    target.velocity.x = moving.velocity.x = 1000;
    st = af_drag_aim_speed_miss_f64(&drag, &shooter, &target, 1, 2, 0, &out, &miss);
    st_a = af_drag_aim_speed_miss_accel_f64(&drag, &shooter, &moving, 1, 2, 0, &out_a, &miss_a);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && st_a == st && memcmp(&miss_a, &miss, sizeof miss) == 0,
             "drag: %s, t %g, point x %g (plain %s, t %g, %g)", af_status_name(st_a),
             miss_a.shot.t, miss_a.shot.point.x, af_status_name(st), miss.shot.t,
             miss.shot.point.x);
}

static const th_case cases[] = {
    TH_CASE(zero_acceleration_keeps_a_negative_zero),
    TH_CASE(arc_point_miss_is_the_closest),
    TH_CASE(arc_moving_miss_is_the_closest),
    TH_CASE(drag_miss_is_the_closest),
    TH_CASE(arc_moving_miss_accel_is_the_closest),
    TH_CASE(drag_miss_accel_is_the_closest),
    TH_CASE(hits_are_unchanged),
    TH_CASE(miss_edges),
};

TH_MAIN("miss_f64", cases)
