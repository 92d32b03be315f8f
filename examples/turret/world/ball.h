/* SPDX-License-Identifier: MIT */
/*
 * ball.h — the ball's true flight and how close it comes to the target.
 *
 * The world's physics: gravity and quadratic drag in still air,
 * dv/dt = g - k |v| v (k from the ball's mass, diameter and drag
 * coefficient and the air's density, af_qdrag_coef_f64), integrated by
 * the classical fourth-order Runge-Kutta method in steps of at most
 * BALL_STEP_S, in double precision: the world's own integrator,
 * independent of the firmware's Q16 model (the library's stepped engine).
 */
#ifndef TURRET_BALL_H
#define TURRET_BALL_H

#include "script.h"

typedef struct ball_flight {
    double launch_time;   /* s, scenario time */
    double position[3];   /* at launch, m */
    double velocity[3];   /* at launch (the vehicle's velocity included), m/s */
} ball_flight;

/* The integrator's longest step, s: its error over a second's flight is
 * below a micrometre (fourth order; the drag's time scale is 0.6 s). */
#define BALL_STEP_S 0.001

/* The ball in flight: its time since launch, position and velocity. */
typedef struct ball_state {
    double t;
    double position[3];
    double velocity[3];
} ball_state;

/* The drag coefficient k (1/m) of the ball in the air (turret_spec.h). */
double ball_drag_k(void);

/* The ball at its launch. */
void ball_start(const ball_flight *ball, ball_state *state);
/* Fly the ball on by dt (s, >= 0), in steps of at most BALL_STEP_S. */
void ball_advance(ball_state *state, double dt);

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
 * launch and landing (or 3 s): sampled every 2 ms, then narrowed between
 * the samples either side of the closest by a golden-section search of
 * fixed length (40 steps, to well under a micrometre), each point flown
 * from the sample before.
 */
void ball_closest(const ball_flight *ball, const scenario *sc, ball_pass *out);

#endif /* TURRET_BALL_H */
