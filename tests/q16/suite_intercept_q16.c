/* SPDX-License-Identifier: MIT */
/*
 * af_intercept_q16 against af_intercept_f64 on the same (Q16.16) inputs:
 * statuses agree outside a documented band, every Q16 shot flown by the f64
 * physics hits within the figures, times and aim agree, the whole
 * Q16.16 input range gets an answer or a status, and the edge table holds.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "q16_solve_check.h"
#include "scenario.h"

/* The documented band where the Q16 and f64 statuses may differ: the
 * discriminant of the dimensionless quadratic (|v|^2 - 1) tau^2 +
 * 2 (d.v) tau + 1 = 0 within 2^-24 of zero (a grazing intercept, kept or
 * lost by the last bits), or |v|^2 - 1 within 2^-24 of zero (equal speeds:
 * a second, very late root comes and goes). The Q16 solver keeps 30 bits
 * of these coefficients, so its errors are far inside the band. */
#define BAND (1.0 / 16777216.0)

/* The dimensionless quadratic of a scenario (see in_band). */
struct quad {
    double a, b, disc, L;
};

static struct quad quad_of(const scenario *s)
{
    struct quad q = { 0, 0, 0, 0 };
    af_vec3_f64 D = { s->target.position.x - s->shooter.position.x,
                      s->target.position.y - s->shooter.position.y,
                      s->target.position.z - s->shooter.position.z };
    af_vec3_f64 V = s->target.velocity;
    if (s->flags & AF_INHERIT_VELOCITY) {
        V.x -= s->shooter.velocity.x;
        V.y -= s->shooter.velocity.y;
        V.z -= s->shooter.velocity.z;
    }
    q.L = kin_len(D);
    if (q.L == 0)
        return q;
    q.a = (V.x * V.x + V.y * V.y + V.z * V.z) / (s->speed * s->speed) - 1.0;
    q.b = (D.x * V.x + D.y * V.y + D.z * V.z) / (q.L * s->speed);
    q.disc = q.b * q.b - q.a;
    return q;
}

/* How far a root may move when the Q16 solver rounds the coefficients to
 * 30 bits of the problem's scale: a root tau of a tau^2 + 2 b tau + 1 moves
 * by (da tau^2 + 2 db tau + dc) / (2 sqrt(disc)) for coefficient errors d.,
 * here at most 2^-28 each (in units of the largest, ~1). In seconds. */
static double root_wobble(const scenario *s, double t)
{
    struct quad q = quad_of(s);
    double tau = t * s->speed / q.L;
    if (q.disc <= 0)
        return INFINITY;
    return (q.L / s->speed) * ldexp(1.0, -28) * (tau * tau + 2 * tau + 1) / (2 * sqrt(q.disc));
}

static int in_band(const scenario *s)
{
    struct quad q = quad_of(s);
    if (q.L == 0)
        return 0;
    return fabs(q.disc) <= BAND * fmax(1.0, q.b * q.b) || fabs(q.a) <= BAND;
}

static scenario no_gravity(scenario s)
{
    s.gravity.x = s.gravity.y = s.gravity.z = 0.0;
    return s;
}

/* The Q16 shot flown at the launcher's speed along its direction (the
 * scenario has no gravity here). */
static double miss_of(const scenario *s, const af_shot_q16 *q)
{
    return q16_miss_fixed_speed(s, q);
}

/* t is rounded to 2^-17 s, and the root moves with the coefficients'
 * rounding by root_wobble(); doubled for margin. */
static double t_tolerance(const scenario *s, double tf)
{
    return 1.0 / 65536 + 2 * root_wobble(s, tf);
}

/* Each velocity component is rounded to 2^-17: the direction to 2^-16.2 /
 * speed radians; 1e-6 more for the solve. */
static double aim_tolerance(const scenario *s, const af_shot_f64 *f)
{
    (void)f;
    return 1.8 / 65536 / s->speed + 1e-6;
}

static const q16_judge judge = { "intercept_q16", in_band, miss_of, t_tolerance, aim_tolerance };

