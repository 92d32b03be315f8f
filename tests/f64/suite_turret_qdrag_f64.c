/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag, double precision: every shot of
 * af_turret_aim_qdrag_f64 flown from the muzzle at the commanded angles
 * at its launch time (the stepped kind by the tests' own engine loop, the
 * continuous kind by af_qdrag_predict_f64) meets the target within 1e-9
 * of the scene, within the limits, in time, earliest impact first; with
 * no drag it is the vacuum aim; and its edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"
#include "turret_qdrag_check.h"

static af_status aim(const turret_scene *s, const af_qdrag_f64 *m, af_turret_shots_f64 *out)
{
    return af_turret_aim_qdrag_f64(&s->turret, m, &s->target, s->max_time, out);
}

/* Random scenes (turret_qdrag_scene) checked shot by shot, the miss
 * within 1e-9 of the scene for either kind. */
static void random_shots_hit(int lob, const char *name)
{
    turret_qdrag_random_shots_hit(lob, name, 0.0, aim, 0.0);
}

static void random_straight_shots_hit(void)
{
    random_shots_hit(0, "turret_qdrag_f64.straight");
}

static void random_lobs_hit(void)
{
    random_shots_hit(1, "turret_qdrag_f64.lob");
}

/* Without drag (continuous, k = c = 0, no wind) the quadratic drag aim is
 * the vacuum aim: the same status and the same earliest impact to 1e-9. */
static void no_drag_is_the_vacuum_aim(void)
{
    th_rng rng = th_rng_for("turret_qdrag_f64.no_drag");
    long i, n = th_count(12), compared = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_qdrag_scene(&rng, (int)(i & 1), 0.0);
        af_qdrag_f64 m;
        af_turret_shots_f64 a, b;
        af_status sa, sb;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity = s.gravity;
        s.max_time = 1e3; /* the vacuum aim's flights are unbounded */
        sa = af_turret_aim_qdrag_f64(&s.turret, &m, &s.target, s.max_time, &a);
        sb = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &b);
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
        double x, y, z, vx;
        af_drag_kind kind;
        double k, max_time;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m: both arcs", 150, 0, 0, 0, AF_DRAG_KIND_STEPPED, 0.003,
          20, AF_OK },
        { "the same with the continuous kind: both arcs", 150, 0, 0, 0, AF_DRAG_KIND_CONTINUOUS,
          0.003, 20, AF_OK },
        { "a lob at 100 m, k = 0.05 /m: beyond the reach", 100, 0, 0, 0, AF_DRAG_KIND_STEPPED,
          0.05, 20, AF_ERR_NO_SOLUTION },
        { "flights up to 0.5 s only: none that short", 100, 0, 0, 0, AF_DRAG_KIND_STEPPED, 0.002,
          0.5, AF_ERR_NO_SOLUTION },
        { "straight up 50 m: beyond the 60 deg pitch limit", 0, 0, 50, 0, AF_DRAG_KIND_STEPPED,
          0.002, 20, AF_ERR_BEYOND_PITCH },
        { "behind the yaw limit", -60, 0, 0, 0, AF_DRAG_KIND_CONTINUOUS, 0.002, 20,
          AF_ERR_BEYOND_YAW },
        { "a target crossing at 5 m/s, 60 m off", 60, 20, 0, -5, AF_DRAG_KIND_STEPPED, 0.005, 20,
          AF_OK },
        { "a target escaping at 30 m/s from a shot slowed by 0.02 /m", 40, 0, 0, 30,
          AF_DRAG_KIND_CONTINUOUS, 0.02, 20, AF_ERR_NO_SOLUTION },
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
        s.target.position.z = rows[i].z;
        s.target.velocity.x = rows[i].vx;
        st = aim(&s, &m, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        turret_qdrag_check_shots(&s, &m, st, &out, (long)i, rows[i].why, 0.0);
        if (i <= 1)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* Bad models, flight bounds and non-finite scenes: refused, out all zero
 * (turret_check.h's shared cases, then a negative k and a NaN wind). */
static void aim_refuses_bad_arguments(void)
{
    int i;
    for (i = 0; i < TURRET_SHARED_REFUSALS + 2; i++) {
        turret_refusal r = turret_refusal_start();
        af_qdrag_f64 m = turret_qdrag_refusal_model();
        af_turret_shots_f64 out;
        if (i < TURRET_SHARED_REFUSALS) {
            turret_refusal_spoil(&r, i, &m.dt, &m.kind);
        } else if (i == TURRET_SHARED_REFUSALS) {
            m.k = -0.1;
            r.why = "negative k";
        } else {
            m.wind.x = NAN;
            r.why = "NaN wind";
        }
        turret_check_refused(af_turret_aim_qdrag_f64(&r.turret, r.null_model ? NULL : &m,
                                                     &r.target, r.max_time, &out),
                             &out, r.why);
    }
}

/* A 1.02 s engine step and 128 m/s: every launch below about 0.57 rad of
 * pitch folds in its first step ((2 k s + c) dt >= 1), which the direct
 * aim refuses; no turret shot is such a launch, and each one hits. */
static void no_shot_whose_first_step_folds(void)
{
    turret_scene s;
    af_qdrag_f64 m = { AF_DRAG_KIND_STEPPED, { 0, 0, -642908 / 65536.0 }, { 0, 0, 0 },
                       262 / 65536.0, 0.0, 66628 / 65536.0, AF_QDRAG_GRAVITY_FIRST };
    af_turret_shots_f64 out;
    af_status st;
    int k;
    memset(&s, 0, sizeof s);
    s.turret.up.z = 1.0;
    s.turret.forward.x = 1.0;
    s.turret.yaw_min = -1.5;
    s.turret.yaw_max = 1.5;
    s.turret.pitch_min = -13107 / 65536.0;
    s.turret.pitch_max = 1.0;
    s.turret.muzzle_forward = 0.5;
    s.turret.muzzle_up = 6554 / 65536.0;
    s.turret.yaw_rate = 1.0;
    s.turret.pitch_rate = 0.5;
    s.turret.latency = 6554 / 65536.0;
    s.turret.speed = 128.0;
    s.target.position = (af_vec3_f64){ 60, 10, 2 };
    s.target.velocity = (af_vec3_f64){ 0, -1, 0 };
    s.gravity = m.gravity;
    s.max_time = 2.0;
    st = aim(&s, &m, &out);
    for (k = 0; st == AF_OK && k < out.count; k++) {
        af_vec3_f64 r = out.shot[k].velocity;
        r.z += m.gravity.z * m.dt;
        TH_CHECK((2.0 * m.k * sqrt(r.x * r.x + r.y * r.y + r.z * r.z) + m.c) * m.dt < 1.0,
                 "shot %d: its first step folds", k);
    }
    turret_qdrag_check_shots(&s, &m, st, &out, 0, "fold", 0.0);
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(no_shot_whose_first_step_folds),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(no_drag_is_the_vacuum_aim),
    TH_CASE(random_straight_shots_hit),
    TH_CASE(random_lobs_hit),
};

TH_MAIN("turret_qdrag_f64", cases)
