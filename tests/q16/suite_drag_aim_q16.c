/* SPDX-License-Identifier: MIT */
/*
 * Q16 aiming with drag (af_drag_aim_time_q16, af_drag_aim_speed_q16)
 * against the f64 reference on the same Q16.16 inputs. Every Q16 shot is
 * flown by the f64 model (the engine's literal loop, the closed form for
 * continuous drag: drag_q16_check.h) and its miss judged by the issue's
 * figures (q16_solve_check.h); statuses, counts, times, velocities and
 * aim angles are compared with named tolerances.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "drag_sim.h"
#include "harness.h"
#include "q16_solve_check.h"

#define LSB (1.0 / 65536.0)

/* A velocity from the law is within 2^-27 of the size of its terms
 * (|D| / a, |V| t / a, |G| b / a, the shooter's velocity: the law's
 * coefficients to 2^-28, suite_drag_predict_q16.c) plus the rounding of
 * each component; doubled here. */
#define VELOCITY_RELATIVE (1.0 / 67108864.0) /* 2^-26 */
#define VELOCITY_LSB 1.5

typedef struct scene {
    af_drag_q16 mq;
    af_drag_f64 mf;
    af_body_q16 shooter_q, target_q;
    af_body_f64 shooter, target;
    unsigned flags;
    double t;     /* the time of flight the scene was built around */
    double speed; /* the launch speed of that shot */
} scene;

/* The size of the terms a launch velocity for a hit at t is made of. */
static double velocity_scale(const scene *s, double t)
{
    double a, b, G = dsim_len(s->mf.gravity) + s->mf.k * dsim_len(s->mf.wind);
    dq16_law_ab(&s->mf, t, &a, &b);
    return (dsim_dist(s->target.position, s->shooter.position) +
            dsim_len(s->target.velocity) * t + G * b) /
               a +
           ((s->flags & AF_INHERIT_VELOCITY) ? dsim_len(s->shooter.velocity) : 0.0);
}

/* A scene of the class built around a known shot: a launch of the class's
 * speed, flown by the f64 law for a time of the class, the target placed
 * where it will meet it (moving three times in four). Redrawn until every
 * position fits Q16.16. */
static scene random_scene(th_rng *rng, int c)
{
    for (;;) {
        scene s;
        af_body_f64 hit;
        af_vec3_f64 V;
        if (!dq16_planted_flight(rng, c, &s.mq, &s.mf, &s.shooter_q, &s.shooter, &s.flags, &s.t,
                                 &s.speed, &hit))
            continue;
        V = q16_vec_to_f64(dq16_random_body(rng, c).velocity);
        if (th_rand_below(rng, 4) == 0)
            V.x = V.y = V.z = 0.0;
        s.target.velocity = V;
        s.target.position.x = hit.position.x - V.x * s.t;
        s.target.position.y = hit.position.y - V.y * s.t;
        s.target.position.z = hit.position.z - V.z * s.t;
        if (dq16_vec_near_or_beyond(s.target.position, 0.0) ||
            dq16_vec_near_or_beyond(dsim_sub(s.target.position, s.shooter.position), 0.0))
            continue;
        s.target_q = q16_body_from_f64(&s.target);
        s.target = dq16_body_f64(&s.target_q);
        return s;
    }
}

/* The size of a shot: the distance to the target now and to the impact,
 * and the farthest the f64 projectile gets from the launch point (32
 * instants of its flight). */
static double shot_range(const scene *s, const af_vec3_f64 *launch, double t, af_vec3_f64 point)
{
    af_body_f64 fly = dq16_launch_body(&s->shooter, s->flags, *launch);
    return fmax(fmax(dsim_dist(s->target.position, s->shooter.position),
                     dsim_dist(point, s->shooter.position)),
                dq16_flight_reach(&s->mf, &fly, t));
}