static void random_scenarios_agree_with_f64(void)
{
    th_rng rng = th_rng_for("intercept_q16.random");
    long i, n = th_count(100000);
    q16_tally tally = { 0 };
    for (i = 0; i < n; i++) {
        scenario s = no_gravity(q16_random_scenario(&rng, (int)(i % Q16_CLASSES)));
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_intercept_f64(&s.shooter, &s.target, s.speed, s.flags, &f);
        af_status sq = af_intercept_q16(&sh, &tg, q16_from_f64(s.speed), s.flags, &q);
        q16_compare(&judge, &s, sf, &f, sq, &q, &tally, i);
    }
    q16_tally_report(&judge, &tally);
}

/* Any raw bits at all: an answer that hits (within the Q16 quantum of the
 * aim) or a status, and outputs zero on failure. */
static void whole_q16_range_answers_or_says_why(void)
{
    th_rng rng = th_rng_for("intercept_q16.whole");
    long i, n = th_count(100000), ok = 0;
    for (i = 0; i < n; i++) {
        af_body_q16 sh, tg;
        af_shots_q16 q;
        af_status st;
        fix16_t speed;
        int k;
        /* Raw bits, sometimes squeezed to small magnitudes so that
         * differences fit and solutions exist. */
        int shift = (int)th_rand_below(&rng, 24);
        sh.position.x = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << (shift / 2));
        sh.position.y = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << (shift / 2));
        sh.position.z = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << (shift / 2));
        sh.velocity.x = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << shift);
        sh.velocity.y = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << shift);
        sh.velocity.z = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << shift);
        tg.position.x = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << (shift / 2));
        tg.position.y = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << (shift / 2));
        tg.position.z = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << (shift / 2));
        tg.velocity.x = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << shift);
        tg.velocity.y = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << shift);
        tg.velocity.z = (fix16_t)(int32_t)th_rand_u64(&rng) / (1 << shift);
        speed = (fix16_t)(th_rand_u64(&rng) >> 33) / (1 << (shift / 3));
        st = af_intercept_q16(&sh, &tg, speed, (unsigned)(i & 1), &q);
        if (!TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION || st == AF_ERR_OVERFLOW ||
                          st == AF_ERR_OUT_OF_RANGE || st == AF_ERR_BAD_ARGUMENT,
                      "input %ld: status %d", i, (int)st))
            continue;
        if (st != AF_OK) {
            TH_CHECK(q.count == 0, "input %ld: failed with count %d", i, q.count);
            continue;
        }
        ok++;
        for (k = 0; k < q.count; k++) {
            scenario s;
            double range, miss, speed_f = q16_to_f64(speed);
            s.shooter.position = q16_vec_to_f64(sh.position);
            s.shooter.velocity = q16_vec_to_f64(sh.velocity);
            s.target.position = q16_vec_to_f64(tg.position);
            s.target.velocity = q16_vec_to_f64(tg.velocity);
            s.gravity.x = s.gravity.y = s.gravity.z = 0;
            s.speed = speed_f;
            s.flags = (unsigned)(i & 1);
            if (q.shot[k].t == 0)
                continue; /* coincident */
            range = fmax(kin_dist(s.target.position, s.shooter.position),
                         kin_dist(q16_vec_to_f64(q.shot[k].point), s.shooter.position));
            miss = miss_of(&s, &q.shot[k]);
            /* The worst-case figure, plus what the Q16.16 outputs
             * cannot resolve: the aim's direction to 2^-16.2 / speed rad
             * and the time to 2^-17 s at the target's speed. */
            TH_CHECK(miss <= Q16_MISS_WORST_RELATIVE * range + Q16_MISS_ABSOLUTE +
                                 range * 1.8 / 65536 / speed_f,
                     "input %ld shot %d: miss %.3g at range %.3g (speed %g)", i, k, miss, range,
                     speed_f);
        }
    }
    th_note("%ld raw inputs, %ld answered", n, ok);
}

/* A target in Q16.16 at D from a shooter at the origin, moving at V. */
static af_body_q16 target_at(const double D[3], const double V[3])
{
    af_body_q16 t;
    t.position.x = q16_from_f64(D[0]);
    t.position.y = q16_from_f64(D[1]);
    t.position.z = q16_from_f64(D[2]);
    t.velocity.x = q16_from_f64(V[0]);
    t.velocity.y = q16_from_f64(V[1]);
    t.velocity.z = q16_from_f64(V[2]);
    return t;
}

