/* SPDX-License-Identifier: MIT */
/*
 * Lobs at a static point in Q16.16 (af_arc_point_q16, af_arc_max_range_q16,
 * af_arc_min_speed_q16) against their f64 references on the same inputs.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "q16_solve_check.h"
#include "scenario.h"

/* The dimensionless T-quadratic of af_arc_point: A T^2 - B T + 1 = 0 with
 * A = |gam|^2/4, B = 1 + d.gam, gam = g L / s^2, T in (L/s)^2. */
struct tquad {
    double A, B, disc, L, scale;
};

static struct tquad tquad_of(const scenario *s)
{
    struct tquad q;
    af_vec3_f64 D = { s->target.position.x - s->shooter.position.x,
                      s->target.position.y - s->shooter.position.y,
                      s->target.position.z - s->shooter.position.z };
    double k, gam2;
    q.L = kin_len(D);
    k = q.L / (s->speed * s->speed);
    gam2 = (s->gravity.x * s->gravity.x + s->gravity.y * s->gravity.y +
            s->gravity.z * s->gravity.z) * k * k;
    q.A = 0.25 * gam2;
    q.B = q.L > 0 ? 1.0 + (D.x * s->gravity.x + D.y * s->gravity.y + D.z * s->gravity.z) /
                              (s->speed * s->speed)
                  : 1.0;
    q.disc = q.B * q.B - gam2;
    /* The Q16 solver's unit for these coefficients: the larger of s^2 and
     * g L, i.e. 1 or |gam| in these units. */
    q.scale = fmax(1.0, sqrt(gam2));
    return q;
}

/* The band: the point within 2^-22 (relative) of the edge of reach, where
 * the discriminant's last bits decide between two arcs, one, or none. */
static int in_band(const scenario *s)
{
    struct tquad q = tquad_of(s);
    return fabs(q.disc) <= ldexp(1.0, -22) * q.scale * q.scale || fabs(q.B) <= ldexp(1.0, -22) * q.scale;
}

/* A root T of the T-quadratic moves by (dA T^2 + dB T + dC) / sqrt(disc)
 * when the solver rounds its coefficients, each by 2^-29 of the scale^2;
 * t = sqrt(T) L / s moves by half that relative. Doubled for margin, plus
 * the 2^-17 s of t's own rounding. */
static double t_tolerance(const scenario *s, double tf)
{
    struct tquad q = tquad_of(s);
    double T = (tf * s->speed / q.L) * (tf * s->speed / q.L);
    double dT = ldexp(1.0, -29) * q.scale * q.scale * (T * T + T + 1) / sqrt(fmax(q.disc, 1e-300));
    return 1.0 / 65536 + 2 * tf * dT / (2 * T);
}

/* Each component of the velocity is rounded to 2^-17 (the direction to
 * 2^-16.2 / speed radians), and the solve's 30 bits move it by about as
 * much as they move t, relative: 2^-20 covers it away from the band. */
static double aim_tolerance(const scenario *s, const af_shot_f64 *f)
{
    return 1.8 / 65536 / s->speed + 2 * t_tolerance(s, f->t) / f->t + ldexp(1.0, -20);
}

static const q16_judge judge = { "arc_point_q16", in_band, q16_miss_fixed_speed, t_tolerance,
                                 aim_tolerance };

static scenario static_target(scenario s)
{
    s.target.velocity.x = s.target.velocity.y = s.target.velocity.z = 0;
    s.shooter.velocity = s.target.velocity;
    s.flags = 0;
    return s;
}

static void random_points_agree_with_f64(void)
{
    th_rng rng = th_rng_for("arc_point_q16.random");
    long i, n = th_count(100000);
    q16_tally tally = { 0 };
    for (i = 0; i < n; i++) {
        scenario s = static_target(q16_random_scenario(&rng, (int)(i % Q16_CLASSES)));
        af_vec3_q16 from = q16_vec_from_f64(s.shooter.position);
        af_vec3_q16 to = q16_vec_from_f64(s.target.position);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_arc_point_f64(&s.shooter.position, &s.target.position, s.speed,
                                        &s.gravity, &f);
        af_status sq = af_arc_point_q16(&from, &to, q16_from_f64(s.speed), &g, &q);
        q16_compare(&judge, &s, sf, &f, sq, &q, &tally, i);
    }
    q16_tally_report(&judge, &tally);
}

