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
 * Every _f64 type and function has a _q16 twin of the same shape, with
 * fix16_t in place of double: see the end of this file.
 */
#ifndef AIMFIX_DRAG_H
#define AIMFIX_DRAG_H

#include "aimfix/ballistic.h"
#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The two kinds of drag model (see the top of this file). */
typedef enum af_drag_kind {
    AF_DRAG_KIND_STEPPED = 0,   /**< a game engine's fixed steps */
    AF_DRAG_KIND_CONTINUOUS = 1 /**< dv/dt = g - k (v - wind) */
} af_drag_kind;

/** The order of one engine step (stepped kind only). */
typedef enum af_step_order {
    /** v[k+1] = (v[k] + g dt) r, p[k+1] = p[k] + v[k+1] dt: Unity/PhysX,
     * Box2D. */
    AF_STEP_GRAVITY_THEN_DAMPING = 0,
    /** v[k+1] = v[k] r + g dt, p[k+1] = p[k] + v[k+1] dt: Bullet. */
    AF_STEP_DAMPING_THEN_GRAVITY = 1,
    /** u = v[k] + g dt, p[k+1] = p[k] + u dt, v[k+1] = u r: the body moves
     * before it is damped (ODE). */
    AF_STEP_DAMPING_LAST = 2,
    /** p[k+1] = p[k] + v[k] dt, v[k+1] = v[k] r + g dt: the body moves by
     * the velocity it had before the step (Chipmunk2D). The velocity is
     * the engine's after each step, the launch velocity the one it is
     * given. */
    AF_STEP_MOVE_FIRST = 3
} af_step_order;

/**
 * A drag model. Made by af_drag_init_f64, or filled in by hand for an
 * engine whose damping factor r is known directly (set every field the
 * kind uses; the others are ignored).
 */
typedef struct af_drag_f64 {
    af_drag_kind kind;    /**< AF_DRAG_KIND_STEPPED or AF_DRAG_KIND_CONTINUOUS */
    af_vec3_f64 gravity;  /**< m/s^2, any direction (zero allowed except for heights) */
    double dt;            /**< stepped: the engine's fixed step, s, > 0 */
    double r;             /**< stepped: the velocity's factor per step, 0 < r <= 1 (1: no drag) */
    af_step_order order;  /**< stepped: see af_step_order */
    double k;             /**< continuous: drag rate, 1/s, >= 0 (0: no drag) */
    af_vec3_f64 wind;     /**< continuous: the air's velocity, m/s */
    /** stepped: the engine's cap on the distance a body moves in one step,
     * m (0: none; set it to 0 in a model filled by hand). A flight whose
     * move exceeds it in any step up to the answer's time is refused with
     * AF_ERR_ENGINE_LIMIT (outputs zeroed) by every drag function: the
     * predictions, the samples, the apex, the time at height, the landing,
     * the maximum range (its best shot) and both aims (the shots that
     * would; the status when none is left). The engine would clamp that
     * step's velocity and leave the model. AF_DRAG_BOX2D sets 2 m
     * (b2_maxTranslation). */
    double max_move;
} af_drag_f64;

/**
 * The damping laws of common engines, each with the engine's own linear
 * damping parameter d and a step dt (s); the preset also sets the engine's
 * step order (docs/engines.md cites each engine's source).
 */
