/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag at accelerating targets in Q16.16:
 * every shot of af_turret_aim_qdrag_accel_q16, flown in double from the
 * Q16.16 command by the tests' own engine loop (tests/support/qdrag_sim.h)
 * to the target p + v t + a t^2/2, meets it within the Q16 turret
 * tolerance (tests/support/turret_q16_check.h) plus the quadratic drag
 * aim's own miss and the Q16.16 engine's drift from the f64 one; it is
 * inside the limits and in time; its first impact is within the measured
 * tolerance of suite_turret_qdrag_q16 of af_turret_aim_qdrag_accel_f64's
 * on the same numbers (host); and the edges.
 */
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
    return af_turret_aim_qdrag_accel_q16(t, m, target, max_time, out);
}

static af_status aim_f64(const turret_scene *wide, const turret_scene *s, const af_qdrag_f64 *m,
                         af_turret_shots_f64 *out)
{
    af_body_accel_f64 target = turret_scene_target(s);
    return af_turret_aim_qdrag_accel_f64(&wide->turret, m, &target, wide->max_time, out);
}

/* Random scenes (turret_qdrag_q16_random_scene) with the target
 * accelerating by up to 2 m/s^2 along each axis: every shot flown, and the
 * first impacts against af_turret_aim_qdrag_accel_f64's. */
static void random_aims(void)
{
    turret_qdrag_q16_random_aims("turret_qdrag_accel_q16.random", 1, aim_q16, aim_f64);
}

/* The edges, a row each with its reason: the level turret at 50 m/s,
 * gravity -9.81 z, a stepped model at 60 Hz, gravity first, flights up to
 * 8 s. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, ax, az, k;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m, the target lifting at 0.2 m/s^2: both arcs", 150, 0,
          0.2, 0.003, AF_OK },
        { "a target at 60 m accelerating away at 20 m/s^2, k = 0.01 /m: out of reach", 60, 20, 0,
          0.01, AF_ERR_NO_SOLUTION },
        { "a target at 200 m (beyond the reach) rushing in at 10 m/s^2", 200, -10, 0, 0.005,
          AF_OK },
        { "behind the yaw limit, lifting at 0.5 m/s^2", -60, 0, 0.5, 0.003, AF_ERR_BEYOND_YAW },
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
        target.acceleration.x = Q(rows[i].ax);
        target.acceleration.z = Q(rows[i].az);
        qm = qq16_stepped_model(q16_from_f64(rows[i].k), q16_from_f64(1.0 / 60));
        m = qq16_model_f64(&qm);
        st = af_turret_aim_qdrag_accel_q16(&t, &qm, &target, Q(8), &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        s = turret_qdrag_q16_edge_scene(&t, &target, &m, 8);
        turret_qdrag_q16_check_shots(&s, &m, st, &out, rows[i].why, (long)i);
        /* The low arc first, then the high arc, once. */
        if (i == 0)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* The lob at 150 m of aim_edges: the guessed flights dip by a few LSB
 * just past the high arc's in-time edge, and the search finds both the
 * edge and that dip's least, 4 LSB of launch apart with one command: one
 * shot within the roundings, returned once; the low and the high arc,
 * far apart in pitch, stay two. */
static void high_arc_edge_and_its_rounding_dip_are_one_shot(void)
{
    af_turret_q16 t = turret_q16_level();
    af_body_accel_q16 target;
    af_qdrag_q16 qm = qq16_stepped_model(q16_from_f64(0.003), q16_from_f64(1.0 / 60));
    af_turret_shots_q16 out;
    af_status st;
    memset(&target, 0, sizeof target);
    target.position.x = Q(150);
    target.acceleration.z = Q(0.2);
    st = af_turret_aim_qdrag_accel_q16(&t, &qm, &target, Q(8), &out);
    TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st), out.count);
    TH_CHECK(out.shot[1].pitch - out.shot[0].pitch > Q(0.1), "pitches %ld and %ld",
             (long)out.shot[0].pitch, (long)out.shot[1].pitch);
}

/* A fold where the high arc's branches meet, the target 46.3 m off,
 * accelerating at (-0.50, -1.83, 1.74) m/s^2: each branch ends there at
 * its own launch, within the roots' and the muzzle's settling, 3 LSB of
 * launch and 7 LSB of pitch apart; the copies are one shot, the low arc
 * before it and the steep arc (pitch 0.88) after it stay. */
static void fold_copies_are_one_shot(void)
{
    af_turret_q16 t = turret_q16_level();
    af_body_accel_q16 target;
    af_qdrag_q16 qm = qq16_stepped_model(457, 1353);
    af_qdrag_f64 m;
    af_turret_shots_q16 out;
    turret_scene s;
    af_status st;
    t.speed = 3771984;
    qm.order = AF_QDRAG_DRAG_FIRST;
    m = qq16_model_f64(&qm);
    memset(&target, 0, sizeof target);
    target.position.x = 1941357;
    target.position.y = -4224137;
    target.position.z = 125302;
    target.velocity.x = 72375;
    target.velocity.y = 22348;
    target.acceleration.x = -32590;
    target.acceleration.y = -120011;
    target.acceleration.z = 114328;
    st = af_turret_aim_qdrag_accel_q16(&t, &qm, &target, Q(6), &out);
    TH_CHECK(st == AF_OK && out.count == 3, "%s, %d shots", af_status_name(st), out.count);
    s = turret_qdrag_q16_edge_scene(&t, &target, &m, 6);
    turret_qdrag_q16_check_shots(&s, &m, st, &out, "fold", 0);
    TH_CHECK(out.shot[2].pitch > Q(0.85), "last pitch %ld", (long)out.shot[2].pitch);
}

