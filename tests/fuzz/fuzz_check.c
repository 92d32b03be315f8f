/* SPDX-License-Identifier: MIT */
/* The fuzz targets' invariants (see fuzz_check.h). */
#include "fuzz_check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "kinematics.h"
#include "q16_solve_check.h"
#include "shots_check.h"

static const char *cur_target = "?";
static const char *cur_call = "?";
static const fz_args *cur_args;
#define FZ_MAX_INTS 8
static const char *int_names[FZ_MAX_INTS];
static long int_values[FZ_MAX_INTS];
static int int_count;

void fz_begin(const char *target, const fz_args *args)
{
    cur_target = target;
    cur_args = args;
    cur_call = "?";
    int_count = 0;
}

void fz_int(const char *name, long value)
{
    if (int_count < FZ_MAX_INTS) {
        int_names[int_count] = name;
        int_values[int_count++] = value;
    }
}

/* The decoded arguments, one per line. */
static void print_arguments(void)
{
    int i;
    fprintf(stderr, "  arguments:\n");
    for (i = 0; i < int_count; i++)
        fprintf(stderr, "    %-18s %ld\n", int_names[i], int_values[i]);
    if (cur_args)
        for (i = 0; i < cur_args->n; i++)
            fprintf(stderr, "    %-18s %-24.17g (%a)  q16 raw %ld (%.17g)\n",
                    cur_args->names[i], cur_args->v[i], cur_args->v[i], (long)cur_args->q[i],
                    cur_args->fq[i]);
}

void fz_call(const char *what)
{
    cur_call = what;
    /* FZ_SHOW=1: each call and its arguments before it runs (an input
     * that hangs, or one that is only slow). */
    if (getenv("FZ_SHOW")) {
        fprintf(stderr, "call %s: %s\n", cur_target, what);
        print_arguments();
    }
}

void fz_fail(const char *fmt, ...)
{
    va_list ap;
    /* The shared checks print their details through the port (stdout),
     * which abort() would not flush. */
    fflush(stdout);
    fprintf(stderr, "\nFUZZ FAIL %s: %s: ", cur_target, cur_call);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    print_arguments();
    abort();
}

void fz_status(af_status st)
{
    FZ_CHECK(st == AF_OK || st == AF_ERR_BAD_ARGUMENT || st == AF_ERR_NO_SOLUTION ||
                 st == AF_ERR_OUT_OF_RANGE || st == AF_ERR_OVERFLOW ||
                 st == AF_ERR_NO_CONVERGENCE || st == AF_ERR_ENGINE_LIMIT,
             "unknown status %d", (int)st);
}

int fz_all_zero(const void *p, size_t size)
{
    const unsigned char *b = p;
    size_t i;
    for (i = 0; i < size; i++)
        if (b[i])
            return 0;
    return 1;
}

void fz_zero_on_failure(af_status st, const void *out, size_t size)
{
    fz_status(st);
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(out, size), "failed (%s) but the output is not all zero",
                 af_status_name(st));
}

