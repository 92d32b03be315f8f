/* SPDX-License-Identifier: MIT */
/* control.h: one frame of tracking, aiming and the fire decision. */
#include "control.h"

#include <string.h>

#include "checked.h"
#include "head.h"
#include "port.h"
#include "units.h"

void control_init(turret_control *control)
{
    memset(control, 0, sizeof *control);
    track_init(&control->track);
    rhythm_init(&control->rhythm);
    servo_init(&control->pan, TURRET_PAN_RATE, TURRET_PAN_MIN, TURRET_PAN_MAX);
    servo_init(&control->tilt, TURRET_TILT_RATE, TURRET_TILT_MIN, TURRET_TILT_MAX);
}

/* Microseconds from `since` to `now`, across a wrap of the clock. */
static uint32_t elapsed(uint32_t now, uint32_t since)
{
    return now - since;
}

/* 1 when `now` is before `then` (less than half the clock's span before). */
static int before(uint32_t now, uint32_t then)
{
    return now != then && then - now < 0x80000000u;
}

static int reloaded(const turret_control *control)
{
    return !control->fired || elapsed(control->now_us, control->fire_us) >= SPEC_RELOAD_US;
}

/* The turret as the library sees it this frame: the head where the
 * servos are by the firmware's account, on the vehicle the fix reports. */
static void describe(const turret_control *control, const camera_fix *fix, af_turret_q16 *turret)
{
    const af_vec3_q16 base = { q16_from_milli(fix->vehicle_x_mm), q16_from_milli(fix->vehicle_y_mm),
                               0 };
    const af_vec3_q16 velocity = { q16_from_milli(fix->vehicle_vx_mm_s),
                                   q16_from_milli(fix->vehicle_vy_mm_s), 0 };
    head_describe(control->pan.angle, control->tilt.angle, &base, &velocity, turret);
}

/* The angles of the line of sight from the pivot to the target one
 * latency from now (af_turret_angles_q16): where the head looks. */
static af_status sight(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                       af_turret_command_q16 *command)
{
    af_status status = AF_OK;
    const af_vec3_q16 ahead = ck_vec_add_scaled(&status, &target->position, &target->velocity,
                                                turret->latency);
    const af_vec3_q16 line = ck_vec_sub(&status, &ahead, &turret->pivot);
    if (status != AF_OK)
        return status;
    return af_turret_angles_q16(turret, &line, command);
}

/* The full aim for a launch one latency from now, timed by port_counter(). */
static void aim_for_launch(turret_control *control, const af_turret_q16 *turret,
                           const af_body_accel_q16 *target, shot_record *shot)
{
    af_status status = AF_OK;
    af_turret_command_q16 line;
    uint32_t before_solve;
    shot->time_us = control->now_us;
    shot->launch_us = control->now_us + SPEC_FIRE_LATENCY_US;
    before_solve = port_counter();
    aim_solve(turret, target, &shot->aim);
    shot->cost = port_counter() - before_solve;
    /* The target at the launch, for the console. */
    shot->target.velocity = ck_vec_add_scaled(&status, &target->velocity, &target->acceleration,
                                              turret->latency);
    shot->target.position = ck_vec_add_scaled(&status, &target->velocity, &target->acceleration,
                                              turret->latency / 2);
    shot->target.position = ck_vec_add_scaled(&status, &target->position, &shot->target.position,
                                              turret->latency);
    if (shot->aim.verdict == AIM_OK && sight(turret, target, &line) == AF_OK) {
        control->lead_yaw = shot->aim.yaw - line.yaw;
        control->lead_pitch = shot->aim.pitch - line.pitch;
    }
}

/* Between shots: keep the head on the target, along the line of sight
 * turned by what the last full aim added to it (the target's motion
 * during the flight, the drop). */
static void follow(turret_control *control, const af_turret_q16 *turret,
                   const af_body_accel_q16 *target)
{
    af_turret_command_q16 line;
    if (sight(turret, target, &line) != AF_OK)
        return;
    /* Angles within a turn: their sums stay far inside Q16.16. */
    servo_command(&control->pan, line.yaw + control->lead_yaw);
    servo_command(&control->tilt, line.pitch + control->lead_pitch);
}

/* Say why there is no shot, when one would be due. */
static void decline(turret_control *control, control_output *out, hold_reason reason)
{
    const aim_verdict verdict = out->shot.aim.verdict;
    out->shot.hold = reason;
    if (control->held && control->hold_reason == reason && control->hold_verdict == verdict &&
        elapsed(control->now_us, control->hold_us) < CONTROL_HOLD_REPORT_US)
        return;
    out->hold = 1;
    control->held = 1;
    control->hold_us = control->now_us;
    control->hold_reason = reason;
    control->hold_verdict = verdict;
}

/* 1 when the ball would still fly as the target's next course change
 * comes (its rhythm known); the shot record says when that is. */
static int change_in_flight(const turret_control *control, shot_record *shot)
{
    /* Time of flight in microseconds: t < 32768 s, so t 10^6 fits. */
    const uint32_t flight_us =
        (uint32_t)(((int64_t)shot->aim.t * 1000000 + 32768) / 65536);
    shot->interval_us = control->rhythm.interval_us;
    return rhythm_change_before(&control->rhythm, control->now_us, shot->launch_us + flight_us,
                                &shot->change_us);
}

/* Point the servos at the aim, and fire if the launch is one latency away
 * and the servos get there in time. */
static void point_and_fire(turret_control *control, const af_turret_q16 *turret,
                           control_output *out)
{
    const aim_result *aim = &out->shot.aim;
    servo_command(&control->pan, aim->yaw);
    servo_command(&control->tilt, aim->pitch);
    if (aim->launch != turret->latency ||
        aim->slew > turret->latency - Q16_FROM_US(CONTROL_SETTLE_US))
        return;
    out->fire = 1;
    control->fired = 1;
    control->fire_us = control->now_us;
    control->launching = 1;
    control->launch_us = out->shot.launch_us;
}

void control_frame(turret_control *control, const camera_fix *fix, control_output *out)
{
    af_turret_q16 turret;
    af_body_accel_q16 target;
    memset(out, 0, sizeof *out);
    if (control->started) {
        const uint32_t dt = elapsed(fix->time_us, control->now_us);
        servo_advance(&control->pan, dt);
        servo_advance(&control->tilt, dt);
    }
    control->started = 1;
    control->now_us = fix->time_us;
    if (track_update(&control->track, fix) == TRACK_RESTARTED)
        rhythm_change(&control->rhythm, control->track.course_us);

    if (control->launching && before(control->now_us, control->launch_us)) {
        /* The ball is not away yet: the servos hold the aim. */
    } else if (!track_locked(&control->track)) {
        control->launching = 0;
    } else {
        control->launching = 0;
        describe(control, fix, &turret);
        track_predict(&control->track, control->now_us, &target);
        if (!reloaded(control))
            follow(control, &turret, &target);
        else {
            aim_for_launch(control, &turret, &target, &out->shot);
            if (out->shot.aim.verdict != AIM_OK)
                decline(control, out, HOLD_AIM);
            else if (change_in_flight(control, &out->shot)) {
                /* Keep pointing: the next leg starts close to here. */
                servo_command(&control->pan, out->shot.aim.yaw);
                servo_command(&control->tilt, out->shot.aim.pitch);
                decline(control, out, HOLD_RHYTHM);
            } else
                point_and_fire(control, &turret, out);
        }
    }
    out->pan = control->pan.command;
    out->tilt = control->tilt.command;
}
