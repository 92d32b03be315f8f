/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the fixed-direction and fixed-elevation launchers
 * (aimfix/fixed_launch.h), vacuum and drag, f64 and q16 (see fuzz_check.h).
 * A mode byte picks the direction or the elevation, vacuum or drag, and
 * now and then a static or non-accelerating target, or a target placed on
 * the path of a chosen shot (t0, s0) whose meeting must then be found.
 *
 * Every shot is judged by the tests' own physics: flown by
 * tests/support/kinematics.c (vacuum) or tests/support/drag_sim.c (drag,
 * fz_drag_fly), it meets the target where the target is at its t, and its
 * velocity has the fixed direction or elevation.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "fuzz_aim.h"
#include "kinematics.h"

/* The aim's slots (fuzz_aim.h: the model, whose gravity is the vacuum
 * one too, the shooter, the target), then the target's acceleration, the
 * direction, the elevation, the longest flight and the planted shot. */
enum { ACCEL = FZ_AIM_SLOTS, DIR = ACCEL + 3, ELEV = DIR + 3, MAX_TIME, T0, S0, SLOTS };

enum { M_ELEV = 1, M_DRAG = 2, M_STILL = 4, M_NO_ACCEL = 8, M_PLANT = 16, M_RAW_ELEV = 32 };

#define LSB (1.0 / 65536.0)

static double dot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static af_vec3_f64 vsub(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 r;
    r.x = a.x - b.x;
    r.y = a.y - b.y;
    r.z = a.z - b.z;
    return r;
}

static af_vec3_f64 vscale(af_vec3_f64 a, double k)
{
    af_vec3_f64 r;
    r.x = a.x * k;
    r.y = a.y * k;
    r.z = a.z * k;
    return r;
}

/* v / |v| with the largest component scaled to 1 first (a subnormal or
 * huge v has a length that under- or overflows). */
static af_vec3_f64 unit(af_vec3_f64 v)
{
    double m = fz_vmax(v), l;
    v.x /= m;
    v.y /= m;
    v.z /= m;
    l = kin_len(v);
    return vscale(v, 1.0 / l);
}

/* The elevation of v above the plane square to g (atan2: exact near +-pi/2). */
static double elevation_of(af_vec3_f64 v, af_vec3_f64 g)
{
    af_vec3_f64 up = vscale(unit(g), -1.0), w = unit(v);
    double u = dot(w, up);
    return atan2(u, kin_len(vsub(w, vscale(up, u))));
}

typedef struct scene {
    af_drag_f64 m; /* its gravity is the vacuum one too */
    af_body_f64 shooter;
    af_body_accel_f64 target;
    af_vec3_f64 dir;
    double elev, max_time;
    unsigned flags;
    int mode;
} scene;

static scene scene_of(const double *s, fz_model_ints mi, unsigned flags, int mode)
{
    scene c;
    c.m = fz_drag_f64(s, mi);
    c.shooter = fz_body_f64(s, FZ_DRAG_BODY);
    c.target.position = fz_vec_f64(s, FZ_AIM_TARGET);
    c.target.velocity = fz_vec_f64(s, FZ_AIM_TARGET + 3);
    c.target.acceleration = fz_vec_f64(s, ACCEL);
    c.dir = fz_vec_f64(s, DIR);
    c.elev = s[ELEV];
    c.max_time = s[MAX_TIME];
    c.flags = flags;
    c.mode = mode;
    return c;
}

static af_vec3_f64 inherited(const scene *c)
{
    af_vec3_f64 none = { 0, 0, 0 };
    return (c->flags & AF_INHERIT_VELOCITY) ? c->shooter.velocity : none;
}

/* Where the target is at t (fuzz_check.h). */
static af_vec3_f64 target_at(const scene *c, double t)
{
    return fz_accel_point(c->target.position, c->target.velocity, c->target.acceleration, t);
}

/* The target relative to a projectile launched with zero velocity:
 * D + V t + (a - g) t^2/2 (fixed_launch.h's reach). */
static af_vec3_f64 reach(const scene *c, double t)
{
    af_vec3_f64 none = { 0, 0, 0 };
    return vsub(target_at(c, t), kin_projectile(&c->shooter, (c->flags & AF_INHERIT_VELOCITY) != 0,
                                                none, c->m.gravity, t));
}

/* fixed_launch.h's scene size |D| + |V| t + |a| t^2/2 (relative to the
 * shooter, gravity in a). */
