/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/qdrag.h — projectiles slowed by air resistance that grows with the
 * square of their speed (balls, darts, pellets), with an optional linear
 * term and a wind:
 *
 *     dv/dt = g - (k |v - w| + c) (v - w),      dp/dt = v
 *
 * k (1/m) is the quadratic coefficient (af_qdrag_coef_f64 gives it from the
 * projectile), c (1/s) the linear one, w the wind (the air's velocity).
 * There is no closed form: every answer comes from integrating this law.
 * A model is one of the two kinds of af_drag_kind:
 *
 *   AF_DRAG_KIND_STEPPED     what a game engine does every fixed step dt,
 *                       with r = u - w and s = sqrt(r.x^2 + r.y^2 + r.z^2)
 *                       in this order of operations:
 *                         AF_QDRAG_GRAVITY_FIRST: u = v + g dt, r = u - w,
 *                           v' = u - r ((k s + c) dt)
 *                         AF_QDRAG_DRAG_FIRST: r = v - w,
 *                           v' = (v - r ((k s + c) dt)) + g dt
 *                       and then p' = p + v' dt (the new velocity moves
 *                       the body). At whole steps every answer is the
 *                       engine's state to the last bit; between steps n
 *                       and n + 1 the body is on the straight segment the
 *                       engine moves it along, p[n] + v[n+1] (t - n dt),
 *                       with the velocity v[n+1] (v[n] at t = n dt).
 *   AF_DRAG_KIND_CONTINUOUS  the law itself, integrated by the Dormand-Prince
 *                       5(4) Runge-Kutta pair with step-size control: each
 *                       step's error estimate is at most AF_QDRAG_TOL of
 *                       the distance flown so far plus the step's reach
 *                       (and of the speeds, for the velocity; a step over
 *                       which the velocity through the air turns by more
 *                       than a right angle, where the drag bends sharply
 *                       near zero speed, is measured against two half
 *                       steps and continues from them); the tests
 *                       measure the global error against a fine-step
 *                       integrator (below 1e-9 of the distance flown).
 *
 * Heights, branches, raycasts, shots and events are those of aimfix/drag.h,
 * with the same meanings.
 *
 * Bounds: a flight takes at most AF_QDRAG_MAX_STEPS steps of either kind
 * (a longer one gives AF_ERR_NO_CONVERGENCE); each root is found by
 * aimfix/drag.h's bracketed Newton iteration (at most
 * AF_DRAG_HEIGHT_MAX_STEPS evaluations); each aim at a fixed time makes at
 * most AF_QDRAG_AIM_MAX_ITER Newton iterations; the other loops are
 * counted below.
 *
 * Shared rules: a NULL pointer, a non-finite input or an invalid model
 * gives AF_ERR_BAD_ARGUMENT. A model is valid when gravity and wind are
 * finite, k >= 0, c >= 0, and for the stepped kind dt > 0 and the order is
 * known. On failure every output is zero (a landing's cast count excepted,
 * reported on every path). AF_ERR_OVERFLOW when the state leaves the
 * double range.
 *
 * Q16.16: every query of both kinds (the end of this file); the continuous
 * kind by fixed Runge-Kutta steps chosen from the scene.
 */
#ifndef AIMFIX_QDRAG_H
#define AIMFIX_QDRAG_H

#include "aimfix/drag.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The order of one engine step of a stepped quadratic drag model. */
typedef enum af_qdrag_order {
    AF_QDRAG_GRAVITY_FIRST = 0, /**< gravity added, then the drag of the new velocity */
    AF_QDRAG_DRAG_FIRST = 1     /**< the drag of the old velocity, then gravity */
} af_qdrag_order;

/** A quadratic drag model; fill every field (the stepped ones are ignored
 * by the continuous kind). */
typedef struct af_qdrag_f64 {
    af_drag_kind kind;    /**< AF_DRAG_KIND_STEPPED or AF_DRAG_KIND_CONTINUOUS */
    af_vec3_f64 gravity;  /**< m/s^2, any direction (non-zero for heights) */
    af_vec3_f64 wind;     /**< the air's velocity, m/s */
    double k;             /**< quadratic coefficient, 1/m, >= 0 */
    double c;             /**< linear coefficient, 1/s, >= 0 */
    double dt;            /**< stepped: the engine's fixed step, s, > 0 */
    af_qdrag_order order; /**< stepped: AF_QDRAG_GRAVITY_FIRST or AF_QDRAG_DRAG_FIRST */
} af_qdrag_f64;

