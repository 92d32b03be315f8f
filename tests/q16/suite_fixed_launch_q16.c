/* SPDX-License-Identifier: MIT */
/*
 * Fixed-direction and fixed-elevation launchers in Q16.16
 * (aimfix/fixed_launch.h) against their f64 twins on the same values:
 * every Q16 shot, flown as returned by tests/support/kinematics.c (vacuum)
 * or the f64 drag prediction (drag), meets the target within the Q16
 * tolerances of the other solvers (tests/support/q16_solve_check.h);
 * every f64 solution Q16.16 can hold is found, but for the documented
 * pair of solutions within one scan step. Random scenes only; the edge
 * rows are suite_fixed_launch_edges_q16.c's.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "shot_flight.h"
#include "q16_solve_check.h"

/* A Q16 scan step is a 32nd of the time: an f64 solution with a
 * neighbour closer than this may be one of a pair the scan cannot part. */
#define PAIR_GAP (1.0 / 16.0)

static af_vec3_f64 rq(af_vec3_f64 v)
{
    return q16_vec_to_f64(q16_vec_from_f64(v));
}

static af_vec3_f64 rand_vec(th_rng *rng, double m)
{
    return rq(sf_rand_vec(rng, m));
}

static af_body_accel_q16 accel_q16(const af_body_accel_f64 *b)
{
    af_body_accel_q16 q;
    q.position = q16_vec_from_f64(b->position);
    q.velocity = q16_vec_from_f64(b->velocity);
    q.acceleration = q16_vec_from_f64(b->acceleration);
    return q;
}

typedef struct scene {
    af_body_f64 shooter;
    af_body_accel_f64 target;
    af_vec3_f64 gravity;
    unsigned flags;
    const af_drag_f64 *drag; /* NULL: vacuum */
} scene;

/* Scenes of three sizes: 0.1 to 1 m, 1 to 100 m, 100 to 3000 m. */
static scene rand_scene(th_rng *rng, long i)
{
    static const double size[3] = { 1.0, 100.0, 3000.0 };
    double m = size[i % 3];
    scene s;
    s.shooter.position = rand_vec(rng, m);
    s.shooter.velocity = rand_vec(rng, 0.05 * m);
    s.target.position = rand_vec(rng, m);
    s.target.velocity = rand_vec(rng, 0.1 * m);
    s.target.acceleration = i % 4 == 0 ? sf_vec(0, 0, 0) : rand_vec(rng, 3.0);
    s.gravity = i % 2 ? rq(sf_vec(0, 0, -9.81)) : rand_vec(rng, 20.0);
    s.flags = i % 5 < 2 ? AF_INHERIT_VELOCITY : 0u;
    s.drag = NULL;
    return s;
}

static af_vec3_f64 shot_end(const scene *s, af_vec3_f64 u, double t)
{
    af_vec3_f64 end;
    if (!sf_shot_end(&s->shooter, (s->flags & AF_INHERIT_VELOCITY) != 0, u, s->gravity, s->drag,
                     t, &end))
        return sf_vec(1e300, 0, 0);
    return end;
}

static double range_of(const scene *s, af_vec3_f64 u, double t)
{
    return kin_dist(s->shooter.position, s->target.position) +
           (kin_len(s->target.velocity) + kin_len(s->shooter.velocity) + kin_len(u)) * t +
           0.5 * (kin_len(s->target.acceleration) + kin_len(s->gravity)) * t * t;
}

typedef struct tally {
    long shots, loose, lost, pairs;
    double worst;
} tally;

/* The Q16 shots fly to the target; the f64 ones Q16.16 can hold are
 * found (but for close pairs). */
