/* SPDX-License-Identifier: MIT */
/*
 * Landing by raycasts: flights over flat ground, slopes, steps, sine hills
 * and a wall the arc just clears (or just hits), each landing compared with
 * a brute-force search along the arc; the number of casts is bounded and
 * the largest count is printed per terrain.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "aimfix.h"
#include "drag_sim.h"
#include "harness.h"
#include "terrain_check.h"

static int never_hits(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                      double max_distance, af_vec3_f64 *hit)
{
    (void)origin;
    (void)direction;
    (void)max_distance;
    (void)hit;
    ++*(long *)user;
    return 0;
}

/* A raycast that records whether it was ever asked an unusable question
 * (a direction that is not a unit vector, a length that is not finite and
 * > 0, an origin that is not finite), then answers on flat ground (or
 * never hits when the terrain is NULL). */
typedef struct checked_ray {
    const terrain *ground;
    long casts, bad_casts;
} checked_ray;

static int checked_raycast(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                           double max_distance, af_vec3_f64 *hit)
{
    checked_ray *c = user;
    double n = sqrt(direction->x * direction->x + direction->y * direction->y +
                    direction->z * direction->z);
    c->casts++;
    if (!(fabs(n - 1.0) < 1e-12) || !isfinite(max_distance) || !(max_distance > 0.0) ||
        !isfinite(origin->x) || !isfinite(origin->y) || !isfinite(origin->z)) {
        c->bad_casts++;
        return 0;
    }
    return c->ground ? terrain_raycast((void *)c->ground, origin, direction, max_distance, hit)
                     : 0;
}

static void land_on(terrain_kind kind)
{
    th_rng rng = th_rng_for(terrain_names[kind]);
    long i, count = th_count(400), landed = 0, grazes = 0;
    int most_casts = 0;
    double worst_time = 0.0;
    for (i = 0; i < count; i++) {
        af_vec3_f64 g = { 0.0, 0.0, -9.81 };
        int model = (int)(i % DSIM_KINDS);
        af_drag_f64 m = dsim_model(&rng, model);
        double scale = th_rand_log(&rng, 1.0, 200.0);
        terrain T = terrain_random(&rng, kind, scale);
        af_body_f64 start;
        af_drag_landing_f64 out;
        double speed, tol = th_rand_log(&rng, 1e-6, 1e-2) * scale, max_time, t_bf;
        af_status st;
        m.gravity = g;
        if (m.kind == AF_DRAG_KIND_CONTINUOUS && m.k * m.wind.z >= 9.81)
            m.wind.z = 0.0;
        speed = terrain_random_launch(&rng, &T, scale, &start);
        max_time = 6.0 * speed / 9.81 + 20.0 * sqrt(scale / 9.81);
        t_bf = terrain_brute_force_landing(&m, &start, &T, max_time);
        st = af_drag_land_f64(&m, &start, max_time, tol, terrain_raycast, &T, &out);
        if (out.casts > most_casts)
            most_casts = out.casts;
        TH_CHECK(out.casts <= AF_DRAG_LAND_MAX_CASTS, "%d casts", out.casts);
        if (t_bf < 0.0) {
            TH_CHECK(st == AF_ERR_NO_SOLUTION, "%s: no landing by max_time, yet %s",
                     terrain_names[kind], af_status_name(st));
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "%s %s: brute force lands at t = %g, solver: %s (%d casts)",
                      terrain_names[kind], dsim_kind_name(model), t_bf, af_status_name(st),
                      out.casts))
            continue;
        landed++;
        {
            af_body_f64 p;
            double sine = terrain_crossing_sine(&m, &start, &T, t_bf), dt_allowed, dist;
            if (!TH_CHECK(af_drag_predict_f64(&m, &start, out.t, &p) == AF_OK, "predict"))
                continue;
            /* The claim: the hit point is within the tolerance of the
             * trajectory at out.t (the raycast's own bisection adds
             * nothing measurable). */
            dist = dsim_dist(p.position, out.point);
            TH_CHECK(dist <= tol * (1.0 + 1e-6) + 1e-12 * scale,
                     "%s %s: hit point %g from the arc, tolerance %g", terrain_names[kind],
                     dsim_kind_name(model), dist, tol);
            /* The time agrees with the brute force within what the
             * tolerance allows at the crossing angle (both ways) plus the
             * brute force's own bisection. */
            if (sine < 0.05)
                continue;
            dt_allowed = 2.0 * tol / (dsim_len(p.velocity) * sine) + 1e-12 * max_time;
            /* Earlier is allowed where the arc comes within the tolerance
             * of the terrain (the hit point check above) without the
             * coarser brute force seeing it go under: grazing a wall's
             * top edge. Later is never allowed. */
            if (out.t < t_bf - dt_allowed) {
                grazes++;
                continue;
            }
            worst_time = fmax(worst_time, fabs(out.t - t_bf) / dt_allowed);
            TH_CHECK(fabs(out.t - t_bf) <= dt_allowed,
                     "%s %s r = %.17g k = %g: lands at t = %.17g, brute force %.17g (allowed "
                     "%.3g, tolerance %g, %d casts)",
                     terrain_names[kind], dsim_kind_name(model), m.r, m.k, out.t, t_bf,
                     dt_allowed, tol, out.casts);
        }
    }
    th_note("%-10s %ld of %ld flights landed, most casts %d (bound %d), worst time error %.2f of "
            "the allowance, %ld early contacts within the tolerance",
            terrain_names[kind], landed, count, most_casts, AF_DRAG_LAND_MAX_CASTS, worst_time,
            grazes);
}

