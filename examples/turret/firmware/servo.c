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
