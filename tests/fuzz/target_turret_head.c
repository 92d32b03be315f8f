/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the turret's head (aimfix/turret_head.h), af_turret_angles_*
 * (a direction to yaw, pitch and slew within the limits, or the limit it
 * is beyond) and af_turret_barrel_* (angles to the barrel and the muzzle),
 * f64 on the decoded values and on their Q16.16 roundings, q16 on those.
 *
 * Judged by the tests' own head frame (tests/support/turret_check.h:
 * turret_axes, turret_slew, turret_within): a status of the header's
 * list, all zero on failure, nothing non-finite on success; the domain's
 * refusals; the angles within the limits and nearest the current yaw, or
 * the right BEYOND_* status away from a limit; the barrel at those angles
 * along the direction, the muzzle muzzle_forward along it and muzzle_up
 * above it from the pivot; the slew turret_slew's. The Q16.16 angles are
 * within TURRET_Q16_ANGLE_TOL of the f64 ones on the same numbers, and
 * their statuses differ only that near a limit.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "fuzz_turret.h"
#include "harness.h"
#include "turret_check.h"
#include "turret_q16_check.h"

#define PI 3.14159265358979323846
#define LSB (1.0 / 65536.0)
#define EPS DBL_EPSILON

/* The f64 head counts an angle within 1e-12 (1 + |limit|) beyond a limit
 * as on it (and clamps it there): twice that, and the roundings of the
 * angles, is the band around a limit where either status is right. */
#define LIMIT_SLACK(l) (2e-12 * (1.0 + fabs(l)))

/* The Q16.16 barrel's components: sines and cosines to 0.51 LSB
 * (turret_head.h), the frame's unit vectors to 0.5 LSB a component and
 * three products rounded: 4 LSB. */
#define Q16_BARREL_LSB 4.0

/* af_turret_f64's frame refuses a forward within 1e-6 rad of up (not in
 * the header, which says "not parallel"); the q16 one within 2^-8 rad. A
 * factor of two either side is left to the roundings of the angle. */
#define F64_FRAME_MIN 1e-6
#define Q16_FRAME_MIN (1.0 / 256.0)

enum { TURRET = 0, DIRECTION = FT_SLOTS, BARREL_YAW = FT_SLOTS + 3, BARREL_PITCH, SLOTS };

static void head_status(af_status st)
{
    FZ_CHECK(st == AF_OK || st == AF_ERR_BEYOND_YAW || st == AF_ERR_BEYOND_PITCH ||
                 st == AF_ERR_BAD_ARGUMENT || st == AF_ERR_OVERFLOW,
             "status %d (%s) not one of turret_head.h's", (int)st, af_status_name(st));
}

static int nonzero3(af_vec3_f64 v)
{
    return v.x != 0.0 || v.y != 0.0 || v.z != 0.0;
}

static double vmax(af_vec3_f64 v)
{
    return fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
}

/* Whether the frame is accepted (1), refused (0), or either (-1), for a
 * least angle `least` (its sine) between up and forward. */
static int frame_verdict(const af_turret_f64 *t, double least)
{
    double s = ft_frame_sine(t);
    if (s == 0.0)
        return 0;
    if (s > 2.0 * least)
        return 1;
    return s < 0.5 * least ? 0 : -1;
}

/* The status a direction's exact angles call for (AF_OK, a BEYOND_*, or
 * -1 when within `band` (pitch) or `yaw_band` of a limit). */
static int expected_status(const af_turret_f64 *t, const ft_angles *g, double band,
                           double yaw_band)
{
    int yaw_in, yaw_out;
    if (g->pitch < t->pitch_min - band || g->pitch > t->pitch_max + band)
        return AF_ERR_BEYOND_PITCH;
    if (!(g->pitch >= t->pitch_min + band && g->pitch <= t->pitch_max - band))
        return -1;
    if (t->flags & AF_TURRET_YAW_WRAPS)
        return AF_OK;
    if (!isfinite(yaw_band))
        return -1;
    yaw_in = ft_some_turn_within(g->yaw, t->yaw_min + yaw_band, t->yaw_max - yaw_band);
    yaw_out = !ft_some_turn_within(g->yaw, t->yaw_min - yaw_band, t->yaw_max + yaw_band);
    return yaw_in ? AF_OK : yaw_out ? AF_ERR_BEYOND_YAW : -1;
}

