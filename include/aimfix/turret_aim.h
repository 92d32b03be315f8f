/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/turret_aim.h — a turret's aims: every command (yaw, pitch,
 * launch time) whose projectile meets a moving target, straight or in a
 * vacuum lob, each also at an accelerating target. The aims with linear
 * or quadratic drag are in aimfix/turret_drag_aim.h, which this header
 * includes; the shots they return are in aimfix/turret_shot.h. The
 * turret itself, its frame and its angles are in aimfix/turret_head.h;
 * aimfix/turret.h includes them all.
 *
 * Time t = 0 is "now", when the command is given: the pivot and the target
 * are where the caller says at t = 0. Both axes start turning at once, each
 * at its own rate; the shot leaves when both have arrived and the latency
 * has passed, whichever is later (the launch time).
 */
#ifndef AIMFIX_TURRET_AIM_H
#define AIMFIX_TURRET_AIM_H

#include "aimfix/accel.h"
#include "aimfix/status.h"
#include "aimfix/turret_head.h"
#include "aimfix/turret_shot.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Cells of the launch-time scan of af_turret_aim_f64. */
#define AF_TURRET_SCAN_CELLS 256

/** Cells of the launch-time scan of af_turret_aim_q16 (fewer: each of its
 * evaluations is several fixed-speed solves). */
#define AF_TURRET_SCAN_CELLS_Q16 64

/**
 * af_turret_aim_f64 — every command that makes the turret's projectile meet
 * a target moving at constant velocity: a straight-line projectile when
 * gravity is zero, else a vacuum lob (both arcs).
 *
 * For a launch time L and a flight time f the muzzle must reach
 *     R = target(L + f) - pivot(L) - [inherited] velocity f - gravity f^2/2
 * and it does exactly when |R|^2 = (muzzle_forward + speed f)^2 + muzzle_up^2
 * (a polynomial of degree 4 at most in f, whose roots are isolated as in
 * af_arc_moving_f64); the angles then follow from R. A command is a
 * solution when the head is in time at its launch time: latency and
 * slew(angles) both at most the launch time. The longest slew is the one
 * to the farthest angles the head may be sent to: for the yaw, the turn
 * nearest the current yaw within the limits, at most half a turn away
 * when the limits hold a full turn on both sides of it. From
 * max(latency, longest slew) on every branch is in time, so the first
 * launch of every branch alive then lies before it: the search covers
 * that interval, cut into
 * AF_TURRET_SCAN_CELLS cells per branch of roots and each sign change of
 * max(latency, slew) - L is refined by bisection (a bounded number of
 * steps). What the scan cannot see is a stretch of launch times shorter
 * than a cell in which a branch is in time and within the limits (the head
 * catching a target that outruns it again within the cell, or the target
 * crossing a limit and back), or a pair of branches born and gone within
 * one cell; a cell whose ends hold different numbers of branches is halved
 * up to 24 times to find where one is born. Everything else is found: the
 * first launch time of every other stretch, to the last bit. Where a
 * branch in time hits earlier the later it leaves (its impact time falls
 * with the launch time: a target closing faster than the shot, or one
 * accelerating towards the turret), the launch time of its earliest
 * impact is found too (golden-section search between samples), and past
 * the longest slew such a branch is followed in cells that double, until
 * it stops falling or no launch can beat a shot found. A target that
 * comes within reach or into the limits only after the longest slew is
 * waited for in cells that each grow by a quarter (at most 160; in Q16.16
 * up to the last launch time it holds), unless the scene is the same at
 * every launch time (the target's velocity the platform's, no
 * acceleration): then, or when the wait finds nothing, the status says
 * why the target cannot be hit at the longest slew. A stretch of reach
 * or of the limits shorter than its cell, about a fifth of its launch
 * time, can be missed there. Once a shot is found in a scene that changes
 * with the launch time, the launch times past the longest slew up to its
 * impact are scanned in AF_TURRET_SCAN_CELLS cells more, for a branch
 * born there that hits sooner (a long lob found, a short one coming
 * within reach later). Two shots whose
 * angles are within 2^-7 rad, flights within 2^-7 of the longer and
 * launches within 2^-10 of the impact are one shot, given once with the
 * earlier impact (where two branches meet at a fold, each ends at its own
 * launch). Every part is bounded: 8192 solves at a launch time in all,
 * 60 bisection steps per edge, 80 doubling cells past the longest slew
 * for a descent and 160 growing ones for a wait, and 16 candidate shots;
 * a scene that needs more returns the shots found within these bounds.
 *
 * @param turret   the turret
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return
 *   - AF_OK, 1 to AF_MAX_SHOTS shots, each within the limits.
 *   - AF_ERR_NO_SOLUTION   no projectile of this speed meets the target at
 *     any launch time the head allows (out of range, target escaping,
 *     target inside the muzzle's circle).
 *   - AF_ERR_BEYOND_PITCH, AF_ERR_BEYOND_YAW   shots exist but the earliest
 *     of them needs that angle outside the limits, and no other is within.
 *   - AF_ERR_BAD_ARGUMENT  a NULL pointer, a non-finite input, a turret
 *     outside its domain.
 *   - AF_ERR_OVERFLOW      a result does not fit a double.
 *
 *   On failure out->count is 0 and every shot is zero.
 */
