/* SPDX-License-Identifier: MIT */
/*
 * src/f64/drag/drag_cap_f64.h — an engine's cap on the move of one step, checked
 * over a flight (drag_cap_f64.c). Internal.
 */
#ifndef AIMFIX_SRC_DRAG_CAP_F64_H
#define AIMFIX_SRC_DRAG_CAP_F64_H

#include "aimfix/drag.h"

/* AF_ERR_ENGINE_LIMIT when a step of the flight from start over 0..t moves
 * farther than drag->max_move, else AF_OK (also for no cap, a continuous
 * model or t = 0). The model must be valid. */
af_status afr_drag_cap_f64(const af_drag_f64 *drag, const af_body_f64 *start, double t);
/* The same over n steps (stepped model only). */
af_status afr_drag_cap_steps_f64(const af_drag_f64 *drag, const af_body_f64 *start, double n);

/* An aim's last word: for status AF_OK, drops every shot of out whose
 * flight breaks the cap (the launch from shooter's position with the shot's
 * velocity, plus shooter's when flags inherit it) and returns
 * AF_ERR_ENGINE_LIMIT when that leaves none; any other status is returned
 * as it is. */
af_status afr_drag_cap_shots_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                 unsigned flags, af_status status, af_shots_f64 *out);

#endif /* AIMFIX_SRC_DRAG_CAP_F64_H */