static void flat_ground(void)
{
    land_on(FLAT);
}

static void slopes(void)
{
    land_on(SLOPE);
}

static void steps(void)
{
    land_on(STEP);
}

static void sine_hills(void)
{
    land_on(HILLS);
}

static void walls(void)
{
    land_on(WALL);
}

/* The time at which the flight reaches x (x grows along these flights). */
static double time_at_x(const af_drag_f64 *m, const af_body_f64 *start, double x, double t_hi)
{
    double lo = 0.0, hi = t_hi;
    int i;
    for (i = 0; i < 100; i++) {
        af_body_f64 p;
        double mid = (lo + hi) / 2.0;
        if (af_drag_predict_f64(m, start, mid, &p) != AF_OK)
            break;
        if (p.position.x < x)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

/*
 * A wall across the flight, on its way down, 2 % of the distance thick:
 * its top 1 % of the apex height below the arc over the whole wall (the
 * arc just clears it; the early chords, which sag below the arc, hit it),
 * or 1 % above the arc at the front face (the arc just hits the face).
 */
static void ledge_just_cleared(void)
{
    th_rng rng = th_rng_for("ledge_just_cleared");
    long i, count = th_count(200), tried = 0;
    int most_casts = 0;
    for (i = 0; i < count; i++) {
        af_vec3_f64 g = { 0.0, 0.0, -9.81 };
        af_drag_f64 m = dsim_model(&rng, (int)(i % DSIM_KINDS));
        terrain T = { WALL, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
        af_body_f64 start = { { 0.0, 0.0, 1.0 }, { 0.0, 0.0, 0.0 } }, front, back;
        af_drag_event_f64 apex, down;
        double speed = th_rand_uniform(&rng, 10.0, 40.0), e = th_rand_uniform(&rng, 0.3, 1.0);
        double t_front, t_back, clearance, tol = 1e-4, max_time;
        int side;
        m.gravity = g;
        m.wind.z = 0.0;
        start.velocity.x = speed * cos(e);
        start.velocity.z = speed * sin(e);
        if (!TH_CHECK(af_drag_apex_f64(&m, &start, &apex) == AF_OK &&
                          af_drag_time_at_height_f64(&m, &start, -1.0, AF_FALLING, &down) ==
                              AF_OK,
                      "apex and ground"))
            continue;
        max_time = 2.0 * down.t;
        t_front = apex.t + (down.t - apex.t) * th_rand_uniform(&rng, 0.1, 0.6);
        if (af_drag_predict_f64(&m, &start, t_front, &front) != AF_OK)
            continue;
        T.edge = front.position.x;
        T.thick = 0.02 * front.position.x;
        t_back = time_at_x(&m, &start, T.edge + T.thick, down.t);
        if (af_drag_predict_f64(&m, &start, t_back, &back) != AF_OK)
            continue;
        clearance = 0.01 * (apex.height + 1.0);
        if (back.position.z - clearance <= 0.1)
            continue;
        tried++;
        for (side = 0; side < 2; side++) {
            af_drag_landing_f64 out;
            double t_bf;
            af_status st;
            T.rise = side == 0 ? back.position.z - clearance : front.position.z + clearance;
            t_bf = terrain_brute_force_landing(&m, &start, &T, max_time);
            st = af_drag_land_f64(&m, &start, max_time, tol, terrain_raycast, &T, &out);
            if (out.casts > most_casts)
                most_casts = out.casts;
            if (!TH_CHECK(st == AF_OK && t_bf > 0.0, "%s %s: %s, brute force t = %g",
                          dsim_kind_name(m.kind), side == 0 ? "cleared" : "hit",
                          af_status_name(st), t_bf))
                continue;
            if (side == 0)
                TH_CHECK(out.point.x > T.edge + T.thick && fabs(out.t - t_bf) <= 1e-4 * t_bf,
                         "%s cleared wall (x %g to %g): landed at x = %g, t = %.9g, brute force "
                         "%.9g",
                         dsim_kind_name((int)(i % DSIM_KINDS)), T.edge, T.edge + T.thick,
                         out.point.x, out.t, t_bf);
            else
                TH_CHECK(fabs(out.point.x - T.edge) <= 2.0 * tol &&
                             fabs(out.t - t_front) <= 2.0 * tol / fabs(front.velocity.x),
                         "%s wall hit at its face x = %g, t = %.9g: landed at x = %g, t = %.9g",
                         dsim_kind_name((int)(i % DSIM_KINDS)), T.edge, t_front, out.point.x,
                         out.t);
        }
    }
    th_note("%ld walls cleared or hit by 1 %% of the arc's height: most casts %d", tried,
            most_casts);
}

/* Level ground y = *(double *)user under a flight along -y. */
static int ground_y(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                    double max_distance, af_vec3_f64 *hit)
{
    double level = *(const double *)user, s;
    if (!(direction->y < 0.0) || origin->y < level)
        return 0;
    s = (level - origin->y) / direction->y;
    if (s > max_distance)
        return 0;
    hit->x = origin->x + s * direction->x;
    hit->y = level;
    hit->z = origin->z + s * direction->z;
    return 1;
}

/* Box2D's 2 m a step (120 m/s at 60 Hz): a landing reached falling faster
 * is refused, its cast count still reported. */
static void step_cap_refuses_a_fast_landing(void)
{
    af_vec3_f64 g = { 0.0, -9.81, 0.0 };
    af_body_f64 drop = { { 0.0, 0.0, 0.0 }, { 5.0, 0.0, 0.0 } };
    af_drag_f64 m;
    af_drag_landing_f64 out;
    double level = -500.0;
    af_status st;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_BOX2D, 0.0, 1.0 / 60.0, &g, NULL, &m) == AF_OK,
                  "init"))
        return;
    st = af_drag_land_f64(&m, &drop, 60.0, 1e-3, ground_y, &level, &out);
    TH_CHECK(st == AF_OK, "500 m down: %s", af_status_name(st));
    level = -1000.0;
    st = af_drag_land_f64(&m, &drop, 60.0, 1e-3, ground_y, &level, &out);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && out.t == 0.0 && out.casts > 0,
             "1000 m down: %s (%d casts)", af_status_name(st), out.casts);
}