static double scene_size(const scene *c, double t)
{
    af_vec3_f64 V = vsub(c->target.velocity, inherited(c)),
                A = vsub(c->target.acceleration, c->m.gravity);
    return kin_dist(c->target.position, c->shooter.position) + kin_len(V) * t +
           0.5 * kin_len(A) * t * t;
}

/* Where the launched shot is at t: kinematics.c in vacuum, drag_sim.c
 * under drag; 0 when the flight is not one the tests can fly. */
static int fly(const scene *c, af_vec3_f64 u, double t, af_vec3_f64 *end)
{
    if (!(c->mode & M_DRAG)) {
        *end = kin_projectile(&c->shooter, (c->flags & AF_INHERIT_VELOCITY) != 0, u, c->m.gravity,
                              t);
        return fz_finite3(*end);
    }
    return fz_drag_fly_shot(&c->m, &c->shooter, c->flags, u, t, end);
}

/* The direction (fixed direction) or elevation (fixed elevation) of v,
 * checked within tol rad. */
static void check_aim(const scene *c, const char *form, int i, af_vec3_f64 v, double tol)
{
    if (!(c->mode & M_ELEV)) {
        af_vec3_f64 d = unit(c->dir), w = unit(v);
        /* the units: a subnormal v . dir underflows to zero */
        FZ_CHECK(dot(w, d) > 0, "%s shot %d: velocity (%a, %a, %a) not ahead along the "
                 "direction", form, i, v.x, v.y, v.z);
        FZ_CHECK(kin_dist(w, d) <= tol, "%s shot %d: velocity %.3g rad off the direction "
                 "(allowed %.3g)", form, i, kin_dist(w, d), tol);
    } else {
        double e = elevation_of(v, c->m.gravity);
        FZ_CHECK(fabs(e - c->elev) <= tol, "%s shot %d: elevation %.17g, asked %.17g "
                 "(allowed %.3g)", form, i, e, c->elev, tol);
    }
}

/* Whether the scene is one the physics checks can judge: every number
 * finite and the flight's terms within the normal doubles. */
static int judgeable(const scene *c, double t)
{
    /* kinematics.c forms g t t: a t^2 below the normals loses the fall. */
    return (t == 0 || t * t >= 0x1p-1000) && fz_body_finite(&c->shooter) &&
           fz_finite3(c->target.position) && fz_finite3(c->target.velocity) && fz_finite3(c->target.acceleration) &&
           fz_finite3(c->m.gravity) && isfinite(scene_size(c, t)) && fz_finite3(target_at(c, t));
}

/* cos e R_up - sin e |R_h|: zero where the reach has elevation e. */
static double elev_gap(const scene *c, double t)
{
    af_vec3_f64 r = reach(c, t), up = vscale(unit(c->m.gravity), -1.0);
    double ru = dot(r, up);
    return cos(c->elev) * ru - sin(c->elev) * kin_len(vsub(r, vscale(up, ru)));
}

/* The size of the absolute positions the check's reach is formed from
 * at t (a target falling with the shot leaves its t^2/2 out of the
 * relative scene, not out of the points), besides a shot's own speed. */
static double points_size(const scene *c, double speed, double t)
{
    return scene_size(c, t) + kin_len(c->target.position) + kin_len(c->shooter.position) +
           (speed + kin_len(c->target.velocity) + kin_len(c->shooter.velocity)) * t +
           0.5 * (kin_len(c->target.acceleration) + kin_len(c->m.gravity)) * t * t;
}

/* Vacuum, fixed elevation: every sign change of elev_gap on a geometric
 * scan (400 cells over the scene's time scales, 1e-4 of the least to 1e3
 * of the largest) is one of the shots' times. Scenes of ordinary numbers
 * only (each number 0 or within 2^-20 .. 2^20), where the gap is formed
 * to ~1e-15 of the points it comes from. */