static void max_range_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("arc_point_q16.max_range");
    long i, n = th_count(100000), solved = 0, band = 0;
    double worst = 0;
    for (i = 0; i < n; i++) {
        scenario s = q16_random_scenario(&rng, (int)(i % Q16_CLASSES));
        double g = kin_len(s.gravity), top = s.speed * s.speed / (2 * g);
        double h = q16_to_f64(q16_from_f64(fmax(-16000, fmin(16000, th_rand_uniform(&rng, -3, 1.2) * top))));
        af_vec3_q16 gq = q16_vec_from_f64(s.gravity);
        af_range_f64 rf;
        af_range_q16 rq;
        af_status sf = af_arc_max_range_f64(s.speed, h, &s.gravity, &rf);
        af_status sq = af_arc_max_range_q16(q16_from_f64(s.speed), q16_from_f64(h), &gq, &rq);
        /* The band: the level within 2^-22 of the top of a vertical shot. */
        int in = fabs(h - top) <= ldexp(1.0, -22) * (fabs(h) + top) + 1.0 / 65536;
        if (sf == AF_OK && (rf.range > Q16_LIMIT || rf.t > Q16_LIMIT)) {
            TH_CHECK(sq == AF_ERR_OVERFLOW, "scenario %ld: range %g beyond Q16.16, q16 %s", i,
                     rf.range, af_status_name(sq));
            continue;
        }
        if (sf != sq) {
            band += in;
            TH_CHECK(in, "scenario %ld: f64 %s, q16 %s (speed %g, height %g, top %g)", i,
                     af_status_name(sf), af_status_name(sq), s.speed, h, top);
            continue;
        }
        if (sf != AF_OK)
            continue;
        solved++;
        {
            /* Every output is rounded to 2^-17, and its square-root inputs
             * to 30 bits: 2 LSB + 2^-24 relative; the range and the
             * horizontal speed, both ~ sqrt(top - h), lose precision at
             * the top: their error grows like s^2/g / sqrt(W) 2^-31. */
            double w = fmax(1.0 - h / top, 1e-30);
            double lsb = 1.0 / 65536, rel = ldexp(1.0, -24);
            double dr = fabs(q16_to_f64(rq.range) - rf.range);
            double dt = fabs(q16_to_f64(rq.t) - rf.t);
            double dh = fabs(q16_to_f64(rq.horizontal_speed) - rf.horizontal_speed);
            double dv = fabs(q16_to_f64(rq.vertical_speed) - rf.vertical_speed);
            double near_top = ldexp(1.0, -30) / sqrt(w);
            TH_CHECK(dr <= 2 * lsb + rel * rf.range + near_top * 2 * top,
                     "scenario %ld: range %.9g vs %.9g", i, q16_to_f64(rq.range), rf.range);
            TH_CHECK(dt <= 2 * lsb + rel * rf.t, "scenario %ld: t %.9g vs %.9g", i,
                     q16_to_f64(rq.t), rf.t);
            TH_CHECK(dh <= 2 * lsb + rel * s.speed + near_top * s.speed,
                     "scenario %ld: horizontal speed %.9g vs %.9g", i,
                     q16_to_f64(rq.horizontal_speed), rf.horizontal_speed);
            TH_CHECK(dv <= 2 * lsb + rel * s.speed, "scenario %ld: vertical speed %.9g vs %.9g",
                     i, q16_to_f64(rq.vertical_speed), rf.vertical_speed);
            worst = fmax(worst, dr / fmax(rf.range, 1e-3));
        }
    }
    th_note("max_range_q16: %ld levels, %ld solved by both, %ld differences in the band; worst "
            "range error %.3g (relative)", n, solved, band, worst);
}