static void bad_inputs_and_misses(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 };
    af_body_f64 start = { { 0.0, 0.0, 1.0 }, { 5.0, 0.0, 5.0 } };
    terrain T = { FLAT, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    af_drag_f64 m;
    af_drag_landing_f64 out;
    long calls = 0;
    af_status st;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.2, 0.02, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_land_f64(&m, &start, 10.0, 1e-3, never_hits, &calls, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && out.casts == calls && calls > 0 &&
                 calls <= AF_DRAG_LAND_BRACKET_CHORDS && out.t == 0.0,
             "a callback that always misses: %s after %d casts (%ld calls)", af_status_name(st),
             out.casts, calls);
    TH_CHECK(af_drag_land_f64(&m, &start, 10.0, 1e-3, NULL, &T, &out) == AF_ERR_BAD_ARGUMENT,
             "NULL callback");
    TH_CHECK(af_drag_land_f64(&m, &start, 0.0, 1e-3, terrain_raycast, &T, &out) == AF_ERR_BAD_ARGUMENT,
             "max_time = 0");
    TH_CHECK(af_drag_land_f64(&m, &start, 10.0, 0.0, terrain_raycast, &T, &out) == AF_ERR_BAD_ARGUMENT,
             "tolerance = 0");
    TH_CHECK(af_drag_land_f64(&m, &start, 10.0, NAN, terrain_raycast, &T, &out) == AF_ERR_BAD_ARGUMENT,
             "tolerance NaN");
    TH_CHECK(af_drag_land_f64(&m, NULL, 10.0, 1e-3, terrain_raycast, &T, &out) == AF_ERR_BAD_ARGUMENT,
             "start NULL");
    TH_CHECK(af_drag_land_f64(&m, &start, 10.0, 1e-3, terrain_raycast, &T, NULL) == AF_ERR_BAD_ARGUMENT,
             "out NULL");
    /* Too short a search: the ground is reached after 0.1 s. */
    st = af_drag_land_f64(&m, &start, 0.1, 1e-3, terrain_raycast, &T, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION, "landing after max_time: %s", af_status_name(st));
}

