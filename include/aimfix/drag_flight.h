/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/drag_flight.h — where a body launched under linear drag goes:
 * its state at any time or step, the apex, the time it passes a height,
 * where it meets the caller's terrain, and samples for drawing.
 */
#ifndef AIMFIX_DRAG_FLIGHT_H
#define AIMFIX_DRAG_FLIGHT_H

#include "aimfix/drag_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * af_drag_predict_f64 — position and velocity of a body `t` seconds (>= 0)
 * after it left `start` (position and velocity at t = 0).
 * Stepped: n = t / dt steps; at whole steps this is exactly the engine's
 * state (the velocity is the engine's v[n]; between steps see
 * aimfix/drag.h). Continuous: the exact solution.
 * out may point to start.
 *
 * @param drag   the drag model
 * @param start  position and velocity at t = 0 (m, m/s)
 * @param t      time since launch, s
 * @param out    position and velocity at t
 * @return AF_OK; AF_ERR_BAD_ARGUMENT for t < 0; AF_ERR_OVERFLOW when the
 * state does not fit a double.
 */
AF_CHECK_RESULT af_status af_drag_predict_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                                              double t, af_body_f64 *out);

/**
 * af_drag_predict_steps_f64 — the same after `n` steps (real, >= 0) of a
 * stepped model: the engine's state after n whole steps, exactly the
 * geometric sums (no step-by-step rounding), and the smooth curve between.
 * At a whole n the state is p[n] and v[n] of the recurrence above (v[n]
 * the velocity that moved the body in step n), each within 1e-9 of
 * |p0| + |v0| (1 + t) + |g| (t + dt + 1) (t + dt), t = n dt, of the
 * literal loop, for any step dt > 0, subnormal ones included (the
 * decay is carried as ln r per step, r^n = exp(n ln r)).
 *
 * @param drag   a stepped drag model
 * @param start  position and velocity at t = 0 (m, m/s)
 * @param n      steps since launch
 * @param out    position and velocity after n steps
 * @return AF_ERR_BAD_ARGUMENT for a continuous model or n < 0.
 */
AF_CHECK_RESULT af_status af_drag_predict_steps_f64(const af_drag_f64 *drag,
                                                    const af_body_f64 *start, double n,
                                                    af_body_f64 *out);

/** A moment of a flight. */
typedef struct af_drag_event_f64 {
    double t;          /**< s since launch */
    double height;     /**< m along up from the launch point */
    af_body_f64 state; /**< position and velocity at t (as af_drag_predict_f64 gives them) */
    int steps;         /**< function evaluations the iteration took (0 for a closed form) */
} af_drag_event_f64;

/**
 * af_drag_apex_f64 — the highest point of the flight (t >= 0), in closed
 * form: the height's rate of change is A + B exp(-mu t), zero at
 *     t = (U / w) log1p(mu U / w) / (mu U / w) - lead
 * (U: upward launch speed, w: the downward pull scaled by the model, lead:
 * half a step for an engine without drag, 0 for continuous drag; see
 * src/f64/drag/drag_height_f64.c). For a stepped model this is the top of the smooth
 * curve through the steps; the engine's highest whole step is one of the
 * two steps around it, and no higher.
 *
 * @param drag   the drag model
 * @param start  position and velocity at launch (m, m/s)
 * @param out    the apex
 * @return AF_OK with t = 0 and height 0 when the body never rises;
 * AF_ERR_NO_SOLUTION when it never stops rising (a continuous updraft
 * k wind >= |g| along up); AF_ERR_BAD_ARGUMENT when g = 0.
 */
AF_CHECK_RESULT af_status af_drag_apex_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                                           af_drag_event_f64 *out);

/** Which crossing of a height: on the way up or on the way down. */
typedef enum af_branch {
    AF_RISING = 0, /**< on the way up */
    AF_FALLING = 1 /**< on the way down */
} af_branch;

