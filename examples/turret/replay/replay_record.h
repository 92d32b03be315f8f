/* SPDX-License-Identifier: MIT */
/*
 * replay_record.h — the host's run of the turret example as a table:
 * every camera fix the firmware saw and what it answered, frame by frame,
 * each scenario's vehicle, and the aim of every fire command and declined shot. record.c writes
 * the table (as C, with the layout below) from the host's run;
 * tests/suite_turret_replay.c feeds the same fixes to the firmware on
 * another core and requires the same answers, bit for bit.
 *
 * On AVR the tables live in flash (PROGMEM: they would not fit the RAM)
 * and are read a record at a time; elsewhere REPLAY_FLASH is empty.
 */
#ifndef TURRET_REPLAY_RECORD_H
#define TURRET_REPLAY_RECORD_H

#include <stdint.h>

#include <fix16.h>

#if defined(__AVR__)
#include <avr/pgmspace.h>
#define REPLAY_FLASH PROGMEM
#else
#define REPLAY_FLASH
#endif

/* replay_frame.flags */
#define REPLAY_FIRST 1u /* the first frame of a scenario: the firmware starts afresh */
#define REPLAY_FIRE 2u  /* the firmware sent the fire command */
#define REPLAY_HOLD 4u  /* it declined a shot that was due */

/* One camera frame: the fix (its time follows from the frame's index in
 * its scenario, as in main.c) and the servo commands the firmware gave. */
typedef struct replay_frame {
    int32_t x_mm, y_mm, z_mm;
    fix16_t pan, tilt;
    uint8_t flags;
} replay_frame;

/* The vehicle of a scenario (its velocity, mm/s): the fixes' odometry
 * follows from it and the fix's time (odometry.h), as in the world. */
typedef struct replay_vehicle {
    int32_t vx_mm_s, vy_mm_s;
} replay_vehicle;

/* The aim of a fire command or a declined shot (control_output.shot). */
typedef struct replay_shot {
    uint16_t frame;      /* index in the frames table */
    uint8_t hold;        /* shot_record.hold */
    uint8_t verdict;     /* shot_record.aim.verdict */
    fix16_t yaw, pitch;  /* shot_record.aim */
    fix16_t t;
    fix16_t target_x, target_y, target_z; /* shot_record.target.position */
} replay_shot;

#endif /* TURRET_REPLAY_RECORD_H */
