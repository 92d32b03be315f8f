/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, aiming at an accelerating target: every shot of the
 * fixed-time and fixed-speed aims, flown by the tests' own flight, meets
 * the target's point p + v t + a t^2 / 2 within 1e-6 of the range; a scan
 * of the fixed-time aim's speed over the time of flight finds no shot the
 * fixed-speed aim missed; with no acceleration the answers are the plain
 * aims' to the bit; bad inputs give their status with the outputs zero.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_sim.h"

/* The accuracy figure: the miss over the range. */
#define MISS_TOL 1e-6
#define MAX_TIME 4.0

/* Flies the shot (with the shooter's velocity when inherited): its miss
 * of the accelerating target over the range. */
static double shot_miss(const af_qdrag_f64 *m, const af_body_f64 *shooter,
                        const af_body_accel_f64 *target, const af_shot_f64 *s, int inherit)
{
    af_body_f64 b = *shooter, at;
    af_vec3_f64 p;
    double t = s->t, range;
    p.x = target->position.x + target->velocity.x * t + 0.5 * target->acceleration.x * t * t;
    p.y = target->position.y + target->velocity.y * t + 0.5 * target->acceleration.y * t * t;
    p.z = target->position.z + target->velocity.z * t + 0.5 * target->acceleration.z * t * t;
    range = qsim_norm(qsim_sub(p, shooter->position));
    if (!inherit)
        b.velocity.x = b.velocity.y = b.velocity.z = 0.0;
    b.velocity.x += s->velocity.x;
    b.velocity.y += s->velocity.y;
    b.velocity.z += s->velocity.z;
    at = qsim_fly(m, &b, t);
    return qsim_norm(qsim_sub(at.position, p)) / (range > 0.0 ? range : 1.0);
}

/* A target within 2 drag lengths (1 / k), moving at up to 4 m/s and
 * accelerating at up to 3 m/s^2 per axis (a car, a drone). */
static void random_scene(th_rng *rng, const af_qdrag_f64 *m, af_body_f64 *shooter,
                         af_body_accel_f64 *target)
{
    double d = th_rand_uniform(rng, 3.0, fmax(4.0, fmin(30.0, 2.0 / m->k)));
    double az = th_rand_uniform(rng, -3.14159, 3.14159);
    memset(shooter, 0, sizeof *shooter);
    memset(target, 0, sizeof *target);
    shooter->position.z = th_rand_uniform(rng, 0.0, 3.0);
    shooter->velocity.x = th_rand_uniform(rng, -2.0, 2.0);
    target->position.x = d * cos(az);
    target->position.y = d * sin(az);
    target->position.z = th_rand_uniform(rng, -2.0, 4.0);
    target->velocity.x = th_rand_uniform(rng, -4.0, 4.0);
    target->velocity.y = th_rand_uniform(rng, -4.0, 4.0);
    target->acceleration.x = th_rand_uniform(rng, -3.0, 3.0);
    target->acceleration.y = th_rand_uniform(rng, -3.0, 3.0);
    target->acceleration.z = th_rand_uniform(rng, -1.0, 1.0);
}

static void fixed_time_aims_hit_an_accelerating_target(void)
{
    th_rng rng = th_rng_for("fixed_time_aims_hit_an_accelerating_target");
    long i, count = th_count(120), solved = 0;
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, (int)(i % 5 == 0));
        af_body_f64 shooter;
        af_body_accel_f64 target;
        unsigned flags = th_rand_below(&rng, 2) ? AF_INHERIT_VELOCITY : 0u;
        double t = th_rand_uniform(&rng, 0.2, 2.5), e;
        af_shots_f64 out;
        af_status st;
        random_scene(&rng, &m, &shooter, &target);
        st = af_qdrag_aim_time_accel_f64(&m, &shooter, &target, t, flags, &out);
        if (st == AF_ERR_OUT_OF_RANGE || st == AF_ERR_NO_CONVERGENCE)
            continue; /* beyond the launches the engine's step allows */
        if (!TH_CHECK(st == AF_OK && out.count == 1, "aim_time_accel: %s", af_status_name(st)))
            continue;
        solved++;
        e = shot_miss(&m, &shooter, &target, &out.shot[0], flags != 0u);
        worst = fmax(worst, e);
        TH_CHECK(e <= MISS_TOL, "kind %d: miss %.3g of the range", kind, e);
    }
    TH_CHECK(solved * 2 >= count, "only %ld of %ld solved", solved, count);
    th_note("fixed time: %ld of %ld solved, largest miss %.3g of the range", solved, count,
            worst);
}

/* The fixed-time aim's speed at T minus the speed asked (HUGE_VAL when
 * it has none). */
static double excess(const af_qdrag_f64 *m, const af_body_f64 *shooter,
                     const af_body_accel_f64 *target, double T, unsigned flags, double speed)
{
    af_shots_f64 s;
    if (af_qdrag_aim_time_accel_f64(m, shooter, target, T, flags, &s) != AF_OK)
        return HUGE_VAL;
    return qsim_norm(s.shot[0].velocity) - speed;
}