/** Per-step error tolerance of the continuous kind (see the top). */
#define AF_QDRAG_TOL 1e-9
/** The most steps one flight takes (either kind). */
#define AF_QDRAG_MAX_STEPS 1048576L
/** The most Newton iterations of one aim at a fixed time of flight. */
#define AF_QDRAG_AIM_MAX_ITER 30
/** The flight times af_qdrag_aim_speed_f64 samples before refining. */
#define AF_QDRAG_AIM_SCAN_POINTS 40
/** The golden-section iterations of af_qdrag_max_range_f64 (each shrinks
 * the elevation's interval by 0.618: 2^-44 of it after 64), per piece of
 * the elevations whose first step does not fold (at most two). */
#define AF_QDRAG_RANGE_ITER 64

/**
 * af_qdrag_coef_f64 — the quadratic coefficient of a sphere-like projectile,
 * k = air_density Cd A / (2 mass), A = pi diameter^2 / 4 (the drag force
 * is air_density Cd A |v|^2 / 2).
 *
 * @param mass         kg, > 0
 * @param diameter     m, > 0
 * @param cd           drag coefficient, > 0 (about 0.47 for a smooth sphere)
 * @param air_density  kg/m^3, > 0 (1.225 at sea level, 15 degrees C)
 * @param k            the coefficient, 1/m
 * @return AF_OK; AF_ERR_BAD_ARGUMENT for a NULL k or an input not finite
 * and > 0 (k then 0); AF_ERR_OVERFLOW when k does not fit a double.
 */
AF_CHECK_RESULT af_status af_qdrag_coef_f64(double mass, double diameter, double cd,
                                            double air_density, double *k);

/**
 * af_qdrag_predict_f64 — position and velocity `t` s (>= 0) after launch.
 *
 * @param drag   the model
 * @param start  position and velocity at t = 0 (m, m/s)
 * @param t      time since launch, s
 * @param out    the state at t (may point to start)
 * @return AF_OK; AF_ERR_BAD_ARGUMENT for t < 0; AF_ERR_NO_CONVERGENCE past
 * AF_QDRAG_MAX_STEPS steps; AF_ERR_OVERFLOW.
 */
AF_CHECK_RESULT af_status af_qdrag_predict_f64(const af_qdrag_f64 *drag,
                                               const af_body_f64 *start, double t,
                                               af_body_f64 *out);

/**
 * af_qdrag_predict_steps_f64 — the state after `n` steps (real, >= 0) of a
 * stepped model: at a whole n, the engine's p[n] and v[n] to the last bit.
 *
 * @param drag   a stepped model
 * @param start  position and velocity at launch
 * @param n      steps since launch
 * @param out    the state (may point to start)
 * @return AF_OK; AF_ERR_BAD_ARGUMENT for a continuous model or n < 0;
 * AF_ERR_NO_CONVERGENCE for n > AF_QDRAG_MAX_STEPS; AF_ERR_OVERFLOW.
 */
AF_CHECK_RESULT af_status af_qdrag_predict_steps_f64(const af_qdrag_f64 *drag,
                                                     const af_body_f64 *start, double n,
                                                     af_body_f64 *out);

/**
 * af_qdrag_apex_f64 — the highest point of the flight. Stepped: the whole
 * step at the top of the engine's first climb (its highest vertex; the
 * launch when its first move does not rise). Continuous: the root of the
 * vertical velocity, refined inside the step that brackets it by the
 * bracketed Newton iteration on a partial step. An updraft under a
 * crosswind can lift a body at rest or falling (the drag's lift grows
 * with the speed through the air): the continuous kind follows such a
 * dip, and the apex is the top of the climb out of it, or the launch
 * when that climb stays below it.
 *
 * @param drag   the model (g != 0)
 * @param start  position and velocity at launch
 * @param out    the apex (steps: evaluations of the refinement)
 * @return AF_OK (t = 0 and height 0 when the body never rises above the
 * launch);
 * AF_ERR_NO_SOLUTION when it never stops rising within AF_QDRAG_MAX_STEPS
 * steps (an updraft faster than the fall in still air);
 * AF_ERR_BAD_ARGUMENT when g = 0.
 */
AF_CHECK_RESULT af_status af_qdrag_apex_f64(const af_qdrag_f64 *drag, const af_body_f64 *start,
                                            af_drag_event_f64 *out);

