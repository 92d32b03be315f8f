/* SPDX-License-Identifier: MIT */
/* Turret angles and poses, double precision (see aimfix/turret.h). */
#include "turret_f64.h"

#include "exact_f64.h"

#include <float.h>
#include <string.h>

#define AFR_PI 3.14159265358979323846
#define AFR_TWO_PI (2.0 * AFR_PI)

/* Angles computed at a limit can land a few ulps beyond it: that much
 * counts as on the limit (and is clamped to it). No more: the clamp turns
 * the shot, and over a long flight an angle moves the impact far. */
static double limit_slack(double limit)
{
    return 16.0 * DBL_EPSILON * (AFR_PI + fabs(limit));
}

int afr_turret_frame_f64(const af_turret_f64 *t, afr_head_f64 *head)
{
    double lu, ll;
    af_vec3_f64 u, f, left;
    if (!t || !afr_vfinite(t->pivot) || !afr_vfinite(t->up) || !afr_vfinite(t->forward) ||
        !afr_vfinite(t->velocity))
        return 0;
    if (!isfinite(t->yaw_min) || !isfinite(t->yaw_max) || !isfinite(t->pitch_min) ||
        !isfinite(t->pitch_max) || !isfinite(t->muzzle_forward) || !isfinite(t->muzzle_up) ||
        !isfinite(t->yaw) || !isfinite(t->pitch) || !isfinite(t->yaw_rate) ||
        !isfinite(t->pitch_rate) || !isfinite(t->latency) || !isfinite(t->speed))
        return 0;
    if (!(t->yaw_rate > 0.0) || !(t->pitch_rate > 0.0) || !(t->latency >= 0.0) ||
        !(t->speed > 0.0) || !(t->muzzle_forward >= 0.0))
        return 0;
    if (!(t->pitch_min >= -0.5 * AFR_PI && t->pitch_min <= t->pitch &&
          t->pitch <= t->pitch_max && t->pitch_max <= 0.5 * AFR_PI))
        return 0;
    if (!(t->flags & AF_TURRET_YAW_WRAPS) && !(t->yaw_min <= t->yaw && t->yaw <= t->yaw_max))
        return 0;
    u = afr_vunit_scale(t->up);
    f = afr_vunit_scale(t->forward);
    if (afr_viszero(u) || afr_viszero(f))
        return 0;
    lu = afr_vnorm(u);
    /* left = up x forward and forward = left x up from exact products:
     * removing up's part by a rounded up would turn the heading of a
     * forward near up by 2^-53 over their angle. */
    left = afr_cross_exact_f64(u, f);
    ll = afr_vnorm(left);
    /* A forward within a millionth of a radian of up has no heading. */
    if (!(ll > 1e-6 * lu * afr_vnorm(f)))
        return 0;
    left = afr_vunit_scale(left);
    f = afr_cross_exact_f64(left, u);
    head->up = afr_vscale(u, 1.0 / lu);
    head->forward = afr_vscale(f, 1.0 / afr_vnorm(f));
    head->left = afr_vscale(left, 1.0 / afr_vnorm(left));
    return 1;
}

/* The shorter turn from yaw0 to yaw, in [-pi, pi]: from their sines and
 * cosines, which libm reduces by 2 pi exactly; yaw - yaw0 would round to
 * the ulp of a yaw thousands of turns round, 7e-12 rad at 32768. */
static double yaw_turn(double yaw0, double yaw)
{
    double s0 = sin(yaw0), c0 = cos(yaw0), s = sin(yaw), c = cos(yaw);
    return atan2(s * c0 - c * s0, c * c0 + s * s0);
}

/* The angle between the barrels at (yaw0, pitch0) and (yaw0 + dyaw,
 * pitch), by the haversine formula, which keeps small angles accurate. */
static double turn_angle(double dyaw, double pitch0, double pitch)
{
    double sp = sin(0.5 * (pitch - pitch0)), sy = sin(0.5 * dyaw);
    double h = sp * sp + cos(pitch0) * cos(pitch) * sy * sy;
    return 2.0 * atan2(sqrt(h), sqrt(fmax(0.0, 1.0 - h)));
}

/* The farthest the limits' nearest turn of any yaw can be from the
 * current one: the whole span, or, where the limits hold a full turn, the
 * half-width of the narrowest window about the yaw that holds one. */
static double yaw_reach(const af_turret_f64 *t)
{
    double below = t->yaw - t->yaw_min, above = t->yaw_max - t->yaw;
    double turn = fmax(AFR_PI, AFR_TWO_PI - fmin(below, above));
    return fmin(fmax(below, above), turn);
}

double afr_turret_max_slew_f64(const af_turret_f64 *t)
{
    if (t->flags & AF_TURRET_ONE_RATE)
        return AFR_PI / t->yaw_rate;
    double yaw_span = (t->flags & AF_TURRET_YAW_WRAPS) ? AFR_PI : yaw_reach(t);
    double pitch_span = fmax(t->pitch - t->pitch_min, t->pitch_max - t->pitch);
    return fmax(yaw_span / t->yaw_rate, pitch_span / t->pitch_rate);
}

