/* SPDX-License-Identifier: MIT */
/*
 * The closest shot when nothing hits, in Q16.16 (aimfix/miss.h), against
 * the f64 twins on the same values: the Q16 miss distance is within a few
 * LSB plus 2^-14 of the scene of the f64 one, the Q16 shot has the speed
 * asked and, flown by the f64 physics, passes the target at the distance
 * it states; hits leave the solvers' answers unchanged.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "shot_flight.h"
#include "q16_solve_check.h"

#define LSB (1.0 / 65536.0)

static af_vec3_f64 rand_vec(th_rng *rng, double m)
{
    return q16_vec_to_f64(q16_vec_from_f64(sf_rand_vec(rng, m)));
}

typedef struct scene {
    af_body_f64 shooter, target;
    af_vec3_f64 accel; /* the target's acceleration */
    af_vec3_f64 gravity;
    double speed;
    unsigned flags;
    const af_drag_f64 *drag;
} scene;

static af_vec3_f64 shot_end(const scene *s, af_vec3_f64 u, double t)
{
    af_vec3_f64 end;
    if (!sf_shot_end(&s->shooter, (s->flags & AF_INHERIT_VELOCITY) != 0, u, s->gravity, s->drag,
                     t, &end))
        return sf_vec(1e300, 0, 0);
    return end;
}

static af_vec3_f64 target_at(const scene *s, double t)
{
    af_body_accel_f64 b;
    b.position = s->target.position;
    b.velocity = s->target.velocity;
    b.acceleration = s->accel;
    return kin_accel_body(&b, t);
}

/* The Q16 miss beside the f64 one. */
static void compare(const scene *s, af_status sf, const af_miss_f64 *mf, af_status sq,
                    const af_miss_q16 *mq, long i, double *worst)
{
    double scale, dq, flown, t;
    af_vec3_f64 u;
    if (!TH_CHECK(sf == sq, "scene %ld: status f64 %d, q16 %d", i, (int)sf, (int)sq) ||
        sf != AF_ERR_NO_SOLUTION)
        return;
    if (!TH_CHECK(mq->distance > 0, "scene %ld: no Q16 miss (f64 %g)", i, mf->distance))
        return;
    dq = q16_to_f64(mq->distance);
    t = q16_to_f64(mq->shot.t);
    u = q16_vec_to_f64(mq->shot.velocity);
    scale = kin_dist(s->shooter.position, s->target.position) + s->speed * t +
            kin_len(s->target.velocity) * t + (kin_len(s->gravity) + kin_len(s->accel)) * t * t;
    if (fabs(dq - mf->distance) / scale > *worst)
        *worst = fabs(dq - mf->distance) / scale;
    TH_CHECK(fabs(dq - mf->distance) <= 8 * LSB + 0x1p-14 * scale,
             "scene %ld: q16 miss %.9g, f64 %.9g (scale %g)", i, dq, mf->distance, scale);
    TH_CHECK(fabs(kin_len(u) - s->speed) <= 2 * LSB, "scene %ld: speed %.9g, asked %.9g", i,
             kin_len(u), s->speed);
    flown = kin_dist(shot_end(s, u, t), target_at(s, t));
    TH_CHECK(fabs(flown - dq) <= 8 * LSB + 0x1p-14 * scale,
             "scene %ld: flown %.9g, stated %.9g", i, flown, dq);
}

static scene rand_scene(th_rng *rng, long i)
{
    static const double size[3] = { 2.0, 200.0, 3000.0 };
    double m = size[i % 3];
    scene s;
    memset(&s, 0, sizeof s);
    s.shooter.position = rand_vec(rng, m);
    s.shooter.velocity = rand_vec(rng, 0.02 * m);
    s.target.position = rand_vec(rng, m);
    s.target.velocity = rand_vec(rng, 0.05 * m);
    s.gravity = i % 2 ? q16_vec_to_f64(q16_vec_from_f64(sf_vec(0, 0, -9.81))) : rand_vec(rng, 20);
    /* Slow enough that most targets are out of reach. */
    s.speed = q16_to_f64(q16_from_f64(th_rand_uniform(rng, 0.05, 0.5) * sqrt(9.81 * m)));
    s.flags = i % 3 ? 0u : AF_INHERIT_VELOCITY;
    return s;
}

