/* SPDX-License-Identifier: MIT */
/*
 * The Q16 drag aims at an accelerating target, judged as the other Q16
 * solvers are: each Q16 shot flown by the f64 law (af_drag_predict_f64,
 * itself checked against the engine's loop and RK4 by the f64 suites),
 * its closest approach to the accelerating target within the Q16 figures
 * of q16_solve_check.h; the statuses against the f64 twins; zero
 * acceleration to the bit the constant-velocity aims.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "drag_sim.h"
#include "harness.h"
#include "q16_solve_check.h"

#define LSB (1.0 / 65536.0)

typedef struct scene {
    af_drag_q16 mq;
    af_drag_f64 mf;
    af_body_q16 shooter_q;
    af_body_accel_q16 target_q;
    af_body_f64 shooter;
    af_body_accel_f64 target;
    unsigned flags;
    double t, speed; /* the planted shot's time and speed */
} scene;

static af_vec3_f64 target_at(const af_body_accel_f64 *b, double t)
{
    af_vec3_f64 p = { b->position.x + (b->velocity.x + 0.5 * b->acceleration.x * t) * t,
                      b->position.y + (b->velocity.y + 0.5 * b->acceleration.y * t) * t,
                      b->position.z + (b->velocity.z + 0.5 * b->acceleration.z * t) * t };
    return p;
}

static af_body_accel_f64 accel_body_f64(const af_body_accel_q16 *q)
{
    af_body_accel_f64 b;
    b.position = q16_vec_to_f64(q->position);
    b.velocity = q16_vec_to_f64(q->velocity);
    b.acceleration = q16_vec_to_f64(q->acceleration);
    return b;
}

/* A scene of the class around a planted shot: a launch flown by the f64
 * law for a time of the class, the target (accelerating at up to 20 m/s^2,
 * one in five not at all) placed so that it is there then. Redrawn until
 * its numbers fit Q16.16 (they are then exact in both formats). */
static scene random_scene(th_rng *rng, int c)
{
    for (;;) {
        scene s;
        af_body_f64 hit;
        af_vec3_f64 A, V, P;
        if (!dq16_planted_flight(rng, c, &s.mq, &s.mf, &s.shooter_q, &s.shooter, &s.flags, &s.t,
                                 &s.speed, &hit))
            continue;
        V = q16_vec_to_f64(dq16_random_body(rng, c).velocity);
        A = th_rand_below(rng, 5) ? q16_vec_to_f64(dq16_random_vector(rng, 1e-2, 20.0))
                                  : dsim_sub(V, V);
        P.x = hit.position.x - (V.x + 0.5 * A.x * s.t) * s.t;
        P.y = hit.position.y - (V.y + 0.5 * A.y * s.t) * s.t;
        P.z = hit.position.z - (V.z + 0.5 * A.z * s.t) * s.t;
        if (dq16_vec_near_or_beyond(P, 0.0) ||
            dq16_vec_near_or_beyond(dsim_sub(P, s.shooter.position), 0.0))
            continue;
        s.target_q.position = q16_vec_from_f64(P);
        s.target_q.velocity = q16_vec_from_f64(V);
        s.target_q.acceleration = q16_vec_from_f64(A);
        s.target = accel_body_f64(&s.target_q);
        return s;
    }
}

/* A Q16 shot flown by the f64 law against the accelerating target. */
typedef struct flight {
    const scene *s;
    af_body_f64 start;
} flight;

static double gap_at(double t, const void *ctx)
{
    const flight *f = ctx;
    af_body_f64 end;
    if (t < 0.0 || af_drag_predict_f64(&f->s->mf, &f->start, t, &end) != AF_OK)
        return INFINITY;
    return dsim_dist(end.position, target_at(&f->s->target, t));
}

/* The closest approach around t, and the shot's size (q16_solve_check.h:
 * the distance to the target now and at t, and how far the shot gets). */
static double judge(const scene *s, const af_shot_q16 *q, double *range)
{
    flight f;
    double t = q16_to_f64(q->t);
    f.s = s;
    f.start = dq16_launch_body(&s->shooter, s->flags, q16_vec_to_f64(q->velocity));
    *range = fmax(fmax(dsim_dist(s->target.position, s->shooter.position),
                       dsim_dist(target_at(&s->target, t), s->shooter.position)),
                  dq16_flight_reach(&s->mf, &f.start, t));
    return q16_minimize_near(gap_at, &f, t);
}

