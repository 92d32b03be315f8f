/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/ballistic_moving.h — lobs under gravity, without drag, at a
 * target moving at constant velocity: at a chosen time of flight, with a
 * chosen apex, or at a fixed speed (every solution). The projectile, the
 * shared rules and the Q16.16 domain are aimfix/ballistic.h's, which
 * includes this header.
 */
#ifndef AIMFIX_BALLISTIC_MOVING_H
#define AIMFIX_BALLISTIC_MOVING_H

#include "aimfix/ballistic.h"
#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * af_arc_time_f64 — the launch velocity that meets the target after exactly
 * `t` seconds (> 0): u = (D + V t - g t^2/2) / t, with D and V the target's
 * position and velocity relative to the shooter (its velocity counts only
 * with AF_INHERIT_VELOCITY). A static target has zero velocity. Any speed
 * results; nothing is unreachable.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param t        time of flight, s
 * @param gravity  gravity, m/s^2
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shot
 * @return AF_OK with 1 shot; AF_ERR_BAD_ARGUMENT for t <= 0.
 */
AF_CHECK_RESULT af_status af_arc_time_f64(const af_body_f64 *shooter,
                                          const af_body_f64 *target, double t,
                                          const af_vec3_f64 *gravity,
                                          unsigned flags, af_shots_f64 *out);

/**
 * How af_arc_apex_f64 picks the height of the arc. The policy's value is
 *     value = base + per_distance * (horizontal distance to the target now)
 * so that farther targets get higher arcs, and means, by kind:
 *   AF_ARC_APEX_HEIGHT     apex height (m) above the higher of the launch
 *                          point and the target's current position
 *   AF_ARC_VERTICAL_SPEED  vertical launch speed (m/s, along up)
 * base and per_distance must be finite and give value > 0.
 * AF_ARC_POLICY_DEFAULT: apex a quarter of the distance above the higher
 * end, which is a 45-degree lob on level ground.
 */
typedef enum af_arc_kind {
    AF_ARC_APEX_HEIGHT = 0,   /**< the value is the apex height, m */
    AF_ARC_VERTICAL_SPEED = 1 /**< the value is the vertical launch speed, m/s */
} af_arc_kind;

/** The policy of af_arc_apex_f64 (see af_arc_kind). */
typedef struct af_arc_policy_f64 {
    af_arc_kind kind;    /**< what the value means */
    double base;         /**< the value at distance 0 */
    double per_distance; /**< added per metre of horizontal distance */
} af_arc_policy_f64;

/** The default policy: apex a quarter of the distance above the higher end. */
#define AF_ARC_POLICY_DEFAULT { AF_ARC_APEX_HEIGHT, 0.0, 0.25 }

/**
 * af_arc_apex_f64 — a lob of chosen height at a target moving at constant
 * velocity (vertical motion included). The policy fixes the vertical launch
 * speed w; the time of flight is the later root of
 *     |g|/2 t^2 - (w - vz) t + dz = 0
 * (the projectile meets the target's height while descending; dz, vz: the
 * target's height and vertical velocity relative to the shooter), and the
 * horizontal velocity is the horizontal distance to the target's predicted
 * position divided by t. The launch speed is whatever results.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param gravity  gravity, m/s^2
 * @param policy   how high to lob
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shot
 * @return AF_OK with 1 shot; AF_ERR_NO_SOLUTION when the arc never comes
 * down to the target's height (a target rising away faster than the arc);
 * AF_ERR_OVERFLOW when the time of flight underflows (below 2^-1042 s, as
 * in af_arc_point_f64) or overflows; AF_ERR_BAD_ARGUMENT when g = 0, the
 * policy's value is <= 0, or its kind is unknown.
 */
AF_CHECK_RESULT af_status af_arc_apex_f64(const af_body_f64 *shooter,
                                          const af_body_f64 *target,
                                          const af_vec3_f64 *gravity,
                                          const af_arc_policy_f64 *policy,
                                          unsigned flags, af_shots_f64 *out);