static void elev_root_lost(const scene *c, af_status st, const af_shots_f64 *out)
{
    double L = kin_dist(c->target.position, c->shooter.position),
           V = kin_len(vsub(c->target.velocity, inherited(c))),
           A = kin_len(vsub(c->target.acceleration, c->m.gravity)), lo = INFINITY, hi = 0, t, ratio,
           ga;
    int i, k;
    if (out->count == AF_MAX_SHOTS || (st != AF_OK && st != AF_ERR_NO_SOLUTION))
        return;
    {
        const double v[] = { c->shooter.position.x, c->shooter.position.y, c->shooter.position.z,
                             c->shooter.velocity.x, c->shooter.velocity.y, c->shooter.velocity.z,
                             c->target.position.x,  c->target.position.y,  c->target.position.z,
                             c->target.velocity.x,  c->target.velocity.y,  c->target.velocity.z,
                             c->target.acceleration.x, c->target.acceleration.y,
                             c->target.acceleration.z, c->m.gravity.x, c->m.gravity.y,
                             c->m.gravity.z };
        for (i = 0; i < (int)(sizeof v / sizeof v[0]); i++)
            if (v[i] != 0 && !(fabs(v[i]) >= 0x1p-20 && fabs(v[i]) <= 0x1p20))
                return;
    }
    if (L > 0 && V > 0) {
        lo = fmin(lo, L / V);
        hi = fmax(hi, L / V);
    }
    if (L > 0 && A > 0) {
        lo = fmin(lo, sqrt(2 * L / A));
        hi = fmax(hi, sqrt(2 * L / A));
    }
    if (V > 0 && A > 0) {
        lo = fmin(lo, V / A);
        hi = fmax(hi, V / A);
    }
    if (!(hi > 0))
        return;
    lo *= 1e-4;
    hi *= 1e3;
    ratio = pow(hi / lo, 1.0 / 400);
    t = lo;
    ga = elev_gap(c, t);
    for (k = 0; k < 400; k++) {
        double b = t * ratio, gb = elev_gap(c, b);
        if ((ga < 0) != (gb < 0) && fmax(fabs(ga), fabs(gb)) > 1e-10 * points_size(c, 0, b)) {
            int found = 0, n;
            double x = t, y = b, gx = ga;
            /* The root, bisected: where the reach itself passes through
             * zero the shot would be a zero velocity, of no elevation. */
            for (n = 0; n < 80; n++) {
                double mid = 0.5 * (x + y), gm = elev_gap(c, mid);
                if ((gm < 0) == (gx < 0)) {
                    x = mid;
                    gx = gm;
                } else {
                    y = mid;
                }
            }
            if (kin_len(reach(c, x)) <= 1e-9 * points_size(c, 0, x)) {
                t = b;
                ga = gb;
                continue;
            }
            for (i = 0; i < out->count; i++)
                found |= out->shot[i].t >= t * (1 - 1e-9) && out->shot[i].t <= b * (1 + 1e-9);
            FZ_CHECK(found, "fixed elevation: a solution with t in [%.17g, %.17g] is lost (%s, "
                     "%d shots)", t, b, af_status_name(st), out->count);
        }
        t = b;
        ga = gb;
    }
}

/* The f64 answer: shape, then each shot's aim, point and meeting. */
static void check_f64(const scene *c, const char *form, af_status st, const af_shots_f64 *out)
{
    int i;
    fz_shots_f64(st, out);
    for (i = 0; st == AF_OK && i < out->count; i++) {
        const af_shot_f64 *s = &out->shot[i];
        double t = s->t, size, tol, miss;
        af_vec3_f64 end, want;
        if (t == 0) {
            FZ_CHECK(s->velocity.x == 0 && s->velocity.y == 0 && s->velocity.z == 0,
                     "%s shot %d: t = 0 with a nonzero velocity", form, i);
            continue;
        }
        /* A zero velocity at t > 0 (a target that the dropped projectile
         * meets) has no direction: its meeting is judged below. */
        if (fz_vmax(s->velocity) != 0) {
            /* The aim's rounding, and the meeting's 2^-36 of the scene (and
             * 2^-1070 where the reach is subnormal) over the shot's reach. */
            double aim = 1e-12 + (0x1p-36 * scene_size(c, t) + 0x1p-1070) /
                                     (kin_len(s->velocity) * t);
            check_aim(c, form, i, s->velocity, aim >= 0 ? aim : INFINITY);
        }
        if (!judgeable(c, t))
            continue;
        want = target_at(c, t);
        size = points_size(c, kin_len(s->velocity), t);
        if (!isfinite(size))
            continue;
        FZ_CHECK(kin_dist(s->point, want) <= 4e-12 * size + FZ_TINY,
                 "%s shot %d: point %.3g off p + v t + a t^2/2 (size %.3g)", form, i,
                 kin_dist(s->point, want), size);
        if (!fly(c, s->velocity, t, &end))
            continue;
        miss = kin_dist(end, want);
        if (!(c->mode & M_DRAG)) {
            /* fixed_launch.h: 2^-36 of |D| + |V| t + |a| t^2/2; the rest is
             * this check's own rounding of the absolute positions. */
            tol = 0x1p-36 * scene_size(c, t) + 0x1p-48 * size + FZ_TINY;
        } else {
            /* fixed_launch.h: the plane's 2^-30 of the velocity's terms
             * times the reach per unit velocity (at most t); drag_sim's RK4
             * and the loop are within 1e-9 of the flight's size. */
            af_body_f64 start;
            double terms = kin_len(s->velocity) + kin_dist(c->target.position,
                                                           c->shooter.position) / t +
                           kin_len(c->target.velocity) + kin_len(c->shooter.velocity) +
                           kin_len(c->target.acceleration) * t;
            start.position = c->shooter.position;
            start.velocity = vsub(s->velocity, vscale(inherited(c), -1.0));
            tol = 0x1p-30 * terms * t + 1e-9 * (fz_drag_scale(&c->m, &start, t) + size) + FZ_TINY;
        }
        FZ_CHECK(miss <= tol, "%s shot %d (t %.17g): flown, misses by %.3g (allowed %.3g)", form,
                 i, t, miss, tol);
    }
}

