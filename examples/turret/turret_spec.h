/* SPDX-License-Identifier: MIT */
/*
 * turret_spec.h — the turret and its surroundings, in whole SI sub-units.
 *
 * One list of numbers that both sides read: the firmware turns them into
 * Q16.16 at compile time (firmware/units.h), the simulated world into
 * doubles (world/). Integers keep the firmware free of floating point
 * even in its constants. Where the firmware only *believes* a value (its
 * calibration of the drag, the servo rates it assumes) the world uses the
 * same number: the example measures aiming, not calibration error.
 *
 * Frame: x forward (the turret's rest heading), y to the left, z up, the
 * origin on the floor under the pan axis at the start (a vehicle carries
 * the turret away from it, without turning). Angles: yaw from +x towards +y,
 * pitch up from the horizontal.
 */
#ifndef TURRET_SPEC_H
#define TURRET_SPEC_H

/* The launcher: a ping-pong ball at a fixed muzzle speed. */
#define SPEC_MUZZLE_SPEED_MM_S 12000
#define SPEC_GRAVITY_MM_S2 9810

/* The ball and the air: quadratic drag dv/dt = g - k |v| v, with
 * k = air density Cd (pi d^2 / 4) / (2 m) (af_qdrag_coef_f64): 0.134 1/m,
 * a terminal speed of 8.6 m/s. A launch at 12 m/s lands at 6.5 m at
 * best, where it would reach 14.7 m in vacuum. The ITTF's ball (2.7 g,
 * 40 mm), a smooth sphere's Cd, the air at sea level and 15 degrees C. */
#define SPEC_BALL_MASS_MG 2700
#define SPEC_BALL_DIAMETER_MM 40
#define SPEC_BALL_CD_MILLI 470
#define SPEC_AIR_DENSITY_G_M3 1225

/* The firmware's model of the flight: the engine's step of the library's
 * stepped quadratic drag (the Q16.16 kind), 1 / this many seconds. */
#define SPEC_FLIGHT_STEP_HZ 120

/* The pan-tilt head: the tilt axis crosses the pan axis this high above
 * the floor; the muzzle sits this far along the barrel from the tilt axis
 * and this far above the barrel's axis line (the barrel rides on top of
 * the tilt bracket), so it moves as the head turns. */
#define SPEC_PIVOT_HEIGHT_MM 300
#define SPEC_MUZZLE_FORWARD_MM 120
#define SPEC_MUZZLE_UP_MM 40

/* Servo travel (millidegrees) and slew rate (millidegrees per second). */
#define SPEC_PAN_MIN_MDEG (-90000)
#define SPEC_PAN_MAX_MDEG 90000
#define SPEC_TILT_MIN_MDEG (-10000)
#define SPEC_TILT_MAX_MDEG 30000
#define SPEC_PAN_RATE_MDEG_S 180000
#define SPEC_TILT_RATE_MDEG_S 120000

/* From the fire command to the ball leaving the muzzle (the pusher's
 * stroke), and the least time between two fire commands (reloading). */
#define SPEC_FIRE_LATENCY_US 80000
#define SPEC_RELOAD_US 500000

/* The camera: a fix of the target's centre every 1/30 s, in millimetres,
 * with this much noise (standard deviation, each axis). */
#define SPEC_CAMERA_HZ 30
#define SPEC_CAMERA_NOISE_MM 10

/* The platform: the turret stands on the floor or rides a vehicle that
 * drives at a constant velocity (a scenario's); the vehicle reports its
 * position and velocity (odometry) with each camera fix, and the ball
 * leaves with the vehicle's velocity added to the muzzle's. */

/* The targets: spheres this big resting on the floor; a ball whose centre
 * passes closer than the radius to the target's centre hits it. */
#define SPEC_TARGET_RADIUS_MM 50

#endif /* TURRET_SPEC_H */
