/* SPDX-License-Identifier: MIT */
/*
 * Lobs at a static point (af_arc_point_f64), maximum range and minimum
 * speed: random scenarios must hit at the asked speed, no arc may be lost,
 * the three functions must agree with each other at the edge of reach, and
 * the edge table gets its documented answers.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "scenario.h"
#include "shots_check.h"

/* The point solvers take no velocities: a scenario with both at rest. */
static scenario static_scenario(th_rng *rng)
{
    scenario s = scenario_random(rng);
    s.shooter.velocity.x = s.shooter.velocity.y = s.shooter.velocity.z = 0.0;
    s.target.velocity = s.shooter.velocity;
    s.flags = 0;
    return s;
}

static af_status point(const scenario *s, double speed, af_shots_f64 *out)
{
    return af_arc_point_f64(&s->shooter.position, &s->target.position, speed, &s->gravity, out);
}

static double up_component(af_vec3_f64 v, af_vec3_f64 g)
{
    return -(v.x * g.x + v.y * g.y + v.z * g.z) / kin_len(g);
}

static void random_points_hit(void)
{
    th_rng rng = th_rng_for("arc_point.random");
    long i, n = th_count(100000), counts[3] = { 0, 0, 0 };
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        scenario s = static_scenario(&rng);
        af_shots_f64 out;
        af_status st = point(&s, s.speed, &out);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "scenario %ld: %s", i,
                      af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "arc_point");
        if (st == AF_OK)
            worst = fmax(worst, check_shots_hit(&s, &out, s.speed, "arc_point"));
        if (out.count == 2) /* the low arc leaves below the high one */
            TH_CHECK(up_component(out.shot[0].velocity, s.gravity) <=
                         up_component(out.shot[1].velocity, s.gravity) + 1e-9 * s.speed,
                     "scenario %ld: first shot is not the low arc", i);
        if (out.count <= 2)
            counts[out.count]++;
    }
    th_note("%ld points: %ld unreachable, %ld one arc, %ld two arcs; worst miss %.3g of scale",
            n, counts[0], counts[1], counts[2], worst);
    TH_CHECK(counts[0] > n / 20 && counts[2] > n / 20, "both reachable and unreachable seen");
}

static void no_arc_lost(void)
{
    th_rng rng = th_rng_for("arc_point.complete");
    long i, n = th_count(100000), seen = 0;
    for (i = 0; i < n; i++) {
        scenario s = static_scenario(&rng);
        af_shots_f64 out;
        af_status st = point(&s, s.speed, &out);
        seen += check_no_root_lost(&s, st, &out, 1200, i);
    }
    th_note("%ld scenarios, %ld arcs seen by the scan, all returned", n, seen);
}

/* Max range and min speed are the edge of reach of af_arc_point_f64: just
 * inside it the point is reachable, just outside it is not. 1e-6 keeps the
 * probes clear of rounding at the edge (the discriminant there is ~1e-6,
 * ten orders of magnitude above its rounding error). */
