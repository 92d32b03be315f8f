/* SPDX-License-Identifier: MIT */
/* aim.h: the library's turret aim through quadratic drag at an accelerating target. */
#include "aim.h"

#include <string.h>

#include "checked.h"
#include "flight.h"

const char *aim_verdict_text(aim_verdict verdict)
{
    switch (verdict) {
    case AIM_OK:
        return "ok";
    case AIM_OUT_OF_RANGE:
        return "out of range";
    case AIM_BEYOND_TILT:
        return "beyond the tilt limit";
    case AIM_BEYOND_PAN:
        return "beyond the pan limit";
    case AIM_SOLVER_ERROR:
        return "solver error";
    }
    return "unknown";
}

static void fail(aim_result *out, aim_verdict verdict, af_status status)
{
    const int solves = out->solves;
    memset(out, 0, sizeof *out);
    out->verdict = verdict;
    out->status = status;
    out->solves = solves;
}

/* The verdict a solver's refusal stands for. */
static aim_verdict verdict_of(af_status status)
{
    switch (status) {
    case AF_ERR_NO_SOLUTION:
        return AIM_OUT_OF_RANGE;
    case AF_ERR_BEYOND_PITCH:
        return AIM_BEYOND_TILT;
    case AF_ERR_BEYOND_YAW:
        return AIM_BEYOND_PAN;
    default:
        return AIM_SOLVER_ERROR;
    }
}

/* Where the muzzle is at the launch, `launch` s from now, with the head
 * at `command`: the library's pose now, moved on with the vehicle. */
static af_status muzzle_at(const af_turret_q16 *turret, const af_turret_command_q16 *command,
                           fix16_t launch, af_vec3_q16 *muzzle)
{
    af_turret_pose_q16 pose;
    af_status status = af_turret_barrel_q16(turret, command->yaw, command->pitch, &pose);
    *muzzle = ck_vec_add_scaled(&status, &pose.muzzle, &turret->velocity, launch);
    return status;
}

/* The stepped engine moves each step by the velocity at the step's end:
 * against the continuous flight its path leads by half a step of the
 * velocity it has gained, (v(t) - v(0)) dt / 2. The aim is asked to meet
 * the target that far ahead, so that the real ball meets it. */
static af_vec3_q16 engine_lead(af_status *status, const af_vec3_q16 *muzzle,
                               const af_vec3_q16 *launch_velocity, fix16_t t)
{
    af_body_q16 start, end;
    const af_vec3_q16 zero = { 0, 0, 0 };
    af_vec3_q16 gained;
    start.position = *muzzle;
    start.velocity = *launch_velocity;
    if (flight_predict(&start, t, &end) != AF_OK && *status == AF_OK)
        *status = AF_ERR_OVERFLOW;
    gained = ck_vec_sub(status, &end.velocity, &start.velocity);
    return ck_vec_add_scaled(status, &zero, &gained, Q16_RATIO(1, 2 * SPEC_FLIGHT_STEP_HZ));
}

/* The firmware's own account of the shot: the engine flying the ball
 * from the muzzle at the commanded angles, its lead taken out, against
 * the target's impact point. */
static fix16_t predicted_miss(const af_turret_q16 *turret, const aim_result *aim,
                              const af_vec3_q16 *lead)
{
    af_status status = AF_OK;
    af_turret_pose_q16 pose;
    af_turret_command_q16 command;
    af_body_q16 start, end;
    af_vec3_q16 gap;
    fix16_t miss;
    command.yaw = aim->yaw;
    command.pitch = aim->pitch;
    command.slew = aim->slew;
    if (muzzle_at(turret, &command, aim->launch, &start.position) != AF_OK ||
        af_turret_barrel_q16(turret, aim->yaw, aim->pitch, &pose) != AF_OK)
        return fix16_maximum;
    start.velocity = ck_vec_add_scaled(&status, &turret->velocity, &pose.barrel, TURRET_SPEED);
    if (status != AF_OK || flight_predict(&start, aim->t, &end) != AF_OK)
        return fix16_maximum;
    gap = ck_vec_sub(&status, &end.position, lead);
    gap = ck_vec_sub(&status, &gap, &aim->impact);
    if (status != AF_OK || af_vec3_len_q16(&gap, &miss) != AF_OK)
        return fix16_maximum;
    return miss;
}

/* The servos' slew from where they are to the shot's angles, as the
 * library counts it (the barrel there, turned back into angles). */
static af_status slew_to(const af_turret_q16 *turret, const af_turret_shot_q16 *shot,
                         fix16_t *slew)
{
    af_turret_pose_q16 pose;
    af_turret_command_q16 command;
    af_status status = af_turret_barrel_q16(turret, shot->yaw, shot->pitch, &pose);
    if (status == AF_OK)
        status = af_turret_angles_q16(turret, &pose.barrel, &command);
    *slew = command.slew; /* 0 on failure */
    return status;
}

/* The engine's lead on the shot the vacuum turret aim gives (cheap: no
 * drag search), a first estimate of the lead on the ball through the air;
 * none when that aim finds no shot. */
static af_vec3_q16 vacuum_lead(const af_turret_q16 *turret, const af_body_accel_q16 *target)
{
    const af_vec3_q16 gravity = { 0, 0, -TURRET_GRAVITY }, none = { 0, 0, 0 };
    af_turret_shots_q16 shots;
    af_status status = AF_OK;
    af_vec3_q16 lead;
    if (af_turret_aim_accel_q16(turret, target, &gravity, &shots) != AF_OK)
        return none;
    lead = engine_lead(&status, &shots.shot[0].muzzle, &shots.shot[0].velocity,
                       shots.shot[0].flight);
    return status == AF_OK ? lead : none;
}

void aim_solve(const af_turret_q16 *turret, const af_body_accel_q16 *target, aim_result *out)
{
    af_status status = AF_OK;
    af_turret_shots_q16 shots;
    af_body_accel_q16 aimed_at = *target;
    const af_vec3_q16 used = vacuum_lead(turret, target);
    const af_turret_shot_q16 *shot = &shots.shot[0];
    af_vec3_q16 lead;

    memset(out, 0, sizeof *out);
    /* The target the engine's ball must meet so that the real one meets
     * the target: moved by the engine's lead, over its whole path. */
    aimed_at.position = ck_vec_add_scaled(&status, &target->position, &used, Q16_RATIO(1, 1));
    if (status == AF_OK) {
        status = flight_turret_aim(turret, &aimed_at, &shots);
        out->solves++;
        if (status != AF_OK) {
            fail(out, verdict_of(status), status);
            return;
        }
    }
    lead = engine_lead(&status, &shot->muzzle, &shot->velocity, shot->flight);
    if (status == AF_OK)
        status = slew_to(turret, shot, &out->slew);
    out->impact = ck_vec_sub(&status, &shot->point, &used);
    if (status != AF_OK) {
        fail(out, AIM_SOLVER_ERROR, status);
        return;
    }
    out->verdict = AIM_OK;
    out->status = AF_OK;
    out->yaw = shot->yaw;
    out->pitch = shot->pitch;
    /* The aim times the launch to an LSB of the slew; the servos, counted
     * to the last LSB, may need that one more before the ball leaves. */
    out->launch = shot->launch > out->slew ? shot->launch : out->slew;
    out->t = shot->flight;
    out->predicted_miss = predicted_miss(turret, out, &lead);
}
