/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_aim_speed_f64 and af_drag_aim_speed_q16, and their
 * forms at an accelerating target (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "drag_sim.h"
#include "fuzz_aim.h"
#include "fuzz_check.h"
#include "kinematics.h"
#include "shots_check.h"

/* The aim's slots (fuzz_aim.h), then the speed, the longest flight and
 * the target's acceleration (last, so that an input made before it reads
 * zero there). */
enum { SPEED = FZ_AIM_SLOTS, MAX_TIME, ACCEL, SLOTS = ACCEL + 3 };

static int accelerates(const fz_aim_scene *s)
{
    return s->acceleration.x != 0 || s->acceleration.y != 0 || s->acceleration.z != 0;
}

static af_body_accel_f64 accel_target(const fz_aim_scene *s)
{
    af_body_accel_f64 b;
    b.position = s->target.position;
    b.velocity = s->target.velocity;
    b.acceleration = s->acceleration;
    return b;
}

/* The scene's fixed-time aim at T (its accelerating form for an
 * accelerating target). */
static af_status aim_time(const fz_aim_scene *s, double T, af_shots_f64 *o)
{
    af_body_accel_f64 b = accel_target(s);
    if (!accelerates(s))
        return af_drag_aim_time_f64(&s->m, &s->shooter, &s->target, T, s->flags, o);
    return af_drag_aim_time_accel_f64(&s->m, &s->shooter, &b, T, s->flags, o);
}

/* The scene's aim at its speed within max_time (the accelerating form as
 * above). */
static af_status aim_speed(const fz_aim_scene *s, double max_time, af_shots_f64 *o)
{
    af_body_accel_f64 b = accel_target(s);
    if (!accelerates(s))
        return af_drag_aim_speed_f64(&s->m, &s->shooter, &s->target, s->speed, max_time,
                                     s->flags, o);
    return af_drag_aim_speed_accel_f64(&s->m, &s->shooter, &b, s->speed, max_time, s->flags, o);
}

/* The size of the terms that make up the launch velocity at T,
 * (|D| + |V| T + |A| T^2/2 + (|g| + k |wind|) b) / a + |v_shooter|
 * (inherited), whose 2^-27 bounds the q16 speed equation's rounding
 * (drag.h; drag_aim.h: an acceleration's term is one more of them). */
static double velocity_terms(const fz_aim_scene *s, double T)
{
    double a = fz_law_coef(&s->m, T, 0), b = fz_law_coef(&s->m, T, 1);
    double pull = kin_len(s->m.gravity) +
                  (s->m.kind == AF_DRAG_KIND_CONTINUOUS ? s->m.k * kin_len(s->m.wind) : 0.0);
    double drift = accelerates(s) ? kin_len(s->acceleration) * T * (T / 2) : 0.0;
    return (kin_dist(s->target.position, s->shooter.position) + kin_len(s->target.velocity) * T +
            drift + pull * b) / a +
           ((s->flags & AF_INHERIT_VELOCITY) ? kin_len(s->shooter.velocity) : 0.0);
}

/* Without drag (continuous with k = 0, or stepped with r = 1 and no
 * gravity: a straight line) the flight is the vacuum one, and the
 * times a shot of this speed can meet the target are the sign changes of
 * scenario_gap (shots_check.h), the target's acceleration taken off
 * gravity: every one up to max_time must be given (from 2^-1042 s on).
 * A scan of 512 cells, geometric from 1e-9 max_time. */
static void vacuum_root_lost(const fz_aim_scene *s, double max_time, af_status st,
                             const af_shots_f64 *out)
{
    const af_drag_f64 *m = &s->m;
    const af_body_f64 *shooter = &s->shooter, *target = &s->target;
    double speed = s->speed;
    scenario sc;
    double a, ha, ratio = pow(1e9, 1.0 / 512);
    int k, j;
    int vacuum_stepped = m->kind == AF_DRAG_KIND_STEPPED && m->r == 1 && m->order <= 1 &&
                         m->dt > 0 && m->gravity.x == 0 && m->gravity.y == 0 && m->gravity.z == 0;
    if (!(m->kind == AF_DRAG_KIND_CONTINUOUS && m->k == 0) && !vacuum_stepped)
        return;
    sc.shooter = *shooter;
    sc.target = *target;
    sc.gravity.x = m->gravity.x - s->acceleration.x;
    sc.gravity.y = m->gravity.y - s->acceleration.y;
    sc.gravity.z = m->gravity.z - s->acceleration.z;
    sc.speed = speed;
    sc.flags = s->flags;
    a = max_time * 1e-9;
    ha = scenario_gap(&sc, a);
    for (k = 0; k < 512; k++) {
        double b = a * ratio, hb = scenario_gap(&sc, b);
        /* drag.h: no search past the time where b(T) overflows. */
        if (!isfinite(ha) || !isfinite(hb) || !isfinite(fz_law_coef(m, b, 1)))
            return;
        /* drag_aim.h: a meeting before 2^-1042 s is left out as underflowing. */
        if ((ha < 0) != (hb < 0) && b <= max_time * (1 - 1e-9) && a >= 0x1p-1042) {
            int found = 0;
            for (j = 0; j < out->count; j++)
                found |= out->shot[j].t >= a * (1 - 1e-9) && out->shot[j].t <= b * (1 + 1e-9);
            /* A sign change is an odd number of roots in the cell: a real
             * one, unless both ends are at the gap's rounding level, or at
             * the rounding drag_aim.h grants the speed equation (ulps of
             * the velocity's terms, a shooter's inherited speed among
             * them), carried over the flight. */
            if (fmax(fabs(ha), fabs(hb)) >
                1e-12 * (speed * b + kin_len(target->position) + kin_len(shooter->position) +
                         velocity_terms(s, b) * b))
                FZ_CHECK(found, "no drag: a solution with t in [%.17g, %.17g] is lost (%s, %d "
                         "shots)", a, b, af_status_name(st), out->count);
        }
        a = b;
        ha = hb;
    }
}

/* The q16 speed equation's rounding at T: 2 LSB + 2^-27 of the terms. */
static double q16_noise(const fz_aim_scene *s, double T)
{
    return 2.0 / 65536.0 + velocity_terms(s, T) / 134217728.0;
}

/* The velocity's terms for a q16 shot: its velocity is the one at the
 * root's time T, which its t rounds (drag.h); over t +- half an LSB, and,
 * for a t of a few LSB, also at the T whose f64 velocity is nearest the
 * shot's (a short flight's T may lie far below its t). */
static double shot_terms(const fz_aim_scene *s, const af_shot_q16 *q)
{
    double t = fz_f64_of(q->t), lsb = 1.0 / 65536.0, worst = 0.0, best = INFINITY, T_best = t;
    af_vec3_f64 uq = fz_vec_of_q16(q->velocity);
    int k;
    for (k = -1; k <= 1; k++)
        if (t + k * lsb / 2 > 0)
            worst = fmax(worst, velocity_terms(s, t + k * lsb / 2));
    if (t <= 4 * lsb) {
        for (k = 0; k < 200; k++) {
            double T = (t + lsb / 2) * pow(2.0, -k * 40.0 / 199.0);
            af_shots_f64 o;
            if (aim_time(s, T, &o) == AF_OK &&
                kin_dist(o.shot[0].velocity, uq) < best) {
                best = kin_dist(o.shot[0].velocity, uq);
                T_best = T;
            }
        }
        worst = fmax(worst, velocity_terms(s, T_best));
    }
    return worst;
}

/* |u(T)| - speed by the f64 fixed-time aim (NaN when it fails). */
static double speed_excess(const fz_aim_scene *s, double T)
{
    af_shots_f64 o;
    if (!(T > 0) || aim_time(s, T, &o) != AF_OK)
        return NAN;
    return kin_len(o.shot[0].velocity) - s->speed;
}

/* Where q16 may place a root at T (drag_aim.h): its own equation, of the
 * velocity rounded to an LSB per component, within the rounding, so the
 * exact one within 3 LSB plus 2^-26 of the terms (a shot's speed). */
static double q16_root_band(const fz_aim_scene *s, double T)
{
    return 3.0 / 65536.0 + velocity_terms(s, T) / 67108864.0;
}

/* Whether the speed equation stays within noise(T) from t1 to t2 (64
 * samples). */
static int within(const fz_aim_scene *s, double t1, double t2,
                  double (*noise)(const fz_aim_scene *, double))
{
    int k;
    for (k = 0; k <= 64; k++) {
        double T = t1 + (t2 - t1) * k / 64.0;
        if (T > 0 && !(fabs(speed_excess(s, T)) <= noise(s, T)))
            return 0; /* (T = 0: the t = 0 shot of a target at the muzzle) */
    }
    return 1;
}

/* Whether the speed equation stays within the q16 rounding from t1 to t2:
 * roots in that stretch are one to q16 (drag.h: each root to within the
 * rounding of the speed equation). */
static int one_band(const fz_aim_scene *s, double t1, double t2)
{
    return within(s, t1, t2, q16_noise);
}

/* The least (sign 1) or the largest (sign -1) speed excess over
 * [t1, t2] by a ternary search of 60 steps (the equation is smooth and
 * turns at most once across an LSB). */
static double extreme_excess(const fz_aim_scene *s, double t1, double t2, double sign)
{
    int k;
    for (k = 0; k < 60; k++) {
        double a = t1 + (t2 - t1) / 3.0, b = t2 - (t2 - t1) / 3.0;
        if (sign * speed_excess(s, a) < sign * speed_excess(s, b))
            t2 = b;
        else
            t1 = a;
    }
    return speed_excess(s, 0.5 * (t1 + t2));
}

/* Whether the speed equation comes within q16_root_band of 0 within
 * 2^-17 s of t, where a q16 root rounded to t lies (drag.h): a sample at
 * t and t +- 2^-17, or, across a dip narrower than that (a target that
 * sweeps past the muzzle at 32768 m/s), its least and largest values. */
static int root_near(const fz_aim_scene *s, double t)
{
    double lsb = 1.0 / 131072.0, noise = q16_root_band(s, t), lo, hi;
    int i;
    for (i = -1; i <= 1; i++)
        if (fabs(speed_excess(s, t + i * lsb)) <= q16_root_band(s, t + i * lsb))
            return 1;
    lo = extreme_excess(s, fmax(t - lsb, 0x1p-30), t + lsb, 1.0);
    hi = extreme_excess(s, fmax(t - lsb, 0x1p-30), t + lsb, -1.0);
    return lo <= noise && hi >= -noise;
}

static int near_time(double a, double b, double relative)
{
    return fabs(a - b) <= relative * fmax(fabs(a), fabs(b)) + 1.0 / 1024.0;
}

/* drag_aim.h: an accelerating target's q16 shot also needs its
 * constant-velocity point p + v t to fit. */
static int shot_fits(const fz_aim_scene *s, const af_shot_f64 *shot)
{
    return fz_fits(shot->t) && fz_fits3(shot->velocity) && fz_fits3(shot->point) &&
           (!accelerates(s) || fz_fits3(kin_body(&s->target, shot->t)));
}

/* Whether a shot's velocity stays within Q16.16 wherever q16 may place
 * its root: drag_aim.h gives that root to within the speed equation's
 * rounding, up to q16_noise / |F'| in time from f64's (F' by central
 * differences), where the fixed-time aim's velocity, rounded by 2^-27 of
 * its terms and an LSB, must fit as well. A steep equation of terms far
 * above the speed (a damping of 2^-15 a step: 1 / a = 2^31) moves it by
 * thousands of m/s within that rounding. */
static int fits_around(const fz_aim_scene *s, const af_shot_f64 *shot)
{
    double t = shot->t, h = t * 0x1p-20, d;
    int k, i;
    if (!shot_fits(s, shot))
        return 0;
    if (!(t > 0))
        return 1;
    d = q16_noise(s, t) * 2.0 * h / fabs(speed_excess(s, t + h) - speed_excess(s, t - h));
    if (!(d < t / 2))
        d = t / 2;
    for (k = -1; k <= 1; k += 2) {
        af_shots_f64 o;
        double T = t + k * d, margin = velocity_terms(s, T) / 134217728.0 + 1.0 / 65536.0;
        if (aim_time(s, T, &o) != AF_OK)
            return 0;
        for (i = 0; i < 3; i++)
            if (!fz_fits(fabs((&o.shot[0].velocity.x)[i]) + margin))
                return 0;
    }
    return 1;
}

/* Whether the speed equation only touches zero at t within the q16
 * rounding (a double root: the limit of a pair between which it never
 * leaves that rounding, which drag_aim.h lets q16 miss): of one sign
 * both sides of t wherever it is still within that rounding there. */
static int touching_root(const fz_aim_scene *s, double t)
{
    int k;
    for (k = 4; k <= 40; k++) {
        double d = ldexp(t, -k), lo = speed_excess(s, t - d), hi = speed_excess(s, t + d);
        if (fabs(lo) <= q16_noise(s, t - d) && fabs(hi) <= q16_noise(s, t + d))
            return (lo < 0) == (hi < 0) && one_band(s, t - d, t + d);
    }
    return 0;
}

/* The first root of the speed equation past max_time, up to twice it (0
 * for none): the partner of the last root within max_time when the two
 * are a dip's pair. */
static double root_past(const fz_aim_scene *s, double max_time)
{
    af_shots_f64 o;
    int j;
    if (!isfinite(2.0 * max_time) || aim_speed(s, 2.0 * max_time, &o) != AF_OK)
        return 0.0;
    for (j = 0; j < o.count; j++)
        if (o.shot[j].t > max_time)
            return o.shot[j].t;
    return 0.0;
}

/* fz_compare_shots (fuzz_check.h) with a root's time judged by the speed
 * equation: an f64 root and a q16 one are the same when they are close
 * (1e-3, twins 2e-2) or the equation stays between them within the band
 * where q16 may place a root (its own equation's rounding of the shot's
 * rounded velocity); a q16 root with no f64 one near it must be within that rounding
 * of a solution (at its time rounded to Q16.16, or half an LSB away).
 * A dip's pair may straddle max_time: the last root's partner is looked
 * for past it. */
static void compare_shots(af_status sf, const af_shots_f64 *f, af_status sq,
                          const af_shots_q16 *q, const fz_aim_scene *s, double max_time)
{
    int i, j, lone = 0;
    for (i = 0; i < (sf == AF_OK ? f->count : 0); i++) {
        int twin = 0;
        for (j = 0; j < f->count; j++)
            twin |= j != i && near_time(f->shot[j].t, f->shot[i].t, 2e-2);
        /* drag.h: two roots between which the equation stays within the
         * q16 rounding (a shallow dip) may be one anywhere there, or none;
         * so may a root about which it stays within that rounding on one
         * side up to a factor of two in time, and a double root within
         * it. */
        twin |= (i > 0 && one_band(s, f->shot[i - 1].t, f->shot[i].t)) ||
                (i + 1 < f->count && one_band(s, f->shot[i].t, f->shot[i + 1].t)) ||
                one_band(s, 0.5 * f->shot[i].t, f->shot[i].t) ||
                one_band(s, f->shot[i].t, 2.0 * f->shot[i].t) ||
                (f->shot[i].t > 0 && touching_root(s, f->shot[i].t));
        if (!twin && i + 1 == f->count) {
            double past = root_past(s, max_time);
            twin = past > 0.0 && one_band(s, f->shot[i].t, past);
        }
        lone += !twin && fits_around(s, &f->shot[i]);
    }
    if (lone > 0)
        FZ_CHECK(sq == AF_OK || sq == AF_ERR_OUT_OF_RANGE,
                 "q16 says %s where f64 has %d shots, %d well inside Q16.16 (first t %.9g)",
                 af_status_name(sq), f->count, lone, f->shot[0].t);
    if (sf != AF_OK || sq != AF_OK)
        return;
    for (i = 0; i < f->count; i++) {
        int found = 0, twin = 0;
        for (j = 0; j < f->count; j++)
            twin |= j != i && near_time(f->shot[j].t, f->shot[i].t, 2e-2);
        if (!shot_fits(s, &f->shot[i]) || twin ||
            (f->shot[i].t > 0 && touching_root(s, f->shot[i].t)))
            continue;
        for (j = 0; j < q->count && !found; j++)
            found = near_time(fz_f64_of(q->shot[j].t), f->shot[i].t, 1e-3) ||
                    within(s, f->shot[i].t, fz_f64_of(q->shot[j].t), q16_root_band);
        FZ_CHECK(found, "f64 shot %d of %d (t %.9g) is lost by q16 (%d shots, first t %.9g)", i,
                 f->count, f->shot[i].t, q->count, fz_f64_of(q->shot[0].t));
    }
    for (j = 0; j < q->count; j++) {
        double t = fz_f64_of(q->shot[j].t);
        int found = 0, twin = 0;
        for (i = 0; i < q->count; i++)
            twin |= i != j && near_time(fz_f64_of(q->shot[i].t), t, 2e-2);
        if (twin)
            continue;
        for (i = 0; i < f->count; i++)
            found |= near_time(t, f->shot[i].t, 2e-2);
        found = found || root_near(s, t);
        FZ_CHECK(found, "q16 shot %d of %d (t %.9g) has no f64 shot near it (%d f64 shots, "
                 "first t %.9g)", j, q->count, t, f->count, f->shot[0].t);
    }
}

/* An accelerating target's f64 shot (drag_aim.h): its point where the
 * target is at t, to the rounding of p + v t + a t^2/2, and the tests'
 * drag flight of its velocity meets it there, to the tolerance of the
 * fixed-time aim's check (target_drag_aim_time.c). */
static void accel_shot_hits(const fz_aim_scene *s, int i, const af_shot_f64 *shot)
{
    double t = shot->t, a_len = kin_len(s->acceleration);
    af_vec3_f64 p = fz_accel_point(s->target.position, s->target.velocity, s->acceleration, t);
    af_vec3_f64 end;
    af_body_f64 b;
    double size, scale, miss;
    if (!fz_finite3(p))
        return;
    size = kin_len(s->target.position) + (kin_len(s->target.velocity) + a_len * t) * t;
    FZ_CHECK(!isfinite(size) || kin_dist(shot->point, p) <= 1e-12 * size + FZ_TINY,
             "accel shot %d: point %.3g from the target's at t %.17g", i,
             kin_dist(shot->point, p), t);
    if (!fz_drag_fly_shot(&s->m, &s->shooter, s->flags, shot->velocity, t, &end))
        return;
    /* The start's scale counts |u| t, and the inherited sum's rounding
     * is relative to either term; the target's terms are rounded before
     * they cancel to the meeting point. */
    b.position = s->shooter.position;
    b.velocity = shot->velocity;
    scale = fz_drag_scale(&s->m, &b, t) + kin_len(p) + size + kin_len(s->shooter.velocity) * t;
    miss = kin_dist(end, p);
    FZ_CHECK(!isfinite(scale) || miss <= 1e-9 * scale + FZ_TINY,
             "accel shot %d: the flight misses by %.3g (scale %.3g, t %.17g)", i, miss, scale,
             t);
}

/* The f64 aim on slots s: the accelerating form at the slots'
 * acceleration when accel is set (whatever it is), else the plain one. */
static af_status run_f64(const double *s, fz_model_ints mi, unsigned flags, int accel,
                         af_shots_f64 *out)
{
    fz_aim_scene sc = fz_aim_scene_of(s, mi, flags, s[SPEED]);
    af_status st;
    int i;
    if (accel) {
        af_body_accel_f64 body;
        sc.acceleration = fz_vec_f64(s, ACCEL);
        body = accel_target(&sc);
        st = af_drag_aim_speed_accel_f64(&sc.m, &sc.shooter, &body, s[SPEED], s[MAX_TIME],
                                         flags, out);
    } else {
        st = af_drag_aim_speed_f64(&sc.m, &sc.shooter, &sc.target, s[SPEED], s[MAX_TIME], flags,
                                   out);
    }
    fz_shots_f64(st, out);
    if (st == AF_OK) {
        for (i = 0; i < out->count; i++) {
            double len = kin_len(out->shot[i].velocity), t = out->shot[i].t;
            /* drag.h: the velocity is (P - p0 - b g) / a, its speed that
             * asked to the rounding of those terms over a (wind acting as
             * k wind of gravity), which a heavy damping makes far larger
             * than over t. */
            double ref = s[SPEED] + (t > 0 ? velocity_terms(&sc, t) : 0.0);
            FZ_CHECK(out->shot[i].t <= s[MAX_TIME], "shot %d: t %.17g beyond max_time", i,
                     out->shot[i].t);
            if (t > 0 && isfinite(len) && isfinite(ref))
                FZ_CHECK(fabs(len - s[SPEED]) <= 1e-9 * ref + FZ_TINY,
                         "shot %d: launch speed %.17g, asked %.17g (%.3g of the velocity's "
                         "terms, %.3g)", i, len, s[SPEED], fabs(len - s[SPEED]) / ref, ref);
            if (accelerates(&sc))
                accel_shot_hits(&sc, i, &out->shot[i]);
        }
    }
    if (st == AF_OK || st == AF_ERR_NO_SOLUTION)
        vacuum_root_lost(&sc, s[MAX_TIME], st, out);
    return st;
}

/* drag_aim.h: the accelerating form with no acceleration gives the plain
 * aim's bits (sp, p its status and shots; sa, a the accelerating form's). */
static void still_is_plain_f64(const double *s, af_status sa, const af_shots_f64 *a,
                               af_status sp, const af_shots_f64 *p)
{
    af_vec3_f64 acc = fz_vec_f64(s, ACCEL);
    if (acc.x == 0 && acc.y == 0 && acc.z == 0)
        FZ_CHECK(sa == sp && fz_same_shots_f64(a, p),
                 "no acceleration: %s, the plain aim %s or other bits", af_status_name(sa),
                 af_status_name(sp));
}

/* The q16 shots' speeds and points of the scene s (asked speed s->speed). */
static void q16_shots(const fz_aim_scene *s, af_status sq, const af_shots_q16 *q)
{
    int i;
    if (sq != AF_OK)
        return;
    for (i = 0; i < q->count; i++) {
        /* drag.h: each shot's speed is the one asked to 3 LSB (the speed
         * equation's rounding, 2 LSB, and the velocity's, under 1) and
         * 2^-26 of the velocity's terms (the equation's 2^-27 and the
         * length's own 2^-29). */
        double len = kin_len(fz_vec_of_q16(q->shot[i].velocity));
        double allowed = 3.0 / 65536.0 + shot_terms(s, &q->shot[i]) / 67108864.0;
        if (q->shot[i].t > 0 && isfinite(allowed))
            FZ_CHECK(fabs(len - s->speed) <= allowed,
                     "shot %d: launch speed %.9g, asked %.9g (%.3g LSB off, allowed %.3g)", i,
                     len, s->speed, fabs(len - s->speed) * 65536.0, allowed * 65536.0);
        if (accelerates(s)) {
            /* drag_aim.h: the point is p + v t + a t^2/2 at the shot's t,
             * rounded once per term: within an LSB a component. */
            double t = fz_f64_of(q->shot[i].t);
            af_vec3_f64 want =
                fz_accel_point(s->target.position, s->target.velocity, s->acceleration, t);
            af_vec3_f64 off = fz_vec_of_q16(q->shot[i].point);
            off.x -= want.x;
            off.y -= want.y;
            off.z -= want.z;
            FZ_CHECK(fz_vmax(off) <= 1.0 / 65536.0 + 1e-12 * fz_vmax(want),
                     "accel shot %d: point %.3g LSB from the target's at t %.9g", i,
                     fz_vmax(off) * 65536.0, t);
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
    fz_model_ints mi;
    af_shots_f64 f, fa;
    af_shots_q16 q, qa;
    af_body_q16 shooter, target;
    af_body_accel_q16 body;
    af_drag_q16 m;
    af_status sf, sfa, sq, sqa;
    fz_aim_scene sc;
    unsigned flags;

    names[SPEED] = "speed";
    kinds[SPEED] = FZ_POS;
    names[MAX_TIME] = "max_time";
    kinds[MAX_TIME] = FZ_POS;
    names[ACCEL] = "target.acceleration.x";
    names[ACCEL + 1] = "target.acceleration.y";
    names[ACCEL + 2] = "target.acceleration.z";
    kinds[ACCEL] = kinds[ACCEL + 1] = kinds[ACCEL + 2] = FZ_ANY;
    fz_input_start(&in, data, size);
    flags = fz_aim_decode(&in, &a, SLOTS, names, kinds, FZ_ANY, "drag_aim_speed", &mi);

    fz_call("af_drag_aim_speed_f64 on the decoded values");
    sf = run_f64(a.v, mi, flags, 0, &f);
    fz_call("af_drag_aim_speed_accel_f64 on the decoded values");
    sfa = run_f64(a.v, mi, flags, 1, &fa);
    still_is_plain_f64(a.v, sfa, &fa, sf, &f);
    fz_call("af_drag_aim_speed_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, flags, 0, &f);
    fz_call("af_drag_aim_speed_accel_f64 on the Q16.16 values");
    sfa = run_f64(a.fq, mi, flags, 1, &fa);
    still_is_plain_f64(a.fq, sfa, &fa, sf, &f);

    fz_call("af_drag_aim_speed_q16");
    fz_aim_q16(a.q, mi, &m, &shooter, &target);
    sq = af_drag_aim_speed_q16(&m, &shooter, &target, a.q[SPEED], a.q[MAX_TIME], flags, &q);
    fz_shots_q16(sq, &q);
    fz_aim_out_of_range(sq, &shooter, &target);
    sc = fz_aim_scene_of(a.fq, mi, flags, a.fq[SPEED]);
    q16_shots(&sc, sq, &q);
    compare_shots(sf, &f, sq, &q, &sc, a.fq[MAX_TIME]);

    fz_call("af_drag_aim_speed_accel_q16");
    body.position = target.position;
    body.velocity = target.velocity;
    body.acceleration = fz_vec_q16(a.q, ACCEL);
    sqa = af_drag_aim_speed_accel_q16(&m, &shooter, &body, a.q[SPEED], a.q[MAX_TIME], flags,
                                      &qa);
    fz_shots_q16(sqa, &qa);
    if ((body.acceleration.x | body.acceleration.y | body.acceleration.z) == 0) {
        FZ_CHECK(sqa == sq && fz_same_shots_q16(&qa, &q),
                 "no acceleration: q16 %s, the plain aim %s or other bits", af_status_name(sqa),
                 af_status_name(sq));
        return 0;
    }
    fz_aim_out_of_range(sqa, &shooter, &target);
    sc.acceleration = fz_vec_f64(a.fq, ACCEL);
    q16_shots(&sc, sqa, &qa);
    compare_shots(sfa, &fa, sqa, &qa, &sc, a.fq[MAX_TIME]);
    return 0;
}
