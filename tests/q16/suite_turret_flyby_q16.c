/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 turret aim from a platform that outruns its shot and passes
 * the target: a later launch hits sooner, until the impact turns or the
 * head falls behind. Every Q16.16 answer is flown in double and its first
 * impact checked against a brute-force scan of every launch time.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "q16_solve_check.h"
#include "turret_check.h"
#include "turret_q16_check.h"

/* The Q16.16 aim of a scene given in Q16.16: its shots flown and within
 * tolerance, its first impact no later than the scan's by more than
 * `later_tol` of its time nor earlier by more than the roundings. Returns it. */
static double check_against_scan(const af_turret_q16 *t, const af_body_q16 *target,
                                 const af_vec3_q16 *g, int fine, double later_tol,
                                 const char *name, long i)
{
    af_turret_shots_q16 out;
    turret_scene s;
    af_status st = af_turret_aim_q16(t, target, g, &out);
    double scan, tq = -1.0;
    memset(&s, 0, sizeof s);
    s.turret = turret_f64_of(t);
    s.target.position = q16_vec_to_f64(target->position);
    s.target.velocity = q16_vec_to_f64(target->velocity);
    s.gravity = q16_vec_to_f64(*g);
    scan = turret_scan_earliest_seen(&s, AF_TURRET_SCAN_CELLS_Q16, fine, 1e-9);
    turret_q16_check_shots(&s, st, &out, name, i);
    if (st == AF_OK)
        tq = turret_q16_check_scan(&s, &out, scan, later_tol * (1.0 + fabs(scan)), name, i);
    else
        TH_CHECK(scan < 0.0, "%s %ld: %s, the scan hits at %.6f s", name, i,
                 af_status_name(st), scan);
    return tq;
}

/* A platform at 768 m/s along x passes 1024 m from a
 * still target, its 1 m/s shot not inherited, the yaw wrapping from
 * 1812 rad at 0.593 rad/s. */
static void slow_pitch_scene(af_turret_q16 *t, af_body_q16 *b, af_vec3_q16 *g)
{
    memset(t, 0, sizeof *t);
    memset(b, 0, sizeof *b);
    memset(g, 0, sizeof *g);
    t->flags = AF_TURRET_YAW_WRAPS;
    t->pivot.x = -9918;
    t->pivot.y = 67348;
    t->pivot.z = 38872;
    t->up.z = 65536;
    t->forward.x = 65536;
    t->yaw_min = -98304;
    t->yaw_max = 98304;
    t->pitch_min = -13107;
    t->pitch_max = 65536;
    t->muzzle_forward = 32768;
    t->muzzle_up = 6554;
    t->yaw = 118751232;
    t->yaw_rate = 38872;
    t->pitch_rate = 8;
    t->speed = 65536;
    t->velocity.x = 50331904;
    b->position.x = 50332032;
    b->position.y = 67108812;
}

/* The f64 aim's earliest impact, 1871.92 s from 3.0375 s, is exact: at
 * 3.0137 s the exact pitch, -0.0003738, needs 3.0625 s of slew. The
 * Q16.16 shot launched then pitches at -0.000366, half an LSB off it
 * (within the angles' tolerance, 0.014 m off the target at 1830 m), and
 * hits at 1856.64 s: at 8 LSB/s of pitch and 769 s of impact per second
 * of launch, an earlier impact within Q16.16's roundings. */
static void impact_earlier_within_the_angle_tolerance_at_a_slow_slew(void)
{
    af_turret_q16 t;
    af_body_q16 b;
    af_vec3_q16 g;
    af_turret_shots_f64 ref;
    af_turret_shots_q16 out;
    turret_scene s;
    af_status sf, sq;
    slow_pitch_scene(&t, &b, &g);
    memset(&s, 0, sizeof s);
    s.turret = turret_f64_of(&t);
    s.target.position = q16_vec_to_f64(b.position);
    sf = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &ref);
    sq = af_turret_aim_q16(&t, &b, &g, &out);
    TH_CHECK(sf == AF_OK && sq == AF_OK, "f64 %s, q16 %s", af_status_name(sf),
             af_status_name(sq));
    turret_q16_check_shots(&s, sq, &out, "slow pitch", 0);
    if (sf == AF_OK && sq == AF_OK)
        turret_q16_check_not_earlier(&s, &out, &ref, "slow pitch", 0);
}

/* The f64 fly-by suite's passing platform in Q16.16: launched later the
 * shot hits sooner, down to 3.492022 s from 0.995567 s; then the impact
 * rises again while the head stays in time until 1.000258 s (impact
 * 3.497962 s), inside the same scan cell. */
static void passing_platform(fix16_t latency, const char *name)
{
    af_turret_q16 t;
    af_body_q16 b;
    af_vec3_q16 g = { -642908, 0, 0 };
    double tq;
    memset(&t, 0, sizeof t);
    memset(&b, 0, sizeof b);
    t.flags = AF_TURRET_YAW_WRAPS;
    t.pivot.x = 317406;
    t.pivot.y = -257563;
    t.pivot.z = 170155;
    t.up.z = 65536;
    t.forward.x = 65536;
    t.yaw_min = -98304;
    t.yaw_max = 98304;
    t.pitch_min = -13107;
    t.pitch_max = 65536;
    t.muzzle_forward = 32768;
    t.muzzle_up = 6554;
    t.yaw = 2728304;
    t.pitch = 1057;
    t.yaw_rate = 52123;
    t.pitch_rate = 47944;
    t.latency = latency;
    t.speed = 881 * 65536;
    t.velocity.x = 78802913;
    t.velocity.y = INT32_MIN;
    t.velocity.z = 133120;
    b.position.x = -67104511;
    b.position.y = INT32_MIN;
    b.position.z = 890653;
    tq = check_against_scan(&t, &b, &g, 16, 2e-3, name, 0);
    th_note("%s: first impact %.6f s", name, tq);
}

