/* SPDX-License-Identifier: MIT */
/*
 * The Q16 drag aim's convex search (src/q16/drag/drag_aim_convex_q16.c):
 * scenes where its proof that the speed equation is convex is close to
 * failing, against the f64 reference.
 */
#include <math.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "harness.h"

/*
 * A shooter at 12 km/s whose velocity the shot inherits, under an engine
 * damping two thirds of it per 4.4 ms step: the aim leans down only over
 * milliseconds after launch, then leans against gravity for half an hour,
 * its bound from the far end's tangent off by thousands of times its
 * rounding if that rounding is taken the wrong way. Both meetings the
 * reference finds must come back.
 */
static void fast_inherited_shooter_under_heavy_drag_keeps_both_meetings(void)
{
    af_drag_q16 m = { AF_DRAG_KIND_STEPPED, { -61851, 33649, -57692 }, 287, 21406,
                      AF_STEP_GRAVITY_THEN_DAMPING, 0, { 0, 0, 0 }, 0 };
    af_body_q16 shooter = { { 173488564, -28765956, 550409107 },
                            { 46306249, 365918836, 784044396 } };
    af_body_q16 target = { { 173489618, -27951876, 552002597 }, { 0, 0, 0 } };
    fix16_t speed = 8232127, max_time = 122658566;
    af_drag_f64 mf = dq16_model_f64(&m);
    af_body_f64 sf = dq16_body_f64(&shooter), tf = dq16_body_f64(&target);
    af_shots_q16 q;
    af_shots_f64 f;
    af_status sq, sr;
    int k;
    sq = af_drag_aim_speed_q16(&m, &shooter, &target, speed, max_time, AF_INHERIT_VELOCITY, &q);
    sr = af_drag_aim_speed_f64(&mf, &sf, &tf, speed / 65536.0, max_time / 65536.0,
                               AF_INHERIT_VELOCITY, &f);
    if (!TH_CHECK(sr == AF_OK && f.count == 2, "f64: %s with %d shots", af_status_name(sr),
                  f.count))
        return;
    if (!TH_CHECK(sq == AF_OK && q.count == 2,
                  "q16: %s with %d shots where f64 meets at %.9g and %.9g s", af_status_name(sq),
                  q.count, f.shot[0].t, f.shot[1].t))
        return;
    for (k = 0; k < 2; k++)
        TH_CHECK(fabs(q.shot[k].t / 65536.0 - f.shot[k].t) <= 1e-6 * f.shot[k].t + 2.0 / 65536.0,
                 "shot %d at %.9g s, f64 %.9g s", k, q.shot[k].t / 65536.0, f.shot[k].t);
}

/*
 * Without drag or gravity, a shooter at 32768 m/s whose velocity the shot
 * inherits, a target 1.09 m ahead moving at 16 m/s: the launch needed
 * after T is (0, 1.09375 / T - 32752, -16.0005), never slower than
 * 16.0005 m/s, asked 16 - 2^-16. That dip's bottom, 32 LSB above the
 * speed, lies within the speed equation's rounding (2^-27 of 65 536 m/s):
 * the search may give a shot there, at the speed asked to that rounding
 * (drag_aim.h). Newton's last correction from the bottom, where the
 * tangent is nearly flat, went 4e-9 s past it: a shot 0.49 m/s too fast.
 */
