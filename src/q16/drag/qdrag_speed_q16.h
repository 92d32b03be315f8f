/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 quadratic-drag aim at a fixed speed, in three files:
 * qdrag_speed_q16.c (F at one flight time, the joint Newton iteration
 * and the entries), qdrag_speed_scan_q16.c (the roots over the flight
 * times) and qdrag_follow_q16.c (a scene's roots followed from the
 * last one's, for the turret aims).
 */
#ifndef AIMFIX_SRC_Q16_DRAG_QDRAG_SPEED_Q16_H
#define AIMFIX_SRC_Q16_DRAG_QDRAG_SPEED_Q16_H

#include "qdrag_aim_q16.h"

/* F of a time whose fixed-time aim fails: out of reach. */
#define OUT_OF_REACH INT32_MAX

typedef struct scan {
    afq_qd_aim pb;
    fix16_t speed;
    int static_target;
    int have;             /* an aim to start the next from */
    fix16_t t_last;       /* its time */
    af_vec3_q16 v_last;   /* its world launch velocity */
    af_vec3_q16 dv_last;  /* and that velocity's derivative in T */
    /* The scan's samples: whether one was out of reach, whether F rose
     * then fell again (more than one dip), and the one of least F. */
    int unreachable, humped, rose;
    fix16_t f_prev;
    int have_prev;
} scan;

typedef struct sample {
    fix16_t T, F, F1; /* time, F and F' (OUT_OF_REACH / 0 when the aim fails) */
    af_vec3_q16 v;    /* the world launch velocity */
    af_vec3_q16 dv;   /* its derivative in T */
} sample;

/* F(T) = |u(T)| - speed and F'(T) at the flight time T (only F's sign
 * when sign_only), the aim started from the last one (qdrag_speed_q16.c). */
void afq_qd_evaluate(scan *sc, fix16_t T, int sign_only, sample *s);

/* The joint Newton iteration on (T, v) for a root in [lo, hi], from *T
 * and *v: 1 with the root there. */
int afq_qd_joint(const scan *sc, fix16_t lo, fix16_t hi, fix16_t *T, af_vec3_q16 *v);

/* The roots of F between t_lo and t_hi, earliest first, and the sample
 * of least F in *lowest (qdrag_speed_scan_q16.c). */
int afq_qd_scan_roots(scan *sc, fix16_t t_lo, fix16_t t_hi, sample *roots, sample *lowest);

/* The last scene's roots followed to this one, F at max_time after a scan,
 * and a scene without roots followed from the last one's dip
 * (qdrag_follow_q16.c). */
int afq_qd_follow_roots(scan *sc, fix16_t max_time, afq_qd_roots *known, sample *roots,
                        fix16_t *f_end);
void afq_qd_remember_end(scan *sc, fix16_t max_time, afq_qd_roots *known);
int afq_qd_follow_dip(scan *sc, fix16_t t_lo, fix16_t t_hi, afq_qd_roots *known);

#endif /* AIMFIX_SRC_Q16_DRAG_QDRAG_SPEED_Q16_H */