static void aim_time_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("aim_time_agrees_with_f64");
    long i, count = th_count(100000), solved = 0, beyond = 0;
    q16_stats stats;
    double worst_v = 0;
    memset(&stats, 0, sizeof stats);
    for (i = 0; i < count; i++) {
        scene s = random_scene(&rng, (int)(i % DQ16_CLASSES));
        fix16_t t = q16_from_f64(s.t);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_drag_aim_time_f64(&s.mf, &s.shooter, &s.target, q16_to_f64(t), s.flags,
                                           &f);
        af_status sq = af_drag_aim_time_q16(&s.mq, &s.shooter_q, &s.target_q, t, s.flags, &q);
        double scale, ev;
        af_vec3_f64 uq;
        if (sf == AF_OK && dq16_shot_beyond(&f.shot[0], 0.0)) {
            beyond++;
            TH_CHECK(sq == AF_ERR_OVERFLOW && q.count == 0, "aim time %ld: beyond Q16.16, q16 %s",
                     i, af_status_name(sq));
            continue;
        }
        scale = velocity_scale(&s, q16_to_f64(t));
        if (sf == AF_OK &&
            dq16_shot_beyond(&f.shot[0],
                             (VELOCITY_LSB * LSB + VELOCITY_RELATIVE * scale) / Q16_LIMIT) &&
            sq == AF_ERR_OVERFLOW)
            continue; /* at the edge: either */
        if (!TH_CHECK(sf == sq, "aim time %ld: f64 %s, q16 %s", i, af_status_name(sf),
                      af_status_name(sq)) ||
            sf != AF_OK)
            continue;
        solved++;
        TH_CHECK(q.count == 1 && q.shot[0].t == t, "aim time %ld: %d shots at t %d", i, q.count,
                 (int)q.shot[0].t);
        uq = q16_vec_to_f64(q.shot[0].velocity);
        ev = dsim_vmax(dsim_sub(uq, f.shot[0].velocity));
        worst_v = fmax(worst_v, (ev - VELOCITY_LSB * LSB) / scale);
        TH_CHECK(ev <= VELOCITY_LSB * LSB + VELOCITY_RELATIVE * scale,
                 "aim time %ld: velocity off by %.3g (%.3g LSB, scale %.3g)", i, ev, ev / LSB,
                 scale);
        TH_CHECK(dq16_vec_error(q.shot[0].point, f.shot[0].point) <= LSB,
                 "aim time %ld: impact point", i);
        q16_record_miss(&stats,
                        dq16_closest_approach(&s.mf, &s.shooter, (s.flags & AF_INHERIT_VELOCITY) != 0,
                                              uq, &s.target, q16_to_f64(t)),
                        shot_range(&s, &uq, q16_to_f64(t), f.shot[0].point));
    }
    th_note("%ld fixed-time aims, %ld solved by both, %ld beyond Q16.16; worst velocity error "
            "beyond %g LSB %.3g of the terms' size",
            count, solved, beyond, VELOCITY_LSB, worst_v);
    q16_report(&stats, "drag_aim_time_q16");
}

/* d|u|/dt of the f64 fixed-time aim at t (central differences over 2^-20
 * of t, plenty for an allowance), and |du/dt|. */
static double speed_rate(const scene *s, double t, double *velocity_rate)
{
    af_shots_f64 a, b;
    double h = ldexp(t, -20);
    if (af_drag_aim_time_f64(&s->mf, &s->shooter, &s->target, t - h, s->flags, &a) != AF_OK ||
        af_drag_aim_time_f64(&s->mf, &s->shooter, &s->target, t + h, s->flags, &b) != AF_OK) {
        *velocity_rate = INFINITY;
        return 0.0;
    }
    *velocity_rate = dsim_dist(b.shot[0].velocity, a.shot[0].velocity) / (2 * h);
    return (dsim_len(b.shot[0].velocity) - dsim_len(a.shot[0].velocity)) / (2 * h);
}

/*
 * The band of the fixed-speed aim, where the last bits decide how many
 * solutions there are. The speed equation |u(t)| = speed holds to the
 * precision of a velocity, eps (the Q16 solver takes |F| below 2 LSB as a
 * root), so:
 *   - two solutions of one solver that close a dip of F no deeper than
 *     about 16 eps (|dF/dt| times their distance) may be two, one or none,
 *     and two within 2 LSB of each other round to one Q16.16 time;
 *   - a solution where F barely changes (|dF/dt| over 1e-3 of the time
 *     moves F by less than eps) is a graze, and so is a Q16 solution
 *     where f64 finds none but its speed comes within 2 eps of the one
 *     asked within an LSB of the Q16 time (the bottom of a dip within the
 *     precision of a velocity: the speed's valley can be that narrow);
 *   - a solution within the allowance of max_time, or in the first two
 *     LSB of time, may fall either side of the scan's ends.
 */
static int near_root(const scene *s, double t, double max_time, double *rate, double *eps)
{
    double du;
    *rate = speed_rate(s, t, &du);
    *eps = VELOCITY_LSB * LSB + VELOCITY_RELATIVE * velocity_scale(s, t);
    return fabs(*rate) * 1e-3 * t <= *eps ||
           max_time - t <= LSB + *eps / fmax(fabs(*rate), 1e-30) || t <= 2 * LSB;
}

static int pair_band(const scene *s, const double *times, int n, double max_time)
{
    int k;
    for (k = 0; k < n; k++) {
        double rate, eps;
        if (near_root(s, times[k], max_time, &rate, &eps))
            return 1;
        if (k + 1 < n && (fabs(rate) * (times[k + 1] - times[k]) <= 16 * eps ||
                          times[k + 1] - times[k] <= 2 * LSB))
            return 1;
    }
    return 0;
}

