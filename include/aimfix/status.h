/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/status.h — the one status type every aimfix function returns.
 *
 * 0 is success; every failure is a negative value naming the reason. A
 * function that fails still defines all of its outputs (each header says
 * what they hold), so a caller that forgets a check reads zeros, never
 * garbage, NaN or a wrapped fixed-point value.
 */
#ifndef AIMFIX_STATUS_H
#define AIMFIX_STATUS_H

#include "aimfix/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The status of every aimfix function that can fail. */
typedef enum af_status {
    /** The outputs hold a valid answer. */
    AF_OK = 0,
    /** An argument is unusable whatever the geometry: a NULL pointer, a NaN
     * or infinite input, a negative or zero speed, a zero time of flight, a
     * damping factor outside (0, 1]. */
    AF_ERR_BAD_ARGUMENT = -1,
    /** The arguments are valid but no shot meets the target: out of reach,
     * target escaping, both intercepts in the past, height never reached. */
    AF_ERR_NO_SOLUTION = -2,
    /** An input is valid in principle but outside the function's documented
     * domain (for example a Q16 time of flight beyond the stated limit). */
    AF_ERR_OUT_OF_RANGE = -3,
    /** A solution exists but a result does not fit the number format. */
    AF_ERR_OVERFLOW = -4,
    /** An iteration hit its documented bound before meeting its tolerance,
     * or (Q16 fixed-speed lobs) an answer found could not be brought within
     * the documented tolerance or told from none (aimfix/ballistic.h). */
    AF_ERR_NO_CONVERGENCE = -5,
    /** A turret cannot turn that far: the yaw asked for (or every shot's
     * yaw) is outside the turret's yaw limits. */
    AF_ERR_BEYOND_YAW = -6,
    /** A turret cannot tilt that far: the pitch asked for (or every shot's
     * pitch) is outside the turret's pitch limits. */
    AF_ERR_BEYOND_PITCH = -7,
    /** The flight breaks a rule of the engine the model copies, which would
     * then no longer follow the model (Box2D's cap on the distance a body
     * moves in one step). */
    AF_ERR_ENGINE_LIMIT = -8
} af_status;

/**
 * af_status_name: the lowercase name of a status ("ok", "bad_argument",
 * "no_solution", "out_of_range", "overflow", "no_convergence", "beyond_yaw",
 * "beyond_pitch", "engine_limit"), as printed by the CLI and used in its
 * JSON output; "unknown" for any other value.
 * Never NULL.
 *
 * @param status  any value
 * @return a string constant
 */
const char *af_status_name(af_status status);

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_STATUS_H */
