/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag at accelerating targets, double
 * precision: every shot of af_turret_aim_qdrag_accel_f64 flown from the
 * muzzle at the commanded angles at its launch time (the stepped kind by
 * the tests' own engine loop, the continuous kind by
 * af_qdrag_predict_f64) meets the target p + v t + a t^2/2 within 1e-9
 * of the scene, within the limits, in time, earliest impact first; with
 * no drag it is the vacuum aim at the accelerating target and a
 * brute-force scan of every launch time finds no earlier impact; zero
 * acceleration is af_turret_aim_qdrag_f64 bit for bit; and its edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_sim.h"
#include "turret_check.h"
#include "turret_qdrag_check.h"

static af_status aim(const turret_scene *s, const af_qdrag_f64 *m, af_turret_shots_f64 *out)
{
    af_body_accel_f64 target = turret_scene_target(s);
    return af_turret_aim_qdrag_accel_f64(&s->turret, m, &target, s->max_time, out);
}

/* Random scenes (turret_qdrag_scene, the target accelerating by up to
 * 3 m/s^2) checked shot by shot. The continuous kind's flights are
 * integrated, the aim's and the check's (af_qdrag_predict_f64) each
 * within 1e-9 of the distance flown (aimfix/qdrag.h), at most the launch
 * speed (plus the platform's) times the flight: the miss may hold both
 * besides the 1e-9 of the scene. */
static void random_shots_hit(int lob, const char *name)
{
    turret_qdrag_random_shots_hit(lob, name, 3.0, aim, 2e-9);
}

static void random_straight_shots_hit(void)
{
    random_shots_hit(0, "turret_qdrag_accel_f64.straight");
}

static void random_lobs_hit(void)
{
    random_shots_hit(1, "turret_qdrag_accel_f64.lob");
}

/* Without drag (continuous, k = c = 0, no wind) the quadratic drag aim
 * is the vacuum aim at the accelerating target: the same status and the
 * same earliest impact to 1e-9; and the brute-force scan of every launch
 * time (the tests' own, in vacuum, past the longest slew too) finds no
 * impact before it, none where it says none. */
static void no_drag_is_the_vacuum_aim(void)
{
    const char *name = "turret_qdrag_accel_f64.no_drag";
    th_rng rng = th_rng_for(name);
    long i, n = th_count(12), compared = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_qdrag_scene(&rng, (int)(i & 1), 3.0);
        af_body_accel_f64 target = turret_scene_target(&s);
        af_qdrag_f64 m;
        af_turret_shots_f64 a, b;
        af_status sa, sb;
        double scan;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity = s.gravity;
        s.max_time = 1e3; /* the vacuum aim's flights are unbounded */
        sa = aim(&s, &m, &a);
        sb = af_turret_aim_accel_f64(&s.turret, &target, &s.gravity, &b);
        s.scan_past = sa == AF_OK ? 2.0 * (a.shot[0].launch + a.shot[0].flight) : 0.0;
        scan = turret_scan_earliest(&s, 300, 1e-9);
        turret_check_scan(sa, &a, scan, name, i);
        if (sa != AF_OK || sb != AF_OK) {
            TH_CHECK(sa == sb, "%ld: qdrag %s, vacuum %s", i, af_status_name(sa),
                     af_status_name(sb));
            continue;
        }
        compared++;
        TH_CHECK(fabs(a.shot[0].launch + a.shot[0].flight - b.shot[0].launch - b.shot[0].flight) <=
                     1e-9 * (1.0 + b.shot[0].launch + b.shot[0].flight),
                 "%ld: first impact %.17g with k = 0, %.17g in vacuum", i,
                 a.shot[0].launch + a.shot[0].flight, b.shot[0].launch + b.shot[0].flight);
    }
    th_note("%ld of %ld scenes compared", compared, n);
}

