/* SPDX-License-Identifier: MIT */
/* flight.h: the turret's flight through the library's Q16 drag solvers. */
#include "flight.h"

#include "aimfix/drag.h"

/* The turret's drag model, filled in by hand (drag.h allows it): a
 * continuous model uses gravity, k and the wind only. The drag rate is the
 * world's own (turret_spec.h): the example measures aiming, not
 * calibration. */
static const af_drag_q16 turret_drag = {
    AF_DRAG_KIND_CONTINUOUS,      /* kind */
    { 0, 0, -TURRET_GRAVITY },    /* gravity */
    0,                            /* dt: not used by a continuous model */
    0,                            /* r: not used */
    AF_STEP_GRAVITY_THEN_DAMPING, /* order: not used */
    TURRET_DRAG_K,                /* k */
    { 0, 0, 0 },                  /* wind: still air */
    0                             /* max_move: no engine cap */
};

af_status flight_aim(const af_vec3_q16 *muzzle, const af_body_q16 *target,
                     af_shots_q16 *out)
{
    af_body_q16 launcher;
    launcher.position = *muzzle;
    launcher.velocity.x = launcher.velocity.y = launcher.velocity.z = 0;
    return af_drag_aim_speed_q16(&turret_drag, &launcher, target, TURRET_SPEED, FLIGHT_MAX_TIME,
                                 0, out);
}

af_status flight_predict(const af_body_q16 *start, fix16_t t, af_vec3_q16 *position)
{
    af_body_q16 state;
    const af_status status = af_drag_predict_q16(&turret_drag, start, t, &state);
    /* The library zeroes its output on failure: so is *position then. */
    *position = state.position;
    return status;
}
