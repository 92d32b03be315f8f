/* SPDX-License-Identifier: MIT */
/*
 * Q16 landing by raycasts (af_drag_land_q16) against the f64 solver on the
 * same Q16.16 flights and the same terrains (tests/terrain.h): statuses,
 * landing times, the hit point against the f64 trajectory, and the cast
 * bound; then the edges.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "drag_sim.h"
#include "harness.h"
#include "q16_solve_check.h"
#include "terrain.h"

#define LSB (1.0 / 65536.0)

/* The Q16 raycast: the terrain's, on the Q16.16 ray as doubles (the
 * direction normalised: a unit vector to an LSB), the hit rounded to
 * Q16.16. */
static int raycast_q16(void *user, const af_vec3_q16 *origin, const af_vec3_q16 *direction,
                       fix16_t max_distance, af_vec3_q16 *hit)
{
    af_vec3_f64 o = q16_vec_to_f64(*origin), d = q16_vec_to_f64(*direction), h;
    double len = dsim_len(d);
    if (!(len > 0.0))
        return 0;
    d.x /= len;
    d.y /= len;
    d.z /= len;
    if (!terrain_raycast(user, &o, &d, q16_to_f64(max_distance), &h))
        return 0;
    *hit = q16_vec_from_f64(h);
    return 1;
}

static int never_hits(void *user, const af_vec3_q16 *origin, const af_vec3_q16 *direction,
                      fix16_t max_distance, af_vec3_q16 *hit)
{
    (void)origin;
    (void)direction;
    (void)max_distance;
    (void)hit;
    ++*(long *)user;
    return 0;
}

typedef struct land_tally {
    long flights, landed, band, grazes, beyond;
    int most_casts;
    double worst_time, worst_point;
} land_tally;

/* Flight scales of the magnitude classes, m. */
static const double scales[DQ16_CLASSES][2] = { { 0.05, 1.0 }, { 1.0, 200.0 }, { 200.0, 5000.0 } };

/* Whether the f64 flight leaves Q16.16 before t (256 instants). */
static int leaves_q16(const af_drag_f64 *m, const af_body_f64 *start, double t)
{
    int k;
    for (k = 1; k <= 256; k++) {
        af_body_f64 p;
        if (af_drag_predict_f64(m, start, t * k / 256.0, &p) != AF_OK ||
            dq16_vec_near_or_beyond(p.position, 1e-3))
            return 1;
    }
    return 0;
}

