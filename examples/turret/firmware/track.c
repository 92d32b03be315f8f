/* SPDX-License-Identifier: MIT */
/* track.h: alpha-beta-gamma filter with a least-squares start and a gate. */
#include "track.h"

#include "checked.h"
#include "units.h"

void track_init(track *tr)
{
    const af_vec3_q16 zero = { 0, 0, 0 };
    tr->fixes = 0;
    tr->outliers = 0;
    tr->outlier_us = 0;
    tr->course_us = 0;
    tr->time_us = 0;
    tr->position = zero;
    tr->velocity = zero;
    tr->acceleration = zero;
}

/* A new track at the fix, not moving yet (the second fix gives the
 * velocity: its gains are alpha = beta = 1). */
static track_event start(track *tr, const af_vec3_q16 *seen, uint32_t time_us,
                         track_event event)
{
    const uint32_t course_us = event == TRACK_RESTARTED && tr->outliers > 0 ? tr->outlier_us
                                                                            : time_us;
    track_init(tr);
    tr->course_us = course_us;
    tr->fixes = 1;
    tr->time_us = time_us;
    tr->position = *seen;
    return event;
}

/* The gain of the least-squares start after n fixes, or the steady one
 * when that is larger: numerator / (n (n + 1)) in Q16.16. */
static fix16_t gain(int n, int64_t numerator, fix16_t steady)
{
    const int64_t den = (int64_t)n * (n + 1);
    const fix16_t g = (fix16_t)((numerator * 65536 + den / 2) / den);
    return g > steady ? g : steady;
}

/* The estimate dt (s) on: the position p + (v + a dt / 2) dt, and the
 * velocity v + a dt into *velocity. */
static af_vec3_q16 ahead(af_status *status, const track *tr, fix16_t dt, af_vec3_q16 *velocity)
{
    const af_vec3_q16 mean = ck_vec_add_scaled(status, &tr->velocity, &tr->acceleration, dt / 2);
    *velocity = ck_vec_add_scaled(status, &tr->velocity, &tr->acceleration, dt);
    return ck_vec_add_scaled(status, &tr->position, &mean, dt);
}

/* 2 gamma / dt^2 times the innovation (Q16.16 m), in Q16.16 m/s^2: in
 * 64 bits, from the time in microseconds. The innovation is within the
 * gate or the track young, and dt_us > 0: the product before each
 * division stays far below 2^63, and the result within Q16.16 for
 * frames longer than 0.1 ms. */
static fix16_t accel_step(fix16_t innovation, uint32_t dt_us)
{
    const int64_t per_us = (int64_t)innovation * TRACK_GAMMA2_MICRO * 1000000 / dt_us;
    const int64_t step = per_us / dt_us;
    return step > fix16_maximum ? fix16_maximum : step < -fix16_maximum ? -fix16_maximum
                                                                         : (fix16_t)step;
}

track_event track_update(track *tr, const camera_fix *fix)
{
    const af_vec3_q16 seen = { q16_from_milli(fix->x_mm), q16_from_milli(fix->y_mm),
                               q16_from_milli(fix->z_mm) };
    af_status status = AF_OK;
    af_vec3_q16 predicted, predicted_velocity, innovation;
    fix16_t dt, alpha, beta;
    uint64_t gate2;
    int n;

    if (tr->fixes == 0)
        return start(tr, &seen, fix->time_us, TRACK_STARTED);
    dt = q16_from_micro(fix->time_us - tr->time_us);
    if (dt <= 0)
        return start(tr, &seen, fix->time_us, TRACK_RESTARTED);

    predicted = ahead(&status, tr, dt, &predicted_velocity);
    innovation = ck_vec_sub(&status, &seen, &predicted);
    if (status != AF_OK)
        return start(tr, &seen, fix->time_us, TRACK_RESTARTED);

    gate2 = (uint64_t)Q16_FROM_MILLI(TRACK_GATE_MM) * (uint64_t)Q16_FROM_MILLI(TRACK_GATE_MM);
    if (tr->fixes >= TRACK_GATE_FIXES && af_vec3_len2_q16(&innovation) > gate2) {
        if (tr->outliers == 0)
            tr->outlier_us = fix->time_us;
        if (++tr->outliers >= TRACK_RESTART_OUTLIERS)
            return start(tr, &seen, fix->time_us, TRACK_RESTARTED);
        /* Coast: keep the estimate, judge the next fix against it. */
        return TRACK_OUTLIER;
    }
    tr->outliers = 0;

    /* n counts this fix; past the lock it only needs to stay large. */
    n = tr->fixes + 1;
    alpha = gain(n, 2 * (2 * (int64_t)n - 1), Q16_FROM_MILLI(TRACK_ALPHA_MILLI));
    beta = gain(n, 6, Q16_FROM_MILLI(TRACK_BETA_MILLI));
    {
        af_vec3_q16 position = ck_vec_add_scaled(&status, &predicted, &innovation, alpha);
        af_vec3_q16 velocity, acceleration = tr->acceleration;
        const uint32_t dt_us = fix->time_us - tr->time_us;
        /* beta / dt times the innovation, rounded once. */
        velocity.x = ck_add(&status, predicted_velocity.x, ck_muldiv(&status, beta, innovation.x, dt));
        velocity.y = ck_add(&status, predicted_velocity.y, ck_muldiv(&status, beta, innovation.y, dt));
        velocity.z = ck_add(&status, predicted_velocity.z, ck_muldiv(&status, beta, innovation.z, dt));
        if (n > TRACK_LOCK_FIXES) {
            acceleration.x = ck_add(&status, acceleration.x, accel_step(innovation.x, dt_us));
            acceleration.y = ck_add(&status, acceleration.y, accel_step(innovation.y, dt_us));
            acceleration.z = ck_add(&status, acceleration.z, accel_step(innovation.z, dt_us));
        }
        if (status != AF_OK)
            return start(tr, &seen, fix->time_us, TRACK_RESTARTED);
        tr->position = position;
        tr->velocity = velocity;
        tr->acceleration = acceleration;
    }
    tr->time_us = fix->time_us;
    if (tr->fixes < TRACK_LOCK_FIXES * 100)
        tr->fixes = n;
    return TRACK_UPDATED;
}

int track_locked(const track *tr)
{
    return tr->fixes >= TRACK_LOCK_FIXES && tr->outliers == 0;
}

void track_predict(const track *tr, uint32_t at_us, af_body_accel_q16 *out)
{
    af_status status = AF_OK;
    out->position = ahead(&status, tr, q16_from_micro(at_us - tr->time_us), &out->velocity);
    out->acceleration = tr->acceleration;
    /* A prediction that does not fit is no prediction: the target as it
     * was last seen. */
    if (status != AF_OK) {
        out->position = tr->position;
        out->velocity = tr->velocity;
    }
}