/* The planted shot (vacuum, decoded values): the target put on the path
 * of the shot of speed s0 along the direction (or at the elevation, the
 * yaw of the direction slots) at t0 must be met at t0. */
static void check_planted(double t0, af_status st, const af_shots_f64 *out)
{
    int i, found = 0;
    if (out->count == AF_MAX_SHOTS)
        return;
    /* fixed_launch.h: a target on the launch line at every time has no
     * single answer (out_of_range). */
    if (st == AF_ERR_OUT_OF_RANGE)
        return;
    for (i = 0; st == AF_OK && i < out->count; i++)
        found |= fabs(out->shot[i].t - t0) <= 1e-6 * t0;
    FZ_CHECK(found, "the planted shot at t0 = %.17g is not found (%s, %d shots)", t0,
             af_status_name(st), out->count);
}

/* How far the reach at t is from what a shot along d meets: its part
 * square to d, or at a fixed elevation (free yaw) the gap
 * cos e R_up - sin e |R_h| to the elevation's cone. */
static double off_path(const scene *c, af_vec3_f64 d, double t)
{
    af_vec3_f64 r = reach(c, t), up;
    double z;
    if (!(c->mode & M_ELEV))
        return kin_len(vsub(r, vscale(d, dot(r, d))));
    up = vscale(unit(c->m.gravity), -1.0);
    z = dot(r, up);
    return fabs(cos(c->elev) * z - sin(c->elev) * kin_len(vsub(r, vscale(up, z))));
}

/* The unit launch direction of the planted shot: the direction, or at
 * the elevation the direction's horizontal part tilted to e. */
static int planted_dir(const scene *c, af_vec3_f64 *d)
{
    af_vec3_f64 up, h;
    if (!(c->mode & M_ELEV)) {
        if (fz_vmax(c->dir) == 0)
            return 0;
        *d = unit(c->dir);
        return 1;
    }
    /* Beyond +-pi/2 the elevation is a bad argument: nothing to find. */
    if (fz_vmax(c->m.gravity) == 0 || !(fabs(c->elev) <= 1.57079632679489661923))
        return 0;
    up = vscale(unit(c->m.gravity), -1.0);
    h = vsub(c->dir, vscale(up, dot(c->dir, up)));
    if (!(kin_len(h) > 1e-6 * kin_len(c->dir)))
        return 0;
    h = unit(h);
    d->x = cos(c->elev) * h.x + sin(c->elev) * up.x;
    d->y = cos(c->elev) * h.y + sin(c->elev) * up.y;
    d->z = cos(c->elev) * h.z + sin(c->elev) * up.z;
    return 1;
}

static af_status call_f64(const scene *c, af_shots_f64 *out)
{
    if (c->mode & M_DRAG)
        return (c->mode & M_ELEV) ? af_drag_fixed_elev_f64(&c->m, &c->shooter, &c->target, c->elev,
                                                           c->max_time, c->flags, out)
                                  : af_drag_fixed_dir_f64(&c->m, &c->shooter, &c->target, &c->dir,
                                                          c->max_time, c->flags, out);
    return (c->mode & M_ELEV)
               ? af_fixed_elev_f64(&c->shooter, &c->target, c->elev, &c->m.gravity, c->flags, out)
               : af_fixed_dir_f64(&c->shooter, &c->target, &c->dir, &c->m.gravity, c->flags, out);
}