/**
 * af_qdrag_time_at_height_f64 — when the body is at `height` (m along up
 * from the launch point) on the given branch (the rising branch ends at
 * the apex; after a dip it is the climb from the dip's bottom, the
 * falling one starts at the apex). Stepped: on the engine's segments, exactly where the segment
 * crosses the height. Continuous: refined inside the bracketing step as
 * the apex is.
 *
 * @param drag    the model (g != 0)
 * @param start   position and velocity at launch
 * @param height  m along up from the launch point
 * @param branch  AF_RISING or AF_FALLING
 * @param out     the moment
 * @return AF_OK; AF_ERR_NO_SOLUTION when the height is not reached on that
 * branch; AF_ERR_NO_CONVERGENCE when the flight needs more than
 * AF_QDRAG_MAX_STEPS steps to get there; AF_ERR_BAD_ARGUMENT when g = 0 or
 * the branch is unknown.
 */
AF_CHECK_RESULT af_status af_qdrag_time_at_height_f64(const af_qdrag_f64 *drag,
                                                      const af_body_f64 *start, double height,
                                                      af_branch branch, af_drag_event_f64 *out);

/** The chords af_qdrag_land_f64 first covers [0, max_time] with. */
#define AF_QDRAG_LAND_CHORDS 8
/** The most raycasts of one af_qdrag_land_f64. */
#define AF_QDRAG_LAND_MAX_CASTS 96

/**
 * af_qdrag_land_f64 — the first point where the flight meets terrain known
 * only through `raycast`, over 0 <= t <= max_time: AF_QDRAG_LAND_CHORDS
 * chords are cast in turn until one hits; the hit chord is then halved
 * (the first half cast, the second when the first misses) until the arc
 * lies within `tolerance` of it (stepped: until it is one engine segment,
 * which the body follows exactly). A half whose casts both miss (terrain
 * between the chord and the arc) keeps the last hit. Chords stand for the
 * arc as in af_drag_land_f64 (terrain on the gravity side of the flight).
 *
 * @param drag       the model
 * @param start      position and velocity at launch
 * @param max_time   s, > 0
 * @param tolerance  m, > 0
 * @param raycast    the caller's raycast (unit direction, finite length > 0)
 * @param user       passed to raycast
 * @param out        the landing; out->t is where the hit lies along the last chord
 * @return AF_OK; AF_ERR_NO_SOLUTION when no chord hits;
 * AF_ERR_NO_CONVERGENCE after AF_QDRAG_LAND_MAX_CASTS casts or
 * AF_QDRAG_MAX_STEPS steps; AF_ERR_BAD_ARGUMENT also for a NULL callback,
 * max_time or tolerance <= 0, or a hit that is not finite.
 */
AF_CHECK_RESULT af_status af_qdrag_land_f64(const af_qdrag_f64 *drag, const af_body_f64 *start,
                                            double max_time, double tolerance,
                                            af_raycast_f64 raycast, void *user,
                                            af_drag_landing_f64 *out);

/**
 * af_qdrag_samples_f64 — `count` (>= 2) positions at evenly spaced times
 * from 0 to t_end (> 0) into the caller's array. On failure its first
 * `count` points (when count > 0 and points is not NULL) are zeroed.
 *
 * @param drag    the model
 * @param start   position and velocity at launch
 * @param t_end   the last sample's time, s
 * @param points  the caller's array of count positions
 * @param count   how many samples
 * @return AF_OK; AF_ERR_BAD_ARGUMENT for count < 2 or t_end <= 0;
 * AF_ERR_NO_CONVERGENCE; AF_ERR_OVERFLOW.
 */
AF_CHECK_RESULT af_status af_qdrag_samples_f64(const af_qdrag_f64 *drag,
                                               const af_body_f64 *start, double t_end,
                                               af_vec3_f64 *points, int count);

