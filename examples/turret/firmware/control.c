/* SPDX-License-Identifier: MIT */
/* control.h: one frame of tracking, aiming and the fire decision. */
#include "control.h"

#include <string.h>

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

/* The aim for a launch one latency from now, timed by port_counter(). */
static void aim_for_launch(turret_control *control, shot_record *shot)
{
    /* Start from the last aim while there is one, else from where the
     * servos are headed: the muzzle is nearly there. */
    const fix16_t yaw = control->aimed ? control->aim_yaw : control->pan.command;
    const fix16_t pitch = control->aimed ? control->aim_pitch : control->tilt.command;
    uint32_t before_solve;
    shot->time_us = control->now_us;
    shot->launch_us = control->now_us + SPEC_FIRE_LATENCY_US;
    track_predict(&control->track, shot->launch_us, &shot->target);
    before_solve = port_counter();
    aim_solve(&shot->target, yaw, pitch, &shot->aim);
    shot->cost = port_counter() - before_solve;
    control->aimed = shot->aim.verdict == AIM_OK;
    control->aim_yaw = shot->aim.yaw;
    control->aim_pitch = shot->aim.pitch;
}

/* Say why there is no shot, when one would be due. */
static void decline(turret_control *control, control_output *out, hold_reason reason)
{
    const aim_verdict verdict = out->shot.aim.verdict;
    out->shot.hold = reason;
    if (!reloaded(control))
        return;
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

/* Point the servos at the aim, and fire if they get there in time. */
static void point_and_fire(turret_control *control, control_output *out)
{
    const aim_result *aim = &out->shot.aim;
    uint32_t pan_time, tilt_time, ready;
    servo_command(&control->pan, aim->yaw);
    servo_command(&control->tilt, aim->pitch);
    if (!reloaded(control))
        return;
    pan_time = servo_time_to(&control->pan, aim->yaw);
    tilt_time = servo_time_to(&control->tilt, aim->pitch);
    ready = (pan_time > tilt_time ? pan_time : tilt_time) + CONTROL_SETTLE_US;
    if (ready > SPEC_FIRE_LATENCY_US)
        return;
    out->fire = 1;
    control->fired = 1;
    control->fire_us = control->now_us;
    control->launching = 1;
    control->launch_us = out->shot.launch_us;
}

void control_frame(turret_control *control, const camera_fix *fix, control_output *out)
{
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
        control->aimed = 0;
    } else {
        control->launching = 0;
        aim_for_launch(control, &out->shot);
        if (out->shot.aim.verdict != AIM_OK)
            decline(control, out, HOLD_AIM);
        else if (change_in_flight(control, &out->shot)) {
            /* Keep pointing: the next leg starts close to here. */
            servo_command(&control->pan, out->shot.aim.yaw);
            servo_command(&control->tilt, out->shot.aim.pitch);
            decline(control, out, HOLD_RHYTHM);
        } else
            point_and_fire(control, out);
    }
    out->pan = control->pan.command;
    out->tilt = control->tilt.command;
}