/**
 * The most evaluations af_drag_time_at_height_f64 (and every iteration of
 * the drag solvers) makes: Newton's method inside a bracket, where an
 * evaluation that does not halve the bracket is followed by a bisection, so
 * the bracket at least halves every two evaluations and shrinks from its
 * size to 2^-50 of its magnitude within 2 (50 + 1) of them. The brackets
 * are tight and Newton is started where it converges monotonically, so in
 * practice a few evaluations suffice (the tests print the largest count).
 */
#define AF_DRAG_HEIGHT_MAX_STEPS 102

/**
 * af_drag_time_at_height_f64 — when the body is at `height` (m along up
 * from the launch point) on the given branch.
 *
 * The height is a concave (or convex) function of time whose shape is known
 * in closed form. Near an apex the solver works in the time s from the
 * apex, where the equation reads
 *     s sqrt(phi2(mu s)) = +-sqrt((apex height - height) / curvature)
 * with phi2(x) = (x - 1 + exp(-x)) / x^2: a monotone function that is a
 * straight line without drag (one Newton step), has no flat top, and whose
 * root is bracketed in closed form within a factor of about 1.5. Low on
 * the way up, and for a body already falling fast at launch, it works on
 * the height itself, between the times the extreme slopes give. Newton's
 * method runs inside the bracket from the end where it converges
 * monotonically, with bisection whenever it leaves the bracket or stalls:
 * at most AF_DRAG_HEIGHT_MAX_STEPS evaluations, reported in out->steps.
 *
 * @param drag    the drag model
 * @param start   position and velocity at launch (m, m/s)
 * @param height  m along up from the launch point
 * @param branch  AF_RISING or AF_FALLING
 * @param out     the moment the height is reached
 * @return AF_OK (the launch point itself, t = 0, for height 0 on a branch
 * that starts there); AF_ERR_NO_SOLUTION when the height is never reached
 * on that branch (above the apex; below the launch point on the way up; the
 * rising branch of a body that never rises); AF_ERR_OUT_OF_RANGE for a
 * continuous updraft (k wind >= |g| along up: the body need not come down);
 * AF_ERR_BAD_ARGUMENT when g = 0 or the branch is unknown;
 * AF_ERR_OVERFLOW when the state at that time, or a quantity the solver
 * works from (the apex height, the time bracket, the curvature at the
 * apex), does not fit a double (launch speeds or gravities within a few
 * orders of the largest double; a drag whose decay at the apex underflows);
 * AF_ERR_NO_CONVERGENCE if the step bound is reached (never seen, over
 * random inputs up to 1e308 included).
 */
AF_CHECK_RESULT af_status af_drag_time_at_height_f64(const af_drag_f64 *drag,
                                                     const af_body_f64 *start, double height,
                                                     af_branch branch, af_drag_event_f64 *out);

/**
 * A raycast into the caller's world: from `origin` along the unit vector
 * `direction`, up to `max_distance` (m, > 0). On a hit it stores the first
 * point where the ray meets the terrain in *hit and returns non-zero; on a
 * miss it returns 0 (and need not touch *hit). `user` is the caller's
 * context, passed through untouched. This is the shape of Unity's
 * Physics.Raycast; Box2D's and Bullet's two-point ray tests are this with
 * origin + direction * max_distance as the second point.
 */
typedef int (*af_raycast_f64)(void *user, const af_vec3_f64 *origin,
                              const af_vec3_f64 *direction, double max_distance,
                              af_vec3_f64 *hit);

/**
 * @def AF_DRAG_LAND_BRACKET_CHORDS
 * The chords af_drag_land_f64 first covers the flight with: see
 * AF_DRAG_LAND_MAX_CASTS.
 */
/**
 * @def AF_DRAG_LAND_MAX_CASTS
 * The most raycasts af_drag_land_f64 makes. The flight is first covered by
 * at most AF_DRAG_LAND_BRACKET_CHORDS straight chords, each turning the
 * direction of flight by the same angle (at most 30 degrees), cast in order
 * until one hits. The hit chord is then narrowed to a window around the
 * point of the arc abeam of the hit (1 cast; the first window also checks
 * the stretch before it, and a window that misses is followed by the rest
 * of the chord), each window turning through about the square of the last
 * one's angle, until the chord is within the tolerance of the arc. A chord
 * that hit terrain the arc itself clears (a ledge) is abandoned and the
 * march goes on after it. Past AF_DRAG_LAND_MAX_CASTS casts the solver
 * stops with AF_ERR_NO_CONVERGENCE. Measured by the tests: at most 11 casts
 * on flat ground, slopes and sine hills, 14 over steps, 16 past walls the
 * arc just clears or just hits.
 */
