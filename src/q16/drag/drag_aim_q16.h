/* SPDX-License-Identifier: MIT */
/*
 * src/q16/drag/drag_aim_q16.h — what the Q16 drag aims share. Internal.
 *
 * drag_aim_q16.c: the problem, the launch for a time of flight, the
 * speed equation F(T) = |u(T)| - speed and the aims; drag_aim_scan_q16.c:
 * the scan over T and the refinement of its roots; drag_aim_bounds_q16.c:
 * the stretches where F provably keeps its sign, which the scan skips.
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
    afn_unum a, da, db, ulen, omc; /* omc: 1 - e^-mu T */
    afn_snum u[3];                 /* u (m/s) */
} afq_aim_eval;

void afq_aim_evaluate(const afq_aim_problem *pb, afn_unum t, afq_aim_eval *ev);

/* The roots of F in [t_lo, t_hi], in increasing order, into roots (at most
 * AF_MAX_SHOTS); lo_bounds when t_lo bounds every root from below (not for
 * a target at the muzzle). Returns their count. */
int afq_aim_scan_roots(afq_aim_problem *pb, afn_unum t_lo, afn_unum t_hi, int lo_bounds,
                       afn_snum *roots);

/* Roots come in increasing order; one that rounds to the same Q16.16 time
 * as the last is the same shot. Returns the new count (at most
 * AF_MAX_SHOTS). */
int afq_aim_add_root(afn_snum *roots, int n, afn_snum T);

/* drag_aim_convex_q16.c: the roots in [t_lo, t_hi] when F's a-multiple
 * is proved convex there (t_lo bounding them from below), or -1 for the
 * scan. */
int afq_aim_convex_roots(afq_aim_problem *pb, afn_unum t_lo, afn_unum t_hi, afn_snum *roots);

/* drag_aim_bounds_q16.c: the stretch from an evaluation over which F
 * provably keeps its sign. */
/* What afq_aim_safe_stretch takes from the problem, once per scan: the speed s,
 * s^2, |V| (+ |wind| for continuous drag), sigma |g| + mu (|wind| +
 * |v_s|), and |v_s| + s. */
typedef struct afq_aim_consts {
    afn_unum s, s2, c1, k2, vss, glen, vlen;
} afq_aim_consts;

/* The parts of afq_aim_safe_stretch that depend on the evaluation and direction
 * only: |H_0| less twice F's noise in it (A, 0 when F is within its noise
 * of zero), the slope B of |H| along the direction less its error (|B|
 * in Bm, B's sign in B), a |u| and |u| + speed. */
typedef struct afq_aim_slack {
    afn_unum A, Bm, aul;
    afn_snum B;
} afq_aim_slack;

/* The bounds of the law over a stretch: da, a and db at most these. */
typedef struct afq_aim_reach {
    afn_unum da_max, a_max, db_max;
} afq_aim_reach;

void afq_aim_consts_of(const afq_aim_problem *pb, afq_aim_consts *c);
/* The slack of evaluation ev, towards later times (backward 0) or earlier. */
void afq_aim_slack_of(const afq_aim_consts *c, const afq_aim_eval *ev, int backward,
                      afq_aim_slack *k);
/* The largest stretch, at most h, over which F keeps ev's sign (0: none). */
afn_unum afq_aim_safe_stretch(const afq_aim_problem *pb, const afq_aim_consts *c,
                              const afq_aim_eval *ev, const afq_aim_slack *k,
                              const afq_aim_reach *r, afn_unum h);
/* The bounds of a forward stretch of length h from ev (a is concave). */
void afq_aim_reach_forward(const afq_aim_problem *pb, const afq_aim_eval *ev, afn_unum h,
                           afq_aim_reach *r);

#endif /* AIMFIX_SRC_DRAG_AIM_Q16_H */