static void min_speed_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("arc_point_q16.min_speed");
    long i, n = th_count(100000);
    q16_stats stats = { 0 };
    double worst_speed = 0;
    for (i = 0; i < n; i++) {
        scenario s = static_target(q16_random_scenario(&rng, (int)(i % Q16_CLASSES)));
        af_vec3_q16 from = q16_vec_from_f64(s.shooter.position);
        af_vec3_q16 to = q16_vec_from_f64(s.target.position);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_arc_min_speed_f64(&s.shooter.position, &s.target.position,
                                            &s.gravity, &f);
        af_status sq = af_arc_min_speed_q16(&from, &to, &g, &q);
        double vf, vq;
        if (sf == AF_OK && q16_shots_beyond(&f)) {
            TH_CHECK(sq == AF_ERR_OVERFLOW, "scenario %ld: beyond Q16.16, q16 %s", i,
                     af_status_name(sq));
            continue;
        }
        if (!TH_CHECK(sf == sq && q.count == f.count, "scenario %ld: f64 %s, q16 %s", i,
                      af_status_name(sf), af_status_name(sq)) ||
            sf != AF_OK)
            continue;
        vf = kin_len(f.shot[0].velocity);
        vq = kin_len(q16_vec_to_f64(q.shot[0].velocity));
        /* Components rounded to 2^-17 each, and 30-bit times: */
        TH_CHECK(fabs(vq - vf) <= 2.0 / 65536 + ldexp(1.0, -24) * vf,
                 "scenario %ld: min speed %.9g vs %.9g", i, vq, vf);
        worst_speed = fmax(worst_speed, fabs(vq - vf) / fmax(vf, 1e-3));
        q16_record_miss(&stats, q16_miss_as_given(&s, &q.shot[0]),
                        kin_dist(s.target.position, s.shooter.position));
    }
    th_note("min_speed_q16: worst speed error %.3g (relative)", worst_speed);
    q16_report(&stats, "min_speed_q16");
}

#define V3(x, y, z) { x, y, z }

static void edge_table(void)
{
    static const struct {
        const char *why;
        af_vec3_f64 from, to, g;
        double speed;
        af_status status;
        int count;
    } table[] = {
        { "level ground within reach: low and high arc", V3(0, 0, 0), V3(20, 0, 0),
          V3(0, 0, -10), 20, AF_OK, 2 },
        { "beyond reach", V3(0, 0, 0), V3(41, 0, 0), V3(0, 0, -10), 20, AF_ERR_NO_SOLUTION, 0 },
        { "straight above within reach: both straight up", V3(0, 0, 0), V3(0, 0, 10),
          V3(0, 0, -10), 20, AF_OK, 2 },
        { "straight above out of reach", V3(0, 0, 0), V3(0, 0, 30), V3(0, 0, -10), 20,
          AF_ERR_NO_SOLUTION, 0 },
        { "straight below: down, or up and back past the muzzle", V3(0, 0, 0), V3(0, 0, -10),
          V3(0, 0, -10), 5, AF_OK, 2 },
        { "no gravity: the straight line", V3(1, 2, 3), V3(4, 6, 3), V3(0, 0, 0), 5, AF_OK, 1 },
        { "gravity along -y", V3(0, 0, 0), V3(20, 0, 0), V3(0, -10, 0), 20, AF_OK, 2 },
        { "coincident: t = 0, then straight up and back", V3(5, 5, 5), V3(5, 5, 5),
          V3(0, 0, -10), 10, AF_OK, 2 },
        { "zero speed", V3(0, 0, 0), V3(1, 0, 0), V3(0, 0, -10), 0, AF_ERR_BAD_ARGUMENT, 0 },
        { "negative speed", V3(0, 0, 0), V3(1, 0, 0), V3(0, 0, -10), -3, AF_ERR_BAD_ARGUMENT,
          0 },
        { "points 65534 m apart: the difference does not fit", V3(-32767, 0, 0),
          V3(32767, 0, 0), V3(0, 0, -10), 100, AF_ERR_OUT_OF_RANGE, 0 },
        { "a high arc of more than 32767 s is left out, the low one kept", V3(0, 0, 0),
          V3(1, 0, 0), V3(0, 0, -0.01), 200, AF_OK, 1 },
        { "largest gravity and speed: straight down is still reachable", V3(0, 0, 0),
          V3(0, 0, -1), V3(0, 0, -32767), 32767, AF_OK, 2 },
        { "smallest distance and speed (1 LSB each)", V3(0, 0, 0), V3(1.0 / 65536, 0, 0),
          V3(0, 0, -10), 1.0 / 65536, AF_ERR_NO_SOLUTION, 0 },
    };
    size_t i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        af_vec3_q16 from = q16_vec_from_f64(table[i].from), to = q16_vec_from_f64(table[i].to);
        af_vec3_q16 g = q16_vec_from_f64(table[i].g);
        af_shots_q16 q;
        af_status st = af_arc_point_q16(&from, &to, q16_from_f64(table[i].speed), &g, &q);
        TH_CHECK(st == table[i].status && q.count == table[i].count, "%s: %s with %d shots",
                 table[i].why, af_status_name(st), q.count);
    }
}

