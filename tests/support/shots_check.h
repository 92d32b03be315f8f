/* SPDX-License-Identifier: MIT */
/*
 * tests/support/shots_check.h — checks every solver's answer must pass, whatever the
 * solver: the out-struct's invariants, and that a shot hits when flown.
 */
#ifndef AIMFIX_TESTS_SHOTS_CHECK_H
#define AIMFIX_TESTS_SHOTS_CHECK_H

#include "aimfix.h"
#include "scenario.h"

/* Tolerances, relative to the scene's scale (scenario_range): */
/* A returned shot flown by tests/support/kinematics.c meets the target within this
 * (the figure; double rounding leaves ~1e-15). */
#define HIT_TOL 1e-9
/* The launch speed of a fixed-speed solution equals the asked speed within
 * this, relative to max(speed, distance / t) (the velocity is a distance
 * divided by a time, rounded like one). */
#define SPEED_TOL 1e-9

/* The out-struct's shape: on failure count 0 and all zero; on success
 * 1 <= count <= AF_MAX_SHOTS, times >= 0 ascending, unused slots zero.
 * Returns 1 when it holds (each violation is a failed check). */
int check_shots_shape(af_status st, const af_shots_f64 *out, const char *what);

/* Every shot of out meets s's target when flown (projectile inheriting
 * s->flags), within HIT_TOL of the scene's scale; and when speed > 0 every
 * shot with t > 0 has that launch speed. Returns the worst miss / scale. */
double check_shots_hit(const scenario *s, const af_shots_f64 *out, double speed,
                       const char *what);

/* The brute-force side of the completeness tests.
 * scenario_gap: |D + V t - g t^2/2| - s t in the launch frame (V relative to
 * the shooter when inheriting): its roots are the times at which a shot of
 * speed s can meet the target; every solver's scenario is a special case
 * (no gravity for intercepts, targets at rest for static points).
 * scenario_gap_scaled: the same times 2^-E, E the exponent of its largest
 * term (|D|, |V| t, |g| t^2 / 2, s t), each term scaled before it is
 * formed: the same sign for t > 0, but neither inf - inf where s t or
 * |D + V t| overflows a double nor a few bits where they are subnormal.
 * check_no_root_lost: scan the scaled gap on a geometric grid of `cells` cells
 * from 1e-6 to 1e6 times the straight-line flight time; every sign change
 * must hold one of out's times (within its cell, within 1e-6 of it for
 * a near-double root given once, or in a neighbouring cell where the gap
 * stays within its rounding from that time to the cell: the crossing's
 * place is noise there), but for one below 2^-1042 s, which the
 * solvers leave out as underflowing (intercept.h, ballistic.h). Returns
 * the sign changes seen.
 * check_given_once: whether the gap keeps its sign across t (1 +- 1e-6):
 * the root near t is a tangent one or a pair within 1e-6, a near-double
 * root whose time no double computation knows better than about 1e-8
 * relative, which a solver may give once (ballistic_moving.h). */
double scenario_gap(const scenario *s, double t);
double scenario_gap_scaled(const scenario *s, double t);
int check_no_root_lost(const scenario *s, af_status st, const af_shots_f64 *out, int cells,
                       long index);
int check_given_once(const scenario *s, double t);

/* Two solvers that must agree on a scenario: same status and count, times
 * within 1e-9 relative. */
void check_same_shots(af_status sa, const af_shots_f64 *a, af_status sb, const af_shots_f64 *b,
                      const char *what, long index);

#endif /* AIMFIX_TESTS_SHOTS_CHECK_H */
