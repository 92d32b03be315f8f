/* SPDX-License-Identifier: MIT */
/*
 * script.h — the scripted targets: where each is at every moment.
 *
 * A target is a sphere of SPEC_TARGET_RADIUS_MM resting on the floor, its
 * centre moving in the horizontal plane z = radius along one of three
 * kinds of path. Times are seconds from the start of the scenario.
 */
#ifndef TURRET_SCRIPT_H
#define TURRET_SCRIPT_H

#include <stdint.h>

typedef enum path_kind {
    PATH_LINE,    /* from (x0, y0) at velocity (vx, vy) and constant
                   * acceleration (ax, ay) */
    PATH_CIRCLE,  /* around the centre (x0, y0) at `radius`, `omega` rad/s
                   * counterclockwise, from the point nearest the turret */
    PATH_ZIGZAG   /* from (x0, y0) advancing at (vx, vy), swerving sideways
                   * (to the left of the advance first) at `swerve` m/s,
                   * turning back every `leg` seconds */
} path_kind;

typedef struct scenario {
    const char *name;      /* one word, for every console line */
    const char *what;      /* a sentence for the console */
    double duration;       /* s */
    int reachable;         /* 0: the firmware must never fire */
    path_kind kind;
    double x0, y0;         /* m */
    double vx, vy;         /* m/s */
    double ax, ay;         /* line: m/s^2 */
    double radius, omega;  /* circle */
    double swerve, leg;    /* zig-zag */
    /* The vehicle the turret rides (odometry.h), from the origin at the
     * start, in whole mm/s: both 0 for a turret on the floor. */
    int32_t vehicle_vx_mm_s, vehicle_vy_mm_s;
} scenario;

extern const scenario scenarios[];
extern const int scenario_count;

/* The target's centre and velocity at time t (s). */
void scenario_state(const scenario *sc, double t, double position[3], double velocity[3]);

#endif /* TURRET_SCRIPT_H */
