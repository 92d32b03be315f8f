/* SPDX-License-Identifier: MIT */
/*
 * The f64 turret aim in vacuum where the scene's magnitudes reach the ends
 * of the double range: every shot returned, flown, meets the target.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* A one-rate turret 128 m below its muzzle, a 0.5 m/s shot, a target 1.4 m
 * off drifting at 0.027 m/s, and a gravity near 1e-303 m/s^2 (pointing
 * up), whose |g|^2 underflows: the only meetings are ~1e303 s out. */
static turret_scene feeble_gravity(double pitch_min)
{
    turret_scene s;
    memset(&s, 0, sizeof s);
    s.turret.pivot = (af_vec3_f64){2.6848602294921875, 3.4353790283203125, 0.0460205078125};
    s.turret.up = (af_vec3_f64){0, 1, 0};
    s.turret.forward = (af_vec3_f64){1, 0.003875732421875, 0};
    s.turret.yaw_min = -1.5;
    s.turret.yaw_max = 33.5;
    s.turret.pitch_min = pitch_min;
    s.turret.pitch_max = 1;
    s.turret.muzzle_forward = 0.625;
    s.turret.muzzle_up = 128.10000610351562;
    s.turret.yaw = 0.8619537353515625;
    s.turret.pitch = 0.152374267578125;
    s.turret.yaw_rate = 145.63150024414062;
    s.turret.pitch_rate = 0.800628662109375;
    s.turret.latency = 0.0639801025390625;
    s.turret.speed = 0.5;
    s.turret.velocity = (af_vec3_f64){3.1315130626507647e-294, 2.6114131488648845e-309,
                                      -2.073486328125};
    s.turret.flags = AF_TURRET_ONE_RATE;
    s.target.position = (af_vec3_f64){1.38311767578125, 0, -1.52587890625e-05};
    s.target.velocity = (af_vec3_f64){0.015625, 0.015625, 0.015625};
    s.gravity = (af_vec3_f64){2.486726465617962e-316, 7.2911220195576457e-304,
                              2.6713923844226119e-307};
    return s;
}

/* The quartic's |g|^2 / 4 underflowed to 0, and the f^2 of the distance
 * overflowed at f = 2^512 s: a sign change there gave a shot 1.3e154 s
 * out that missed by 17 times the scene. */
static void feeble_gravity_gives_no_shot_at_the_f_squared_overflow(void)
{
    turret_scene s = feeble_gravity(-0.1999969482421875);
    af_turret_shots_f64 out;
    af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st != AF_OK || out.shot[0].flight < 0x1p511, "%s, flight %.9g s", af_status_name(st),
             out.shot[0].flight);
    turret_check_shots(&s, st, &out, 0, "feeble gravity, pitch from -0.2");
}

/* With the pitch free down to the nadir, the meeting ~1e303 s out, where
 * the shot falls back up to the target, is found. */
static void feeble_gravity_meets_the_target_a_free_fall_time_out(void)
{
    turret_scene s = feeble_gravity(-0.5 * 3.14159265358979323846);
    af_turret_shots_f64 out;
    af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st == AF_OK && out.shot[0].flight > 1e302 && out.shot[0].flight < 1e304,
             "%s, flight %.9g s", af_status_name(st), out.shot[0].flight);
    turret_check_shots(&s, st, &out, 0, "feeble gravity, pitch free");
}

/* A forward 3e-6 to 1e-4 rad from up: the barrel at yaw 0 and yaw pi/2
 * within 1e-13 rad of the tests' own frame (formed from exact products),
 * where removing up's part by a rounded up turns it by 2^-53 over the
 * angle, 4e-11 rad at 3e-6. */
static void forward_near_up_keeps_its_heading(void)
{
    th_rng rng = th_rng_for("turret_extremes_f64.forward_near_up");
    double worst = 0.0;
    long i, n = th_count(400);
    for (i = 0; i < n; i++) {
        af_turret_f64 t = turret_level();
        double angle = th_rand_log(&rng, 3e-6, 1e-4), lu, lp;
        af_vec3_f64 p;
        int k;
        t.up.x = th_rand_uniform(&rng, -1, 1);
        t.up.y = th_rand_uniform(&rng, -1, 1);
        t.up.z = th_rand_uniform(&rng, 0.1, 1);
        /* Off up by about `angle`, along up x (0, 0, 1). */
        lu = sqrt(t.up.x * t.up.x + t.up.y * t.up.y + t.up.z * t.up.z);
        p.x = t.up.y;
        p.y = -t.up.x;
        lp = sqrt(p.x * p.x + p.y * p.y);
        t.forward.x = t.up.x + angle * lu * p.x / lp;
        t.forward.y = t.up.y + angle * lu * p.y / lp;
        t.forward.z = t.up.z;
        t.yaw_min = -4.0;
        t.yaw_max = 4.0;
        for (k = 0; k < 2; k++) {
            double yaw = k ? 1.5707963267948966 : 0.0;
            af_turret_pose_f64 pose;
            af_vec3_f64 barrel, above;
            af_status st = af_turret_barrel_f64(&t, yaw, 0.0, &pose);
            turret_axes(&t, yaw, 0.0, &barrel, &above);
            if (st == AF_OK) {
                double cx = pose.barrel.y * barrel.z - pose.barrel.z * barrel.y;
                double cy = pose.barrel.z * barrel.x - pose.barrel.x * barrel.z;
                double cz = pose.barrel.x * barrel.y - pose.barrel.y * barrel.x;
                double off = sqrt(cx * cx + cy * cy + cz * cz);
                worst = fmax(worst, off);
                TH_CHECK(off <= 1e-13, "%ld: forward %.3g rad from up, the barrel at yaw %g off "
                         "by %.3g rad", i, angle, yaw, off);
            } else
                TH_CHECK(0, "%ld: %s", i, af_status_name(st));
        }
    }
    th_note("turret_extremes_f64.forward_near_up: %ld frames, worst %.3g rad", n, worst);
}

static const th_case cases[] = {
    TH_CASE(forward_near_up_keeps_its_heading),
    TH_CASE(feeble_gravity_gives_no_shot_at_the_f_squared_overflow),
    TH_CASE(feeble_gravity_meets_the_target_a_free_fall_time_out),
};

TH_MAIN("turret_extremes_f64", cases)
