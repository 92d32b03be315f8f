/* SPDX-License-Identifier: MIT */
/* servo.h: a rate-limited account of a position servo, in Q16.16. */
#include "servo.h"

void servo_init(servo_model *servo, fix16_t rate, fix16_t min, fix16_t max)
{
    servo->angle = 0;
    servo->command = 0;
    servo->rate = rate;
    servo->min = min;
    servo->max = max;
}

int servo_reaches(const servo_model *servo, fix16_t angle)
{
    return angle >= servo->min && angle <= servo->max;
}

void servo_command(servo_model *servo, fix16_t angle)
{
    if (angle < servo->min)
        angle = servo->min;
    if (angle > servo->max)
        angle = servo->max;
    servo->command = angle;
}

void servo_advance(servo_model *servo, uint32_t dt_us)
{
    /* rate (< 2^31) times dt (< 2^32 us) fits an int64_t; the travel in
     * dt, rounded down, never carries the account past the command. */
    const int64_t travel = (int64_t)servo->rate * dt_us / 1000000;
    const int64_t gap = (int64_t)servo->command - servo->angle;
    if (gap > travel)
        servo->angle += (fix16_t)travel;
    else if (gap < -travel)
        servo->angle -= (fix16_t)travel;
    else
        servo->angle = servo->command;
}

uint32_t servo_time_to(const servo_model *servo, fix16_t angle)
{
    int64_t gap = (int64_t)angle - servo->angle;
    if (gap < 0)
        gap = -gap;
    /* gap < 2^32 times 10^6 fits an int64_t; rounded up, and limited to
     * what a uint32_t holds (over an hour: a servo that never gets there). */
    gap = (gap * 1000000 + servo->rate - 1) / servo->rate;
    return gap > (int64_t)UINT32_MAX ? UINT32_MAX : (uint32_t)gap;
}
