/* SPDX-License-Identifier: MIT */
/*
 * Fixed-speed lobs at a moving target in Q16.16 (af_arc_moving_q16) against
 * af_arc_moving_f64 on the same inputs: every solution the f64 solver finds
 * that Q16.16 can hold is found, and flown by the f64 physics it hits.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "q16_moving_judge.h"
#include "q16_solve_check.h"
#include "scenario.h"

static const q16_judge judge = { "arc_moving_q16", q16_moving_in_band, q16_miss_fixed_speed,
                                 q16_moving_t_tolerance, q16_moving_aim_tolerance };

static void random_moving_targets_agree_with_f64(void)
{
    th_rng rng = th_rng_for("arc_moving_q16.random");
    long i, n = th_count(100000);
    q16_tally tally = { 0 };
    for (i = 0; i < n; i++) {
        scenario s = q16_random_scenario(&rng, (int)(i % Q16_CLASSES));
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_arc_moving_f64(&s.shooter, &s.target, s.speed, &s.gravity, s.flags, &f);
        af_status sq = af_arc_moving_q16(&sh, &tg, q16_from_f64(s.speed), &g, s.flags, &q);
        q16_compare(&judge, &s, sf, &f, sq, &q, &tally, i);
    }
    q16_tally_report(&judge, &tally);
}

#define Q(v) ((fix16_t)((v) * 65536))

static void edge_cases(void)
{
    /* The f64 suite's diving target: four solutions. */
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 diver = { { Q(9), 0, Q(6) }, { Q(-15), 0, Q(-36) } };
    af_body_q16 muzzle = { { 0, 0, 0 }, { Q(3), 0, Q(4) } };
    af_vec3_q16 g = { 0, 0, Q(-10) }, none = { 0, 0, 0 };
    af_shots_q16 q = { 0 };
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), &g, 0, &q) == AF_OK && q.count == 4,
             "diving target: four solutions (got %d)", q.count);
    TH_CHECK(af_arc_moving_q16(&shooter, &muzzle, Q(10), &g, 0, &q) == AF_OK && q.count == 2 &&
                 q.shot[0].t == 0,
             "at the muzzle: t = 0, then one meeting (got %d)", q.count);
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), &none, 0, &q) == AF_OK,
             "no gravity: the straight-line intercept");
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, 0, &g, 0, &q) == AF_ERR_BAD_ARGUMENT &&
                 q.count == 0,
             "zero speed");
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), NULL, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "NULL gravity");
    diver.position.x = INT32_MAX;
    shooter.position.x = INT32_MIN;
    TH_CHECK(af_arc_moving_q16(&shooter, &diver, Q(24), &g, 0, &q) == AF_ERR_OUT_OF_RANGE,
             "a distance beyond Q16.16");
}

/* A gravity component of -32768 m/s^2 (2^31 raw) with a target 16384 m
 * away (2^30 raw) puts the speeds' unit at 4 raw units, a shift the fitted
 * units once took for 2: both shots at twice the asked speed. */
static void strongest_gravity_at_the_longest_distance_keeps_the_speed(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { 0, 0, -16384 * 65536 }, { 0, 0, 0 } };
    af_vec3_q16 g = { 0, 0, INT32_MIN };
    af_shots_q16 q;
    af_status st = af_arc_moving_q16(&shooter, &target, Q(1000), &g, 0, &q);
    int j;
    if (!TH_CHECK(st == AF_OK && q.count == 2, "16384 m straight down at 1000 m/s: %s with %d shots",
                  af_status_name(st), q.count))
        return;
    for (j = 0; j < 2; j++) {
        double v = kin_len(q16_vec_to_f64(q.shot[j].velocity));
        TH_CHECK(fabs(v - 1000) <= 0.05, "shot %d: speed %.6f (asked 1000)", j, v);
    }
}

/* A target receding almost as fast as the shot under a weak gravity: f64
 * meets it after 33 745 s and 157 565 s, both past what Q16.16 holds.
 * F is positive at the time limit, as it is with no root at all: the
 * roots beyond it, not F's sign there, make this an overflow. */
static void both_meetings_past_the_time_limit_overflow(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { Q(762.1165), 0, 0 }, { Q(38.831332), 0, 0 } };
    af_vec3_q16 g = { 0, 0, -(fix16_t)(0.000007752 * 65536 + 0.5) };
    af_shots_q16 q;
    af_status st = af_arc_moving_q16(&shooter, &target, Q(38.854764), &g, 0, &q);
    TH_CHECK(st == AF_ERR_OVERFLOW && q.count == 0, "meetings after 33745 s and 157565 s: %s",
             af_status_name(st));
}

