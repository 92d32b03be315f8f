/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/drag_model.h — the linear drag models (the two kinds, the engines'
 * step orders, the presets of common engines) and the functions that make
 * one. aimfix/drag.h describes the law every drag function evaluates.
 */
#ifndef AIMFIX_DRAG_MODEL_H
#define AIMFIX_DRAG_MODEL_H

#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The two kinds of drag model (see aimfix/drag.h). */
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
 * @name Q16.16 twins
 *
 * Same arguments, answers and statuses as the f64 functions above, in
 * libfixmath's fix16_t, with integers only; the domain rules they share
 * are those of aimfix/drag.h.
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

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_DRAG_MODEL_H */
