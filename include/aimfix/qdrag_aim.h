/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/qdrag_aim.h — how to shoot through quadratic drag: the aim at a
 * fixed time of flight, the aim at a fixed speed (both arcs, moving
 * targets) and the maximum range, f64 and their Q16.16 twins. The model,
 * its domain and the flight's queries are in aimfix/qdrag.h, which
 * includes this header.
 */
#ifndef AIMFIX_QDRAG_AIM_H
#define AIMFIX_QDRAG_AIM_H

#include "aimfix/accel.h"
#include "aimfix/qdrag.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * af_qdrag_aim_time_f64 — the launch velocity that meets the target
 * (moving at constant velocity) after exactly `t` s: Newton's method on the
 * launch velocity, with the Jacobian of the position after t carried along
 * the flight (the variational equations, or the chain rule through the
 * engine's steps), each step halved until the miss shrinks; at most
 * AF_QDRAG_AIM_MAX_ITER iterations, from the vacuum shot. Converged when
 * the miss is below 1e-10 of the distance to the target plus the
 * launch speed times t. AF_INHERIT_VELOCITY: the projectile flies with the
 * returned velocity plus the shooter's. The stepped kind refuses a launch
 * whose first engine step folds its velocity relative to the air ((2 k s
 * + c) dt >= 1, s that speed after the step's gravity when gravity comes
 * first): the iteration does not step onto it (AF_ERR_OUT_OF_RANGE when
 * the first guess is one).
 *
 * @param drag     the model
 * @param shooter  launch point and velocity at t = 0
 * @param target   target position and velocity at t = 0
 * @param t        time of flight, s, > 0
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shot (impact point: the target's position at t)
 * @return AF_OK with 1 shot; AF_ERR_NO_CONVERGENCE when the iteration does
 * not meet the target (a point the drag does not let the body reach in t,
 * or a flight beyond AF_QDRAG_MAX_STEPS); AF_ERR_BAD_ARGUMENT for t <= 0.
 */
AF_CHECK_RESULT af_status af_qdrag_aim_time_f64(const af_qdrag_f64 *drag,
                                                const af_body_f64 *shooter,
                                                const af_body_f64 *target, double t,
                                                unsigned flags, af_shots_f64 *out);

/**
 * af_qdrag_aim_speed_f64 — every launch velocity of length `speed` that
 * meets the target (moving at constant velocity) within `max_time`.
 * F(T) is the fixed-time aim's speed minus `speed`. For a static target
 * (and a shooter that does not move or is not inherited) F falls then
 * rises, with at most two roots, found without a scan. First both arcs
 * straight by the joint Newton iteration below from the vacuum's two
 * shots (their times stretched by the drag), each to the full tolerances
 * (its chord flights at them): two distinct roots are both arcs; one alone
 * is the only arc when F < 0 at max_time (F at the loose tolerances when
 * below -1 % of the speed there, else at the full accuracy). Else a search:
 * from the vacuum's time of least speed, secant steps on F' inside its
 * bracket (at most 24 aims) until F < 0 (or the least F, checked at the
 * full accuracy, is above 0: no arc; F convex, as in vacuum, ends that
 * search early); then on each side the root straight by the joint Newton
 * iteration below, from F's Newton step bounded by the vacuum's arc, else
 * Newton's steps on F out to a sign change (at most 8) and that bracket
 * solved as the scan's are. Should the search fail anywhere, and for
 * moving targets, as af_drag_aim_speed_f64: F is
 * sampled at AF_QDRAG_AIM_SCAN_POINTS times spaced geometrically from a
 * lower bound on every solution, |D| / (speed + |V| + |shooter velocity| +
 * 2 |wind| + |g| max_time / 2), to max_time (each aim started from the
 * last one's answer and its derivative in T; a sample needs only the sign
 * of F, and first tries chord iterations, flights without the Jacobian);
 * each sign change of F is solved by Newton's method on the launch
 * velocity (held at `speed`) and the time together, inside the bracket,
 * or else refined by the bracketed Newton iteration; each sampled dip of F
 * is located and checked, so that two nearby arcs are not lost. A time at
 * which the fixed-time aim fails counts as out of reach (F > 0). For a
 * static target the scan stops after the second root, or once F is
 * positive and rising. The launches the fixed-time aim refuses (a
 * folding first step, above) leave F out of reach where they begin, a
 * jump rather than a sign change, and a bracket can close on it: every
 * shot returned has the launch speed asked (a polished root, or one of the
 * full-tolerance scan whose speed is the one asked within F's noise, 1e-9
 * of the speeds, or which polishes onto it); the others are dropped.
 * The search and the scan fly the continuous kind loosely (a per-step tolerance of
 * 1e-5; a sampled dip's value at the full accuracy) and solves its aims
 * to 1e-7 of the reach; each root found is then polished at the full
 * tolerances (AF_QDRAG_TOL, a miss of 1e-10 of the reach plus the launch
 * speed times T) by at most 8 chord iterations of the joint Newton step
 * with one loose flight's Jacobian, else 8 Newton iterations (the joint
 * iteration keeps its Jacobian once the miss is below 1e-3 of the reach;
 * the stepped kind's search solves its roots to the full miss at once,
 * its flights being exact). Should a
 * polish fail or two roots meet, the scan is run again at the full
 * tolerances (then it is the only one).
 *
 * @param drag      the model
 * @param shooter   launch point and velocity
 * @param target    target position and velocity
 * @param speed     launch speed, m/s, > 0
 * @param max_time  longest flight searched, s, > 0
 * @param flags     0 or AF_INHERIT_VELOCITY
 * @param out       the shots, earliest first (low arc before high arc)
 * @return AF_OK with 1 to AF_MAX_SHOTS shots (a target at the muzzle gives
 * the t = 0 shot with zero velocity first); AF_ERR_NO_SOLUTION when none
 * meets the target within max_time; AF_ERR_BAD_ARGUMENT for speed <= 0 or
 * max_time <= 0.
 */
AF_CHECK_RESULT af_status af_qdrag_aim_speed_f64(const af_qdrag_f64 *drag,
                                                 const af_body_f64 *shooter,
                                                 const af_body_f64 *target, double speed,
                                                 double max_time, unsigned flags,
                                                 af_shots_f64 *out);

/**
 * af_qdrag_max_range_f64 — the farthest a projectile launched at `speed`
 * towards `heading` (its horizontal part counts) lands on the level
 * `height`: signed, along the heading from the launch point (wind drift
 * included; a head wind can carry a lob back behind the launcher, which is
 * no farther along the heading than one just short of it). The elevations
 * up to vertical whose apex reaches the level form a band: from the lowest
 * up, or, when the vertical shot falls short, around the highest apex (a
 * shot tilted downwind in a tail wind, found by AF_QDRAG_RANGE_ITER
 * golden-section steps); each end by bisection (60 halvings). The range is
 * then maximised over the band by AF_QDRAG_RANGE_ITER golden-section steps;
 * the ends of the band are tried too (a range that is not unimodal in a
 * wind).
 *
 * A stepped model's launches whose first step folds the velocity relative
 * to the air ((2 k s + c) dt >= 1, s the speed through the air after
 * gravity when it comes first; docs/qdrag.md) are refused, as the aims
 * refuse them: their flights explode chaotically. They form an arc of
 * elevations, found in closed form; the search above runs over each piece
 * of the elevations outside it (two when the arc splits them) and keeps
 * the farther.
 *
 * @param drag     the model (g != 0)
 * @param speed    launch speed, m/s, > 0
 * @param height   the level, m along up from the launch point
 * @param heading  horizontal direction to shoot in
 * @param out      the range and its shot
 * @return AF_OK; AF_ERR_NO_SOLUTION when no elevation up to vertical
 * reaches the level; AF_ERR_ENGINE_LIMIT when some launches fold and none
 * of the others comes down on the level (every launch folds, or those
 * left fall short); AF_ERR_NO_CONVERGENCE when a flight needs more than
 * AF_QDRAG_MAX_STEPS steps; AF_ERR_BAD_ARGUMENT for speed <= 0, g = 0 or a
 * vertical or zero heading.
 */
AF_CHECK_RESULT af_status af_qdrag_max_range_f64(const af_qdrag_f64 *drag, double speed,
                                                 double height, const af_vec3_f64 *heading,
                                                 af_range_f64 *out);

/**
 * af_qdrag_aim_time_accel_f64 — af_qdrag_aim_time_f64 at a target with a
 * constant acceleration: its point at t is p + v t + a t^2 / 2, and the
 * shot's point is that.
 *
 * @param drag     the model
 * @param shooter  launch point and velocity (inherited with AF_INHERIT_VELOCITY)
 * @param target   the target's position, velocity and acceleration at t = 0
 * @param t        time of flight, s, > 0
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      one shot
 * @return as af_qdrag_aim_time_f64; AF_ERR_BAD_ARGUMENT also for a NULL
 * target or an acceleration not finite.
 */
AF_CHECK_RESULT af_status af_qdrag_aim_time_accel_f64(const af_qdrag_f64 *drag,
                                                      const af_body_f64 *shooter,
                                                      const af_body_accel_f64 *target, double t,
                                                      unsigned flags, af_shots_f64 *out);

/**
 * af_qdrag_aim_speed_accel_f64 — af_qdrag_aim_speed_f64 at a target with a
 * constant acceleration: the same scan of the fixed-time aim's speed over
 * the time of flight (its first time's bound counts the target's speed at
 * max_time, |v| + |a| max_time; a static target's early stop does not
 * apply, an accelerating target may have more than two arcs).
 *
 * @param drag      the model
 * @param shooter   launch point and velocity
 * @param target    the target's position, velocity and acceleration at t = 0
 * @param speed     launch speed, m/s, > 0
 * @param max_time  the longest flight looked at, s, > 0
 * @param flags     0 or AF_INHERIT_VELOCITY
 * @param out       the shots, earliest first
 * @return as af_qdrag_aim_speed_f64; AF_ERR_BAD_ARGUMENT also for a NULL
 * target or an acceleration not finite.
 */
AF_CHECK_RESULT af_status af_qdrag_aim_speed_accel_f64(const af_qdrag_f64 *drag,
                                                       const af_body_f64 *shooter,
                                                       const af_body_accel_f64 *target,
                                                       double speed, double max_time,
                                                       unsigned flags, af_shots_f64 *out);

/* ---- Q16.16 twins ---------------------------------------------------- */

/** The miss, in LSB, that af_qdrag_aim_time_q16 accepts: this plus
 * n^2 / AF_QDRAG_Q16_AIM_MISS_DIV for a flight of n steps (the engine's
 * or the Runge-Kutta steps, whose roundings gather as their square; see
 * the accuracy in aimfix/qdrag.h). */
#define AF_QDRAG_Q16_AIM_MISS_LSB 4
/** See AF_QDRAG_Q16_AIM_MISS_LSB. */
#define AF_QDRAG_Q16_AIM_MISS_DIV 4

/** af_qdrag_aim_time_f64 in Q16.16: Newton's method on the launch
 * velocity from the vacuum shot, each miss the Q16.16 flight's own
 * (af_qdrag_predict_q16's), each step from the Jacobian dp(t)/dv0 carried
 * through the steps in 30-bit fixed point (the continuous kind's
 * Runge-Kutta steps carry that of the engine's step of the same h and
 * drag, a first-order one: it only steers) and solved by elimination with partial
 * pivoting, halved (up to 8 times) until the miss shrinks; at most
 * AF_QDRAG_AIM_MAX_ITER iterations, stopping when no step shrinks the
 * miss. AF_OK when the engine's flight of the returned velocity (plus the
 * shooter's, inherited) is within AF_QDRAG_Q16_AIM_MISS_LSB + n^2 /
 * AF_QDRAG_Q16_AIM_MISS_DIV LSB of the target's point at t (n the steps
 * flown); else AF_ERR_NO_CONVERGENCE. AF_ERR_OUT_OF_RANGE when the target's
 * point does not fit Q16.16 or a step folds the velocity
 * relative to the air ((2 k s + c) dt >= 1, s the speed relative to the
 * air: a faster launch would leave the step slower, a branch of the
 * engine with false far-flung solutions; for the continuous kind dt is
 * its step h, which only a launch about four times faster through the
 * air than the step was chosen for folds); AF_ERR_OVERFLOW when the
 * velocity does not fit. */
AF_CHECK_RESULT af_status af_qdrag_aim_time_q16(const af_qdrag_q16 *drag,
                                                const af_body_q16 *shooter,
                                                const af_body_q16 *target, fix16_t t,
                                                unsigned flags, af_shots_q16 *out);

/** The most samples of F one sign change or one dip of
 * af_qdrag_aim_speed_q16 takes to narrow. */
#define AF_QDRAG_Q16_ROOT_ITER 64

/** af_qdrag_aim_speed_f64 in Q16.16 (either kind): the same scan of
 * F(T) = |u(T)| - speed over AF_QDRAG_AIM_SCAN_POINTS times spaced
 * geometrically from the bound |D| / (speed + |V| + |shooter velocity| +
 * 2 |wind| + |g| max_time / 2) to max_time, with af_qdrag_aim_time_q16 at
 * each; a sign change is narrowed to one raw unit of T (regula falsi and
 * halvings in turn, at most AF_QDRAG_Q16_ROOT_ITER aims), a dip located
 * by halving on the sign of F' and checked; static targets stop as in f64.
 * With the continuous kind a target that no flight up to max_time can
 * reach has no shot without a scan: the body drifts at most |w| T +
 * u0 min(T, 1/c) + |g| min(T^2/2, T/c) in T (u0 the launch's speed
 * through the air at most), less than the target's least distance then.
 * Each shot is the aim at the end of the last bracket whose |F| is
 * smaller: its speed is the one asked to within the change of the aim
 * over one raw unit of T plus the aim's own rounding. A bracket whose
 * other end is out of reach (a fixed-time aim that fails, a folding step
 * among them) gives a shot only if |F| at its end is within |F'| times
 * one raw unit of T plus AF_QDRAG_Q16_AIM_MISS_LSB: F jumps there rather
 * than crossing zero. AF_ERR_OUT_OF_RANGE
 * when the target's offset, its speed or the shooter's does not fit
 * Q16.16; a solution whose impact point does not fit is left out. */
AF_CHECK_RESULT af_status af_qdrag_aim_speed_q16(const af_qdrag_q16 *drag,
                                                 const af_body_q16 *shooter,
                                                 const af_body_q16 *target, fix16_t speed,
                                                 fix16_t max_time, unsigned flags,
                                                 af_shots_q16 *out);

/** af_qdrag_max_range_f64 in Q16.16 (either kind; the continuous kind's
 * step chosen once, from the speed plus the wind's), searching the
 * launch velocity's upward part vz (raw units) rather than the angle: the
 * band of vz whose apex reaches the level (around the highest apex, by a
 * golden section, when the vertical shot falls short), each end by halving
 * to one raw unit, then a golden section over vz until its interval is 2
 * raw units (at most AF_QDRAG_RANGE_ITER steps), both ends tried too. The
 * range is signed along the heading, from the landing of
 * af_qdrag_time_at_height_q16. A stepped model's launches whose first
 * step folds are refused as in f64 (the same statuses): the folding vz
 * are one interval or the two ends of the band (the fold measure is a
 * sinusoid of the elevation), their edges halved to one raw unit on the
 * engine's own fold test; each piece left is searched.
 * AF_ERR_BAD_ARGUMENT also for a heading whose horizontal part is below
 * 2^-20 of it; AF_ERR_OVERFLOW when a flight leaves Q16.16. */
AF_CHECK_RESULT af_status af_qdrag_max_range_q16(const af_qdrag_q16 *drag, fix16_t speed,
                                                 fix16_t height, const af_vec3_q16 *heading,
                                                 af_range_q16 *out);

/** af_qdrag_aim_time_accel_f64 in Q16.16: af_qdrag_aim_time_q16 at the
 * target's point p + (v + a t / 2) t (each product rounded once), its
 * velocity v + a t steering the aim's derivative. AF_ERR_BAD_ARGUMENT
 * also for a NULL target; AF_ERR_OUT_OF_RANGE when the target's point
 * does not fit Q16.16. */
AF_CHECK_RESULT af_status af_qdrag_aim_time_accel_q16(const af_qdrag_q16 *drag,
                                                      const af_body_q16 *shooter,
                                                      const af_body_accel_q16 *target, fix16_t t,
                                                      unsigned flags, af_shots_q16 *out);

/** af_qdrag_aim_speed_accel_f64 in Q16.16: af_qdrag_aim_speed_q16's scan
 * at the accelerating target (its time bound counting |v| + |a| max_time,
 * no static target's early stop); each shot's point the target's at its
 * time as in af_qdrag_aim_time_accel_q16. AF_ERR_BAD_ARGUMENT also for a
 * NULL target; AF_ERR_OUT_OF_RANGE also when |a| does not fit Q16.16. */
AF_CHECK_RESULT af_status af_qdrag_aim_speed_accel_q16(const af_qdrag_q16 *drag,
                                                       const af_body_q16 *shooter,
                                                       const af_body_accel_q16 *target,
                                                       fix16_t speed, fix16_t max_time,
                                                       unsigned flags, af_shots_q16 *out);

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_QDRAG_AIM_H */
