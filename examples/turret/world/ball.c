/* SPDX-License-Identifier: MIT */
/* ball.h: quadratic drag by Runge-Kutta; closest approach. */
#include "ball.h"

#include <math.h>

#include "aimfix/qdrag.h"
#include "turret_spec.h"

double ball_drag_k(void)
{
    double k = 0.0;
    /* The ball's figures are valid by construction; a refusal would
     * leave k = 0, a flight in vacuum, which the hit rate would show. */
    if (af_qdrag_coef_f64(SPEC_BALL_MASS_MG * 1e-6, SPEC_BALL_DIAMETER_MM * 1e-3,
                          SPEC_BALL_CD_MILLI * 1e-3, SPEC_AIR_DENSITY_G_M3 * 1e-3, &k) != AF_OK)
        k = 0.0;
    return k;
}

/* dv/dt = g - k |v| v. */
static void accel(double k, const double v[3], double a[3])
{
    const double s = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    int i;
    for (i = 0; i < 3; i++)
        a[i] = -k * s * v[i];
    a[2] -= SPEC_GRAVITY_MM_S2 / 1000.0;
}

/* One classical Runge-Kutta step of length h. */
static void rk4(double k, ball_state *b, double h)
{
    double v1[3], v2[3], v3[3], v4[3], a1[3], a2[3], a3[3], a4[3], v[3];
    int i;
    for (i = 0; i < 3; i++)
        v1[i] = b->velocity[i];
    accel(k, v1, a1);
    for (i = 0; i < 3; i++)
        v2[i] = v1[i] + a1[i] * (h / 2);
    accel(k, v2, a2);
    for (i = 0; i < 3; i++)
        v3[i] = v1[i] + a2[i] * (h / 2);
    accel(k, v3, a3);
    for (i = 0; i < 3; i++)
        v4[i] = v1[i] + a3[i] * h;
    accel(k, v4, a4);
    for (i = 0; i < 3; i++) {
        v[i] = v1[i] + (a1[i] + 2 * a2[i] + 2 * a3[i] + a4[i]) * (h / 6);
        b->position[i] += (v1[i] + 2 * v2[i] + 2 * v3[i] + v4[i]) * (h / 6);
        b->velocity[i] = v[i];
    }
    b->t += h;
}

void ball_start(const ball_flight *ball, ball_state *state)
{
    int i;
    state->t = 0.0;
    for (i = 0; i < 3; i++) {
        state->position[i] = ball->position[i];
        state->velocity[i] = ball->velocity[i];
    }
}

void ball_advance(ball_state *state, double dt)
{
    const double k = ball_drag_k();
    const double end = state->t + dt;
    while (end - state->t > BALL_STEP_S)
        rk4(k, state, BALL_STEP_S);
    if (end > state->t)
        rk4(k, state, end - state->t);
    state->t = end;
}

/* Squared distance between the centres when the ball is at b. */
static double gap2(const ball_flight *ball, const scenario *sc, const ball_state *b,
                   double target_pos[3])
{
    double velocity[3], d2 = 0;
    int i;
    scenario_state(sc, ball->launch_time + b->t, target_pos, velocity);
    for (i = 0; i < 3; i++)
        d2 += (b->position[i] - target_pos[i]) * (b->position[i] - target_pos[i]);
    return d2;
}

/* The ball t after launch, flown from `from` (at or before t). */
static double gap2_at(const ball_flight *ball, const scenario *sc, const ball_state *from,
                      double t, ball_state *at, double target_pos[3])
{
    *at = *from;
    ball_advance(at, t - from->t);
    return gap2(ball, sc, at, target_pos);
}

void ball_closest(const ball_flight *ball, const scenario *sc, ball_pass *out)
{
    const double step = 0.002, longest = 3.0;
    const double golden = 0.6180339887498949;
    ball_state b, before, best_before;
    double best_t = 0, best = -1, lo, hi, t, p[3];
    int i;

    /* Sample until the ball is on the floor: at most 1500 samples. */
    out->landing = longest;
    ball_start(ball, &b);
    before = best_before = b;
    for (i = 0; i <= (int)(longest / step); i++) {
        double d2;
        if (i > 0) {
            before = b;
            ball_advance(&b, step);
        }
        d2 = gap2(ball, sc, &b, p);
        if (best < 0 || d2 < best) {
            best = d2;
            best_t = b.t;
            best_before = before;
        }
        if (i > 0 && b.position[2] <= BALL_RADIUS_M) {
            out->landing = b.t;
            break;
        }
    }
    lo = best_before.t;
    hi = best_t + step;
    for (i = 0; i < 40; i++) {
        const double m1 = hi - golden * (hi - lo), m2 = lo + golden * (hi - lo);
        ball_state s1, s2;
        if (gap2_at(ball, sc, &best_before, m1, &s1, p) < gap2_at(ball, sc, &best_before, m2, &s2, p))
            hi = m2;
        else
            lo = m1;
    }
    /* The search's point, unless the best sample is closer (a target
     * that turned within the window). */
    t = (lo + hi) / 2;
    if (gap2_at(ball, sc, &best_before, t, &b, p) >= best)
        t = best_t;
    out->t = t;
    out->miss = sqrt(gap2_at(ball, sc, &best_before, t, &b, out->target));
    for (i = 0; i < 3; i++)
        out->ball[i] = b.position[i];
}
