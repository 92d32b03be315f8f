/* SPDX-License-Identifier: MIT */
/*
 * src/q16/fixed_scan_q16.h — the flight-time scan of the fixed-direction
 * and fixed-elevation launchers under drag in Q16.16 (fixed_scan_q16.c,
 * for drag/fixed_drag_q16.c), and its launch axes and shot, which the
 * vacuum solvers' closed forms (fixed_dir_q16.c, fixed_elev_q16.c) share.
 * Internal.
 */
#ifndef AIMFIX_SRC_FIXED_SCAN_Q16_H
#define AIMFIX_SRC_FIXED_SCAN_Q16_H

#include "aimfix/accel.h"

/* pi/2 in Q16.16 (rounded up): the steepest elevation. */
#define AFQ_HALF_PI 102944

/* The launch velocity that meets the target after t (> 0): 1 and *u, or
 * 0 where it does not fit Q16.16. */
typedef int (*afq_fixed_aim)(void *ctx, fix16_t t, af_vec3_q16 *u);

typedef struct afq_fixed_scan {
    afq_fixed_aim aim;
    /* What the scan samples: a vector of u(t)'s direction (any positive
     * multiple of it, the reach R(t) = u(t) t in vacuum), or NULL for u(t)
     * itself. The sign of each component decides; a root of one
     * perpendicular component is kept when the other is within 4 raw
     * units plus 2^-12 of the sample's size over the last LSB of time. */
    afq_fixed_aim sample;
    void *ctx;
    int elev;              /* fixed elevation (else fixed direction) */
    af_vec3_q16 dir;       /* unit direction, or up */
    af_vec3_q16 line;      /* the launch line as given, unrounded (fixed direction) */
    af_vec3_q16 e[2];      /* square to dir (fixed direction) */
    fix16_t c, s;          /* the elevation's cosine and sine */
    fix16_t t_max;         /* longest flight searched, > 0 */
    af_body_accel_q16 target;
    int at_muzzle;         /* the target is at the muzzle at t = 0 */
} afq_fixed_scan;

/* The fixed direction: dir and its basis. AF_ERR_BAD_ARGUMENT for a zero
 * direction. */
af_status afq_fixed_direction(afq_fixed_scan *sc, const af_vec3_q16 *direction);

/* The fixed elevation against gravity: up, cosine and sine (the fixed
 * direction up or down at +-pi/2). AF_ERR_BAD_ARGUMENT for zero gravity or
 * |elevation| > pi/2. */
af_status afq_fixed_elevation(afq_fixed_scan *sc, const af_vec3_q16 *gravity,
                              fix16_t elevation);

/* |a| t^2 / 2 rounded to Q16.16 (ties away from zero), with a's sign:
 * exact in 64 bits (|a| t < 2^62 split into 32-bit halves, each times t;
 * t >= 0). */
int64_t afq_fixed_half_at2(int32_t a, fix16_t t);

/* Where the accelerating target is at t: 1, or 0 when it does not fit. */
int afq_fixed_point(const af_body_accel_q16 *target, fix16_t t, af_vec3_q16 *p);

/* The shot at t appended to out: the fixed direction or elevation at the
 * aim's speed (sc->aim's velocity, whatever the scan sampled); 1, or
 * nothing and 0 when it does not fit, -1 when it has no speed along the
 * launch or, at an elevation, no horizontal part to head along (a
 * velocity that rounds to 0: the dropped projectile meets the target). */
int afq_fixed_push(const afq_fixed_scan *sc, fix16_t t, af_shots_q16 *out);

/* Every solution (see aimfix/fixed_launch.h), earliest first. */
af_status afq_fixed_scan_solve(const afq_fixed_scan *sc, af_shots_q16 *out);

#endif /* AIMFIX_SRC_FIXED_SCAN_Q16_H */