static void max_range_is_the_edge_of_reach(void)
{
    th_rng rng = th_rng_for("arc_point.max_range");
    long i, n = th_count(100000), reached = 0;
    for (i = 0; i < n; i++) {
        af_vec3_f64 g = th_rand_below(&rng, 2) ? scenario_vector(&rng, 1e-2, 1e3)
                                               : (af_vec3_f64){ 0, 0, -9.81 };
        double speed = th_rand_log(&rng, 1e-2, 1e4), gn = kin_len(g);
        double top = speed * speed / (2 * gn); /* the highest a shot reaches */
        double height = th_rand_uniform(&rng, -3.0, 1.2) * top;
        af_range_f64 r;
        af_status st = af_arc_max_range_f64(speed, height, &g, &r);
        if (height > top) {
            TH_CHECK(st == AF_ERR_NO_SOLUTION && r.range == 0 && r.t == 0,
                     "level %.17g above the top %.17g: %s", height, top, af_status_name(st));
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "speed %g height %g: %s", speed, height, af_status_name(st)))
            continue;
        reached++;
        /* The shot it describes: speed as asked, lands on the level at range. */
        TH_CHECK(fabs(hypot(r.horizontal_speed, r.vertical_speed) - speed) <= 1e-12 * speed,
                 "launch speed %.17g, asked %.17g", hypot(r.horizontal_speed, r.vertical_speed),
                 speed);
        TH_CHECK(fabs(r.horizontal_speed * r.t - r.range) <= 1e-12 * (r.range + top),
                 "horizontal flight %.17g vs range %.17g", r.horizontal_speed * r.t, r.range);
        TH_CHECK(fabs(r.vertical_speed * r.t - 0.5 * gn * r.t * r.t - height) <=
                     1e-9 * (fabs(height) + top + r.range),
                 "lands at height %.17g, level %.17g",
                 r.vertical_speed * r.t - 0.5 * gn * r.t * r.t, height);
        if (r.range > 0) {
            /* A horizontal direction: any unit vector perpendicular to g. */
            af_vec3_f64 up = { -g.x / gn, -g.y / gn, -g.z / gn }, side, from = { 0, 0, 0 }, to;
            af_shots_f64 out;
            double k;
            side.x = up.y - up.z;
            side.y = up.z - up.x;
            side.z = up.x - up.y;
            k = kin_len(side);
            side.x /= k;
            side.y /= k;
            side.z /= k;
            to.x = up.x * height + side.x * r.range * (1 - 1e-6);
            to.y = up.y * height + side.y * r.range * (1 - 1e-6);
            to.z = up.z * height + side.z * r.range * (1 - 1e-6);
            TH_CHECK(af_arc_point_f64(&from, &to, speed, &g, &out) == AF_OK,
                     "just inside the max range is reachable");
            to.x = up.x * height + side.x * r.range * (1 + 1e-6);
            to.y = up.y * height + side.y * r.range * (1 + 1e-6);
            to.z = up.z * height + side.z * r.range * (1 + 1e-6);
            TH_CHECK(af_arc_point_f64(&from, &to, speed, &g, &out) == AF_ERR_NO_SOLUTION,
                     "just beyond the max range is not");
        }
    }
    th_note("%ld levels within reach checked", reached);
}

static void min_speed_is_the_edge_of_reach(void)
{
    th_rng rng = th_rng_for("arc_point.min_speed");
    long i, n = th_count(100000);
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        scenario s = static_scenario(&rng);
        af_shots_f64 out, probe;
        af_status st = af_arc_min_speed_f64(&s.shooter.position, &s.target.position, &s.gravity,
                                            &out);
        double speed, L, h, g = kin_len(s.gravity), expect;
        if (!TH_CHECK(st == AF_OK && out.count == 1, "scenario %ld: %s", i, af_status_name(st)))
            continue;
        check_shots_shape(st, &out, "min_speed");
        worst = fmax(worst, check_shots_hit(&s, &out, 0.0, "min_speed"));
        speed = kin_len(out.shot[0].velocity);
        /* The textbook value, computed here independently: g (L + h). */
        L = kin_dist(s.target.position, s.shooter.position);
        h = -((s.target.position.x - s.shooter.position.x) * s.gravity.x +
              (s.target.position.y - s.shooter.position.y) * s.gravity.y +
              (s.target.position.z - s.shooter.position.z) * s.gravity.z) / g;
        expect = sqrt(g * (L + h));
        /* L + h loses digits to cancellation straight below the launch
         * point; compare against the speed scale sqrt(g L). */
        TH_CHECK(fabs(speed - expect) <= 1e-7 * sqrt(g * L), "min speed %.17g, formula %.17g",
                 speed, expect);
        if (speed > 1e-6 * sqrt(g * L)) {
            TH_CHECK(point(&s, speed * (1 + 1e-6), &probe) == AF_OK,
                     "slightly faster than the minimum reaches the point");
            TH_CHECK(point(&s, speed * (1 - 1e-6), &probe) == AF_ERR_NO_SOLUTION,
                     "slightly slower does not");
        }
    }
    th_note("%ld minimum-speed shots; worst miss %.3g of scale", n, worst);
}

#define V3(x, y, z) { x, y, z }

struct edge {
    const char *why;
    af_vec3_f64 from, to, g;
    double speed;
    af_status status;
    int count;
};