/* The edges, a row each with its reason: the level turret (50 m/s, yaw
 * +-90 deg, pitch -10 to +60 deg), gravity -9.81 z, a stepped model at
 * 60 Hz, gravity first. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, y, vx, ax, ay, az;
        af_drag_kind kind;
        double k, max_time;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m, the target lifting at 0.2 m/s^2: both arcs", 150, 0, 0,
          0, 0, 0.2, AF_DRAG_KIND_STEPPED, 0.003, 20, AF_OK },
        { "the same with the continuous kind: both arcs", 150, 0, 0, 0, 0, 0.2,
          AF_DRAG_KIND_CONTINUOUS, 0.003, 20, AF_OK },
        { "a target at 60 m accelerating away at 20 m/s^2 from a shot slowed by 0.01 /m", 60, 0,
          0, 20, 0, 0, AF_DRAG_KIND_CONTINUOUS, 0.01, 20, AF_ERR_NO_SOLUTION },
        { "a target 200 m off (beyond the reach) rushing in at 10 m/s^2", 200, 0, 0, -10, 0, 0,
          AF_DRAG_KIND_STEPPED, 0.005, 20, AF_OK },
        { "a target crossing at 5 m/s, 60 m off, swerving at 2 m/s^2", 60, 20, -5, 0, -2, 0,
          AF_DRAG_KIND_STEPPED, 0.005, 20, AF_OK },
        { "behind the yaw limit, lifting at 0.5 m/s^2", -60, 0, 0, 0, 0, 0.5,
          AF_DRAG_KIND_CONTINUOUS, 0.002, 20, AF_ERR_BEYOND_YAW },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        turret_scene s;
        af_qdrag_f64 m;
        af_turret_shots_f64 out;
        af_status st;
        turret_qdrag_edge_start(&s, &m, rows[i].kind, rows[i].k, rows[i].max_time);
        s.target.position.x = rows[i].x;
        s.target.position.y = rows[i].y;
        s.target.velocity.x = rows[i].vx;
        s.acceleration.x = rows[i].ax;
        s.acceleration.y = rows[i].ay;
        s.acceleration.z = rows[i].az;
        st = aim(&s, &m, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        turret_qdrag_check_shots(&s, &m, st, &out, (long)i, rows[i].why, 2e-9);
        if (i <= 1)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* A branch that ends at a fold as a target, accelerating at (1.14,
 * -1.52, 1.82) m/s^2, slips out of reach (the raw values of a Q16.16
 * scene over 2^16, the yaw limit at 0.3 rad keeping the other arc out):
 * two searches along the branch end at one shot, 3e-12 s of launch
 * apart; it is returned once, the shots all differ. */
static void branch_end_found_twice_is_one_shot(void)
{
    turret_scene s;
    af_qdrag_f64 m;
    af_turret_shots_f64 out;
    af_status st;
    int i, j;
    turret_qdrag_edge_start(&s, &m, AF_DRAG_KIND_STEPPED, 242.0 / 65536, 8);
    s.turret.yaw_min = -1.5;
    s.turret.yaw_max = 19661.0 / 65536;
    s.turret.pitch_min = -13107.0 / 65536;
    s.turret.pitch_max = 1.0;
    s.turret.yaw_rate = 37613.0 / 65536;
    s.turret.pitch_rate = 55386.0 / 65536;
    s.turret.latency = 6554.0 / 65536;
    s.turret.speed = 3763356.0 / 65536;
    s.gravity.z = -642908.0 / 65536;
    m.gravity = s.gravity;
    m.dt = 1276.0 / 65536;
    s.target.position.x = 8097826.0 / 65536;
    s.target.position.y = 4106779.0 / 65536;
    s.target.position.z = 220556.0 / 65536;
    s.target.velocity.x = 14365.0 / 65536;
    s.target.velocity.y = 77066.0 / 65536;
    s.acceleration.x = 74423.0 / 65536;
    s.acceleration.y = -99847.0 / 65536;
    s.acceleration.z = 119104.0 / 65536;
    st = aim(&s, &m, &out);
    TH_CHECK(st == AF_OK && out.count >= 2, "%s, %d shots", af_status_name(st), out.count);
    turret_qdrag_check_shots(&s, &m, st, &out, 0, "branch end", 2e-9);
    for (i = 0; i < out.count; i++)
        for (j = i + 1; j < out.count; j++)
            TH_CHECK(fabs(out.shot[i].launch - out.shot[j].launch) > 1e-9 ||
                         fabs(out.shot[i].pitch - out.shot[j].pitch) > 1e-9,
                     "shots %d and %d: launches %.17g and %.17g, pitches %.17g and %.17g", i, j,
                     out.shot[i].launch, out.shot[j].launch, out.shot[i].pitch,
                     out.shot[j].pitch);
}

