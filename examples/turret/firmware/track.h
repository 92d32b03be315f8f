/* SPDX-License-Identifier: MIT */
/*
 * track.h — the target's position, velocity and acceleration from the
 * camera's noisy fixes: an alpha-beta-gamma filter per axis, in Q16.16.
 *
 * Each fix is compared with the prediction from the last estimate; the
 * estimate then moves a fraction alpha of the difference (the innovation),
 * the velocity beta / dt of it and the acceleration 2 gamma / dt^2 of it.
 * A new track starts with the gains of a least-squares line through every
 * fix so far, alpha = 2 (2n - 1) / (n (n + 1)) and beta = 6 / (n (n + 1))
 * after n fixes, which fall until they reach the steady gains below: quick
 * to settle, then smooth. The acceleration is estimated once the track is
 * locked (the line's gains have then reached the steady ones).
 *
 * A target that turns makes the innovations grow. Once the track has
 * TRACK_GATE_FIXES fixes, one fix beyond the gate is taken for noise and
 * skipped; TRACK_RESTART_OUTLIERS in a row mean the target has changed
 * course, and the track starts afresh from the latest fix. The firmware fires only at a locked track: TRACK_LOCK_FIXES fixes
 * without a restart.
 */
#ifndef TURRET_TRACK_H
#define TURRET_TRACK_H

#include <stdint.h>

#include "aimfix/accel.h"
#include "aimfix/types.h"

/* One camera fix: the target's centre (mm, world frame) seen at time_us,
 * and the vehicle carrying the turret as its odometry has it then (the
 * floor under the pan axis, mm from the start, and its velocity, mm/s;
 * zeros for a turret standing on the floor). */
typedef struct camera_fix {
    uint32_t time_us;
    int32_t x_mm, y_mm, z_mm;
    int32_t vehicle_x_mm, vehicle_y_mm;
    int32_t vehicle_vx_mm_s, vehicle_vy_mm_s;
} camera_fix;

/* Steady gains: the critically damped alpha-beta-gamma filter of
 * theta = 0.92 (alpha = 1 - theta^3, beta = 1.5 (1 - theta)^2 (1 + theta),
 * gamma = (1 - theta)^3 / 2), alpha and beta in 1/1000, 2 gamma in
 * millionths. With 10 mm fixes at 30 Hz the target predicted 0.7 s ahead
 * scatters by about 12 mm and follows an acceleration of 0.12 m/s^2 within
 * a few millimetres, where a filter without it lags by 5 cm. */
#define TRACK_ALPHA_MILLI 221
#define TRACK_BETA_MILLI 18
#define TRACK_GAMMA2_MICRO 512
/* Innovations farther than this (mm) are outliers: about 4 times the
 * innovation's spread with 10 mm fixes. */
#define TRACK_GATE_MM 45
#define TRACK_RESTART_OUTLIERS 2
/* The gate applies from this many fixes on: before, the velocity is still
 * too rough to predict the next fix within it (from two fixes its noise is
 * 0.4 m/s, from six 0.07 m/s), and a young track would restart itself. */
#define TRACK_GATE_FIXES 6
/* Fixes before the track is trusted: 0.6 s at 30 Hz, when the velocity's
 * noise is down to about 1.2 times the fixes' noise per second. */
#define TRACK_LOCK_FIXES 18

typedef struct track {
    int fixes;             /* fixes since the track started; 0: no track */
    int outliers;          /* outliers in a row */
    uint32_t outlier_us;   /* the first of them */
    uint32_t course_us;    /* when the target took its present course: the
                            * first fix of the track, or after a restart the
                            * first fix that broke with the old course */
    uint32_t time_us;      /* time of the estimate */
    af_vec3_q16 position;  /* m */
    af_vec3_q16 velocity;  /* m/s */
    af_vec3_q16 acceleration; /* m/s^2 */
} track;

typedef enum track_event {
    TRACK_STARTED,   /* the first fix: a new track */
    TRACK_UPDATED,   /* the estimate took the fix in */
    TRACK_OUTLIER,   /* the fix was beyond the gate and skipped */
    TRACK_RESTARTED  /* the target changed course: a new track */
} track_event;

void track_init(track *tr);

/* Take a fix in. Fixes must come in time order. */
track_event track_update(track *tr, const camera_fix *fix);

/* 1 when the track is locked (see above). */
int track_locked(const track *tr);

/* The target at time at_us (at or after the last fix): its position,
 * velocity and acceleration then. */
void track_predict(const track *tr, uint32_t at_us, af_body_accel_q16 *out);

#endif /* TURRET_TRACK_H */