/* The size of the terms the launch velocity for a meeting at t is made
 * of (drag_aim.h): (|D| + |V| t + |A| t^2/2 + |G| b) / a, plus the
 * shooter's speed when inherited. */
static double velocity_scale(const scene *s, double t)
{
    double a, b, G = dsim_len(s->mf.gravity) + s->mf.k * dsim_len(s->mf.wind);
    dq16_law_ab(&s->mf, t, &a, &b);
    return (dsim_dist(s->target.position, s->shooter.position) +
            (dsim_len(s->target.velocity) + 0.5 * dsim_len(s->target.acceleration) * t) * t +
            G * b) /
               a +
           ((s->flags & AF_INHERIT_VELOCITY) ? dsim_len(s->shooter.velocity) : 0.0);
}

static void aim_time_accel_meets_the_target(void)
{
    th_rng rng = th_rng_for("aim_time_accel_meets_the_target");
    long i, count = th_count(20000), solved = 0, edge = 0;
    q16_stats stats;
    memset(&stats, 0, sizeof stats);
    for (i = 0; i < count; i++) {
        scene s = random_scene(&rng, (int)(i % 2)); /* small and ordinary scenes */
        fix16_t t = q16_from_f64(s.t);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_drag_aim_time_accel_f64(&s.mf, &s.shooter, &s.target, q16_to_f64(t),
                                                  s.flags, &f);
        af_status sq = af_drag_aim_time_accel_q16(&s.mq, &s.shooter_q, &s.target_q, t, s.flags,
                                                  &q);
        double range, miss;
        if (sf == AF_OK && dq16_shot_beyond(&f.shot[0], 1e-3)) {
            edge++;
            continue;
        }
        if (!TH_CHECK(sf == sq, "aim time %ld: f64 %s, q16 %s", i, af_status_name(sf),
                      af_status_name(sq)) ||
            sq != AF_OK)
            continue;
        solved++;
        TH_CHECK(q.count == 1 && q.shot[0].t == t, "aim time %ld: %d shots", i, q.count);
        /* Three terms, each rounded once: within 1.5 LSB of the target. */
        TH_CHECK(dq16_vec_error(q.shot[0].point, target_at(&s.target, q16_to_f64(t))) <=
                     1.5 * LSB,
                 "aim time %ld: the point is not where the target is at t", i);
        miss = judge(&s, &q.shot[0], &range);
        q16_record_miss(&stats, miss, range);
    }
    th_note("%ld fixed-time aims, %ld solved, %ld at the edge of Q16.16 skipped", count, solved,
            edge);
    q16_report(&stats, "drag_aim_time_accel_q16");
}

/* Whether the f64 speed excess crosses zero clearly at the f64 root t:
 * over +-2^-10 t it changes by more than 2^-12 of the speed (a pair of
 * roots closer than that is the documented band). */
static int clear_root(const scene *s, double t)
{
    af_shots_f64 a, b;
    double h = ldexp(t, -10);
    if (af_drag_aim_time_accel_f64(&s->mf, &s->shooter, &s->target, t - h, s->flags, &a) !=
            AF_OK ||
        af_drag_aim_time_accel_f64(&s->mf, &s->shooter, &s->target, t + h, s->flags, &b) != AF_OK)
        return 0;
    return fabs(dsim_len(a.shot[0].velocity) - dsim_len(b.shot[0].velocity)) > ldexp(s->speed, -12);
}

