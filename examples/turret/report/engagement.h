/* SPDX-License-Identifier: MIT */
/*
 * engagement.h — the pictures of one scenario: a top view of the target's
 * path, every ball's ground track and where each met the target, and a
 * side view of the longest shot beside the same launch without drag.
 */
#ifndef TURRET_ENGAGEMENT_H
#define TURRET_ENGAGEMENT_H

#include "ball.h"
#include "picture.h"

typedef struct engagement {
    picture top;
    int shots;
    ball_flight longest;      /* the side view's shot */
    ball_pass longest_pass;
} engagement;

void engagement_begin(engagement *e);
/* The target's true centre at a frame. */
void engagement_target(engagement *e, const double position[3]);
/* A ball fired, and its closest pass. */
void engagement_shot(engagement *e, const ball_flight *flight, const ball_pass *pass, int hit);
/* Both views, with their legends. */
void engagement_print(const engagement *e, const char *name);

#endif /* TURRET_ENGAGEMENT_H */