/**
 * af_arc_moving_f64 — every launch velocity of a given speed (m/s, > 0) that
 * meets a target moving at constant velocity under gravity. Exact: the time
 * of flight solves the quartic |D + V t - g t^2/2|^2 = speed^2 t^2, whose
 * positive real roots are isolated between the critical points of the
 * polynomial (so none is lost, unlike closed-form quartic code whose complex
 * cube roots come out NaN) and refined by a bounded, bracketed Newton
 * iteration on the distance itself.
 *
 * The quartic is written in free-fall units (length |D|, velocity
 * sqrt(|D| |g|)), where its coefficients span speed^2 / (|g| |D|) rather
 * than its square, and searched within Fujiwara's bound on its roots,
 * which scales like the roots themselves; |V|^2 - speed^2 is formed
 * exactly (equal speeds are decided as in af_intercept_f64). Two roots
 * closer than the rounding of the distance are kept distinct and in
 * order; where the polynomial only touches zero within that rounding (a
 * tangent), the touching time is returned once.
 *
 * Domain: every input finite, speed > 0, and speed^2 / (|g| |D|) below
 * DBL_MAX (a target closer than about 1e-308 speed^2 / |g| gives
 * AF_ERR_OVERFLOW; af_arc_point_f64 covers a static one at any distance).
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param speed    launch speed, m/s
 * @param gravity  gravity, m/s^2
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shots
 * @return AF_OK with 1 to 4 shots, earliest first (a static target gives the
 * low and high arcs of af_arc_point_f64); AF_ERR_NO_SOLUTION when no speed-
 * `speed` shot meets the target; AF_ERR_OVERFLOW outside the domain above,
 * or when every solution's time of flight underflows (below 2^-1042 s,
 * as in af_arc_point_f64) or overflows
 * (such a solution is left out, the others kept) or a velocity does not
 * fit a double; AF_ERR_NO_CONVERGENCE when every root found gives a
 * shot whose launch speed misses `speed` by more than 2^-26 of the larger
 * of it and the target's relative speed (checked on every shot: a root
 * the distance only touches within its rounding, where the target's
 * distance and gravity cancel beyond the double's 53 bits, is left out);
 * AF_ERR_BAD_ARGUMENT for speed <= 0. A target at the muzzle (D = 0)
 * gives the t = 0 shot of af_arc_point_f64 first.
 */
AF_CHECK_RESULT af_status af_arc_moving_f64(const af_body_f64 *shooter,
                                            const af_body_f64 *target,
                                            double speed,
                                            const af_vec3_f64 *gravity,
                                            unsigned flags, af_shots_f64 *out);

/**
 * @name Q16.16 twins
 *
 * As the f64 functions above, under the Q16.16 twins' shared rules of
 * aimfix/ballistic.h.
 * @{
 */

/** af_arc_time_f64 in Q16.16: t > 0 in Q16.16 seconds. */
AF_CHECK_RESULT af_status af_arc_time_q16(const af_body_q16 *shooter,
                                          const af_body_q16 *target, fix16_t t,
                                          const af_vec3_q16 *gravity,
                                          unsigned flags, af_shots_q16 *out);

/** The policy of af_arc_apex_q16: as af_arc_policy_f64, in Q16.16. */
typedef struct af_arc_policy_q16 {
    af_arc_kind kind;     /**< what the value means */
    fix16_t base;         /**< the value at distance 0 */
    fix16_t per_distance; /**< added per metre of horizontal distance */
} af_arc_policy_q16;

/** AF_ARC_POLICY_DEFAULT in Q16.16. */
#define AF_ARC_POLICY_DEFAULT_Q16 { AF_ARC_APEX_HEIGHT, 0, 16384 }