/* One flight over a terrain of the kind, Q16 against f64. */
static void one_flight(th_rng *rng, terrain_kind kind, int c, land_tally *tl)
{
    af_drag_q16 mq = dq16_random_model(rng, c);
    af_drag_f64 mf;
    double scale = th_rand_log(rng, scales[c][0], scales[c][1]);
    terrain T = terrain_random(rng, kind, scale);
    af_body_f64 start;
    af_body_q16 sq;
    af_drag_landing_f64 lf;
    af_drag_landing_q16 lq;
    double speed, tol, max_time;
    fix16_t tolq, max_q;
    af_status sf, s16;
    mq.gravity.x = mq.gravity.y = 0;
    mq.gravity.z = q16_from_f64(-9.81);
    mq.wind.z = 0; /* no updraft */
    speed = terrain_random_launch(rng, &T, scale, &start);
    sq = q16_body_from_f64(&start);
    start = dq16_body_f64(&sq);
    mf = dq16_model_f64(&mq);
    tol = fmax(th_rand_log(rng, 1e-5, 1e-2) * scale, 4 * LSB);
    tolq = q16_from_f64(tol);
    tol = q16_to_f64(tolq);
    max_time = fmin(6.0 * speed / 9.81 + 20.0 * sqrt(scale / 9.81), 30000.0);
    max_q = q16_from_f64(max_time);
    max_time = q16_to_f64(max_q);
    sf = af_drag_land_f64(&mf, &start, max_time, tol, terrain_raycast, &T, &lf);
    s16 = af_drag_land_q16(&mq, &sq, max_q, tolq, raycast_q16, &T, &lq);
    tl->flights++;
    if (lq.casts > tl->most_casts)
        tl->most_casts = lq.casts;
    TH_CHECK(lq.casts <= AF_DRAG_LAND_MAX_CASTS, "%d casts", lq.casts);
    if (sf != s16) {
        /* The band: a landing within the allowance of max_time (found or
         * not by the last bits), a graze (the arc meets the terrain at
         * under 3 degrees: where along it is a matter of the last bits),
         * or a flight that leaves Q16.16 before it lands or max_time
         * comes (an overflow for Q16). */
        int in_band =
            (sf == AF_OK &&
             max_time - lf.t <= 4 * tol / fmax(dsim_len(lf.velocity), 1e-9) + 4 * LSB) ||
            (sf == AF_OK && terrain_crossing_sine(&mf, &start, &T, lf.t) < 0.05) ||
            (s16 == AF_ERR_OVERFLOW && leaves_q16(&mf, &start, sf == AF_OK ? lf.t : max_time));
        tl->band += in_band;
        TH_CHECK(in_band, "%s %s: f64 %s (t %g), q16 %s (t %g, %d casts)", terrain_names[kind],
                 dsim_kind_name(mf.kind), af_status_name(sf), lf.t, af_status_name(s16),
                 q16_to_f64(lq.t), lq.casts);
        return;
    }
    if (sf != AF_OK)
        return;
    tl->landed++;
    {
        double tq = q16_to_f64(lq.t), sine = terrain_crossing_sine(&mf, &start, &T, lf.t);
        af_body_f64 p;
        double v, dist, dt_allowed;
        if (!TH_CHECK(af_drag_predict_f64(&mf, &start, tq, &p) == AF_OK, "predict"))
            return;
        /* The hit point lies within the tolerance of the f64 trajectory
         * at the Q16 time, plus the Q16.16 roundings of the chord's ends
         * and of the hit (an LSB each) and of the time (|v| 2^-17). */
        v = dsim_len(p.velocity);
        dist = dsim_dist(p.position, q16_vec_to_f64(lq.point));
        tl->worst_point = fmax(tl->worst_point, dist / (tol + 3 * LSB + v * LSB / 2));
        TH_CHECK(dist <= tol + 3 * LSB + v * LSB / 2,
                 "%s %s: hit point %g from the arc, tolerance %g", terrain_names[kind],
                 dsim_kind_name(mf.kind), dist, tol);
        if (sine < 0.05) {
            tl->grazes++;
            return;
        }
        /* Both times are within what the tolerance (and the Q16 points'
         * roundings) allows at the crossing angle of the true landing.
         * Earlier is allowed where the arc comes within the tolerance of
         * the terrain before (the hit point check above: a hilltop or a
         * wall's edge grazed), as in suite_drag_land.c. */
        dt_allowed = 2.0 * (tol + 3 * LSB) / (fmax(v, 1e-9) * sine) + 2 * LSB;
        if (tq < lf.t - dt_allowed) {
            tl->grazes++;
            return;
        }
        tl->worst_time = fmax(tl->worst_time, fabs(tq - lf.t) / dt_allowed);
        TH_CHECK(fabs(tq - lf.t) <= dt_allowed,
                 "%s %s: lands at t = %.9g, f64 %.9g (allowed %.3g, tolerance %g, %d casts)",
                 terrain_names[kind], dsim_kind_name(mf.kind), tq, lf.t, dt_allowed, tol,
                 lq.casts);
    }
}

static void report(terrain_kind kind, const land_tally *tl)
{
    th_note("%-10s %ld flights, %ld landed by both, %ld status differences in the band, %ld "
            "grazes; most casts %d (bound %d); worst time and point errors %.2f and %.2f of "
            "their allowances",
            terrain_names[kind], tl->flights, tl->landed, tl->band, tl->grazes, tl->most_casts,
            AF_DRAG_LAND_MAX_CASTS, tl->worst_time, tl->worst_point);
}

/* Flat ground and slopes, whose raycast is in closed form: the issue's
 * count of flights, in the three magnitude classes. */
static void planes_agree_with_f64(void)
{
    th_rng rng = th_rng_for("planes_agree_with_f64");
    land_tally flat, slope;
    long i, count = th_count(100000);
    memset(&flat, 0, sizeof flat);
    memset(&slope, 0, sizeof slope);
    for (i = 0; i < count; i++) {
        terrain_kind kind = i % 2 ? SLOPE : FLAT;
        one_flight(&rng, kind, (int)(i / 2 % DQ16_CLASSES), kind == FLAT ? &flat : &slope);
    }
    report(FLAT, &flat);
    report(SLOPE, &slope);
}

/* Steps, sine hills and walls, whose raycast marches (4096 samples a
 * cast): fewer flights. */
static void rough_terrain_agrees_with_f64(void)
{
    static const terrain_kind kinds[3] = { STEP, HILLS, WALL };
    th_rng rng = th_rng_for("rough_terrain_agrees_with_f64");
    int k;
    for (k = 0; k < 3; k++) {
        land_tally tl;
        long i, count = th_count(1500);
        memset(&tl, 0, sizeof tl);
        for (i = 0; i < count; i++)
            one_flight(&rng, kinds[k], (int)(i % DQ16_CLASSES), &tl);
        report(kinds[k], &tl);
    }
}