static void aim_speed_accel_meets_the_target(void)
{
    th_rng rng = th_rng_for("aim_speed_accel_meets_the_target");
    long i, count = th_count(4000), shots = 0, matched = 0;
    q16_stats stats;
    memset(&stats, 0, sizeof stats);
    for (i = 0; i < count; i++) {
        scene s = random_scene(&rng, DQ16_ORDINARY);
        double max_time = fmin(2.0 * s.t + 1.0, 60.0);
        fix16_t speed = q16_from_f64(s.speed);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf, sq;
        int j, k;
        if (speed <= 0)
            continue;
        sf = af_drag_aim_speed_accel_f64(&s.mf, &s.shooter, &s.target, q16_to_f64(speed),
                                         max_time, s.flags, &f);
        sq = af_drag_aim_speed_accel_q16(&s.mq, &s.shooter_q, &s.target_q, speed,
                                         q16_from_f64(max_time), s.flags, &q);
        if (sf != AF_OK || q16_shots_beyond(&f))
            continue;
        for (j = 0; j < q.count; j++) {
            double range, miss = judge(&s, &q.shot[j], &range);
            double serr = fabs(dsim_len(q16_vec_to_f64(q.shot[j].velocity)) - q16_to_f64(speed));
            shots++;
            q16_record_miss(&stats, miss, range);
            /* The speed to 3 LSB plus 2^-26 of the velocity's terms
             * (drag_aim.h). */
            TH_CHECK(serr <= 3.0 * LSB + ldexp(velocity_scale(&s, q16_to_f64(q.shot[j].t)), -26),
                     "aim speed %ld: shot %d's speed off by %.3g (%.3g of the terms)", i, j, serr,
                     serr / velocity_scale(&s, q16_to_f64(q.shot[j].t)));
            TH_CHECK(j == 0 || q.shot[j].t > q.shot[j - 1].t, "aim speed %ld: order", i);
        }
        /* Every clear f64 meeting is among the Q16 shots. */
        for (j = 0; j < f.count; j++) {
            int found = 0;
            if (!clear_root(&s, f.shot[j].t))
                continue;
            matched++;
            for (k = 0; k < q.count; k++)
                found |= fabs(q16_to_f64(q.shot[k].t) - f.shot[j].t) <=
                         ldexp(f.shot[j].t, -9) + 2.0 * LSB;
            TH_CHECK(found, "aim speed %ld: the f64 meeting at t = %.6f (of %d) is not among the "
                            "%d Q16 shots (%s)",
                     i, f.shot[j].t, f.count, q.count, af_status_name(sq));
        }
    }
    th_note("%ld Q16 shots judged, %ld clear f64 meetings matched", shots, matched);
    TH_CHECK(matched > 0, "no f64 meeting matched");
    q16_report(&stats, "drag_aim_speed_accel_q16");
}

/* Zero acceleration is the constant-velocity aim, to the bit. */
static void zero_acceleration_gives_the_same_bits(void)
{
    th_rng rng = th_rng_for("zero_acceleration_gives_the_same_bits");
    long i, count = th_count(1000), differ = 0;
    for (i = 0; i < count; i++) {
        scene s = random_scene(&rng, (int)(i % DQ16_CLASSES));
        af_body_q16 plain;
        af_shots_q16 a, b;
        fix16_t t = q16_from_f64(s.t), speed = q16_from_f64(s.speed);
        af_status sa, sb;
        memset(&s.target_q.acceleration, 0, sizeof s.target_q.acceleration);
        plain.position = s.target_q.position;
        plain.velocity = s.target_q.velocity;
        sa = af_drag_aim_time_accel_q16(&s.mq, &s.shooter_q, &s.target_q, t, s.flags, &a);
        sb = af_drag_aim_time_q16(&s.mq, &s.shooter_q, &plain, t, s.flags, &b);
        differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
        if (speed <= 0)
            continue;
        sa = af_drag_aim_speed_accel_q16(&s.mq, &s.shooter_q, &s.target_q, speed, t, s.flags, &a);
        sb = af_drag_aim_speed_q16(&s.mq, &s.shooter_q, &plain, speed, t, s.flags, &b);
        differ += sa != sb || memcmp(&a, &b, sizeof a) != 0;
    }
    TH_CHECK(differ == 0, "%ld answers differ from the constant-velocity aims", differ);
}

#define Q(v) ((fix16_t)((v) * 65536))