/** af_arc_apex_f64 in Q16.16. The horizontal distance x is |D x g| / |g|
 * (exact along an axis, else to 2^-29 of itself) rounded to Q16.16 (to
 * nearest), and the policy's value, base + per_distance x, is formed
 * exactly from it (Q32.32: a value below half an LSB is still > 0; a
 * target less than half an LSB off the vertical gets base, and
 * AF_ERR_BAD_ARGUMENT when base <= 0). That rounding moves the value by
 * up to half of per_distance LSB (0.25 m/s for a per_distance of
 * 32768), and the status is decided on the value so formed. The vertical
 * launch speed w it asks for is then rounded to Q16.16 (1 LSB at least:
 * a smaller w is raised to it), and t is the root for that rounded w (the
 * root of its discriminant kept to 2^-16 LSB), so it may differ from the
 * f64 time by up to 2 dw / |g| s for a target below the launch height
 * (dw the rounding of w: half an LSB, or up to 1 LSB where w is raised;
 * more near the top of an arc that barely reaches the target) on top of
 * its own rounding; the shot still meets the target at that t. The
 * status is decided on the rounded w too: where the f64 arc clears the
 * target's height by less than that rounding (w - vz within 1 LSB of
 * sqrt(2 |g| dz), the target at or above the launch height, vz and dz its
 * vertical speed and height along up), the rounded arc may never come
 * down to it: AF_ERR_NO_SOLUTION.
 * Off the axes the target's vertical speed along gravity is rounded once
 * (half an LSB), its height to 2^-16 LSB (a nonzero height below half of
 * that is 2^-16 LSB of its sign: a target a hair below the launch point
 * rising faster than the arc is met an instant later, at 1 LSB), both
 * along an up rounded to 30 bits (2^-30 of |D| and of |V| more); the
 * status is decided on those rounded values too. The launch velocity is
 * formed to 2^-8 LSB (with the part of the vertical speed that its
 * rounding dropped) and rounded once per component: the shot's miss is
 * that rounding flown for t (sqrt(3) 2^-17 t at most) plus the roundings
 * above.
 * AF_ERR_OVERFLOW when the answer for these rounded values does not fit
 * Q16.16: w, t (32768 s or more), a component of the launch velocity or
 * of the impact point; so a shot whose f64 twin just fits may not (w
 * raised to 1 LSB under a gravity of 1 LSB lengthens t by up to 2 s for
 * a target below the launch point, and one crossing at 22 km/s moves
 * 44 km in that time; and a target a hair below the launch point rising
 * faster than the arc is met after about |dz| / (vz - w), in proportion
 * to its height, so the height's rounding to 2^-16 LSB and up's moves t
 * and D / t by the same fraction: 1/16 for a height of 8 units of 2^-16
 * LSB, a launch velocity of 32280 m/s made 33325). Intermediates are
 * sized to the inputs and never overflow where the answer fits, but for
 * one: D / t + V, the launch velocity before its vertical part is
 * replaced by w, must fit 65536 m/s per component. */
AF_CHECK_RESULT af_status af_arc_apex_q16(const af_body_q16 *shooter,
                                          const af_body_q16 *target,
                                          const af_vec3_q16 *gravity,
                                          const af_arc_policy_q16 *policy,
                                          unsigned flags, af_shots_q16 *out);

/** af_arc_moving_f64 in Q16.16: every solution, isolated between the
 * quartic's turning points as in f64 (no root is lost to a formula), with
 * a bounded iteration (72 Newton steps or halvings of the bracket at
 * most per root) on 31-bit floating integers; a turning point the polynomial
 * cannot tell from zero is judged by the distance itself, and a root
 * whose shot misses the speed tolerance above is refined by at most 6
 * Newton steps on the distance. AF_ERR_NO_CONVERGENCE when no shot meets
 * the tolerance.
 * Without gravity it is af_intercept_q16. */
AF_CHECK_RESULT af_status af_arc_moving_q16(const af_body_q16 *shooter,
                                            const af_body_q16 *target,
                                            fix16_t speed,
                                            const af_vec3_q16 *gravity,
                                            unsigned flags, af_shots_q16 *out);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_BALLISTIC_MOVING_H */