typedef enum af_drag_model {
    AF_DRAG_UNITY = 0,     /**< r = 1 - d dt: Unity, PhysX; gravity first
                            *   (d in 1/s, needs d dt < 1) */
    AF_DRAG_BOX2D = 1,     /**< r = 1 / (1 + d dt): Box2D 2.4 (d in 1/s);
                            *   gravity first; max_move = 2 m */
    AF_DRAG_BULLET = 2,    /**< r = (1 - d)^dt: Bullet 2.x/3.x (d is a
                            *   fraction lost per second: needs d < 1);
                            *   damping first */
    AF_DRAG_EXACT = 3,     /**< r = exp(-d dt): the continuous law, sampled
                            *   exactly at every step; gravity first */
    AF_DRAG_CONTINUOUS = 4, /**< dv/dt = g - d (v - wind), no steps */
    AF_DRAG_ODE = 5,       /**< r = 1 - d: ODE 0.16 (d is
                            *   dBodySetLinearDamping's scale, a fraction lost
                            *   per step: needs d < 1); AF_STEP_DAMPING_LAST */
    AF_DRAG_GODOT = 6,     /**< r = 1 - d dt: Godot 4 (GodotPhysics3D/2D, d in
                            *   1/s, needs d dt < 1); damping first */
    AF_DRAG_CHIPMUNK = 7,  /**< r = d^dt: Chipmunk2D 7 (d is cpSpaceSetDamping's
                            *   fraction of velocity kept per second: needs
                            *   0 < d <= 1, 1 for none); AF_STEP_MOVE_FIRST */
    AF_DRAG_JOLT = 8       /**< r = 1 - d dt: Jolt Physics (d in 1/s, needs
                            *   d dt < 1); gravity first; max_move = 500 m/s
                            *   times dt (its default mMaxLinearVelocity) */
} af_drag_model;

/** Jolt's default mMaxLinearVelocity, m/s: AF_DRAG_JOLT's cap is this times dt. */
#define AF_JOLT_MAX_SPEED 500

/** Box2D 2.4's b2_maxTranslation: the most a body moves in one step, m. */
#define AF_BOX2D_MAX_MOVE 2.0

/**
 * af_drag_init_f64 — the drag model of an engine: damping coefficient
 * d >= 0 (1/s), step dt > 0 (s; ignored by AF_DRAG_CONTINUOUS),
 * gravity (m/s^2), wind (m/s; NULL for still air; only the continuous model
 * has wind: a non-zero wind with a stepped model is a bad argument). Each
 * stepped model gets its engine's step order and step cap (see
 * af_drag_model).
 *
 * r is computed in double precision; an engine that computes it in float
 * has a slightly different r: fill af_drag_f64 by hand to use its exact r.
 *
 * @param model    the engine's damping law
 * @param d        damping coefficient, 1/s
 * @param dt       the engine's fixed step, s
 * @param gravity  gravity, m/s^2
 * @param wind     the air's velocity, m/s, or NULL
 * @param out      the model
 * @return AF_OK; AF_ERR_BAD_ARGUMENT for d < 0, dt <= 0, d dt >= 1 with
 * AF_DRAG_UNITY, AF_DRAG_GODOT or AF_DRAG_JOLT, d >= 1 with AF_DRAG_BULLET or AF_DRAG_ODE,
 * d = 0 or d > 1 with AF_DRAG_CHIPMUNK (r would be 0, negative or above 1), an
 * unknown model, or non-finite inputs. out is zeroed on failure.
 */
AF_CHECK_RESULT af_status af_drag_init_f64(af_drag_model model, double d, double dt,
                                           const af_vec3_f64 *gravity, const af_vec3_f64 *wind,
                                           af_drag_f64 *out);

/**
 * af_drag_predict_f64 — position and velocity of a body `t` seconds (>= 0)
 * after it left `start` (position and velocity at t = 0).
 * Stepped: n = t / dt steps; at whole steps this is exactly the engine's
 * state (the velocity is the engine's v[n]; between steps see the top of
 * this file). Continuous: the exact solution.
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
 * the solvers below) makes: Newton's method inside a bracket, where an
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
 * af_drag_aim_time_f64 — the launch velocity that meets the target after
 * exactly `t` seconds (> 0), in closed form: the target's position then is
 * P = target position + target velocity * t, and the projectile's is linear
 * in its launch velocity, p0 + a(t) v0 + b(t) g, so v0 = (P - p0 - b g) / a.
 * With AF_INHERIT_VELOCITY the projectile's velocity in the air is the
 * returned velocity plus the shooter's (drag acts on the velocity relative
 * to the air, so this is not the same as aiming from a moving frame).
 * A stepped model meets the target at a whole step when t is a whole
 * number of steps; otherwise on the smooth curve between two steps.
 *
 * @param drag     the drag model
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param t        time of flight, s
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shot
 * @return AF_OK with 1 shot; AF_ERR_BAD_ARGUMENT for t <= 0;
 * AF_ERR_OVERFLOW when the velocity does not fit a double.
 */