static void compare(const scene *s, af_status sf, const af_shots_f64 *f, af_status sq,
                    const af_shots_q16 *q, long i, tally *tl)
{
    int k, j;
    for (k = 0; k < q->count; k++) {
        af_vec3_f64 u = q16_vec_to_f64(q->shot[k].velocity);
        double t = q16_to_f64(q->shot[k].t), range = range_of(s, u, t),
               miss = kin_dist(shot_end(s, u, t), kin_accel_body(&s->target, t));
        tl->shots++;
        if (miss > Q16_MISS_RELATIVE * range + Q16_MISS_ABSOLUTE)
            tl->loose++;
        if (miss / range > tl->worst)
            tl->worst = miss / range;
        TH_CHECK(miss <= Q16_MISS_WORST_RELATIVE * range + Q16_MISS_ABSOLUTE,
                 "scene %ld shot %d (t %g): misses by %g of %g", i, k, t, miss, range);
    }
    if (sf != AF_OK)
        return;
    for (k = 0; k < f->count; k++) {
        double t = f->shot[k].t;
        int found = 0, paired = 0;
        /* Outside the Q16 domain: what Q16.16 cannot hold, and a target
         * whose constant-velocity part p + v t leaves it (the fixed-time
         * aim beneath forms it, aimfix/accel.h). */
        af_vec3_f64 pv = sf_vec(s->target.position.x + s->target.velocity.x * t,
                                s->target.position.y + s->target.velocity.y * t,
                                s->target.position.z + s->target.velocity.z * t);
        if (q16_shot_beyond(&f->shot[k]) || t < 4.0 / 65536 ||
            kin_len(f->shot[k].velocity) > 16000.0 || fabs(pv.x) >= Q16_LIMIT ||
            fabs(pv.y) >= Q16_LIMIT || fabs(pv.z) >= Q16_LIMIT)
            continue;
        for (j = 0; j < f->count; j++)
            if (j != k && fabs(f->shot[j].t - t) <= PAIR_GAP * t)
                paired = 1;
        /* Paired within half a scan step: the Q16 shot itself is judged
         * by its miss above (near a double root the time is ill-defined
         * while the shot still meets the target). */
        for (j = 0; j < q->count; j++)
            if (fabs(q16_to_f64(q->shot[j].t) - t) <= t / 64 + 4.0 / 65536)
                found = 1;
        if (!found && paired)
            tl->pairs++;
        else if (!found) {
            tl->lost++;
            TH_CHECK(0, "scene %ld: f64 shot at %.9g s (speed %g) not found, q16 status %d count %d"
                     " first %g", i, t, kin_len(f->shot[k].velocity), (int)sq, q->count,
                     q16_to_f64(q->shot[0].t));
        }
    }
}

static void note(const char *what, const tally *tl)
{
    th_note("%s: %ld shots, %ld beyond 2e-4 of the range, worst %.3g; %ld f64 shots of a close "
            "pair not found",
            what, tl->shots, tl->loose, tl->worst, tl->pairs);
    TH_CHECK(tl->loose * 1000 <= tl->shots, "%ld of %ld shots beyond 2e-4 of the range", tl->loose,
             tl->shots);
}

static void fixed_elev_matches_f64(void)
{
    th_rng rng = th_rng_for("fixed_elev_matches_f64");
    long i, n = th_count(600);
    tally tl;
    memset(&tl, 0, sizeof tl);
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng, i);
        fix16_t eq = q16_from_f64(th_rand_uniform(&rng, -1.5, 1.5));
        double e = q16_to_f64(eq);
        af_body_q16 sh = q16_body_from_f64(&s.shooter);
        af_body_accel_q16 tg = accel_q16(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_fixed_elev_f64(&s.shooter, &s.target, e, &s.gravity, s.flags, &f);
        af_status sq = af_fixed_elev_q16(&sh, &tg, eq, &g, s.flags, &q);
        int k;
        compare(&s, sf, &f, sq, &q, i, &tl);
        for (k = 0; k < q.count; k++) {
            af_vec3_f64 u = q16_vec_to_f64(q.shot[k].velocity);
            double up = -(u.x * s.gravity.x + u.y * s.gravity.y + u.z * s.gravity.z) /
                        (kin_len(u) * kin_len(s.gravity));
            TH_CHECK(fabs(asin(up) - e) <= 1e-4 + 8.0 / 65536 / kin_len(u),
                     "scene %ld: elevation %g, asked %g", i, asin(up), e);
        }
    }
    note("fixed elevation", &tl);
}

