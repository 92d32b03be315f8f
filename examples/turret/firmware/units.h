/* SPDX-License-Identifier: MIT */
/*
 * units.h — the turret's specification (turret_spec.h) in Q16.16, computed
 * by the preprocessor from integers: the firmware holds no floating-point
 * constant. Every conversion rounds to nearest (ties away from zero).
 */
#ifndef TURRET_UNITS_H
#define TURRET_UNITS_H

#include <fix16.h>
#include <stdint.h>

#include "turret_spec.h"

/* n / d in Q16.16, rounded to nearest; n may be negative, d > 0. */
#define Q16_RATIO(n, d)                                                         \
    ((fix16_t)((((int64_t)(n)) * 65536 + ((n) < 0 ? -((int64_t)(d) / 2)        \
                                                   : ((int64_t)(d) / 2))) / (d)))

/* Thousandths (mm, mm/s, 1/ks, ...) to Q16.16 units. */
#define Q16_FROM_MILLI(m) Q16_RATIO((m), 1000)

/* Millidegrees to Q16.16 radians: pi * 65536 = 205887.41614566, kept to
 * ten digits so that the rounding of the ratio is the only error. */
#define Q16_RAD_FROM_MDEG(m)                                                    \
    ((fix16_t)((((int64_t)(m)) * 2058874161LL +                                 \
                ((m) < 0 ? -900000000LL : 900000000LL)) / 1800000000LL))

/* Microseconds to Q16.16 seconds (exact to 1/2 LSB, 7.6 us). */
#define Q16_FROM_US(us) Q16_RATIO((us), 1000000)

/* The constants the firmware works with. */
#define TURRET_SPEED Q16_FROM_MILLI(SPEC_MUZZLE_SPEED_MM_S)
#define TURRET_GRAVITY Q16_FROM_MILLI(SPEC_GRAVITY_MM_S2)
/* k = rho Cd pi d^2 / (8 m) (turret_spec.h), 1/m: with rho in g/m^3, Cd
 * in thousandths, d in mm and m in mg, k = rho Cd d^2 pi / (8e6 m), pi
 * 65536 to ten digits as above. The numerator stays below 2^63 for the
 * ball's figures (1.9e18). */
#define TURRET_QDRAG_K                                                          \
    ((fix16_t)(((int64_t)SPEC_AIR_DENSITY_G_M3 * SPEC_BALL_CD_MILLI *          \
                    SPEC_BALL_DIAMETER_MM * SPEC_BALL_DIAMETER_MM * 2058874161LL + \
                4 * 10000000000LL * SPEC_BALL_MASS_MG) /                       \
               (8 * 10000000000LL * SPEC_BALL_MASS_MG)))
#define TURRET_FLIGHT_DT Q16_RATIO(1, SPEC_FLIGHT_STEP_HZ)
#define TURRET_PIVOT_HEIGHT Q16_FROM_MILLI(SPEC_PIVOT_HEIGHT_MM)
#define TURRET_MUZZLE_FORWARD Q16_FROM_MILLI(SPEC_MUZZLE_FORWARD_MM)
#define TURRET_MUZZLE_UP Q16_FROM_MILLI(SPEC_MUZZLE_UP_MM)
#define TURRET_PAN_MIN Q16_RAD_FROM_MDEG(SPEC_PAN_MIN_MDEG)
#define TURRET_PAN_MAX Q16_RAD_FROM_MDEG(SPEC_PAN_MAX_MDEG)
#define TURRET_TILT_MIN Q16_RAD_FROM_MDEG(SPEC_TILT_MIN_MDEG)
#define TURRET_TILT_MAX Q16_RAD_FROM_MDEG(SPEC_TILT_MAX_MDEG)
#define TURRET_PAN_RATE Q16_RAD_FROM_MDEG(SPEC_PAN_RATE_MDEG_S)
#define TURRET_TILT_RATE Q16_RAD_FROM_MDEG(SPEC_TILT_RATE_MDEG_S)

/* The same conversions at run time: thousandths and microseconds to
 * Q16.16, rounded to nearest (the results fit for |milli| below 32.7
 * million and us below 2^31, 35 minutes). */
fix16_t q16_from_milli(int32_t milli);
fix16_t q16_from_micro(uint32_t us);

/* Q16.16 to thousandths (mm from m, mdeg from rad...), rounded to nearest:
 * for printing with integers only. */
int32_t q16_to_milli(fix16_t value);
int64_t q16_to_micro(fix16_t value);
int32_t q16_rad_to_mdeg(fix16_t angle);

#endif /* TURRET_UNITS_H */