/* A target closing at 1000 m/s passes through the muzzle: the shot meets
 * it just before (flying out) and just after (flying back), 2.5e-5 s
 * apart. At the turning point between them F is 2^-19 of its terms, under
 * the polynomial's rounding: judged there by the distance itself, the two
 * meetings stay two shots at the asked speed, not one merged slow shot. */
static void close_pass_keeps_both_meetings(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { Q(8.2822265625), 0, 0 }, { Q(-1000), 0, 0 } };
    af_vec3_q16 g = { 0, 0, -(fix16_t)(9.81 * 65536 + 0.5) };
    fix16_t speed = (fix16_t)(1.53527832 * 65536 + 0.5);
    af_shots_q16 q;
    af_status st = af_arc_moving_q16(&shooter, &target, speed, &g, 0, &q);
    int j;
    if (!TH_CHECK(st == AF_OK && q.count == 2, "closing at 1000 m/s: %s with %d shots",
                  af_status_name(st), q.count))
        return;
    for (j = 0; j < 2; j++) {
        double v = kin_len(q16_vec_to_f64(q.shot[j].velocity));
        TH_CHECK(fabs(v - q16_to_f64(speed)) <= 1e-3 * q16_to_f64(speed) &&
                     (q.shot[j].velocity.x > 0) == (j == 0),
                 "shot %d: speed %.6f (asked %.6f), x %.6f", j, v, q16_to_f64(speed),
                 q16_to_f64(q.shot[j].velocity.x));
    }
}

/* A fast-closing target (3500 m/s) met at a few m/s, g = 9.81 down. */
static af_status fast_closing(double x, double z, double vx, double vz, double speed,
                              af_shots_q16 *q, af_status *f64_status)
{
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { x, 0, z }, { vx, 0, vz } };
    af_vec3_f64 g = { 0, 0, -9.81 };
    af_body_q16 sq = q16_body_from_f64(&shooter), tq;
    af_vec3_q16 gq = q16_vec_from_f64(g);
    af_shots_f64 f;
    target.position = q16_vec_to_f64(q16_vec_from_f64(target.position));
    target.velocity = q16_vec_to_f64(q16_vec_from_f64(target.velocity));
    tq = q16_body_from_f64(&target);
    *f64_status = af_arc_moving_f64(&shooter, &target, q16_to_f64(q16_from_f64(speed)), &g, 0, &f);
    return af_arc_moving_q16(&sq, &tq, q16_from_f64(speed), &gq, 0, q);
}

/* The roots of such a scene lie where the quartic's terms cancel to 2^-20
 * of their size, below the polynomial's 28 bits: they were merged, or
 * placed far enough off that the shots missed the asked speed by per
 * cents. Both meetings are found, each shot at the asked speed within the
 * documented 2 LSB + 2^-24 of |D| / t + |V| (here larger than the speed). */
static void fast_closing_target_shots_keep_the_asked_speed(void)
{
    af_shots_q16 q;
    af_status sf, st = fast_closing(1129.1722, -0.372, -3529.7936, -0.4344, 3.40520, &q, &sf);
    double speed = q16_to_f64(q16_from_f64(3.40520));
    int j;
    if (!TH_CHECK(st == AF_OK && sf == AF_OK && q.count == 2, "two meetings: q16 %s with %d, f64 %s",
                  af_status_name(st), q.count, af_status_name(sf)))
        return;
    for (j = 0; j < 2; j++) {
        double v = kin_len(q16_vec_to_f64(q.shot[j].velocity)), t = q16_to_f64(q.shot[j].t);
        double D = hypot(q16_to_f64(q16_from_f64(1129.1722)), q16_to_f64(q16_from_f64(-0.372)));
        double V = hypot(q16_to_f64(q16_from_f64(-3529.7936)), q16_to_f64(q16_from_f64(-0.4344)));
        TH_CHECK(fabs(v - speed) <= 2.0 / 65536 + ldexp(fmax(speed, D / t + V), -24),
                 "shot %d: speed %.7f (asked %.7f)", j, v, speed);
    }
}

/* The same scene a little slower is out of reach (f64: no solution); the
 * polynomial's rounding once made a root of it, a shot at 1.1 times the
 * speed. */