/* A target placed on the ray at t0 (0.5 to 20 s), speed s0: found. */
static void fixed_dir_finds_the_constructed_shot(void)
{
    th_rng rng = th_rng_for("fixed_dir_finds_the_constructed_shot_q16");
    long i, n = th_count(600);
    tally tl;
    memset(&tl, 0, sizeof tl);
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng, i);
        af_vec3_f64 d = rand_vec(&rng, 1.0), p;
        double t0 = th_rand_log(&rng, 0.5, 20.0), s0 = th_rand_log(&rng, 1.0, 300.0), dl;
        af_vec3_q16 dq;
        af_body_q16 sh;
        af_body_accel_q16 tg;
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf, sq;
        int inherit = (s.flags & AF_INHERIT_VELOCITY) != 0;
        dq = q16_vec_from_f64(d);
        d = q16_vec_to_f64(dq);
        dl = kin_len(d);
        if (dl < 0.01)
            continue;
        /* Where the shot s0 d/|d| is at t0, less the target's own motion. */
        p = kin_projectile(&s.shooter, inherit, sf_vec(s0 * d.x / dl, s0 * d.y / dl, s0 * d.z / dl),
                           s.gravity, t0);
        s.target.position = sf_vec(0, 0, 0);
        {
            af_vec3_f64 own = kin_accel_body(&s.target, t0);
            s.target.position = rq(sf_vec(p.x - own.x, p.y - own.y, p.z - own.z));
        }
        if (kin_len(s.target.position) > 30000.0)
            continue;
        sh = q16_body_from_f64(&s.shooter);
        tg = accel_q16(&s.target);
        sf = af_fixed_dir_f64(&s.shooter, &s.target, &d, &s.gravity, s.flags, &f);
        sq = af_fixed_dir_q16(&sh, &tg, &dq, &g, s.flags, &q);
        /* The target's rounding moves it off the ray by up to 2^-17 m:
         * f64 may then rightly find no exact shot; the Q16 one must. */
        if (sf == AF_OK)
            compare(&s, sf, &f, sq, &q, i, &tl);
        else
            compare(&s, AF_ERR_NO_SOLUTION, &f, sq, &q, i, &tl);
        TH_CHECK(sq == AF_OK, "scene %ld: status %d (t0 %g, s0 %g)", i, (int)sq, t0, s0);
    }
    note("fixed direction", &tl);
}

/* A drag model of the suite in both formats: the Q16 one from
 * af_drag_init_q16, the f64 one holding its numbers exactly. */
static int drag_pair(th_rng *rng, long i, af_vec3_f64 g, af_drag_q16 *mq, af_drag_f64 *mf)
{
    af_vec3_q16 gq = q16_vec_from_f64(g);
    fix16_t d = q16_from_f64(th_rand_log(rng, 0.01, 2.0)), dt = q16_from_f64(0.02);
    if (af_drag_init_q16(i % 2 ? AF_DRAG_CONTINUOUS : AF_DRAG_UNITY, d, dt, &gq, NULL, mq) != AF_OK)
        return 0;
    memset(mf, 0, sizeof *mf);
    mf->kind = mq->kind;
    mf->gravity = q16_vec_to_f64(mq->gravity);
    mf->dt = q16_to_f64(mq->dt);
    mf->r = q16_to_f64(mq->r);
    mf->order = mq->order;
    mf->k = q16_to_f64(mq->k);
    mf->wind = q16_vec_to_f64(mq->wind);
    mf->max_move = 0.0;
    mq->max_move = 0;
    return 1;
}

static void drag_fixed_matches_f64(void)
{
    th_rng rng = th_rng_for("drag_fixed_matches_f64");
    long i, n = th_count(120);
    tally tl;
    memset(&tl, 0, sizeof tl);
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng, i % 3 == 2 ? 1 : i);
        af_drag_q16 mq;
        af_drag_f64 mf;
        fix16_t eq = q16_from_f64(th_rand_uniform(&rng, -1.2, 1.4)), tq = q16_from_f64(20.0);
        af_body_q16 sh = q16_body_from_f64(&s.shooter);
        af_body_accel_q16 tg = accel_q16(&s.target);
        af_vec3_q16 dq = q16_vec_from_f64(rand_vec(&rng, 1.0));
        af_vec3_f64 d = q16_vec_to_f64(dq);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf, sq;
        if (!drag_pair(&rng, i, s.gravity, &mq, &mf))
            continue;
        s.drag = &mf;
        sf = af_drag_fixed_elev_f64(&mf, &s.shooter, &s.target, q16_to_f64(eq), 20.0, s.flags, &f);
        sq = af_drag_fixed_elev_q16(&mq, &sh, &tg, eq, tq, s.flags, &q);
        compare(&s, sf, &f, sq, &q, i, &tl);
        sf = af_drag_fixed_dir_f64(&mf, &s.shooter, &s.target, &d, 20.0, s.flags, &f);
        sq = af_drag_fixed_dir_q16(&mq, &sh, &tg, &dq, tq, s.flags, &q);
        compare(&s, sf, &f, sq, &q, i, &tl);
    }
    note("drag", &tl);
}