static void vacuum_miss_matches_f64(void)
{
    th_rng rng = th_rng_for("vacuum_miss_matches_f64");
    long i, n = th_count(400), misses = 0;
    double worst = 0;
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng, i);
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        fix16_t sp = q16_from_f64(s.speed);
        af_shots_f64 f;
        af_shots_q16 q;
        af_miss_f64 mf;
        af_miss_q16 mq;
        af_status sf, sq;
        scene point = s;
        point.target.velocity = sf_vec(0, 0, 0);
        point.flags = 0;
        sf = af_arc_point_miss_f64(&s.shooter.position, &s.target.position, s.speed, &s.gravity,
                                   &f, &mf);
        sq = af_arc_point_miss_q16(&sh.position, &tg.position, sp, &g, &q, &mq);
        compare(&point, sf, &mf, sq, &mq, i, &worst);
        misses += sf == AF_ERR_NO_SOLUTION;
        sf = af_arc_moving_miss_f64(&s.shooter, &s.target, s.speed, &s.gravity, s.flags, &f, &mf);
        sq = af_arc_moving_miss_q16(&sh, &tg, sp, &g, s.flags, &q, &mq);
        compare(&s, sf, &mf, sq, &mq, i, &worst);
        misses += sf == AF_ERR_NO_SOLUTION;
    }
    th_note("vacuum: %ld closest misses, worst difference %.3g of the scene", misses, worst);
}

static void drag_miss_matches_f64(void)
{
    th_rng rng = th_rng_for("drag_miss_matches_f64");
    long i, n = th_count(60), misses = 0;
    double worst = 0;
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng, i % 3 == 2 ? 1 : i);
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        fix16_t sp = q16_from_f64(s.speed), d = q16_from_f64(th_rand_log(&rng, 0.01, 1.0)),
                dt = q16_from_f64(0.02), tmax = q16_from_f64(10.0);
        af_drag_q16 mq;
        af_drag_f64 m;
        af_shots_f64 f;
        af_shots_q16 q;
        af_miss_f64 mf;
        af_miss_q16 mqq;
        af_status sf, sq;
        if (af_drag_init_q16(i % 2 ? AF_DRAG_CONTINUOUS : AF_DRAG_UNITY, d, dt, &g, NULL, &mq) !=
            AF_OK)
            continue;
        memset(&m, 0, sizeof m);
        m.kind = mq.kind;
        m.gravity = q16_vec_to_f64(mq.gravity);
        m.dt = q16_to_f64(mq.dt);
        m.r = q16_to_f64(mq.r);
        m.order = mq.order;
        m.k = q16_to_f64(mq.k);
        mq.max_move = 0;
        s.drag = &m;
        sf = af_drag_aim_speed_miss_f64(&m, &s.shooter, &s.target, s.speed, 10.0, s.flags, &f, &mf);
        sq = af_drag_aim_speed_miss_q16(&mq, &sh, &tg, sp, tmax, s.flags, &q, &mqq);
        compare(&s, sf, &mf, sq, &mqq, i, &worst);
        misses += sf == AF_ERR_NO_SOLUTION;
    }
    th_note("drag: %ld closest misses, worst difference %.3g of the scene", misses, worst);
}

/* The accelerating target's closest misses, vacuum and drag: the scenes
 * of the cases above with an acceleration of up to a tenth of the
 * scene's size per s^2 (under drag, pulling the target away from the
 * shooter, so that nothing hits). */
