/* SPDX-License-Identifier: MIT */
/*
 * src/q16/drag/drag_aim_q16.h — what the Q16 drag aims share. Internal.
 *
 * drag_aim_q16.c: the problem, the launch for a time of flight, the
 * speed equation F(T) = |u(T)| - speed and the aims; drag_aim_scan_q16.c:
 * the scan over T (the stretches where F provably keeps its sign skipped)
 * and the refinement of its roots.
 */
#ifndef AIMFIX_SRC_DRAG_AIM_Q16_H
#define AIMFIX_SRC_DRAG_AIM_Q16_H

#include "drag_q16.h"

typedef struct afq_aim_problem {
    afq_drag_law law;
    afq_drag_vec in[4]; /* D, V, gravity, wind (gravity again when the
                         * engine moves first: its + g dt) */
    af_vec3_q16 D; /* target - shooter */
    const af_body_q16 *shooter, *target;
    int inherit, terms; /* 3, or 4 with continuous drag's wind */
    afn_snum speed;
    afn_unum len[5]; /* |D|, |V|, |g|, |wind|, and a bound on the velocity
                      * carried: |v shooter| when inherited, plus |g| dt
                      * when the engine moves first */
    afn_snum dir[4][3]; /* V, gravity, wind, v shooter (m/s, m/s^2): af_drag_aim_speed_q16 */
    const af_vec3_q16 *accel; /* the target's acceleration, NULL for none */
    afq_drag_vec acc; /* it, for afq_drag_apply */
    afn_unum acc_len; /* |A| */
    afn_snum acc_dir[3]; /* A (m/s^2) */
} afq_aim_problem;

/* One evaluation of the speed equation at a time T: F = |u| - speed, its
 * slope F', the rounding noise of F, and the law's pieces the scan's
 * bounds need (a, da = a', db = b', |u|). */
typedef struct afq_aim_eval {
    afn_snum f, slope, noise;
    afn_unum a, da, db, ulen;
} afq_aim_eval;

void afq_aim_evaluate(const afq_aim_problem *pb, afn_unum t, afq_aim_eval *ev);

/* The roots of F in [t_lo, t_hi], in increasing order, into roots (at most
 * AF_MAX_SHOTS); lo_bounds when t_lo bounds every root from below (not for
 * a target at the muzzle). Returns their count. */
int afq_aim_scan_roots(afq_aim_problem *pb, afn_unum t_lo, afn_unum t_hi, int lo_bounds,
                       afn_snum *roots);

#endif /* AIMFIX_SRC_DRAG_AIM_Q16_H */
