/* SPDX-License-Identifier: MIT */
/*
 * frame.h — the viewer's axes for a gravity vector: "up" against gravity
 * (world z when there is none) and two horizontal axes, the first as close
 * to world x as possible. Used for aim angles and for drawing.
 */
#ifndef AIMFIX_TOOLS_FRAME_H
#define AIMFIX_TOOLS_FRAME_H

#include "aimfix.h"

typedef struct frame {
    af_vec3_f64 east, north, up; /* right-handed: east x north = up */
} frame;

frame frame_for(af_vec3_f64 gravity);

double frame_dot(af_vec3_f64 a, af_vec3_f64 b);

/* Yaw (degrees, from east toward north) and pitch (degrees above the
 * horizontal) of a direction. */
void frame_angles(const frame *f, af_vec3_f64 v, double *yaw_deg, double *pitch_deg);

#endif /* AIMFIX_TOOLS_FRAME_H */
