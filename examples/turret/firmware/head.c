/* SPDX-License-Identifier: MIT */
/* head.h: the turret's description and the library's turret geometry. */
#include "head.h"

#include <string.h>

#include "units.h"

static const af_turret_q16 head = {
    { 0, 0, TURRET_PIVOT_HEIGHT }, /* pivot */
    { 0, 0, Q16_RATIO(1, 1) },     /* up: the pan axis */
    { Q16_RATIO(1, 1), 0, 0 },     /* forward at pan 0 (a constant: fix16_one is a variable) */
    TURRET_PAN_MIN,
    TURRET_PAN_MAX,
    TURRET_TILT_MIN,
    TURRET_TILT_MAX,
    TURRET_MUZZLE_FORWARD,
    TURRET_MUZZLE_UP,
    0, /* current yaw: with less than a turn of travel only one yaw fits */
    0, /* current pitch */
    TURRET_PAN_RATE,
    TURRET_TILT_RATE,
    Q16_FROM_US(SPEC_FIRE_LATENCY_US),
    TURRET_SPEED,
    { 0, 0, 0 }, /* the head stands still */
    0,
};

const af_turret_q16 *head_turret(void)
{
    return &head;
}

void head_muzzle(fix16_t yaw, fix16_t pitch, af_vec3_q16 *muzzle, af_vec3_q16 *barrel)
{
    af_turret_pose_q16 pose;
    /* Angles within the travel (the aim's, or the rest position): the
     * library cannot refuse them; a zero pose would say so. */
    if (af_turret_barrel_q16(&head, yaw, pitch, &pose) != AF_OK)
        memset(&pose, 0, sizeof pose);
    *muzzle = pose.muzzle;
    *barrel = pose.barrel;
}

af_status head_angles(const af_vec3_q16 *direction, fix16_t *yaw, fix16_t *pitch)
{
    af_turret_command_q16 command;
    af_status status = af_turret_angles_q16(&head, direction, &command);
    *yaw = command.yaw;
    *pitch = command.pitch;
    return status;
}