/* f64 barrel at given angles: its status, and on success the barrel
 * turret_axes' and the muzzle at its offsets from the pivot. */
static af_status barrel_f64(const af_turret_f64 *t, double yaw, double pitch, int frame,
                            af_turret_pose_f64 *pose)
{
    af_status st = af_turret_barrel_f64(t, yaw, pitch, pose);
    int pitch_out = pitch < t->pitch_min || pitch > t->pitch_max;
    int yaw_out = !(t->flags & AF_TURRET_YAW_WRAPS) && (yaw < t->yaw_min || yaw > t->yaw_max);
    head_status(st);
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(pose, sizeof *pose), "barrel_f64 %s but out is not all zero",
                 af_status_name(st));
    if (!ft_domain_f64(t) || frame == 0 || !isfinite(yaw) || !isfinite(pitch)) {
        FZ_CHECK(st == AF_ERR_BAD_ARGUMENT, "barrel_f64 outside the domain: %s",
                 af_status_name(st));
        return st;
    }
    if (frame == -1 && st == AF_ERR_BAD_ARGUMENT)
        return st;
    FZ_CHECK(st != AF_ERR_BAD_ARGUMENT, "barrel_f64 refuses a turret within its domain");
    if (pitch_out || yaw_out) {
        FZ_CHECK((pitch_out && st == AF_ERR_BEYOND_PITCH) || (yaw_out && st == AF_ERR_BEYOND_YAW),
                 "barrel_f64 at yaw %.17g pitch %.17g beyond a limit: %s", yaw, pitch,
                 af_status_name(st));
        return st;
    }
    /* turret_head.h: overflow when the muzzle does not fit a double. */
    if (st == AF_ERR_OVERFLOW) {
        FZ_CHECK(!(vmax(t->pivot) + t->muzzle_forward + fabs(t->muzzle_up) < DBL_MAX / 4),
                 "barrel_f64 overflow where the pivot and the offsets are far from DBL_MAX");
        return st;
    }
    FZ_CHECK(st == AF_OK, "barrel_f64 within the limits: %s", af_status_name(st));
    {
        af_vec3_f64 b, a, m, got;
        /* Both frames come from exact cross products: a few ulps apart. */
        double tol = 64.0 * EPS;
        /* Muzzles compared at a quarter of their size when they are large:
         * a barrel component rounded past 1 takes a muzzle_forward near
         * DBL_MAX past it where the exact muzzle fits; three terms of a
         * quarter of a double each do not overflow. */
        double s = vmax(t->pivot) + t->muzzle_forward + fabs(t->muzzle_up) < DBL_MAX / 4 ? 1.0
                                                                                           : 0.25;
        double reach = s * t->muzzle_forward + fabs(s * t->muzzle_up);
        double mtol = 8.0 * EPS * (vmax(t->pivot) * s + reach) + 2.0 * tol * reach;
        turret_axes(t, yaw, pitch, &b, &a);
        m.x = s * t->pivot.x + s * t->muzzle_forward * b.x + s * t->muzzle_up * a.x;
        m.y = s * t->pivot.y + s * t->muzzle_forward * b.y + s * t->muzzle_up * a.y;
        m.z = s * t->pivot.z + s * t->muzzle_forward * b.z + s * t->muzzle_up * a.z;
        FZ_CHECK(fz_finite3(pose->barrel) && fz_finite3(pose->muzzle),
                 "barrel_f64 AF_OK with a non-finite pose (muzzle %g %g %g)", pose->muzzle.x,
                 pose->muzzle.y, pose->muzzle.z);
        FZ_CHECK(ft_vdist(pose->barrel, b) <= tol,
                 "barrel_f64 barrel %.17g %.17g %.17g, the tests' %.17g %.17g %.17g", pose->barrel.x,
                 pose->barrel.y, pose->barrel.z, b.x, b.y, b.z);
        got.x = s * pose->muzzle.x;
        got.y = s * pose->muzzle.y;
        got.z = s * pose->muzzle.z;
        FZ_CHECK(ft_vdist(got, m) <= mtol,
                 "barrel_f64 muzzle %.17g %.17g %.17g, the tests' %.17g %.17g %.17g (%.3g allowed; "
                 "all times %g)",
                 got.x, got.y, got.z, m.x, m.y, m.z, mtol, s);
    }
    return st;
}

