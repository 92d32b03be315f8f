/* SPDX-License-Identifier: MIT */
/*
 * src/q16/fixed_vacuum_q16.h — what the vacuum launchers of fixed direction
 * (fixed_dir_q16.c) and fixed elevation (fixed_elev_q16.c) share, in
 * fixed_vacuum_q16.c: the set-up, the reach at a time, the positive roots
 * of a quadratic, the list of times found and the shots made of it.
 * Internal.
 *
 * Relative to the launch point the target is met after t when s d t
 * equals the reach R(t) = D + V t + A t^2/2 (A: the target's acceleration
 * minus gravity). Its parts along a unit axis are quadratics in t whose
 * coefficients, D, V and A dotted with the Q16.16 axis, are exact in 64
 * bits. Each shot's velocity is the fixed-time aim af_arc_time_accel_q16's
 * at its time, along the fixed direction or elevation (afq_fixed_push).
 */
#ifndef AIMFIX_SRC_FIXED_VACUUM_Q16_H
#define AIMFIX_SRC_FIXED_VACUUM_Q16_H

#include "aimfix/fixed_launch.h"
#include "aimfix/q16.h"
#include "../core/q16_internal.h"
#include "../core/xnum_q16.h"
#include "fixed_scan_q16.h"
#include "solve_q16.h"

typedef struct afq_vacuum {
    const af_body_q16 *shooter;
    const af_body_accel_q16 *target;
    const af_vec3_q16 *gravity;
    unsigned flags;
    af_vec3_q16 c[3]; /* the reach's terms D, V, A (each fits: the aim checked) */
} afq_vacuum;

/* The reach at one candidate time, brought within 31 bits by a common
 * shift, and its rate R' = V + A t in the same units. */
typedef struct afq_reach {
    af_vec3_q16 r, rate;
    int shift;
} afq_reach;

/* The times found, ascending, each with its fit (lower better) and the
 * equation it is a root of. */
typedef struct afq_times {
    fix16_t t[2 * AF_MAX_SHOTS];
    afn_snum score[2 * AF_MAX_SHOTS];
    int from[2 * AF_MAX_SHOTS], n;
} afq_times;

/* The checks the fixed-time aim makes, the reach's terms into v and the
 * scan's aim into sc. */
af_status afq_vacuum_setup(afq_fixed_scan *sc, afq_vacuum *v, const af_body_q16 *shooter,
                           const af_body_accel_q16 *target, const af_vec3_q16 *gravity,
                           unsigned flags);

/* The reach and its rate at t. */
void afq_vacuum_reach(const afq_vacuum *v, fix16_t t, afq_reach *out);

/* a / b, rounded to nearest. */
afn_snum afq_vacuum_quot(afn_snum a, afn_snum b);

/* The positive roots of c + b t + a t^2 into r, ascending; their count. */
int afq_vacuum_quadratic_roots(afn_snum a, afn_snum b, afn_snum c, afn_snum *r);

/* A positive root as a time of Q16.16: 0 when it rounds below one LSB or
 * beyond the longest flight. */
fix16_t afq_vacuum_root_time(afn_snum root);

/* A wide number of seconds as raw Q16.16 time, saturated at +-2^30. */
int32_t afq_vacuum_raw_time(afn_snum x);

/* Insert t, a root of equation `from`, unless it is one listed found
 * again (within 2 LSB, or within `near` of another equation's root). */
void afq_vacuum_add_time(afq_times *ts, fix16_t t, afn_snum score, int from, fix16_t near);

/* The muzzle's t = 0 shot, then one per time; the status. */
af_status afq_vacuum_finish(const afq_fixed_scan *sc, const afq_times *ts, af_shots_q16 *out);

/* The fixed direction's solve (fixed_dir_q16.c), which the fixed
 * elevation of +-pi/2 is too. */
af_status afq_vacuum_dir_solve(const afq_fixed_scan *sc, const afq_vacuum *v, af_shots_q16 *out);

/* a . b exactly (Q32), for b a Q16.16 unit vector (two full-range
 * vectors would overflow 64 bits). */
AFI_STATIC_HELPER int64_t afq_vacuum_dot32(const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    return afi_smul32(a->x, b->x) + afi_smul32(a->y, b->y) + afi_smul32(a->z, b->z);
}

/* The sum of a vector's magnitudes, raw. */
AFI_STATIC_HELPER uint64_t afq_vacuum_l1(const af_vec3_q16 *a)
{
    return (uint64_t)afi_abs32(a->x) + afi_abs32(a->y) + afi_abs32(a->z);
}

/* x (Q32, exact) as a wide number in units of 2^-32 (2^-33: a term of
 * t^2/2 as one of t^2). */
AFI_STATIC_HELPER afn_snum afq_vacuum_wide(int64_t x, int half)
{
    return afn_s_make_near_compact(x, -32 - half);
}

#endif /* AIMFIX_SRC_FIXED_VACUUM_Q16_H */
