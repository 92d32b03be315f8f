/* SPDX-License-Identifier: MIT */
/*
 * solve_qdrag.h — the CLI's drag queries under quadratic drag
 * (drag.model "quadratic"), reached from the drag runners of solve_drag.c
 * (f64, solve_qdrag.c) and solve_drag_q16.c (Q16, solve_qdrag_q16.c: the
 * stepped kind only).
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

af_status run_qdrag_predict_q16(const request *rq, result *out);
af_status run_qdrag_apex_q16(const request *rq, result *out);
af_status run_qdrag_height_q16(const request *rq, result *out);
af_status run_qdrag_land_q16(const request *rq, result *out);
af_status run_qdrag_aim_time_q16(const request *rq, result *out);
af_status run_qdrag_aim_speed_q16(const request *rq, result *out);
af_status run_qdrag_max_range_q16(const request *rq, result *out);
af_status run_qdrag_samples_q16(const request *rq, result *out);

/* The request's quadratic drag model: AF_OK, a rejection naming what is
 * missing, or the library's status (out may be NULL). solve_qdrag_model
 * is the one every f64 run flies: in format q16 and with --compare the
 * Q16 model's values (solve_qdrag_model_q16, the stepped kind only), else
 * solve_qdrag_model_f64's, the request's own. */
af_status solve_qdrag_model(const request *rq, af_qdrag_f64 *m, result *out);
af_status solve_qdrag_model_f64(const request *rq, af_qdrag_f64 *m, result *out);
af_status solve_qdrag_model_q16(const request *rq, af_qdrag_q16 *m, result *out);
/* A Q16 model's values in double (exact). */
af_qdrag_f64 solve_qdrag_model_value(const af_qdrag_q16 *m);

/* Where a body launched from the shooter at v is at t (the launch point
 * when the model or the prediction fails). */
af_vec3_f64 solve_qdrag_position(const request *rq, af_vec3_f64 v, double t);

#endif /* AIMFIX_TOOLS_SOLVE_QDRAG_H */