/* The f64 angles of d: status, and on success within the limits, along d,
 * nearest the current yaw, with turret_slew's slew; barrel(angles(d))
 * along d. Returns the status; *g the exact angles. */
static af_status angles_f64(const af_turret_f64 *t, af_vec3_f64 d, af_turret_command_f64 *c,
                            ft_angles *g)
{
    af_status st = af_turret_angles_f64(t, &d, c);
    int frame = frame_verdict(t, F64_FRAME_MIN), want;
    double sine, band, yaw_band, tol;
    head_status(st);
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(c, sizeof *c), "angles_f64 %s but out is not all zero",
                 af_status_name(st));
    if (!ft_domain_f64(t) || frame == 0 || !fz_finite3(d) || !nonzero3(d)) {
        FZ_CHECK(st == AF_ERR_BAD_ARGUMENT, "angles_f64 outside the domain: %s",
                 af_status_name(st));
        return st;
    }
    if (frame == -1 && st == AF_ERR_BAD_ARGUMENT)
        return st;
    FZ_CHECK(st != AF_ERR_BAD_ARGUMENT, "angles_f64 refuses a turret within its domain");
    *g = ft_angles_of(t, d);
    sine = ft_frame_sine(t);
    band = LIMIT_SLACK(fmax(fabs(t->pitch_min), fabs(t->pitch_max))) + 16.0 * EPS;
    yaw_band = LIMIT_SLACK(fmax(fabs(t->yaw_min), fabs(t->yaw_max))) +
               16.0 * EPS * (1.0 / sine + 1.0 / g->horizontal);
    want = expected_status(t, g, band, yaw_band);
    /* turret_head.h: overflow when the slew does not fit a double, which
     * the longest turn over the rates tells. */
    if (st == AF_ERR_OVERFLOW) {
        double longest = (fabs(t->yaw) + fabs(t->yaw_min) + fabs(t->yaw_max) + 2.0 * PI) /
                             t->yaw_rate +
                         (fabs(t->pitch) + PI) / t->pitch_rate;
        FZ_CHECK((want == -1 || want == AF_OK) && !(longest < DBL_MAX / 4),
                 "angles_f64 overflow where every slew fits (the longest %.3g s), or %s is due",
                 longest, af_status_name((af_status)want));
        return st;
    }
    FZ_CHECK(want == -1 || st == (af_status)want,
             "angles_f64 %s where the direction (yaw %.17g, pitch %.17g) calls for %s",
             af_status_name(st), g->yaw, g->pitch, af_status_name((af_status)want));
    if (st != AF_OK)
        return st;
    FZ_CHECK(isfinite(c->yaw) && isfinite(c->pitch) && isfinite(c->slew) && c->slew >= 0.0,
             "angles_f64 AF_OK with yaw %g pitch %g slew %g", c->yaw, c->pitch, c->slew);
    FZ_CHECK(turret_within(t, c->yaw, c->pitch), "angles_f64 yaw %.17g pitch %.17g beyond a limit",
             c->yaw, c->pitch);
    if (t->flags & AF_TURRET_YAW_WRAPS)
        FZ_CHECK(c->yaw > -PI && c->yaw <= PI, "angles_f64 wrapped yaw %.17g not in (-pi, pi]",
                 c->yaw);
    else {
        /* Nearest the current yaw of the turns within the limits. */
        int k;
        for (k = -1; k <= 1; k += 2) {
            double other = c->yaw + 2.0 * PI * k;
            if (other >= t->yaw_min && other <= t->yaw_max)
                FZ_CHECK(fabs(c->yaw - t->yaw) <= fabs(other - t->yaw) + LIMIT_SLACK(c->yaw),
                         "angles_f64 yaw %.17g, but %.17g is nearer the current %.17g", c->yaw,
                         other, t->yaw);
        }
    }
    {
        af_vec3_f64 b, a;
        double want_slew = turret_slew(t, c->yaw, c->pitch);
        double stol = 1e-12 * want_slew +
                      16.0 * EPS * (PI + fabs(c->yaw) + fabs(t->yaw)) / t->yaw_rate +
                      16.0 * EPS * PI / t->pitch_rate;
        if (t->flags & AF_TURRET_ONE_RATE) {
            /* The one-rate turn is a haversine, 2 atan2(sqrt h, sqrt(1 - h)):
             * h's rounding moves it by eps / sqrt(1 - h), 1 - h the squared
             * cosine of half the turn (a barrel turned nearly round). */
            af_vec3_f64 b0, b1, x;
            double half;
            turret_axes(t, t->yaw, t->pitch, &b0, &x);
            turret_axes(t, c->yaw, c->pitch, &b1, &x);
            half = 0.5 * (1.0 + b0.x * b1.x + b0.y * b1.y + b0.z * b1.z);
            stol += 8.0 * EPS / sqrt(fmax(half, EPS)) / t->yaw_rate;
        }
        /* A clamp at a limit moves the barrel by the slack; the frames
         * differ by a few ulps. */
        tol = 2.0 * LIMIT_SLACK(fabs(c->yaw) + fabs(c->pitch)) + 64.0 * EPS;
        turret_axes(t, c->yaw, c->pitch, &b, &a);
        FZ_CHECK(ft_vdist(b, g->unit) <= tol,
                 "angles_f64 yaw %.17g pitch %.17g point %.17g %.17g %.17g, not along %.17g %.17g "
                 "%.17g (%.3g allowed)",
                 c->yaw, c->pitch, b.x, b.y, b.z, g->unit.x, g->unit.y, g->unit.z, tol);
        FZ_CHECK(fabs(c->slew - want_slew) <= stol, "angles_f64 slew %.17g, turret_slew %.17g",
                 c->slew, want_slew);
    }
    {
        af_turret_pose_f64 pose;
        if (barrel_f64(t, c->yaw, c->pitch, 1, &pose) == AF_OK)
            FZ_CHECK(ft_vdist(pose.barrel, g->unit) <= tol + 64.0 * EPS,
                     "barrel(angles(d)) %.17g %.17g %.17g, not along %.17g %.17g %.17g",
                     pose.barrel.x, pose.barrel.y, pose.barrel.z, g->unit.x, g->unit.y,
                     g->unit.z);
    }
    return st;
}