af_status afr_turret_limit_f64(const af_turret_f64 *t, double yaw, double pitch,
                               af_turret_command_f64 *out)
{
    double dyaw;
    if (pitch < t->pitch_min) {
        if (pitch < t->pitch_min - limit_slack(t->pitch_min))
            return AF_ERR_BEYOND_PITCH;
        pitch = t->pitch_min;
    }
    if (pitch > t->pitch_max) {
        if (pitch > t->pitch_max + limit_slack(t->pitch_max))
            return AF_ERR_BEYOND_PITCH;
        pitch = t->pitch_max;
    }
    if (t->flags & AF_TURRET_YAW_WRAPS) {
        dyaw = yaw_turn(t->yaw, yaw);
        yaw = remainder(yaw, AFR_TWO_PI);
        if (yaw == -AFR_PI)
            yaw = AFR_PI;
    } else {
        /* The turn k nearest the current yaw, then the nearest turn that is
         * within the limits (the distance is convex in k). */
        double k = nearbyint((t->yaw - yaw) / AFR_TWO_PI);
        double klo = ceil((t->yaw_min - limit_slack(t->yaw_min) - yaw) / AFR_TWO_PI);
        double khi = floor((t->yaw_max + limit_slack(t->yaw_max) - yaw) / AFR_TWO_PI);
        if (klo > khi)
            return AF_ERR_BEYOND_YAW;
        k = fmin(fmax(k, klo), khi);
        yaw = yaw + AFR_TWO_PI * k;
        yaw = fmin(fmax(yaw, t->yaw_min), t->yaw_max);
        dyaw = yaw - t->yaw;
    }
    out->yaw = yaw;
    out->pitch = pitch;
    if (t->flags & AF_TURRET_ONE_RATE)
        out->slew = turn_angle(dyaw, t->pitch, pitch) / t->yaw_rate;
    else
        out->slew = fmax(fabs(dyaw) / t->yaw_rate, fabs(pitch - t->pitch) / t->pitch_rate);
    return AF_OK;
}

void afr_turret_axes_f64(const afr_head_f64 *h, double yaw, double pitch, af_vec3_f64 *barrel,
                         af_vec3_f64 *above)
{
    af_vec3_f64 level = afr_vaddk(afr_vscale(h->forward, cos(yaw)), h->left, sin(yaw));
    double cp = cos(pitch), sp = sin(pitch);
    *barrel = afr_vaddk(afr_vscale(level, cp), h->up, sp);
    *above = afr_vaddk(afr_vscale(level, -sp), h->up, cp);
}

af_status af_turret_angles_f64(const af_turret_f64 *turret, const af_vec3_f64 *direction,
                               af_turret_command_f64 *out)
{
    afr_head_f64 h;
    af_vec3_f64 d;
    double x, y, z, yaw;
    af_status status;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!direction || !afr_vfinite(*direction) || afr_viszero(*direction) ||
        !afr_turret_frame_f64(turret, &h))
        return AF_ERR_BAD_ARGUMENT;
    /* Brought near 1 by a power of two: the products of a subnormal or
     * a huge direction with the frame would lose their bits or overflow. */
    d = afr_vunit_scale(*direction);
    x = afr_vdot(d, h.forward);
    y = afr_vdot(d, h.left);
    z = afr_vdot(d, h.up);
    yaw = (x == 0.0 && y == 0.0) ? turret->yaw : atan2(y, x);
    status = afr_turret_limit_f64(turret, yaw, atan2(z, hypot(x, y)), out);
    /* A turn over a rate near the smallest double takes no finite time. */
    if (status == AF_OK && !isfinite(out->slew))
        status = AF_ERR_OVERFLOW;
    if (status != AF_OK)
        memset(out, 0, sizeof *out);
    return status;
}

af_status af_turret_barrel_f64(const af_turret_f64 *turret, double yaw, double pitch,
                             af_turret_pose_f64 *out)
{
    afr_head_f64 h;
    af_vec3_f64 above;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!isfinite(yaw) || !isfinite(pitch) || !afr_turret_frame_f64(turret, &h))
        return AF_ERR_BAD_ARGUMENT;
    if (pitch < turret->pitch_min || pitch > turret->pitch_max)
        return AF_ERR_BEYOND_PITCH;
    if (!(turret->flags & AF_TURRET_YAW_WRAPS) && (yaw < turret->yaw_min || yaw > turret->yaw_max))
        return AF_ERR_BEYOND_YAW;
    afr_turret_axes_f64(&h, yaw, pitch, &out->barrel, &above);
    out->muzzle = afr_vaddk(afr_vaddk(turret->pivot, out->barrel, turret->muzzle_forward), above,
                            turret->muzzle_up);
    if (!afr_vfinite(out->muzzle)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}

af_status afr_turret_steady_f64(const af_body_f64 *target, af_body_accel_f64 *body,
                                af_turret_shots_f64 *out)
{
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target)
        return AF_ERR_BAD_ARGUMENT;
    body->position = target->position;
    body->velocity = target->velocity;
    body->acceleration = afr_vzero();
    return AF_OK;
}
