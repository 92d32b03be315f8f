/* SPDX-License-Identifier: MIT */
/* engagement.h: seen from above, the turret at the bottom looking up the
 * page (its left, +y, on the left); seen from the side, along the
 * longest shot. */
#include "engagement.h"

#include <math.h>

#include "text.h"
#include "turret_spec.h"

/* The top view: 4 m across (+2 m to -2 m), 5 m out. */
#define TOP_LEFT 2.0
#define TOP_RIGHT (-2.0)
#define TOP_FAR 5.0
#define TOP_ROWS 21
/* The side view: 5.2 m out, 1.2 m up. */
#define SIDE_FAR 5.2
#define SIDE_HIGH 1.2
#define SIDE_ROWS 13

void engagement_begin(engagement *e)
{
    picture_init(&e->top, TOP_ROWS, TOP_LEFT, TOP_RIGHT, TOP_FAR, 0.0);
    picture_mark(&e->top, 0.0, 0.0, 'T');
    e->shots = 0;
}

void engagement_target(engagement *e, const double position[3])
{
    picture_mark(&e->top, position[1], position[0], '.');
}

void engagement_shot(engagement *e, const ball_flight *flight, const ball_pass *pass, int hit)
{
    ball_state b;
    int i;
    /* The ground track every 10 ms up to the closest pass (within 3 s). */
    ball_start(flight, &b);
    for (i = 0; i < 300 && b.t < pass->t; i++) {
        picture_mark(&e->top, b.position[1], b.position[0], ':');
        ball_advance(&b, 0.01);
    }
    picture_mark(&e->top, pass->ball[1], pass->ball[0], hit ? '*' : 'X');
    if (e->shots == 0 || pass->t > e->longest_pass.t) {
        e->longest = *flight;
        e->longest_pass = *pass;
    }
    e->shots++;
}

/* Horizontal distance from the turret's pan axis. */
static double out(const double p[3])
{
    return sqrt(p[0] * p[0] + p[1] * p[1]);
}

static void side_view(const engagement *e)
{
    const double g = SPEC_GRAVITY_MM_S2 / 1000.0;
    const ball_flight *b = &e->longest;
    picture side;
    ball_state ball;
    int step;
    picture_init(&side, SIDE_ROWS, 0.0, SIDE_FAR, SIDE_HIGH, 0.0);
    ball_start(b, &ball);
    /* Every 5 ms for 1.5 s. */
    for (step = 0; step < 300; step++) {
        /* The same launch in a vacuum: p0 + v t + g t^2 / 2. */
        const double t = step * 0.005;
        double v[3];
        int i;
        for (i = 0; i < 3; i++)
            v[i] = b->position[i] + b->velocity[i] * t;
        v[2] -= g * t * t / 2;
        picture_mark(&side, out(v), v[2], '-');
        if (t <= e->longest_pass.t) {
            picture_mark(&side, out(ball.position), ball.position[2], 'o');
            ball_advance(&ball, 0.005);
        }
    }
    picture_mark(&side, out(e->longest_pass.target), e->longest_pass.target[2], '@');
    picture_mark(&side, 0.0, b->position[2], 'T');
    picture_print(&side);
}

void engagement_print(const engagement *e, const char *name)
{
    text_line line;
    text_line_out("");
    text_begin(&line);
    text_str(&line, "The ");
    text_str(&line, name);
    text_str(&line, " engagement from above (turret T at the bottom, 4 m across, 5 m up the page):");
    text_end(&line);
    text_line_out("  . the target's path   : the balls' ground tracks   * a hit   X a miss");
    picture_print(&e->top);
    if (e->shots == 0)
        return;
    text_line_out("");
    text_line_out("Its longest shot from the side (5.2 m across, 1.2 m high):");
    text_line_out("  o the ball with drag   - the same launch without drag   @ the target");
    side_view(e);
}