/* The Q16.16 barrel at given angles: status, and on success turret_axes'
 * barrel and the muzzle at its offsets, to Q16_BARREL_LSB. */
static af_status barrel_q16(const af_turret_q16 *q, fix16_t yaw, fix16_t pitch,
                            af_turret_pose_q16 *pose)
{
    af_turret_f64 t = turret_f64_of(q);
    af_status st = af_turret_barrel_q16(q, yaw, pitch, pose);
    int frame = frame_verdict(&t, Q16_FRAME_MIN);
    int pitch_out = pitch < q->pitch_min || pitch > q->pitch_max;
    int yaw_out = !(q->flags & AF_TURRET_YAW_WRAPS) && (yaw < q->yaw_min || yaw > q->yaw_max);
    head_status(st);
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(pose, sizeof *pose), "barrel_q16 %s but out is not all zero",
                 af_status_name(st));
    if (!ft_domain_q16(q) || frame == 0) {
        FZ_CHECK(st == AF_ERR_BAD_ARGUMENT, "barrel_q16 outside the domain: %s",
                 af_status_name(st));
        return st;
    }
    if (frame == -1 && st == AF_ERR_BAD_ARGUMENT)
        return st;
    FZ_CHECK(st != AF_ERR_BAD_ARGUMENT, "barrel_q16 refuses a turret within its domain");
    if (pitch_out || yaw_out) {
        FZ_CHECK((pitch_out && st == AF_ERR_BEYOND_PITCH) || (yaw_out && st == AF_ERR_BEYOND_YAW),
                 "barrel_q16 at yaw %ld pitch %ld (raw) beyond a limit: %s", (long)yaw,
                 (long)pitch, af_status_name(st));
        return st;
    }
    {
        af_vec3_f64 b, a, m, got;
        double reach = t.muzzle_forward + fabs(t.muzzle_up);
        double mtol = Q16_BARREL_LSB * LSB * reach + 2.0 * LSB;
        turret_axes(&t, yaw * LSB, pitch * LSB, &b, &a);
        m.x = t.pivot.x + t.muzzle_forward * b.x + t.muzzle_up * a.x;
        m.y = t.pivot.y + t.muzzle_forward * b.y + t.muzzle_up * a.y;
        m.z = t.pivot.z + t.muzzle_forward * b.z + t.muzzle_up * a.z;
        if (vmax(m) > 32768.0 - 1.0 / 64.0 - mtol && vmax(m) < 32768.0 + mtol &&
            st == AF_ERR_OVERFLOW)
            return st;
        if (vmax(m) >= 32768.0 + mtol) {
            FZ_CHECK(st == AF_ERR_OVERFLOW, "barrel_q16: a muzzle at %g does not fit, %s",
                     vmax(m), af_status_name(st));
            return st;
        }
        FZ_CHECK(st == AF_OK, "barrel_q16 within the limits, the muzzle fitting: %s",
                 af_status_name(st));
        got = fz_vec_of_q16(pose->barrel);
        FZ_CHECK(ft_vdist(got, b) <= Q16_BARREL_LSB * LSB,
                 "barrel_q16 barrel %.9f %.9f %.9f, the tests' %.9f %.9f %.9f", got.x, got.y,
                 got.z, b.x, b.y, b.z);
        got = fz_vec_of_q16(pose->muzzle);
        FZ_CHECK(ft_vdist(got, m) <= mtol,
                 "barrel_q16 muzzle %.9f %.9f %.9f, the tests' %.9f %.9f %.9f (%.3g allowed)",
                 got.x, got.y, got.z, m.x, m.y, m.z, mtol);
    }
    return st;
}