static void arc_point_edge_table(void)
{
    static const struct edge table[] = {
        { "level ground well within reach: a low and a high arc",
          V3(0, 0, 0), V3(20, 0, 0), V3(0, 0, -10), 20, AF_OK, 2 },
        { "exactly at the edge of reach (s^2/g on level ground): one arc at 45 degrees",
          V3(0, 0, 0), V3(40, 0, 0), V3(0, 0, -10), 20, AF_OK, 1 },
        { "beyond reach", V3(0, 0, 0), V3(41, 0, 0), V3(0, 0, -10), 20, AF_ERR_NO_SOLUTION, 0 },
        { "straight above within reach: both go straight up, rising then falling",
          V3(0, 0, 0), V3(0, 0, 10), V3(0, 0, -10), 20, AF_OK, 2 },
        { "straight above out of reach (a vertical shot tops out at 20 m)",
          V3(0, 0, 0), V3(0, 0, 30), V3(0, 0, -10), 20, AF_ERR_NO_SOLUTION, 0 },
        { "straight below: straight down, or straight up and falling back past the muzzle",
          V3(0, 0, 0), V3(0, 0, -10), V3(0, 0, -10), 5, AF_OK, 2 },
        { "no gravity: the straight line, one shot",
          V3(1, 2, 3), V3(4, 6, 3), V3(0, 0, 0), 5, AF_OK, 1 },
        { "gravity along -y (a y-up world) works the same",
          V3(0, 0, 0), V3(20, 0, 0), V3(0, -10, 0), 20, AF_OK, 2 },
        { "coincident: t = 0, then straight up and back down after 2 s / g",
          V3(5, 5, 5), V3(5, 5, 5), V3(0, 0, -10), 10, AF_OK, 2 },
        { "zero speed", V3(0, 0, 0), V3(1, 0, 0), V3(0, 0, -10), 0, AF_ERR_BAD_ARGUMENT, 0 },
        { "negative speed", V3(0, 0, 0), V3(1, 0, 0), V3(0, 0, -10), -3, AF_ERR_BAD_ARGUMENT, 0 },
        { "NaN speed", V3(0, 0, 0), V3(1, 0, 0), V3(0, 0, -10), NAN, AF_ERR_BAD_ARGUMENT, 0 },
        { "infinite speed", V3(0, 0, 0), V3(1, 0, 0), V3(0, 0, -10), INFINITY,
          AF_ERR_BAD_ARGUMENT, 0 },
        { "NaN gravity", V3(0, 0, 0), V3(1, 0, 0), V3(0, 0, NAN), 3, AF_ERR_BAD_ARGUMENT, 0 },
        { "infinite target coordinate", V3(0, 0, 0), V3(-INFINITY, 0, 0), V3(0, 0, -10), 3,
          AF_ERR_BAD_ARGUMENT, 0 },
    };
    size_t i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        const struct edge *e = &table[i];
        af_shots_f64 out;
        af_status st = af_arc_point_f64(&e->from, &e->to, e->speed, &e->g, &out);
        scenario s;
        TH_CHECK(st == e->status && out.count == e->count, "%s: got %s with %d shots", e->why,
                 af_status_name(st), out.count);
        check_shots_shape(st, &out, e->why);
        if (st != AF_OK)
            continue;
        s.shooter.position = e->from;
        s.shooter.velocity = (af_vec3_f64)V3(0, 0, 0);
        s.target.position = e->to;
        s.target.velocity = s.shooter.velocity;
        s.gravity = e->g;
        s.flags = 0;
        if (out.shot[0].t == 0.0) {
            TH_CHECK(out.shot[0].velocity.x == 0 && out.shot[0].velocity.y == 0 &&
                         out.shot[0].velocity.z == 0,
                     "%s: the t = 0 shot has zero velocity", e->why);
            out.shot[0] = out.shot[1];
            out.count = 1;
        }
        check_shots_hit(&s, &out, e->speed, e->why);
    }
}

static void arc_point_special_answers(void)
{
    af_vec3_f64 o = V3(0, 0, 0), up10 = V3(0, 0, 10), down10 = V3(0, 0, -10), g = V3(0, 0, -10);
    af_vec3_f64 far40 = V3(40, 0, 0);
    af_shots_f64 out;
    /* Straight above: both shots vertical, at 20 m/s. */
    TH_CHECK(af_arc_point_f64(&o, &up10, 20, &g, &out) == AF_OK && out.count == 2, "above");
    TH_CHECK(out.shot[0].velocity.x == 0 && out.shot[0].velocity.y == 0 &&
                 out.shot[1].velocity.x == 0 && out.shot[1].velocity.y == 0 &&
                 out.shot[0].velocity.z > 0 && out.shot[1].velocity.z > 0,
             "straight above: both shots go straight up");
    /* Straight below: the low arc goes straight down, the high straight up. */
    TH_CHECK(af_arc_point_f64(&o, &down10, 5, &g, &out) == AF_OK && out.count == 2, "below");
    TH_CHECK(out.shot[0].velocity.z < 0 && out.shot[1].velocity.z > 0 &&
                 out.shot[0].velocity.x == 0 && out.shot[1].velocity.x == 0,
             "straight below: down, then up");
    /* The edge of reach on level ground is the 45-degree shot. */
    TH_CHECK(af_arc_point_f64(&o, &far40, 20, &g, &out) == AF_OK && out.count == 1, "edge");
    TH_CHECK(fabs(out.shot[0].velocity.x - out.shot[0].velocity.z) <= 1e-12 * 20,
             "edge of reach: 45 degrees (vx %.17g, vz %.17g)", out.shot[0].velocity.x,
             out.shot[0].velocity.z);
    /* Coincident: the second shot is straight up and back after 2 s / g. */
    TH_CHECK(af_arc_point_f64(&up10, &up10, 10, &g, &out) == AF_OK && out.count == 2 &&
                 out.shot[0].t == 0 && fabs(out.shot[1].t - 2.0) <= 1e-15 &&
                 out.shot[1].velocity.z == 10,
             "coincident: t = 0 and t = 2 s");
}

