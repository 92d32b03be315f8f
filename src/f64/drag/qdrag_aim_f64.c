/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: the launch velocity for a chosen time of flight (Newton's
 * method on the launch velocity, with the Jacobian the flight carries),
 * and the parts of it the fixed-speed aim shares (qdrag_aim_f64.h).
 */
#include <math.h>
#include <string.h>

#include "qdrag_aim_f64.h"

af_status afr_qd_aim_setup_f64(aim *pb, const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                               const af_body_f64 *target, const af_vec3_f64 *accel,
                               unsigned flags)
{
    af_status st;
    memset(pb, 0, sizeof *pb);
    if (!afr_body_ok_f64(shooter) || !afr_body_ok_f64(target) ||
        (accel && !afr_vfinite(*accel)))
        return AF_ERR_BAD_ARGUMENT;
    if (accel && !afr_viszero(*accel)) {
        pb->accel = *accel;
        pb->accelerating = 1;
    }
    st = afr_qd_law_f64(drag, &pb->law);
    if (st != AF_OK)
        return st;
    pb->shooter = *shooter;
    pb->target = *target;
    pb->inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    pb->tol = AF_QDRAG_TOL;
    pb->aim_tol = AIM_TOL;
    pb->static_target = !pb->accelerating && afr_viszero(target->velocity) &&
                         (!pb->inherit || afr_viszero(shooter->velocity));
    return AF_OK;
}

/* Flies the world launch velocity v for T s with its Jacobian: the miss
 * p(T) - P into *miss, J = dp(T)/dv into j[9] (unless j is NULL: a
 * flight without the Jacobian, four times cheaper), the velocity at T into
 * *vt. */
af_status afr_qd_aim_fly_f64(const aim *pb, af_vec3_f64 v, double T, af_vec3_f64 point,
                             af_vec3_f64 *miss, double *j, af_vec3_f64 *vt)
{
    qd_flight_f64 f;
    af_body_f64 b;
    double y[QD_DIM];
    af_status st;
    b.position = pb->shooter.position;
    b.velocity = v;
    /* A folding first step leaves the physics: on that branch Newton's
     * method finds false far-flung solutions, which could hide a real arc. */
    if (afr_qd_first_step_folds_f64(&pb->law, v))
        return AF_ERR_OUT_OF_RANGE;
    afr_qd_start_f64(&f, &pb->law, &b, j != NULL);
    f.tol = pb->tol;
    st = afr_qd_at_f64(&f, T, y);
    if (st != AF_OK)
        return st;
    *miss = afr_vsub(qd_vec(y), point);
    if (j)
        memcpy(j, y + QD_JP, 9 * sizeof(double));
    *vt = qd_vec(y + 3);
    return afr_vfinite(*miss) ? AF_OK : AF_ERR_OVERFLOW;
}

static void keep_jacobian(aim *pb, double T, const double *j)
{
    memcpy(pb->j_last, j, sizeof pb->j_last);
    pb->t_j = T;
    pb->have_j = 1;
}

/* x = J^-1 b by Cramer's rule; 0 when J is singular. */
int afr_qd_solve3_f64(const double *j, af_vec3_f64 b, af_vec3_f64 *x)
{
    double c00 = j[4] * j[8] - j[5] * j[7], c01 = j[5] * j[6] - j[3] * j[8],
           c02 = j[3] * j[7] - j[4] * j[6];
    double det = j[0] * c00 + j[1] * c01 + j[2] * c02;
    if (!(fabs(det) > 0.0) || !isfinite(det))
        return 0;
    x->x = (b.x * c00 + b.y * (j[2] * j[7] - j[1] * j[8]) + b.z * (j[1] * j[5] - j[2] * j[4])) /
           det;
    x->y = (b.x * c01 + b.y * (j[0] * j[8] - j[2] * j[6]) + b.z * (j[2] * j[3] - j[0] * j[5])) /
           det;
    x->z = (b.x * c02 + b.y * (j[1] * j[6] - j[0] * j[7]) + b.z * (j[0] * j[4] - j[1] * j[3])) /
           det;
    return isfinite(x->x) && isfinite(x->y) && isfinite(x->z);
}

/* The world launch velocity that meets the target at T, from `guess`, and
 * its derivative in T (dv/dT = J^-1 (V - v(T)), the implicit function
 * theorem on p(T; v) = P(T)). */
/* Whether a sign-only sample is settled at v: near the target, and its
 * speed farther from the one sought than 4 corrections could move it. */
static int sign_settled(const aim *pb, af_vec3_f64 v, af_vec3_f64 step, double err, double reach)
{
    af_vec3_f64 u = pb->inherit ? afr_vsub(v, pb->shooter.velocity) : v;
    double len = afr_vnorm(u), s = afr_vnorm(step);
    /* Newton's steps bound the error only once they are small beside the
     * velocity: quadratic drag flattens the miss of a fast launch, so a
     * far answer's step can be short. */
    return err <= SIGN_MISS * reach && s <= SIGN_STEP * len && fabs(len - pb->speed) > 4.0 * s;
}

/* A sign-only sample first tries chord iterations: flights without the
 * Jacobian, corrected with the last one solved (scaled by T / its T),
 * while they shrink the miss by half each; on success *v and *dv are set
 * and 1 returned, else *v is the best start found for Newton's method. */