int fz_finite3(af_vec3_f64 v)
{
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

void fz_shots_f64(af_status st, const af_shots_f64 *out)
{
    long before = th_failures();
    int i;
    fz_zero_on_failure(st, out, sizeof *out);
    check_shots_shape(st, out, cur_call);
    FZ_CHECK(th_failures() == before, "the shot set's shape is broken (see above)");
    if (st != AF_OK)
        return;
    for (i = 0; i < out->count; i++)
        FZ_CHECK(isfinite(out->shot[i].t) && fz_finite3(out->shot[i].velocity) &&
                     fz_finite3(out->shot[i].point),
                 "ok with a non-finite number in shot %d (t %g, v %g %g %g, point %g %g %g)", i,
                 out->shot[i].t, out->shot[i].velocity.x, out->shot[i].velocity.y,
                 out->shot[i].velocity.z, out->shot[i].point.x, out->shot[i].point.y,
                 out->shot[i].point.z);
}

void fz_shots_q16(af_status st, const af_shots_q16 *out)
{
    static const af_shot_q16 zero;
    int i;
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return;
    FZ_CHECK(out->count >= 1 && out->count <= AF_MAX_SHOTS, "ok with count %d", out->count);
    for (i = 0; i < out->count; i++) {
        FZ_CHECK(out->shot[i].t >= 0, "shot %d: t = %ld raw", i, (long)out->shot[i].t);
        if (i > 0)
            FZ_CHECK(out->shot[i].t >= out->shot[i - 1].t,
                     "shots not earliest first (raw t %ld after %ld)", (long)out->shot[i].t,
                     (long)out->shot[i - 1].t);
    }
    for (i = out->count; i < AF_MAX_SHOTS; i++)
        FZ_CHECK(memcmp(&out->shot[i], &zero, sizeof zero) == 0, "unused shot %d is not zero",
                 i);
}

/* Whether shot i has a twin within 1e-6 relative: a near-double root,
 * whose time no double computation knows better than about 1e-8 relative,
 * so that (D + V t) / t, a difference of large terms, does not have the
 * asked length to 1e-9 of them. Its miss is still judged. */
static int double_root(const af_shots_f64 *out, int i)
{
    int j, twin = 0;
    for (j = 0; j < out->count; j++)
        twin |= j != i && fabs(out->shot[j].t - out->shot[i].t) <= 1e-6 * out->shot[i].t;
    return twin;
}

void fz_no_root_lost_f64(const scenario *s, af_status st, const af_shots_f64 *out)
{
    long before = th_failures();
    if (st != AF_OK && st != AF_ERR_NO_SOLUTION)
        return;
    if (!(s->speed > 0) || !isfinite(kin_dist(s->target.position, s->shooter.position)))
        return;
    check_no_root_lost(s, st, out, 256, 0);
    FZ_CHECK(th_failures() == before, "a root of the meeting equation is lost (see above)");
}

void fz_hit_f64(const scenario *s, const af_shots_f64 *out, double speed)
{
    fz_hit_tangent_f64(s, out, speed, SPEED_TOL);
}

void fz_hit_tangent_f64(const scenario *s, const af_shots_f64 *out, double speed,
                        double tangent_tol)
{
    int i, inherit = (s->flags & AF_INHERIT_VELOCITY) != 0;
    for (i = 0; i < out->count; i++) {
        const af_shot_f64 *shot = &out->shot[i];
        double scale = scenario_range(s, shot);
        double miss = kin_miss(&s->shooter, &s->target, inherit, s->gravity, shot);
        double at = kin_dist(shot->point, kin_body(&s->target, shot->t));
        if (shot->t == 0.0) {
            FZ_CHECK(shot->velocity.x == 0 && shot->velocity.y == 0 && shot->velocity.z == 0,
                     "shot %d: t = 0 with a non-zero velocity", i);
        }
        /* The kinematics' own rounding where a term is subnormal (0.5 g
         * for a g of a few bits): a few of its ulps, times t^2. */
        double sub = 8.0 * 4.9406564584124654e-324 * (1.0 + shot->t * shot->t);
        if (!isfinite(scale) || !isfinite(miss) || !isfinite(at))
            continue;
        FZ_CHECK(miss <= HIT_TOL * scale + FZ_TINY + sub,
                 "shot %d of %d misses by %.3g (%.3g of the scale %.3g; allowed %.1g), t = %.17g",
                 i, out->count, miss, miss / scale, scale, HIT_TOL, shot->t);
        FZ_CHECK(at <= HIT_TOL * scale + FZ_TINY + sub,
                 "shot %d: its point is %.3g off the target at t (scale %.3g)", i, at, scale);
        /* The fixed-speed solvers leave out a time below 2^-1042 s as
         * underflowing (intercept.h, ballistic.h). */
        if (speed > 0.0)
            FZ_CHECK(shot->t == 0.0 || shot->t >= 0x1p-1042,
                     "shot %d: t = %.17g, below 2^-1042 s", i, shot->t);
        if (speed > 0.0 && shot->t > 0.0 && !double_root(out, i)) {
            /* Relative to the asked speed (a shot of that speed is the
             * promise, a far-below target's lob included), or to the
             * target's own speed when that is larger: then (D + V t) / t
             * is a difference of large terms whatever the method. */
            af_vec3_f64 v = s->target.velocity;
            double ref;
            if (inherit) {
                v.x -= s->shooter.velocity.x;
                v.y -= s->shooter.velocity.y;
                v.z -= s->shooter.velocity.z;
            }
            ref = fmax(speed, kin_len(v));
            /* A target 1e6 times faster than the projectile: its two
             * meetings are within 2e-6 of each other, a near-double root
             * (see double_root) even when given once. */
            if (kin_len(v) > 1e6 * speed)
                continue;
            double len = kin_len(shot->velocity);
            double err = fabs(len - speed) / ref;
            double tol = check_given_once(s, shot->t) ? fmax(SPEED_TOL, tangent_tol) : SPEED_TOL;
            if (isfinite(err))
                FZ_CHECK(err <= tol || fabs(len - speed) <= 64 * 4.9406564584124654e-324,
                         "shot %d: launch speed %.17g, asked %.17g (%.3g relative, allowed %.1g)",
                         i, len, speed, err, tol);
        }
    }
}

af_vec3_f64 fz_vec_of_q16(af_vec3_q16 v)
{
    af_vec3_f64 r;
    r.x = fz_f64_of(v.x);
    r.y = fz_f64_of(v.y);
    r.z = fz_f64_of(v.z);
    return r;
}

af_shot_f64 fz_shot_of_q16(const af_shot_q16 *q)
{
    af_shot_f64 f;
    f.t = fz_f64_of(q->t);
    f.velocity = fz_vec_of_q16(q->velocity);
    f.point = fz_vec_of_q16(q->point);
    return f;
}

double fz_vmax(af_vec3_f64 v)
{
    return fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
}

/* Two roots this close (relative) may be one tangent root to a solver
 * with 30 significant bits of a larger problem scale: the discriminant of
 * a pair 2 % apart is 1e-4 of its terms. */
#define FZ_TWIN 2e-2
#define FZ_SAME_ROOT 1e-3

/* Whether the meeting equation of the scene (scenario_gap_scaled, shots_check.h)
 * keeps its sign across [0.98 t, 1.02 t]: the root near t is then a
 * tangent one, or a pair within 2 %, which the rounding may remove. */
static int touching(const scenario *s, double t)
{
    double lo, hi;
    if (!s)
        return 0;
    lo = scenario_gap_scaled(s, t * (1.0 - FZ_TWIN));
    hi = scenario_gap_scaled(s, t * (1.0 + FZ_TWIN));
    return !isfinite(lo) || !isfinite(hi) || (lo < 0) == (hi < 0);
}

/* The closest approach of a q16 shot flown by the f64 physics (see
 * q16_miss_fixed_speed). A time below 2^-17 s is returned as 1 LSB, so for
 * a shot of a few LSB the meeting may lie far below the returned t: the
 * search then also looks around t / 2^k. */
static double q16_miss(const scenario *s, const af_shot_q16 *q, int fixed_speed)
{
    af_vec3_f64 u = fz_vec_of_q16(q->velocity);
    double len = kin_len(u), t = fz_f64_of(q->t), miss;
    int k;
    if (fixed_speed && len > 0) {
        u.x *= s->speed / len;
        u.y *= s->speed / len;
        u.z *= s->speed / len;
    }
    miss = q16_closest_approach(s, u, s->gravity, t);
    for (k = 1; q->t <= 4 && k <= 24; k++)
        miss = fmin(miss, q16_closest_approach(s, u, s->gravity, t / (double)(1L << k)));
    return miss;
}

void fz_hit_q16(const scenario *s, const af_shots_q16 *out, int fixed_speed)
{
    int i;
    for (i = 0; i < out->count; i++) {
        const af_shot_q16 *q = &out->shot[i];
        af_shot_f64 f = fz_shot_of_q16(q);
        double range = q16_shot_range(s, &f);
        double miss = q16_miss(s, q, fixed_speed);
        if (q->t == 0) {
            FZ_CHECK(q->velocity.x == 0 && q->velocity.y == 0 && q->velocity.z == 0,
                     "shot %d: t = 0 with a non-zero velocity", i);
            continue;
        }
        /* The velocity's components are rounded to 2^-17 (the header's
         * aim error, 2^-17 / speed radians): sqrt(3) 2^-17 t of miss. */
        FZ_CHECK(miss <= Q16_MISS_WORST_RELATIVE * range + Q16_MISS_ABSOLUTE + 1.8 / 131072.0 * f.t,
                 "shot %d of %d (t %.9g) misses by %.4g m, %.3g of its range %.4g m (allowed "
                 "%.0e of it + 2^-12 m + 1.8 2^-17 t)",
                 i, out->count, f.t, miss, miss / range, range, Q16_MISS_WORST_RELATIVE);
        /* Even at a near-double root: a shot inside the dip between the
         * two roots is slower than asked (a merged pair). */
        if (fixed_speed) {
            double len = kin_len(f.velocity);
            double scale = fmax(s->speed, range / f.t);
            double allowed = FZ_Q16_SPEED_LSB / 65536.0 + scale / 67108864.0;
            if (fixed_speed == FZ_LOB_SPEED) {
                /* ballistic.h's figure: 2 LSB + 2^-24 of the larger of the
                 * speed and |D| / t + |V| (V relative to the shooter when
                 * inherited). */
                af_vec3_f64 v = s->target.velocity;
                if (s->flags & AF_INHERIT_VELOCITY) {
                    v.x -= s->shooter.velocity.x;
                    v.y -= s->shooter.velocity.y;
                    v.z -= s->shooter.velocity.z;
                }
                scale = fmax(s->speed,
                             kin_dist(s->target.position, s->shooter.position) / f.t + kin_len(v));
                allowed = 2.0 / 65536.0 + scale / 16777216.0;
            }
            FZ_CHECK(fabs(len - s->speed) <= allowed,
                     "shot %d: launch speed %.9g, asked %.9g (%.3g LSB off, allowed %.3g)", i, len,
                     s->speed, fabs(len - s->speed) * 65536.0, allowed * 65536.0);
        }
    }
}

int fz_fits(double v)
{
    return fabs(v) < 0.999 * Q16_LIMIT;
}

int fz_fits3(af_vec3_f64 v)
{
    return fz_fits(v.x) && fz_fits(v.y) && fz_fits(v.z);
}

static int shot_fits(const af_shot_f64 *s)
{
    return fz_fits(s->t) && fz_fits3(s->velocity) && fz_fits3(s->point);
}

static int near_time(double a, double b, double relative)
{
    return fabs(a - b) <= relative * fmax(fabs(a), fabs(b)) + 1.0 / 1024.0;
}

static int f64_twin(const af_shots_f64 *f, int i)
{
    int j, twin = 0;
    for (j = 0; j < f->count; j++)
        twin |= j != i && near_time(f->shot[j].t, f->shot[i].t, FZ_TWIN);
    return twin;
}

static int q16_twin(const af_shots_q16 *q, int i)
{
    int j, twin = 0;
    for (j = 0; j < q->count; j++)
        twin |= j != i && near_time(fz_f64_of(q->shot[j].t), fz_f64_of(q->shot[i].t), FZ_TWIN);
    return twin;
}

void fz_compare_shots(af_status sf, const af_shots_f64 *f, af_status sq, const af_shots_q16 *q,
                      const scenario *s)
{
    int i, j, lone = 0;
    /* q16 ok where f64 has no solution is judged by the shots themselves
     * (fz_hit_q16: they meet the target at the asked speed): near a
     * tangent the two formats may round the discriminant either way. */
    for (i = 0; i < (sf == AF_OK ? f->count : 0); i++)
        lone += shot_fits(&f->shot[i]) && !f64_twin(f, i) && !touching(s, f->shot[i].t);
    if (lone > 0)
        FZ_CHECK(sq == AF_OK || sq == AF_ERR_OUT_OF_RANGE,
                 "q16 says %s where f64 has %d shots, %d well inside Q16.16 and not a tangent "
                 "pair (first t %.9g)",
                 af_status_name(sq), f->count, lone, f->shot[0].t);
    if (sf != AF_OK || sq != AF_OK)
        return;
    for (i = 0; i < f->count; i++) {
        int found = 0;
        if (!shot_fits(&f->shot[i]) || f64_twin(f, i) || touching(s, f->shot[i].t))
            continue;
        for (j = 0; j < q->count; j++)
            found |= near_time(fz_f64_of(q->shot[j].t), f->shot[i].t, FZ_SAME_ROOT);
        FZ_CHECK(found, "f64 shot %d of %d (t %.9g) is lost by q16 (%d shots, first t %.9g)", i,
                 f->count, f->shot[i].t, q->count, fz_f64_of(q->shot[0].t));
    }
    for (j = 0; j < q->count; j++) {
        int found = 0;
        if (q16_twin(q, j) || touching(s, fz_f64_of(q->shot[j].t)))
            continue;
        for (i = 0; i < f->count; i++)
            found |= near_time(fz_f64_of(q->shot[j].t), f->shot[i].t, FZ_TWIN);
        FZ_CHECK(found, "q16 shot %d of %d (t %.9g) has no f64 shot near it (%d f64 shots, "
                 "first t %.9g)", j, q->count, fz_f64_of(q->shot[j].t), f->count, f->shot[0].t);
    }
}

void fz_close_value(const char *what, double got, double f, double scale)
{
    double allowed = 2.0 / 65536.0 + scale / 4194304.0;
    FZ_CHECK(fabs(got - f) <= allowed, "%s: q16 %.9g, f64 %.9g: %.3g LSB off (allowed %.3g: "
             "2 LSB + 2^-22 of the scale %.4g)", what, got, f, fabs(got - f) * 65536.0,
             allowed * 65536.0, scale);
}

void fz_close(const char *what, fix16_t q, double f, double scale)
{
    fz_close_value(what, fz_f64_of(q), f, scale);
}

const char *const fz_scene_names[FZ_SCENE_SLOTS] = {
    "shooter.position.x", "shooter.position.y", "shooter.position.z", "shooter.velocity.x",
    "shooter.velocity.y", "shooter.velocity.z", "target.position.x", "target.position.y",
    "target.position.z", "target.velocity.x", "target.velocity.y", "target.velocity.z",
    "gravity.x", "gravity.y", "gravity.z", "speed"
};
const fz_kind fz_scene_kinds[FZ_SCENE_SLOTS] = {
    FZ_ANY,  FZ_ANY,  FZ_ANY,  FZ_ANY, FZ_ANY, FZ_ANY, FZ_WIDE, FZ_WIDE, FZ_WIDE,
    FZ_ANY,  FZ_ANY,  FZ_ANY,  FZ_ANY, FZ_ANY, FZ_ANY, FZ_POS
};

scenario fz_scene(const double *s, unsigned flags)
{
    scenario sc;
    sc.shooter = fz_body_f64(s, FZ_SHOOTER);
    sc.target = fz_body_f64(s, FZ_TARGET);
    sc.gravity = fz_vec_f64(s, FZ_GRAVITY);
    sc.speed = s[FZ_SPEED];
    sc.flags = flags;
    return sc;
}

static int diff_fits(fix16_t a, fix16_t b)
{
    /* |a - b| < 32768 as intercept.h states it: -32768 itself is out. */
    int64_t d = (int64_t)a - b;
    return d > INT32_MIN && d <= INT32_MAX;
}

int fz_diff_fits3(af_vec3_q16 a, af_vec3_q16 b)
{
    return diff_fits(a.x, b.x) && diff_fits(a.y, b.y) && diff_fits(a.z, b.z);
}

int fz_relative_fits(const af_body_q16 *shooter, const af_body_q16 *target, unsigned flags)
{
    af_vec3_q16 still = { 0, 0, 0 };
    return fz_diff_fits3(target->position, shooter->position) &&
           fz_diff_fits3(target->velocity,
                         (flags & AF_INHERIT_VELOCITY) ? shooter->velocity : still);
}

int fz_same_shots_f64(const af_shots_f64 *a, const af_shots_f64 *b)
{
    int i, same = a->count == b->count;
    for (i = 0; same && i < a->count; i++)
        same = memcmp(&a->shot[i], &b->shot[i], sizeof a->shot[i]) == 0;
    return same;
}

int fz_same_shots_q16(const af_shots_q16 *a, const af_shots_q16 *b)
{
    int i, same = a->count == b->count;
    for (i = 0; same && i < a->count; i++)
        same = memcmp(&a->shot[i], &b->shot[i], sizeof a->shot[i]) == 0;
    return same;
}

af_vec3_f64 fz_accel_point(af_vec3_f64 p, af_vec3_f64 v, af_vec3_f64 a, double t)
{
    af_vec3_f64 r;
    double half = 0.5 * t;
    r.x = p.x + v.x * t + (a.x * t) * half;
    r.y = p.y + v.y * t + (a.y * t) * half;
    r.z = p.z + v.z * t + (a.z * t) * half;
    return r;
}

void fz_accel_points_f64(const af_body_accel_f64 *target, const af_shots_f64 *out,
                         af_shots_f64 *judged)
{
    af_body_f64 reduced;
    int i;
    reduced.position = target->position;
    reduced.velocity = target->velocity;
    *judged = *out;
    for (i = 0; i < out->count; i++) {
        double t = out->shot[i].t;
        af_vec3_f64 want = fz_accel_point(target->position, target->velocity,
                                          target->acceleration, t);
        /* A quarter of the scale: finite where v t and a t^2/2 near DBL_MAX each. */
        double scale = 0.25 * kin_len(target->position) +
                       (0.25 * kin_len(target->velocity)) * t +
                       (0.125 * kin_len(target->acceleration) * t) * t;
        /* Judged in the reduced scene even where its own point is not checked. */
        judged->shot[i].point = kin_body(&reduced, t);
        if (!fz_finite3(want) || !isfinite(scale))
            continue;
        FZ_CHECK(kin_dist(out->shot[i].point, want) <= 4e-12 * scale + FZ_TINY,
                 "shot %d: point %.3g off p + v t + a t^2/2 (scale %.3g)", i,
                 kin_dist(out->shot[i].point, want), 4.0 * scale);
    }
}

void fz_reduced_points_q16(const scenario *sc, const af_shots_q16 *q, af_shots_q16 *judged)
{
    int i;
    *judged = *q;
    for (i = 0; i < q->count; i++) {
        af_vec3_f64 p = kin_body(&sc->target, fz_f64_of(q->shot[i].t));
        judged->shot[i].point.x = fz_q16_of(p.x);
        judged->shot[i].point.y = fz_q16_of(p.y);
        judged->shot[i].point.z = fz_q16_of(p.z);
    }
}
