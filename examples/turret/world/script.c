/* SPDX-License-Identifier: MIT */
/* script.h: nine engagements, from a sitting duck to a target beyond
 * reach; positions in metres in the turret's frame (x out, y left). */
#include "script.h"

#include <math.h>

#include "sim_math.h"
#include "turret_spec.h"

const scenario scenarios[] = {
    { "still", "a target standing 4 m out, 0.8 m to the left", 6.0, 1,
      PATH_LINE, 4.0, 0.8, 0.0, 0.0, 0.0, 0.0, 0, 0, 0, 0, 0, 0 },
    { "crossing", "crossing from right to left 4.5 m out at 0.5 m/s", 8.0, 1,
      PATH_LINE, 4.5, -2.0, 0.0, 0.5, 0.0, 0.0, 0, 0, 0, 0, 0, 0 },
    { "approaching", "running in from 6 m to 1.6 m at 0.55 m/s", 8.0, 1,
      PATH_LINE, 6.0, -0.6, -0.55, 0.08, 0.0, 0.0, 0, 0, 0, 0, 0, 0 },
    { "receding", "running away from 2.5 m at 0.52 m/s, out of reach at the end", 8.0, 1,
      PATH_LINE, 2.5, 0.4, 0.5, 0.15, 0.0, 0.0, 0, 0, 0, 0, 0, 0 },
    { "circle", "circling 3.5 m out, radius 1.5 m, at 0.3 m/s", 10.0, 1,
      PATH_CIRCLE, 3.5, 0.0, 0, 0, 0.0, 0.0, 1.5, 0.2, 0, 0, 0, 0 },
    { "zigzag", "advancing across at 0.34 m/s, swerving 0.35 m/s every 2 s", 10.0, 1,
      PATH_ZIGZAG, 3.2, -1.6, 0.15, 0.3, 0.0, 0.0, 0, 0, 0.35, 2.0, 0, 0 },
    { "accelerating", "pulling away across from a standstill 4 m out at 0.12 m/s^2", 8.0, 1,
      PATH_LINE, 4.0, -1.8, 0.0, 0.0, 0.0, 0.12, 0, 0, 0, 0, 0, 0 },
    { "vehicle", "the turret driving left at 0.6 m/s past a target standing 3.5 m out", 8.0, 1,
      PATH_LINE, 3.5, 2.0, 0.0, 0.0, 0.0, 0.0, 0, 0, 0, 0, 0, 600 },
    { "out-of-range", "walking 9 m out, beyond the ball's reach", 6.0, 0,
      PATH_LINE, 9.0, -1.0, 0.0, 0.25, 0.0, 0.0, 0, 0, 0, 0, 0, 0 },
};

const int scenario_count = (int)(sizeof scenarios / sizeof scenarios[0]);

void scenario_state(const scenario *sc, double t, double position[3], double velocity[3])
{
    double x = sc->x0, y = sc->y0, vx = sc->vx, vy = sc->vy;
    if (sc->kind == PATH_CIRCLE) {
        /* Angle 0 faces the turret (-x from the centre). */
        const double c = sim_cos(sc->omega * t), s = sim_sin(sc->omega * t);
        x = sc->x0 - sc->radius * c;
        y = sc->y0 - sc->radius * s;
        vx = sc->radius * sc->omega * s;
        vy = -sc->radius * sc->omega * c;
    } else {
        x += sc->vx * t + sc->ax * t * t / 2;
        y += sc->vy * t + sc->ay * t * t / 2;
        vx += sc->ax * t;
        vy += sc->ay * t;
        if (sc->kind == PATH_ZIGZAG) {
            /* The sideways offset is a triangle wave: out at `swerve` for
             * a leg, back for the next. */
            const double speed = sqrt(sc->vx * sc->vx + sc->vy * sc->vy);
            const double nx = -sc->vy / speed, ny = sc->vx / speed;
            const int32_t leg = (int32_t)(t / sc->leg);
            const double into = t - leg * sc->leg;
            const int out = leg % 2 == 0;
            const double offset = sc->swerve * (out ? into : sc->leg - into);
            const double side = out ? sc->swerve : -sc->swerve;
            x += nx * offset;
            y += ny * offset;
            vx += nx * side;
            vy += ny * side;
        }
    }
    position[0] = x;
    position[1] = y;
    position[2] = SPEC_TARGET_RADIUS_MM / 1000.0;
    velocity[0] = vx;
    velocity[1] = vy;
    velocity[2] = 0.0;
}