/* A gravity component of -32768 m/s^2 is INT32_MIN raw, a magnitude of
 * 2^31 that the fitted units once halved instead of quartering (both arcs
 * as if gravity were twice as strong, status OK). Both arcs against f64. */
static void gravity_of_minus_32768_agrees_with_f64(void)
{
    af_vec3_q16 o = { 0, 0, 0 }, to = { 100 * 65536, 0, 0 }, g = { 0, 0, INT32_MIN };
    af_vec3_f64 of = { 0, 0, 0 }, tof = { 100, 0, 0 }, gf = { 0, 0, -32768 };
    af_shots_q16 q;
    af_shots_f64 f;
    af_status st = af_arc_point_q16(&o, &to, 32767 * 65536, &g, &q);
    int i;
    TH_CHECK(st == AF_OK && q.count == 2 && af_arc_point_f64(&of, &tof, 32767, &gf, &f) == AF_OK &&
                 f.count == 2,
             "level ground 100 m away at 32767 m/s: two arcs (%s, %d)", af_status_name(st),
             q.count);
    for (i = 0; i < q.count && i < f.count; i++) {
        double dt = q.shot[i].t / 65536.0 - f.shot[i].t;
        double dvz = q.shot[i].velocity.z / 65536.0 - f.shot[i].velocity.z;
        TH_CHECK(fabs(dt) <= 2.0 / 65536 && fabs(dvz) <= 0.01,
                 "arc %d: t %.6f (f64 %.6f), vertical speed %.4f (f64 %.4f)", i,
                 q.shot[i].t / 65536.0, f.shot[i].t, q.shot[i].velocity.z / 65536.0,
                 f.shot[i].velocity.z);
    }
}

/* A gravity component of -32768 m/s^2 (2^31 raw) with a distance of
 * 16384 m or more (2^30 raw) puts the speeds' unit at 4 raw units, a shift
 * the fitted units once took for 2: shots at twice the asked speed, or an
 * overflow where both arcs fit. Each arc at the asked speed, at f64's
 * times. */
static void strongest_gravity_at_the_longest_distance_keeps_the_speed(void)
{
    static const struct {
        const char *why;
        af_vec3_q16 from, to, g;
        fix16_t speed;
        double t[2];
    } table[] = {
        { "16384 m straight down at 1000 m/s", { 0, 0, 0 }, { 0, 0, -16384 * 65536 },
          { 0, 0, INT32_MIN }, 1000 * 65536, { 0.96994797479254835, 1.0309831310425481 } },
        { "32768 m along gravity at 16384 m/s", { INT32_MAX, 0, 0 }, { 0, 0, 0 },
          { INT32_MIN, 0, 0 }, 0x40000040, { 0.99999997982134436, 2.0000000394259891 } },
    };
    size_t i;
    int j;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        af_shots_q16 q;
        af_status st = af_arc_point_q16(&table[i].from, &table[i].to, table[i].speed, &table[i].g, &q);
        double speed = q16_to_f64(table[i].speed);
        if (!TH_CHECK(st == AF_OK && q.count == 2, "%s: %s with %d shots", table[i].why,
                      af_status_name(st), q.count))
            continue;
        for (j = 0; j < 2; j++) {
            double v = kin_len(q16_vec_to_f64(q.shot[j].velocity));
            TH_CHECK(fabs(v - speed) <= ldexp(speed, -20) &&
                         fabs(q.shot[j].t / 65536.0 - table[i].t[j]) <= 1.0 / 65536,
                     "%s, arc %d: speed %.6f (asked %.6f), t %.6f (f64 %.6f)", table[i].why, j,
                     v, speed, q.shot[j].t / 65536.0, table[i].t[j]);
        }
    }
}

/* A vertical drop under the strongest gravity at a small speed: the two
 * arcs (down, and up and back) are a near-double root of the T quadratic,
 * whose discriminant, from coefficients rounded to 31 bits, can fall
 * below zero by its roundings alone. That is no convergence (the reach
 * cannot be told), never no solution where f64 finds the arcs. */
