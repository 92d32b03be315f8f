/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, aiming at an accelerating target (both kinds):
 * each shot flown by af_qdrag_predict_q16 meets the shot's point within
 * the aims' allowed miss, that point is the target's p + v t + a t^2 / 2
 * to its roundings, the shots are the f64 accelerating aims' within the
 * drift of the flights, and with no acceleration the answers are the
 * plain aims' to the bit.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_q16_check.h"

/* Gravity down z, k log-uniform in [0.01, 0.2] 1/m; stepped at 50 Hz or
 * continuous. */
static af_qdrag_q16 random_model(th_rng *rng, int continuous)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = continuous ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED;
    m.gravity.z = raw(-9.81);
    m.k = raw(th_rand_log(rng, 0.01, 0.2));
    m.dt = continuous ? 0 : raw(0.02);
    m.order = AF_QDRAG_GRAVITY_FIRST;
    return m;
}

/* A target 3 to 12 m away, moving at up to 3 m/s and accelerating at up
 * to 3 m/s^2 per horizontal axis. */
static void random_target(th_rng *rng, af_body_accel_q16 *t)
{
    double d = th_rand_uniform(rng, 3.0, 12.0), az = th_rand_uniform(rng, -3.14159, 3.14159);
    memset(t, 0, sizeof *t);
    t->position.x = raw(d * cos(az));
    t->position.y = raw(d * sin(az));
    t->position.z = raw(th_rand_uniform(rng, -1.0, 2.0));
    t->velocity.x = raw(th_rand_uniform(rng, -3.0, 3.0));
    t->velocity.y = raw(th_rand_uniform(rng, -3.0, 3.0));
    t->acceleration.x = raw(th_rand_uniform(rng, -3.0, 3.0));
    t->acceleration.y = raw(th_rand_uniform(rng, -3.0, 3.0));
}

static af_body_accel_f64 target_f64(const af_body_accel_q16 *t)
{
    af_body_accel_f64 f;
    f.position = vec_f64(&t->position);
    f.velocity = vec_f64(&t->velocity);
    f.acceleration = vec_f64(&t->acceleration);
    return f;
}

/* The shot flown from the origin at rest: its miss of the shot's point
 * (LSB), and that point's distance from the target's p + v t + a t^2 / 2
 * (LSB). */
static void check_shot(const af_qdrag_q16 *m, const af_body_accel_q16 *target,
                       const af_shot_q16 *s, double *miss, double *off)
{
    af_body_q16 b;
    af_vec3_f64 want;
    double t = val(s->t);
    memset(&b, 0, sizeof b);
    *miss = qq16_flown_miss(m, &b, s, 0);
    want.x = val(target->position.x) + val(target->velocity.x) * t +
             0.5 * val(target->acceleration.x) * t * t;
    want.y = val(target->position.y) + val(target->velocity.y) * t +
             0.5 * val(target->acceleration.y) * t * t;
    want.z = val(target->position.z) + val(target->velocity.z) * t +
             0.5 * val(target->acceleration.z) * t * t;
    *off = dist(want, vec_f64(&s->point)) / LSB;
}

/* The target's point's roundings at t (LSB): v + a t / 2 within half
 * an LSB, carried over t, and the product's own half. */
static double point_tol(fix16_t t)
{
    return 1.0 + 0.5 * (1.0 + val(t));
}

/* The allowed miss of aimfix/qdrag_aim.h with the steps counted at the
 * shortest step these scenes lead to (1/256 s). */
static double miss_allowed(fix16_t t)
{
    return qq16_miss_allowed(val(t) * 256.0 + 1.0);
}