/* Each row: a case and the status it must give, with why. */
static void edge_table(void)
{
    af_vec3_q16 g = { 0, 0, Q(-9.81) };
    af_drag_q16 m;
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_q16 target = { { Q(100), 0, 0 }, { 0, 0, 0 }, { 0, 0, Q(2) } }, t2;
    af_shots_q16 out;
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_BULLET, Q(0.1), Q(0.02), &g, NULL, &m) == AF_OK,
                  "init"))
        return;
    /* The target's climb a t^2/2 = 2 * 200^2 / 2 = 40000 m passes Q16.16:
     * no point to aim at. */
    st = af_drag_aim_time_accel_q16(&m, &shooter, &target, Q(200), 0, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.count == 0, "target beyond Q16.16 at t: %s",
             af_status_name(st));
    /* Its offset from the shooter now already passes Q16.16. */
    t2 = target;
    t2.position.x = Q(30000);
    shooter.position.x = Q(-30000);
    st = af_drag_aim_time_accel_q16(&m, &shooter, &t2, Q(1), 0, &out);
    TH_CHECK(st == AF_ERR_OUT_OF_RANGE && out.count == 0, "offset beyond Q16.16: %s",
             af_status_name(st));
    shooter.position.x = 0;
    /* A point within Q16.16 whose offset from the shooter is not. */
    t2 = target;
    t2.position.x = Q(20000);
    t2.velocity.x = 0;
    t2.acceleration.x = Q(2000);
    shooter.position.x = Q(-10000);
    st = af_drag_aim_time_accel_q16(&m, &shooter, &t2, Q(3), 0, &out);
    TH_CHECK(st == AF_ERR_OVERFLOW && out.count == 0,
             "point at 29000 m, 39000 m from the shooter: %s", af_status_name(st));
    shooter.position.x = 0;
    TH_CHECK(af_drag_aim_time_accel_q16(&m, &shooter, &target, 0, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "t = 0 is refused");
    TH_CHECK(af_drag_aim_time_accel_q16(&m, &shooter, NULL, Q(1), 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL target");
    TH_CHECK(af_drag_aim_speed_accel_q16(&m, &shooter, NULL, Q(100), Q(10), 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL target, fixed speed");
    TH_CHECK(af_drag_aim_speed_accel_q16(NULL, &shooter, &target, Q(100), Q(10), 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL model");
    TH_CHECK(af_drag_aim_speed_accel_q16(&m, &shooter, &target, 0, Q(10), 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "speed 0");
    /* A target pulled away at 1000 m/s^2 outruns a 100 m/s shot. */
    t2 = target;
    t2.acceleration.x = Q(1000);
    TH_CHECK(af_drag_aim_speed_accel_q16(&m, &shooter, &t2, Q(100), Q(10), 0, &out) ==
                 AF_ERR_NO_SOLUTION,
             "a target that outruns the shot");
}

/* A target at the muzzle moving with the shooter, accelerating away, in
 * linear drag with a crosswind: the refinement of the second meeting
 * (0.26746 s) meets two times whose speeds round alike within the noise,
 * and must answer one of them, not the middle of a bracket eight noise
 * bands wide (the speed was 15.8 LSB off). */
static void aim_speed_accel_keeps_a_root_within_the_noise(void)
{
    af_drag_q16 m;
    af_body_q16 shooter;
    af_body_accel_q16 target;
    af_shots_q16 out;
    af_status st;
    fix16_t v = Q(16) + 1;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.k = 211600;
    m.wind.z = v;
    shooter.position.x = shooter.position.y = shooter.position.z = v;
    shooter.velocity = shooter.position;
    target.position = shooter.position;
    target.velocity = shooter.velocity;
    target.acceleration.x = target.acceleration.y = v;
    target.acceleration.z = Q(16) - 1;
    st = af_drag_aim_speed_accel_q16(&m, &shooter, &target, v, v, AF_INHERIT_VELOCITY, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2 && out.shot[0].t == 0,
                  "the t = 0 shot and one more: %s, %d shots", af_status_name(st), out.count))
        return;
    {
        double len = sqrt(q16_to_f64(out.shot[1].velocity.x) * q16_to_f64(out.shot[1].velocity.x) +
                          q16_to_f64(out.shot[1].velocity.y) * q16_to_f64(out.shot[1].velocity.y) +
                          q16_to_f64(out.shot[1].velocity.z) * q16_to_f64(out.shot[1].velocity.z));
        double off = fabs(len - q16_to_f64(v)) / LSB;
        TH_CHECK(off <= 3.0, "second shot at t %ld raw: speed %.9f, %.2f LSB off the asked",
                 (long)out.shot[1].t, len, off);
        TH_CHECK(out.shot[1].t == 17529, "its time %ld raw, 17529 (0.26747 s)",
                 (long)out.shot[1].t);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_time_accel_meets_the_target),
    TH_CASE(aim_speed_accel_meets_the_target),
    TH_CASE(zero_acceleration_gives_the_same_bits),
    TH_CASE(edge_table),
    TH_CASE(aim_speed_accel_keeps_a_root_within_the_noise),
};

TH_MAIN("drag_aim_accel_q16", cases)