static void vertical_drop_under_strong_gravity_is_not_lost(void)
{
    static const double drops[] = { -1, -100, -10000, -32767 };
    static const double speeds[] = { 0.001, 0.01, 0.5 };
    af_vec3_q16 o = { 0, 0, 0 }, g = { 0, 0, -32767 * 65536 };
    af_vec3_f64 of = { 0, 0, 0 }, gf = { 0, 0, -32767 };
    size_t i, k;
    for (i = 0; i < sizeof drops / sizeof drops[0]; i++) {
        for (k = 0; k < sizeof speeds / sizeof speeds[0]; k++) {
            af_vec3_q16 to = { 0, 0, q16_from_f64(drops[i]) };
            af_vec3_f64 tof = { 0, 0, drops[i] };
            fix16_t speed = q16_from_f64(speeds[k]);
            double s = q16_to_f64(speed);
            af_shots_q16 q;
            af_shots_f64 f;
            af_status sf = af_arc_point_f64(&of, &tof, s, &gf, &f);
            af_status st = af_arc_point_q16(&o, &to, speed, &g, &q);
            TH_CHECK(st == AF_OK || st == AF_ERR_NO_CONVERGENCE || st == sf,
                     "%g m down at %g m/s: q16 %s, f64 %s", drops[i], s, af_status_name(st),
                     af_status_name(sf));
        }
    }
}

static void max_range_and_min_speed_table(void)
{
    af_vec3_q16 g = { 0, 0, -10 * 65536 }, none = { 0, 0, 0 }, o = { 0, 0, 0 };
    af_vec3_q16 far = { 10 * 65536, 0, 0 }, below = { 0, 0, -20 * 65536 };
    af_range_q16 r = { 0, 0, 0, 0 };
    af_shots_q16 q = { 0 };
    TH_CHECK(af_arc_max_range_q16(20 * 65536, 0, &g, &r) == AF_OK && r.range == 40 * 65536 &&
                 r.horizontal_speed == r.vertical_speed,
             "level ground: exactly 40 m at 45 degrees (%d, %d, %d)", (int)r.range,
             (int)r.horizontal_speed, (int)r.vertical_speed);
    TH_CHECK(af_arc_max_range_q16(20 * 65536, 20 * 65536, &g, &r) == AF_OK && r.range == 0 &&
                 r.t == 2 * 65536 && r.vertical_speed == 20 * 65536,
             "top of a vertical shot: range 0, 2 s, straight up");
    TH_CHECK(af_arc_max_range_q16(20 * 65536, 20 * 65536 + 1, &g, &r) == AF_ERR_NO_SOLUTION &&
                 r.range == 0,
             "1 LSB above the top: no solution");
    TH_CHECK(af_arc_max_range_q16(20 * 65536, 0, &none, &r) == AF_ERR_BAD_ARGUMENT,
             "no gravity: no maximum");
    TH_CHECK(af_arc_max_range_q16(0, 0, &g, &r) == AF_ERR_BAD_ARGUMENT, "zero speed");
    /* s^2 / 4 rounds to 0 in Q32.32 here: the root whose reciprocal is
     * taken is 0 (a division by zero once). The true answers are below
     * one LSB: t 2 s / g, vertical speed s / sqrt(2). */
    TH_CHECK(af_arc_max_range_q16(1, 0, &g, &r) == AF_OK && r.t <= 1 &&
                 r.vertical_speed <= 1 && r.range == 0 && r.horizontal_speed <= 1,
             "a speed of 1 LSB: a range of 0, every output within an LSB (%d, %d, %d, %d)",
             (int)r.t, (int)r.vertical_speed, (int)r.range, (int)r.horizontal_speed);
    TH_CHECK(af_arc_max_range_q16(32767 * 65536, 0, &g, &r) == AF_ERR_OVERFLOW && r.range == 0,
             "a range beyond 32768 m: overflow, not a wrapped range");
    TH_CHECK(af_arc_min_speed_q16(&o, &far, &g, &q) == AF_OK && q.count == 1 &&
                 fabs(kin_len(q16_vec_to_f64(q.shot[0].velocity)) - 10) <= 2.0 / 65536,
             "level: 10 m/s");
    TH_CHECK(af_arc_min_speed_q16(&o, &below, &g, &q) == AF_OK &&
                 kin_len(q16_vec_to_f64(q.shot[0].velocity)) <= 2.0 / 65536 &&
                 q.shot[0].t == 2 * 65536,
             "straight below: dropped from rest, 2 s");
    TH_CHECK(af_arc_min_speed_q16(&o, &o, &g, &q) == AF_OK && q.shot[0].t == 0,
             "coincident: t = 0");
    TH_CHECK(af_arc_min_speed_q16(&o, &far, &none, &q) == AF_ERR_BAD_ARGUMENT && q.count == 0,
             "no gravity: no minimum");
    TH_CHECK(af_arc_min_speed_q16(NULL, &far, &g, &q) == AF_ERR_BAD_ARGUMENT, "NULL");
}

