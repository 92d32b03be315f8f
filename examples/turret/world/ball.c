/* SPDX-License-Identifier: MIT */
/* ball.h: closed-form flight with linear drag; closest approach. */
#include "ball.h"

#include <math.h>

#include "sim_math.h"
#include "turret_spec.h"

void ball_at(const ball_flight *ball, double t, double position[3])
{
    const double k = SPEC_DRAG_K_PER_KS / 1000.0, g = SPEC_GRAVITY_MM_S2 / 1000.0;
    /* a: how far a unit launch velocity carries; b: how far a unit of
     * gravity pulls (t - a) / k, which is t^2 / 2 without drag. */
    const double a = k > 0 ? (1.0 - sim_exp(-k * t)) / k : t;
    const double b = k > 0 ? (t - a) / k : t * t / 2;
    int i;
    for (i = 0; i < 3; i++)
        position[i] = ball->position[i] + ball->velocity[i] * a;
    position[2] -= g * b;
}

/* Squared distance between the centres t after launch. */
static double gap2(const ball_flight *ball, const scenario *sc, double t, double ball_pos[3],
                   double target_pos[3])
{
    double velocity[3], d2 = 0;
    int i;
    ball_at(ball, t, ball_pos);
    scenario_state(sc, ball->launch_time + t, target_pos, velocity);
    for (i = 0; i < 3; i++)
        d2 += (ball_pos[i] - target_pos[i]) * (ball_pos[i] - target_pos[i]);
    return d2;
}

void ball_closest(const ball_flight *ball, const scenario *sc, ball_pass *out)
{
    const double step = 0.002, longest = 3.0;
    const double golden = 0.6180339887498949;
    double best_t = 0, best = -1, t, lo, hi, b[3], p[3];
    int i;

    /* Sample until the ball is on the floor: at most 1500 samples. */
    out->landing = longest;
    for (i = 0; i <= (int)(longest / step); i++) {
        double d2;
        t = i * step;
        d2 = gap2(ball, sc, t, b, p);
        if (best < 0 || d2 < best) {
            best = d2;
            best_t = t;
        }
        if (i > 0 && b[2] <= BALL_RADIUS_M) {
            out->landing = t;
            break;
        }
    }
    lo = best_t > step ? best_t - step : 0;
    hi = best_t + step;
    for (i = 0; i < 40; i++) {
        const double m1 = hi - golden * (hi - lo), m2 = lo + golden * (hi - lo);
        if (gap2(ball, sc, m1, b, p) < gap2(ball, sc, m2, b, p))
            hi = m2;
        else
            lo = m1;
    }
    /* The search's point, unless the best sample is closer (a target
     * that turned within the window). */
    t = (lo + hi) / 2;
    if (gap2(ball, sc, t, b, p) >= best)
        t = best_t;
    out->t = t;
    out->miss = sqrt(gap2(ball, sc, t, out->ball, out->target));
}
