/* SPDX-License-Identifier: MIT */
/* aim.h: the library's turret aim, then its quadratic drag aim. */
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

/* The turret aim in vacuum: the earliest shot, or its refusal. */
static af_status turret_shot(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                             af_turret_shot_q16 *shot)
{
    const af_vec3_q16 gravity = { 0, 0, -TURRET_GRAVITY };
    af_turret_shots_q16 shots;
    const af_status status = af_turret_aim_accel_q16(turret, target, &gravity, &shots);
    *shot = shots.shot[0]; /* all zero on failure */
    return status;
}

/* The target t (s) from now: p + v t + a t^2 / 2 and v + a t. */
static af_body_q16 target_at(af_status *status, const af_body_accel_q16 *target, fix16_t t)
{
    af_body_q16 at;
    const af_vec3_q16 v = ck_vec_add_scaled(status, &target->velocity, &target->acceleration,
                                            t / 2);
    at.position = ck_vec_add_scaled(status, &target->position, &v, t);
    at.velocity = ck_vec_add_scaled(status, &target->velocity, &target->acceleration, t);
    return at;
}

/* The earliest of the drag aim's shots whose angles are within the
 * servos' travel: its index and command, or -1 and the verdict on the
 * earliest. */
static int pick(const af_turret_q16 *turret, const af_shots_q16 *shots,
                af_turret_command_q16 *command, aim_verdict *verdict, af_status *status)
{
    int i;
    for (i = 0; i < shots->count; i++) {
        const af_status s = af_turret_angles_q16(turret, &shots->shot[i].velocity, command);
        if (s == AF_OK)
            return i;
        if (i == 0) {
            *verdict = verdict_of(s);
            *status = s;
        }
    }
    return -1;
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

void aim_solve(const af_turret_q16 *turret, const af_body_accel_q16 *target, aim_result *out)
{
    af_status status;
    af_turret_shot_q16 vacuum;
    af_turret_command_q16 command;
    af_vec3_q16 muzzle, lead = { 0, 0, 0 };
    fix16_t launch, flight;
    int pass;

    memset(out, 0, sizeof *out);
    status = turret_shot(turret, target, &vacuum);
    if (status != AF_OK) {
        fail(out, verdict_of(status), status);
        return;
    }
    /* The turret aim's launch time and muzzle start the drag aims; its
     * flight in vacuum is the first guess of the flight for the target's
     * acceleration. */
    launch = vacuum.launch;
    muzzle = vacuum.muzzle;
    flight = vacuum.flight;
    for (pass = 0; pass < AIM_SOLVES && status == AF_OK; pass++) {
        const af_body_q16 at_launch = target_at(&status, target, launch);
        af_body_q16 aimed_at;
        af_shots_q16 shots;
        af_vec3_q16 launch_velocity;
        aim_verdict verdict = AIM_OUT_OF_RANGE;
        af_status refusal = AF_OK;
        int chosen;
        /* The drag aim takes a target of constant velocity: the one that
         * covers the flight as the accelerating target does. */
        aimed_at.position = ck_vec_add_scaled(&status, &at_launch.position, &lead, Q16_RATIO(1, 1));
        aimed_at.velocity =
            ck_vec_add_scaled(&status, &at_launch.velocity, &target->acceleration, flight / 2);
        if (status != AF_OK)
            break;
        status = flight_aim(&muzzle, &turret->velocity, &aimed_at, &shots);
        out->solves++;
        if (status != AF_OK) {
            fail(out, verdict_of(status), status);
            return;
        }
        chosen = pick(turret, &shots, &command, &verdict, &refusal);
        if (chosen < 0) {
            fail(out, verdict, refusal);
            return;
        }
        flight = shots.shot[chosen].t;
        launch_velocity = ck_vec_add_scaled(&status, &turret->velocity,
                                            &shots.shot[chosen].velocity, Q16_RATIO(1, 1));
        lead = engine_lead(&status, &muzzle, &launch_velocity, flight);
        /* The launch as the turret aim times it: the latency, or the
         * servos' slew to these angles when that is longer. */
        launch = command.slew > turret->latency ? command.slew : turret->latency;
        if (status == AF_OK)
            status = muzzle_at(turret, &command, launch, &muzzle);
    }
    if (status != AF_OK) {
        fail(out, AIM_SOLVER_ERROR, status);
        return;
    }
    out->verdict = AIM_OK;
    out->status = AF_OK;
    out->yaw = command.yaw;
    out->pitch = command.pitch;
    out->slew = command.slew;
    out->launch = launch;
    out->t = flight;
    out->impact = target_at(&status, target, ck_add(&status, launch, flight)).position;
    out->predicted_miss = predicted_miss(turret, out, &lead);
}
