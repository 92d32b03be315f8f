/* SPDX-License-Identifier: MIT */
/*
 * svg_reference.h — the arcs an SVG draws beside a quadratic drag shot, so
 * that the picture shows what the v^2 law changes: the same launch in
 * vacuum, and under linear drag at the rate the quadratic law has at
 * launch (k |v0 - w| + c, continuous, in the same wind).
 */
#ifndef AIMFIX_TOOLS_SVG_REFERENCE_H
#define AIMFIX_TOOLS_SVG_REFERENCE_H

#include "solve.h"

/* The reference arcs of a request: 2 for a drag solve with drag.model
 * "quadratic", else 0. */
int svg_reference_count(const request *rq);

/* Where the shot's launch is t s after it on reference arc `which` (0:
 * vacuum, 1: linear drag); 0 when it cannot be said (the launch point is
 * stored then). */
int svg_reference_at(const request *rq, const af_shot_f64 *shot, int which, double t,
                     af_vec3_f64 *p);

/* The arc's name, for the legend. */
const char *svg_reference_name(int which);

#endif /* AIMFIX_TOOLS_SVG_REFERENCE_H */