static void earliest_impact_before_a_descending_shot_falls_behind(void)
{
    passing_platform(6554, "least before the head falls behind");
}

static void earliest_impact_of_a_descent_from_the_latency(void)
{
    passing_platform(64880, "descent from the latency");
}

/* A platform at (-6817, 3385, 4835) m/s passes a target drifting at
 * 17 m/s; its 58 m/s shot, not inherited, from a head turning at one rate
 * with a wrapping yaw: launched later the shot hits sooner until the
 * head falls behind inside a scan cell, the least at 1.719 s. */
static void earliest_impact_where_the_branch_ends_inside_a_cell(void)
{
    af_turret_q16 t;
    af_body_q16 b;
    af_vec3_q16 g = { 0, 0, 0 };
    memset(&t, 0, sizeof t);
    t.flags = AF_TURRET_YAW_WRAPS;
    t.pivot.x = -498234;
    t.pivot.y = -2210477;
    t.pivot.z = -2668503;
    t.up.z = 130336;
    t.forward.x = 38594;
    t.forward.y = 20506;
    t.forward.z = 276;
    t.yaw_min = -44873;
    t.yaw_max = 182387;
    t.pitch_min = -102940;
    t.pitch_max = 102940;
    t.muzzle_up = -22646;
    t.yaw = 148118;
    t.pitch = -29081;
    t.yaw_rate = 123704;
    t.pitch_rate = 102422;
    t.latency = 33748;
    t.speed = 3792141;
    t.velocity.x = -446764930;
    t.velocity.y = 221835233;
    t.velocity.z = 316866172;
    b.position.x = -603696543;
    b.position.y = 297152390;
    b.position.z = 425885953;
    b.velocity.x = -721886;
    b.velocity.y = -332901;
    b.velocity.z = 349006;
    th_note("first impact %.6f s",
            check_against_scan(&t, &b, &g, 16, 1e-3, "branch ends inside a cell", 0));
}

static int fits_q16(af_vec3_f64 v)
{
    return fabs(v.x) < 30000.0 && fabs(v.y) < 30000.0 && fabs(v.z) < 30000.0;
}

/* Random fly-bys within Q16.16's range: every Q16.16 shot flown and
 * checked; how many first impacts come later than the brute-force scan's
 * (or none where it finds one), noted. */
static void scan_flybys(int lob, const char *name)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(400), tried = 0, later = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_scene_flyby(&rng, lob);
        af_turret_q16 t;
        af_body_q16 b;
        af_vec3_q16 g;
        if (!fits_q16(s.turret.pivot) || !fits_q16(s.turret.velocity) ||
            !fits_q16(s.target.position) || !fits_q16(s.target.velocity) ||
            !fits_q16(s.gravity) || s.turret.speed > 30000.0 || s.turret.latency > 30000.0)
            continue;
        t = turret_q16_of(&s.turret);
        /* Q16.16's pi/2 rounds up: the limits a few LSB inside it. */
        t.pitch_min = -102940;
        t.pitch_max = 102940;
        b.position = q16_vec_from_f64(s.target.position);
        b.velocity = q16_vec_from_f64(s.target.velocity);
        g = q16_vec_from_f64(s.gravity);
        {
            af_turret_shots_q16 out;
            af_status st = af_turret_aim_q16(&t, &b, &g, &out);
            double scan;
            s.turret = turret_f64_of(&t);
            s.target.position = q16_vec_to_f64(b.position);
            s.target.velocity = q16_vec_to_f64(b.velocity);
            s.gravity = q16_vec_to_f64(g);
            scan = turret_scan_earliest_seen(&s, AF_TURRET_SCAN_CELLS_Q16, 4, 1e-9);
            turret_q16_check_shots(&s, st, &out, name, i);
            if (scan >= 0.0 && (st != AF_OK || out.shot[0].launch / 65536.0 +
                                                   out.shot[0].flight / 65536.0 >
                                               scan + 1e-3 * (1.0 + scan)))
                later++;
        }
        tried++;
    }
    th_note("%s: %ld scenes within Q16.16 of %ld, %ld with a first impact later than the "
            "scan's by over 1e-3 of its time or none",
            name, tried, n, later);
}

static void scan_straight_flybys(void)
{
    scan_flybys(0, "turret_flyby_q16.scan_straight");
}

static void scan_lob_flybys(void)
{
    scan_flybys(1, "turret_flyby_q16.scan_lob");
}

static const th_case cases[] = {
    TH_CASE(earliest_impact_where_the_branch_ends_inside_a_cell),
    TH_CASE(scan_straight_flybys),
    TH_CASE(scan_lob_flybys),
    TH_CASE(earliest_impact_before_a_descending_shot_falls_behind),
    TH_CASE(earliest_impact_of_a_descent_from_the_latency),
    TH_CASE(impact_earlier_within_the_angle_tolerance_at_a_slow_slew),
};

TH_MAIN("turret_flyby_q16", cases)