AF_CHECK_RESULT af_status af_drag_aim_time_f64(const af_drag_f64 *drag,
                                               const af_body_f64 *shooter,
                                               const af_body_f64 *target, double t,
                                               unsigned flags, af_shots_f64 *out);

/**
 * The scan af_drag_aim_speed_f64 runs before refining: the required launch
 * speed is sampled at this many flight times, spaced geometrically between
 * a lower bound on every solution and max_time.
 */
#define AF_DRAG_AIM_SCAN_POINTS 64

/**
 * af_drag_aim_speed_f64 — every launch velocity of length `speed` (m/s, > 0)
 * that meets the target (moving at constant velocity) with a time of flight
 * up to `max_time` (s, > 0). The launch velocity that meets the target at
 * time t is af_drag_aim_time_f64's; this finds the times at which its
 * length equals `speed`. Its length is sampled at AF_DRAG_AIM_SCAN_POINTS
 * times, from a lower bound on every solution to max_time; each sign change
 * is refined by a bracketed Newton iteration, and each sampled minimum of
 * the length (a dip between two samples) is located and checked, so that a
 * pair of nearby solutions is not lost. For a static target (without
 * AF_INHERIT_VELOCITY) the reachable region grows as a ball whose radius
 * is concave in its drift, so there are exactly 0, 1 or 2 solutions: the
 * low arc and the high arc.
 *
 * @param drag      the drag model
 * @param shooter   launch point and velocity at t = 0 (m, m/s)
 * @param target    target position and velocity at t = 0 (m, m/s)
 * @param speed     launch speed, m/s
 * @param max_time  longest flight searched, s
 * @param flags     0 or AF_INHERIT_VELOCITY
 * @param out       the shots
 * @return AF_OK with 1 to 4 shots, earliest first (a target at the muzzle
 * gives the t = 0 shot with zero velocity first); AF_ERR_NO_SOLUTION when
 * no shot of that speed meets the target within max_time;
 * AF_ERR_BAD_ARGUMENT for speed <= 0 or max_time <= 0.
 * The scan's lower bound can itself be a solution (the straight shot at
 * |D| / speed with no drag and no gravity): the required speed equal to
 * `speed` within its rounding there counts as that solution. That
 * rounding, and each shot's speed error, is a few ulps of the terms that
 * make up the velocity, (|D| + |V| T + |G| b(T)) / a(T) (plus the
 * shooter's speed when inherited; a and b those of the top of this file):
 * under a strong damping a(T) stays far below T, and a distant target's
 * shot carries |D| / a(T) of rounding. Times at which a(T) or b(T)
 * overflows a double (past about 1.9e154 s without drag) are not
 * searched: max_time is lowered to the last time where both fit.
 */
AF_CHECK_RESULT af_status af_drag_aim_speed_f64(const af_drag_f64 *drag,
                                                const af_body_f64 *shooter,
                                                const af_body_f64 *target, double speed,
                                                double max_time, unsigned flags,
                                                af_shots_f64 *out);