static int speed_band(const scene *s, const af_shots_f64 *f, const af_shots_q16 *q,
                      double speed, double max_time)
{
    double tf[AF_MAX_SHOTS], tq[AF_MAX_SHOTS];
    int k;
    for (k = 0; k < f->count; k++)
        tf[k] = f->shot[k].t;
    for (k = 0; k < q->count; k++) {
        af_shots_f64 at;
        double eps;
        tq[k] = q16_to_f64(q->shot[k].t);
        eps = VELOCITY_LSB * LSB + VELOCITY_RELATIVE * velocity_scale(s, tq[k]);
        if (f->count == 0) {
            int j;
            for (j = -16; j <= 16; j++)
                if (af_drag_aim_time_f64(&s->mf, &s->shooter, &s->target, tq[k] + j * LSB / 16,
                                         s->flags, &at) == AF_OK &&
                    fabs(dsim_len(at.shot[0].velocity) - speed) <= 2 * eps)
                    return 1;
        }
    }
    return pair_band(s, tf, f->count, max_time) || pair_band(s, tq, q->count, max_time);
}

static void aim_speed_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("aim_speed_agrees_with_f64");
    long i, count = th_count(100000), solved = 0, band = 0, beyond = 0, found = 0;
    q16_stats stats;
    double worst_t = 0, worst_aim = 0;
    memset(&stats, 0, sizeof stats);
    for (i = 0; i < count; i++) {
        scene s = random_scene(&rng, (int)(i % DQ16_CLASSES));
        fix16_t speed = q16_from_f64(s.speed);
        fix16_t max_time = q16_from_f64(fmin(s.t * th_rand_uniform(&rng, 1.2, 4.0), 32767.0));
        af_shots_f64 f, fit;
        af_shots_q16 q;
        af_status sf, sq;
        int k, n = 0, in_band;
        if (speed <= 0)
            continue;
        sf = af_drag_aim_speed_f64(&s.mf, &s.shooter, &s.target, q16_to_f64(speed),
                                   q16_to_f64(max_time), s.flags, &f);
        sq = af_drag_aim_speed_q16(&s.mq, &s.shooter_q, &s.target_q, speed, max_time, s.flags,
                                   &q);
        /* The f64 shots a Q16.16 answer can hold. */
        fit = f;
        for (k = 0; k < f.count; k++)
            if (!dq16_shot_beyond(&f.shot[k], 1e-6))
                fit.shot[n++] = f.shot[k];
        fit.count = n;
        beyond += sf == AF_OK && n < f.count;
        in_band = speed_band(&s, &f, &q, q16_to_f64(speed), q16_to_f64(max_time));
        if (sf == AF_OK && n == 0) {
            TH_CHECK(sq == AF_ERR_OVERFLOW || in_band,
                     "aim speed %ld: no f64 shot fits Q16.16, yet q16 %s", i, af_status_name(sq));
            continue;
        }
        found += sf == AF_OK;
        for (k = 0; k < f.count; k++)
            if (fabs(f.shot[k].t - s.t) <= 1e-6 * s.t)
                break;
        if (sf != sq || fit.count != q.count) {
            band += in_band;
            TH_CHECK(in_band, "aim speed %ld: f64 %s/%d (%d fit), q16 %s/%d, outside the band",
                     i, af_status_name(sf), f.count, n, af_status_name(sq), q.count);
        } else if (sf == AF_OK) {
            solved++;
        }
        for (k = 0; k < q.count; k++) {
            af_vec3_f64 uq = q16_vec_to_f64(q.shot[k].velocity), dir = uq;
            double tq = q16_to_f64(q.shot[k].t), len = dsim_len(uq);
            if (len > 0) {
                dir.x *= s.speed / len;
                dir.y *= s.speed / len;
                dir.z *= s.speed / len;
            }
            /* Flown at the launcher's speed along the Q16 direction. */
            q16_record_miss(&stats,
                            dq16_closest_approach(&s.mf, &s.shooter,
                                                  (s.flags & AF_INHERIT_VELOCITY) != 0, dir,
                                                  &s.target, tq),
                            shot_range(&s, &uq, tq, q16_vec_to_f64(q.shot[k].point)));
            if (sf != sq || fit.count != q.count || in_band)
                continue;
            {
                /* The time: the speed equation holds to the precision of
                 * a velocity (eps), which moves the root by eps / |d|u|/dt|;
                 * plus the time's rounding and 2^-26 of it. The aim: the
                 * velocities' own precision, and the time's error times
                 * the velocity's rate of change (the shot is the aim at
                 * the rounded time). */
                const af_shot_f64 *fs = &fit.shot[k];
                double du, rate = speed_rate(&s, fs->t, &du);
                double eps = VELOCITY_LSB * LSB + VELOCITY_RELATIVE * velocity_scale(&s, fs->t);
                double dt_allowed = LSB + ldexp(fs->t, -26) + 2 * eps / fmax(fabs(rate), 1e-30);
                double aim = q16_angle(uq, fs->velocity);
                double aim_allowed = (2 * eps + dt_allowed * du) / s.speed;
                worst_t = fmax(worst_t, fabs(tq - fs->t) / dt_allowed);
                worst_aim = fmax(worst_aim, aim / aim_allowed);
                TH_CHECK(fabs(tq - fs->t) <= dt_allowed,
                         "aim speed %ld shot %d: t %.9g vs f64 %.9g (allowed %.3g)", i, k, tq,
                         fs->t, dt_allowed);
                TH_CHECK(aim <= aim_allowed, "aim speed %ld shot %d: aim off by %.3g (allowed %.3g)",
                         i, k, aim, aim_allowed);
            }
        }
    }
    th_note("%ld fixed-speed aims (%ld solved by f64), %ld agreeing, %ld count differences in "
            "the band, %ld with f64 shots beyond Q16.16; worst time and aim errors %.3g and %.3g "
            "of their allowances",
            count, found, solved, band, beyond, worst_t, worst_aim);
    q16_report(&stats, "drag_aim_speed_q16");
}