static void max_range_and_min_speed_table(void)
{
    af_vec3_f64 g = V3(0, 0, -10), none = V3(0, 0, 0), o = V3(0, 0, 0);
    af_vec3_f64 far = V3(10, 0, 0), below = V3(0, 0, -20), above = V3(0, 0, 5);
    af_range_f64 r = { 0, 0, 0, 0 };
    af_shots_f64 out;
    /* Level ground: 45 degrees and s^2/g. */
    TH_CHECK(af_arc_max_range_f64(20, 0, &g, &r) == AF_OK && fabs(r.range - 40) <= 1e-12 &&
                 fabs(r.horizontal_speed - r.vertical_speed) <= 1e-12,
             "level ground: 40 m at 45 degrees, got %.17g", r.range);
    /* From 10 m up: farther than s^2/g, and flatter than 45 degrees. */
    TH_CHECK(af_arc_max_range_f64(20, -10, &g, &r) == AF_OK && r.range > 40 &&
                 r.horizontal_speed > r.vertical_speed,
             "from a height: %.17g m, below 45 degrees", r.range);
    TH_CHECK(fabs(r.range - 2 * sqrt(600)) <= 1e-12, "from 10 m up: (s/g) sqrt(s^2 + 2 g h)");
    /* The level at the very top of a vertical shot: range 0, straight up. */
    TH_CHECK(af_arc_max_range_f64(20, 20, &g, &r) == AF_OK && r.range == 0 && r.t == 2 &&
                 r.vertical_speed == 20 && r.horizontal_speed == 0,
             "top of a vertical shot: range %.17g, t %.17g", r.range, r.t);
    TH_CHECK(af_arc_max_range_f64(20, 20.001, &g, &r) == AF_ERR_NO_SOLUTION, "above the top");
    TH_CHECK(af_arc_max_range_f64(20, 0, &none, &r) == AF_ERR_BAD_ARGUMENT && r.range == 0,
             "no gravity: no maximum, bad argument");
    TH_CHECK(af_arc_max_range_f64(0, 0, &g, &r) == AF_ERR_BAD_ARGUMENT, "zero speed");
    TH_CHECK(af_arc_max_range_f64(NAN, 0, &g, &r) == AF_ERR_BAD_ARGUMENT, "NaN speed");
    TH_CHECK(af_arc_max_range_f64(5, INFINITY, &g, &r) == AF_ERR_BAD_ARGUMENT, "inf height");
    TH_CHECK(af_arc_max_range_f64(5, 0, &g, NULL) == AF_ERR_BAD_ARGUMENT, "NULL out");

    /* Min speed on level ground is sqrt(g L), at 45 degrees. */
    TH_CHECK(af_arc_min_speed_f64(&o, &far, &g, &out) == AF_OK &&
                 fabs(kin_len(out.shot[0].velocity) - 10) <= 1e-12 &&
                 fabs(out.shot[0].velocity.x - out.shot[0].velocity.z) <= 1e-12,
             "level: 10 m/s at 45 degrees");
    /* Straight below the slowest shot is a drop from rest. */
    TH_CHECK(af_arc_min_speed_f64(&o, &below, &g, &out) == AF_OK &&
                 kin_len(out.shot[0].velocity) == 0 && fabs(out.shot[0].t - 2) <= 1e-15,
             "straight below: dropped, 2 s");
    /* Straight above: exactly enough to top out there, sqrt(2 g h). */
    TH_CHECK(af_arc_min_speed_f64(&o, &above, &g, &out) == AF_OK &&
                 fabs(out.shot[0].velocity.z - 10) <= 1e-12 && out.shot[0].velocity.x == 0,
             "straight above: 10 m/s up");
    TH_CHECK(af_arc_min_speed_f64(&o, &o, &g, &out) == AF_OK && out.count == 1 &&
                 out.shot[0].t == 0 && kin_len(out.shot[0].velocity) == 0,
             "coincident: t = 0, speed 0");
    TH_CHECK(af_arc_min_speed_f64(&o, &far, &none, &out) == AF_ERR_BAD_ARGUMENT &&
                 out.count == 0,
             "no gravity: any speed works, there is no minimum");
    far.y = NAN;
    TH_CHECK(af_arc_min_speed_f64(&o, &far, &g, &out) == AF_ERR_BAD_ARGUMENT, "NaN point");
    TH_CHECK(af_arc_min_speed_f64(NULL, &o, &g, &out) == AF_ERR_BAD_ARGUMENT, "NULL from");
}