/**
 * af_drag_max_range_f64 — the farthest a projectile launched at `speed`
 * (m/s, > 0) towards the horizontal direction `heading` (any vector that is
 * not vertical; only its horizontal part counts) lands on the level
 * `height` (m along up from the launch point), and the shot that does it.
 *
 * The range is signed: the horizontal distance from the launch point to
 * the landing point measured along the heading, maximised over the
 * elevations from the lowest that reaches the level to straight up (the
 * launch velocity lies in the vertical plane of the heading, never tilted
 * back past vertical, which lands no farther along it). In still air, and
 * for every stepped model, the landing lies on the heading's line and the
 * range is >= 0. With a continuous wind the drift along the heading counts
 * and a drift across it does not (the landing point is off to the side);
 * a head wind can carry every shot back behind the launcher, and the range
 * is then negative: the shot that lands least far behind.
 *
 * The height depends on the upward launch speed only, so the lowest
 * elevation that still reaches the level is solved first (on the apex
 * height, which rises with the upward speed); the range is then maximised
 * over the elevation by a golden-section search of fixed length (the range
 * is unimodal in the elevation in still air), and the two ends (the
 * lowest elevation, straight up) are tried as well: a wind along the
 * heading adds a drift that grows with the time of flight and can make a
 * lob go farther than any flatter shot. With such a wind the range is not
 * always unimodal and the search may stop at a lower interior maximum.
 *
 * On the launch point's own level (height 0) the search starts at the
 * lowest elevation whose flight rises at launch: an engine's first step
 * already carries one step of gravity, so a slow shot (a flight a step or
 * two long) must climb steeply to land after t = 0 at all; every lower
 * elevation lands at once with range 0.
 *
 * out: range (m), t (s), horizontal_speed and vertical_speed (m/s) of the
 * launch velocity (horizontal along the heading).
 *
 * @param drag     the drag model
 * @param speed    launch speed, m/s
 * @param height   the level to land on, m along up from the launch point
 * @param heading  the horizontal direction to shoot in
 * @param out      the range and its shot
 * @return AF_OK; AF_ERR_NO_SOLUTION when even a vertical shot stays below
 * the level; AF_ERR_OUT_OF_RANGE for a continuous updraft;
 * AF_ERR_OVERFLOW when a landing the search evaluates, or the vertical
 * shot's apex, does not fit a double (speeds within a few orders of
 * magnitude of sqrt(DBL_MAX), about 1.3e154, without drag);
 * AF_ERR_BAD_ARGUMENT for speed <= 0, g = 0, or a vertical or zero heading.
 */
