/* SPDX-License-Identifier: MIT */
/*
 * ball.h — the ball's true flight and how close it comes to the target.
 *
 * The world's physics: gravity and linear drag dv/dt = g - k v in closed
 * form, in double precision, independent of the firmware's Q16 model.
 */
#ifndef TURRET_BALL_H
#define TURRET_BALL_H

#include "script.h"

typedef struct ball_flight {
    double launch_time;   /* s, scenario time */
    double position[3];   /* at launch, m */
    double velocity[3];   /* at launch, m/s */
} ball_flight;

/* Where the ball is `t` seconds after its launch. */
void ball_at(const ball_flight *ball, double t, double position[3]);

/* The ball's radius: its flight ends when its centre is this high. */
#define BALL_RADIUS_M 0.02

typedef struct ball_pass {
    double miss;          /* closest distance between the centres, m */
    double t;             /* when, s after launch */
    double ball[3];       /* the ball's centre then, m */
    double target[3];     /* the target's */
    double landing;       /* s after launch the ball reaches the floor */
} ball_pass;

/*
 * ball_closest — the closest approach to the scenario's target between
 * launch and landing (or 3 s): sampled every 2 ms, then narrowed around
 * the closest sample by a golden-section search of fixed length (40
 * steps, to well under a micrometre).
 */
void ball_closest(const ball_flight *ball, const scenario *sc, ball_pass *out);

#endif /* TURRET_BALL_H */
