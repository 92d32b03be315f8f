/* SPDX-License-Identifier: MIT */
/*
 * servo.h — what the firmware knows about a hobby servo: it goes to the
 * commanded angle at up to its slew rate and stays within its travel. It
 * reports nothing back, so the firmware keeps its own account of where it
 * is (open loop): the library's turret functions take that as the head's
 * current angles, and time the slew from there.
 */
#ifndef TURRET_SERVO_H
#define TURRET_SERVO_H

#include <stdint.h>

#include <fix16.h>

typedef struct servo_model {
    fix16_t angle;   /* where the servo should be by now, rad */
    fix16_t command; /* the last angle commanded, rad */
    fix16_t rate;    /* slew rate, rad/s, > 0 */
    fix16_t min;     /* travel, rad: the mechanical stops */
    fix16_t max;
} servo_model;

/* At rest at angle 0 (which must be within [min, max]). */
void servo_init(servo_model *servo, fix16_t rate, fix16_t min, fix16_t max);

/* Command an angle; the servo stops at the end of its travel. */
void servo_command(servo_model *servo, fix16_t angle);

/* Move the account on by dt_us microseconds of slewing. */
void servo_advance(servo_model *servo, uint32_t dt_us);

#endif /* TURRET_SERVO_H */