/* A random direction times a magnitude. */
static void random_vector(th_rng *rng, double magnitude, double out[3])
{
    double n;
    do {
        out[0] = th_rand_uniform(rng, -1, 1);
        out[1] = th_rand_uniform(rng, -1, 1);
        out[2] = th_rand_uniform(rng, -1, 1);
        n = sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]);
    } while (n < 0.1 || n > 1);
    out[0] *= magnitude / n;
    out[1] *= magnitude / n;
    out[2] *= magnitude / n;
}

/* The f64 answers on the Q16 inputs that Q16.16 can hold (time, launch
 * velocity and impact point), in order: how many, into t[]. */
static int fitting_f64_times(const af_shots_f64 *f, double t[2])
{
    int k, n = 0;
    for (k = 0; k < f->count; k++) {
        const af_shot_f64 *h = &f->shot[k];
        double w = fmax(fabs(h->velocity.x), fmax(fabs(h->velocity.y), fabs(h->velocity.z)));
        double p = fmax(fabs(h->point.x), fmax(fabs(h->point.y), fabs(h->point.z)));
        if (h->t < 32767.9 && w < 32767.9 && p < 32767.9)
            t[n++] = h->t;
    }
    return n;
}

/* Scenes whose target is about as fast as the projectile (|V| within
 * `rel` of the speed): the quadratic's leading coefficient |V|^2 - s^2 is
 * a small difference of large squares, and the late meeting q / a hangs
 * on it. Every time within 4.5 LSB of f64's on the same inputs (0.5 of
 * them t's rounding), over distances from dmax / 2048 to dmax, and every
 * launch at the asked speed. */
static void near_equal_speeds(const char *name, double dmax, double vmin, double vmax, double rel)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(50000), roots = 0;
    double worst = 0, worst_speed = 0;
    for (i = 0; i < n; i++) {
        static const af_body_q16 origin = { { 0, 0, 0 }, { 0, 0, 0 } };
        double D[3], V[3], tf[2], vlen;
        af_body_q16 tg;
        af_body_f64 sf = { { 0, 0, 0 }, { 0, 0, 0 } }, tgf;
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sq;
        fix16_t speed;
        int k, nf;
        random_vector(&rng, th_rand_uniform(&rng, dmax / 2048, dmax), D);
        random_vector(&rng, th_rand_uniform(&rng, vmin, vmax), V);
        tg = target_at(D, V);
        tgf.position = q16_vec_to_f64(tg.position);
        tgf.velocity = q16_vec_to_f64(tg.velocity);
        vlen = kin_len(tgf.velocity);
        speed = q16_from_f64(vlen * (1 + th_rand_uniform(&rng, -rel, rel)));
        if (af_intercept_f64(&sf, &tgf, q16_to_f64(speed), 0, &f) != AF_OK)
            f.count = 0;
        nf = fitting_f64_times(&f, tf);
        sq = af_intercept_q16(&origin, &tg, speed, 0, &q);
        if (nf == 0)
            continue;
        if (!TH_CHECK(sq == AF_OK && q.count >= nf, "%s %ld: %s with %d shots, f64 %d", name, i,
                      af_status_name(sq), sq == AF_OK ? q.count : 0, nf))
            continue;
        for (k = 0; k < nf; k++) {
            /* q16 may also hold a root f64 puts just past the range. */
            double err = fabs(q16_to_f64(q.shot[k].t) - tf[k]) * 65536;
            worst = fmax(worst, err);
            roots++;
            TH_CHECK(err <= 4.5, "%s %ld root %d: t %.9g, f64 %.9g: %.2f LSB off", name, i, k,
                     q16_to_f64(q.shot[k].t), tf[k], err);
            /* The components' rounding, and 1 / t's 31 bits in D / t. */
            err = fabs(kin_len(q16_vec_to_f64(q.shot[k].velocity)) - q16_to_f64(speed)) * 65536;
            worst_speed = fmax(worst_speed, err);
            TH_CHECK(err <= 2 + speed / 268435456.0, "%s %ld root %d: launch speed %.2f LSB off",
                     name, i, k, err);
        }
    }
    th_note("%s: %ld near-critical roots, worst %.2f LSB, launch speed %.2f LSB off", name, roots,
            worst, worst_speed);
}

