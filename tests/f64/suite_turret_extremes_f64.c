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

/* With the pitch free down to the nadir, a meeting a free-fall time out
 * (1e294 to 1e304 s), where the shot falls back up to the target, is
 * found: launched at once the shot needs ~1e303 s, launched later (the
 * launch times up to that impact scanned) ~1e294 s. */
static void feeble_gravity_meets_the_target_a_free_fall_time_out(void)
{
    turret_scene s = feeble_gravity(-0.5 * 3.14159265358979323846);
    af_turret_shots_f64 out;
    af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st == AF_OK && out.shot[0].flight > 1e294 && out.shot[0].flight < 1e304,
             "%s, flight %.9g s (launch %.9g s)", af_status_name(st), out.shot[0].flight,
             out.shot[0].launch);
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

/* The head's angles of a direction at the ends of the doubles: a
 * subnormal one (1.3e-321 m) and one near DBL_MAX are scaled by a power
 * of two before meeting the frame, whose products lost their bits (1.4e-3
 * rad off) or overflowed (a pitch of 0 clamped to the floor as ok); a
 * turn over a rate of 1.6e-311 rad/s takes no finite time (overflow, not
 * ok with an infinite slew). */
static void angles_of_directions_at_the_ends_of_the_doubles(void)
{
    af_turret_f64 t = turret_level();
    af_vec3_f64 tiny = { 0x1p-1066, 0x1p-1067, 0x1p-1068 };
    af_vec3_f64 huge = { 1.5e308, 1.5e308, -1e308 }, side = { 1, 0.1, 0 };
    af_turret_command_f64 c;
    af_status st;
    /* Forward (0.6, 0.8, 0): the tiny direction is (1, -0.5, 0.25) in the
     * head's frame, 2^-1066 times; the huge one 25 degrees down. */
    t.forward = (af_vec3_f64){ 0.6, 0.8, 0 };
    st = af_turret_angles_f64(&t, &tiny, &c);
    TH_CHECK(st == AF_OK && fabs(c.yaw - atan2(-0.5, 1.0)) <= 1e-15 &&
                 fabs(c.pitch - atan2(0.25, hypot(1.0, 0.5))) <= 1e-15,
             "subnormal: %s yaw %.17g pitch %.17g", af_status_name(st), c.yaw, c.pitch);
    st = af_turret_angles_f64(&t, &huge, &c);
    TH_CHECK(st == AF_ERR_BEYOND_PITCH && c.slew == 0, "near DBL_MAX, 25 degrees down: %s",
             af_status_name(st));
    t.forward = (af_vec3_f64){ 1, 0, 0 };
    t.yaw_rate = 1.6e-311;
    st = af_turret_angles_f64(&t, &side, &c);
    TH_CHECK(st == AF_ERR_OVERFLOW && c.slew == 0, "subnormal yaw rate: %s, slew %g",
             af_status_name(st), c.slew);
}

/* A muzzle past DBL_MAX (a pivot and an offset near it) is overflow, not
 * ok with an infinite position. */
static void barrel_whose_muzzle_leaves_the_doubles_overflows(void)
{
    af_turret_f64 t = turret_level();
    af_turret_pose_f64 pose;
    af_status st;
    t.pivot.z = 1.7e308;
    t.muzzle_up = 1.7e308;
    st = af_turret_barrel_f64(&t, 0.0, 0.0, &pose);
    TH_CHECK(st == AF_ERR_OVERFLOW && pose.muzzle.z == 0, "%s, muzzle z %g", af_status_name(st),
             pose.muzzle.z);
}

/* A turret whose yaw limits hold 5 200 turns, a target 184 m off: every
 * direction is reached by the turn nearest the current yaw, within pi of
 * it, so the search spans only that slew (not the 19 000 s across the
 * limits) and answers as with limits holding a turn and a half on each
 * side. The target, 90 m below the pitch floor and rising, comes into the
 * limits only past that slew, and is waited for: the 14.49 s impact (a
 * scan of the whole span, in cells of 74 s, gave a 21.13 s one). */