static af_vec3_f64 vec3(double x, double y, double z)
{
    af_vec3_f64 v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}

/* A scenario of a static point: shooter at the origin, both at rest. */
static scenario point_scene(af_vec3_f64 to, af_vec3_f64 g, double speed)
{
    scenario s;
    s.shooter.position = vec3(0, 0, 0);
    s.shooter.velocity = vec3(0, 0, 0);
    s.target.position = to;
    s.target.velocity = vec3(0, 0, 0);
    s.gravity = g;
    s.speed = speed;
    s.flags = 0;
    return s;
}

/* The launch speed is the asked one to a few ulps, whatever the geometry:
 * here points far below the launcher (depth / speed^2 up to 1e15 g), where
 * the speed is tiny next to the distance over the time of flight (the
 * generic SPEED_TOL is relative to the larger of the two). */
static void speed_exact_for_points_far_below(void)
{
    static const double depths[] = { 1e3, 1e6, 1e9, 1e12, 1e15 };
    /* Horizontal offsets as fractions of speed sqrt(depth), inside the
     * reach (about speed sqrt(2 depth / g)). */
    static const double offsets[] = { 1e-3, 0.1, 0.4 };
    static const double speeds[] = { 1.0, 30.0 };
    double worst = 0.0;
    size_t i, j, k;
    for (i = 0; i < sizeof depths / sizeof depths[0]; i++)
        for (j = 0; j < sizeof offsets / sizeof offsets[0]; j++)
            for (k = 0; k < sizeof speeds / sizeof speeds[0]; k++) {
                scenario s = point_scene(vec3(offsets[j] * speeds[k] * sqrt(depths[i]), 0, -depths[i]),
                                         vec3(0, 0, -9.81), speeds[k]);
                af_shots_f64 out;
                af_status st = point(&s, s.speed, &out);
                int n;
                if (!TH_CHECK(st == AF_OK && out.count == 2, "depth %g offset %g: %s, %d shots",
                              depths[i], offsets[j], af_status_name(st), out.count))
                    continue;
                check_shots_hit(&s, &out, s.speed, "far below");
                for (n = 0; n < out.count; n++) {
                    double err = fabs(kin_len(out.shot[n].velocity) / s.speed - 1.0);
                    worst = fmax(worst, err);
                    TH_CHECK(err <= 1e-14, "depth %g offset %g speed %g shot %d: speed off by %.3g",
                             depths[i], offsets[j], speeds[k], n, err);
                }
            }
    th_note("points far below: worst relative speed error %.3g", worst);
}

/* A point closer than the smallest normal double (1e-310 m) is an ordinary
 * point: the flat shot straight at it and the lob straight up and back
 * (t = 2 s / g), both at the asked speed. */
static void subnormal_distance_gives_both_arcs(void)
{
    scenario s = point_scene(vec3(1e-310, 0, 0), vec3(0, 0, -9.81), 1.0);
    af_shots_f64 out;
    af_status st = point(&s, s.speed, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2, "1e-310 m away: %s, %d shots", af_status_name(st),
                  out.count))
        return;
    TH_CHECK(fabs(out.shot[0].t / 1e-310 - 1.0) <= 1e-12 && fabs(out.shot[1].t * 9.81 / 2.0 - 1.0) <= 1e-15,
             "times %.17g and %.17g", out.shot[0].t, out.shot[1].t);
    TH_CHECK(fabs(kin_len(out.shot[0].velocity) - 1.0) <= 1e-15 &&
                 fabs(kin_len(out.shot[1].velocity) - 1.0) <= 1e-15 &&
                 out.shot[0].velocity.x > 0.99 && out.shot[1].velocity.z > 0.99,
             "flat (%.17g, %.17g) then up (%.17g, %.17g)", out.shot[0].velocity.x,
             out.shot[0].velocity.z, out.shot[1].velocity.x, out.shot[1].velocity.z);
}