#define Q(v) ((fix16_t)((v) * 65536))

static void edge_table(void)
{
    af_vec3_q16 g = { 0, 0, Q(-10) };
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { Q(20), 0, 0 }, { 0, 0, 0 } };
    af_drag_q16 m, none;
    af_shots_q16 q;
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.1), Q(0.02), &g, NULL, &m) == AF_OK &&
                      af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &g, NULL, &none) == AF_OK,
                  "init"))
        return;
    /* Without drag, 20 m in 2 s under 10 m/s^2: (10, 0, 10) exactly. */
    TH_CHECK(af_drag_aim_time_q16(&none, &shooter, &target, Q(2), 0, &q) == AF_OK &&
                 q.count == 1 && abs(q.shot[0].velocity.x - Q(10)) <= 1 &&
                 abs(q.shot[0].velocity.z - Q(10)) <= 1 && q.shot[0].point.x == Q(20),
             "20 m in 2 s: (10, 0, 10)");
    TH_CHECK(af_drag_aim_speed_q16(&m, &shooter, &target, Q(20), Q(10), 0, &q) == AF_OK &&
                 q.count == 2 && q.shot[0].t < q.shot[1].t,
             "low and high arc");
    TH_CHECK(af_drag_aim_speed_q16(&m, &shooter, &target, Q(5), Q(10), 0, &q) ==
                     AF_ERR_NO_SOLUTION &&
                 q.count == 0,
             "out of reach");
    TH_CHECK(af_drag_aim_speed_q16(&m, &shooter, &target, Q(20), Q(0.5), 0, &q) ==
                 AF_ERR_NO_SOLUTION,
             "not within max_time");
    /* Bad inputs. */
    TH_CHECK(af_drag_aim_time_q16(&m, &shooter, &target, 0, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "t = 0");
    TH_CHECK(af_drag_aim_time_q16(&m, NULL, &target, Q(1), 0, &q) == AF_ERR_BAD_ARGUMENT,
             "NULL shooter");
    TH_CHECK(af_drag_aim_time_q16(NULL, &shooter, &target, Q(1), 0, &q) == AF_ERR_BAD_ARGUMENT,
             "NULL model");
    TH_CHECK(af_drag_aim_time_q16(&m, &shooter, &target, Q(1), 0, NULL) == AF_ERR_BAD_ARGUMENT,
             "NULL out");
    TH_CHECK(af_drag_aim_speed_q16(&m, &shooter, &target, 0, Q(10), 0, &q) == AF_ERR_BAD_ARGUMENT,
             "speed = 0");
    TH_CHECK(af_drag_aim_speed_q16(&m, &shooter, &target, Q(20), -1, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "max_time < 0");
    /* The target at the muzzle: the t = 0 shot, then the lob that comes
     * back (straight up and down). */
    st = af_drag_aim_speed_q16(&m, &shooter, &shooter, Q(20), Q(10), 0, &q);
    TH_CHECK(st == AF_OK && q.count == 2 && q.shot[0].t == 0 && q.shot[0].velocity.z == 0 &&
                 q.shot[1].velocity.z > Q(19),
             "at the muzzle: %s, %d shots", af_status_name(st), q.count);
    /* The extremes: a target 65534 m away does not fit; a velocity beyond
     * Q16.16 overflows. */
    shooter.position.x = Q(-32767);
    target.position.x = Q(32767);
    TH_CHECK(af_drag_aim_time_q16(&m, &shooter, &target, Q(1), 0, &q) == AF_ERR_OUT_OF_RANGE,
             "a distance beyond Q16.16");
    TH_CHECK(af_drag_aim_speed_q16(&m, &shooter, &target, Q(100), Q(10), 0, &q) ==
                 AF_ERR_OUT_OF_RANGE,
             "a distance beyond Q16.16 (fixed speed)");
    shooter.position.x = 0;
    st = af_drag_aim_time_q16(&m, &shooter, &target, 1, 0, &q);
    TH_CHECK(st == AF_ERR_OVERFLOW && q.count == 0, "32767 m in 2^-16 s: %s", af_status_name(st));
    target.velocity.x = INT32_MAX;
    st = af_drag_aim_time_q16(&m, &shooter, &target, Q(2), 0, &q);
    TH_CHECK(st == AF_ERR_OVERFLOW, "an impact point beyond Q16.16: %s", af_status_name(st));
    shooter.velocity.x = INT32_MIN;
    target.position.x = 0;
    target.velocity.x = 0;
    st = af_drag_aim_time_q16(&m, &shooter, &target, Q(1), AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_ERR_OVERFLOW, "a shooter's velocity of -32768 to take off: %s",
             af_status_name(st));
}

/* No drag and no gravity: the only shot at a static target is the
 * straight one at t = |D| / speed, exactly the scan's lower bound on every
 * solution; it is found, within a few LSB of the f64 intercept's time. */
static void straight_shot_on_the_scan_bound_is_found(void)
{
    th_rng rng = th_rng_for("straight_shot_on_the_scan_bound_is_found_q16");
    af_vec3_q16 none = { 0, 0, 0 };
    af_drag_q16 m;
    long i, count = th_count(400);
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, 0, Q(0.02), &none, NULL, &m) == AF_OK, "init"))
        return;
    for (i = 0; i < count; i++) {
        af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = shooter;
        af_body_f64 sf = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } }, tf = sf;
        af_shots_q16 out;
        af_shots_f64 line;
        fix16_t speed = Q(th_rand_uniform(&rng, 0.5, 100.0));
        af_status st, stl;
        target.position.x = Q(th_rand_uniform(&rng, -100.0, 100.0));
        target.position.y = Q(th_rand_uniform(&rng, -100.0, 100.0));
        target.position.z = Q(th_rand_uniform(&rng, -100.0, 100.0));
        tf.position.x = target.position.x / 65536.0;
        tf.position.y = target.position.y / 65536.0;
        tf.position.z = target.position.z / 65536.0;
        st = af_drag_aim_speed_q16(&m, &shooter, &target, speed, Q(1000), 0, &out);
        stl = af_intercept_f64(&sf, &tf, speed / 65536.0, 0, &line);
        if (!TH_CHECK(st == AF_OK && out.count == 1 && stl == AF_OK,
                      "target %ld: %s with %d shots, intercept %s", i, af_status_name(st),
                      out.count, af_status_name(stl)))
            continue;
        TH_CHECK(fabs(out.shot[0].t / 65536.0 - line.shot[0].t) <= 4.0 / 65536.0,
                 "target %ld: t %.17g, intercept %.17g", i, out.shot[0].t / 65536.0,
                 line.shot[0].t);
    }
}