/**
 * @name Q16.16 twins
 *
 * Stepped kind: a Q16.16 engine's step, every product rounded to nearest (af_mul_q16),
 * every sum exact (af_add_q16), s = af_vec3_len_q16(r) (correctly
 * rounded), in this order:
 *     gravity first:  u = v + g*dt;  r = u - w;  d = (k*s + c)*dt;
 *                     v' = u - r*d (per component)
 *     drag first:     u = v;  r, d, v' as above;  v' = v' + g*dt
 *     then:           p' = p + v'*dt
 * where a*b is af_mul_q16(a, b). At whole steps the answers are this
 * engine's state to the last bit, the same on every compiler and core;
 * between steps n and n + 1, p[n] + v[n+1]*tau with tau the time past step
 * n (exact from a time; from a fraction of a step, v[n+1] frac dt rounded
 * once). Every input is valid but a step dt <= 0, k < 0, c < 0, a
 * continuous model or an order not known (AF_ERR_BAD_ARGUMENT). AF_ERR_OVERFLOW (outputs zero) when a
 * step's value does not fit Q16.16; AF_ERR_NO_CONVERGENCE beyond
 * AF_QDRAG_MAX_STEPS steps (a time of many tiny steps). Against the f64
 * engine on the same numbers the position drifts by the steps' roundings:
 * measured at most 0.24 LSB times the square of the steps flown (the
 * tests allow 2). Every query answers for this engine (its heights,
 * segments and flights), so against the f64 solvers on the same numbers
 * an answer differs by that drift carried through the query: measured
 * over random balls and pellets (k 0.005 to 0.5 /m, 30 to 100 Hz, flights
 * up to 4 s), a height's time within 4e-4 s, a fixed-time aim's velocity
 * within 3.2e-3 m/s, a fixed-speed aim's times within 7e-4 s (the same
 * shots), a max range within 2 mm (docs/qdrag.md has the table).
 *
 * Continuous kind: the ODE by the classical fourth-order Runge-Kutta
 * method at a fixed step h, each stage's acceleration rounded to Q16.16
 * (the same operations as the engine's drag: s = af_vec3_len_q16(v - w),
 * g - (k*s + c)*(v - w)), the step's position and velocity increments
 * each summed exactly in 64 bits onto a state that keeps 16 bits below
 * Q16.16 between steps (so increments below half an LSB, on many small
 * steps or near the terminal velocity, add up), the answers that state
 * rounded to Q16.16. h is chosen per query
 * from the scene: the largest power of two up to 1/32 s with
 * h (k S + c) <= 1/8, S the larger of the fastest the body moves through
 * the air on the flights asked (the launch's speed relative to the air;
 * an aim's speed plus the wind's and the inherited shooter's; a
 * fixed-time aim's bound, twice the vacuum shot's speed plus the wind's)
 * and the terminal speed sqrt(|g| / k); a dt > 0 in the model bounds it
 * further (down to one raw unit). Between two steps the state is one
 * Runge-Kutta step of the time past the first, so every query answers for
 * one path; the apex and a height's crossing lie on it to the nearer raw
 * unit of time (the step's time halved: at most 11 halvings), the
 * landing's chords are halved inside a step too until the path's middle
 * is within the tolerance of the chord's. A flight of T s takes T / h
 * steps (AF_ERR_NO_CONVERGENCE past AF_QDRAG_MAX_STEPS). Tolerances
 * against the ODE (the f64 continuous kind), which the tests hold:
 * a position within 64 LSB plus 1e-5 of the distance flown, a velocity
 * within 64 LSB plus 1e-5 of its change, whatever the number of steps (a
 * dt bound down to one raw unit included): measured over random balls
 * and pellets, k 0.005 to 0.5 /m, flights up to 4 s, 4.4 and 2.0 LSB;
 * launched at up to 100 m/s (steps down to 1/512 s), 9 and 3 LSB; on
 * 3 900 steps of 4 raw units, 0.8 LSB. Heights'
 * times and the apex within that over the vertical speed; the aims'
 * shots flown by af_qdrag_predict_q16 within the miss of
 * AF_QDRAG_Q16_AIM_MISS_LSB with n the Runge-Kutta steps, the same shots
 * as the f64 aims (measured: velocities within 3e-4 m/s, times within
 * 2e-5 s); a max range within 64 LSB plus 1e-4 of it (measured 0.07 mm).
 * The Runge-Kutta error at h (k S + c) <= 1/8 is below the roundings:
 * the same answers to a few LSB at 1/32.
 * @{
 */

/** af_qdrag_f64 in Q16.16. */
typedef struct af_qdrag_q16 {
    af_drag_kind kind;    /**< AF_DRAG_KIND_STEPPED or AF_DRAG_KIND_CONTINUOUS */
    af_vec3_q16 gravity;  /**< m/s^2 */
    af_vec3_q16 wind;     /**< m/s */
    fix16_t k;            /**< quadratic coefficient, 1/m, >= 0 */
    fix16_t c;            /**< linear coefficient, 1/s, >= 0 */
    fix16_t dt;           /**< stepped: the engine's fixed step, s, > 0; continuous: 0, or a
                               bound on the Runge-Kutta step */
    af_qdrag_order order; /**< stepped: AF_QDRAG_GRAVITY_FIRST or AF_QDRAG_DRAG_FIRST */
} af_qdrag_q16;