/* The slowest shot at a point near the largest double: every part of the
 * launch velocity is divided by the time before it is summed, so a
 * distance near DBL_MAX gives a shot that lands on the point, not one
 * whose vertical part overflowed to infinity or was lost to it. */
static void min_speed_hits_points_near_double_max(void)
{
    static const af_vec3_f64 points[] = {
        { 1e308, 0, 0 }, { 1.7e308, 0, 0 }, { 1e308, 0, 1e308 }, { 1e308, 0, -1e308 },
        { 1e300, 0, -1.7e308 }, { 1e-300, 0, -1e-300 },
    };
    static const double gs[] = { 9.81, 1e-300, 1e300 };
    size_t i, j;
    for (i = 0; i < sizeof points / sizeof points[0]; i++)
        for (j = 0; j < sizeof gs / sizeof gs[0]; j++) {
            af_vec3_f64 o = vec3(0, 0, 0), g = vec3(0, 0, -gs[j]), p;
            af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
            af_shots_f64 out;
            af_status st = af_arc_min_speed_f64(&o, &points[i], &g, &out);
            double L = kin_len(points[i]), t, miss;
            if (!TH_CHECK(st == AF_OK && out.count == 1, "(%g, %g, %g), g %g: %s", points[i].x,
                          points[i].y, points[i].z, gs[j], af_status_name(st)))
                continue;
            t = out.shot[0].t;
            /* Flown in halves of the distance so that the test's own sums
             * cannot overflow: p = u t + g t^2 / 2. */
            p = kin_projectile(&shooter, 0, vec3(0.5 * out.shot[0].velocity.x, 0.5 * out.shot[0].velocity.y,
                                               0.5 * out.shot[0].velocity.z),
                               vec3(0.5 * g.x, 0.5 * g.y, 0.5 * g.z), t);
            miss = kin_dist(p, vec3(0.5 * points[i].x, 0.5 * points[i].y, 0.5 * points[i].z));
            TH_CHECK(miss <= 1e-12 * 0.5 * L,
                     "(%g, %g, %g), g %g: the slowest shot misses by %.3g of the distance",
                     points[i].x, points[i].y, points[i].z, gs[j], miss / (0.5 * L));
            TH_CHECK(fabs(t / (sqrt(2.0) * (sqrt(L) / sqrt(gs[j]))) - 1.0) <= 1e-14,
                     "t = %.17g, not sqrt(2 L / g)", t);
        }
}

/* A point 1.7e-154 m up a gravity of 1.5e-144 at 1.2e161 m/s: the low
 * arc's time, 1.4e-315 s, is a subnormal of 19 significant bits, whose
 * rounding alone made the shot miss by 1.6e-9 of the distance. An arc
 * whose time is below 2^-1042 s is left out as underflowing; the high
 * arc stays. */
static void arc_of_few_significant_bits_is_left_out(void)
{
    af_vec3_f64 from = V3(0, 0, 0), to = V3(0, 1.6730296119764273e-154, 0);
    af_vec3_f64 g = V3(0, 1.5324733244767398e-144, 0);
    af_shots_f64 out;
    af_status st = af_arc_point_f64(&from, &to, 1.2041898402096811e+161, &g, &out);
    TH_CHECK(st == AF_OK && out.count == 1 && out.shot[0].t > 1.0, "%s, %d shots, first t %g",
             af_status_name(st), out.count, out.shot[0].t);
}

/* From a point onto itself the second shot goes straight up and falls
 * back after 2 s / g: where that time underflows to 0 (a subnormal speed
 * under strong gravity) or overflows (a huge speed under a subnormal
 * gravity), the arc is left out as any other whose time is not a positive
 * finite double, and the t = 0 shot stays alone. */
static void fall_back_shot_left_out_when_its_time_is_not_positive_finite(void)
{
    static const double speeds[] = { 3.4584595208887258e-322, 1e300 };
    static const double gs[] = { 32768.0, 1e-300 };
    af_vec3_f64 p = V3(1, 2, 3);
    af_shots_f64 out;
    int i;
    for (i = 0; i < 2; i++) {
        af_vec3_f64 g = V3(0, -gs[i], 0);
        af_status st = af_arc_point_f64(&p, &p, speeds[i], &g, &out);
        TH_CHECK(st == AF_OK && out.count == 1 && out.shot[0].t == 0 &&
                     out.shot[0].velocity.y == 0 && out.shot[1].t == 0 &&
                     out.shot[1].velocity.y == 0,
                 "speed %g, g %g: %s, %d shots, the second at t %g with vy %g", speeds[i],
                 gs[i], af_status_name(st), out.count, out.shot[1].t, out.shot[1].velocity.y);
    }
}

