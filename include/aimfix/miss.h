/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/miss.h — a best effort when nothing hits: the fixed-speed aims
 * (af_arc_point, af_arc_moving, af_drag_aim_speed) with, when no shot of
 * the speed meets the target, the shot of that speed that passes closest
 * to it and its miss distance.
 *
 * Each function takes the arguments of its solver plus an af_miss_* and
 * returns exactly what the solver returns, with the same shots in out:
 * existing calls are unchanged and a caller that wants the best effort
 * calls these instead. When the status is AF_ERR_NO_SOLUTION (out
 * empty), *miss holds the closest shot; with any other status *miss is
 * all zero.
 *
 * The closest shot. For a flight time t the launch velocity that meets
 * the target is the fixed-time aim's u(t) (af_arc_time_f64,
 * af_drag_aim_time_f64), and the projectile's position at t is linear in
 * the launch velocity with a positive factor k(t) (t in vacuum), so the
 * shot of speed s closest to the target at t is s u(t)/|u(t)|, which
 * misses it then by k(t) ||u(t)| - s|. The closest shot is the one whose
 * miss, minimised over t, is least: the distance between the projectile
 * and the target at the same instant (for a static point, the distance
 * from the trajectory to it). t = 0 stands for a target that is never
 * nearer than at the launch (the shot aimed straight at it).
 *
 * Search: the miss is sampled at AF_MISS_SCAN_POINTS evenly spaced times
 * from 0 to a bound past which it exceeds its value at t = 0 (vacuum;
 * without gravity at a target as fast as the shot, which the shot
 * approaches without end, 2^20 |D| / speed; Q16: at most 32767 s) or to
 * max_time (drag); each sampled local minimum is refined by golden-section
 * search (64 steps; the f64 functions to 2^-40 of the bound, the Q16 ones
 * to one LSB of time) and the least is returned. A dip narrower than a
 * sample step can be missed.
 */
#ifndef AIMFIX_MISS_H
#define AIMFIX_MISS_H

#include "aimfix/accel.h"
#include "aimfix/drag.h"
#include "aimfix/status.h"
#include "aimfix/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Samples of the closest-miss search. */
#define AF_MISS_SCAN_POINTS 256

/** The shot that passes closest to the target. All zero unless the
 * status is AF_ERR_NO_SOLUTION. */
typedef struct af_miss_f64 {
    /** the least distance between the projectile and the target, m (>= 0) */
    double distance;
    /** the closest shot: t the moment of closest approach (s), velocity of
     * length speed (relative to the shooter when inherited), point where
     * the target is at t */
    af_shot_f64 shot;
} af_miss_f64;

/** af_miss_f64 in Q16.16. */
typedef struct af_miss_q16 {
    fix16_t distance;  /**< the least distance, m */
    af_shot_q16 shot;  /**< the closest shot */
} af_miss_q16;

/**
 * af_arc_point_miss_f64 — af_arc_point_f64, and the closest shot when the
 * point is out of reach.
 *
 * @param from     launch point, m
 * @param to       the point to hit, m
 * @param speed    launch speed, m/s
 * @param gravity  gravity, m/s^2
 * @param out      the shots (as af_arc_point_f64)
 * @param miss     the closest shot when the status is AF_ERR_NO_SOLUTION,
 *                 else all zero
 * @return af_arc_point_f64's status; AF_ERR_BAD_ARGUMENT also for a NULL
 *   miss.
 */
AF_CHECK_RESULT af_status af_arc_point_miss_f64(const af_vec3_f64 *from,
                                                const af_vec3_f64 *to, double speed,
                                                const af_vec3_f64 *gravity,
                                                af_shots_f64 *out, af_miss_f64 *miss);

/**
 * af_arc_moving_miss_f64 — af_arc_moving_f64, and the closest shot when no
 * shot of the speed meets the target.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position and velocity at t = 0 (m, m/s)
 * @param speed    launch speed, m/s
 * @param gravity  gravity, m/s^2
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shots (as af_arc_moving_f64)
 * @param miss     the closest shot when the status is AF_ERR_NO_SOLUTION
 * @return af_arc_moving_f64's status; AF_ERR_BAD_ARGUMENT also for a NULL
 *   miss.
 */
AF_CHECK_RESULT af_status af_arc_moving_miss_f64(const af_body_f64 *shooter,
                                                 const af_body_f64 *target, double speed,
                                                 const af_vec3_f64 *gravity, unsigned flags,
                                                 af_shots_f64 *out, af_miss_f64 *miss);

/**
 * af_drag_aim_speed_miss_f64 — af_drag_aim_speed_f64, and the closest shot
 * (flight up to max_time) when no shot of the speed meets the target. The
 * distance is measured by flying the shot (af_drag_predict_f64); a
 * closest shot whose flight breaks the model's step cap is not returned
 * (miss stays zero).
 *
 * @param drag      the drag model
 * @param shooter   launch point and velocity at t = 0 (m, m/s)
 * @param target    target position and velocity at t = 0 (m, m/s)
 * @param speed     launch speed, m/s
 * @param max_time  longest flight searched, s
 * @param flags     0 or AF_INHERIT_VELOCITY
 * @param out       the shots (as af_drag_aim_speed_f64)
 * @param miss      the closest shot when the status is AF_ERR_NO_SOLUTION
 * @return af_drag_aim_speed_f64's status; AF_ERR_BAD_ARGUMENT also for a
 *   NULL miss.
 */