static int chord(aim *pb, double T, af_vec3_f64 point, double reach, af_vec3_f64 *v,
                 af_vec3_f64 *dv)
{
    double jc[9], best = INFINITY;
    af_vec3_f64 miss, vt, step, best_v = *v;
    int c;
    for (c = 0; c < 9; c++)
        jc[c] = pb->j_last[c] * (T / pb->t_j);
    for (c = 0; c < SIGN_CHORDS; c++) {
        double err;
        if (afr_qd_aim_fly_f64(pb, *v, T, point, &miss, NULL, &vt) != AF_OK)
            break;
        err = afr_vnorm(miss);
        if (!(err < 0.5 * best) || !afr_qd_solve3_f64(jc, afr_vscale(miss, -1.0), &step)) {
            if (err < best)
                best_v = *v;
            break;
        }
        best = err;
        best_v = *v;
        if (err <= pb->aim_tol * (reach + afr_vnorm(*v) * T) ||
            sign_settled(pb, *v, step, err, reach)) {
            if (!afr_qd_solve3_f64(jc, afr_vsub(afr_qd_target_velocity_f64(pb, T), vt), dv))
                *dv = afr_vzero();
            return 1;
        }
        *v = afr_vadd(*v, step);
    }
    *v = best_v;
    return 0;
}

af_status afr_qd_solve_time_f64(aim *pb, double T, af_vec3_f64 guess, int sign_only,
                                af_vec3_f64 *v, af_vec3_f64 *dv)
{
    af_vec3_f64 point = afr_qd_point_f64(pb, T);
    double reach = afr_vnorm(afr_vsub(point, pb->shooter.position));
    af_vec3_f64 miss, vt, step;
    double j[9], err;
    int it;
    af_status st;

    *v = guess;
    if (sign_only && pb->have_j && chord(pb, T, point, reach, v, dv))
        return AF_OK;
    st = afr_qd_aim_fly_f64(pb, *v, T, point, &miss, j, &vt);
    if (st != AF_OK)
        return st;
    err = afr_vnorm(miss);
    for (it = 0; it < (sign_only ? SIGN_ITER : AF_QDRAG_AIM_MAX_ITER); it++) {
        int h;
        double scale = reach + afr_vnorm(*v) * T;
        if (err <= pb->aim_tol * scale) {
            keep_jacobian(pb, T, j);
            if (!afr_qd_solve3_f64(j, afr_vsub(afr_qd_target_velocity_f64(pb, T), vt), dv))
                *dv = afr_vzero();
            return AF_OK;
        }
        if (!afr_qd_solve3_f64(j, afr_vscale(miss, -1.0), &step))
            return AF_ERR_NO_CONVERGENCE;
        if (sign_only && sign_settled(pb, *v, step, err, reach)) {
            keep_jacobian(pb, T, j);
            if (!afr_qd_solve3_f64(j, afr_vsub(afr_qd_target_velocity_f64(pb, T), vt), dv))
                *dv = afr_vzero();
            return AF_OK;
        }
        for (h = 0; h <= (sign_only ? SIGN_HALVINGS : AIM_HALVINGS); h++) {
            af_vec3_f64 v2 = afr_vaddk(*v, step, ldexp(1.0, -h)), miss2, vt2;
            double j2[9];
            if (afr_qd_aim_fly_f64(pb, v2, T, point, &miss2, j2, &vt2) == AF_OK && afr_vnorm(miss2) < err) {
                *v = v2;
                miss = miss2;
                vt = vt2;
                memcpy(j, j2, sizeof j2);
                err = afr_vnorm(miss2);
                break;
            }
        }
        if (h > (sign_only ? SIGN_HALVINGS : AIM_HALVINGS))
            return AF_ERR_NO_CONVERGENCE;
    }
    return err <= pb->aim_tol * (reach + afr_vnorm(*v) * T) ? AF_OK : AF_ERR_NO_CONVERGENCE;
}

/* The vacuum's shot, the first guess with no aim to start from. */
af_vec3_f64 afr_qd_vacuum_guess_f64(const aim *pb, double T)
{
    af_vec3_f64 point = afr_qd_point_f64(pb, T);
    return afr_vaddk(afr_vdiv(afr_vsub(point, pb->shooter.position), T), pb->law.g, -0.5 * T);
}

/* af_qdrag_aim_time_f64 and its accelerating twin (accel NULL: none). */
static af_status aim_time(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                          const af_body_f64 *target, const af_vec3_f64 *accel, double t,
                          unsigned flags, af_shots_f64 *out)
{
    aim pb;
    af_vec3_f64 v, dv;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    st = afr_qd_aim_setup_f64(&pb, drag, shooter, target, accel, flags);
    if (st != AF_OK)
        return st;
    if (!isfinite(t) || !(t > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    st = afr_qd_solve_time_f64(&pb, t, afr_qd_vacuum_guess_f64(&pb, t), 0, &v, &dv);
    if (st != AF_OK)
        return st;
    afr_shots_push_f64(out, t, pb.inherit ? afr_vsub(v, shooter->velocity) : v,
                       afr_qd_point_f64(&pb, t));
    return afr_shots_finish_f64(out);
}

af_status af_qdrag_aim_time_f64(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                                const af_body_f64 *target, double t, unsigned flags,
                                af_shots_f64 *out)
{
    return aim_time(drag, shooter, target, NULL, t, flags, out);
}

af_status af_qdrag_aim_time_accel_f64(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                                      const af_body_accel_f64 *target, double t, unsigned flags,
                                      af_shots_f64 *out)
{
    af_body_f64 b;
    if (!target) {
        if (out)
            afr_shots_clear_f64(out);
        return AF_ERR_BAD_ARGUMENT;
    }
    b.position = target->position;
    b.velocity = target->velocity;
    return aim_time(drag, shooter, &b, &target->acceleration, t, flags, out);
}