AF_CHECK_RESULT af_status af_drag_max_range_f64(const af_drag_f64 *drag, double speed,
                                                double height, const af_vec3_f64 *heading,
                                                af_range_f64 *out);

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
 * @{
 */

/** af_drag_f64 in Q16.16. */
typedef struct af_drag_q16 {
    af_drag_kind kind;    /**< AF_DRAG_KIND_STEPPED or AF_DRAG_KIND_CONTINUOUS */
    af_vec3_q16 gravity;  /**< m/s^2 */
    fix16_t dt;           /**< stepped: the engine's fixed step, s */
    fix16_t r;            /**< stepped: the velocity's factor per step */
    af_step_order order;  /**< stepped: see af_step_order */
    fix16_t k;            /**< continuous: drag rate, 1/s */
    af_vec3_q16 wind;     /**< continuous: the air's velocity, m/s */
    fix16_t max_move;     /**< stepped: the engine's cap on one step's move, m (0: none) */
} af_drag_q16;

/** af_drag_init_f64 in Q16.16: d >= 0, dt > 0 (ignored by
 * AF_DRAG_CONTINUOUS). r is computed exactly and rounded once to Q16.16
 * (within 0.51 LSB of the exact engine law for the Q16.16 d and dt); a
 * Q16.16 engine that computes r its own way should fill af_drag_q16 by
 * hand with its r. AF_ERR_BAD_ARGUMENT also when r rounds to 0 (d dt
 * above 1 - 2^-17 for AF_DRAG_UNITY, AF_DRAG_GODOT and AF_DRAG_JOLT, above about 2^17 for AF_DRAG_BOX2D,
 * above about 11.8 for AF_DRAG_EXACT; (1 - d)^dt below 2^-17 for
 * AF_DRAG_BULLET; d >= 1 for AF_DRAG_ODE; d^dt below 2^-17 or d > 1 for
 * AF_DRAG_CHIPMUNK). */
AF_CHECK_RESULT af_status af_drag_init_q16(af_drag_model model, fix16_t d, fix16_t dt,
                                           const af_vec3_q16 *gravity, const af_vec3_q16 *wind,
                                           af_drag_q16 *out);

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

/** af_drag_time_at_height_f64 in Q16.16: the same brackets and iterations,
 * to 2^-30 of the time (at most AF_DRAG_HEIGHT_MAX_STEPS evaluations; 62
 * by the Q16 iteration's own bound). out->height and out->state are those
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

/** af_drag_aim_time_f64 in Q16.16. AF_ERR_OUT_OF_RANGE when the target's
 * position relative to the shooter does not fit Q16.16; AF_ERR_OVERFLOW
 * (no shot) when the velocity or the impact point does not. */
AF_CHECK_RESULT af_status af_drag_aim_time_q16(const af_drag_q16 *drag,
                                               const af_body_q16 *shooter,
                                               const af_body_q16 *target, fix16_t t,
                                               unsigned flags, af_shots_q16 *out);

/** af_drag_aim_speed_f64 in Q16.16, with the scan made adaptive: from each
 * sampled time it skips the stretch where a bound on the curvature of
 * |launch velocity|^2 - speed^2 (scaled) proves that no solution lies,
 * and samples again at most one step of f64's geometric grid of
 * AF_DRAG_AIM_SCAN_POINTS times beyond it; sign changes are refined and
 * dips located as in f64, each root to within the rounding of the speed
 * equation |u(T)| = speed: 2 LSB plus 2^-27 of the size of the terms that
 * make up the velocity, (|D| + |V| T + (|g| + k |wind|) b(T)) / a(T) plus
 * |v_shooter| when inherited (D the target's offset, V its velocity, a
 * and b those of the top of this file). Where the equation stays within
 * that rounding over a stretch (a scene of a few LSB), its roots there
 * are one to Q16.16 and may lie anywhere in it; a pair of roots between
 * which it never leaves that rounding (a dip shallower than it), and a
 * root about which it stays within it on one side up to a factor of two
 * in time, may be missed, AF_ERR_NO_SOLUTION when no other is left. Each
 * shot's velocity is the fixed-time aim at the solution's time (to 30
 * bits), so its speed is the one asked to 3 LSB plus 2^-26 of those terms
 * (the equation's rounding, the length's own 2^-29 and the velocity's
 * rounding to an LSB; a fast inherited shooter's velocity cancelled by the
 * launch leaves its rounding); that time is then rounded to Q16.16 for
 * the shot's t (the impact point is
 * the target's then). Two solutions that round to the same t make one
 * shot (the t = 0 shot of a target at the muzzle included).
 * AF_ERR_OUT_OF_RANGE as af_drag_aim_time_q16;
 * a solution whose velocity or impact point does not fit Q16.16 is left
 * out, and AF_ERR_OVERFLOW when that leaves none. */
AF_CHECK_RESULT af_status af_drag_aim_speed_q16(const af_drag_q16 *drag,
                                                const af_body_q16 *shooter,
                                                const af_body_q16 *target, fix16_t speed,
                                                fix16_t max_time, unsigned flags,
                                                af_shots_q16 *out);

/** af_drag_max_range_f64 in Q16.16 (the same signed range along the
 * heading), searching the upward launch speed (the elevation's sine)
 * rather than the angle: the same optimum, without an angle to round; the
 * ends are tried as in f64. The range is that at the landing time, which
 * the height's rounding moves by that rounding over the vertical speed
 * there: a landing much faster across than down (a wind's drift, a
 * graze) carries the height's rounding times that ratio. AF_ERR_BAD_ARGUMENT
 * also for a heading whose horizontal part is below 2^-20 of it;
 * AF_ERR_OVERFLOW when the range or the time does not fit Q16.16. */
AF_CHECK_RESULT af_status af_drag_max_range_q16(const af_drag_q16 *drag, fix16_t speed,
                                                fix16_t height, const af_vec3_q16 *heading,
                                                af_range_q16 *out);

/** af_drag_samples_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_drag_samples_q16(const af_drag_q16 *drag, const af_body_q16 *start,
                                              fix16_t t_end, af_vec3_q16 *points, int count);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_DRAG_H */
