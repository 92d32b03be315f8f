/* SPDX-License-Identifier: MIT */
/*
 * The f64 turret aim near the zenith, where a muzzle above the barrel puts
 * the muzzle's path through the target from both planes (yaw and yaw + pi)
 * with a pitch within +-90 deg: the aim takes the one in the limits with
 * the shorter slew, in vacuum and with drag.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "shot_flight.h"
#include "turret_check.h"

/* A target 3 m up and 0.3 m behind a head whose muzzle sits 0.5 m above a
 * 0.2 m barrel: over the back (yaw pi, pitch ~75 deg) or over the top
 * (yaw 0, pitch ~87 deg). */
static turret_scene overhead(unsigned flags, double yaw_min, double yaw_max, double pitch)
{
    turret_scene s;
    memset(&s, 0, sizeof s);
    s.turret.up = sf_vec(0, 0, 1);
    s.turret.forward = sf_vec(1, 0, 0);
    s.turret.flags = flags;
    s.turret.yaw_min = yaw_min;
    s.turret.yaw_max = yaw_max;
    s.turret.pitch_min = -0.5 * 3.14159265358979323846;
    s.turret.pitch_max = 0.5 * 3.14159265358979323846;
    s.turret.muzzle_forward = 0.2;
    s.turret.muzzle_up = 0.5;
    s.turret.pitch = pitch;
    s.turret.yaw_rate = 1.0;
    s.turret.pitch_rate = 1.0;
    s.turret.speed = 10.0;
    s.target.position = sf_vec(-0.3, 0, 3.0);
    s.gravity = sf_vec(0, 0, -9.81);
    return s;
}

/* Yaw limited to +-1 rad: the back plane's yaw pi is beyond them, the
 * over-the-top plane is within. */
static void reachable_only_over_the_top(void)
{
    turret_scene s = overhead(0, -1.0, 1.0, 0.0);
    af_turret_shots_f64 out;
    af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st == AF_OK && fabs(out.shot[0].yaw) < 1e-9 && out.shot[0].pitch > 1.4,
             "over the top: %s, yaw %.6f pitch %.6f", af_status_name(st),
             st == AF_OK ? out.shot[0].yaw : 0.0, st == AF_OK ? out.shot[0].pitch : 0.0);
    turret_check_scan(st, &out, turret_scan_earliest(&s, th_count(2000), 1e-9), "over the top", 0);
    turret_check_shots(&s, st, &out, 0, "over the top");
}

/* The yaw wraps and the head already points up at yaw 0: over the top is
 * a small pitch slew, over the back a half turn of yaw. */
static void over_the_top_when_it_is_the_shorter_slew(void)
{
    turret_scene s = overhead(AF_TURRET_YAW_WRAPS, 0.0, 0.0, 1.5);
    af_turret_shots_f64 out;
    af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st == AF_OK && fabs(out.shot[0].yaw) < 1e-9 && out.shot[0].launch < 0.5,
             "shorter slew: %s, yaw %.6f launch %.6f", af_status_name(st),
             st == AF_OK ? out.shot[0].yaw : 0.0, st == AF_OK ? out.shot[0].launch : 0.0);
    turret_check_scan(st, &out, turret_scan_earliest(&s, th_count(2000), 1e-9), "shorter slew", 0);
    turret_check_shots(&s, st, &out, 0, "shorter slew");
}

/* Both cases with a drag of 0.1 /s: the shots flown with drag. */
static void drag_takes_the_plane_in_the_limits_with_the_shorter_slew(void)
{
    static const struct {
        unsigned flags;
        double yaw_lim, pitch;
        const char *name;
    } scenes[] = { { 0, 1.0, 0.0, "drag, over the top" },
                   { AF_TURRET_YAW_WRAPS, 0.0, 0.0, "drag, shorter slew" } };
    af_drag_f64 d;
    int i;
    memset(&d, 0, sizeof d);
    d.kind = AF_DRAG_KIND_CONTINUOUS;
    d.gravity = sf_vec(0, 0, -9.81);
    d.k = 0.1;
    for (i = 0; i < 2; i++) {
        turret_scene s = overhead(scenes[i].flags, -scenes[i].yaw_lim, scenes[i].yaw_lim,
                                  scenes[i].pitch);
        af_turret_shots_f64 out;
        af_status st;
        s.drag = &d;
        s.max_time = 10.0;
        st = af_turret_aim_drag_f64(&s.turret, &d, &s.target, s.max_time, &out);
        TH_CHECK(st == AF_OK && fabs(out.shot[0].yaw) < 1e-9 && out.shot[0].launch < 1.6,
                 "%s: %s, yaw %.6f launch %.6f", scenes[i].name, af_status_name(st),
                 st == AF_OK ? out.shot[0].yaw : 0.0, st == AF_OK ? out.shot[0].launch : 0.0);
        turret_check_shots(&s, st, &out, 0, scenes[i].name);
    }
}

static const th_case cases[] = {
    TH_CASE(reachable_only_over_the_top),
    TH_CASE(over_the_top_when_it_is_the_shorter_slew),
    TH_CASE(drag_takes_the_plane_in_the_limits_with_the_shorter_slew),
};

TH_MAIN("turret_over_top_f64", cases)