static void accel_target(th_rng *rng, scene *s, int away, af_body_accel_f64 *tf,
                         af_body_accel_q16 *tq)
{
    af_vec3_f64 d = sf_vec(s->target.position.x - s->shooter.position.x,
                           s->target.position.y - s->shooter.position.y,
                           s->target.position.z - s->shooter.position.z);
    double dl = kin_len(d);
    s->accel = rand_vec(rng, 0.1 * kin_len(s->target.position) + 0.1);
    if (away && dl > 0.0)
        s->accel = q16_vec_to_f64(q16_vec_from_f64(
            sf_vec(d.x / dl * 0.2 * dl + 0.1 * s->accel.x, d.y / dl * 0.2 * dl + 0.1 * s->accel.y,
                   d.z / dl * 0.2 * dl + 0.1 * s->accel.z)));
    tf->position = s->target.position;
    tf->velocity = s->target.velocity;
    tf->acceleration = s->accel;
    tq->position = q16_vec_from_f64(tf->position);
    tq->velocity = q16_vec_from_f64(tf->velocity);
    tq->acceleration = q16_vec_from_f64(tf->acceleration);
}

static void accel_miss_matches_f64(void)
{
    th_rng rng = th_rng_for("accel_miss_matches_f64");
    long i, n = th_count(300), m = th_count(20), misses = 0, drag_misses = 0;
    double worst = 0;
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng, i);
        af_body_q16 sh = q16_body_from_f64(&s.shooter);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        fix16_t sp = q16_from_f64(s.speed);
        af_body_accel_f64 tf;
        af_body_accel_q16 tq;
        af_shots_f64 f;
        af_shots_q16 q;
        af_miss_f64 mf;
        af_miss_q16 mq;
        af_status sf, sq;
        accel_target(&rng, &s, 0, &tf, &tq);
        sf = af_arc_moving_miss_accel_f64(&s.shooter, &tf, s.speed, &s.gravity, s.flags, &f, &mf);
        sq = af_arc_moving_miss_accel_q16(&sh, &tq, sp, &g, s.flags, &q, &mq);
        compare(&s, sf, &mf, sq, &mq, i, &worst);
        misses += sf == AF_ERR_NO_SOLUTION;
    }
    /* Under drag the ordinary scenes only: each is a flight per sample. */
    for (i = 0; i < m; i++) {
        scene s = rand_scene(&rng, 1);
        af_body_q16 sh = q16_body_from_f64(&s.shooter);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        fix16_t sp = q16_from_f64(s.speed), d = q16_from_f64(th_rand_log(&rng, 0.01, 1.0)),
                dt = q16_from_f64(0.02), tmax = q16_from_f64(10.0);
        af_body_accel_f64 tf;
        af_body_accel_q16 tq;
        af_drag_q16 dq;
        af_drag_f64 md;
        af_shots_f64 f;
        af_shots_q16 q;
        af_miss_f64 mf;
        af_miss_q16 mq;
        af_status sf, sq;
        accel_target(&rng, &s, 1, &tf, &tq);
        if (af_drag_init_q16(i % 2 ? AF_DRAG_CONTINUOUS : AF_DRAG_UNITY, d, dt, &g, NULL, &dq) !=
            AF_OK)
            continue;
        memset(&md, 0, sizeof md);
        md.kind = dq.kind;
        md.gravity = q16_vec_to_f64(dq.gravity);
        md.dt = q16_to_f64(dq.dt);
        md.r = q16_to_f64(dq.r);
        md.order = dq.order;
        md.k = q16_to_f64(dq.k);
        dq.max_move = 0;
        s.drag = &md;
        sf = af_drag_aim_speed_miss_accel_f64(&md, &s.shooter, &tf, s.speed, 10.0, s.flags, &f,
                                              &mf);
        sq = af_drag_aim_speed_miss_accel_q16(&dq, &sh, &tq, sp, tmax, s.flags, &q, &mq);
        compare(&s, sf, &mf, sq, &mq, i, &worst);
        drag_misses += sf == AF_ERR_NO_SOLUTION;
    }
    TH_CHECK(drag_misses > 0, "no drag miss judged");
    th_note("accelerating: %ld vacuum and %ld drag closest misses, worst difference %.3g of the "
            "scene",
            misses, drag_misses, worst);
}

