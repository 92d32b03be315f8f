/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag in Q16.16: every shot of
 * af_turret_aim_qdrag_q16, flown in double from the Q16.16 command by the
 * tests' own engine loop (tests/support/qdrag_sim.h), meets the target
 * within the Q16 turret tolerance (tests/support/turret_q16_check.h) plus
 * the quadratic drag aim's own miss and the Q16.16 engine's drift from
 * the f64 one; it is inside the limits and in time; its first impact is
 * within a measured tolerance of af_turret_aim_qdrag_f64's on the same
 * numbers; and the edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "q16_solve_check.h"
#include "qdrag_q16_check.h"
#include "turret_check.h"
#include "turret_q16_check.h"
#include "turret_qdrag_q16_check.h"

#define Q(v) ((fix16_t)((v) * 65536))

static af_status aim_q16(const af_turret_q16 *t, const af_qdrag_q16 *m,
                         const af_body_accel_q16 *target, fix16_t max_time,
                         af_turret_shots_q16 *out)
{
    af_body_q16 body;
    body.position = target->position;
    body.velocity = target->velocity;
    return af_turret_aim_qdrag_q16(t, m, &body, max_time, out);
}

static af_status aim_f64(const turret_scene *wide, const turret_scene *s, const af_qdrag_f64 *m,
                         af_turret_shots_f64 *out)
{
    (void)s;
    return af_turret_aim_qdrag_f64(&wide->turret, m, &wide->target, wide->max_time, out);
}

/* Random scenes (turret_qdrag_q16_random_scene, the target at constant
 * velocity): every shot flown, and the first impacts against
 * af_turret_aim_qdrag_f64's. */
static void random_aims(void)
{
    turret_qdrag_q16_random_aims("turret_qdrag_q16.random", 0, aim_q16, aim_f64);
}

/* The edges, a row each with its reason: the level turret at 50 m/s,
 * gravity -9.81 z, a stepped model at 60 Hz, gravity first. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, z, k, max_time;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m: both arcs", 150, 0, 0.003, 8, AF_OK },
        { "a lob at 100 m, k = 0.05 /m: beyond the reach", 100, 0, 0.05, 8,
          AF_ERR_NO_SOLUTION },
        { "straight up 50 m: beyond the pitch limit of 1 rad", 0, 50, 0.003, 8,
          AF_ERR_BEYOND_PITCH },
        { "behind the yaw limit", -60, 0, 0.003, 8, AF_ERR_BEYOND_YAW },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_qdrag_q16 qm;
        af_qdrag_f64 m;
        af_turret_shots_q16 out;
        turret_scene s;
        af_status st;
        memset(&target, 0, sizeof target);
        target.position.x = Q(rows[i].x);
        target.position.z = Q(rows[i].z);
        qm = qq16_stepped_model(q16_from_f64(rows[i].k), q16_from_f64(1.0 / 60));
        m = qq16_model_f64(&qm);
        st = aim_q16(&t, &qm, &target, Q(rows[i].max_time), &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        s = turret_qdrag_q16_edge_scene(&t, &target, &m, rows[i].max_time);
        turret_qdrag_q16_check_shots(&s, &m, st, &out, rows[i].why, (long)i);
        if (i == 0)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* Targets the aim at one launch time cannot reach but a later one can
 * (driving in from beyond the reach, or across the yaw limit at the
 * speed of the slew): the first shot comes at the launch time where the
 * roots appear, within the first impact tolerance of the f64 twin's, and
 * every shot flies. The aims follow each launch time's roots, or its
 * closest approach without any, from the last: these rows guard the
 * roots that appear between two launch times. */
static void aim_follows_roots_that_appear(void)
{
    static const struct {
        const char *why;
        double x, y, vx, vy, k, max_time;
    } rows[] = {
        { "driving in at 12 m/s from beyond the reach", 130, 0, -12, 0, 0.01, 2.5 },
        { "crossing in front at 20 m/s", 60, -40, 0, 20, 0.01, 2.5 },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_qdrag_q16 qm;
        af_qdrag_f64 m;
        af_turret_shots_q16 out;
        af_turret_shots_f64 want;
        turret_scene s, wide;
        af_status st, sw;
        memset(&target, 0, sizeof target);
        target.position.x = Q(rows[i].x);
        target.position.y = Q(rows[i].y);
        target.velocity.x = Q(rows[i].vx);
        target.velocity.y = Q(rows[i].vy);
        qm = qq16_stepped_model(q16_from_f64(rows[i].k), q16_from_f64(1.0 / 60));
        m = qq16_model_f64(&qm);
        st = aim_q16(&t, &qm, &target, Q(rows[i].max_time), &out);
        s = turret_qdrag_q16_edge_scene(&t, &target, &m, rows[i].max_time);
        turret_qdrag_q16_check_shots(&s, &m, st, &out, rows[i].why, (long)i);
        TH_CHECK(st == AF_OK && out.shot[0].launch > t.latency + Q(0.1),
                 "%s: %s, launched at %.4f s", rows[i].why, af_status_name(st),
                 out.shot[0].launch / 65536.0);
        /* The f64 aim under soft float takes minutes: the host compares. */
        if (TH_SCALE == 1 && st == AF_OK) {
            double tq = (out.shot[0].launch + (double)out.shot[0].flight) / 65536.0, tf;
            wide = turret_q16_widened(&s);
            sw = aim_f64(&wide, &s, &m, &want);
            TH_CHECK(sw == AF_OK, "%s: f64 %s", rows[i].why, af_status_name(sw));
            if (sw != AF_OK)
                continue;
            tf = want.shot[0].launch + want.shot[0].flight;
            th_note("%s: launch %.4f (f64 %.4f), impact %.5f (f64 %.5f)", rows[i].why,
                    out.shot[0].launch / 65536.0, want.shot[0].launch, tq, tf);
            TH_CHECK(fabs(tq - tf) <= 1e-3, "%s: first impact %.6f, f64 %.6f", rows[i].why, tq,
                     tf);
        }
    }
}

/* Bad models and flight bounds: refused, out all zero. */
static void aim_refuses_bad_arguments(void)
{
    static const char *const why[] = { "stepped model with dt = 0", "negative k",
                                       "an unknown order", "max_time 0", "NULL model",
                                       "NULL target" };
    size_t i;
    for (i = 0; i < sizeof why / sizeof why[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_q16 target;
        af_qdrag_q16 qm;
        af_turret_shots_q16 out;
        fix16_t max_time = Q(8);
        memset(&target, 0, sizeof target);
        target.position.x = Q(100);
        qm = qq16_stepped_model(Q(0.003), Q(0.02));
        switch (i) {
        case 0: qm.dt = 0; break;
        case 1: qm.k = -Q(0.1); break;
        case 2: qm.order = (af_qdrag_order)5; break;
        case 3: max_time = 0; break;
        default: break;
        }
        turret_q16_check_refused(af_turret_aim_qdrag_q16(&t, i == 4 ? NULL : &qm,
                                                         i == 5 ? NULL : &target, max_time, &out),
                                 AF_ERR_BAD_ARGUMENT, &out, why[i]);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(aim_follows_roots_that_appear),
    TH_CASE(random_aims),
};

TH_MAIN("turret_qdrag_q16", cases)
