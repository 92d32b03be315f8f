/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/drag_aim.h — how to shoot under linear drag: the launch velocity
 * that meets a moving target after a chosen time or at a chosen speed, and
 * the farthest shot onto a level.
 */
#ifndef AIMFIX_DRAG_AIM_H
#define AIMFIX_DRAG_AIM_H

#include "aimfix/accel.h"
#include "aimfix/ballistic.h"
#include "aimfix/drag_model.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * Rounding: a few ulps of the terms (|D| + |V| t + |G| b(t)) / a(t), D the
 * target's position relative to the shooter's (plus the shooter's speed
 * when inherited): a far target whose move brings it near the muzzle by
 * t keeps the rounding of D and V t, not of where it is met.
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
 * is refined by a bracketed Newton iteration (the bracket first halved in
 * its logarithm to within a factor of two: a cell can span 2^33 in time,
 * and the root keeps full precision wherever it lies in it), and each
 * sampled minimum of the length (a dip between two samples) is located and
 * checked, so that a pair of nearby solutions is not lost; so is a turn
 * after a solution at a sample (the lower bound's included), which can
 * hide a second one before the next sample (a target sweeping past the
 * muzzle). For a static target (without AF_INHERIT_VELOCITY) the
 * reachable region grows as a ball whose radius is concave in its drift,
 * so there are exactly 0, 1 or 2 solutions: the low arc and the high arc.
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
 * shooter's speed when inherited; a and b those of aimfix/drag.h): under
 * a strong damping a(T) stays far below T, and a distant target's shot
 * carries |D| / a(T) of rounding. Times at which a(T) or b(T) overflows
 * a double (past about 1.9e154 s without drag), or the target's position
 * or the launch velocity does (past 1e152 s for a target at 1e156 m/s),
 * are not searched: max_time is lowered to the last time where all fit.
 * A meeting before
 * 2^-1042 s (a target a subnormal distance away), whose time keeps too
 * few bits to carry the speed, is left out as underflowing, as by the
 * fixed-speed solvers of aimfix/ballistic.h.
 */
AF_CHECK_RESULT af_status af_drag_aim_speed_f64(const af_drag_f64 *drag,
                                                const af_body_f64 *shooter,
                                                const af_body_f64 *target, double speed,
                                                double max_time, unsigned flags,
                                                af_shots_f64 *out);

/**
 * af_drag_max_range_f64 — the farthest a projectile launched at `speed`
 * (m/s, > 0) towards the horizontal direction `heading` (any vector that is
 * not vertical; only its horizontal part counts, taken from heading x
 * gravity with error-free products, so that its direction keeps full
 * precision however near vertical the heading is) lands on the level
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
 * af_drag_aim_time_accel_f64 — af_drag_aim_time_f64 at a target of constant
 * acceleration: it is at P + V t + A t^2/2 after `t` seconds (> 0), where a
 * target of constant velocity V + A t/2 (its mean velocity over the
 * flight) would be, so the shot is af_drag_aim_time_f64's at that target.
 * Zero acceleration gives af_drag_aim_time_f64's bits.
 *
 * @param drag     the drag model
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position, velocity and acceleration at t = 0
 *                 (m, m/s, m/s^2)
 * @param t        time of flight, s
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shot; its point is where the target is at t
 * @return the statuses of af_drag_aim_time_f64; AF_ERR_BAD_ARGUMENT also
 * for a NULL target or a non-finite acceleration; AF_ERR_OVERFLOW when
 * the target's mean velocity or its position at t does not fit a double.
 */
AF_CHECK_RESULT af_status af_drag_aim_time_accel_f64(const af_drag_f64 *drag,
                                                     const af_body_f64 *shooter,
                                                     const af_body_accel_f64 *target, double t,
                                                     unsigned flags, af_shots_f64 *out);

/**
 * af_drag_aim_speed_accel_f64 — af_drag_aim_speed_f64 at a target of
 * constant acceleration: every launch velocity of length `speed` that
 * meets it within `max_time`. The launch velocity for a meeting at T is
 * af_drag_aim_time_accel_f64's, and the scan, refinements and dip checks
 * are af_drag_aim_speed_f64's on its length (its slope carries the
 * target's velocity at T, V + A T; the scan's lower bound counts |A|
 * max_time / 2 with the target's speed). An accelerating target can be
 * met more than twice: up to AF_MAX_SHOTS shots, earliest first; a pair
 * of meetings closer than a scan step whose speed excess dips between two
 * samples without its slope changing sign there can be missed, as in
 * af_drag_aim_speed_f64. Zero acceleration gives af_drag_aim_speed_f64's
 * bits.
 *
 * @param drag      the drag model
 * @param shooter   launch point and velocity at t = 0 (m, m/s)
 * @param target    target position, velocity and acceleration at t = 0
 * @param speed     launch speed, m/s
 * @param max_time  longest flight searched, s
 * @param flags     0 or AF_INHERIT_VELOCITY
 * @param out       the shots; each point is where the target is at t
 * @return the statuses of af_drag_aim_speed_f64; AF_ERR_BAD_ARGUMENT also
 * for a NULL target or a non-finite acceleration.
 */
AF_CHECK_RESULT af_status af_drag_aim_speed_accel_f64(const af_drag_f64 *drag,
                                                      const af_body_f64 *shooter,
                                                      const af_body_accel_f64 *target,
                                                      double speed, double max_time,
                                                      unsigned flags, af_shots_f64 *out);

/**
 * @name Q16.16 twins
 *
 * Same arguments, answers and statuses as the f64 functions above, in
 * libfixmath's fix16_t, with integers only; the domain rules they share
 * are those of aimfix/drag.h.
 * @{
 */

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
 * dips located as in f64, and a step over which the equation turned twice
 * (as the cubic through both ends' values and slopes does: a hump and a
 * dip between two samples, which show no sign change) is split, up to
 * seven evaluations more a step; each root to within the rounding of the speed
 * equation |u(T)| = speed: 2 LSB plus 2^-27 of the size of the terms that
 * make up the velocity, (|D| + |V| T + (|g| + k |wind|) b(T)) / a(T) plus
 * |v_shooter| when inherited (D the target's offset, V its velocity, a
 * and b those of aimfix/drag.h), for the equation of the velocity rounded
 * to an LSB per component (the shot's), so the exact one within 3 LSB
 * plus 2^-26 of those terms there. At max_time, as at the scan's lower
 * bound, the equation within that rounding and heading for zero (with no
 * sign change since the previous sample) is a root there: a meeting just
 * before max_time cannot be told from one just past it, and is given at
 * max_time. Where the equation stays within
 * that rounding over a stretch (a scene of a few LSB), its roots there
 * are one to Q16.16 and may lie anywhere in it; a pair of roots between
 * which it never leaves that rounding (a dip shallower than it, the later
 * root possibly past max_time, so that only one lies within it), and a
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
 * graze) carries the height's rounding times that ratio. The heading's
 * horizontal direction comes from heading x gravity, exact before its one
 * rounding, so it keeps 30 bits however near vertical the heading is (a
 * drift across it leaks no more than that into the range).
 * AF_ERR_BAD_ARGUMENT also for a heading whose horizontal part is below
 * 2^-20 of it;
 * AF_ERR_OVERFLOW when the range or the time does not fit Q16.16. On a
 * flat optimum the time is that of the elevation the search stops at,
 * which may be any whose range is within the range's rounding of the
 * maximum: where the range barely changes over many elevations (an
 * engine that damps a 32768 m/s shot to 1 m/s in its first step lands
 * within 2^-31 of the same range from 2 s to 1e9 s) that time, and so
 * the status, can be another elevation's than the f64 answer's. */
AF_CHECK_RESULT af_status af_drag_max_range_q16(const af_drag_q16 *drag, fix16_t speed,
                                                fix16_t height, const af_vec3_q16 *heading,
                                                af_range_q16 *out);

/** af_drag_aim_time_accel_f64 in Q16.16: the target's position at t,
 * p + v t + a t^2/2, formed exactly and rounded once per term, is the
 * static target af_drag_aim_time_q16 aims at. AF_ERR_OUT_OF_RANGE when the
 * target's position now relative to the shooter does not fit Q16.16;
 * AF_ERR_OVERFLOW when its position at t, or that position relative to
 * the shooter, does not, or as af_drag_aim_time_q16. Zero acceleration
 * is af_drag_aim_time_q16 itself (the same bits). */
AF_CHECK_RESULT af_status af_drag_aim_time_accel_q16(const af_drag_q16 *drag,
                                                     const af_body_q16 *shooter,
                                                     const af_body_accel_q16 *target, fix16_t t,
                                                     unsigned flags, af_shots_q16 *out);

/** af_drag_aim_speed_accel_f64 in Q16.16: af_drag_aim_speed_q16's scan and
 * refinements with the acceleration's term A T^2/2 / a added to the launch
 * velocity (a second exact sum, rounded once) and V + A T in the slope.
 * The scan then skips no stretch: its bounds hold for a target of constant
 * velocity only, so it samples every step of the geometric grid, as f64
 * does. Each shot's point is where the accelerating target is at its t
 * (rounded once per term); a shot whose point does not fit Q16.16 is left
 * out, and so is one whose constant-velocity point p + v t does not fit
 * (the scan forms it), AF_ERR_OVERFLOW when none is left. Zero acceleration gives
 * af_drag_aim_speed_q16's bits. */
AF_CHECK_RESULT af_status af_drag_aim_speed_accel_q16(const af_drag_q16 *drag,
                                                      const af_body_q16 *shooter,
                                                      const af_body_accel_q16 *target,
                                                      fix16_t speed, fix16_t max_time,
                                                      unsigned flags, af_shots_q16 *out);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_DRAG_AIM_H */