#if TH_SCALE > 1
#define SCAN_TIMES 60 /* a board: the scan alone would take minutes */
#else
#define SCAN_TIMES 300
#endif

static void fixed_speed_aims_hit_and_miss_no_shot(void)
{
    th_rng rng = th_rng_for("fixed_speed_aims_hit_and_miss_no_shot");
    long i, count = th_count(60), solved = 0, brackets = 0;
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, (int)(i % 5 == 0));
        af_body_f64 shooter;
        af_body_accel_f64 target;
        unsigned flags = th_rand_below(&rng, 2) ? AF_INHERIT_VELOCITY : 0u;
        double speed = th_rand_uniform(&rng, 8.0, 40.0), prev = HUGE_VAL, prev_t = 0.0;
        af_shots_f64 out;
        af_status st;
        int j, n;
        random_scene(&rng, &m, &shooter, &target);
        st = af_qdrag_aim_speed_accel_f64(&m, &shooter, &target, speed, MAX_TIME, flags, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "aim_speed_accel: %s",
                 af_status_name(st));
        if (st == AF_OK)
            solved++;
        for (j = 0; j < out.count; j++) {
            double e = shot_miss(&m, &shooter, &target, &out.shot[j], flags != 0u);
            double es = fabs(qsim_norm(out.shot[j].velocity) - speed) / speed;
            worst = fmax(worst, e);
            TH_CHECK(e <= MISS_TOL && es <= 1e-8, "kind %d shot %d: miss %.3g, speed off %.3g",
                     kind, j, e, es);
            TH_CHECK(j == 0 || out.shot[j].t > out.shot[j - 1].t, "shots not earliest first");
        }
        /* Every sign change of the speed's excess between two scanned
         * times is a shot the aim found (up to AF_MAX_SHOTS). */
        for (n = 0; n < SCAN_TIMES && out.count < AF_MAX_SHOTS; n++) {
            double T = 0.02 * pow(0.95 * MAX_TIME / 0.02, n / (SCAN_TIMES - 1.0));
            double f = excess(&m, &shooter, &target, T, flags, speed);
            if (prev != HUGE_VAL && f != HUGE_VAL && (prev < 0.0) != (f < 0.0)) {
                int found = 0;
                brackets++;
                for (j = 0; j < out.count; j++)
                    found |= out.shot[j].t >= prev_t * (1.0 - 1e-9) &&
                             out.shot[j].t <= T * (1.0 + 1e-9);
                TH_CHECK(found, "kind %d: the shot between %.5f and %.5f s was missed (%d shots)",
                         kind, prev_t, T, out.count);
            }
            prev = f;
            prev_t = T;
        }
    }
    TH_CHECK(solved * 3 >= count, "only %ld of %ld scenes solved", solved, count);
    th_note("fixed speed: %ld of %ld scenes hit, %ld scanned shots, largest miss %.3g", solved,
            count, brackets, worst);
}

static void no_acceleration_is_the_plain_aim(void)
{
    th_rng rng = th_rng_for("no_acceleration_is_the_plain_aim");
    long i, count = th_count(20);
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, 0);
        af_body_f64 shooter, plain;
        af_body_accel_f64 target;
        af_shots_f64 a, b;
        af_status sa, sb;
        random_scene(&rng, &m, &shooter, &target);
        memset(&target.acceleration, 0, sizeof target.acceleration);
        plain.position = target.position;
        plain.velocity = target.velocity;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        sa = af_qdrag_aim_time_accel_f64(&m, &shooter, &target, 1.0, 0, &a);
        sb = af_qdrag_aim_time_f64(&m, &shooter, &plain, 1.0, 0, &b);
        TH_CHECK(sa == sb && memcmp(&a, &b, sizeof a) == 0, "fixed time: not the plain aim's");
        sa = af_qdrag_aim_speed_accel_f64(&m, &shooter, &target, 20.0, MAX_TIME, 0, &a);
        sb = af_qdrag_aim_speed_f64(&m, &shooter, &plain, 20.0, MAX_TIME, 0, &b);
        TH_CHECK(sa == sb && memcmp(&a, &b, sizeof a) == 0, "fixed speed: not the plain aim's");
    }
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *c = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++)
        if (c[i])
            return 0;
    return 1;
}