/* A target placed on the ray at t0 in the vertical plane of the launch
 * (the hood's plane: no rounding leaves it off the ray sideways) is met
 * once per crossing: no more shots than the f64 twin finds (none a
 * near-copy of another), at least those well inside Q16.16 (slower than
 * 16 000 m/s, longer than 4 LSB), each within 2e-5 of the range. */
static void fixed_dir_one_shot_per_crossing(void)
{
    th_rng rng = th_rng_for("fixed_dir_one_shot_per_crossing");
    long i, n = th_count(300), tried = 0;
    for (i = 0; i < n; i++) {
        double t0 = th_rand_log(&rng, 0.5, 20.0), s0 = th_rand_log(&rng, 1.0, 300.0),
               e = th_rand_uniform(&rng, -1.2, 1.2);
        af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
        af_body_accel_f64 target;
        af_vec3_f64 g = sf_vec(0, 0, -9.8125), d;
        af_vec3_q16 dq, gq = q16_vec_from_f64(g);
        af_body_q16 sh = q16_body_from_f64(&shooter);
        af_body_accel_q16 tg;
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf, sq;
        double v = th_rand_uniform(&rng, -20.0, 20.0), w = th_rand_uniform(&rng, -5.0, 5.0);
        int k, held = 0;
        /* Along an axis, so that the direction and the target's plane are
         * exact in Q16.16. */
        int axis = (int)th_rand_below(&rng, 4);
        double ax = axis & 1 ? 0.0 : (axis & 2 ? -1.0 : 1.0),
               ay = axis & 1 ? (axis & 2 ? -1.0 : 1.0) : 0.0;
        d = sf_vec(ax * cos(e), ay * cos(e), sin(e));
        dq = q16_vec_from_f64(d);
        d = q16_vec_to_f64(dq);
        target.velocity = rq(sf_vec(ax * v, ay * v, w));
        target.acceleration = sf_vec(0, 0, 0);
        {
            double dl = kin_len(d);
            af_vec3_f64 p = kin_projectile(&shooter, 0, sf_vec(s0 * d.x / dl, s0 * d.y / dl,
                                                               s0 * d.z / dl), g, t0);
            target.position = rq(sf_vec(p.x - target.velocity.x * t0, p.y - target.velocity.y * t0,
                                        p.z - target.velocity.z * t0));
        }
        if (kin_len(target.position) > 20000.0)
            continue;
        tg = accel_q16(&target);
        sf = af_fixed_dir_f64(&shooter, &target, &d, &g, 0, &f);
        sq = af_fixed_dir_q16(&sh, &tg, &dq, &gq, 0, &q);
        if (sf != AF_OK)
            continue;
        tried++;
        for (k = 0; k < f.count; k++)
            if (kin_len(f.shot[k].velocity) <= 16000.0 && f.shot[k].t >= 4.0 / 65536)
                held++;
        TH_CHECK((sq == AF_OK) == (q.count > 0) && q.count >= held && q.count <= f.count,
                 "scene %ld: %d shots, f64 %d (%d well inside Q16.16), status %d", i, q.count,
                 f.count, held, (int)sq);
        for (k = 0; k < q.count; k++) {
            scene s;
            af_vec3_f64 u = q16_vec_to_f64(q.shot[k].velocity);
            double t = q16_to_f64(q.shot[k].t), range, miss;
            s.shooter = shooter;
            s.target = target;
            s.gravity = g;
            s.flags = 0;
            s.drag = NULL;
            range = range_of(&s, u, t);
            miss = kin_dist(shot_end(&s, u, t), kin_accel_body(&target, t));
            TH_CHECK(miss <= 2e-5 * range + Q16_MISS_ABSOLUTE,
                     "scene %ld shot %d (t %g): misses by %g of %g", i, k, t, miss, range);
        }
    }
    TH_CHECK(tried * 2 > n, "only %ld of %ld scenes solved in f64", tried, n);
}

static const th_case cases[] = {
    TH_CASE(fixed_elev_matches_f64),
    TH_CASE(fixed_dir_finds_the_constructed_shot),
    TH_CASE(drag_fixed_matches_f64),
    TH_CASE(fixed_dir_one_shot_per_crossing),
};

TH_MAIN("fixed_launch_q16", cases)
