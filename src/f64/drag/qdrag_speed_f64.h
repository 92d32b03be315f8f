/* SPDX-License-Identifier: MIT */
/*
 * The parts of the quadratic drag aim at a fixed speed (f64) that its
 * files share: F(T) = |u(T)| - speed, with u(T) the fixed-time aim, and
 * the joint Newton iteration on the launch velocity and the time
 * (qdrag_root_f64.c); the static target's direct arcs
 * (qdrag_direct_f64.c) and search (qdrag_static_f64.c); the scan over the time of flight
 * (qdrag_scan_f64.c); the entry point (qdrag_speed_f64.c).
 */
#ifndef AIMFIX_SRC_QDRAG_SPEED_F64_H
#define AIMFIX_SRC_QDRAG_SPEED_F64_H

#include "qdrag_aim_f64.h"

/* F(T) and F'(T) into *slope, starting from the last aim solved (pb
 * then holds the aim at T, or none if out of reach: OUT_OF_REACH); with
 * sign_only, F only to its sign; *noise is F's uncertainty. */
double afr_qd_excess_f64(aim *pb, double T, int sign_only, double *slope, double *noise);
/* The root of F bracketed by (lo, f_lo) and (hi, f_hi), by the bracketed
 * Newton iteration on F. */
af_status afr_qd_refine_root_f64(aim *pb, double lo, double hi, double f_lo, double f_hi,
                                 double *T);
/* Newton's method on the launch velocity (held at the speed) and the time
 * together from (*T, *v), T kept in [lo, hi], at most iters flights; jc
 * not NULL: chord iterations with that Jacobian; pb->full_at_chord: the
 * chord flights at the full tolerances. 1 when it converges. */
int afr_qd_joint_newton_f64(aim *pb, double lo, double hi, int iters, const double *jc,
                            double *T, af_vec3_f64 *v);
/* Records the root T with its launch velocity v (given, or solved from the
 * aim pb last made) unless it repeats the last one; the new count. */
int afr_qd_push_root_f64(double *roots, af_vec3_f64 *vs, int n, double T, af_vec3_f64 v);
int afr_qd_add_root_f64(aim *pb, double *roots, af_vec3_f64 *vs, int n, double T);
/* A root found at loose tolerances brought to the full ones; 1 on success. */
int afr_qd_polish_f64(aim *pb, double max_time, double *T, af_vec3_f64 *v);
/* The roots (at the full tolerances) kept where the launch speed is the
 * one asked within F's noise or polishes onto it; the count kept. */
int afr_qd_true_roots_f64(aim *pb, double max_time, double *roots, af_vec3_f64 *vs, int n);
/* The roots in [t_lo, t_hi] by the scan, earliest first; their count. */
int afr_qd_scan_roots_f64(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs);
/* The vacuum's two times of flight at the speed to the static target (no
 * wind); 0 when out of its reach. */
int afr_qd_vacuum_times_f64(const aim *pb, double *t_low, double *t_high);
/* A static target's arcs straight by the joint iteration, at the full
 * tolerances (done[i] set): their count, or 0 (nothing recorded) when
 * they cannot be vouched for. */
int afr_qd_direct_arcs_f64(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs,
                           int *done);
/* A static target's roots by the direct search, done[i] set for those
 * already at the full tolerances; their count, or -1 when the search
 * cannot vouch for its answer (the scan then runs). */
int afr_qd_static_roots_f64(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs,
                            int *done);

#endif /* AIMFIX_SRC_QDRAG_SPEED_F64_H */