static void fast_closing_target_out_of_reach_is_no_solution(void)
{
    af_shots_q16 q;
    af_status sf, st = fast_closing(1165.9932, -0.519, -3573.4909, -0.4910, 0.43888, &q, &sf);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && sf == AF_ERR_NO_SOLUTION && q.count == 0,
             "out of reach: q16 %s, f64 %s", af_status_name(st), af_status_name(sf));
}

/* A target 8.28 m away closing at 1000 m/s, met at 1.535 m/s: two
 * meetings 0.3 % apart, which the quartic's rounding placed 16 and 51 LSB
 * of speed off (inside the 2^-10 once documented). Each at the documented
 * tolerance, 2 LSB + 2^-24 of |D| / t + |V|: refined on the distance. */
static void fast_closing_pair_within_the_documented_speed_tolerance(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { 542784, 0, 0 }, { -65536000, 0, 0 } };
    af_vec3_q16 g = { 0, 0, -642908 };
    fix16_t speed = 100616;
    af_shots_q16 q;
    af_status st = af_arc_moving_q16(&shooter, &target, speed, &g, 0, &q);
    double s = q16_to_f64(speed);
    int j;
    if (!TH_CHECK(st == AF_OK && q.count == 2, "%s, %d shots", af_status_name(st), q.count))
        return;
    for (j = 0; j < 2; j++) {
        double v = kin_len(q16_vec_to_f64(q.shot[j].velocity)), t = q16_to_f64(q.shot[j].t);
        TH_CHECK(fabs(v - s) <= 2.0 / 65536 + ldexp(fmax(s, 542784 / 65536.0 / t + 1000), -24),
                 "shot %d: speed %.9f, asked %.9f (%.2f LSB off)", j, v, s, (v - s) * 65536);
    }
}

/* A shooter moving at 32768 m/s, inherited, after a target that moves
 * with it, 2 m ahead, under a gravity of 2^-12 m/s^2: the shot after
 * 133 s. Its velocity was formed from Q26 factors 1/t and g t / 2 of five
 * significant bits (the time and gravity far from the fitted scale) and
 * came out 18 LSB off the aim at its own time, missing by 16 mm. Every
 * component within 1 LSB of (D + V t - g t^2 / 2) / t at the returned t. */
static void fast_shot_velocity_is_the_aim_at_its_own_time(void)
{
    af_body_q16 shooter = { { 1, 1, 1 }, { 0, INT32_MAX, 1 } };
    af_body_q16 target = { { 0, 131072, 0 }, { 2, 15, 15 } };
    af_vec3_q16 g = { 15, 15, 2 };
    af_shots_q16 out;
    af_status st = af_arc_moving_q16(&shooter, &target, INT32_MAX, &g, AF_INHERIT_VELOCITY, &out);
    const fix16_t *from = &shooter.position.x, *to = &target.position.x;
    const fix16_t *sv = &shooter.velocity.x, *tv = &target.velocity.x, *gv = &g.x;
    int i, j;
    if (!TH_CHECK(st == AF_OK && out.count >= 1, "%s, %d shots", af_status_name(st), out.count))
        return;
    for (i = 0; i < out.count; i++) {
        const fix16_t *u = &out.shot[i].velocity.x;
        double t = out.shot[i].t / 65536.0;
        for (j = 0; j < 3; j++) {
            double want = ((double)to[j] - from[j]) / t + ((double)tv[j] - sv[j]) - gv[j] * t / 2.0;
            TH_CHECK(fabs(u[j] - want) <= 1.0, "shot %d (t %.6f) component %d: %ld, aim %.2f raw",
                     i, t, j, (long)u[j], want);
        }
    }
}

/* Convention: shots come earliest first even where two meetings lie a
 * few LSB apart, each time rounded and polished on its own (ballistic.h):
 * two meetings at the muzzle 1 LSB apart, under a gravity of 1 m/s^2
 * across a target velocity of 9.8 m/s, and a near-double root 3 LSB apart
 * at a speed of 1 LSB. */