/* As suite_drag_aim.c's test of that name: a target at the muzzle moving
 * off at the asked speed, downwards under gravity, gives the t = 0 shot
 * and the lob at T = 4 V.g / |g|^2 = 1.6 s, no shot at the scan's start. */
static void aim_speed_at_the_muzzle_has_no_second_shot_at_the_start(void)
{
    static const fix16_t max_times[] = { Q(2), Q(10), Q(1000) };
    af_vec3_q16 g = { 0, 0, Q(-10) };
    af_body_q16 shooter = { { Q(1), Q(2), Q(3) }, { 0, 0, 0 } };
    af_body_q16 target = { { Q(1), Q(2), Q(3) }, { Q(3), 0, Q(-4) } };
    af_drag_q16 m;
    size_t i;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &g, NULL, &m) == AF_OK, "init"))
        return;
    for (i = 0; i < sizeof max_times / sizeof max_times[0]; i++) {
        af_shots_q16 out;
        af_status st = af_drag_aim_speed_q16(&m, &shooter, &target, Q(5), max_times[i], 0, &out);
        TH_CHECK(st == AF_OK && out.count == 2 && out.shot[0].t == 0 &&
                     abs(out.shot[1].t - Q(1.6)) <= 2,
                 "max_time %g: %s, %d shots (t %g, %g)", max_times[i] / 65536.0,
                 af_status_name(st), out.count, out.shot[0].t / 65536.0,
                 out.count > 1 ? out.shot[1].t / 65536.0 : -1.0);
    }
}

