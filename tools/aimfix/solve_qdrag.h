/* SPDX-License-Identifier: MIT */
/*
 * solve_qdrag.h — the CLI's drag queries under quadratic drag
 * (drag.model "quadratic"), reached from solve_drag.c's runners. f64 only:
 * the Q16 runners refuse the model.
 */
#ifndef AIMFIX_TOOLS_SOLVE_QDRAG_H
#define AIMFIX_TOOLS_SOLVE_QDRAG_H

#include "solve.h"

af_status run_qdrag_predict(const request *rq, result *out);
af_status run_qdrag_apex(const request *rq, result *out);
af_status run_qdrag_height(const request *rq, result *out);
af_status run_qdrag_land(const request *rq, result *out);
af_status run_qdrag_aim_time(const request *rq, result *out);
af_status run_qdrag_aim_speed(const request *rq, result *out);
af_status run_qdrag_max_range(const request *rq, result *out);
af_status run_qdrag_samples(const request *rq, result *out);

/* The request's quadratic drag model: AF_OK, a rejection naming what is
 * missing, or the library's status (out may be NULL). */
af_status solve_qdrag_model(const request *rq, af_qdrag_f64 *m, result *out);

/* Where a body launched from the shooter at v is at t (the launch point
 * when the model or the prediction fails). */
af_vec3_f64 solve_qdrag_position(const request *rq, af_vec3_f64 v, double t);

#endif /* AIMFIX_TOOLS_SOLVE_QDRAG_H */