/* Speeds up to 64 m/s, |V| within 3 % of the speed. */
static void near_equal_speeds_keep_the_time_within_4_5_lsb(void)
{
    near_equal_speeds("intercept_q16.near_equal_speeds", 2048, 0.5, 64, 0.03);
}

/* Speeds of 16 to 28 km/s, past the 2^30 raw where the velocity and the
 * speed are rounded to fit, |V| within 3e-7 of the speed (a few hundred
 * LSB) and targets within 1 m: the coefficients are formed from the raw
 * values (from the fitted ones, 2 147 LSB off). */
static void near_equal_fast_speeds_keep_the_time_within_4_5_lsb(void)
{
    near_equal_speeds("intercept_q16.near_equal_fast_speeds", 1, 16400, 28000, 3e-7);
}

/* A fast target passing just inside the projectile's reach: two meetings
 * close together (the discriminant a small difference of large products).
 * The speed is set so that the scene grazes, then rounded to Q16.16;
 * wherever f64 finds two meetings Q16.16 can hold, Q16 finds both, each
 * within 4.5 LSB plus what f64's own rounding of the discriminant moves
 * it by. */
static void close_meetings_are_both_kept(void)
{
    th_rng rng = th_rng_for("intercept_q16.close_meetings");
    long i, n = th_count(50000), pairs = 0;
    for (i = 0; i < n; i++) {
        static const af_body_q16 origin = { { 0, 0, 0 }, { 0, 0, 0 } };
        double D[3], V[3], tf[2], L, b, a, disc, slack;
        af_body_q16 tg;
        af_body_f64 sf = { { 0, 0, 0 }, { 0, 0, 0 } }, tgf;
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sq;
        fix16_t speed;
        int k, nf;
        random_vector(&rng, th_rand_log(&rng, 1, 2048), D);
        random_vector(&rng, th_rand_uniform(&rng, 1, 64), V);
        tg = target_at(D, V);
        tgf.position = q16_vec_to_f64(tg.position);
        tgf.velocity = q16_vec_to_f64(tg.velocity);
        L = kin_len(tgf.position);
        b = (tgf.position.x * tgf.velocity.x + tgf.position.y * tgf.velocity.y +
             tgf.position.z * tgf.velocity.z) / L;
        if (b >= 0)
            continue; /* receding: no pair of meetings */
        /* Grazing when s^2 = |V|^2 - (D.V / |D|)^2, the target's speed
         * across the line of sight; one LSB of speed either way. */
        speed = q16_from_f64(sqrt(kin_len(tgf.velocity) * kin_len(tgf.velocity) - b * b));
        speed += (fix16_t)th_rand_below(&rng, 3) - 1;
        if (speed <= 0 || af_intercept_f64(&sf, &tgf, q16_to_f64(speed), 0, &f) != AF_OK)
            f.count = 0;
        nf = fitting_f64_times(&f, tf);
        if (nf < 2)
            continue;
        pairs++;
        sq = af_intercept_q16(&origin, &tg, speed, 0, &q);
        if (!TH_CHECK(sq == AF_OK && q.count == 2, "scene %ld: %s with %d shots, f64 2 (%.9g, %.9g)",
                      i, af_status_name(sq), sq == AF_OK ? q.count : 0, tf[0], tf[1]))
            continue;
        /* f64's discriminant (d.v)^2 - (|v|^2 - 1) carries 2^-52 of
         * (d.v)^2; a root moves by that over 2 a sqrt(disc), in L / s. */
        a = (kin_len(tgf.velocity) * kin_len(tgf.velocity)) / (q16_to_f64(speed) * q16_to_f64(speed)) - 1;
        b /= q16_to_f64(speed);
        disc = b * b - a;
        slack = disc > 0 ? ldexp(b * b, -50) / (2 * a * sqrt(disc)) * L / q16_to_f64(speed) : 0;
        for (k = 0; k < 2; k++)
            TH_CHECK(fabs(q16_to_f64(q.shot[k].t) - tf[k]) * 65536 <= 4.5 + slack * 65536,
                     "scene %ld root %d: t %.9g, f64 %.9g (f64's own slack %.3g LSB)", i, k,
                     q16_to_f64(q.shot[k].t), tf[k], slack * 65536);
    }
    th_note("%ld scenes with two close meetings", pairs);
}

#define V3(x, y, z) { x, y, z }
#define O V3(0, 0, 0)