/* A stepped model ignores its wind field (drag.h): filled in, it must not
 * change a fixed-speed aim, not even through the speed equation's noise
 * (here a near-stopped engine, r = 2^-15 per step of 2^-16 s, shooting
 * 32768 m/s across an LSB, where that noise let a root 2 m/s off pass). */
static void aim_speed_of_a_stepped_model_ignores_its_wind_field(void)
{
    af_drag_q16 still, windy;
    af_body_q16 shooter = { { INT32_MAX, 1, 1 }, { 0, -61440, 0 } };
    af_body_q16 target = { { INT32_MAX, 0, 1 }, { 1, 2, 1 } };
    af_shots_q16 a, b;
    af_status sa, sb;
    memset(&still, 0, sizeof still);
    still.kind = AF_DRAG_KIND_STEPPED;
    still.order = AF_STEP_DAMPING_THEN_GRAVITY;
    still.gravity.x = 65537;
    still.gravity.y = 1;
    still.gravity.z = 4096;
    still.dt = 1;
    still.r = 2;
    windy = still;
    windy.k = 65537;
    windy.wind.x = 8684544;
    windy.wind.y = 655360000;
    windy.wind.z = -8964096;
    sa = af_drag_aim_speed_q16(&still, &shooter, &target, INT32_MAX, Q(1), AF_INHERIT_VELOCITY, &a);
    sb = af_drag_aim_speed_q16(&windy, &shooter, &target, INT32_MAX, Q(1), AF_INHERIT_VELOCITY, &b);
    TH_CHECK(sa == AF_OK && sb == sa && memcmp(&a, &b, sizeof a) == 0,
             "without wind %s (%d shots), with the ignored wind %s (%d shots, first velocity y "
             "%g, without %g)",
             af_status_name(sa), a.count, af_status_name(sb), b.count,
             b.shot[0].velocity.y / 65536.0, a.shot[0].velocity.y / 65536.0);
}

/* A target sweeping past the muzzle at 32768 m/s, 389.5 m away, with no
 * drag or gravity: a 1000 m/s shot meets it on its way in, at the scan's
 * lower bound |D| / (speed + |V|), and 50 LSB of time later on its way
 * out, before the next sample. The first root, zero within its rounding
 * at the bound, must not hide the second past the turn of the required
 * speed: both are found, within an LSB of the straight intercept's times. */
