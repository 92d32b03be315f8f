/* SPDX-License-Identifier: MIT */
/*
 * svg.h — draws a solved shot as an SVG picture: a side view (distance
 * along the bearing against height) and a top view, with the trajectories,
 * the target's path, the shooter and the impact points, to equal scale.
 */
#ifndef AIMFIX_TOOLS_SVG_H
#define AIMFIX_TOOLS_SVG_H

#include "solve.h"

/* Write the picture to path. Returns 0, or -1 when the file cannot be
 * written. */
int svg_write(const char *path, const request *rq, const result *res);

#endif /* AIMFIX_TOOLS_SVG_H */