static void near_equal_meetings_come_earliest_first(void)
{
    static const af_body_q16 shooters[] = { { { 1, 1, 1 }, { 1, 1, 1 } },
                                            { { 2, 0, 0 }, { 1, 65536, 1 } } };
    static const af_body_q16 targets[] = { { { 1, 1, 1 }, { 642908, -1, 0 } },
                                           { { 0, 65537, 1 }, { 1, 65537, 1 } } };
    static const af_vec3_q16 gravity[] = { { 65537, 0, 0 }, { 0, 65537, 0 } };
    static const unsigned flags[] = { AF_INHERIT_VELOCITY, 0 };
    int k, i;
    for (k = 0; k < 2; k++) {
        af_shots_q16 out;
        af_status st = af_arc_moving_q16(&shooters[k], &targets[k], 1, &gravity[k], flags[k], &out);
        if (!TH_CHECK(st == AF_OK && out.count >= 2, "scene %d: %s, %d shots", k,
                      af_status_name(st), out.count))
            continue;
        for (i = 1; i < out.count; i++)
            TH_CHECK(out.shot[i].t >= out.shot[i - 1].t, "scene %d: shot %d at raw t %ld after %ld",
                     k, i, (long)out.shot[i].t, (long)out.shot[i - 1].t);
    }
}

/* g = 25443 m/s^2 on each axis, the shooter's velocity inherited: f64
 * meets the target after 0.880 s and 2.035 s. The polynomial places the
 * later root 2^-25.6 off, and the shot's speed moves 2.5 times as fast as
 * the time there: the shot misses the asked speed by a hair over the
 * tolerance, and the distance's Newton steps that refine such a root must
 * not stop at their sign tests' margin, or the meeting is lost. */
static void second_meeting_under_strong_gravity_is_refined_to_the_speed(void)
{
    static const af_body_q16 shooter = { { 23685120, 23685120, 23685120 },
                                         { 23685120, 23685120, 23685120 } };
    static const af_body_q16 target = { { 1515870810, 1515870810, 1515870810 },
                                        { 23685120, 23685120, 26053632 } };
    static const af_vec3_q16 g = { 1667457891, 1667457891, 1667457891 };
    const fix16_t speed = 1667457891;
    af_body_f64 sf = { q16_vec_to_f64(shooter.position), q16_vec_to_f64(shooter.velocity) };
    af_body_f64 tf = { q16_vec_to_f64(target.position), q16_vec_to_f64(target.velocity) };
    af_vec3_f64 gf = q16_vec_to_f64(g);
    af_shots_f64 f;
    af_shots_q16 q;
    af_status fs = af_arc_moving_f64(&sf, &tf, q16_to_f64(speed), &gf, AF_INHERIT_VELOCITY, &f);
    af_status st = af_arc_moving_q16(&shooter, &target, speed, &g, AF_INHERIT_VELOCITY, &q);
    int j;
    if (!TH_CHECK(fs == AF_OK && f.count == 2 && st == AF_OK && q.count == 2,
                  "f64 %s with %d shots, q16 %s with %d", af_status_name(fs), f.count,
                  af_status_name(st), q.count))
        return;
    for (j = 0; j < 2; j++) {
        double v = kin_len(q16_vec_to_f64(q.shot[j].velocity)), t = q16_to_f64(q.shot[j].t);
        TH_CHECK(fabs(v - q16_to_f64(speed)) <= 2.0 / 65536 + ldexp(q16_to_f64(speed), -24) &&
                     fabs(t - f.shot[j].t) <= 2.0 / 65536,
                 "shot %d: speed %.7f (asked %.7f), t %.7f (f64 %.7f)", j, v, q16_to_f64(speed),
                 t, f.shot[j].t);
    }
}

/* A shooter moving at the top of the domain (2^31 raw) inheriting its
 * velocity: the relative velocity's last bit is kept, so the launch
 * velocity of the late shot (362 s under a gravity of one LSB) is the f64
 * one rounded once, not 2 LSB off. */
static void inherited_top_speed_lob_velocity_is_rounded_once(void)
{
    const af_body_q16 shooter = { { 1, 1, 1 }, { 1, INT32_MAX, 0 } };
    const af_body_q16 target = { { 0, 65537, 0 }, { 0, 0, 0 } };
    const af_vec3_q16 g = { 1, 1, 1 };
    af_body_f64 fs, ft;
    af_vec3_f64 fg = { 1.0 / 65536, 1.0 / 65536, 1.0 / 65536 };
    af_shots_q16 q;
    af_shots_f64 f;
    int i, j, late = 0;
    fs.position = fg;
    fs.velocity.x = 1.0 / 65536;
    fs.velocity.y = INT32_MAX / 65536.0;
    fs.velocity.z = 0.0;
    ft.position.x = ft.position.z = 0.0;
    ft.position.y = 65537 / 65536.0;
    ft.velocity.x = ft.velocity.y = ft.velocity.z = 0.0;
    TH_CHECK(af_arc_moving_q16(&shooter, &target, INT32_MAX, &g, AF_INHERIT_VELOCITY, &q) == AF_OK,
             "q16 status");
    TH_CHECK(af_arc_moving_f64(&fs, &ft, INT32_MAX / 65536.0, &fg, AF_INHERIT_VELOCITY, &f) == AF_OK,
             "f64 status");
    for (i = 0; i < q.count; i++) {
        const fix16_t *u = &q.shot[i].velocity.x;
        if (q.shot[i].t < 65536)
            continue;
        for (j = 0; j < f.count; j++) {
            const double *w = &f.shot[j].velocity.x;
            int k;
            if (fabs(f.shot[j].t - q.shot[i].t / 65536.0) > 1e-3)
                continue;
            late = 1;
            for (k = 0; k < 3; k++)
                TH_CHECK(fabs(u[k] - w[k] * 65536.0) <= 0.5 + 1e-6,
                         "component %d: %ld raw, f64 %.3f", k, (long)u[k], w[k] * 65536.0);
        }
    }
    TH_CHECK(late, "the late shot (t about 362 s) is found in both formats");
}

