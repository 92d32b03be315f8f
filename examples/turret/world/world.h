/* SPDX-License-Identifier: MIT */
/*
 * world.h — the simulated hardware and surroundings the firmware runs
 * against: the target (a scenario), the camera, the two servos and the
 * launcher. Seeded and deterministic: the same seed gives the same run.
 *
 * Times are microseconds from the start of the scenario, as the firmware
 * sees them; the physics inside is in double precision.
 */
#ifndef TURRET_WORLD_H
#define TURRET_WORLD_H

#include <stdint.h>

#include <fix16.h>

#include "ball.h"
#include "sim_math.h"
#include "script.h"
#include "track.h"

/* A servo as it really moves: towards its command at its slew rate,
 * within its travel (rad, rad/s). */
typedef struct world_servo {
    double angle, command, rate, min, max;
} world_servo;

typedef struct world {
    const scenario *sc;
    sim_rng rng;
    uint32_t now_us;
    world_servo pan, tilt;
    int loaded;              /* a fire command is on its way */
    uint32_t launch_us;      /* when that ball leaves */
} world;

void world_init(world *w, const scenario *sc, uint64_t seed);

/* Let the servos move until time_us (not before the current time). */
void world_advance(world *w, uint32_t time_us);

/* The camera's fix at the current time: the target's centre with noise,
 * rounded to millimetres. */
void world_camera(world *w, camera_fix *fix);

/* The target's true centre now (m): for the pictures, not the firmware. */
void world_target(const world *w, double position[3]);

/* The firmware's servo commands (Q16.16 rad) and fire command. */
void world_command(world *w, fix16_t pan, fix16_t tilt, int fire);

/* 1 when a ball leaves at or before time_us; *launch_us says when. */
int world_launch_due(const world *w, uint32_t time_us, uint32_t *launch_us);

/* Launch the ball from where the servos are now (call world_advance to
 * the launch time first), and fly it: its flight and closest pass. */
void world_launch(world *w, ball_flight *flight, ball_pass *pass);

#endif /* TURRET_WORLD_H */