static void yaw_limits_of_many_turns_search_only_the_nearest_turn(void)
{
    turret_scene wide, narrow;
    af_turret_shots_f64 a, b;
    af_status sa, sb;
    memset(&wide, 0, sizeof wide);
    wide.turret.pivot = (af_vec3_f64){1.60113525390625, 90.234954833984375, 0};
    wide.turret.up = (af_vec3_f64){0, 1, 0};
    wide.turret.forward = (af_vec3_f64){-26109, 0, 50};
    wide.turret.yaw_min = -32767.98828125;
    wide.turret.yaw_max = 15.984375;
    wide.turret.pitch_min = 0;
    wide.turret.pitch_max = 1;
    wide.turret.muzzle_forward = 0.5;
    wide.turret.muzzle_up = 128.10000610351562;
    wide.turret.yaw = 0.4178466796875;
    wide.turret.pitch = 0.0726776123046875;
    wide.turret.yaw_rate = 1.7327728271484375;
    wide.turret.pitch_rate = 0.374053955078125;
    wide.turret.speed = 120;
    wide.target.position = (af_vec3_f64){145.56050109863281, 0, -112.16165161132812};
    wide.target.velocity = (af_vec3_f64){-12.699234008789062, 14.198074340820312, 0};
    wide.gravity = (af_vec3_f64){0, -25.80999755859375, 0};
    narrow = wide;
    narrow.turret.yaw_min = wide.turret.yaw - 3 * 3.14159265358979323846;
    narrow.turret.yaw_max = wide.turret.yaw + 3 * 3.14159265358979323846;
    sa = af_turret_aim_f64(&wide.turret, &wide.target, &wide.gravity, &a);
    sb = af_turret_aim_f64(&narrow.turret, &narrow.target, &narrow.gravity, &b);
    TH_CHECK(sa == AF_OK && sb == AF_OK && a.count == b.count &&
                 memcmp(&a.shot[0], &b.shot[0], sizeof a.shot[0]) == 0 &&
                 fabs(a.shot[0].launch + a.shot[0].flight - 14.48997) < 1e-5,
             "%s %d shots, %s %d shots, first impact %.9f s", af_status_name(sa), a.count,
             af_status_name(sb), b.count, sa == AF_OK ? a.shot[0].launch + a.shot[0].flight : -1.0);
    turret_check_shots(&wide, sa, &a, 0, "5 200 turns of yaw, waited for");
    /* Lifted 200 m, it is in the limits at once: the same shots. */
    wide.target.position.y += 200;
    narrow.target.position.y += 200;
    sa = af_turret_aim_f64(&wide.turret, &wide.target, &wide.gravity, &a);
    sb = af_turret_aim_f64(&narrow.turret, &narrow.target, &narrow.gravity, &b);
    TH_CHECK(sa == AF_OK && sb == AF_OK && a.count == b.count &&
                 memcmp(&a.shot[0], &b.shot[0], sizeof a.shot[0]) == 0,
             "%s %d, %s %d", af_status_name(sa), a.count, af_status_name(sb), b.count);
    turret_check_shots(&wide, sa, &a, 0, "5 200 turns of yaw");
}

/* A platform at 32768 m/s, the shot falling 1.5e6 m across a 126 s
 * flight: the earliest shot after the first comes in at yaw_min. An angle
 * up to 1e-12 rad beyond a limit was clamped onto it, turning that shot
 * by 2.5e-12 rad: a miss of 3.9e-6 m, 2.9e-9 of the scene. */
static void a_shot_clamped_onto_a_limit_turns_by_its_rounding_only(void)
{
    turret_scene s;
    af_turret_shots_f64 out;
    af_status st;
    memset(&s, 0, sizeof s);
    s.turret.pivot = (af_vec3_f64){-3.9764251708984375, -0.1532440185546875, 1.77960205078125};
    s.turret.up = (af_vec3_f64){0, 0, 1};
    s.turret.forward = (af_vec3_f64){1, 0, 0};
    s.turret.yaw_min = -1.5;
    s.turret.yaw_max = 5.5;
    s.turret.pitch_min = -0.1999969482421875;
    s.turret.pitch_max = 1;
    s.turret.muzzle_forward = 0.5;
    s.turret.muzzle_up = 0.100006103515625;
    s.turret.yaw = -0.996124267578125;
    s.turret.pitch = 0.320648193359375;
    s.turret.yaw_rate = 0.344879150390625;
    s.turret.pitch_rate = 0.8522491455078125;
    s.turret.latency = 0.0500030517578125;
    s.turret.speed = 12288.001861572266;
    s.turret.velocity = (af_vec3_f64){-32768, -15.984375, 0};
    s.target.position = (af_vec3_f64){76.0389404296875, 0, 2.2461700439453125};
    s.target.velocity = (af_vec3_f64){-10.290939331054688, 0, 0};
    s.gravity = (af_vec3_f64){0, 194.5625, 3.984375};
    st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st == AF_OK && out.count == 2 && out.shot[1].yaw == -1.5, "%s, %d shots, yaw %.17g",
             af_status_name(st), out.count, out.shot[1].yaw);
    turret_check_shots(&s, st, &out, 0, "shot clamped onto yaw_min");
}

static const th_case cases[] = {
    TH_CASE(yaw_limits_of_many_turns_search_only_the_nearest_turn),
    TH_CASE(a_shot_clamped_onto_a_limit_turns_by_its_rounding_only),
    TH_CASE(forward_near_up_keeps_its_heading),
    TH_CASE(angles_of_directions_at_the_ends_of_the_doubles),
    TH_CASE(barrel_whose_muzzle_leaves_the_doubles_overflows),
    TH_CASE(feeble_gravity_gives_no_shot_at_the_f_squared_overflow),
    TH_CASE(feeble_gravity_meets_the_target_a_free_fall_time_out),
};

TH_MAIN("turret_extremes_f64", cases)
