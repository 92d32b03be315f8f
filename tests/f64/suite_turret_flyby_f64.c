/* SPDX-License-Identifier: MIT */
/*
 * The f64 turret aim from a platform that outruns its shot and passes the
 * target: a later launch hits sooner, until the impact turns or the head
 * falls behind, and the earliest impact is wherever that descent bottoms
 * out. Every answer is flown and checked against a brute-force scan of
 * every launch time.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "shot_flight.h"
#include "turret_check.h"

/* A platform at (1202, -32768, 2) m/s, its shot at 881 m/s (not
 * inherited), passes a still target's y near 1.0 s, turning from yaw
 * 41.63 rad (it wraps) at 0.795 rad/s under a 9.81 m/s^2 gravity along -x.
 * Launched later the shot hits sooner, down to 3.492022 s from 0.995567 s;
 * then the impact rises again, while the head stays in time until
 * 1.000258 s (impact 3.497962 s), inside the same scan cell. */
static turret_scene passing_platform(double latency)
{
    turret_scene s;
    memset(&s, 0, sizeof s);
    s.turret.pivot = sf_vec(317406 / 65536.0, -257563 / 65536.0, 170155 / 65536.0);
    s.turret.up = sf_vec(0, 0, 1);
    s.turret.forward = sf_vec(1, 0, 0);
    s.turret.flags = AF_TURRET_YAW_WRAPS;
    s.turret.yaw_min = -1.5;
    s.turret.yaw_max = 1.5;
    s.turret.pitch_min = -13107 / 65536.0;
    s.turret.pitch_max = 1.0;
    s.turret.muzzle_forward = 0.5;
    s.turret.muzzle_up = 6554 / 65536.0;
    s.turret.yaw = 2728304 / 65536.0;
    s.turret.pitch = 1057 / 65536.0;
    s.turret.yaw_rate = 52123 / 65536.0;
    s.turret.pitch_rate = 47944 / 65536.0;
    s.turret.latency = latency;
    s.turret.speed = 881.0;
    s.turret.velocity = sf_vec(78802913 / 65536.0, -32768.0, 133120 / 65536.0);
    s.target.position = sf_vec(-67104511 / 65536.0, -32768.0, 890653 / 65536.0);
    s.gravity = sf_vec(-642908 / 65536.0, 0, 0);
    return s;
}

static void check_passing_platform(double latency, const char *what)
{
    turret_scene s = passing_platform(latency);
    af_turret_shots_f64 out;
    af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    double first = st == AF_OK ? out.shot[0].launch + out.shot[0].flight : -1.0;
    double scan = turret_scan_earliest(&s, th_count(2000), 1e-9);
    TH_CHECK(st == AF_OK && fabs(first - 3.4920221) < 1e-6 && fabs(out.shot[0].launch - 0.99557) < 1e-4,
             "%s: %s, first impact %.9f (launch %.9f); the least is 3.492022 from 0.995567",
             what, af_status_name(st), first, st == AF_OK ? out.shot[0].launch : -1.0);
    turret_check_scan(st, &out, scan, what, 0);
    turret_check_shots(&s, st, &out, 0, what);
}

/* The descent's least lies inside the cell where the head falls behind:
 * the last in-time launch is not the earliest impact. */
static void earliest_impact_before_a_descending_shot_falls_behind(void)
{
    check_passing_platform(6554 / 65536.0, "least before the head falls behind");
}

/* Starting from a latency of 0.99 s the descent begins at the first
 * launch time, with no sample before it to show that it falls, and its
 * least lies inside the first cell. */
static void earliest_impact_of_a_descent_from_the_first_launch_time(void)
{
    check_passing_platform(0.99, "descent from the latency");
}

/* Random fly-bys against the brute-force scan: no scan shot hits before
 * the solver's first, and none exists where the solver finds none. */
static void scan_flybys(int lob, const char *name)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(200), agreed = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_scene_flyby(&rng, lob);
        af_turret_shots_f64 out;
        af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
        double scan = turret_scan_earliest_seen(&s, AF_TURRET_SCAN_CELLS, 4, 1e-9);
        agreed += turret_check_scan(st, &out, scan, name, i);
        turret_check_shots(&s, st, &out, i, name);
    }
    th_note("%s: %ld scenes, %ld where both found shots", name, n, agreed);
}

static void scan_straight_flybys(void)
{
    scan_flybys(0, "turret_flyby_f64.scan_straight");
}

static void scan_lob_flybys(void)
{
    scan_flybys(1, "turret_flyby_f64.scan_lob");
}

static const th_case cases[] = {
    TH_CASE(earliest_impact_before_a_descending_shot_falls_behind),
    TH_CASE(earliest_impact_of_a_descent_from_the_first_launch_time),
    TH_CASE(scan_straight_flybys),
    TH_CASE(scan_lob_flybys),
};

TH_MAIN("turret_flyby_f64", cases)