static void bad_accelerating_aims_are_refused(void)
{
    th_rng rng = th_rng_for("bad_accelerating_aims_are_refused");
    af_qdrag_f64 m = qsim_model(&rng, AF_DRAG_KIND_CONTINUOUS, 0);
    af_body_f64 shooter;
    af_body_accel_f64 target;
    af_shots_f64 out;
    random_scene(&rng, &m, &shooter, &target);
    memset(&out, 0x55, sizeof out);
    TH_CHECK(af_qdrag_aim_time_accel_f64(&m, &shooter, NULL, 1.0, 0, &out) ==
                     AF_ERR_BAD_ARGUMENT &&
                 all_zero(&out, sizeof out),
             "NULL target");
    target.acceleration.y = NAN;
    memset(&out, 0x55, sizeof out);
    TH_CHECK(af_qdrag_aim_speed_accel_f64(&m, &shooter, &target, 20.0, MAX_TIME, 0, &out) ==
                     AF_ERR_BAD_ARGUMENT &&
                 all_zero(&out, sizeof out),
             "acceleration not finite");
    target.acceleration.y = INFINITY;
    TH_CHECK(af_qdrag_aim_time_accel_f64(&m, &shooter, &target, 1.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "infinite acceleration");
}

/* Stepped at 64 Hz with heavy drag, 74.8 m/s asked: the fixed-time aims
 * that need no folding first step ask at most 67.9 m/s, and F jumps from
 * out of reach to -6.9 m/s where they begin. That edge is no root: every
 * shot (plain and accelerating forms) has the speed asked. */
static void fixed_speed_aim_gives_no_shot_at_the_fold_edge(void)
{
    af_qdrag_f64 m = { AF_DRAG_KIND_STEPPED, { 0, 0, -9.8125 }, { -0.437744140625, 0, 0 },
                       0.45062255859375, 0.2624969482421875, 0.015625, AF_QDRAG_DRAG_FIRST };
    af_body_f64 shooter = { { 0, 0, 1 }, { 0, 0, 10 } };
    af_body_accel_f64 target = { { 2, -0.001953125, 1.626953125 }, { 0.2333984375, 0, 0 },
                                 { 0, 0, 0 } };
    af_body_f64 plain = { { 2, -0.001953125, 1.626953125 }, { 0.2333984375, 0, 0 } };
    double speed = 74.79296875;
    int form, i;
    for (form = 0; form < 2; form++) {
        af_shots_f64 out;
        af_status st =
            form ? af_qdrag_aim_speed_accel_f64(&m, &shooter, &target, speed, 3.9935302734375,
                                                AF_INHERIT_VELOCITY, &out)
                 : af_qdrag_aim_speed_f64(&m, &shooter, &plain, speed, 3.9935302734375,
                                          AF_INHERIT_VELOCITY, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "form %d: %s", form,
                 af_status_name(st));
        for (i = 0; st == AF_OK && i < out.count; i++) {
            double v = qsim_norm(out.shot[i].velocity);
            TH_CHECK(fabs(v - speed) <= 1e-9 * speed, "form %d shot %d: speed %.17g, asked %.17g",
                     form, i, v, speed);
        }
    }
}

/* A shooter's velocity that is not inherited does not loosen which scanned
 * roots count as shots: a huge one kept a bracket's 346 m/s aim. */
static void fixed_speed_aim_ignores_a_shooter_velocity_not_inherited(void)
{
    af_qdrag_f64 m;
    af_body_f64 shooter;
    af_body_accel_f64 target;
    af_shots_f64 out;
    af_status st;
    int i;
    memset(&m, 0, sizeof m);
    memset(&shooter, 0, sizeof shooter);
    memset(&target, 0, sizeof target);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    m.gravity.y = -6.25;
    m.gravity.z = -9.8125;
    m.dt = 0.015625;
    m.k = 0.02999114990234375;
    shooter.position.z = 1.0;
    shooter.velocity.x = -1.4304348319761738e250;
    shooter.velocity.y = 60.0;
    shooter.velocity.z = 10.0;
    target.position.y = -24.9375;
    target.velocity.z = -14.2548828125;
    target.acceleration.x = 2.00146484375;
    target.acceleration.y = 5.624755859375;
    target.acceleration.z = 5.999755859375;
    st = af_qdrag_aim_speed_accel_f64(&m, &shooter, &target, 127.875, MAX_TIME, 0, &out);
    TH_CHECK(st == AF_OK, "%s", af_status_name(st));
    for (i = 0; st == AF_OK && i < out.count; i++) {
        double v = qsim_norm(out.shot[i].velocity);
        TH_CHECK(fabs(v - 127.875) <= 1e-9 * 127.875,
                 "shot %d at t %.9g: speed %.17g, asked 127.875", i, out.shot[i].t, v);
    }
}

static const th_case cases[] = {
    TH_CASE(fixed_speed_aim_gives_no_shot_at_the_fold_edge),
    TH_CASE(fixed_time_aims_hit_an_accelerating_target),
    TH_CASE(fixed_speed_aims_hit_and_miss_no_shot),
    TH_CASE(no_acceleration_is_the_plain_aim),
    TH_CASE(bad_accelerating_aims_are_refused),
    TH_CASE(fixed_speed_aim_ignores_a_shooter_velocity_not_inherited),
};

TH_MAIN("qdrag_accel_f64", cases)
