/* SPDX-License-Identifier: MIT */
/*
 * src/q16/drag/drag_land_q16.h — the flight's chords for the Q16 landing
 * search (drag_land_chords_q16.c), shared with the search itself
 * (drag_land_q16.c). Internal.
 */
#ifndef AIMFIX_SRC_DRAG_LAND_Q16_H
#define AIMFIX_SRC_DRAG_LAND_Q16_H

#include "drag_q16.h"

/* A landing search: the flight's law and inputs, the caller's raycast and
 * the casts made so far. */
typedef struct afq_lander {
    afq_drag_law law;
    const af_body_q16 *start;
    af_raycast_q16 raycast;
    void *user;
    afq_drag_vec in[3]; /* v0, g, wind */
    afn_snum tolerance;
    afn_snum accel0; /* |p''(0)| */
    int casts;
} afq_lander;

/* The outcome of a cast. */
enum { AFQ_CAST_MISS = 0, AFQ_CAST_HIT = 1, AFQ_CAST_BUDGET = -2, AFQ_CAST_OVERFLOW = -3 };

/* The flight's inputs and |p''(0)| = rho |sigma G - mu v0|, G = g + k
 * wind, from L->law (initialised, with its rate) and L->start. */
void afq_land_inputs(afq_lander *L, const af_drag_q16 *drag);

/* Terms of the law at t >= 0. */
void afq_land_terms_at(const afq_lander *L, afn_snum t, afq_drag_coef *k, afq_drag_terms *terms);

/* The chord's distance bound from the arc, |p''(ta)| (tb - ta)^2 / 8,
 * plus what the rounding of the ray's direction to Q16.16 (2^-17 per
 * component) moves its far end: 2^-16 of its length. A ray that meets
 * the terrain at a shallow angle moves its hit along by that over the
 * angle, so the chord must be short as well as close to the arc. */
afn_snum afq_land_chord_sag(const afq_lander *L, afn_snum ta, afn_snum tb);

/* The angle between the flight's directions at ta and tb, Q16.16 radians. */
fix16_t afq_land_chord_turn(const afq_lander *L, afn_snum ta, afn_snum tb);

/* The time at which the arc is abeam of a point a fraction u along the
 * chord of [ta, tb] (two Newton steps from ta + u (tb - ta)). */
afn_snum afq_land_abeam_time(const afq_lander *L, afn_snum ta, afn_snum tb, afn_snum u);

/* The bracketing chords' ends: 0 = t[0] < ... < t[n] = max_time, at equal
 * turns of the flight's direction (drag_land_f64.c). Returns n. */
int afq_land_bracket_times(const afq_lander *L, afn_snum max_time, afn_snum *times);

/* Whether the chord of [ta, t] can be cast: both ends in Q16.16, and
 * shorter than 32768 m (its length is the raycast's Q16.16 max_distance). */
int afq_land_chord_fits(const afq_lander *L, afn_snum ta, afn_snum t);

/* Casts the chord of [ta, tb]; on a hit, *u is the fraction of the chord's
 * length where it hit and *hit the point. A chord of zero length is not
 * cast. Returns an AFQ_CAST_* outcome (AFQ_CAST_BUDGET once
 * AF_DRAG_LAND_MAX_CASTS casts are made). */
int afq_land_cast_chord(afq_lander *L, afn_snum ta, afn_snum tb, afn_snum *u, af_vec3_q16 *hit);

/* The longest chord from ta towards tb that fits, its end fitting at ta
 * and not at tb: bisection to 2^-30 of tb (30 steps). */
afn_snum afq_land_fitting_end(const afq_lander *L, afn_snum ta, afn_snum tb);

#endif /* AIMFIX_SRC_DRAG_LAND_Q16_H */
