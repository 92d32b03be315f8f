/* SPDX-License-Identifier: MIT */
/*
 * runners_q16.h — the CLI's Q16 runners: one per solver that has a Q16 twin,
 * listed beside its f64 runner in solve.c's table. Each reads a request
 * whose numbers are already rounded to Q16.16 (request_round_q16), so its
 * conversions are exact, calls the _q16 function and stores the answer in
 * the result's double fields, which hold Q16.16 values exactly (fixed.h).
 * The drag runners are in solve_drag_q16.c: the drag model is made by
 * af_drag_init_q16 from the rounded "drag" object (solve_drag.h).
 */
#ifndef AIMFIX_TOOLS_RUNNERS_Q16_H
#define AIMFIX_TOOLS_RUNNERS_Q16_H

#include "solve.h"

af_status run_intercept_q16(const request *rq, result *out);
af_status run_arc_point_q16(const request *rq, result *out);
af_status run_max_range_q16(const request *rq, result *out);
af_status run_min_speed_q16(const request *rq, result *out);
af_status run_arc_time_q16(const request *rq, result *out);
af_status run_arc_apex_q16(const request *rq, result *out);
af_status run_arc_moving_q16(const request *rq, result *out);
af_status run_drag_predict_q16(const request *rq, result *out);
af_status run_drag_apex_q16(const request *rq, result *out);
af_status run_drag_height_q16(const request *rq, result *out);
af_status run_drag_land_q16(const request *rq, result *out);
af_status run_drag_aim_time_q16(const request *rq, result *out);
af_status run_drag_aim_speed_q16(const request *rq, result *out);
af_status run_drag_max_range_q16(const request *rq, result *out);
af_status run_drag_samples_q16(const request *rq, result *out);

#endif /* AIMFIX_TOOLS_RUNNERS_Q16_H */