/* A flight without gravity from start (unity drag 0.33, 60 s) never
 * lands, and every ray it casts is usable (checked_raycast). */
static void casts_unit_rays_without_gravity(const af_body_f64 *start, const char *what)
{
    af_vec3_f64 none = { 0.0, 0.0, 0.0 };
    checked_ray ray = { NULL, 0, 0 };
    af_drag_f64 m;
    af_drag_landing_f64 out;
    af_status st;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.33, 0.02, &none, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_land_f64(&m, start, 60.0, 1e-3, checked_raycast, &ray, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && ray.casts > 0 && ray.bad_casts == 0,
             "%s: %s, %ld of %ld casts unusable", what, af_status_name(st), ray.bad_casts,
             ray.casts);
}

/* A launch velocity whose components are subnormal (below 2^-1022) is
 * still a direction: every chord cast along it has a unit direction and
 * its true length, and a drop onto the ground lands where the flight does. */
static void subnormal_launch_velocity_casts_unit_rays(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 };
    af_body_f64 still = { { 0.0, 0.0, 0.0 }, { 1e-310, 2e-310, 3e-310 } };
    af_body_f64 drop = { { 0.0, 0.0, 1.0 }, { 1e-310, 0.0, 0.0 } }, p;
    terrain T = { FLAT, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    checked_ray ray = { NULL, 0, 0 };
    af_drag_f64 m;
    af_drag_landing_f64 out;
    af_status st;
    casts_unit_rays_without_gravity(&still, "no gravity, subnormal velocity");
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.33, 0.02, &g, NULL, &m) == AF_OK, "init"))
        return;
    ray.ground = &T;
    ray.casts = ray.bad_casts = 0;
    st = af_drag_land_f64(&m, &drop, 60.0, 1e-3, checked_raycast, &ray, &out);
    if (!TH_CHECK(st == AF_OK && ray.bad_casts == 0, "drop from 1 m: %s, %ld of %ld casts unusable",
                  af_status_name(st), ray.bad_casts, ray.casts))
        return;
    TH_CHECK(af_drag_predict_f64(&m, &drop, out.t, &p) == AF_OK &&
                 dsim_dist(p.position, out.point) <= 1e-3 * (1.0 + 1e-6) && out.t > 0.4,
             "drop from 1 m lands at t = %.17g, (%g, %g, %g)", out.t, out.point.x, out.point.y,
             out.point.z);
}

/* A flight whose chords are subnormals of a few bits (a launch velocity
 * of 1e-320 m/s): their length, rounded to the subnormal grid, once
 * divided them into rays up to 3e-8 off unit length. Every ray cast is a
 * unit vector to the double's precision. */