static void aim_speed_keeps_both_meetings_of_a_target_sweeping_past(void)
{
    af_vec3_q16 none = { 0, 0, 0 };
    af_body_q16 shooter = { { 0, 25527296, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { 0, 0, 0 }, { 1, INT32_MAX, 1 } };
    af_body_f64 sf = { { 0.0, 25527296 / 65536.0, 0.0 }, { 0.0, 0.0, 0.0 } };
    af_body_f64 tf = { { 0.0, 0.0, 0.0 }, { 0x1p-16, INT32_MAX / 65536.0, 0x1p-16 } };
    af_drag_q16 m;
    af_shots_q16 out;
    af_shots_f64 line;
    af_status st, sl;
    int i;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &none, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_aim_speed_q16(&m, &shooter, &target, Q(1000), Q(16), 0, &out);
    sl = af_intercept_f64(&sf, &tf, 1000.0, 0, &line);
    if (!TH_CHECK(sl == AF_OK && line.count == 2, "intercept: %s", af_status_name(sl)))
        return;
    if (!TH_CHECK(st == AF_OK && out.count == 2,
                  "%s with %d shots where the intercept meets at %.9g and %.9g s",
                  af_status_name(st), out.count, line.shot[0].t, line.shot[1].t))
        return;
    for (i = 0; i < 2; i++)
        TH_CHECK(fabs(out.shot[i].t / 65536.0 - line.shot[i].t) <= 1.0 / 65536.0,
                 "shot %d: t %.9g, intercept %.9g", i, out.shot[i].t / 65536.0, line.shot[i].t);
}

/* A meeting 4e-3 s before max_time, where the speed equation falls by
 * 1.4e-5 m/s per second: from 2 s before max_time on it stays within its
 * rounding, so its sign at max_time tells nothing; as at the scan's lower
 * bound, zero within that rounding at max_time is the root (drag_aim.h),
 * not a lost one. No drag, no gravity, an inherited 16 m/s. */
static void root_within_rounding_of_max_time_is_kept(void)
{
    af_vec3_q16 none = { 0, 0, 0 };
    af_body_q16 shooter = { { 0, 16, 16 }, { Q(16), 16, 16 } };
    af_body_q16 target = { { 17, 16, 65537 }, { 16, -4096, 16 } };
    af_body_f64 sf, tf;
    af_drag_q16 m;
    af_drag_f64 mf;
    af_shots_q16 out;
    af_shots_f64 ref;
    af_status st, sr;
    af_vec3_f64 nonef = { 0.0, 0.0, 0.0 };
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &none, NULL, &m) == AF_OK &&
                      af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.0, 0.0, &nonef, NULL, &mf) == AF_OK,
                  "init"))
        return;
    sf.position.x = 0.0;
    sf.position.y = sf.position.z = sf.velocity.y = sf.velocity.z = 16 / 65536.0;
    sf.velocity.x = 16.0;
    tf.position.x = 17 / 65536.0;
    tf.position.y = tf.velocity.x = tf.velocity.z = 16 / 65536.0;
    tf.position.z = 65537 / 65536.0;
    tf.velocity.y = -4096 / 65536.0;
    st = af_drag_aim_speed_q16(&m, &shooter, &target, 1048575, 1048575, AF_INHERIT_VELOCITY, &out);
    sr = af_drag_aim_speed_f64(&mf, &sf, &tf, 1048575 / 65536.0, 1048575 / 65536.0,
                               AF_INHERIT_VELOCITY, &ref);
    if (!TH_CHECK(sr == AF_OK && ref.count == 1, "f64: %s", af_status_name(sr)))
        return;
    if (!TH_CHECK(st == AF_OK && out.count == 1, "%s with %d shots where f64 meets at %.9g s",
                  af_status_name(st), out.count, ref.shot[0].t))
        return;
    TH_CHECK(fabs(out.shot[0].t / 65536.0 - ref.shot[0].t) <= 0.01 &&
                 out.shot[0].t <= 1048575,
             "t %.9g, f64 %.9g", out.shot[0].t / 65536.0, ref.shot[0].t);
    TH_CHECK(fabs(hypot(hypot(out.shot[0].velocity.x, out.shot[0].velocity.y),
                        out.shot[0].velocity.z) -
                  1048575.0) <= 3.0,
             "speed %.9g", hypot(hypot(out.shot[0].velocity.x, out.shot[0].velocity.y),
                                 out.shot[0].velocity.z) / 65536.0);
}

/* A shooter moving at 144 m/s whose velocity the shot inherits, a target
 * 1 LSB ahead closing at 1 m/s, a speed of 1 LSB: the launch needed,
 * (2^-16 / T - 143 m/s, 0, 0), passes through 0 between two meetings
 * 2.3e-14 s apart, 1.0670482e-7 s after launch. A sample just past them,
 * within the speed equation's rounding and rising, was taken for a steep
 * crossing there although the slope had turned since the previous
 * sample: the stretch before it was searched for a sign change that is
 * not there, and the shot came out at 6 LSB for 1 asked. */
static void aim_speed_in_a_dip_narrower_than_a_sample_gap_keeps_its_speed(void)
{
    af_drag_q16 m = { AF_DRAG_KIND_CONTINUOUS, { 1, 0, 0 }, 0, 0, AF_STEP_GRAVITY_THEN_DAMPING,
                      0, { 0, 0, 0 }, 0 };
    af_body_q16 shooter = { { 0, 1, 1 }, { 9437184, 1, 1 } };
    af_body_q16 target = { { 1, 1, 1 }, { 65537, 1, 1 } };
    af_shots_q16 q;
    af_status st = af_drag_aim_speed_q16(&m, &shooter, &target, 1, 1, AF_INHERIT_VELOCITY, &q);
    int k;
    if (!TH_CHECK(st == AF_OK && q.count >= 1, "%s with %d shots", af_status_name(st), q.count))
        return;
    /* 3 LSB plus 2^-26 of the velocity's terms (about 290 m/s): 3 LSB. */
    for (k = 0; k < q.count; k++) {
        double vx = q.shot[k].velocity.x, vy = q.shot[k].velocity.y, vz = q.shot[k].velocity.z;
        double len = sqrt(vx * vx + vy * vy + vz * vz);
        TH_CHECK(fabs(len - 1.0) <= 3.0 + 290.0 * 65536.0 / 67108864.0,
                 "shot %d at t %d LSB: speed %.3g LSB, asked 1", k, (int)q.shot[k].t, len);
    }
}