static void q16_accel_aims_hit_as_f64_does(void)
{
    th_rng rng = th_rng_for("q16_accel_aims_hit_as_f64_does");
    long i, count = th_count(80), solved = 0, same = 0;
    double worst_miss = 0.0, worst_off = 0.0, worst_v = 0.0;
    if (count < 4)
        count = 4;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng, (int)(i % 2));
        af_qdrag_f64 f = qq16_model_f64(&m);
        af_body_q16 shooter;
        af_body_f64 sf;
        af_body_accel_q16 target;
        af_body_accel_f64 tf;
        af_shots_q16 out;
        af_shots_f64 of;
        fix16_t T = raw(th_rand_uniform(&rng, 0.3, 2.0));
        double speed = val(raw(th_rand_uniform(&rng, 10.0, 30.0))), miss, off;
        af_status st, sf_st;
        int k;
        memset(&shooter, 0, sizeof shooter);
        memset(&sf, 0, sizeof sf);
        random_target(&rng, &target);
        tf = target_f64(&target);
        st = af_qdrag_aim_time_accel_q16(&m, &shooter, &target, T, 0, &out);
        if (st == AF_OK) {
            solved++;
            check_shot(&m, &target, &out.shot[0], &miss, &off);
            worst_miss = fmax(worst_miss, miss);
            worst_off = fmax(worst_off, off);
            TH_CHECK(miss <= miss_allowed(T), "fixed time: the flight misses by %.1f LSB", miss);
            TH_CHECK(off <= point_tol(T), "fixed time: the point is %.1f LSB off the target's",
                     off);
            if (af_qdrag_aim_time_accel_f64(&f, &sf, &tf, val(T), 0, &of) == AF_OK) {
                double ev = dist(of.shot[0].velocity, vec_f64(&out.shot[0].velocity));
                worst_v = fmax(worst_v, ev);
                /* The flights' drift over the time (the f64 tests' bound
                 * on the stepped kind's, 2 n^2 LSB) and the allowed miss. */
                TH_CHECK(ev <= (2.0 * pow(val(T) * 50.0 + 1.0, 2.0) + miss_allowed(T)) * LSB /
                                   val(T) * 4.0,
                         "fixed time: velocity %.3g m/s from f64's", ev);
            }
        } else
            TH_CHECK(st == AF_ERR_OUT_OF_RANGE || st == AF_ERR_NO_CONVERGENCE,
                     "fixed time: %s", af_status_name(st));
        st = af_qdrag_aim_speed_accel_q16(&m, &shooter, &target, raw(speed), raw(4.0), 0, &out);
        sf_st = af_qdrag_aim_speed_accel_f64(&f, &sf, &tf, speed, 4.0, 0, &of);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "fixed speed: %s", af_status_name(st));
        for (k = 0; k < out.count; k++) {
            check_shot(&m, &target, &out.shot[k], &miss, &off);
            worst_miss = fmax(worst_miss, miss);
            TH_CHECK(miss <= miss_allowed(out.shot[k].t), "shot %d: the flight misses by %.1f LSB",
                     k, miss);
            TH_CHECK(off <= point_tol(out.shot[k].t), "shot %d: the point is %.1f LSB off the "
                     "target's", k, off);
        }
        if ((sf_st != AF_OK && out.count == 0) || (sf_st == AF_OK && of.count == out.count)) {
            same++;
            for (k = 0; sf_st == AF_OK && k < out.count; k++)
                TH_CHECK(fabs(val(out.shot[k].t) - of.shot[k].t) <= 0.01 * of.shot[k].t,
                         "shot %d at %.5f s, f64 %.5f s", k, val(out.shot[k].t), of.shot[k].t);
        }
    }
    TH_CHECK(solved * 2 >= count, "only %ld of %ld fixed-time aims solved", solved, count);
    TH_CHECK(same * 10 >= count * 9, "the same shots as f64 in only %ld of %ld scenes", same,
             count);
    th_note("%ld fixed-time aims; flown miss at most %.1f LSB, point %.1f LSB off, velocity "
            "%.3g m/s from f64; %ld of %ld fixed-speed scenes as f64",
            solved, worst_miss, worst_off, worst_v, same, count);
}

static void q16_no_acceleration_is_the_plain_aim(void)
{
    th_rng rng = th_rng_for("q16_no_acceleration_is_the_plain_aim");
    long i, count = th_count(10);
    if (count < 2)
        count = 2;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng, (int)(i % 2));
        af_body_q16 shooter, plain;
        af_body_accel_q16 target;
        af_shots_q16 a, b;
        af_status sa, sb;
        memset(&shooter, 0, sizeof shooter);
        random_target(&rng, &target);
        memset(&target.acceleration, 0, sizeof target.acceleration);
        plain.position = target.position;
        plain.velocity = target.velocity;
        sa = af_qdrag_aim_time_accel_q16(&m, &shooter, &target, raw(1.0), 0, &a);
        sb = af_qdrag_aim_time_q16(&m, &shooter, &plain, raw(1.0), 0, &b);
        TH_CHECK(sa == sb && memcmp(&a, &b, sizeof a) == 0, "fixed time: not the plain aim's");
        sa = af_qdrag_aim_speed_accel_q16(&m, &shooter, &target, raw(20.0), raw(4.0), 0, &a);
        sb = af_qdrag_aim_speed_q16(&m, &shooter, &plain, raw(20.0), raw(4.0), 0, &b);
        TH_CHECK(sa == sb && memcmp(&a, &b, sizeof a) == 0, "fixed speed: not the plain aim's");
    }
    {
        af_qdrag_q16 m = random_model(&rng, 1);
        af_body_q16 origin;
        af_shots_q16 out;
        memset(&origin, 0, sizeof origin);
        memset(&out, 0x55, sizeof out);
        TH_CHECK(af_qdrag_aim_time_accel_q16(&m, &origin, NULL, raw(1.0), 0, &out) ==
                         AF_ERR_BAD_ARGUMENT &&
                     out.count == 0 && out.shot[0].t == 0,
                 "NULL target");
    }
}