static void chord_of_few_bits_casts_a_unit_ray(void)
{
    af_body_f64 slow = { { 0.0, 0.0, 0.0 }, { 1e-320, 3e-321, 7e-322 } };
    casts_unit_rays_without_gravity(&slow, "velocity 1e-320");
}

/* A shot into a 1500 m/s wind under strong continuous drag, carried
 * along it 0.3 m/s above terminal sag: the chords cast past the turn are
 * hundreds of kilometres long, and the suites' raycast, marching 4096
 * steps of 100 m, stepped over a wall 39 m thick (f64 said no landing
 * where Q16.16 hit the wall). The landing is on the wall's face. */
static void long_chord_through_a_thin_wall_lands_on_it(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0.0, 0.0, -0x1.e64d38p+5 },
                          { 0x1.353548p+6, -0x1.522ccp+3, 0x1.5e1abcp+6 } };
    terrain T = { WALL, -0x1.f9b39d6b109f5p+7, 0.0, 0.0, 0x1.c4b8b79e51154p+9,
                  0x1.0a4bf3949f7b5p+6, 0x1.37c5cef0b833fp+5, 0.0, 0.0, 0.0 };
    af_drag_landing_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.k = 0x1.07e538p+5;
    m.gravity.z = -0x1.39eb8p+3;
    m.wind.x = 0x1.705656cp+10;
    m.wind.y = 0x1.d26f5p+8;
    st = af_drag_land_f64(&m, &start, 0x1.0dda6bp+8, 0x1.7524p-1, terrain_raycast, &T, &out);
    TH_CHECK(st == AF_OK && fabs(out.point.x - T.edge) <= 1.0 && fabs(out.t - 0.6433) <= 1e-3,
             "%s at t %.9g, x %.9g (the wall at %.9g)", af_status_name(st), out.t, out.point.x,
             T.edge);
}

/* A search time so long that the flight's position leaves the double range
 * before it (no drag: g t^2 / 2 overflows): the raycast is never asked about
 * a chord that does not fit; a landing before it is still found, and none
 * is AF_ERR_OVERFLOW. */
static void flight_beyond_double_range_is_never_cast(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 };
    af_body_f64 start = { { 0.0, 0.0, 1.0 }, { 5.0, 0.0, 5.0 } };
    terrain T = { FLAT, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    checked_ray ray = { NULL, 0, 0 };
    af_drag_f64 m;
    af_drag_landing_f64 out, near;
    af_status st;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.0, 0.02, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_land_f64(&m, &start, 1e298, 1e-3, checked_raycast, &ray, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && ray.bad_casts == 0 && out.t == 0.0 && out.casts == ray.casts,
             "never hits, max_time 1e298: %s, %ld of %ld casts unusable", af_status_name(st),
             ray.bad_casts, ray.casts);
    ray.ground = &T;
    ray.casts = ray.bad_casts = 0;
    st = af_drag_land_f64(&m, &start, 1e298, 1e-3, checked_raycast, &ray, &out);
    if (!TH_CHECK(st == AF_OK && ray.bad_casts == 0, "flat ground, max_time 1e298: %s, %ld bad",
                  af_status_name(st), ray.bad_casts))
        return;
    st = af_drag_land_f64(&m, &start, 10.0, 1e-3, terrain_raycast, &T, &near);
    TH_CHECK(st == AF_OK && fabs(out.t - near.t) <= 1e-3,
             "landing with max_time 1e298 at %.17g, with 10 s at %.17g", out.t, near.t);
}

static const th_case cases[] = {
    TH_CASE(flat_ground), TH_CASE(slopes),     TH_CASE(steps),
    TH_CASE(sine_hills),  TH_CASE(walls),      TH_CASE(ledge_just_cleared),
    TH_CASE(bad_inputs_and_misses),
    TH_CASE(step_cap_refuses_a_fast_landing),
    TH_CASE(subnormal_launch_velocity_casts_unit_rays),
    TH_CASE(chord_of_few_bits_casts_a_unit_ray),
    TH_CASE(long_chord_through_a_thin_wall_lands_on_it),
    TH_CASE(flight_beyond_double_range_is_never_cast),
};

TH_MAIN("drag_land", cases)
