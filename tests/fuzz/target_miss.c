/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the closest-miss aims (aimfix/miss.h), vacuum and drag,
 * constant-velocity and accelerating targets, f64 and q16 (see
 * fuzz_check.h). A mode byte picks the entry point and now and then a
 * static or non-accelerating target.
 *
 * miss.h: each returns exactly its solver's status and shots; on
 * no_solution *miss is the shot of the asked speed whose flight passes
 * closest to the target, else all zero. The shot is flown by the tests'
 * own physics (kinematics.c, drag_sim.c): its distance to the target at
 * its t is the reported one, and no shot of that speed passes closer. At
 * a time t the best shot of speed s misses by k(t) ||u(t)| - s| (miss.h),
 * which in vacuum is | |R(t)| - s t |, R the target relative to the
 * dropped projectile (shots_check.h's scenario_gap), and under drag
 * | |p(t) - c(t)| - a(t) s |, c the flight of a zero launch velocity and
 * a(t) the reach of a unit one, both flown by drag_sim.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_aim.h"
#include "kinematics.h"
#include "shots_check.h"

/* The aim's slots (fuzz_aim.h: the model, whose gravity is the vacuum one
 * too, the shooter, the target), then the target's acceleration, the
 * speed and the longest flight. */
enum { ACCEL = FZ_AIM_SLOTS, SPEED = ACCEL + 3, MAX_TIME, SLOTS };

enum { F_POINT, F_MOVING, F_MOVING_ACCEL, F_DRAG, F_DRAG_ACCEL, F_COUNT };
enum { M_NO_ACCEL = 8, M_STILL = 16 };

#define LSB (1.0 / 65536.0)

static const char *const fn_names[F_COUNT] = { "arc_point_miss", "arc_moving_miss",
                                               "arc_moving_miss_accel", "drag_aim_speed_miss",
                                               "drag_aim_speed_miss_accel" };

static af_vec3_f64 vsub(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 r;
    r.x = a.x - b.x;
    r.y = a.y - b.y;
    r.z = a.z - b.z;
    return r;
}

typedef struct scene {
    int fn;
    af_drag_f64 m; /* its gravity is the vacuum one too */
    af_body_f64 shooter, target;
    af_body_accel_f64 accel;
    double speed, max_time;
    unsigned flags;
} scene;

static scene scene_of(const double *s, fz_model_ints mi, unsigned flags, int fn)
{
    scene c;
    c.fn = fn;
    c.m = fz_drag_f64(s, mi);
    c.shooter = fz_body_f64(s, FZ_DRAG_BODY);
    c.target = fz_body_f64(s, FZ_AIM_TARGET);
    c.accel.position = c.target.position;
    c.accel.velocity = c.target.velocity;
    c.accel.acceleration = fz_vec_f64(s, ACCEL);
    c.speed = s[SPEED];
    c.max_time = s[MAX_TIME];
    c.flags = flags;
    if (fn == F_POINT) {
        /* af_arc_point: from and to, nothing moves, nothing inherited. */
        c.shooter.velocity.x = c.shooter.velocity.y = c.shooter.velocity.z = 0;
        c.target.velocity = c.shooter.velocity;
        c.accel.velocity = c.shooter.velocity;
        c.flags = 0;
    }
    if (fn == F_POINT || fn == F_MOVING || fn == F_DRAG)
        c.accel.acceleration.x = c.accel.acceleration.y = c.accel.acceleration.z = 0;
    return c;
}

static af_status call_f64(const scene *c, int fn, af_shots_f64 *out, af_miss_f64 *miss)
{
    switch (fn) {
    case F_POINT:
        return af_arc_point_miss_f64(&c->shooter.position, &c->target.position, c->speed,
                                     &c->m.gravity, out, miss);
    case F_MOVING:
        return af_arc_moving_miss_f64(&c->shooter, &c->target, c->speed, &c->m.gravity, c->flags,
                                      out, miss);
    case F_MOVING_ACCEL:
        return af_arc_moving_miss_accel_f64(&c->shooter, &c->accel, c->speed, &c->m.gravity,
                                            c->flags, out, miss);
    case F_DRAG:
        return af_drag_aim_speed_miss_f64(&c->m, &c->shooter, &c->target, c->speed, c->max_time,
                                          c->flags, out, miss);
    default:
        return af_drag_aim_speed_miss_accel_f64(&c->m, &c->shooter, &c->accel, c->speed,
                                                c->max_time, c->flags, out, miss);
    }
}

/* The plain solver of each. */
static af_status call_solver(const scene *c, af_shots_f64 *out)
{
    switch (c->fn) {
    case F_POINT:
        return af_arc_point_f64(&c->shooter.position, &c->target.position, c->speed,
                                &c->m.gravity, out);
    case F_MOVING:
        return af_arc_moving_f64(&c->shooter, &c->target, c->speed, &c->m.gravity, c->flags, out);
    case F_MOVING_ACCEL:
        return af_arc_moving_accel_f64(&c->shooter, &c->accel, c->speed, &c->m.gravity, c->flags,
                                       out);
    case F_DRAG:
        return af_drag_aim_speed_f64(&c->m, &c->shooter, &c->target, c->speed, c->max_time,
                                     c->flags, out);
    default:
        return af_drag_aim_speed_accel_f64(&c->m, &c->shooter, &c->accel, c->speed, c->max_time,
                                           c->flags, out);
    }
}

static int is_drag(int fn)
{
    return fn == F_DRAG || fn == F_DRAG_ACCEL;
}

/* Where the target is at t (fuzz_check.h). */
static af_vec3_f64 target_at(const scene *c, double t)
{
    return fz_accel_point(c->accel.position, c->accel.velocity, c->accel.acceleration, t);
}

/* The vacuum scene of shots_check.h: gravity g - a (accel.h), the target
 * at p + v t, whose scenario_gap is |R(t)| - s t. */
static scenario vacuum_scene(const scene *c)
{
    scenario s;
    s.shooter = c->shooter;
    s.target = c->target;
    s.gravity = vsub(c->m.gravity, c->accel.acceleration);
    s.speed = c->speed;
    s.flags = c->flags;
    return s;
}

/* Every number of the scene ordinary (0 or within 2^-20 .. 2^20): the
 * closest-shot scan and the flown distances are then formed to ~1e-15 of
 * their terms. */
static int ordinary(const scene *c)
{
    const double v[] = { c->shooter.position.x, c->shooter.position.y, c->shooter.position.z,
                         c->shooter.velocity.x, c->shooter.velocity.y, c->shooter.velocity.z,
                         c->target.position.x,  c->target.position.y,  c->target.position.z,
                         c->target.velocity.x,  c->target.velocity.y,  c->target.velocity.z,
                         c->accel.acceleration.x, c->accel.acceleration.y,
                         c->accel.acceleration.z, c->m.gravity.x, c->m.gravity.y, c->m.gravity.z,
                         c->m.wind.x, c->m.wind.y, c->m.wind.z, c->speed, c->max_time };
    int i;
    for (i = 0; i < (int)(sizeof v / sizeof v[0]); i++)
        if (v[i] != 0 && !(fabs(v[i]) >= 0x1p-20 && fabs(v[i]) <= 0x1p20))
            return 0;
    return 1;
}

/* The size of the flight to t: positions, |V| t, |a - g| t^2/2, s t. */
static double size_at(const scene *c, double t)
{
    return kin_len(c->shooter.position) + kin_len(c->target.position) +
           (kin_len(c->target.velocity) + kin_len(c->shooter.velocity) + c->speed) * t +
           0.5 * (kin_len(c->m.gravity) + kin_len(c->accel.acceleration)) * t * t;
}

/* The drag flight of a launch velocity u (plus the inherited one) to t. */
static int drag_end(const scene *c, af_vec3_f64 u, double t, af_vec3_f64 *end)
{
    return fz_drag_fly_shot(&c->m, &c->shooter, c->flags, u, t, end);
}

/* Under drag at t: the distance from the flight of a zero launch velocity
 * to the target, and a(t), the reach of a unit launch velocity with no
 * pull (the law is linear); 0 where drag_sim.c cannot fly it. */
static int drag_parts(const scene *c, double t, double *dist, double *a)
{
    af_vec3_f64 zero = { 0, 0, 0 }, unit = { 1, 0, 0 }, c0;
    af_body_f64 start = { { 0, 0, 0 }, { 0, 0, 0 } }, e0, e1;
    af_drag_f64 bare = c->m;
    if (!drag_end(c, zero, t, &c0))
        return 0;
    bare.gravity = zero;
    bare.wind = zero;
    if (!fz_drag_fly(&bare, &start, t, &e0))
        return 0;
    start.velocity = unit;
    if (!fz_drag_fly(&bare, &start, t, &e1))
        return 0;
    *a = e1.position.x - e0.position.x;
    *dist = kin_dist(target_at(c, t), c0);
    return 1;
}

/* The least miss of a shot of the speed at t (miss.h), by the tests'
 * physics; NaN where it cannot be flown. */
static double best_at(const scene *c, double t)
{
    if (!is_drag(c->fn)) {
        scenario s = vacuum_scene(c);
        return fabs(scenario_gap(&s, t));
    } else {
        double dist, a;
        if (!drag_parts(c, t, &dist, &a))
            return NAN;
        return fabs(dist - a * c->speed);
    }
}

/* The rate at which best_at can change: |V| + |a - g| t + s, and under
 * drag the zero flight's speed (|v0| + (|g| + k |wind|) t). */
static double best_rate(const scene *c, double t)
{
    double r = kin_len(c->target.velocity) + kin_len(c->shooter.velocity) + c->speed +
               (kin_len(c->accel.acceleration) + kin_len(c->m.gravity)) * t;
    if (is_drag(c->fn) && c->m.kind == AF_DRAG_KIND_CONTINUOUS)
        r += fabs(c->m.k) * kin_len(c->m.wind) * (1 + t);
    return r;
}

/* miss.h's search bound in vacuum: past it |R| - s t exceeds |D| (the
 * value at t = 0): |a - g| t^2/2 - (|V| + s) t - |D| >= |D|. */
static double vacuum_bound(const scene *c)
{
    scenario s = vacuum_scene(c);
    double d = kin_dist(s.target.position, s.shooter.position),
           v = kin_len((s.flags & AF_INHERIT_VELOCITY) ? vsub(s.target.velocity, s.shooter.velocity)
                                                       : s.target.velocity),
           a = kin_len(s.gravity), w = v + c->speed;
    if (a > 0)
        return (w + sqrt(w * w + 4 * a * d)) / a;
    if (v > c->speed)
        return 2 * d / (v - c->speed);
    return 0x1p20 * d / c->speed;
}

/* The f64 answer on no_solution: the shot's speed, point and flown
 * distance, and no shot of the speed closer (a scan of 64 times over the
 * search's span, each allowed the rate times half the search's step, the
 * dip narrower than a step that miss.h may miss). */
static void check_miss_f64(const scene *c, const af_miss_f64 *miss)
{
    const af_shot_f64 *s = &miss->shot;
    double t = s->t, len = kin_len(s->velocity), size, flown, span;
    af_vec3_f64 end, want;
    int k;
    FZ_CHECK(isfinite(miss->distance) && miss->distance >= 0 && t >= 0 &&
                 fz_finite3(s->velocity) && fz_finite3(s->point),
             "miss: distance %.17g, t %.17g or the shot not finite", miss->distance, t);
    if (fz_all_zero(miss, sizeof *miss))
        return; /* (judged below where the scene is ordinary) */
    FZ_CHECK(fabs(len - c->speed) <= 1e-12 * c->speed + FZ_TINY,
             "miss: the shot's speed %.17g, asked %.17g", len, c->speed);
    if (is_drag(c->fn))
        FZ_CHECK(t <= c->max_time, "miss: t %.17g past max_time %.17g", t, c->max_time);
    if (!ordinary(c))
        return;
    want = target_at(c, t);
    size = size_at(c, t);
    FZ_CHECK(kin_dist(s->point, want) <= 4e-12 * size, "miss: point %.3g off the target's at t",
             kin_dist(s->point, want));
    if (!is_drag(c->fn)) {
        end = kin_projectile(&c->shooter, (c->flags & AF_INHERIT_VELOCITY) != 0, s->velocity,
                             c->m.gravity, t);
    } else if (!drag_end(c, s->velocity, t, &end)) {
        return;
    }
    flown = kin_dist(end, want);
    FZ_CHECK(fabs(flown - miss->distance) <= 1e-9 * (size + fz_drag_scale(&c->m, &c->shooter, t)),
             "miss: distance %.17g, the shot flown passes at %.17g at t %.17g", miss->distance,
             flown, t);
    span = is_drag(c->fn) ? c->max_time : vacuum_bound(c);
    if (!(span > 0) || !isfinite(span))
        return;
    for (k = 0; k <= 64; k++) {
        double tk = span * k / 64.0, b;
        if (is_drag(c->fn) && c->m.kind == AF_DRAG_KIND_STEPPED)
            tk = c->m.dt * floor(tk / c->m.dt); /* whole steps only */
        b = best_at(c, tk);
        if (!isfinite(b))
            continue;
        FZ_CHECK(miss->distance <= b + best_rate(c, tk) * span / 512 +
                                       1e-9 * (size_at(c, tk) + size),
                 "miss: distance %.17g, but a shot of the speed passes at %.17g at t %.17g "
                 "(allowed %.3g more)", miss->distance, b, tk,
                 best_rate(c, tk) * span / 512 + 1e-9 * (size_at(c, tk) + size));
    }
}

/* One f64 call: the shots and status its solver's, the miss zero but on
 * no_solution, and then judged; the accelerating form with no
 * acceleration has the plain one's bits. */
static af_status run_f64(const scene *c, af_shots_f64 *out, af_miss_f64 *miss)
{
    af_shots_f64 plain;
    af_miss_f64 miss0;
    af_status st = call_f64(c, c->fn, out, miss), s0;
    fz_status(st);
    fz_shots_f64(st, out);
    s0 = call_solver(c, &plain);
    FZ_CHECK(s0 == st && fz_same_shots_f64(out, &plain), "%s, its solver %s or other shots",
             af_status_name(st), af_status_name(s0));
    if (st != AF_ERR_NO_SOLUTION)
        FZ_CHECK(fz_all_zero(miss, sizeof *miss), "miss not zero with %s", af_status_name(st));
    else
        check_miss_f64(c, miss);
    if (c->fn == F_MOVING_ACCEL || c->fn == F_DRAG_ACCEL) {
        const af_vec3_f64 a = c->accel.acceleration;
        if (a.x == 0 && a.y == 0 && a.z == 0) {
            s0 = call_f64(c, c->fn - 1, &plain, &miss0);
            FZ_CHECK(s0 == st && fz_same_shots_f64(out, &plain) &&
                         memcmp(&miss0, miss, sizeof miss0) == 0,
                     "no acceleration: %s, the plain miss form %s or other bits",
                     af_status_name(st), af_status_name(s0));
        }
    }
    /* A vacuum no_solution: no time at which a shot of the speed meets
     * the target (shots_check.h's scan). */
    if (!is_drag(c->fn) && ordinary(c)) {
        scenario s = vacuum_scene(c);
        fz_no_root_lost_f64(&s, st, out);
    }
    return st;
}

/* Whether the q16 search can form the miss at t (miss.h: times at which
 * the reach, or the flight, does not fit Q16.16 are skipped): the target
 * relative to the shooter and to the dropped projectile within half the
 * Q16.16 range, and so the fixed-time aim's velocity at t. */
static int q16_room(const scene *c, double t)
{
    af_vec3_f64 none = { 0, 0, 0 }, p = target_at(c, t),
                fall = kin_projectile(&c->shooter, (c->flags & AF_INHERIT_VELOCITY) != 0, none,
                                      c->m.gravity, t);
    double dist, a;
    if (!(fz_vmax(vsub(p, c->shooter.position)) < 16384 && fz_vmax(vsub(p, fall)) < 16384 &&
          fz_vmax(p) < 16384 && c->speed * t < 16384))
        return 0;
    /* the fixed-time aim's velocity u(t), whose direction the shot takes */
    if (!is_drag(c->fn))
        return t > 0 && kin_len(vsub(p, fall)) / t < 16384;
    /* the flown launch velocity, the inherited one plus the aim */
    if ((c->flags & AF_INHERIT_VELOCITY) && !(fz_vmax(c->shooter.velocity) + c->speed < 16384))
        return 0;
    return t > 0 && drag_parts(c, t, &dist, &a) && dist / a < 16384;
}

static af_status call_q16(int fn, const af_drag_q16 *m, const af_body_q16 *shooter,
                          const af_body_q16 *target, const af_body_accel_q16 *accel,
                          fix16_t speed, fix16_t max_time, unsigned flags, af_shots_q16 *out,
                          af_miss_q16 *miss)
{
    switch (fn) {
    case F_POINT:
        return af_arc_point_miss_q16(&shooter->position, &target->position, speed, &m->gravity,
                                     out, miss);
    case F_MOVING:
        return af_arc_moving_miss_q16(shooter, target, speed, &m->gravity, flags, out, miss);
    case F_MOVING_ACCEL:
        return af_arc_moving_miss_accel_q16(shooter, accel, speed, &m->gravity, flags, out, miss);
    case F_DRAG:
        return af_drag_aim_speed_miss_q16(m, shooter, target, speed, max_time, flags, out, miss);
    default:
        return af_drag_aim_speed_miss_accel_q16(m, shooter, accel, speed, max_time, flags, out,
                                                miss);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    static const char *const own[SLOTS - ACCEL] = { "target.acceleration.x",
                                                    "target.acceleration.y",
                                                    "target.acceleration.z", "speed",
                                                    "max_time" };
    static const fz_kind own_kinds[SLOTS - ACCEL] = { FZ_ANY, FZ_ANY, FZ_ANY, FZ_POS, FZ_POS };
    static char call[80], call_q[80], call_16[80]; /* fz_call keeps the pointer */
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    unsigned flags;
    int mode, fn, i;
    scene c;
    af_shots_f64 f;
    af_miss_f64 mf;
    af_shots_q16 q, q0;
    af_miss_q16 mq, mq0;
    af_status sf, sq, s0;
    af_drag_q16 dq;
    af_body_q16 shooter, target;
    af_body_accel_q16 accel;

    for (i = ACCEL; i < SLOTS; i++) {
        names[i] = own[i - ACCEL];
        kinds[i] = own_kinds[i - ACCEL];
    }
    fz_input_start(&in, data, size);
    mode = fz_u8(&in);
    fn = (mode & 7) % F_COUNT;
    flags = fz_aim_decode(&in, &a, SLOTS, names, kinds, FZ_ANY, "miss", &mi);
    fz_int("mode", mode);
    if (mode & M_STILL)
        for (i = 0; i < 3; i++)
            a.v[FZ_AIM_TARGET + 3 + i] = a.v[ACCEL + i] = 0;
    if (mode & M_NO_ACCEL)
        for (i = 0; i < 3; i++)
            a.v[ACCEL + i] = 0;
    for (i = 0; i < SLOTS; i++) {
        a.q[i] = fz_q16_of(a.v[i]);
        a.fq[i] = fz_f64_of(a.q[i]);
    }

    snprintf(call, sizeof call, "af_%s_f64 on the decoded values", fn_names[fn]);
    fz_call(call);
    c = scene_of(a.v, mi, flags, fn);
    (void)run_f64(&c, &f, &mf);
    snprintf(call_q, sizeof call_q, "af_%s_f64 on the Q16.16 values", fn_names[fn]);
    fz_call(call_q);
    c = scene_of(a.fq, mi, flags, fn);
    sf = run_f64(&c, &f, &mf);

    snprintf(call_16, sizeof call_16, "af_%s_q16", fn_names[fn]);
    fz_call(call_16);
    fz_aim_q16(a.q, mi, &dq, &shooter, &target);
    if (fn == F_POINT)
        shooter.velocity.x = shooter.velocity.y = shooter.velocity.z = 0;
    accel.position = target.position;
    accel.velocity = target.velocity;
    accel.acceleration = fz_vec_q16(a.q, ACCEL);
    sq = call_q16(fn, &dq, &shooter, &target, &accel, a.q[SPEED], a.q[MAX_TIME], c.flags, &q, &mq);
    fz_status(sq);
    fz_shots_q16(sq, &q);
    if (sq != AF_ERR_NO_SOLUTION)
        FZ_CHECK(fz_all_zero(&mq, sizeof mq), "q16 miss not zero with %s", af_status_name(sq));
    /* The q16 solver's own status and shots. */
    switch (fn) {
    case F_POINT:
        s0 = af_arc_point_q16(&shooter.position, &target.position, a.q[SPEED], &dq.gravity, &q0);
        break;
    case F_MOVING:
        s0 = af_arc_moving_q16(&shooter, &target, a.q[SPEED], &dq.gravity, c.flags, &q0);
        break;
    case F_MOVING_ACCEL:
        s0 = af_arc_moving_accel_q16(&shooter, &accel, a.q[SPEED], &dq.gravity, c.flags, &q0);
        break;
    case F_DRAG:
        s0 = af_drag_aim_speed_q16(&dq, &shooter, &target, a.q[SPEED], a.q[MAX_TIME], c.flags,
                                   &q0);
        break;
    default:
        s0 = af_drag_aim_speed_accel_q16(&dq, &shooter, &accel, a.q[SPEED], a.q[MAX_TIME],
                                         c.flags, &q0);
        break;
    }
    FZ_CHECK(s0 == sq && fz_same_shots_q16(&q, &q0), "q16 %s, its solver %s or other shots",
             af_status_name(sq), af_status_name(s0));
    if ((fn == F_MOVING_ACCEL || fn == F_DRAG_ACCEL) &&
        (accel.acceleration.x | accel.acceleration.y | accel.acceleration.z) == 0) {
        s0 = call_q16(fn - 1, &dq, &shooter, &target, &accel, a.q[SPEED], a.q[MAX_TIME], c.flags,
                      &q0, &mq0);
        /* (the accelerating form may refuse a gravity g - a out of Q16.16) */
        if (fn == F_DRAG_ACCEL || fz_diff_fits3(dq.gravity, accel.acceleration))
            FZ_CHECK(s0 == sq && fz_same_shots_q16(&q, &q0) && memcmp(&mq, &mq0, sizeof mq) == 0,
                     "q16 no acceleration: %s, the plain miss form %s or other bits",
                     af_status_name(sq), af_status_name(s0));
    }
    if (sq == AF_ERR_NO_SOLUTION && !fz_all_zero(&mq, sizeof mq)) {
        af_shot_f64 s = fz_shot_of_q16(&mq.shot);
        double sp = kin_len(s.velocity), scene_size = size_at(&c, s.t);
        FZ_CHECK(mq.distance >= 0 && mq.shot.t >= 0, "q16 miss: distance or t negative");
        /* Each component rounded: half an LSB each, and the direction's
         * and the speed's rounding, a few LSB. */
        FZ_CHECK(fabs(sp - c.speed) <= 4 * LSB + 0x1p-20 * c.speed,
                 "q16 miss: the shot's speed %.17g, asked %.17g", sp, c.speed);
        /* miss.h: within a few LSB plus 2^-14 of the scene, plus the
         * miss's change over one LSB of time, of the f64 twin's, but for
         * a dip narrower than a sample step, which either may miss: the
         * worse one is then no worse than the sample times either side of
         * the better one's. */
        if (sf == AF_ERR_NO_SOLUTION && !fz_all_zero(&mf, sizeof mf) && ordinary(&c) &&
            q16_room(&c, mf.shot.t) && q16_room(&c, s.t)) {
            double dq_ = fz_f64_of(mq.distance),
                   tol = 4 * LSB + 0x1p-14 * fmax(scene_size, size_at(&c, mf.shot.t)) +
                         best_rate(&c, fmax(s.t, mf.shot.t)) * LSB;
            if (!(fabs(dq_ - mf.distance) <= tol)) {
                double better_t = dq_ < mf.distance ? s.t : mf.shot.t,
                       worse = fmax(dq_, mf.distance), span = is_drag(fn) ? c.max_time
                                                                          : vacuum_bound(&c);
                double step = span / AF_MISS_SCAN_POINTS, lo = step * floor(better_t / step),
                       b = fmin(best_at(&c, lo), best_at(&c, lo + step));
                FZ_CHECK(isfinite(span) && span > 0 && isfinite(b) && worse <= b + tol,
                         "q16 miss distance %.17g, f64 %.17g (scene %.3g), the samples around "
                         "the better one's t %.17g at %.17g",
                         dq_, mf.distance, fmax(scene_size, size_at(&c, mf.shot.t)), better_t, b);
            }
        }
    }
    return 0;
}