AF_CHECK_RESULT af_status af_turret_aim_f64(const af_turret_f64 *turret,
                                            const af_body_f64 *target,
                                            const af_vec3_f64 *gravity,
                                            af_turret_shots_f64 *out);

/**
 * af_turret_aim_accel_f64 — af_turret_aim_f64 at a target whose
 * acceleration is constant: the target is at p + v t + a t^2/2. The reach
 * polynomial keeps its degree 4, with the relative acceleration a - gravity
 * in place of -gravity and the target's position and velocity taken at
 * each launch time; the search, its guarantee and the statuses are
 * af_turret_aim_f64's (zero acceleration gives its very bits), the branch
 * born past the longest slew included. Each shot's point is where the
 * accelerating target is at the impact time.
 *
 * @param turret   the turret
 * @param target   target position, velocity and acceleration at t = 0
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return as af_turret_aim_f64; AF_ERR_BAD_ARGUMENT also for a non-finite
 *   acceleration; AF_ERR_OVERFLOW when a - gravity does not fit a double.
 */
AF_CHECK_RESULT af_status af_turret_aim_accel_f64(const af_turret_f64 *turret,
                                                  const af_body_accel_f64 *target,
                                                  const af_vec3_f64 *gravity,
                                                  af_turret_shots_f64 *out);

/* ---- Q16.16 twins ---------------------------------------------------- */

/**
 * af_turret_aim_f64 in Q16.16, integers only: the same search over launch
 * times (AF_TURRET_SCAN_CELLS_Q16 cells, bisected to one LSB of time).
 * At each launch time the flights are the roots of the polynomial in
 * flight time of af_turret_aim_f64, in units fitted to the target's
 * distance from the pivot and the muzzle's offsets and isolated as
 * af_arc_moving_q16 isolates its quartic's; the angles follow from R. A
 * scene those units do not hold (the target at the pivot), or whose
 * gravity less the target's acceleration leaves Q16.16, is solved from
 * the muzzle instead: the shots af_arc_moving_q16's (af_intercept_q16's
 * without gravity), solved again from the muzzle that each shot's angles
 * give until that muzzle moves by at most 2 LSB (8 passes at most; a shot
 * that does not settle is left out), the angles those of the shot's
 * Q16.16 velocity. A chain of shots each the same shot as one before it
 * (a fold's branch ends, where the Q16.16 drag aims find the pair of
 * flights or not from one launch to the next) is one shot, and so are
 * the shots near a fold that the scan saw (the branch count changing in
 * a cell) lying between its pair of flights in flight and angles: the
 * earliest impact stays. The bounds are af_turret_aim_f64's
 * with 2048 solves in all, folds halved 16 times and 32 doubling cells
 * past the longest slew for a descent and 96 growing ones for a wait.
 *
 * Domain: as af_arc_moving_q16 for the target relative to the muzzle;
 * launch times at which the pivot or the target leaves Q16.16 are not
 * searched: AF_ERR_OUT_OF_RANGE when the target minus the pivot does not
 * fit at t = 0, or when no launch time up to the longest slew (or the
 * descent past it) found a shot and some left Q16.16 (unless a limit's
 * status answers). A shot whose muzzle, velocity, impact point or impact time
 * does not fit is left out; AF_ERR_OVERFLOW when that leaves none.
 *
 * @param turret   the turret
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return as af_turret_aim_f64.
 */
AF_CHECK_RESULT af_status af_turret_aim_q16(const af_turret_q16 *turret,
                                            const af_body_q16 *target,
                                            const af_vec3_q16 *gravity,
                                            af_turret_shots_q16 *out);

/**
 * af_turret_aim_accel_f64 in Q16.16, integers only: af_turret_aim_q16's
 * search, with the target's position and velocity at each launch time
 * p + v L + a L^2/2 (each term rounded once) and v + a L, and the same
 * polynomial with the relative acceleration g - a in place of gravity
 * (the very bits of af_turret_aim_q16 for zero acceleration; scenes
 * outside its units take af_arc_moving_accel_q16's shots). A launch time
 * at which the target's position or velocity does not fit is not
 * searched, as one at which the relative acceleration g - a does not.
 *
 * @param turret   the turret
 * @param target   target position, velocity and acceleration at t = 0
 * @param gravity  gravity (m/s^2); the zero vector for a straight line
 * @param out      the shots, earliest impact first
 * @return as af_turret_aim_q16.
 */
AF_CHECK_RESULT af_status af_turret_aim_accel_q16(const af_turret_q16 *turret,
                                                  const af_body_accel_q16 *target,
                                                  const af_vec3_q16 *gravity,
                                                  af_turret_shots_q16 *out);

#ifdef __cplusplus
}
#endif

#include "aimfix/turret_drag_aim.h"

#endif /* AIMFIX_TURRET_AIM_H */