static void hits_are_unchanged_q16(void)
{
    th_rng rng = th_rng_for("hits_are_unchanged_q16");
    long i, n = th_count(300), differ = 0;
    for (i = 0; i < n; i++) {
        scene s = rand_scene(&rng, i);
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        fix16_t sp = q16_from_f64(s.speed * 8);
        af_shots_q16 a, b;
        af_miss_q16 m;
        af_status sa = af_arc_moving_q16(&sh, &tg, sp, &g, s.flags, &a),
                  sb = af_arc_moving_miss_q16(&sh, &tg, sp, &g, s.flags, &b, &m);
        if (sa != sb || memcmp(&a, &b, sizeof a) != 0)
            differ++;
        TH_CHECK(sa == AF_ERR_NO_SOLUTION || (m.distance == 0 && m.shot.t == 0),
                 "a miss beside status %d", (int)sa);
    }
    TH_CHECK(differ == 0, "%ld answers differ from af_arc_moving_q16's", differ);
}

static void miss_edges_q16(void)
{
    af_vec3_q16 from = { 0, 0, 0 }, to = { 1000 << 16, 0, 0 }, g = { 0, 0, -642908 };
    af_shots_q16 out;
    af_miss_q16 miss;
    TH_CHECK(af_arc_point_miss_q16(&from, &to, 10 << 16, &g, &out, NULL) == AF_ERR_BAD_ARGUMENT &&
                 out.count == 0,
             "NULL miss: refused");
    TH_CHECK(af_arc_point_miss_q16(&from, &to, 0, &g, &out, &miss) == AF_ERR_BAD_ARGUMENT &&
                 miss.distance == 0,
             "zero speed: refused, no miss");
    {
        /* 60000 m apart: the offset does not fit Q16.16, the solver says
         * so and there is no miss to give. */
        af_vec3_q16 west = { -30000 * 65536, 0, 0 }, east = { 30000 * 65536, 0, 0 };
        af_status st = af_arc_point_miss_q16(&west, &east, 10 << 16, &g, &out, &miss);
        TH_CHECK(st == AF_ERR_OUT_OF_RANGE && miss.distance == 0 && miss.shot.t == 0,
                 "offset beyond Q16.16: status %d", (int)st);
    }
    /* 100 m straight above at 10 m/s: the vertical shot's apex, 100 / 19.62
     * m up at 10 / 9.81 s, is the closest pass. */
    {
        af_vec3_q16 above = { 0, 0, 100 << 16 };
        af_status st = af_arc_point_miss_q16(&from, &above, 10 << 16, &g, &out, &miss);
        double apex = 100.0 / (2 * q16_to_f64(-g.z)), at = 10.0 / q16_to_f64(-g.z);
        TH_CHECK(st == AF_ERR_NO_SOLUTION && fabs(q16_to_f64(miss.distance) - (100.0 - apex)) <
                                                 1e-3 &&
                     fabs(q16_to_f64(miss.shot.t) - at) < 1e-2 && miss.shot.velocity.z == 10 << 16,
                 "out of reach straight above: status %d distance %g at %g s", (int)st,
                 q16_to_f64(miss.distance), q16_to_f64(miss.shot.t));
    }
}

static const th_case cases[] = {
    TH_CASE(vacuum_miss_matches_f64),
    TH_CASE(drag_miss_matches_f64),
    TH_CASE(accel_miss_matches_f64),
    TH_CASE(hits_are_unchanged_q16),
    TH_CASE(miss_edges_q16),
};

TH_MAIN("miss_q16", cases)
