/* SPDX-License-Identifier: MIT */
/*
 * src/q16/drag/drag_cap_q16.h — drag_cap_f64.h in Q16.16 (drag_cap_q16.c). Internal.
 */
#ifndef AIMFIX_SRC_DRAG_CAP_Q16_H
#define AIMFIX_SRC_DRAG_CAP_Q16_H

#include <stdint.h>

#include "drag_q16.h"

/* AF_ERR_ENGINE_LIMIT when a step of the flight from start over 0..t moves
 * farther than the model's max_move, else AF_OK (also for no cap, a
 * continuous model or t = 0). law: the model's, checked. */
af_status afq_drag_cap(const afq_drag_law *law, const af_body_q16 *start, fix16_t t);
/* The same over steps 1 to `last` of a stepped model (drag: valid) from
 * the two moves that decide it, the first from the launch and the last
 * moved by v_move: the velocity after step last (after step last - 1
 * moving first), or NULL when it does not fit Q16.16 (no check then). */
af_status afq_drag_cap_moves(const af_drag_q16 *drag, const af_body_q16 *start, int64_t last,
                             const af_vec3_q16 *v_move);

/* afr_drag_cap_shots_f64 in Q16.16 (drag: a valid model). */
af_status afq_drag_cap_shots(const af_drag_q16 *drag, const af_body_q16 *shooter, unsigned flags,
                             af_status status, af_shots_q16 *out);

#endif /* AIMFIX_SRC_DRAG_CAP_Q16_H */