/* The f64 suite's fold edge in Q16.16 (the aims refuse any folding
 * step): a bracket closing on F's jump to out of reach gives no shot, so
 * every shot has the speed asked (the old answer: 61.4 m/s for 74.8). */
static void q16_fixed_speed_aim_gives_no_shot_at_the_fold_edge(void)
{
    af_qdrag_q16 m = { AF_DRAG_KIND_STEPPED, { 0, 0, -643072 }, { -28688, 0, 0 }, 29532, 17203,
                       1024, AF_QDRAG_DRAG_FIRST };
    af_body_q16 shooter = { { 0, 0, 65536 }, { 0, 0, 655360 } };
    af_body_q16 target = { { 131072, -128, 106624 }, { 15296, 0, 0 } };
    af_shots_q16 out;
    af_status st = af_qdrag_aim_speed_q16(&m, &shooter, &target, 4901632, 261720,
                                          AF_INHERIT_VELOCITY, &out);
    int i;
    TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "%s", af_status_name(st));
    for (i = 0; st == AF_OK && i < out.count; i++) {
        double x = out.shot[i].velocity.x / 65536.0, y = out.shot[i].velocity.y / 65536.0,
               z = out.shot[i].velocity.z / 65536.0, v = sqrt(x * x + y * y + z * z);
        TH_CHECK(fabs(v - 74.79296875) <= 74.79296875 / 1024.0,
                 "shot %d: speed %.6g, asked 74.79", i, v);
    }
}

/* Two arcs 18 ms apart, F' near their double root 3.3 /s: a miss of a
 * few LSB moves the first root by milliseconds, so the joint iteration
 * halves its overshooting steps and keeps its best iterate (the old
 * answer: 0.5130 s, 56 LSB off, where f64's is 0.5149 s). */
static void q16_fixed_speed_aim_near_a_double_root_keeps_f64s_time(void)
{
    af_qdrag_q16 m = { AF_DRAG_KIND_STEPPED, { 0, 0, -643072 }, { 0, 0, 0 }, 3932, 3277,
                       1024, AF_QDRAG_DRAG_FIRST };
    af_qdrag_f64 mf = { AF_DRAG_KIND_STEPPED, { 0, 0, -643072 / 65536.0 }, { 0, 0, 0 },
                        3932 / 65536.0, 3277 / 65536.0, 1.0 / 64, AF_QDRAG_DRAG_FIRST };
    af_body_q16 shooter = { { 0, 253952, 65536 }, { 983040, 0, 786432 } };
    af_body_f64 sf = { { 0, 3.875, 1 }, { 15, 0, 12 } };
    af_body_accel_q16 target = { { 491520, 0, 393216 }, { 983040, 1048576, 65536 },
                                 { 32768, 0, 16464 } };
    af_body_accel_f64 tf = target_f64(&target);
    af_shots_q16 q;
    af_shots_f64 f;
    af_status sq = af_qdrag_aim_speed_accel_q16(&m, &shooter, &target, 2939904, 196608,
                                                AF_INHERIT_VELOCITY, &q);
    af_status sf64 = af_qdrag_aim_speed_accel_f64(&mf, &sf, &tf, 2939904 / 65536.0, 3.0,
                                                  AF_INHERIT_VELOCITY, &f);
    int i;
    TH_CHECK(sq == AF_OK && sf64 == AF_OK && q.count == 2 && f.count == 2, "%s %d, f64 %s %d",
             af_status_name(sq), q.count, af_status_name(sf64), f.count);
    for (i = 0; sq == AF_OK && sf64 == AF_OK && i < q.count && i < f.count; i++) {
        double miss = qq16_flown_miss(&m, &shooter, &q.shot[i], AF_INHERIT_VELOCITY);
        /* aimfix/qdrag.h: a fixed-speed aim's times within 7e-4 s of f64's. */
        TH_CHECK(fabs(val(q.shot[i].t) - f.shot[i].t) <= 7e-4, "shot %d at %.6f s, f64's %.6f s",
                 i, val(q.shot[i].t), f.shot[i].t);
        TH_CHECK(miss <= qq16_miss_allowed(val(q.shot[i].t) * 64.0 + 1.0),
                 "shot %d misses by %.3g LSB", i, miss);
    }
}

static const th_case cases[] = {
    TH_CASE(q16_fixed_speed_aim_near_a_double_root_keeps_f64s_time),
    TH_CASE(q16_fixed_speed_aim_gives_no_shot_at_the_fold_edge),
    TH_CASE(q16_accel_aims_hit_as_f64_does),
    TH_CASE(q16_no_acceleration_is_the_plain_aim),
};

TH_MAIN("qdrag_accel_q16", cases)
