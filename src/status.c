/* SPDX-License-Identifier: MIT */
/* Status names: shared by the f64 and q16 libraries (no floating point). */
#include "aimfix/status.h"

const char *af_status_name(af_status status)
{
    switch (status) {
    case AF_OK:                 return "ok";
    case AF_ERR_BAD_ARGUMENT:   return "bad_argument";
    case AF_ERR_NO_SOLUTION:    return "no_solution";
    case AF_ERR_OUT_OF_RANGE:   return "out_of_range";
    case AF_ERR_OVERFLOW:       return "overflow";
    case AF_ERR_NO_CONVERGENCE: return "no_convergence";
    case AF_ERR_BEYOND_YAW:     return "beyond_yaw";
    case AF_ERR_BEYOND_PITCH:   return "beyond_pitch";
    case AF_ERR_ENGINE_LIMIT:   return "engine_limit";
    }
    return "unknown";
}