/* A fold where the search's branch ends come in a chain, each within the
 * merge of the one before (launches 2^-10 of the impact apart at most),
 * the first and the last further apart: one shot, given once. */
static void chained_fold_copies_are_one_shot(void)
{
    af_turret_q16 t = turret_q16_level();
    af_body_accel_q16 target;
    af_qdrag_q16 qm = qq16_stepped_model(574, 2003);
    af_qdrag_f64 m;
    af_turret_shots_q16 out;
    turret_scene s;
    af_status st;
    t.speed = 3058648;
    m = qq16_model_f64(&qm);
    memset(&target, 0, sizeof target);
    target.position.x = 2196353;
    target.position.y = 4013325;
    target.position.z = 149830;
    target.velocity.x = -7218;
    target.velocity.y = 73713;
    target.acceleration.x = 51796;
    target.acceleration.y = 61674;
    target.acceleration.z = -39613;
    st = af_turret_aim_qdrag_accel_q16(&t, &qm, &target, Q(6), &out);
    TH_CHECK(st == AF_OK, "%s, %d shots", af_status_name(st), out.count);
    s = turret_qdrag_q16_edge_scene(&t, &target, &m, 6);
    turret_qdrag_q16_check_shots(&s, &m, st, &out, "chained fold", 0);
}

/* A fold where the high arc's pair dies 2.117 s into the launches: for
 * 3.5 ms before it the muzzle's settling keeps one root of the pair or
 * the other (the aim's rounding of a near-double root moves the angles
 * more than the settling allows), and the search found a branch end at
 * each change: three copies up to 0.017 rad and 2.3 % of the flight
 * apart, the steep arc (pitch 0.82) pushed out. All lie between the pair
 * at the fold's cell: one shot, and the low arc, that shot and the steep
 * arc come out. */
static void copies_across_a_folds_flicker_are_one_shot(void)
{
    af_turret_q16 t = turret_q16_level();
    af_body_accel_q16 target;
    af_qdrag_q16 qm = qq16_stepped_model(465, 1228);
    af_qdrag_f64 m;
    af_turret_shots_q16 out;
    turret_scene s;
    af_status st;
    t.speed = 2953602;
    m = qq16_model_f64(&qm);
    memset(&target, 0, sizeof target);
    target.position.x = 1916323;
    target.position.y = 4506741;
    target.position.z = 117275;
    target.velocity.x = -102014;
    target.velocity.y = -61990;
    target.acceleration.x = 61898;
    target.acceleration.y = 67981;
    target.acceleration.z = 63890;
    st = af_turret_aim_qdrag_accel_q16(&t, &qm, &target, Q(6), &out);
    TH_CHECK(st == AF_OK && out.count == 3, "%s, %d shots", af_status_name(st), out.count);
    s = turret_qdrag_q16_edge_scene(&t, &target, &m, 6);
    turret_qdrag_q16_check_shots(&s, &m, st, &out, "fold flicker", 0);
    TH_CHECK(out.count == 3 && out.shot[1].pitch < Q(0.7) && out.shot[2].pitch > Q(0.8),
             "pitches %ld %ld", (long)out.shot[1].pitch, (long)out.shot[2].pitch);
}

/* Bad models, flight bounds and targets: refused, out all zero. */
static void aim_refuses_bad_arguments(void)
{
    static const char *const why[] = { "stepped model with dt = 0", "negative k", "max_time 0",
                                       "NULL model", "NULL target" };
    size_t i;
    for (i = 0; i < sizeof why / sizeof why[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_qdrag_q16 qm;
        af_turret_shots_q16 out;
        fix16_t max_time = Q(8);
        memset(&target, 0, sizeof target);
        target.position.x = Q(100);
        target.acceleration.z = Q(1);
        qm = qq16_stepped_model(Q(0.003), Q(0.02));
        switch (i) {
        case 0: qm.dt = 0; break;
        case 1: qm.k = -Q(0.1); break;
        case 2: max_time = 0; break;
        default: break;
        }
        turret_q16_check_refused(af_turret_aim_qdrag_accel_q16(&t, i == 3 ? NULL : &qm,
                                                               i == 4 ? NULL : &target, max_time,
                                                               &out),
                                 AF_ERR_BAD_ARGUMENT, &out, why[i]);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(high_arc_edge_and_its_rounding_dip_are_one_shot),
    TH_CASE(fold_copies_are_one_shot),
    TH_CASE(chained_fold_copies_are_one_shot),
    TH_CASE(copies_across_a_folds_flicker_are_one_shot),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(random_aims),
};

TH_MAIN("turret_qdrag_accel_q16", cases)