/* What fixed_launch.h lets the Q16 root leave off the ray: each of the
 * reach's two parts square to the direction within 2^-12 of the sum of
 * its components' magnitudes (their root-sum-square); at a fixed
 * elevation the angle's tolerance, 2^-12 of |R|. */
static double off_ray(const scene *c, double t)
{
    af_vec3_f64 r = reach(c, t);
    if (c->mode & M_ELEV)
        return 0x1p-12 * kin_len(r);
    return 0x1p-12 * sqrt(2.0) * (fabs(r.x) + fabs(r.y) + fabs(r.z));
}

/* The q16 shot's meeting, flown in f64 from the Q16.16 scene (vacuum):
 * fixed_launch.h keeps a root within 4 LSB + off_ray of the ray, and
 * rounds the time (an LSB of the reach's rate, |V| + |a - g| t
 * + |u|), the direction (a few 2^-16 rad of |u| t) and each velocity
 * component (1/2 LSB per second of flight). */
static void check_q16_hits(const scene *c, const af_shots_q16 *q)
{
    int i;
    for (i = 0; i < q->count; i++) {
        af_shot_f64 s = fz_shot_of_q16(&q->shot[i]);
        double t = s.t, speed = kin_len(s.velocity), tol, miss;
        af_vec3_f64 end, want;
        if (t == 0)
            continue;
        /* af_sin/af_cos 0.51 LSB and the normalised Q16.16 direction: a
         * few 2^-16 rad, plus each component's half LSB. */
        if (speed != 0)
            check_aim(c, "q16", i, s.velocity, 4 * LSB + 2 * LSB / speed);
        if ((c->mode & M_DRAG) || !judgeable(c, t) || !fly(c, s.velocity, t, &end))
            continue;
        want = target_at(c, t);
        miss = kin_dist(end, want);
        tol = 8 * LSB + off_ray(c, t) + 4 * LSB * (speed + 1) * t +
              LSB * (kin_len(c->target.velocity) + kin_len(c->shooter.velocity) + speed +
                     kin_len(vsub(c->target.acceleration, c->m.gravity)) * t);
        FZ_CHECK(miss <= tol, "q16 shot %d (t %.17g): flown, misses by %.3g (allowed %.3g)", i, t,
                 miss, tol);
        FZ_CHECK(kin_dist(s.point, want) <= 4 * LSB + 0x1p-20 * (scene_size(c, t) +
                                                               kin_len(c->target.position)),
                 "q16 shot %d: point %.3g off the target's", i, kin_dist(s.point, want));
    }
}

/* Vacuum, fixed elevation, the same numbers: an f64 shot at a plain
 * crossing of the elevation (elev_gap beyond 2^-10 of the scene with
 * opposite signs at t (1 +- 2 %), for the elevation and for it +- 4
 * 2^-16 rad, the q16 direction's rounding), whose elevation is resolved
 * in Q16.16 (the root e |R_h| from that of R_up, beyond 16 LSB + 2^-10
 * |R|), of ordinary size (t in 1/16 .. 1024 s, velocity and point within
 * half the range), is one the q16 search must find too. */
