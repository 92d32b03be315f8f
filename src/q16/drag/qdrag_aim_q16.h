/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 quadratic drag aims' shared parts: a flight that carries the
 * Jacobian of its position with respect to the launch velocity (the chain
 * rule through the engine's steps), the 3x3 solve Newton's method needs,
 * and the fixed-time aim both aims stand on.
 */
#ifndef AIMFIX_SRC_QDRAG_AIM_Q16_H
#define AIMFIX_SRC_QDRAG_AIM_Q16_H

#include "aimfix/accel.h"

#include "qdrag_q16.h"

/* dp(T)/dv0, scaled by 2^30 (entries up to T, so at most 2^45). */
typedef struct afq_qd_jacobian {
    int64_t m[9];
} afq_qd_jacobian;

/* Flies the launch velocity v from `from` for T (>= 0) s: the position
 * and velocity at T into *out, dp(T)/dv into *jac unless NULL.
 * AF_ERR_OUT_OF_RANGE when a step folds the velocity relative to the air
 * ((2 k s + c) dt >= 1: a faster launch would leave it slower, no physics
 * to aim with). */
af_status afq_qd_fly(const af_qdrag_q16 *m, const af_vec3_q16 *from, const af_vec3_q16 *v,
                     fix16_t T, af_body_q16 *out, afq_qd_jacobian *jac);
/* x = J^-1 b (b and x in Q16.16); 0 when J is singular or x does not fit. */
int afq_qd_solve(const afq_qd_jacobian *jac, const int32_t b[3], int32_t x[3]);

/* A fixed-time aim's problem: the world launch velocity that meets the
 * target at T. */
typedef struct afq_qd_aim {
    const af_qdrag_q16 *m;
    af_body_q16 shooter, target;
    int inherit;
    /* Nonzero: a speed whose comparison alone is wanted (the fixed-speed
     * scan's samples): the aim stops once its launch speed is farther
     * from it than 4 Newton steps and the miss below 1/64 of the reach. */
    fix16_t settle;
    /* The Jacobian of the last flight that carried one, and its time:
     * settling aims first try chord iterations with it (plain flights,
     * the step scaled by its time over theirs). */
    int have_j;
    fix16_t t_j;
    afq_qd_jacobian j;
    /* The target's acceleration (accelerating: not zero). */
    af_vec3_q16 accel;
    int accelerating;
} afq_qd_aim;

/* The target's point (and velocity, unless V is NULL) at T: p + v T and v,
 * or p + (v + a T / 2) T and v + a T when it accelerates (each product
 * rounded once). */
af_status afq_qd_target_at(const afq_qd_aim *pb, fix16_t T, af_vec3_q16 *P, af_vec3_q16 *V);
/* af_qdrag_aim_time_q16 and af_qdrag_aim_speed_q16, with the target's
 * acceleration (NULL: none). */
af_status afq_qd_aim_at_time(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                             const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t t,
                             unsigned flags, af_shots_q16 *out);
af_status afq_qd_aim_at_speed(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                              const af_body_q16 *target, const af_vec3_q16 *accel,
                              fix16_t speed, fix16_t max_time, unsigned flags,
                              af_shots_q16 *out);

/* The roots of a fixed-speed aim kept to be followed by the next one at
 * a nearby scene (a turret's launch times): their times and world launch
 * velocities, and F = |u(T)| - speed at max_time with its launch
 * velocity (unless the target is static with both arcs found). n = 0:
 * nothing kept. */
typedef struct afq_qd_roots {
    int n;
    fix16_t T[AF_MAX_SHOTS];
    af_vec3_q16 v[AF_MAX_SHOTS];
    int have_end;
    fix16_t f_end;
    af_vec3_q16 v_end;
    af_vec3_q16 d_end; /* the target at max_time from the shooter, then */
    /* n = 0 and have_low: no root, F sampled with a single dip, least at
     * t_low with the launch velocity v_low and its derivative dv_low. */
    int have_low;
    fix16_t t_low;
    af_vec3_q16 v_low, dv_low;
} afq_qd_roots;
/* afq_qd_aim_at_speed, first following the roots in *known (unless NULL
 * or empty) by Newton's method on time and launch velocity together, or
 * its dip without roots by a secant step on F'; when a root does not
 * converge, loses its order, or may have crossed max_time, or the dip
 * comes within speed / 32 of zero, the full scan, whose roots then
 * replace them. */
af_status afq_qd_aim_follow(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                            const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t speed,
                            fix16_t max_time, unsigned flags, afq_qd_roots *known,
                            af_shots_q16 *out);

/* The world launch velocity meeting the target at T (> 0), by Newton's
 * method from `guess` (the vacuum's shot when NULL), and its derivative
 * in T (dv/dT = J^-1 (V - v(T))) into *dv unless NULL. AF_ERR_OUT_OF_RANGE
 * when the target's point at T does not fit Q16.16. */
af_status afq_qd_aim_time(afq_qd_aim *pb, fix16_t T, const af_vec3_q16 *guess,
                          af_vec3_q16 *v, af_vec3_q16 *dv);
/* The miss, squared in Q32.32, a solved aim at T may keep
 * (AF_QDRAG_Q16_AIM_MISS_LSB + n^2 / AF_QDRAG_Q16_AIM_MISS_DIV LSB). */
uint64_t afq_qd_miss_allowed(const af_qdrag_q16 *m, fix16_t T);

/* A flown root kept as a linear model of the flights near it
 * (qdrag_linear_q16.c): its time and world launch velocity, the end point
 * from the launch point, the velocity there and dp(T)/dv0. */
typedef struct afq_qd_ref {
    fix16_t T;
    af_vec3_q16 v, reach, u;
    afq_qd_jacobian j;
} afq_qd_ref;
/* *ref from the root (T, v) flown from `from` by m (a prepared model):
 * one flight with the Jacobian. */
af_status afq_qd_ref_make(const af_qdrag_q16 *m, const af_vec3_q16 *from, fix16_t T,
                          const af_vec3_q16 *v, afq_qd_ref *ref);
/* The root near ref of the model: the time T in [1, max_time] and world
 * launch velocity v, launched from `from`, whose linearised end point
 * meets the target (position, velocity and acceleration at launch) at T,
 * with |v - vs| = speed; 1 when Newton's method on T converges. */
int afq_qd_ref_guess(const afq_qd_ref *ref, const af_vec3_q16 *from, const af_vec3_q16 *vs,
                     fix16_t speed, const af_body_accel_q16 *target, fix16_t max_time,
                     fix16_t *T, af_vec3_q16 *v);

/* The least launch speed |v - vs| of ref's model over the flight times
 * [1, max_time] near ref's (a scene without roots: how far it is from
 * having one), into *least, at *T; 1 when Newton's method on the speed's
 * derivative converges there (or runs into an end of the times). */
int afq_qd_ref_least(const afq_qd_ref *ref, const af_vec3_q16 *from, const af_vec3_q16 *vs,
                     const af_body_accel_q16 *target, fix16_t max_time, fix16_t *T,
                     fix16_t *least);

#endif /* AIMFIX_SRC_QDRAG_AIM_Q16_H */