static void dip_within_the_rounding_gives_no_shot_off_its_speed(void)
{
    af_drag_q16 m = { AF_DRAG_KIND_CONTINUOUS, { 0, 0, 0 }, 0, 0, AF_STEP_GRAVITY_THEN_DAMPING,
                      0, { 0, 0, 0 }, 0 };
    af_body_q16 shooter = { { 0, 0, 0 }, { 1048575, INT32_MAX, 1048575 } };
    af_body_q16 target = { { 0, 71680, 0 }, { 1048575, 1048575, -32 } };
    fix16_t speed = 1048575;
    double lsb = 1.0 / 65536.0, T = 1.09375 / (32768.0 - 16.0);
    double terms = 1.09375 / T + sqrt(2.0 * 16.0 * 16.0) + sqrt(2.0 * 16.0 * 16.0 + 32768.0 * 32768.0);
    double allowed = 3.0 * lsb + terms / 67108864.0;
    af_shots_q16 q;
    af_status sq = af_drag_aim_speed_q16(&m, &shooter, &target, speed, speed, AF_INHERIT_VELOCITY, &q);
    int k;
    TH_CHECK(sq == AF_OK || sq == AF_ERR_NO_SOLUTION, "q16: %s", af_status_name(sq));
    for (k = 0; k < (sq == AF_OK ? q.count : 0); k++) {
        double vx = q.shot[k].velocity.x * lsb, vy = q.shot[k].velocity.y * lsb,
               vz = q.shot[k].velocity.z * lsb, len = sqrt(vx * vx + vy * vy + vz * vz);
        TH_CHECK(fabs(len - speed * lsb) <= allowed,
                 "shot %d at %.9g s: speed %.9g, asked %.9g (%.3g LSB off, allowed %.3g)", k,
                 q.shot[k].t * lsb, len, speed * lsb, fabs(len - speed * lsb) / lsb, allowed / lsb);
    }
}

/*
 * A target passing the shooter at 32768 m/s, 32768 m away, under a drag of
 * 32768 /s against a gravity of 32768 m/s^2 along its path, asked 32768 m/s:
 * the launch needed is (1.07e9 (T - 0.99997), -32767, 0) m/s, so the speed
 * equation dips 1 m/s below zero over 5e-7 s, within its rounding (16 m/s).
 * Newton's step from max_time lands in that dip, where the slope has
 * turned; the last correction from there, along a tangent pointing at
 * the dip's other side, went 1.8e-5 s on: a shot of 38212 m/s. The shot,
 * if any, keeps the speed asked to that rounding (drag_aim.h).
 */
static void step_into_a_narrow_dip_from_max_time_gives_no_shot_off_its_speed(void)
{
    af_drag_q16 m = { AF_DRAG_KIND_CONTINUOUS, { INT32_MIN, 1, 1 }, 0, 0,
                      AF_STEP_GRAVITY_THEN_DAMPING, INT32_MAX, { 1, 65537, 1 }, 0 };
    af_body_q16 shooter = { { INT32_MAX, 1, 0 }, { 1, 1, 0 } };
    af_body_q16 target = { { 0, 0, 0 }, { INT32_MAX, 0, 1 } };
    double lsb = 1.0 / 65536.0, speed = INT32_MAX * lsb;
    double allowed = 3.0 * lsb + 2.0 * 32768.0 * 32768.0 / 67108864.0;
    af_shots_q16 q;
    af_status sq = af_drag_aim_speed_q16(&m, &shooter, &target, INT32_MAX, INT32_MAX, 0, &q);
    int k;
    TH_CHECK(sq == AF_OK || sq == AF_ERR_NO_SOLUTION, "q16: %s", af_status_name(sq));
    for (k = 0; k < (sq == AF_OK ? q.count : 0); k++) {
        double vx = q.shot[k].velocity.x * lsb, vy = q.shot[k].velocity.y * lsb,
               vz = q.shot[k].velocity.z * lsb, len = sqrt(vx * vx + vy * vy + vz * vz);
        TH_CHECK(fabs(len - speed) <= allowed,
                 "shot %d at %.9g s: speed %.9g, asked %.9g (allowed %.3g m/s)", k,
                 q.shot[k].t * lsb, len, speed, allowed);
    }
}

/*
 * A target 4.4e-4 m from the muzzle receding at exactly the speed asked
 * (16 m/s), no drag or gravity: the shot meets it after 2.5e-5 s, and the
 * speed equation then tends to zero from below, within its rounding at
 * max_time (a root there, drag_aim.h). a F is convex and falling to
 * within its noise at max_time, which the search took for its only root,
 * while it had crossed zero 16 s before: the early meeting was lost.
 */