#define AF_DRAG_LAND_BRACKET_CHORDS 6
#define AF_DRAG_LAND_MAX_CASTS 32

/** Where a flight meets the terrain. */
typedef struct af_drag_landing_f64 {
    double t;             /**< time of flight, s */
    af_vec3_f64 point;    /**< the terrain point the last raycast hit, m */
    af_vec3_f64 velocity; /**< the body's velocity at t, m/s */
    int casts;            /**< raycasts made, on every path (failures included) */
} af_drag_landing_f64;

/**
 * af_drag_land_f64 — the first point where the flight from `start` meets
 * terrain known only through `raycast` (called with `user`), searched over
 * 0 <= t <= max_time (s, > 0). Finished when the chord last cast is within
 * `tolerance` (m, > 0) of the arc everywhere: the hit point then lies within
 * `tolerance` of the trajectory at out->t.
 *
 * Chords stand for the arc: terrain that pokes between a chord and the arc
 * can be missed where no later cast passes near it (a bracketing chord
 * sags by up to about a fifteenth of its length); terrain is assumed to
 * lie on the gravity side of the flight (a height field, walls, ledges),
 * not to hang over it.
 *
 * The raycast is only ever called with a finite origin, a unit direction
 * and a finite length > 0 (any launch velocity, subnormal ones included).
 *
 * @param drag       the drag model
 * @param start      position and velocity at launch (m, m/s)
 * @param max_time   longest flight searched, s
 * @param tolerance  m
 * @param raycast    the caller's raycast
 * @param user       passed to raycast untouched
 * @param out        the landing
 * @return AF_OK; AF_ERR_NO_SOLUTION when no cast hits before max_time (a
 * callback that always misses); AF_ERR_NO_CONVERGENCE after
 * AF_DRAG_LAND_MAX_CASTS casts; AF_ERR_OVERFLOW when the flight's position
 * leaves the double range before it lands or max_time comes (that chord is
 * not cast); AF_ERR_BAD_ARGUMENT for a NULL callback, max_time or
 * tolerance <= 0, or a hit point that is not finite.
 */
AF_CHECK_RESULT af_status af_drag_land_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                                           double max_time, double tolerance,
                                           af_raycast_f64 raycast, void *user,
                                           af_drag_landing_f64 *out);

/**
 * af_drag_samples_f64 — `count` (>= 2) positions of the flight at evenly
 * spaced times from 0 to t_end (s, > 0), into the caller's array `points`,
 * for drawing the arc. No allocation. On failure the array (when not NULL)
 * is zeroed: its first `count` points when count > 0 (a count of 1 is
 * refused with its one point zeroed), none when count <= 0.
 *
 * @param drag    the drag model
 * @param start   position and velocity at launch (m, m/s)
 * @param t_end   the last sample's time, s
 * @param points  the caller's array of count positions, m
 * @param count   how many samples
 * @return AF_OK; AF_ERR_BAD_ARGUMENT for count < 2 or t_end <= 0;
 * AF_ERR_OVERFLOW when a position does not fit a double.
 */
AF_CHECK_RESULT af_status af_drag_samples_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                                              double t_end, af_vec3_f64 *points, int count);

/**
 * @name Q16.16 twins
 *
 * Same arguments, answers and statuses as the f64 functions above, in
 * libfixmath's fix16_t, with integers only; the domain rules they share
 * are those of aimfix/drag.h.
 * @{
 */

/** @{ */
/** af_drag_predict_f64 and af_drag_predict_steps_f64 in Q16.16: t (s) or n
 * (steps) >= 0. AF_ERR_OVERFLOW (out zeroed) when the state does not fit
 * Q16.16. */