/* A fold where the high arc's branches meet, the target 46.3 m off,
 * accelerating at (-0.50, -1.83, 1.74) m/s^2 (the raw values of a Q16.16
 * scene over 2^16): each branch ends there at its own launch, within the
 * roots' and the muzzle's settling; the copies are one shot, and the
 * steep arc (pitch 0.88) after it still has a slot. */
static void steep_arc_not_lost_to_fold_copies(void)
{
    turret_scene s;
    af_qdrag_f64 m;
    af_turret_shots_f64 out;
    af_status st;
    turret_qdrag_edge_start(&s, &m, AF_DRAG_KIND_STEPPED, 457.0 / 65536, 6);
    m.order = AF_QDRAG_DRAG_FIRST;
    m.dt = 1353.0 / 65536;
    s.turret.speed = 3771984.0 / 65536;
    s.gravity.z = -642908.0 / 65536;
    m.gravity = s.gravity;
    s.target.position.x = 1941357.0 / 65536;
    s.target.position.y = -4224137.0 / 65536;
    s.target.position.z = 125302.0 / 65536;
    s.target.velocity.x = 72375.0 / 65536;
    s.target.velocity.y = 22348.0 / 65536;
    s.acceleration.x = -32590.0 / 65536;
    s.acceleration.y = -120011.0 / 65536;
    s.acceleration.z = 114328.0 / 65536;
    st = aim(&s, &m, &out);
    TH_CHECK(st == AF_OK && out.count == 3, "%s, %d shots", af_status_name(st), out.count);
    turret_qdrag_check_shots(&s, &m, st, &out, 0, "fold", 2e-9);
    TH_CHECK(out.count > 0 && out.shot[out.count - 1].pitch > 0.85, "last pitch %.17g",
             out.count > 0 ? out.shot[out.count - 1].pitch : 0.0);
}

/* Bad models, flight bounds and non-finite scenes: refused, out all zero
 * (turret_check.h's shared cases, then a NaN and an infinite
 * acceleration). */
static void aim_refuses_bad_arguments(void)
{
    int i;
    for (i = 0; i < TURRET_SHARED_REFUSALS + 2; i++) {
        turret_refusal r = turret_refusal_start();
        af_qdrag_f64 m = turret_qdrag_refusal_model();
        af_body_accel_f64 target;
        af_turret_shots_f64 out;
        memset(&target.acceleration, 0, sizeof target.acceleration);
        if (i < TURRET_SHARED_REFUSALS) {
            turret_refusal_spoil(&r, i, &m.dt, &m.kind);
        } else if (i == TURRET_SHARED_REFUSALS) {
            target.acceleration.x = NAN;
            r.why = "acceleration NaN";
        } else {
            target.acceleration.z = INFINITY;
            r.why = "acceleration infinite";
        }
        target.position = r.target.position;
        target.velocity = r.target.velocity;
        turret_check_refused(af_turret_aim_qdrag_accel_f64(&r.turret, r.null_model ? NULL : &m,
                                                           &target, r.max_time, &out),
                             &out, r.why);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(branch_end_found_twice_is_one_shot),
    TH_CASE(steep_arc_not_lost_to_fold_copies),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(no_drag_is_the_vacuum_aim),
    TH_CASE(random_straight_shots_hit),
    TH_CASE(random_lobs_hit),
};

TH_MAIN("turret_qdrag_accel_f64", cases)
