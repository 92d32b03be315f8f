/* SPDX-License-Identifier: MIT */
/*
 * The drag aim at a chosen speed at the ends of the doubles: under drag so
 * strong that the pull's displacement b(T), about T / k, underflows at
 * flight times far above the ones the aim treats as short, and at speeds
 * near sqrt(DBL_MAX). Every shot must have the asked speed, and no
 * meeting may be lost.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "kinematics.h"
#include "harness.h"

/* A target 4.2e-314 m away under k = 2^1009 /s and a wind of 204 m/s
 * (k wind about 1.1e306 m/s^2), at 16 m/s. At T = 4.3e-145 s b(T) = T / k
 * underflows to 0 while the wind's share of the velocity, (b / a) k wind,
 * is about k T |wind| = 5e161 m/s: taken as b / a = 0 the speed equation
 * turned negative there and gave a shot at 2e-10 m/s. The meetings are
 * below 1e-304 s, each at the asked speed. */
static void shots_where_strong_drag_underflows_the_pull_displacement_keep_the_speed(void)
{
    const double s = 0x1.ffffep+3;
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0x1p-767, 0, 0 } };
    af_body_f64 target = { { 0, 0x1p-1041, 0 }, { -0x1p-863, 0, -0x1.b8c0000392ap-839 } };
    af_shots_f64 out;
    af_status st;
    int i;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.k = 0x1p+1009;
    m.gravity = (af_vec3_f64){ -311.484375, -205.140625, 135.1875 };
    m.wind = (af_vec3_f64){ -203.84375, 3.5, 0 };
    st = af_drag_aim_speed_f64(&m, &shooter, &target, s, s, AF_INHERIT_VELOCITY, &out);
    if (!TH_CHECK(st == AF_OK && out.count >= 1, "%s, %d shots", af_status_name(st), out.count))
        return;
    for (i = 0; i < out.count; i++)
        TH_CHECK(out.shot[i].t < 1e-300 &&
                     fabs(kin_len(out.shot[i].velocity) / s - 1.0) <= 1e-9,
                 "shot %d of %d (t %.17g): speed %.17g", i, out.count, out.shot[i].t,
                 kin_len(out.shot[i].velocity));
}

/* No drag, a target 1e154 m away moving at 1.4e154 m/s, 1e154 m/s asked:
 * the required speed dips below the asked one near T = 6.2e151 s, between
 * two scan samples, and the dip is located from the slope u.u' / |u|,
 * whose dot product (about 4e311) leaves the doubles there; the meeting
 * had been lost (no_solution). */
static void meeting_where_the_slope_s_dot_product_overflows_is_found(void)
{
    const double big = 1e154, g = 92.359375;
    af_drag_f64 m;
    af_body_f64 shooter = { { g, g, g }, { g, g, g } };
    af_body_f64 target = { { g, 68.359375, big }, { big, 68.265625, big } };
    af_shots_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = (af_vec3_f64){ g, 3.984375, g };
    st = af_drag_aim_speed_f64(&m, &shooter, &target, big, big, AF_INHERIT_VELOCITY, &out);
    if (!TH_CHECK(st == AF_OK && out.count >= 1, "%s, %d shots", af_status_name(st), out.count))
        return;
    TH_CHECK(out.shot[0].t > 6.0e151 && out.shot[0].t < 6.4e151 &&
                 fabs(kin_len(out.shot[0].velocity) / big - 1.0) <= 1e-9,
             "first shot at t %.17g, speed %.17g", out.shot[0].t, kin_len(out.shot[0].velocity));
}

/* No drag, a target climbing at 1.76e156 m/s and a shot 1.4e-9 faster
 * under 16 m/s^2: the shot meets it near 1.4e-150 s and again at
 * 1.5e151 s, when gravity has bent the slower shot back onto its track.
 * The target's position leaves the doubles after 1.02e152 s: the scan's
 * last sample, at b(T)'s overflow (1.9e154 s), was infinite, and the
 * bound below every meeting, |G| b(T) / T with b near DBL_MAX, overflowed
 * to 0; the late meeting had been lost. */
static void meeting_before_the_target_s_position_overflows_is_found(void)
{
    const double s = 1.7565805777393029e+156;
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_f64 target = { { 132.625, 0, 0 }, { 0, 0, 1.7565805753323982e+156 } };
    af_shots_f64 out;
    af_status st;
    int i;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = (af_vec3_f64){ -0x1.fp-12, 0x1.ffffep+3, 0x1.ep-13 };
    st = af_drag_aim_speed_f64(&m, &shooter, &target, s, s, 0, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots", af_status_name(st), out.count))
        return;
    TH_CHECK(out.shot[1].t > 1.4e151 && out.shot[1].t < 1.6e151, "late shot at t %.17g",
             out.shot[1].t);
    for (i = 0; i < out.count; i++)
        TH_CHECK(fabs(kin_len(out.shot[i].velocity) / s - 1.0) <= 1e-9,
                 "shot %d (t %.17g): speed %.17g", i, out.shot[i].t,
                 kin_len(out.shot[i].velocity));
}

/* A target 1.5e-314 m away, met at 0.69 m/s about 2.15e-314 s after
 * launch, just above the 2^-1042 s below which meetings are left out. A
 * subnormal time keeps 32 bits: the speed equation at the nearest times
 * is 8e-11 from zero, its whole last place, which must count as zero. */
static void meeting_at_a_subnormal_time_above_the_cutoff_is_found(void)
{
    af_drag_f64 m;
    af_body_f64 shooter = { { 0, 1.4837393536525067e-314, 0 }, { 0, 0, 2.1218662746206089e-314 } };
    af_body_f64 target = { { 2.4867138175374285e-316, 0, 0 },
                           { 3.3985088839678189e-315, 0, -7.888953468401019e-131 } };
    af_shots_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = (af_vec3_f64){ 0x1p-17, 0x1p-17, 132.515625 };
    st = af_drag_aim_speed_f64(&m, &shooter, &target, 0.69140625, 6.3659873728958169e-314,
                               AF_INHERIT_VELOCITY, &out);
    if (!TH_CHECK(st == AF_OK && out.count == 1, "%s, %d shots", af_status_name(st), out.count))
        return;
    TH_CHECK(out.shot[0].t >= ldexp(1.0, -1042) && out.shot[0].t < 2.2284071058002839e-314,
             "shot at t %.17g", out.shot[0].t);
    TH_CHECK(fabs(kin_len(out.shot[0].velocity) / 0.69140625 - 1.0) <= 1e-9, "speed %.17g",
             kin_len(out.shot[0].velocity));
}

static const th_case cases[] = {
    TH_CASE(shots_where_strong_drag_underflows_the_pull_displacement_keep_the_speed),
    TH_CASE(meeting_where_the_slope_s_dot_product_overflows_is_found),
    TH_CASE(meeting_before_the_target_s_position_overflows_is_found),
    TH_CASE(meeting_at_a_subnormal_time_above_the_cutoff_is_found),
};

TH_MAIN("drag_aim_extremes", cases)