AF_CHECK_RESULT af_status af_drag_predict_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                                              fix16_t t, af_body_q16 *out);
AF_CHECK_RESULT af_status af_drag_predict_steps_q16(const af_drag_q16 *drag,
                                                    const af_body_q16 *start, fix16_t n,
                                                    af_body_q16 *out);
/** @} */

/** A moment of a flight, as af_drag_event_f64. */
typedef struct af_drag_event_q16 {
    fix16_t t;         /**< s since launch */
    fix16_t height;    /**< m along up from the launch point */
    af_body_q16 state; /**< position and velocity at t */
    int steps;         /**< function evaluations the iteration took */
} af_drag_event_q16;

/** af_drag_apex_f64 in Q16.16. out->height and out->state are those at
 * out->t, the apex's time rounded to Q16.16: on a sharp apex (strong drag
 * against a fast launch, a strong downdraft) the height there is below the
 * apex's by up to its curvature times (2^-17 s)^2 / 2. AF_ERR_OVERFLOW
 * (out zeroed) when the apex's time, height or state does not fit
 * Q16.16. */
AF_CHECK_RESULT af_status af_drag_apex_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                                           af_drag_event_q16 *out);

/** af_drag_time_at_height_f64 in Q16.16: the same brackets, with Newton
 * on the closed-form height run from the end on whose side of the root it
 * stays, to 2^-30 of the time (at most AF_DRAG_HEIGHT_MAX_STEPS
 * evaluations; 93 by the Q16 iteration's own bound). out->height and out->state are those
 * at out->t, the time rounded to Q16.16 (so out->height differs from the
 * height asked by the distance covered in that rounding). AF_ERR_OVERFLOW
 * when the time (32768 s or more), the height or the state does not fit;
 * the height is the one at out->t, so a height asked within that distance
 * of -32768 or 32768 can overflow where the exact time's would fit. */
AF_CHECK_RESULT af_status af_drag_time_at_height_q16(const af_drag_q16 *drag,
                                                     const af_body_q16 *start, fix16_t height,
                                                     af_branch branch, af_drag_event_q16 *out);

/** af_raycast_f64 in Q16.16: direction a unit vector (each component
 * within an LSB), max_distance > 0 (m). */
typedef int (*af_raycast_q16)(void *user, const af_vec3_q16 *origin,
                              const af_vec3_q16 *direction, fix16_t max_distance,
                              af_vec3_q16 *hit);

/** Where a flight meets the terrain, as af_drag_landing_f64. */
typedef struct af_drag_landing_q16 {
    fix16_t t;            /**< time of flight, s */
    af_vec3_q16 point;    /**< the terrain point the last raycast hit, m */
    af_vec3_q16 velocity; /**< the body's velocity at t, m/s */
    int casts;            /**< raycasts made, on every path (failures included) */
} af_drag_landing_q16;

/** af_drag_land_f64 in Q16.16: the same chords, windows and bounds
 * (AF_DRAG_LAND_BRACKET_CHORDS, AF_DRAG_LAND_MAX_CASTS), with tolerance
 * and max_time > 0 in Q16.16. Chord ends are the flight's positions
 * rounded to Q16.16 and each ray's direction is rounded too, which moves
 * its far end by up to 2^-16 of its length: the search narrows a chord
 * until its sag below the arc plus that reach is within the tolerance, so
 * the hit lies within the tolerance and a few LSB of the trajectory at
 * out->t. A chord 32768 m long or more is cast in parts. AF_ERR_OVERFLOW
 * when the flight leaves Q16.16 before it lands or max_time comes. */
AF_CHECK_RESULT af_status af_drag_land_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                                           fix16_t max_time, fix16_t tolerance,
                                           af_raycast_q16 raycast, void *user,
                                           af_drag_landing_q16 *out);

/** af_drag_samples_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_drag_samples_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                                              fix16_t t_end, af_vec3_q16 *points, int count);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_DRAG_FLIGHT_H */