/* The f64 edge table in Q16, the same sentences and answers. */
struct edge {
    const char *why;
    af_vec3_f64 sp, sv, tp, tv;
    double speed;
    unsigned flags;
    af_status status;
    int count;
    double expect_t0;
};

static void edge_table(void)
{
    static const struct edge table[] = {
        { "a target at rest 10 m ahead: one shot, 10 s at 1 m/s", O, O, V3(10, 0, 0), O, 1, 0,
          AF_OK, 1, 10 },
        { "coincident: the target is at the muzzle; t = 0 and zero velocity", V3(3, 4, 5), O,
          V3(3, 4, 5), V3(1, 0, 0), 2, 0, AF_OK, 1, 0 },
        { "equal speeds, target coming head-on: meet half-way", O, O, V3(10, 0, 0),
          V3(-1, 0, 0), 1, 0, AF_OK, 1, 5 },
        { "equal speeds, target moving away: never caught", O, O, V3(10, 0, 0), V3(1, 0, 0), 1,
          0, AF_ERR_NO_SOLUTION, 0, -1 },
        { "equal speeds, crossing at right angles: never caught", O, O, V3(10, 0, 0),
          V3(0, 1, 0), 1, 0, AF_ERR_NO_SOLUTION, 0, -1 },
        { "target twice as fast, coming straight on: two meetings", O, O, V3(10, 0, 0),
          V3(-2, 0, 0), 1, 0, AF_OK, 2, 10.0 / 3.0 },
        { "target faster and escaping", O, O, V3(10, 0, 0), V3(2, 0.5, 0), 1, 0,
          AF_ERR_NO_SOLUTION, 0, -1 },
        { "target faster, passing too wide", O, O, V3(10, 0, 0), V3(-2, 10, 0), 1, 0,
          AF_ERR_NO_SOLUTION, 0, -1 },
        { "exactly grazing: the double root is one shot at t = 1", O, O, V3(1, 0, 0),
          V3(-1, 1, 0), 1, 0, AF_OK, 1, 1 },
        { "moving shooter, velocity inherited, target keeping pace", O, V3(5, 0, 0),
          V3(0, 8, 0), V3(5, 0, 0), 2, AF_INHERIT_VELOCITY, AF_OK, 1, 4 },
        { "zero speed", O, O, V3(1, 0, 0), O, 0, 0, AF_ERR_BAD_ARGUMENT, 0, -1 },
        { "negative speed", O, O, V3(1, 0, 0), O, -1, 0, AF_ERR_BAD_ARGUMENT, 0, -1 },
        { "components at +-32767: the difference does not fit Q16.16", V3(-32767, 0, 0), O,
          V3(32767, 0, 0), O, 1, 0, AF_ERR_OUT_OF_RANGE, 0, -1 },
        { "relative velocity beyond Q16.16 (inherited)", O, V3(-20000, 0, 0), V3(1, 0, 0),
          V3(20000, 0, 0), 1, AF_INHERIT_VELOCITY, AF_ERR_OUT_OF_RANGE, 0, -1 },
        { "a time of flight beyond 32767 s: overflow, not a wrapped time", O, O,
          V3(30000, 0, 0), O, 0.5, 0, AF_ERR_OVERFLOW, 0, -1 },
        { "an impact point beyond Q16.16: overflow", O, O, V3(30000, 0, 0), V3(100, 0, 0), 200,
          0, AF_ERR_OVERFLOW, 0, -1 },
        { "largest speed and distance that fit: one shot", O, O, V3(32767, 0, 0), O, 32767, 0,
          AF_OK, 1, 1 },
        { "speed whose square is just above the Q16.16 limit (181.02^2 > 32768)", O, O,
          V3(181.02, 0, 0), O, 181.02, 0, AF_OK, 1, 1 },
        { "speed whose square is just below it (181.01^2 < 32768)", O, O, V3(181.01, 0, 0), O,
          181.01, 0, AF_OK, 1, 1 },
        { "the smallest speed and distance (1 LSB each)", O, O, V3(1.0 / 65536, 0, 0), O,
          1.0 / 65536, 0, AF_OK, 1, 1 },
    };
    size_t i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        const struct edge *e = &table[i];
        af_body_f64 sf = { e->sp, e->sv }, tf = { e->tp, e->tv };
        af_body_q16 sq = q16_body_from_f64(&sf), tq = q16_body_from_f64(&tf);
        af_shots_q16 q;
        af_status st = af_intercept_q16(&sq, &tq, q16_from_f64(e->speed), e->flags, &q);
        TH_CHECK(st == e->status && q.count == e->count, "%s: got %s with %d shots", e->why,
                 af_status_name(st), q.count);
        if (st == AF_OK && e->expect_t0 >= 0)
            TH_CHECK(fabs(q16_to_f64(q.shot[0].t) - e->expect_t0) <= 2.0 / 65536,
                     "%s: t = %.9g, expected %.9g", e->why, q16_to_f64(q.shot[0].t),
                     e->expect_t0);
        if (st == AF_OK && q.shot[0].t == 0)
            TH_CHECK(q.shot[0].velocity.x == 0 && q.shot[0].velocity.y == 0 &&
                         q.shot[0].velocity.z == 0,
                     "%s: the t = 0 shot has zero velocity", e->why);
    }
}