static void check_q16_finds(const scene *c, af_status sf, const af_shots_f64 *f, af_status sq,
                            const af_shots_q16 *q)
{
    int i, j, k;
    for (i = 0; sf == AF_OK && i < f->count; i++) {
        const af_shot_f64 *s = &f->shot[i];
        double t = s->t, size = scene_size(c, t) + kin_len(s->velocity) * t, g1, g2;
        int found = 0;
        if (!(t >= 0.0625 && t <= 1024) || !(fz_vmax(s->velocity) < 16384) ||
            !(fz_vmax(s->point) < 16384) || !(fz_vmax(c->shooter.position) < 16384) ||
            !(fz_vmax(reach(c, t)) < 16384) || !judgeable(c, 1.02 * t))
            continue;
        /* a plain crossing for every elevation within the q16 launch
         * direction's few 2^-16 rad (fixed_launch.h) */
        for (k = -1; k <= 1; k++) {
            scene near = *c;
            near.elev = c->elev + k * 4 * LSB;
            g1 = elev_gap(&near, 0.98 * t);
            g2 = elev_gap(&near, 1.02 * t);
            if ((g1 < 0) == (g2 < 0) || fmin(fabs(g1), fabs(g2)) <= 0x1p-10 * size)
                break;
        }
        if (k <= 1)
            continue;
        /* and the elevation resolved: the e root e |R_h| away from the
         * root of R_up by more than the Q16.16 reach's rounding */
        {
            af_vec3_f64 r = reach(c, t), up = vscale(unit(c->m.gravity), -1.0);
            double rh = kin_len(vsub(r, vscale(up, dot(r, up))));
            if (!(fabs(sin(c->elev)) * rh > 16 * LSB + 0x1p-10 * kin_len(r)))
                continue;
        }
        for (j = 0; sq == AF_OK && j < q->count; j++)
            found |= fabs(fz_f64_of(q->shot[j].t) - t) <= 0.02 * t + LSB;
        FZ_CHECK(found, "f64 shot %d at t %.17g (a plain crossing) has no q16 twin (%s, %d "
                 "shots)", i, t, af_status_name(sq), q->count);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    static const char *const own[SLOTS - ACCEL] = {
        "target.acceleration.x", "target.acceleration.y", "target.acceleration.z",
        "direction.x", "direction.y", "direction.z", "elevation", "max_time", "t0", "s0"
    };
    static const fz_kind own_kinds[SLOTS - ACCEL] = { FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY,
                                                     FZ_ANY, FZ_ANY, FZ_POS, FZ_POS, FZ_POS };
    static char call[80], call_q[80], call_16[80]; /* fz_call keeps the pointer */
    const char *fn;
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    unsigned flags;
    int mode, i, planted = 0;
    scene c;
    af_shots_f64 f;
    af_shots_q16 q;
    af_status sf, sq;
    af_drag_q16 mq;
    af_body_q16 shooter, target;
    af_body_accel_q16 tq;
    af_vec3_q16 dq;

    for (i = ACCEL; i < SLOTS; i++) {
        names[i] = own[i - ACCEL];
        kinds[i] = own_kinds[i - ACCEL];
    }
    fz_input_start(&in, data, size);
    mode = fz_u8(&in);
    flags = fz_aim_decode(&in, &a, SLOTS, names, kinds, FZ_ANY, "fixed_launch", &mi);
    fz_int("mode", mode);
    fn = (mode & M_DRAG) ? ((mode & M_ELEV) ? "af_drag_fixed_elev" : "af_drag_fixed_dir")
                         : ((mode & M_ELEV) ? "af_fixed_elev" : "af_fixed_dir");
    if (mode & M_STILL)
        for (i = 0; i < 3; i++)
            a.v[FZ_AIM_TARGET + 3 + i] = a.v[ACCEL + i] = 0;
    if (mode & M_NO_ACCEL)
        for (i = 0; i < 3; i++)
            a.v[ACCEL + i] = 0;
    /* An elevation in [-pi/2, pi/2] but now and then (the slot's -512..512
     * spread over it), exactly a Q16.16 number. */
    if (!(mode & M_RAW_ELEV) && isfinite(a.v[ELEV]))
        a.v[ELEV] = fz_f64_of(fz_q16_of(a.v[ELEV] / 512.0 * 1.5707));
    /* The planted shot: the target's position where the shot of speed s0
     * (along the direction, or at the elevation) is at t0, less its own
     * motion (vacuum only: the drag flight is the engine's, not ours). */
    if ((mode & M_PLANT) && !(mode & M_DRAG)) {
        af_vec3_f64 d, p;
        double t0 = a.v[T0], s0 = a.v[S0];
        c = scene_of(a.v, mi, flags, mode);
        c.target.position.x = c.target.position.y = c.target.position.z = 0;
        if (t0 >= 1e-3 && t0 <= 1e4 && s0 >= 1e-3 && s0 <= 1e6 && planted_dir(&c, &d) &&
            judgeable(&c, t0)) {
            af_vec3_f64 r = reach(&c, t0);
            double rounding;
            p = vsub(vscale(d, s0 * t0), r);
            a.v[FZ_AIM_TARGET] = p.x;
            a.v[FZ_AIM_TARGET + 1] = p.y;
            a.v[FZ_AIM_TARGET + 2] = p.z;
            c.target.position = p;
            rounding = 4 * DBL_EPSILON * (kin_len(p) + kin_len(c.shooter.position) + kin_len(r));
            /* p is on the path to its rounding, an ulp of the absolute
             * positions: a target that far off the plane is met only when
             * that is within fixed_launch.h's 2^-36 of the relative scene.
             * And t0 is pinned only when the target is off the shot's
             * path by far more than that rounding before t0: a quadratic
             * motion that is not at t0 / 3 nor at t0 / 2 (besides t0)
             * stays on the path all along (the line, or at an elevation
             * its cone: under a subnormal gravity, say), and the exact
             * scene of the decoded numbers has its root elsewhere or none. */
            planted = fz_finite3(p) && fz_vmax(p) < 1e6 &&
                      rounding <= 0x1p-36 * scene_size(&c, t0) &&
                      fmax(off_path(&c, d, t0 / 3), off_path(&c, d, t0 / 2)) >=
                          0x1p20 * rounding;
        }
    }
    for (i = 0; i < SLOTS; i++) {
        a.q[i] = fz_q16_of(a.v[i]);
        a.fq[i] = fz_f64_of(a.q[i]);
    }

    snprintf(call, sizeof call, "%s_f64 on the decoded values", fn);
    fz_call(call);
    c = scene_of(a.v, mi, flags, mode);
    sf = call_f64(&c, &f);
    check_f64(&c, "f64", sf, &f);
    if (planted)
        check_planted(a.v[T0], sf, &f);
    if ((mode & (M_ELEV | M_DRAG)) == M_ELEV)
        elev_root_lost(&c, sf, &f);

    snprintf(call_q, sizeof call_q, "%s_f64 on the Q16.16 values", fn);
    fz_call(call_q);
    c = scene_of(a.fq, mi, flags, mode);
    sf = call_f64(&c, &f);
    check_f64(&c, "f64", sf, &f);
    if ((mode & (M_ELEV | M_DRAG)) == M_ELEV)
        elev_root_lost(&c, sf, &f);

    snprintf(call_16, sizeof call_16, "%s_q16", fn);
    fz_call(call_16);
    fz_aim_q16(a.q, mi, &mq, &shooter, &target);
    tq.position = target.position;
    tq.velocity = target.velocity;
    tq.acceleration = fz_vec_q16(a.q, ACCEL);
    dq = fz_vec_q16(a.q, DIR);
    if (mode & M_DRAG)
        sq = (mode & M_ELEV) ? af_drag_fixed_elev_q16(&mq, &shooter, &tq, a.q[ELEV],
                                                      a.q[MAX_TIME], flags, &q)
                             : af_drag_fixed_dir_q16(&mq, &shooter, &tq, &dq, a.q[MAX_TIME], flags,
                                                     &q);
    else
        sq = (mode & M_ELEV) ? af_fixed_elev_q16(&shooter, &tq, a.q[ELEV], &mq.gravity, flags, &q)
                             : af_fixed_dir_q16(&shooter, &tq, &dq, &mq.gravity, flags, &q);
    fz_shots_q16(sq, &q);
    /* The same numbers: a bad argument to q16 is one to f64 (whose
     * elevation bound pi/2 lies inside q16's 102944 raw). */
    if (sq == AF_ERR_BAD_ARGUMENT)
        FZ_CHECK(sf == AF_ERR_BAD_ARGUMENT, "q16 bad_argument, f64 %s", af_status_name(sf));
    if (sq == AF_OK)
        check_q16_hits(&c, &q);
    /* fixed_launch.h, vacuum: out_of_range where the relative position or
     * g - a does not fit Q16.16, or where every time meets the target; and, as
     * every q16 solver's domain rule, the relative velocity. */
    if (sq == AF_ERR_OUT_OF_RANGE && !(mode & M_DRAG))
        FZ_CHECK(!fz_relative_fits(&shooter, &target, flags) ||
                     !fz_diff_fits3(mq.gravity, tq.acceleration) || sf == AF_ERR_OUT_OF_RANGE,
                 "q16 out_of_range although the relative motion and g - a fit Q16.16 "
                 "(f64 %s)", af_status_name(sf));
    if ((mode & (M_ELEV | M_DRAG)) == M_ELEV && (sq == AF_OK || sq == AF_ERR_NO_SOLUTION))
        check_q16_finds(&c, sf, &f, sq, &q);
    return 0;
}
