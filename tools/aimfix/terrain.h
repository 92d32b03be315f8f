/* SPDX-License-Identifier: MIT */
/*
 * terrain.h — the ground drag_land flies over, described by a few request
 * keys (the "terrain" object) and seen by the library only through a
 * raycast, as a game's physics world would be.
 *
 * The ground's height, along up (against gravity, world z when there is
 * none), under a point p is
 *     level + slope . p + hill_amplitude sin(2 pi e / L) cos(2 pi n / L)
 * where only the horizontal part of slope counts (a rise in m per m along
 * each axis), e and n are p's horizontal coordinates along the frame's
 * east and north axes (x and y when z is up; see frame.h) and L is
 * hill_wavelength. A point is under ground when its height is below that.
 */
#ifndef AIMFIX_TOOLS_TERRAIN_H
#define AIMFIX_TOOLS_TERRAIN_H

#include "frame.h"
#include "request.h"

typedef struct terrain {
    frame axes;
    double level;
    af_vec3_f64 slope; /* horizontal part only */
    double amplitude, wavelength;
} terrain;

/* The request's terrain (gravity gives up). Returns 0, or -1 with a reason
 * in why for a value that is not finite or a wavelength <= 0. */
int terrain_from_request(const request *rq, terrain *t, char *why, size_t why_size);

/* The ground's height under p, and p's own height, along up. */
double terrain_ground(const terrain *t, af_vec3_f64 p);
double terrain_height_of(const terrain *t, af_vec3_f64 p);

/* The af_raycast_f64 callback, user = the terrain: the first point of the
 * ray under ground. A plane (no hills) is intersected exactly. Over hills
 * the ray is sampled every 1/32 of a wavelength of its horizontal travel
 * (at least 16, at most 4096 samples a cast) and the first sample under
 * ground is bisected against the one before (60 halvings), so a ray that
 * only grazes a crest between two samples can pass it. A ray that starts
 * under ground hits at its origin. */
int terrain_raycast(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                    double max_distance, af_vec3_f64 *hit);

#endif /* AIMFIX_TOOLS_TERRAIN_H */