/* From a point onto itself the second shot goes straight up and falls
 * back after 2 s / g; under strong gravity at a small speed that time is
 * below half an LSB, and is returned as 1 LSB as every positive time
 * that rounds to 0 is (ballistic.h), never as t = 0 with a velocity. */
static void fall_back_shot_time_below_half_an_lsb_is_one_lsb(void)
{
    af_vec3_q16 p = { 17, 17, 17 }, g = { 17, 16385, INT32_MAX };
    af_shots_q16 q;
    af_status st = af_arc_point_q16(&p, &p, 256, &g, &q);
    TH_CHECK(st == AF_OK && q.count == 2 && q.shot[0].t == 0 && q.shot[1].t == 1 &&
                 q.shot[1].velocity.z < 0,
             "%s, %d shots, the second at t %ld raw with vz %ld raw", af_status_name(st), q.count,
             (long)q.shot[1].t, (long)q.shot[1].velocity.z);
}

/* 24945 m along a gravity of 128 m/s^2 at 50.65 m/s: B = s^2 + d.g is
 * 1245 s^2, the two arcs (19.35 and 20.14 s) a near-double root that the
 * 31-bit coefficients place to about 5e-8 of t, 9 LSB of speed off. Each
 * arc at the documented tolerance, 2 LSB + 2^-24 of |D| / t: refined on
 * the distance. */
static void drop_along_strong_gravity_keeps_both_arcs_at_the_speed(void)
{
    af_vec3_q16 from = { 1, 17, 2 }, to = { 1634820420, 0, 0 }, g = { 8388609, 0, 17 };
    fix16_t speed = 3319552;
    af_shots_q16 q;
    af_status st = af_arc_point_q16(&from, &to, speed, &g, &q);
    double D = 1634820419 / 65536.0, s = q16_to_f64(speed);
    int j;
    if (!TH_CHECK(st == AF_OK && q.count == 2, "%s, %d shots", af_status_name(st), q.count))
        return;
    for (j = 0; j < 2; j++) {
        double v = kin_len(q16_vec_to_f64(q.shot[j].velocity)), t = q16_to_f64(q.shot[j].t);
        TH_CHECK(fabs(v - s) <= 2.0 / 65536 + ldexp(fmax(s, D / t), -24),
                 "arc %d: speed %.9f, asked %.9f (%.2f LSB off)", j, v, s, (v - s) * 65536);
    }
}

/* 32768 m straight up, along a gravity of 1 m/s^2, at 0.0019 m/s: the two
 * arcs are a near-double root about 256 s long, each time rounded on its
 * own a few LSB from the other; the header's order holds still, earliest
 * first. */
static void near_double_root_shots_come_earliest_first(void)
{
    af_vec3_q16 from = { INT32_MAX, INT32_MAX, 0 }, to = { INT32_MAX, INT32_MAX, INT32_MAX },
                g = { 0, 1, 65535 };
    af_shots_q16 q;
    af_status st = af_arc_point_q16(&from, &to, 127, &g, &q);
    if (!TH_CHECK(st == AF_OK && q.count == 2, "%s, %d shots", af_status_name(st), q.count))
        return;
    TH_CHECK(q.shot[0].t <= q.shot[1].t, "raw t %ld before %ld", (long)q.shot[0].t,
             (long)q.shot[1].t);
}

static const th_case cases[] = {
    TH_CASE(near_double_root_shots_come_earliest_first),
    TH_CASE(drop_along_strong_gravity_keeps_both_arcs_at_the_speed),
    TH_CASE(fall_back_shot_time_below_half_an_lsb_is_one_lsb),
    TH_CASE(random_points_agree_with_f64),
    TH_CASE(max_range_agrees_with_f64),
    TH_CASE(min_speed_agrees_with_f64),
    TH_CASE(edge_table),
    TH_CASE(max_range_and_min_speed_table),
    TH_CASE(gravity_of_minus_32768_agrees_with_f64),
    TH_CASE(strongest_gravity_at_the_longest_distance_keeps_the_speed),
    TH_CASE(vertical_drop_under_strong_gravity_is_not_lost),
};

TH_MAIN("arc_point_q16", cases)
