/* SPDX-License-Identifier: MIT */
/*
 * What the quadratic drag aims share (f64): the aim's problem and its
 * tolerances, the flight of a launch velocity with its Jacobian, the 3x3
 * solve, and the fixed-time aim (qdrag_aim_f64.c) that the fixed-speed
 * aim (qdrag_speed_f64.c) samples and refines.
 */
#ifndef AIMFIX_SRC_QDRAG_AIM_F64_H
#define AIMFIX_SRC_QDRAG_AIM_F64_H

#include <float.h>

#include "qdrag_f64.h"

/* Halvings of a Newton step that does not shrink the miss. */
#define AIM_HALVINGS 12
/* A scan's sample needs only the sign of F: its aim stops after this many
 * iterations of at most SIGN_HALVINGS halvings each (counted out of
 * reach), or as soon as the launch speed is
 * farther from the speed sought than 4 Newton corrections and the miss is
 * below SIGN_MISS of the distance to the target then. */
#define SIGN_ITER 12
#define SIGN_HALVINGS 4
/* Chord iterations a sample tries before Newton's method. */
#define SIGN_CHORDS 4
#define SIGN_MISS 1e-2
/* ... and once the Newton step is below this fraction of the velocity. */
#define SIGN_STEP (1.0 / 32.0)
/* The miss at which a fixed-time aim is done, relative to the distance
 * to the target plus the launch speed times t. */
#define AIM_TOL 1e-10
/* The fixed-speed aim's scan flies at these tolerances (the flight's per
 * step, the aim's miss): loose enough to be several times cheaper, tight
 * enough that Newton's method from its roots converges at once. */
#define SCAN_FLIGHT_TOL 1e-5
#define SCAN_AIM_TOL 1e-7
/* Flights of the joint Newton iteration: on a bracketed root from the
 * scan's samples, and polishing a scanned root at the full tolerances. */
#define JOINT_ITER 8
#define POLISH_ITER 8
/* The miss (of the reach) below which the joint iteration keeps its
 * Jacobian: each chord iteration then shrinks the miss by J's relative
 * change over the remaining step, about as much. */
#define CHORD_MISS 1e-3
/* A fixed-time aim that failed counts as this far above the speed (the
 * largest finite number, so that the float yardstick's copy has it too). */
#define OUT_OF_REACH DBL_MAX

typedef struct aim {
    qd_law_f64 law;
    af_body_f64 shooter, target;
    int inherit;
    double speed;
    double tol, aim_tol;   /* the flights' tolerance, the aims' miss */
    af_vec3_f64 accel;     /* the target's acceleration */
    int accelerating;      /* accel is not zero */
    int static_target;     /* neither the target nor the launch frame moves */
    int have;              /* a solved aim to start the next from */
    double t_last;         /* its time */
    af_vec3_f64 v_last;    /* its world launch velocity */
    af_vec3_f64 dv_last;   /* and that velocity's derivative in T */
    int have_j;            /* a Jacobian dp(T)/dv0 computed */
    int full_at_chord;     /* the joint iteration's chord flights at the full tolerances */
    double t_j, j_last[9]; /* the last one and its T */
} aim;

/* The problem; accel NULL for a target at constant velocity. */
af_status afr_qd_aim_setup_f64(aim *pb, const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                               const af_body_f64 *target, const af_vec3_f64 *accel,
                               unsigned flags);

/* The target's point and velocity at T. */
static inline af_vec3_f64 afr_qd_point_f64(const aim *pb, double T)
{
    af_vec3_f64 p = afr_vaddk(pb->target.position, pb->target.velocity, T);
    return pb->accelerating ? afr_vaddk(p, pb->accel, 0.5 * T * T) : p;
}

static inline af_vec3_f64 afr_qd_target_velocity_f64(const aim *pb, double T)
{
    return pb->accelerating ? afr_vaddk(pb->target.velocity, pb->accel, T) : pb->target.velocity;
}
/* Flies the world launch velocity v for T s: the miss p(T) - point into
 * *miss, J = dp(T)/dv into j[9] unless j is NULL, the velocity at T into
 * *vt. */
af_status afr_qd_aim_fly_f64(const aim *pb, af_vec3_f64 v, double T, af_vec3_f64 point,
                             af_vec3_f64 *miss, double *j, af_vec3_f64 *vt);
/* x = J^-1 b; 0 when J is singular. */
int afr_qd_solve3_f64(const double *j, af_vec3_f64 b, af_vec3_f64 *x);
/* The world launch velocity meeting the target at T from `guess`, and its
 * derivative in T; with sign_only, only as far as the speed's comparison
 * with pb->speed needs. */
af_status afr_qd_solve_time_f64(aim *pb, double T, af_vec3_f64 guess, int sign_only,
                                af_vec3_f64 *v, af_vec3_f64 *dv);
/* The vacuum's shot at T. */
af_vec3_f64 afr_qd_vacuum_guess_f64(const aim *pb, double T);

#endif /* AIMFIX_SRC_QDRAG_AIM_F64_H */
