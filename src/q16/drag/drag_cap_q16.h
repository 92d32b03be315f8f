/* SPDX-License-Identifier: MIT */
/*
 * src/q16/drag/drag_cap_q16.h — drag_cap_f64.h in Q16.16 (drag_cap_q16.c). Internal.
 */
#ifndef AIMFIX_SRC_DRAG_CAP_Q16_H
#define AIMFIX_SRC_DRAG_CAP_Q16_H

#include <stdint.h>

#include "aimfix/drag.h"

/* AF_ERR_ENGINE_LIMIT when a step of the flight from start over 0..t moves
 * farther than drag->max_move, else AF_OK. The model must be valid. */
af_status afq_drag_cap(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t t);
/* The same over n steps (n >= 0 in Q16.16). */
af_status afq_drag_cap_steps(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t n);

/* afr_drag_cap_shots_f64 in Q16.16. */
af_status afq_drag_cap_shots(const af_drag_q16 *drag, const af_body_q16 *shooter, unsigned flags,
                             af_status status, af_shots_q16 *out);

#endif /* AIMFIX_SRC_DRAG_CAP_Q16_H */