/* A point 1.9e20 m along a gravity of 1e122: both arcs take 1.9e-51 s,
 * a near-double root whose two times, each from its own formula, once
 * came out an ulp apart in the wrong order. Earliest first, always. */
static void near_double_root_shots_stay_earliest_first(void)
{
    af_vec3_f64 from = V3(17.390625, 0, 1.7329079689812493e-309), to = V3(1.9369081277395029e+20, 0, 0);
    af_vec3_f64 g = V3(1.0466717404405272e+122, 0.0002593994140625, 1.52587890625e-05);
    af_shots_f64 out;
    af_status st = af_arc_point_f64(&from, &to, 68.26953125, &g, &out);
    TH_CHECK(st == AF_OK && out.count == 2 && out.shot[0].t <= out.shot[1].t,
             "%s, %d shots at %.17g and %.17g", af_status_name(st), out.count, out.shot[0].t,
             out.shot[1].t);
}

/* A point 1.46e-317 m away (a subnormal of 6 significant bits) across a
 * gravity of 3.7e19, at 9.3e-5 m/s: the low arc's time is subnormal too,
 * and the velocity's part across gravity, once D_perp / t, came out off
 * the speed. Both arcs at the asked speed to a few ulps. */
static void subnormal_point_across_gravity_keeps_the_speed(void)
{
    const double speed = 0x1.8484p-14; /* 97.12890625 2^-20 */
    af_vec3_f64 from = V3(0, 0, 0), to = V3(0, 0, 1.457058877463337e-317);
    af_vec3_f64 g = V3(0, 3.6893488147419103e+19, 0.0002593994140625);
    af_shots_f64 out;
    af_status st = af_arc_point_f64(&from, &to, speed, &g, &out);
    int i;
    if (!TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st), out.count))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / speed - 1.0) <= 1e-14,
                 "arc %d: speed %.17g", i, kin_len(out.shot[i].velocity));
}

/* A subnormal speed of 5.4e-315 m/s at a point 2.4e-314 m almost along
 * a gravity of 5e-305 (both arcs near the edge of reach): the velocity's
 * small part across gravity, once scaled by the speed before it was
 * scaled up, kept a few thousand ulps and the speed came out 2.2e-5 off.
 * Both arcs at the asked speed to the subnormals' own spacing. */
static void subnormal_speed_keeps_its_bits(void)
{
    const double speed = 5.3878799379977617e-315, ulp = 4.9406564584124654e-324;
    af_vec3_f64 from = V3(0, 0, 0), to = V3(8.0947715414629834e-320, 0, 2.3789562187774733e-314);
    af_vec3_f64 g = V3(1.1956388629358166e-321, 0, 5.126570170000592e-305);
    af_shots_f64 out;
    af_status st = af_arc_point_f64(&from, &to, speed, &g, &out);
    int i;
    if (!TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st), out.count))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) - speed) <= 2.0 * ulp,
                 "arc %d: speed %.17g, %.3g ulps off", i, kin_len(out.shot[i].velocity),
                 (kin_len(out.shot[i].velocity) - speed) / ulp);
}

/* A gravity of 6e-317 m/s^2 (subnormal components): its magnitude as a
 * subnormal keeps 24 bits, and the unit "up" divided by it was 4e-8 off
 * unit length, the high arc's speed with it. Both arcs at the asked
 * speed to a few ulps. */
static void subnormal_gravity_keeps_the_speed(void)
{
    af_vec3_f64 from = V3(0.0625152587890625, 0, 7.4767072163744711e+20);
    af_vec3_f64 to = V3(0.0002593994140625, 0.0002593994140625, 0);
    af_vec3_f64 g = V3(5.8606145960192e-317, 0, 1.1980261881365215e-317);
    double s = 1.5034648918995099e-66;
    af_shots_f64 out;
    af_status st = af_arc_point_f64(&from, &to, s, &g, &out);
    int i;
    if (!TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st), out.count))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / s - 1.0) <= 1e-14, "arc %d: speed off by %.3g",
                 i, kin_len(out.shot[i].velocity) / s - 1.0);
}