/* A target 1 LSB slower than a 16384 m/s shot: |V|^2 - s^2 is 2^-29 of
 * s^2, under the 30 bits of the fitted speeds, so it is formed from the
 * raw values. f64 meets the target 1 LSB below the launch point after
 * 2.2e-5 s and 0.0107 s, and the target at the muzzle now after 0 and
 * 0.144 s: each meeting is found, at f64's time. */
static void target_1_lsb_slower_than_a_16384_m_s_shot_is_met(void)
{
    static const af_body_q16 shooters[] = { { { 1, 1, 1 }, { 1, 1, 1 } },
                                            { { 0, 0, 0 }, { 0, 0, 0 } } };
    static const af_body_q16 targets[] = { { { 1, 1, 0 }, { 1, 1073741824, 1 } },
                                           { { 0, 0, 0 }, { 0, 1073741823, 0 } } };
    static const af_vec3_q16 gravity[] = { { 1, 1, 8684544 }, { 0, 0, -642908 } };
    static const unsigned flags[] = { AF_INHERIT_VELOCITY, 0 };
    int k, i;
    for (k = 0; k < 2; k++) {
        af_body_f64 sf = { q16_vec_to_f64(shooters[k].position),
                           q16_vec_to_f64(shooters[k].velocity) };
        af_body_f64 tf = { q16_vec_to_f64(targets[k].position),
                           q16_vec_to_f64(targets[k].velocity) };
        af_vec3_f64 gf = q16_vec_to_f64(gravity[k]);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status fs = af_arc_moving_f64(&sf, &tf, 16384.0, &gf, flags[k], &f);
        af_status st = af_arc_moving_q16(&shooters[k], &targets[k], 1073741824, &gravity[k],
                                         flags[k], &q);
        if (!TH_CHECK(fs == AF_OK && st == AF_OK && q.count == f.count && f.count == 2,
                      "scene %d: f64 %s with %d shots, q16 %s with %d", k, af_status_name(fs),
                      f.count, af_status_name(st), q.count))
            continue;
        for (i = 0; i < 2; i++)
            TH_CHECK(fabs(q16_to_f64(q.shot[i].t) - f.shot[i].t) <= 1.0 / 65536,
                     "scene %d shot %d: t %.7f, f64 %.7f", k, i, q16_to_f64(q.shot[i].t),
                     f.shot[i].t);
    }
}

static const th_case cases[] = {
    TH_CASE(target_1_lsb_slower_than_a_16384_m_s_shot_is_met),
    TH_CASE(second_meeting_under_strong_gravity_is_refined_to_the_speed),
    TH_CASE(near_equal_meetings_come_earliest_first),
    TH_CASE(fast_shot_velocity_is_the_aim_at_its_own_time),
    TH_CASE(fast_closing_pair_within_the_documented_speed_tolerance),
    TH_CASE(fast_closing_target_shots_keep_the_asked_speed),
    TH_CASE(fast_closing_target_out_of_reach_is_no_solution),
    TH_CASE(close_pass_keeps_both_meetings),
    TH_CASE(both_meetings_past_the_time_limit_overflow),
    TH_CASE(strongest_gravity_at_the_longest_distance_keeps_the_speed),
    TH_CASE(random_moving_targets_agree_with_f64),
    TH_CASE(edge_cases),
    TH_CASE(inherited_top_speed_lob_velocity_is_rounded_once),
};

TH_MAIN("arc_moving_q16", cases)