static void extreme_raw_values(void)
{
    /* INT32_MIN and INT32_MAX raw in every field: differences overflow,
     * or the speed is refused; never a wrapped answer. */
    static const fix16_t raws[] = { INT32_MIN, INT32_MAX, 0, 1, -1 };
    size_t a, b;
    for (a = 0; a < 5; a++) {
        for (b = 0; b < 5; b++) {
            af_body_q16 sh = { { raws[a], raws[b], 0 }, { raws[b], 0, raws[a] } };
            af_body_q16 tg = { { raws[b], raws[a], raws[a] }, { 0, raws[a], raws[b] } };
            af_shots_q16 q;
            af_status st = af_intercept_q16(&sh, &tg, raws[(a + b) % 5], AF_INHERIT_VELOCITY, &q);
            TH_CHECK(st != AF_OK || (q.count >= 1 && q.count <= 2),
                     "raw %d %d: %s with %d shots", (int)a, (int)b, af_status_name(st), q.count);
            TH_CHECK(st == AF_OK || q.count == 0, "raw %d %d: failed but count %d", (int)a,
                     (int)b, q.count);
        }
    }
    TH_CHECK(af_intercept_q16(NULL, NULL, 65536, 0, NULL) == AF_ERR_BAD_ARGUMENT, "NULLs");
}

/* A relative position or velocity of exactly INT32_MIN raw (-32768) fits
 * the subtraction but not Q16.16's symmetric range: out of range, as
 * for a difference that overflows, never a shot from a wrapped value. */
static void int32_min_differences_are_out_of_range(void)
{
    static const af_body_q16 at_origin = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 shooter = at_origin, target = at_origin;
    af_shots_q16 q;
    af_status st;
    target.position.x = INT32_MIN;
    st = af_intercept_q16(&shooter, &target, 65536, 0, &q);
    TH_CHECK(st == AF_ERR_OUT_OF_RANGE && q.count == 0 && q.shot[0].t == 0,
             "position -32768 ahead: %s with %d shots", af_status_name(st), q.count);
    /* The target's velocity alone fits; less the inherited one it is
     * -32768. */
    target.position.x = 10 * 65536;
    target.velocity.y = INT32_MIN + 1;
    shooter.velocity.y = 1;
    st = af_intercept_q16(&shooter, &target, 65536, 0, &q);
    TH_CHECK(st != AF_ERR_OUT_OF_RANGE, "velocity not inherited: %s", af_status_name(st));
    st = af_intercept_q16(&shooter, &target, 65536, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_ERR_OUT_OF_RANGE && q.count == 0 && q.shot[0].t == 0,
             "relative velocity -32768: %s with %d shots", af_status_name(st), q.count);
}

static const th_case cases[] = {
    TH_CASE(random_scenarios_agree_with_f64),
    TH_CASE(whole_q16_range_answers_or_says_why),
    TH_CASE(near_equal_speeds_keep_the_time_within_4_5_lsb),
    TH_CASE(near_equal_fast_speeds_keep_the_time_within_4_5_lsb),
    TH_CASE(close_meetings_are_both_kept),
    TH_CASE(edge_table),
    TH_CASE(extreme_raw_values),
    TH_CASE(int32_min_differences_are_out_of_range),
};

TH_MAIN("intercept_q16", cases)
