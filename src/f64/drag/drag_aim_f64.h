/* SPDX-License-Identifier: MIT */
/*
 * src/f64/drag/drag_aim_f64.h — what the f64 drag aims share. Internal.
 *
 * drag_aim_f64.c: the problem, the launch for a time of flight, the speed
 * equation F(T) = |u(T)| - speed and the aims; drag_aim_scan_f64.c: the
 * scan over T and the refinement of its roots.
 */
#ifndef AIMFIX_SRC_DRAG_AIM_F64_H
#define AIMFIX_SRC_DRAG_AIM_F64_H

#include "drag_f64.h"

typedef struct drag_aim_problem_f64 {
    drag_law_f64 law;
    af_body_f64 shooter, target;
    af_vec3_f64 accel; /* the target's acceleration (zero for none) */
    double accel_half;  /* |accel| / 2 */
    int inherit, accelerates;
    double speed;
    int calls;
} drag_aim_problem_f64;

/* F(T), with its slope F' (or T F' when times_t) in *slope and a bound on
 * its rounding in *noise (drag_aim_f64.c). */
double afr_drag_aim_excess_f64(drag_aim_problem_f64 *pb, double T, int times_t, double *slope,
                               double *noise);

/* The roots of F in [t_lo, t_hi], in increasing order, into roots (at most
 * AF_MAX_SHOTS); lo_bounds when t_lo bounds every root from below (not for
 * a target at the muzzle). Returns their count (drag_aim_scan_f64.c). */
int afr_drag_aim_scan_f64(drag_aim_problem_f64 *pb, double t_lo, double t_hi, int lo_bounds,
                          double *roots);

#endif /* AIMFIX_SRC_DRAG_AIM_F64_H */