/* x - y reduced to [-pi, pi]. */
static double turn_between(double x, double y)
{
    return remainder(x - y, 2.0 * PI);
}

/* Within the angles' tolerance of a limit the f64 and q16 statuses may
 * differ. */
static int near_a_limit(const af_turret_f64 *t, const ft_angles *g)
{
    double tol = 2.0 * TURRET_Q16_ANGLE_TOL, ytol;
    if (fabs(g->pitch - t->pitch_min) <= tol || fabs(g->pitch - t->pitch_max) <= tol)
        return 1;
    if (t->flags & AF_TURRET_YAW_WRAPS)
        return 0;
    ytol = tol / g->horizontal;
    return ft_some_turn_within(g->yaw, t->yaw_min - ytol, t->yaw_min + ytol) ||
           ft_some_turn_within(g->yaw, t->yaw_max - ytol, t->yaw_max + ytol);
}

/* The Q16.16 angles of qd beside the f64 ones (sf, cf) on the same
 * numbers. */
static void angles_q16(const af_turret_q16 *q, af_vec3_q16 qd, af_status sf,
                       const af_turret_command_f64 *cf)
{
    af_turret_f64 t = turret_f64_of(q);
    af_vec3_f64 d = fz_vec_of_q16(qd);
    af_turret_command_q16 c;
    af_status st = af_turret_angles_q16(q, &qd, &c);
    int frame = frame_verdict(&t, Q16_FRAME_MIN);
    ft_angles g;
    head_status(st);
    FZ_CHECK(st != AF_ERR_OVERFLOW, "angles_q16: overflow is not among its statuses");
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(&c, sizeof c), "angles_q16 %s but out is not all zero",
                 af_status_name(st));
    if (!ft_domain_q16(q) || frame == 0 || !nonzero3(d)) {
        FZ_CHECK(st == AF_ERR_BAD_ARGUMENT, "angles_q16 outside the domain: %s",
                 af_status_name(st));
        return;
    }
    if (frame == -1 && st == AF_ERR_BAD_ARGUMENT)
        return;
    FZ_CHECK(st != AF_ERR_BAD_ARGUMENT, "angles_q16 refuses a turret within its domain");
    g = ft_angles_of(&t, d);
    if (sf != AF_ERR_BAD_ARGUMENT && sf != st)
        FZ_CHECK(near_a_limit(&t, &g), "angles_q16 %s, f64 %s, away from a limit (yaw %.9f, "
                 "pitch %.9f)", af_status_name(st), af_status_name(sf), g.yaw, g.pitch);
    if (st != AF_OK)
        return;
    {
        double yaw = c.yaw * LSB, pitch = c.pitch * LSB, slew = c.slew * LSB;
        double want = turret_slew(&t, yaw, pitch), stol = LSB;
        af_turret_pose_q16 pose;
        FZ_CHECK(c.pitch >= q->pitch_min && c.pitch <= q->pitch_max &&
                     ((q->flags & AF_TURRET_YAW_WRAPS) ? c.yaw >= -205888 && c.yaw <= 205888
                                                       : c.yaw >= q->yaw_min && c.yaw <= q->yaw_max),
                 "angles_q16 yaw %.9f pitch %.9f beyond a limit", yaw, pitch);
        if (sf == AF_OK) {
            double ey = fabs(turn_between(yaw, cf->yaw)) * cos(cf->pitch);
            double ep = fabs(pitch - cf->pitch);
            FZ_CHECK(fmax(ey, ep) <= TURRET_Q16_ANGLE_TOL,
                     "angles_q16 yaw %.9f pitch %.9f, f64 %.9f %.9f: %.2f LSB apart", yaw, pitch,
                     cf->yaw, cf->pitch, fmax(ey, ep) / LSB);
        }
        /* The slew of the Q16.16 angles themselves (turret_q16_check.c's
         * allowances: 4 LSB of angle at one rate, 2 pi rounded once for a
         * wrapped turn); it saturates where it does not fit. */
        if (q->flags & AF_TURRET_ONE_RATE)
            stol += 4.0 * LSB / t.yaw_rate;
        else if (q->flags & AF_TURRET_YAW_WRAPS)
            stol += 0.5 * LSB / t.yaw_rate;
        /* turret_head.h: each whole turn also carries 2 pi's own rounding
         * in Q32.32, 2^-33 rad. */
        stol += (fabs(t.yaw) + fabs(yaw)) / (2.0 * PI) * ldexp(1.0, -33) / t.yaw_rate;
        if (want - stol >= 32768.0)
            FZ_CHECK(c.slew == INT32_MAX, "angles_q16 slew %.9f, %g does not fit", slew, want);
        else
            FZ_CHECK(fabs(slew - want) <= stol || (c.slew == INT32_MAX && want + stol >= 32767.0),
                     "angles_q16 slew %.9f, turret_slew %.9f (%.3g allowed)", slew, want, stol);
        if (barrel_q16(q, c.yaw, c.pitch, &pose) == AF_OK) {
            af_vec3_f64 b = fz_vec_of_q16(pose.barrel);
            double tol = TURRET_Q16_ANGLE_TOL + Q16_BARREL_LSB * LSB;
            FZ_CHECK(ft_vdist(b, g.unit) <= tol,
                     "barrel_q16(angles_q16(d)) %.9f %.9f %.9f, not along %.9f %.9f %.9f", b.x,
                     b.y, b.z, g.unit.x, g.unit.y, g.unit.z);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    unsigned flags;
    af_turret_f64 t;
    af_turret_q16 q;
    af_turret_command_f64 cf;
    af_turret_pose_f64 pf;
    af_turret_pose_q16 pq;
    af_status sf;
    ft_angles g;
    int i;

    ft_slots(names, kinds, TURRET);
    for (i = DIRECTION; i < SLOTS; i++)
        kinds[i] = FZ_ANY;
    names[DIRECTION] = "direction.x";
    names[DIRECTION + 1] = "direction.y";
    names[DIRECTION + 2] = "direction.z";
    names[BARREL_YAW] = "barrel.yaw";
    names[BARREL_PITCH] = "barrel.pitch";

    fz_input_start(&in, data, size);
    flags = ft_flags(fz_u8(&in));
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("turret_head", &a);
    fz_int("flags", (long)flags);

    fz_call("af_turret_angles_f64 and af_turret_barrel_f64 on the decoded values");
    t = ft_turret_f64(a.v, TURRET, flags);
    (void)angles_f64(&t, fz_vec_f64(a.v, DIRECTION), &cf, &g);
    (void)barrel_f64(&t, a.v[BARREL_YAW], a.v[BARREL_PITCH], frame_verdict(&t, F64_FRAME_MIN),
                     &pf);

    fz_call("af_turret_angles_f64 and af_turret_barrel_f64 on the Q16.16 values");
    t = ft_turret_f64(a.fq, TURRET, flags);
    sf = angles_f64(&t, fz_vec_f64(a.fq, DIRECTION), &cf, &g);
    (void)barrel_f64(&t, a.fq[BARREL_YAW], a.fq[BARREL_PITCH], frame_verdict(&t, F64_FRAME_MIN),
                     &pf);

    fz_call("af_turret_angles_q16 and af_turret_barrel_q16");
    q = ft_turret_q16(a.q, TURRET, flags);
    angles_q16(&q, fz_vec_q16(a.q, DIRECTION), sf, &cf);
    (void)barrel_q16(&q, a.q[BARREL_YAW], a.q[BARREL_PITCH], &pq);
    return 0;
}