AF_CHECK_RESULT af_status af_drag_aim_speed_miss_f64(const af_drag_f64 *drag,
                                                     const af_body_f64 *shooter,
                                                     const af_body_f64 *target, double speed,
                                                     double max_time, unsigned flags,
                                                     af_shots_f64 *out, af_miss_f64 *miss);

/**
 * af_arc_moving_miss_accel_f64 — af_arc_moving_accel_f64, and the closest
 * shot when no shot of the speed meets the accelerating target: the reach
 * is D + V t + (a - g) t^2/2 (the target's acceleration taken from
 * gravity, as af_arc_moving_accel_f64 does) and the closest shot's point
 * is where the target is at its t.
 *
 * @param shooter  launch point and velocity at t = 0 (m, m/s)
 * @param target   target position, velocity and acceleration at t = 0
 * @param speed    launch speed, m/s
 * @param gravity  gravity, m/s^2
 * @param flags    0 or AF_INHERIT_VELOCITY
 * @param out      the shots (as af_arc_moving_accel_f64)
 * @param miss     the closest shot when the status is AF_ERR_NO_SOLUTION
 * @return af_arc_moving_accel_f64's status; AF_ERR_BAD_ARGUMENT also for a
 *   NULL miss.
 */
AF_CHECK_RESULT af_status af_arc_moving_miss_accel_f64(const af_body_f64 *shooter,
                                                       const af_body_accel_f64 *target,
                                                       double speed, const af_vec3_f64 *gravity,
                                                       unsigned flags, af_shots_f64 *out,
                                                       af_miss_f64 *miss);

/**
 * af_drag_aim_speed_miss_accel_f64 — af_drag_aim_speed_accel_f64, and the
 * closest shot (flight up to max_time) when no shot of the speed meets the
 * accelerating target: the search of af_drag_aim_speed_miss_f64 with the
 * target where it is at each time, p + v t + a t^2/2.
 *
 * @param drag      the drag model
 * @param shooter   launch point and velocity at t = 0 (m, m/s)
 * @param target    target position, velocity and acceleration at t = 0
 * @param speed     launch speed, m/s
 * @param max_time  longest flight searched, s
 * @param flags     0 or AF_INHERIT_VELOCITY
 * @param out       the shots (as af_drag_aim_speed_accel_f64)
 * @param miss      the closest shot when the status is AF_ERR_NO_SOLUTION
 * @return af_drag_aim_speed_accel_f64's status; AF_ERR_BAD_ARGUMENT also
 *   for a NULL miss.
 */
AF_CHECK_RESULT af_status af_drag_aim_speed_miss_accel_f64(const af_drag_f64 *drag,
                                                           const af_body_f64 *shooter,
                                                           const af_body_accel_f64 *target,
                                                           double speed, double max_time,
                                                           unsigned flags, af_shots_f64 *out,
                                                           af_miss_f64 *miss);

/**
 * @name Q16.16 twins
 *
 * Same arguments and answers, integers only. The miss at each time is
 * formed from the Q16.16 reach (vacuum: D + V t - g t^2/2 in 64 bits, its
 * length by af_sqrt_u64) or by flying the shot (drag:
 * af_drag_aim_time_q16 and af_drag_predict_q16); times at which these do
 * not fit Q16.16 are skipped (under drag also those whose launch velocity,
 * the inherited one plus the aim, does not). miss->distance is within a few LSB plus
 * 2^-14 of the scene, plus the miss's change over one LSB of time (the
 * time is found to one LSB: |V| + speed + |a - g| t times 2^-16 s, a
 * target closing at 15 km/s 0.24 m), of the f64 twin's.
 * @{
 */

/** af_arc_point_miss_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_arc_point_miss_q16(const af_vec3_q16 *from,
                                                const af_vec3_q16 *to, fix16_t speed,
                                                const af_vec3_q16 *gravity,
                                                af_shots_q16 *out, af_miss_q16 *miss);

/** af_arc_moving_miss_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_arc_moving_miss_q16(const af_body_q16 *shooter,
                                                 const af_body_q16 *target, fix16_t speed,
                                                 const af_vec3_q16 *gravity, unsigned flags,
                                                 af_shots_q16 *out, af_miss_q16 *miss);

/** af_drag_aim_speed_miss_f64 in Q16.16. */
AF_CHECK_RESULT af_status af_drag_aim_speed_miss_q16(const af_drag_q16 *drag,
                                                     const af_body_q16 *shooter,
                                                     const af_body_q16 *target, fix16_t speed,
                                                     fix16_t max_time, unsigned flags,
                                                     af_shots_q16 *out, af_miss_q16 *miss);

/** af_arc_moving_miss_accel_f64 in Q16.16 (the reach's gravity g - a,
 * which af_arc_moving_accel_q16 checks fits Q16.16). */
AF_CHECK_RESULT af_status af_arc_moving_miss_accel_q16(const af_body_q16 *shooter,
                                                       const af_body_accel_q16 *target,
                                                       fix16_t speed, const af_vec3_q16 *gravity,
                                                       unsigned flags, af_shots_q16 *out,
                                                       af_miss_q16 *miss);

/** af_drag_aim_speed_miss_accel_f64 in Q16.16 (the target's position at
 * each time formed exactly, rounded once per term). */
AF_CHECK_RESULT af_status af_drag_aim_speed_miss_accel_q16(const af_drag_q16 *drag,
                                                           const af_body_q16 *shooter,
                                                           const af_body_accel_q16 *target,
                                                           fix16_t speed, fix16_t max_time,
                                                           unsigned flags, af_shots_q16 *out,
                                                           af_miss_q16 *miss);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_MISS_H */
