/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/drag.h — projectiles slowed by linear drag: a game engine's fixed
 * step integration, or continuous drag in closed form.
 *
 * A drag model (af_drag_f64) is one of two kinds:
 *
 *   AF_DRAG_KIND_STEPPED     what a game engine does every fixed step dt: gravity
 *                       is added to the velocity, the velocity is scaled by
 *                       a damping factor r in (0, 1], and the position moves
 *                       by the new velocity:
 *                           v[k+1] = (v[k] + g dt) r
 *                           p[k+1] = p[k] + v[k+1] dt
 *                       (or, with AF_STEP_DAMPING_THEN_GRAVITY, v[k+1] =
 *                       v[k] r + g dt; with AF_STEP_DAMPING_LAST the move
 *                       comes before the damping; with AF_STEP_MOVE_FIRST
 *                       before both). Engines differ in r and
 *                       the order; see af_drag_model and docs/engines.md.
 *   AF_DRAG_KIND_CONTINUOUS  dv/dt = g - k (v - wind), the limit of small steps,
 *                       with an optional wind (the air's velocity).
 *
 * Both have closed forms. After n steps (t = n dt) a stepped body is at
 *     p = p0 + a(t) v0 + b(t) g,      v = c(t) v0 + d(t) g
 * where a, b, c, d are sums of geometric series in r; a continuous body is
 * at the same expression with g replaced by g + k wind and a, b, c, d the
 * integrals of exp(-k t). Every function below evaluates these sums
 * exactly, never a continuous integral in place of the steps: after 100
 * steps at d = 0.5, dt = 0.02 (Unity style, launch (10, 0, 10) m/s, z up)
 * continuous drag is 1.2 % of the distance flown off the engine, and the
 * engine's own velocity law integrated over time 1.6 % (9.7 % of the
 * height), as measured by tests/f64/suite_drag_predict_f64.c.
 *
 * Time between steps. A stepped body only exists at whole steps; for a real
 * number of steps n the same formulas are evaluated with r^n = exp(n ln r).
 * This is the one smooth curve through every whole-step position whose
 * velocity decays geometrically: it equals the engine's positions and
 * velocities at every whole step, and between two steps it stays within
 * |acceleration| dt^2 / 8 of the straight segment the engine moves along.
 * Times of flight solved for (time at height, landing, aim at fixed speed)
 * are on this curve and generally fall between steps.
 *
 * Heights: "up" is -g/|g|; a height is measured along up from the launch
 * point (negative below it). The functions that use heights need g != 0.
 * They work along up with the pull's component there, a double: under a
 * gravity below DBL_MIN (subnormal, with fewer bits) it is rounded to a
 * multiple of 2^-1074 m/s^2, and their heights and times are those of
 * that pull, up to 2^-1074 b(t) m from the vector law's (1.6e-7
 * of the fall at 3e-317 m/s^2).
 *
 * Shared rules:
 *   - Every time is in seconds from the launch (t = 0), t >= 0.
 *   - A NULL pointer, a non-finite input or an invalid model gives
 *     AF_ERR_BAD_ARGUMENT. A model is valid when gravity is finite and, for
 *     the stepped kind, dt > 0, 0 < r <= 1, the order is known; for the
 *     continuous kind, k >= 0 and the wind is finite.
 *   - On failure every output is zero (except a landing's cast count, which
 *     is reported on every path).
 *   - A stepped model with a cap (max_move > 0) gives AF_ERR_ENGINE_LIMIT
 *     from any function whose flight, up to its answer's time, has a step
 *     longer than the cap (see af_drag_f64.max_move).
 *
 * The declarations live in three headers by job, each included here:
 * aimfix/drag_model.h (the models and their presets), aimfix/drag_flight.h
 * (where a launched body goes: predictions, apex, time at a height,
 * landing, samples) and aimfix/drag_aim.h (how to shoot: the fixed-time
 * and fixed-speed aims, the maximum range). Every _f64 type and function
 * has a _q16 twin of the same shape, with fix16_t in place of double,
 * declared after the f64 ones of its header.
 *
 * Q16.16 twins.
 * Same arguments, answers and statuses as the f64 functions, in
 * libfixmath's fix16_t, computed with integers only (no floating point, no
 * libm, no heap, no static state; the same bits on every compiler and
 * core). The same law is evaluated: for a stepped model exactly the
 * engine's geometric sums, so a Q16.16 game engine stepping with the
 * model's own r and dt is followed to its last bits at whole steps.
 *
 * Shared domain rules:
 *   - Every Q16.16 value is a valid input (there is no NaN to refuse):
 *     positions, velocities, gravity and wind anywhere in Q16.16; the
 *     step dt > 0 (2^-16 to 32768 s); the damping factor r in (0, 1]
 *     (raw 1 to 65536); k >= 0; times and step counts >= 0 (up to
 *     32768). Outside these: AF_ERR_BAD_ARGUMENT.
 *   - An answer that does not fit Q16.16 (a position beyond 32768 m, a
 *     time of flight of 32768 s or more) is never wrapped: the call
 *     returns AF_ERR_OVERFLOW with its outputs zero, or, for solvers with
 *     several solutions, leaves that one out.
 *   - The law is evaluated in floating integers of 30 to 32 significant
 *     bits (src/q16/drag/drag_q16.h): each output is within about 2^-28 of the
 *     size of the terms that make it up (|a v0|, |b g|, ...) plus its own
 *     rounding to Q16.16. docs/q16.md's accuracy table gives the measured
 *     figures against the f64 reference.
 *   - Iterations are those of the f64 solvers, with the same bounds.
 */
#ifndef AIMFIX_DRAG_H
#define AIMFIX_DRAG_H

#include "aimfix/drag_model.h"
#include "aimfix/drag_flight.h"
#include "aimfix/drag_aim.h"

#endif /* AIMFIX_DRAG_H */
