/* SPDX-License-Identifier: MIT */
/*
 * The turret firmware's track (firmware/track.h) on synthetic camera
 * fixes: a target accelerating along a line, and one at constant
 * velocity, seen at 30 Hz with the camera's noise (a uniform spread of
 * +-17 mm per axis, a standard deviation of 10 mm). Once locked and
 * settled the track must estimate the acceleration and predict the target
 * over a latency and a flight (0.7 s) within a few centimetres, where a
 * track of constant velocity lags by the acceleration's 0.5 a t^2.
 */
#include <math.h>

#include "harness.h"
#include "track.h"
#include "turret_spec.h"

/* Settled: 3 s of fixes (90), well past the lock (0.6 s) and the
 * acceleration's settling (about a second). */
#define SETTLE_FIXES 90
/* Ahead: the fire latency and a 0.6 s flight. */
#define AHEAD_US 700000u
/* The acceleration's estimate may be off by this much (m/s^2): its spread
 * from 10 mm fixes at 30 Hz is about 0.01 m/s^2 (the filter's steady
 * gains, track.h); 0.04 is four spreads. */
#define ACCEL_TOLERANCE 0.04
/* The prediction 0.7 s ahead may be off by this much (m): its spread is
 * about 12 mm (track.h), so the worst of 200 runs is near 40 mm; 50 mm is
 * the target's radius, what a shot may be off and still hit. */
#define AHEAD_TOLERANCE 0.050

static double d(fix16_t v)
{
    return v / 65536.0;
}

/* Feed the fixes of a target at x0 + v t + a t^2 / 2 (along x, m) and
 * return the worst acceleration and prediction errors over the runs. */
static void follow(const char *name, double v, double a, double *worst_accel, double *worst_ahead)
{
    th_rng r = th_rng_for(name);
    const long runs = th_count(200);
    long k;
    *worst_accel = *worst_ahead = 0;
    for (k = 0; k < runs; k++) {
        track tr;
        af_body_accel_q16 at;
        uint32_t time_us = 0;
        double t = 0, truth;
        int n;
        track_init(&tr);
        for (n = 0; n <= SETTLE_FIXES; n++) {
            camera_fix fix = { 0, 0, 0, 0, 0, 0, 0, 0 };
            time_us = (uint32_t)((uint64_t)n * 1000000u / SPEC_CAMERA_HZ);
            t = time_us / 1e6;
            fix.time_us = time_us;
            fix.x_mm = (int32_t)floor((2.0 + v * t + a * t * t / 2) * 1000 +
                                      th_rand_uniform(&r, -17.3, 17.3) + 0.5);
            fix.y_mm = (int32_t)floor(1000 + th_rand_uniform(&r, -17.3, 17.3) + 0.5);
            fix.z_mm = (int32_t)floor(50 + th_rand_uniform(&r, -17.3, 17.3) + 0.5);
            /* A young track may take two noisy fixes in a row for a
             * turn and restart: the prediction is judged all the same. */
            (void)track_update(&tr, &fix);
        }
        if (!TH_CHECK(track_locked(&tr), "run %ld: not locked after %d fixes", k, n))
            continue;
        track_predict(&tr, time_us + AHEAD_US, &at);
        t += AHEAD_US / 1e6;
        truth = 2.0 + v * t + a * t * t / 2;
        *worst_accel = fmax(*worst_accel, fabs(d(tr.acceleration.x) - a));
        *worst_ahead = fmax(*worst_ahead, fabs(d(at.position.x) - truth));
    }
    th_note("%s: over %ld runs the acceleration within %.3f m/s^2 (tolerance %.2f), the target "
            "0.7 s ahead within %.1f mm (tolerance %.0f)",
            name, runs, *worst_accel, ACCEL_TOLERANCE, *worst_ahead * 1e3, AHEAD_TOLERANCE * 1e3);
    TH_CHECK(*worst_accel <= ACCEL_TOLERANCE, "acceleration off by %.3f m/s^2", *worst_accel);
    TH_CHECK(*worst_ahead <= AHEAD_TOLERANCE, "prediction off by %.1f mm", *worst_ahead * 1e3);
}

/* A target pulling away at 0.12 m/s^2 (the accelerating scenario's):
 * 0.7 s ahead a constant-velocity track would lag by 29 mm more. */
static void accelerating_target_is_predicted(void)
{
    double accel, ahead;
    follow("accelerating_target_is_predicted", 0.1, 0.12, &accel, &ahead);
}

/* A target at constant velocity: the track finds no acceleration to
 * speak of, and its prediction does not wander. */
static void steady_target_has_no_acceleration(void)
{
    double accel, ahead;
    follow("steady_target_has_no_acceleration", 0.5, 0.0, &accel, &ahead);
}

static const th_case cases[] = {
    TH_CASE(accelerating_target_is_predicted),
    TH_CASE(steady_target_has_no_acceleration),
};

TH_MAIN("turret_track", cases)
