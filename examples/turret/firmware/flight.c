/* SPDX-License-Identifier: MIT */
/* flight.h: the turret's flight through the library's Q16 quadratic drag. */
#include "flight.h"

/* The turret's model, filled in by hand. The coefficient is the world's
 * own (turret_spec.h): the example measures aiming, not calibration. */
static const af_qdrag_q16 turret_qdrag = {
    AF_DRAG_KIND_STEPPED,       /* kind: the Q16.16 engine */
    { 0, 0, -TURRET_GRAVITY },  /* gravity */
    { 0, 0, 0 },                /* wind: still air */
    TURRET_QDRAG_K,             /* k */
    0,                          /* c: no linear term */
    TURRET_FLIGHT_DT,           /* dt */
    AF_QDRAG_GRAVITY_FIRST      /* order */
};

const af_qdrag_q16 *flight_model(void)
{
    return &turret_qdrag;
}

af_status flight_turret_aim(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                            af_turret_shots_q16 *out)
{
    return af_turret_aim_qdrag_accel_q16(turret, &turret_qdrag, target, FLIGHT_MAX_TIME, out);
}

af_status flight_predict(const af_body_q16 *start, fix16_t t, af_body_q16 *end)
{
    /* The library zeroes its output on failure. */
    return af_qdrag_predict_q16(&turret_qdrag, start, t, end);
}
