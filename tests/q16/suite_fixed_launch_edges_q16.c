/* SPDX-License-Identifier: MIT */
/*
 * Fixed-direction and fixed-elevation launchers in Q16.16
 * (aimfix/fixed_launch.h) on chosen rows: the edges give the documented
 * statuses, and scenes where a solve once went wrong give their shots.
 * Random scenes against the f64 twins are suite_fixed_launch_q16.c's.
 */
#include <math.h>
#include <stddef.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "q16_solve_check.h"

static void fixed_edges_q16(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, far_shooter = { { -30000 * 65536, 0, 0 },
                                                                         { 0, 0, 0 } };
    af_body_accel_q16 above = { { 0, 0, 50 << 16 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_q16 behind = { { -40 * 65536, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_q16 front = { { 40 << 16, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_q16 far_front = { { 30000 << 16, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_q16 pulled = { { 40 << 16, 0, 0 }, { 0, 0, 0 }, { 0, 0, 32767 << 16 } };
    /* 1.6 m off the diagonal at 52 km, flying along it. */
    af_body_accel_q16 beside_line = { { 30000 << 16, 30000 << 16, 29998 << 16 },
                                      { 100 << 16, 100 << 16, 100 << 16 },
                                      { 0, 0, 0 } };
    af_body_accel_q16 up_slant = { { -30 * 65536, 0, 40 << 16 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_vec3_q16 g = { 0, 0, -642908 }, zero = { 0, 0, 0 }, up = { 0, 0, 65536 },
                hood = { 65536, 0, 65536 }, strong = { 0, 0, -32767 * 65536 },
                diag = { 65536, 65536, 65536 }, slant = { 3 << 16, 0, -4 * 65536 };
    af_shots_q16 out;
    const struct {
        const char *why;
        const af_body_q16 *shooter;
        const af_body_accel_q16 *target;
        const af_vec3_q16 *dir, *g;
        af_status want;
    } dir_rows[] = {
        { "zero direction: no launch line", &shooter, &front, &zero, &g, AF_ERR_BAD_ARGUMENT },
        { "target behind a 45-degree hood: the arc never comes back", &shooter, &behind, &hood,
          &g, AF_ERR_NO_SOLUTION },
        { "target ahead on the ground under a 45-degree hood: one lob", &shooter, &front, &hood,
          &g, AF_OK },
        { "straight up at a static target above: on the line at every time", &shooter, &above,
          &up, &g, AF_ERR_OUT_OF_RANGE },
        { "target 60000 m from the shooter: its offset does not fit Q16.16", &far_shooter,
          &far_front, &hood, &g, AF_ERR_OUT_OF_RANGE },
        { "g - a beyond Q16.16 (32767 up against 32767 down)", &shooter, &pulled, &hood, &strong,
          AF_ERR_OUT_OF_RANGE },
        { "target beside the launch line, moving along it: on it at no time", &shooter,
          &beside_line, &diag, &zero, AF_ERR_NO_SOLUTION },
    };
    const struct {
        const char *why;
        fix16_t e;
        const af_body_accel_q16 *target;
        const af_vec3_q16 *g;
        af_status want;
    } elev_rows[] = {
        { "no gravity: no horizontal", 30000, &front, &zero, AF_ERR_BAD_ARGUMENT },
        { "elevation 1 LSB beyond pi/2", 102945, &front, &g, AF_ERR_BAD_ARGUMENT },
        { "45 degrees at a point on the ground: one lob", 51472, &front, &g, AF_OK },
        { "straight up (pi/2) at a static target above: every time", 102944, &above, &g,
          AF_ERR_OUT_OF_RANGE },
        { "straight down (-pi/2) at a target above: never", -102944, &above, &g,
          AF_ERR_NO_SOLUTION },
        { "straight up a slanted gravity at a static target on its line: every time", 102944,
          &up_slant, &slant, AF_ERR_OUT_OF_RANGE },
    };
    size_t i;
    for (i = 0; i < sizeof dir_rows / sizeof dir_rows[0]; i++) {
        af_status st = af_fixed_dir_q16(dir_rows[i].shooter, dir_rows[i].target, dir_rows[i].dir,
                                        dir_rows[i].g, 0, &out);
        TH_CHECK(st == dir_rows[i].want && (st == AF_OK) == (out.count > 0),
                 "%s: status %d count %d", dir_rows[i].why, (int)st, out.count);
    }
    for (i = 0; i < sizeof elev_rows / sizeof elev_rows[0]; i++) {
        af_status st = af_fixed_elev_q16(&shooter, elev_rows[i].target, elev_rows[i].e,
                                         elev_rows[i].g, 0, &out);
        TH_CHECK(st == elev_rows[i].want && (st == AF_OK) == (out.count > 0),
                 "%s: status %d count %d", elev_rows[i].why, (int)st, out.count);
    }
    TH_CHECK(af_fixed_dir_q16(&shooter, &front, &hood, NULL, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NULL gravity");
    {
        /* A shooter at +32767 m/s and a target at -32767 m/s: with
         * AF_INHERIT_VELOCITY their relative velocity does not fit. */
        af_body_q16 racing = { { 0, 0, 0 }, { 32767 << 16, 0, 0 } };
        af_body_accel_q16 oncoming = { { 40 << 16, 0, 0 }, { -32767 * 65536, 0, 0 }, { 0, 0, 0 } };
        af_status st = af_fixed_elev_q16(&racing, &oncoming, 51472, &g, AF_INHERIT_VELOCITY, &out);
        TH_CHECK(st == AF_ERR_OUT_OF_RANGE && out.count == 0,
                 "relative velocity beyond Q16.16: status %d count %d", (int)st, out.count);
        st = af_fixed_dir_q16(&racing, &oncoming, &hood, &g, AF_INHERIT_VELOCITY, &out);
        TH_CHECK(st == AF_ERR_OUT_OF_RANGE && out.count == 0,
                 "relative velocity beyond Q16.16 (direction): status %d count %d", (int)st,
                 out.count);
    }
}

/* An elevation just below level (-0.0132 rad) at a target met twice, at
 * 0.81 s and 72.33 s: each crossing lies 0.16 s from one of the mirror
 * elevation's, too near for the squared (quartic) form's rounding to
 * part; both are found, each at the asked elevation. */
static void fixed_elev_near_level_keeps_both_crossings(void)
{
    af_body_q16 sh = { { -86151811, -142949807, 127316261 }, { 4339725, -9018559, 9002600 } };
    af_body_accel_q16 tg = { { 102299968, 11939177, 140019628 },
                             { 4090327, -14653868, -10725747 },
                             { 11529, 145464, -103478 } };
    af_vec3_q16 g = { 0, 0, -642908 };
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&sh, &tg, -865, &g, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_OK && q.count == 2, "status %d, %d shots", (int)st, q.count);
    if (q.count == 2) {
        TH_CHECK(fabs(q16_to_f64(q.shot[0].t) - 0.814170866) < 1e-4, "first at %g s",
                 q16_to_f64(q.shot[0].t));
        TH_CHECK(fabs(q16_to_f64(q.shot[1].t) - 72.3331043) < 1e-3, "second at %g s",
                 q16_to_f64(q.shot[1].t));
    }
}

/* Straight up at a ball thrown up from the muzzle: on the launch line at
 * every time, and ahead of it while it flies (falling with the shot, or
 * pulled down twice as hard and so rising only until 1.3 s), so every
 * such time meets it (AF_ERR_OUT_OF_RANGE); thrown down, it is never
 * ahead (AF_ERR_NO_SOLUTION). */
static void fixed_dir_ball_on_the_line(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_accel_q16 up_ball = { { 0, 0, 0 }, { 0, 0, 831466 }, { 0, 0, -642908 } },
                      pulled_ball = { { 0, 0, 0 }, { 0, 0, 831466 }, { 0, 0, -1285816 } },
                      down_ball = { { 0, 0, 0 }, { 0, 0, -831466 }, { 0, 0, -642908 } };
    af_vec3_q16 g = { 0, 0, -642908 }, up = { 0, 0, 65536 };
    af_shots_q16 out;
    af_status st = af_fixed_dir_q16(&shooter, &up_ball, &up, &g, 0, &out);
    TH_CHECK(st == AF_ERR_OUT_OF_RANGE && out.count == 0, "falling with the shot: status %d",
             (int)st);
    st = af_fixed_dir_q16(&shooter, &pulled_ball, &up, &g, 0, &out);
    TH_CHECK(st == AF_ERR_OUT_OF_RANGE && out.count == 0, "rising, then falling: status %d",
             (int)st);
    st = af_fixed_dir_q16(&shooter, &down_ball, &up, &g, 0, &out);
    TH_CHECK(st == AF_ERR_NO_SOLUTION && out.count == 0, "thrown down: status %d", (int)st);
}

/* 46 km/s^2 of gravity, a static target 16 m off, elevation 3217 raw:
 * Newton's first step from the quartic's root overshoots by 202 LSB and
 * the next step back is 3 LSB, a step to take, not the turn-back of the
 * rounding; one shot at 7871 raw (0.12010 s), not a second 3 LSB later
 * that misses by 0.25 m. */
static void fixed_elev_newton_steps_back_after_an_overshoot(void)
{
    af_body_q16 sh = { { 2097152, 0, -30476288 }, { -32887808, 1048575, 1048575 } };
    af_body_accel_q16 tg = { { 1048575, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_vec3_q16 g = { 2147483647, -4, 2147483647 };
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&sh, &tg, 3217, &g, 0, &q);
    TH_CHECK(st == AF_OK && q.count == 1 && q.shot[0].t == 7871, "status %d, %d shots, first at "
             "%ld raw", (int)st, q.count, (long)q.shot[0].t);
}

/* Gravity (377, 377, 377) m/s^2, elevation 0: the first shot's u(t) is
 * nearly vertical (1956 raw of 8736 horizontal), so the horizontal part's
 * rounding (a raw along up) tilted it 5.3e-4 rad; level within a few
 * 2^-16 rad plus its components' half LSB over the speed. */
static void fixed_elev_steep_aim_is_levelled_at_unit_scale(void)
{
    af_body_q16 sh = { { 14737408, 14737408, 14737408 }, { 10543104, 14474240, 14474240 } };
    af_body_accel_q16 tg = { { 14474240, 14474240, 14474240 },
                             { 14474240, 14474240, 14474240 },
                             { 14212096, 14474240, 14474240 } };
    af_vec3_q16 g = { 24737792, 24737792, 24737792 };
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&sh, &tg, 0, &g, 0, &q);
    TH_CHECK(st == AF_OK && q.count >= 1, "status %d, %d shots", (int)st, q.count);
    if (q.count >= 1) {
        af_vec3_f64 v = q16_vec_to_f64(q.shot[0].velocity);
        double speed = sqrt(v.x * v.x + v.y * v.y + v.z * v.z),
               up = -(v.x + v.y + v.z) / sqrt(3.0), tol = (4 + 2 / speed) / 65536;
        TH_CHECK(speed > 0 && fabs(asin(up / speed)) <= tol, "elevation %g (allowed %g)",
                 asin(up / speed), tol);
    }
}

/* A target accelerating at 15 raw per axis met after 361 s: its point is
 * p + v t + a t^2/2 with a t^2/2 rounded once (a t rounded first was off
 * by 0.0024 m); within an LSB per term of the exact point. */
static void fixed_elev_point_rounds_a_t2_once(void)
{
    af_body_q16 sh = { { 1048575, 30527488, 1048575 }, { 1048575, 1048575, -30527488 } };
    af_body_accel_q16 tg = { { 1052672, 15, 15 }, { 15, 15, 15 }, { 15, 15, 15 } };
    af_vec3_q16 g = { 0, 0, -1 };
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&sh, &tg, 0, &g, 0, &q);
    TH_CHECK(st == AF_OK && q.count >= 1, "status %d, %d shots", (int)st, q.count);
    if (q.count >= 1) {
        double t = q16_to_f64(q.shot[0].t), a = 15.0 / 65536, p[3], off = 0;
        int k;
        p[0] = 1052672.0 / 65536 + a * t + a * t * t / 2;
        p[1] = p[2] = a + a * t + a * t * t / 2;
        for (k = 0; k < 3; k++)
            off = fmax(off, fabs(q16_to_f64((&q.shot[0].point.x)[k]) - p[k]));
        TH_CHECK(off <= 2.0 / 65536, "point %g off p + v t + a t^2/2", off);
    }
}

/* Elevation 377 raw at a static target 4 m below, under 504 m/s^2: the
 * root of e lies 0.3 LSB of time past R_up's, so the LSB nearest it has
 * R_up below zero; the shot is the LSB on the elevation's side
 * (0.1257 s), not none. */
static void fixed_elev_root_within_an_lsb_of_r_up_root_is_kept(void)
{
    af_body_q16 sh = { { -1024, 1024, 261120 }, { 31979520, -697028492, 2147483647 } };
    af_body_accel_q16 tg = { { 2048, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_vec3_q16 g = { 1048575, -143360, -33030144 };
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&sh, &tg, 377, &g, 0, &q);
    TH_CHECK(st == AF_OK && q.count == 1 && q.shot[0].t >= 8238 && q.shot[0].t <= 8239,
             "status %d, %d shots, first at %ld raw", (int)st, q.count, (long)q.shot[0].t);
}

/* A target 5 m below the muzzle on a slanted gravity's line, met by the
 * projectile dropped from the muzzle after 1.156 s: the velocity wanted
 * there rounds to no horizontal part, no elevation. No solution, vacuum
 * and drag; it was an overflow, as if that shot did not fit. */
static void fixed_elev_drop_onto_the_target_is_no_solution(void)
{
    af_vec3_q16 g = { -131072, -262144, -393216 };
    af_body_q16 shooter = { { 65536, 131072, 196608 }, { 0, 0, 0 } };
    /* (1, 2, 3) m + 5 m (-1, -2, -3) / sqrt(14) */
    af_body_accel_q16 target = { { -22040, -44080, -66120 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_drag_q16 m = { 0 };
    af_shots_q16 out;
    af_status sv, sd;
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = g;
    m.k = 16384;
    sv = af_fixed_elev_q16(&shooter, &target, 0, &g, 0, &out);
    sd = af_drag_fixed_elev_q16(&m, &shooter, &target, 0, INT32_C(262144), 0, &out);
    TH_CHECK(sv == AF_ERR_NO_SOLUTION && sd == AF_ERR_NO_SOLUTION, "vacuum %s, drag %s",
             af_status_name(sv), af_status_name(sd));
}

/* Elevation 19 raw at a reach that crosses level 0.0006 LSB of time past
 * 16640 raw with 0.001 m across (rising 917 m/s): R_up there is 0.54 LSB,
 * within its rounding of either side, so 16640 is the shot
 * (a miss of 8e-6 m), not 16639 whose reach is 0.014 m straight up
 * (a miss of 0.019 m). */
static void fixed_elev_r_up_rounded_to_zero_is_on_the_side(void)
{
    af_body_q16 sh = { { 10526720, -26959872, -26844160 }, { -26844160, -26844160, -26844160 } };
    af_body_accel_q16 tg = { { 1377330, -36109292, -35993490 },
                             { 10526720, 10526720, 10526720 },
                             { 0, 0, 0 } };
    af_vec3_q16 g = { 10526720, 10526720, 10526720 };
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&sh, &tg, 19, &g, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_OK && q.count >= 1 && q.shot[0].t == 16640,
             "status %d, %d shots, first at %ld raw", (int)st, q.count, (long)q.shot[0].t);
}

/* Elevation -3 raw, a shot planted at 256 raw whose reach there is below
 * an LSB (no horizontal part: not a shot); the root rounds to 255 raw,
 * where the reach is 0.0104 m straight down. The speed along the launch
 * (0.0104 m off, one LSB of time at the reach's 684 m/s) is the nearest
 * shot; |u| at the elevation missed by 0.0148 m. */
static void fixed_elev_time_off_the_root_takes_the_speed_along_the_launch(void)
{
    af_body_q16 sh = { { -25791488, -25791488, -23170048 }, { -25791488, -25791488, -25791488 } };
    af_body_accel_q16 tg = { { -25892433, -25892432, -23270993 }, { 0, 0, 0 }, { 0, 0, 0 } };
    af_vec3_q16 g = { -25791488, -25792512, -25791488 };
    af_shots_q16 q;
    af_status st = af_fixed_elev_q16(&sh, &tg, -3, &g, AF_INHERIT_VELOCITY, &q);
    af_body_f64 shooter;
    af_body_accel_f64 target;
    double t, miss;
    TH_CHECK(st == AF_OK && q.count >= 1, "status %s, %d shots", af_status_name(st), q.count);
    if (st != AF_OK || q.count < 1)
        return;
    t = q16_to_f64(q.shot[0].t);
    shooter.position = q16_vec_to_f64(sh.position);
    shooter.velocity = q16_vec_to_f64(sh.velocity);
    target.position = q16_vec_to_f64(tg.position);
    target.velocity = q16_vec_to_f64(tg.velocity);
    target.acceleration = q16_vec_to_f64(tg.acceleration);
    miss = kin_dist(kin_projectile(&shooter, 1, q16_vec_to_f64(q.shot[0].velocity),
                                   q16_vec_to_f64(g), t),
                    kin_accel_body(&target, t));
    TH_CHECK(miss <= 684.3 / 65536 + 8.0 / 65536, "t %ld raw, misses by %.4g m", (long)q.shot[0].t,
             miss);
}

static const th_case cases[] = {
    TH_CASE(fixed_edges_q16),
    TH_CASE(fixed_elev_near_level_keeps_both_crossings),
    TH_CASE(fixed_dir_ball_on_the_line),
    TH_CASE(fixed_elev_newton_steps_back_after_an_overshoot),
    TH_CASE(fixed_elev_steep_aim_is_levelled_at_unit_scale),
    TH_CASE(fixed_elev_point_rounds_a_t2_once),
    TH_CASE(fixed_elev_root_within_an_lsb_of_r_up_root_is_kept),
    TH_CASE(fixed_elev_drop_onto_the_target_is_no_solution),
    TH_CASE(fixed_elev_r_up_rounded_to_zero_is_on_the_side),
    TH_CASE(fixed_elev_time_off_the_root_takes_the_speed_along_the_launch),
};

TH_MAIN("fixed_launch_edges_q16", cases)