#define Q(v) ((fix16_t)((v) * 65536))

static void bad_inputs_and_misses(void)
{
    af_vec3_q16 g = { 0, 0, Q(-10) }, zero = { 0, 0, 0 };
    af_body_q16 start = { { 0, 0, Q(1) }, { Q(5), 0, Q(5) } };
    terrain T = { FLAT, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    af_drag_q16 m, far;
    af_drag_landing_q16 out;
    long calls = 0;
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.2), Q(0.02), &g, NULL, &m) == AF_OK &&
                      af_drag_init_q16(AF_DRAG_UNITY, 0, Q(0.02), &zero, NULL, &far) == AF_OK,
                  "init"))
        return;
    st = af_drag_land_q16(&m, &start, Q(10), Q(0.001), never_hits, &calls, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && out.casts == calls && calls > 0 &&
                 calls <= AF_DRAG_LAND_BRACKET_CHORDS && out.t == 0,
             "a callback that always misses: %s after %d casts (%ld calls)", af_status_name(st),
             out.casts, calls);
    TH_CHECK(af_drag_land_q16(&m, &start, Q(10), Q(0.001), NULL, &T, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL callback");
    TH_CHECK(af_drag_land_q16(&m, &start, 0, Q(0.001), raycast_q16, &T, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "max_time = 0");
    TH_CHECK(af_drag_land_q16(&m, &start, Q(10), 0, raycast_q16, &T, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "tolerance = 0");
    TH_CHECK(af_drag_land_q16(&m, &start, Q(10), -1, raycast_q16, &T, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "negative tolerance");
    TH_CHECK(af_drag_land_q16(&m, NULL, Q(10), Q(0.001), raycast_q16, &T, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "start NULL");
    TH_CHECK(af_drag_land_q16(&m, &start, Q(10), Q(0.001), raycast_q16, &T, NULL) ==
                 AF_ERR_BAD_ARGUMENT,
             "out NULL");
    st = af_drag_land_q16(&m, &start, Q(0.1), Q(0.001), raycast_q16, &T, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION, "landing after max_time: %s", af_status_name(st));
    /* No gravity, flying up at 32767 m/s: the flight leaves Q16.16. */
    start.velocity.x = 0;
    start.velocity.z = Q(32767);
    st = af_drag_land_q16(&far, &start, Q(30000), Q(0.001), raycast_q16, &T, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.t == 0, "a flight out of Q16.16: %s",
             af_status_name(st));
}

/* Level ground y = *(fix16_t *)user under a flight along -y. */
static int ground_y_q16(void *user, const af_vec3_q16 *origin, const af_vec3_q16 *direction,
                        fix16_t max_distance, af_vec3_q16 *hit)
{
    double level = q16_to_f64(*(const fix16_t *)user), oy = q16_to_f64(origin->y);
    double dy = q16_to_f64(direction->y), s;
    if (!(dy < 0.0) || oy < level)
        return 0;
    s = (level - oy) / dy;
    if (s > q16_to_f64(max_distance))
        return 0;
    hit->x = q16_from_f64(q16_to_f64(origin->x) + s * q16_to_f64(direction->x));
    hit->y = *(const fix16_t *)user;
    hit->z = q16_from_f64(q16_to_f64(origin->z) + s * q16_to_f64(direction->z));
    return 1;
}

/* step_cap_refuses_a_fast_landing of suite_drag_land.c in Q16.16. */
static void step_cap_refuses_a_fast_landing_q16(void)
{
    af_vec3_q16 g = { 0, Q(-9.81), 0 };
    af_body_q16 drop = { { 0, 0, 0 }, { Q(5), 0, 0 } };
    af_drag_q16 m;
    af_drag_landing_q16 out;
    fix16_t level = Q(-500);
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_BOX2D, 0, Q(1) / 60, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_land_q16(&m, &drop, Q(60), Q(0.001), ground_y_q16, &level, &out);
    TH_CHECK(st == AF_OK, "500 m down: %s", af_status_name(st));
    level = Q(-1000);
    st = af_drag_land_q16(&m, &drop, Q(60), Q(0.001), ground_y_q16, &level, &out);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && out.t == 0 && out.casts > 0,
             "1000 m down: %s (%d casts)", af_status_name(st), out.casts);
}

static const th_case cases[] = {
    TH_CASE(planes_agree_with_f64),
    TH_CASE(rough_terrain_agrees_with_f64),
    TH_CASE(bad_inputs_and_misses),
    TH_CASE(step_cap_refuses_a_fast_landing_q16),
};

TH_MAIN("drag_land_q16", cases)
