/*
 * solve_drag.h — the CLI's drag solvers (drag_predict ... drag_samples),
 * listed in solve.c's table: each reads the request's drag model and
 * flight, calls the library and fills the result's shots and the other
 * answers a drag query gives (state, height, evaluations, casts, points).
 */
#ifndef AIMFIX_TOOLS_SOLVE_DRAG_H
#define AIMFIX_TOOLS_SOLVE_DRAG_H

#include "solve.h"

af_status run_drag_predict(const request *rq, result *out);
af_status run_drag_apex(const request *rq, result *out);
af_status run_drag_height(const request *rq, result *out);
af_status run_drag_land(const request *rq, result *out);
af_status run_drag_aim_time(const request *rq, result *out);
af_status run_drag_aim_speed(const request *rq, result *out);
af_status run_drag_max_range(const request *rq, result *out);
af_status run_drag_samples(const request *rq, result *out);

/* Where a body launched from the shooter at velocity v is at time t under
 * the request's drag model (the launch point when the model or the
 * prediction fails), for drawing. */
af_vec3_f64 solve_drag_position(const request *rq, af_vec3_f64 v, double t);

#endif /* AIMFIX_TOOLS_SOLVE_DRAG_H */
