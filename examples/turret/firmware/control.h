/* SPDX-License-Identifier: MIT */
/*
 * control.h — the turret's control loop, run once per camera frame: track
 * the target, aim, command the servos, decide to fire.
 *
 * A shot is fired when all of these hold:
 *   - the track is locked (track.h);
 *   - the reload time has passed since the last fire command;
 *   - aim_solve finds a shot through the air at the target as tracked,
 *     launched one fire latency from now (the library's turret aim times
 *     the launch from the latency and the servos' slew: a slew longer
 *     than the latency would delay it);
 *   - the library's slew time from where the servos are by the firmware's
 *     account leaves CONTROL_SETTLE_US of the latency to spare;
 *   - the ball lands before the target is next due to change course, if
 *     it has been changing course at a steady rhythm (rhythm.h).
 * The servos then hold that aim until the ball is away. Between shots the
 * head follows the target along the line of sight (af_turret_angles_q16,
 * a few thousand instructions where a full aim takes millions), turned
 * by what the last full aim added to it. When a shot is
 * due but the aim or the rhythm forbids it, the firmware does not fire and
 * reports why (out of range, beyond a servo's travel, a course change
 * due), at most every CONTROL_HOLD_REPORT_US for the same reason.
 */
#ifndef TURRET_CONTROL_H
#define TURRET_CONTROL_H

#include <stdint.h>

#include "aim.h"
#include "rhythm.h"
#include "servo.h"
#include "track.h"

#define CONTROL_SETTLE_US 10000
#define CONTROL_HOLD_REPORT_US 1000000

/* Why a shot was declined. */
typedef enum hold_reason {
    HOLD_NONE = 0,
    HOLD_AIM,       /* no aim: aim.verdict says why */
    HOLD_RHYTHM     /* the target is due to change course in flight */
} hold_reason;

/* A fire command or a declined shot, as the console reports it. */
typedef struct shot_record {
    hold_reason hold;    /* HOLD_NONE for a fire command */
    uint32_t change_us;  /* HOLD_RHYTHM: when the change is due */
    uint32_t interval_us;/* HOLD_RHYTHM: the target's rhythm */
    uint32_t time_us;    /* the frame that decided it */
    uint32_t launch_us;  /* when the ball leaves (time_us + the latency) */
    af_body_q16 target;  /* the target predicted for the launch */
    aim_result aim;      /* the aim, or why there is none */
    uint32_t cost;       /* port_counter() units aim_solve took */
} shot_record;

typedef struct control_output {
    fix16_t pan, tilt;   /* the servo commands, rad */
    int fire;            /* 1: send the fire command now */
    int hold;            /* 1: a shot was due but declined; shot says why */
    shot_record shot;    /* with fire or hold */
} control_output;

typedef struct turret_control {
    track track;
    rhythm rhythm;
    servo_model pan, tilt;
    uint32_t now_us;         /* the last frame's time */
    int started;             /* a frame has been seen */
    fix16_t lead_yaw;        /* what the last full aim added to the line */
    fix16_t lead_pitch;      /* of sight, rad */
    int fired;               /* a fire command has gone out */
    uint32_t fire_us;        /* the last fire command */
    int launching;           /* the ball is not away yet: hold the aim */
    uint32_t launch_us;
    int held;                /* a declined shot has been reported */
    uint32_t hold_us;        /* the last report of one */
    hold_reason hold_reason;  /* ... and its reason */
    aim_verdict hold_verdict;
} turret_control;

void control_init(turret_control *control);

/* One frame: the camera's fix in, the servo commands and the decision out. */
void control_frame(turret_control *control, const camera_fix *fix, control_output *out);

#endif /* TURRET_CONTROL_H */