/* The slowest shot where the gravity or the distance is a subnormal of a
 * few bits: t = sqrt(2 L / g) from their rounded magnitudes was 2.4e-7
 * (a gravity of 8e-320 m/s^2 tilted by 1e-3) and 1.6e-6 (a point
 * 7.5e-320 m away) off, and so was the speed. The speed against
 * sqrt(g (L + h)) worked out to 60 digits. */
static void min_speed_of_subnormal_gravity_and_distance_is_exact(void)
{
    static const struct {
        af_vec3_f64 from, to, g;
        double speed;
    } cases_[2] = {
        { V3(4294967296.0, 4294967296.0, 4294967296.0), V3(1e154, 1e154, 0),
          V3(7.9050503334599447e-323, 8.0947715414629834e-320, 0), 1.8289517667660700658e-83 },
        { V3(0, 0, 0), V3(1.2648080533535912e-321, 0, 7.4623675147861878e-320),
          V3(5.7087101392257604e-110, 1e154, 1e154), 1.7585589492590438673e-83 },
    };
    int i;
    for (i = 0; i < 2; i++) {
        af_shots_f64 out;
        af_status st = af_arc_min_speed_f64(&cases_[i].from, &cases_[i].to, &cases_[i].g, &out);
        TH_CHECK(st == AF_OK &&
                     fabs(kin_len(out.shot[0].velocity) / cases_[i].speed - 1.0) <= 1e-14,
                 "case %d: %s, speed %.17g, exact %.17g", i, af_status_name(st),
                 kin_len(out.shot[0].velocity), cases_[i].speed);
    }
}

/* The meeting equation |D - g t^2/2|^2 = s^2 t^2 keeps its roots when D,
 * g and s are scaled alike: a scene of subnormals (a point 5e-321 m away,
 * 1.3e-318 m/s^2, 8e-317 m/s) scaled by 2^200 (exactly) is an ordinary
 * one, with the same times. The subnormal |D| rounded to 2^-1074 put the
 * low arc's time 2.6e-4 off; |g| rounded the same way, the high arc's. */
static void subnormal_scene_has_the_times_of_its_scaled_copy(void)
{
    af_vec3_f64 from = V3(0, 0, 0), to = V3(7.8556437688758201e-322, 5.0592322134143646e-321, 0);
    af_vec3_f64 g = V3(0, 2.0110448048322099e-319, 1.2951634466340773e-318);
    double s = 8.1271506276288353e-317;
    af_vec3_f64 to2 = V3(ldexp(to.x, 200), ldexp(to.y, 200), 0);
    af_vec3_f64 g2 = V3(0, ldexp(g.y, 200), ldexp(g.z, 200));
    af_shots_f64 out, ref;
    af_status st = af_arc_point_f64(&from, &to, s, &g, &out);
    af_status st2 = af_arc_point_f64(&from, &to2, ldexp(s, 200), &g2, &ref);
    int i;
    if (!TH_CHECK(st == AF_OK && st2 == AF_OK && out.count == 2 && ref.count == 2,
                  "%s, %d shots; scaled %s", af_status_name(st), out.count, af_status_name(st2)))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(out.shot[i].t / ref.shot[i].t - 1.0) <= 1e-14,
                 "arc %d: t %.17g, the scaled scene's %.17g", i, out.shot[i].t, ref.shot[i].t);
}

static const th_case cases[] = {
    TH_CASE(subnormal_speed_keeps_its_bits),
    TH_CASE(subnormal_scene_has_the_times_of_its_scaled_copy),
    TH_CASE(subnormal_gravity_keeps_the_speed),
    TH_CASE(subnormal_point_across_gravity_keeps_the_speed),
    TH_CASE(near_double_root_shots_stay_earliest_first),
    TH_CASE(fall_back_shot_left_out_when_its_time_is_not_positive_finite),
    TH_CASE(arc_of_few_significant_bits_is_left_out),
    TH_CASE(min_speed_of_subnormal_gravity_and_distance_is_exact),
    TH_CASE(speed_exact_for_points_far_below),
    TH_CASE(subnormal_distance_gives_both_arcs),
    TH_CASE(min_speed_hits_points_near_double_max),
    TH_CASE(random_points_hit),
    TH_CASE(no_arc_lost),
    TH_CASE(max_range_is_the_edge_of_reach),
    TH_CASE(min_speed_is_the_edge_of_reach),
    TH_CASE(arc_point_edge_table),
    TH_CASE(arc_point_special_answers),
    TH_CASE(max_range_and_min_speed_table),
};

TH_MAIN("arc_point_f64", cases)