static void target_receding_at_the_speed_asked_keeps_its_early_meeting(void)
{
    af_drag_q16 m = { AF_DRAG_KIND_CONTINUOUS, { 0, 0, 0 }, 0, 0, AF_STEP_GRAVITY_THEN_DAMPING, 0,
                      { 0, 0, 0 }, 0 };
    af_body_q16 shooter = { { 17, 17, 16 }, { 0, 0, 0 } };
    af_body_q16 target = { { 0, 0, 0 }, { 0, 0, 1048577 } };
    af_drag_f64 mf = dq16_model_f64(&m);
    af_body_f64 sf = dq16_body_f64(&shooter), tf = dq16_body_f64(&target);
    af_shots_q16 q;
    af_shots_f64 f;
    af_status sq = af_drag_aim_speed_q16(&m, &shooter, &target, 1048577, 1048577, 0, &q);
    af_status sr = af_drag_aim_speed_f64(&mf, &sf, &tf, 1048577 / 65536.0, 1048577 / 65536.0, 0, &f);
    if (!TH_CHECK(sr == AF_OK && f.count >= 1 && f.shot[0].t < 1e-4, "f64: %s with %d shots",
                  af_status_name(sr), f.count))
        return;
    TH_CHECK(sq == AF_OK && q.count >= 1 && fabs(q.shot[0].t / 65536.0 - f.shot[0].t) <= 1.0 / 65536.0,
             "q16: %s with %d shots, first at %.9g s, where f64 meets at %.9g s",
             af_status_name(sq), q.count, sq == AF_OK ? q.shot[0].t / 65536.0 : 0.0, f.shot[0].t);
}

/*
 * Without drag or gravity, a target one LSB ahead receding at exactly the
 * speed asked (16 m/s) from a shooter whose velocity the shot inherits:
 * the shot meets it after 1/32 LSB (f64: 4.77e-7 s), and from then on the
 * speed equation sits one LSB of distance over T below zero, flat to the
 * bit at max_time. The search went from the early end only towards an
 * end below zero or rising: the meeting was lost. It is the t = 0 shot.
 */
static void target_receding_from_one_lsb_at_the_speed_asked_meets_at_t_0(void)
{
    af_drag_q16 m = { AF_DRAG_KIND_CONTINUOUS, { 0, 0, 0 }, 3, 1048575,
                      AF_STEP_GRAVITY_THEN_DAMPING, 0, { 1048575, 32362496, 30527488 }, 0 };
    af_body_q16 shooter = { { 1048575, 1048575, 1048575 }, { 1048575, 1048575, 1048575 } };
    af_body_q16 target = { { 1048576, 1048575, 1048575 }, { 0, 1048575, 1048575 } };
    af_drag_f64 mf = dq16_model_f64(&m);
    af_body_f64 sf = dq16_body_f64(&shooter), tf = dq16_body_f64(&target);
    af_shots_q16 q;
    af_shots_f64 f;
    af_status sq = af_drag_aim_speed_q16(&m, &shooter, &target, 1048575, 1048575,
                                         AF_INHERIT_VELOCITY, &q);
    af_status sr = af_drag_aim_speed_f64(&mf, &sf, &tf, 1048575 / 65536.0, 1048575 / 65536.0,
                                         AF_INHERIT_VELOCITY, &f);
    if (!TH_CHECK(sr == AF_OK && f.count >= 1 && f.shot[0].t < 1e-6, "f64: %s with %d shots",
                  af_status_name(sr), f.count))
        return;
    TH_CHECK(sq == AF_OK && q.count >= 1 && q.shot[0].t == 0 && q.shot[0].velocity.x == 1048575,
             "q16: %s with %d shots, first at %.9g s, where f64 meets at %.9g s",
             af_status_name(sq), q.count, sq == AF_OK ? q.shot[0].t / 65536.0 : 0.0, f.shot[0].t);
}

static const th_case cases[] = {
    TH_CASE(target_receding_from_one_lsb_at_the_speed_asked_meets_at_t_0),
    TH_CASE(target_receding_at_the_speed_asked_keeps_its_early_meeting),
    TH_CASE(step_into_a_narrow_dip_from_max_time_gives_no_shot_off_its_speed),
    TH_CASE(dip_within_the_rounding_gives_no_shot_off_its_speed),
    TH_CASE(fast_inherited_shooter_under_heavy_drag_keeps_both_meetings),
};

TH_MAIN("drag_aim_convex_q16", cases)