/** @{ */
/** af_qdrag_predict_f64 (t >= 0, s) and af_qdrag_predict_steps_f64 (n >= 0
 * steps, a stepped model only) in Q16.16. */
AF_CHECK_RESULT af_status af_qdrag_predict_q16(const af_qdrag_q16 *drag,
                                               const af_body_q16 *start, fix16_t t,
                                               af_body_q16 *out);
AF_CHECK_RESULT af_status af_qdrag_predict_steps_q16(const af_qdrag_q16 *drag,
                                                     const af_body_q16 *start, fix16_t n,
                                                     af_body_q16 *out);
/** @} */

/** af_qdrag_apex_f64 in Q16.16. Stepped: the engine's highest whole
 * step, the first whose next move is not upward (v[n+1] . g >= 0,
 * decided on the exact products); continuous: inside the step after it,
 * the raw time nearer where v . g turns >= 0, after a lifted dip as
 * af_qdrag_apex_f64 (the lift's bound on Q16.16 values). out->height is -((p - p0) . g) / |g|,
 * the exact product over |g| rounded to Q16.16, rounded once (within 1 LSB
 * of the height of out->state); out->steps 0.
 * AF_ERR_BAD_ARGUMENT also for g = 0; AF_ERR_NO_SOLUTION when the body
 * still rises when the time leaves Q16.16 (32768 s);
 * AF_ERR_NO_CONVERGENCE when it still rises after AF_QDRAG_MAX_STEPS
 * steps. */
AF_CHECK_RESULT af_status af_qdrag_apex_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                                            af_drag_event_q16 *out);

/** af_qdrag_time_at_height_f64 in Q16.16; the continuous kind on its
 * Runge-Kutta path (the nearer raw time of the crossing, the branches
 * split at af_qdrag_apex_q16's apex), the stepped kind as follows, on the
 * engine's segments: the rising branch is the segments before
 * af_qdrag_apex_q16's step, the falling one those after it. Heights are
 * compared exactly as (p - p0) . g against -height |g| (|g| rounded to
 * Q16.16); on the segment that crosses, the time is placed by the
 * fraction of the segment's exact drop, rounded once (so out->t is within
 * an LSB of the crossing of the engine's path). out->state is
 * af_qdrag_predict_q16's at out->t, out->height its height (as the apex's);
 * out->steps 0. AF_ERR_NO_SOLUTION also when the time would leave
 * Q16.16; AF_ERR_NO_CONVERGENCE past AF_QDRAG_MAX_STEPS steps (an updraft
 * that holds the body up); AF_ERR_OVERFLOW when the path leaves Q16.16
 * first. */
AF_CHECK_RESULT af_status af_qdrag_time_at_height_q16(const af_qdrag_q16 *drag,
                                                      const af_body_q16 *start, fix16_t height,
                                                      af_branch branch, af_drag_event_q16 *out);

/** af_qdrag_land_f64 in Q16.16: the same chords and bounds
 * (AF_QDRAG_LAND_CHORDS, AF_QDRAG_LAND_MAX_CASTS), halved; stepped, at
 * whole steps until the hit chord is one engine segment (the tolerance,
 * > 0, is not needed: the segment is the body's path); continuous, at any
 * raw time until the path's middle is within the tolerance of the
 * chord's, or the chord is one raw unit of time. Each ray's direction is
 * the chord's rounded to a unit vector. out->t is where the hit lies
 * along that segment (rounded once), out->velocity the segment's.
 * AF_ERR_OVERFLOW when a chord is 32768 m long or more or the path leaves
 * Q16.16 before it lands. */
AF_CHECK_RESULT af_status af_qdrag_land_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                                            fix16_t max_time, fix16_t tolerance,
                                            af_raycast_q16 raycast, void *user,
                                            af_drag_landing_q16 *out);

/** af_qdrag_samples_f64 in Q16.16: the positions
 * af_qdrag_predict_q16 gives at t_end i / (count - 1) (rounded), from one
 * flight. */
AF_CHECK_RESULT af_status af_qdrag_samples_q16(const af_qdrag_q16 *drag,
                                               const af_body_q16 *start, fix16_t t_end,
                                               af_vec3_q16 *points, int count);

/** @} */

#ifdef __cplusplus
}
#endif

#include "aimfix/qdrag_aim.h"

#endif /* AIMFIX_QDRAG_H */
