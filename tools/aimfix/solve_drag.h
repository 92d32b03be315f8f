/* SPDX-License-Identifier: MIT */
/*
 * solve_drag.h — the CLI's drag solvers (drag_predict ... drag_samples),
 * listed in solve.c's table: each reads the request's drag model and
 * flight, calls the library and fills the result's shots and the other
 * answers a drag query gives (state, height, evaluations, casts, points).
 * Their Q16 twins are in solve_drag_q16.c (declared in runners_q16.h); the
 * pieces both formats share are declared here.
 */
#ifndef AIMFIX_TOOLS_SOLVE_DRAG_H
#define AIMFIX_TOOLS_SOLVE_DRAG_H

#include "solve.h"
#include "terrain.h"

af_status run_drag_predict(const request *rq, result *out);
af_status run_drag_apex(const request *rq, result *out);
af_status run_drag_height(const request *rq, result *out);
af_status run_drag_land(const request *rq, result *out);
af_status run_drag_aim_time(const request *rq, result *out);
af_status run_drag_aim_speed(const request *rq, result *out);
af_status run_drag_max_range(const request *rq, result *out);
af_status run_drag_samples(const request *rq, result *out);

/* ---- Shared by the f64 and Q16 drag runners ---- */

/* The request itself is unusable: out says why (out may be NULL).
 * Returns AF_ERR_BAD_ARGUMENT. */
af_status solve_drag_reject(result *out, const char *why);

/* What the request's "drag" object asks for, in any number format:
 * *custom set for the custom stepped model (whose r is given), else the
 * library's engine in *engine. Returns AF_OK, a rejection (custom without
 * 'drag.r'), or AF_ERR_BAD_ARGUMENT (custom with a wind: a stepped model
 * has none). */
af_status solve_drag_engine(const request *rq, int *custom, af_drag_model *engine, result *out);

/* The step order the request asks for; `preset` (the engine's) when it
 * names none. */
af_step_order solve_drag_order(const request *rq, af_step_order preset);

/* The request's Q16 drag model: af_drag_init_q16 on its numbers rounded
 * to Q16.16, or the custom model with its r; the statuses of
 * solve_drag_engine and af_drag_init_q16 (out may be NULL). The model is
 * zero on failure. */
af_status solve_drag_model_q16(const request *rq, af_drag_q16 *m, result *out);

/* The request's f64 drag model (the Q16 one held exactly in double when
 * the request is in q16 or compared); the statuses of solve_drag_engine
 * and af_drag_init_f64. */
af_status solve_drag_model(const request *rq, af_drag_f64 *m, result *out);

/* A Q16 model exactly in double (every Q16.16 value fits a double). */
af_drag_f64 solve_drag_model_value(const af_drag_q16 *m);

/* The request's terrain for drag_land, or a rejection (out->bad_input). */
af_status solve_drag_terrain(const request *rq, terrain *ground, result *out);

/* The terrain (user) behind a Q16 raycast: the ray in double, the hit
 * rounded to Q16.16 (a hit beyond Q16.16 is a miss). */
int solve_drag_raycast_q16(void *user, const af_vec3_q16 *origin, const af_vec3_q16 *direction,
                           fix16_t max_distance, af_vec3_q16 *hit);

/* drag_predict's own rule: exactly one of 'time' and 'steps' (AF_OK), or
 * a rejection. */
af_status solve_drag_time_or_steps(const request *rq, result *out);

/* drag_samples' count, 2 to RESULT_MAX_POINTS; 0 after a rejection. */
int solve_drag_sample_count(const request *rq, result *out);

/* A drag query's answer as one shot: its time, the launch velocity and
 * where the body is then; with the body's state when state is not NULL. */
void solve_drag_answer(result *out, double t, af_vec3_f64 velocity, af_vec3_f64 point,
                       const af_body_f64 *state);

/* An event's extras (drag_apex with apex set, drag_height): the height
 * there and, for the iterated height, the evaluations it took. */
void solve_drag_event(result *out, int apex, double height, int evaluations);

/* The flight the Q16.16 forward queries follow: from the shooter at
 * `velocity`. */
af_body_q16 solve_drag_launch_q16(const request *rq);

/* A Q16.16 forward query's answer: the flight's state at t. */
void solve_drag_state_q16(result *out, const request *rq, fix16_t t, const af_body_q16 *state);

/* A Q16.16 event's answer (the apex when apex, else a height). */
void solve_drag_event_q16(result *out, const request *rq, int apex, const af_drag_event_q16 *ev);

/* Where a body launched from the shooter at velocity v is at time t under
 * the request's drag model (the launch point when the model or the
 * prediction fails), for drawing. */
af_vec3_f64 solve_drag_position(const request *rq, af_vec3_f64 v, double t);

#endif /* AIMFIX_TOOLS_SOLVE_DRAG_H */