/* A 64 m/s shot, inherited from a shooter moving at (16, 0, 16) m/s, at a
 * target 48 m below (gravity 10 000 m/s^2 along +z) rising at 1008 m/s
 * relative: the launch's vertical part -48 / T + 1008 - 5000 T peaks at
 * 28.2 m/s at 0.098 s, just past the 27.7 the speed leaves it, so the
 * speed equation has a hump that crosses zero (at 0.0947 and 0.1014 s)
 * between a root either side (0.070 and 0.137 s). One scan step held the
 * hump and the dip after it, F rising at both ends yet lower at the
 * second: no sign change, no single turn, both middle shots lost. */
static void aim_speed_keeps_the_pair_on_a_hump_between_two_samples(void)
{
    af_body_q16 shooter = { { Q(16), Q(16), Q(64) }, { Q(16), 0, Q(16) } };
    af_body_q16 target = { { Q(16), Q(16), Q(16) }, { Q(64), Q(32), Q(1024) } };
    af_body_f64 sf = { { 16.0, 16.0, 64.0 }, { 16.0, 0.0, 16.0 } };
    af_body_f64 tf = { { 16.0, 16.0, 16.0 }, { 64.0, 32.0, 1024.0 } };
    af_drag_q16 m;
    af_drag_f64 mf;
    af_shots_q16 out;
    af_shots_f64 ref;
    af_status st, sr;
    int i;
    memset(&m, 0, sizeof m);
    memset(&mf, 0, sizeof mf);
    m.kind = mf.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = Q(10000);
    mf.gravity.z = 10000.0;
    st = af_drag_aim_speed_q16(&m, &shooter, &target, Q(64), Q(16384), AF_INHERIT_VELOCITY, &out);
    sr = af_drag_aim_speed_f64(&mf, &sf, &tf, 64.0, 16384.0, AF_INHERIT_VELOCITY, &ref);
    if (!TH_CHECK(sr == AF_OK && ref.count == 4, "f64: %s, %d shots", af_status_name(sr),
                  ref.count))
        return;
    if (!TH_CHECK(st == AF_OK && out.count == 4, "%s with %d shots where f64 has 4 (%.9g, %.9g, "
                  "%.9g, %.9g s)", af_status_name(st), out.count, ref.shot[0].t, ref.shot[1].t,
                  ref.shot[2].t, ref.shot[3].t))
        return;
    for (i = 0; i < 4; i++)
        TH_CHECK(fabs(out.shot[i].t / 65536.0 - ref.shot[i].t) <= 1.0 / 65536.0,
                 "shot %d: t %.9g, f64 %.9g", i, out.shot[i].t / 65536.0, ref.shot[i].t);
}

/* A meeting before half an LSB (here at 6.5e-8 s: a target an LSB above
 * the muzzle, falling at 235 m/s) is given at its rounded time t = 0, not
 * at one LSB, where the target is 3.6 mm away and needs 234 m/s more; the
 * other meeting is at 0.01437 s. */
static void aim_speed_meeting_below_half_an_lsb_keeps_its_rounded_time(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { 0, 1, 0 }, { 0, -15432704, 1048575 } };
    af_vec3_q16 g = { 1, INT32_MIN, 1 };
    af_drag_q16 m;
    af_shots_q16 out;
    af_status st;
    int i;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_aim_speed_q16(&m, &shooter, &target, 1048575, 65535, AF_INHERIT_VELOCITY, &out);
    if (!TH_CHECK(st == AF_OK && out.count >= 1, "%s", af_status_name(st)))
        return;
    for (i = 0; i < out.count; i++)
        TH_CHECK(out.shot[i].t == 0 || abs(out.shot[i].t - 942) <= 2,
                 "shot %d of %d at t %ld raw, no meeting there", i, out.count,
                 (long)out.shot[i].t);
}

static const th_case cases[] = {
    TH_CASE(aim_speed_meeting_below_half_an_lsb_keeps_its_rounded_time),
    TH_CASE(aim_speed_keeps_the_pair_on_a_hump_between_two_samples),
    TH_CASE(aim_speed_in_a_dip_narrower_than_a_sample_gap_keeps_its_speed),
    TH_CASE(aim_speed_keeps_both_meetings_of_a_target_sweeping_past),
    TH_CASE(root_within_rounding_of_max_time_is_kept),
    TH_CASE(aim_speed_of_a_stepped_model_ignores_its_wind_field),
    TH_CASE(aim_speed_at_the_muzzle_has_no_second_shot_at_the_start),
    TH_CASE(straight_shot_on_the_scan_bound_is_found),
    TH_CASE(aim_time_agrees_with_f64),
    TH_CASE(aim_speed_agrees_with_f64),
    TH_CASE(edge_table),
};

TH_MAIN("drag_aim_q16", cases)
