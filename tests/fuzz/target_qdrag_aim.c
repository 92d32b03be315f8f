/* SPDX-License-Identifier: MIT */
/* Fuzz target: the quadratic drag aims (aimfix/qdrag_aim.h), f64 and q16
 * on the same numbers, one per input (a selector byte):
 * af_qdrag_aim_time, _aim_time_accel, _aim_speed, _aim_speed_accel and
 * _max_range (see fuzz_qdrag.h). Every shot is flown by the tests' own
 * flight (tests/support/qdrag_sim.c); a q16 shot by the Q16.16 prediction
 * whose miss aimfix/qdrag_aim.h bounds (tests/support/qdrag_q16_check.c). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_qdrag.h"
#include "qdrag_q16_check.h"
#include "qdrag_sim.h"

enum {
    TPOS = FZ_Q_SLOTS,
    TVEL = TPOS + 3,
    TACC = TVEL + 3,
    SPEED = TACC + 3,
    TIME,
    HEADING,
    HEIGHT = HEADING + 3,
    SLOTS
};
enum { OP_TIME, OP_TIME_ACCEL, OP_SPEED, OP_SPEED_ACCEL, OP_RANGE, OPS };
#define Q_LSB (1.0 / 65536.0)
/* Not called: a flight too long to fly in a fuzz run. */
#define SKIPPED ((af_status)-1000)

typedef struct scene {
    int op;
    unsigned flags;
    fz_model_ints mi;
} scene;

static af_body_accel_f64 target_f64(const double *s, int accel)
{
    af_body_accel_f64 t;
    t.position = fz_vec_f64(s, TPOS);
    t.velocity = fz_vec_f64(s, TVEL);
    t.acceleration = fz_vec_f64(s, TACC);
    if (!accel)
        t.acceleration.x = t.acceleration.y = t.acceleration.z = 0.0;
    return t;
}

static af_body_accel_q16 target_q16(const fix16_t *s, int accel)
{
    af_body_accel_q16 t;
    t.position = fz_vec_q16(s, TPOS);
    t.velocity = fz_vec_q16(s, TVEL);
    t.acceleration = fz_vec_q16(s, TACC);
    if (!accel)
        t.acceleration.x = t.acceleration.y = t.acceleration.z = 0;
    return t;
}

static af_vec3_f64 target_at(const af_body_accel_f64 *t, double T)
{
    af_vec3_f64 p;
    p.x = t->position.x + t->velocity.x * T + 0.5 * t->acceleration.x * T * T;
    p.y = t->position.y + t->velocity.y * T + 0.5 * t->acceleration.y * T * T;
    p.z = t->position.z + t->velocity.z * T + 0.5 * t->acceleration.z * T * T;
    return p;
}

/* The fastest launch an aim within T may need, roughly: the vacuum
 * shot's speed at the shortest time looked at, the shooter's and the
 * target's; a flight at that speed must be affordable. */
static int aim_affordable(const af_qdrag_f64 *m, const af_body_f64 *shooter,
                          const af_body_accel_f64 *t, double speed, double T)
{
    af_body_f64 b = *shooter;
    double d = fz_qlen(qsim_sub(t->position, shooter->position));
    double v = speed > 0 ? speed : d / T + fz_qlen(m->gravity) * T;
    if (!fz_qdrag_valid(m, shooter) || !(T > 0) || !isfinite(T) || !fz_finite3(t->position) ||
        !fz_finite3(t->velocity) || !fz_finite3(t->acceleration) || !(speed >= 0) ||
        !isfinite(speed))
        return 1;
    if (!(d <= 4096.0) || !(fz_qlen(t->velocity) <= 4096.0) || !(fz_qlen(t->acceleration) <= 4096.0))
        return 0;
    b.velocity.x = v + fz_qlen(t->velocity) + fz_qlen(t->acceleration) * T +
                   fz_qlen(shooter->velocity);
    b.velocity.y = b.velocity.z = 0.0;
    return fz_qdrag_affordable(m, &b, T);
}

static af_body_f64 fly_from(const af_body_f64 *shooter, af_vec3_f64 v, unsigned flags)
{
    af_body_f64 b;
    b.position = shooter->position;
    b.velocity = v;
    if (flags & AF_INHERIT_VELOCITY) {
        b.velocity.x += shooter->velocity.x;
        b.velocity.y += shooter->velocity.y;
        b.velocity.z += shooter->velocity.z;
    }
    return b;
}

/* An f64 shot flown by the tests' flight meets the target at its time. */
static void check_shot_f64(const af_qdrag_f64 *m, const af_body_f64 *shooter,
                           const af_body_accel_f64 *tg, const af_shot_f64 *shot, unsigned flags,
                           int i)
{
    af_body_f64 b = fly_from(shooter, shot->velocity, flags), r, alt;
    af_vec3_f64 p = target_at(tg, shot->t);
    double path, miss, tol, reach;
    double pscale = fz_qlen(tg->position) + fz_qlen(tg->velocity) * shot->t +
                    fz_qlen(tg->acceleration) * shot->t * shot->t;
    FZ_CHECK(fz_qlen(qsim_sub(shot->point, p)) <= 1e-12 * pscale + FZ_TINY,
             "shot %d: impact point is not the target's at t %.17g", i, shot->t);
    if (!fz_qdrag_ref(m, &b, shot->t, &r, &alt, &path))
        return;
    miss = fz_qlen(qsim_sub(r.position, p));
    /* The solver's own convergence (1e-10 of the distance plus the launch
     * speed times t) on top of the flight's error, and the rounding of
     * the launch velocity's sum with the shooter's. */
    reach = fz_qlen(qsim_sub(p, shooter->position)) + fz_qlen(b.velocity) * shot->t;
    tol = fz_qdrag_pos_tol(m, &b, shot->t, path, &r) + 1e-9 * reach +
          1e-15 * (fz_qlen(shooter->velocity) + fz_qlen(shot->velocity)) * shot->t;
    FZ_CHECK(miss <= tol, "shot %d (t %.17g): the tests' flight misses by %.3g (allowed %.3g)", i,
             shot->t, miss, tol);
}

/* The Q16.16 steps an aim of time T flies: the engine's, or the
 * Runge-Kutta steps of the h aimfix/qdrag.h chooses for the fastest
 * speed s through the air (taken large: more steps, a looser bound). */
static double q16_steps(const af_qdrag_f64 *m, double T, double s)
{
    double h = 1.0 / 32.0, term;
    if (m->kind == AF_DRAG_KIND_STEPPED)
        return ceil(T / m->dt);
    term = fmax(s, sqrt(fz_qlen(m->gravity) / fmax(m->k, 1e-9)));
    while (h > Q_LSB && h * (m->k * term + m->c) > 0.125)
        h /= 2.0;
    if (m->dt > 0 && m->dt < h)
        h = m->dt;
    return ceil(T / h);
}

static void check_shots_q16(const af_qdrag_q16 *mq, const af_body_q16 *shooter,
                            const af_shots_q16 *q, unsigned flags, const af_qdrag_f64 *mf,
                            double s)
{
    int i;
    for (i = 0; i < q->count; i++) {
        double miss = qq16_flown_miss(mq, shooter, &q->shot[i], flags);
        double allowed = qq16_miss_allowed(q16_steps(mf, fz_f64_of(q->shot[i].t), s));
        FZ_CHECK(miss <= allowed, "q16 shot %d (raw t %ld): its flight misses by %.1f LSB "
                                  "(allowed %.1f)",
                 i, (long)q->shot[i].t, miss, allowed);
    }
}

/* ---- the aims ------------------------------------------------------ */

static af_status aim_f64(const double *s, const scene *sc, af_shots_f64 *out)
{
    int accel = sc->op == OP_TIME_ACCEL || sc->op == OP_SPEED_ACCEL;
    int fixed_time = sc->op == OP_TIME || sc->op == OP_TIME_ACCEL;
    af_qdrag_f64 m = fz_qdrag_f64(s, sc->mi);
    af_body_f64 shooter = fz_body_f64(s, FZ_Q_BODY), tb;
    af_body_accel_f64 tg = target_f64(s, accel);
    af_status st;
    int i;
    memset(out, 0, sizeof *out);
    if (!aim_affordable(&m, &shooter, &tg, fixed_time ? 0.0 : s[SPEED], s[TIME]))
        return SKIPPED;
    tb.position = tg.position;
    tb.velocity = tg.velocity;
    if (fixed_time)
        st = accel ? af_qdrag_aim_time_accel_f64(&m, &shooter, &tg, s[TIME], sc->flags, out)
                   : af_qdrag_aim_time_f64(&m, &shooter, &tb, s[TIME], sc->flags, out);
    else
        st = accel ? af_qdrag_aim_speed_accel_f64(&m, &shooter, &tg, s[SPEED], s[TIME], sc->flags,
                                                  out)
                   : af_qdrag_aim_speed_f64(&m, &shooter, &tb, s[SPEED], s[TIME], sc->flags, out);
    fz_shots_f64(st, out);
    if (accel && st != SKIPPED && fz_all_zero(&tg.acceleration, sizeof tg.acceleration)) {
        /* Zero acceleration: the plain form's bits. */
        af_shots_f64 plain;
        af_status sp = fixed_time
                           ? af_qdrag_aim_time_f64(&m, &shooter, &tb, s[TIME], sc->flags, &plain)
                           : af_qdrag_aim_speed_f64(&m, &shooter, &tb, s[SPEED], s[TIME],
                                                    sc->flags, &plain);
        FZ_CHECK(sp == st && memcmp(&plain, out, sizeof plain) == 0,
                 "zero acceleration: %s, the plain form %s, not the same bits",
                 af_status_name(st), af_status_name(sp));
    }
    if (st != AF_OK)
        return st;
    if (fixed_time)
        FZ_CHECK(out->count == 1 && out->shot[0].t == s[TIME], "ok with %d shots, t %.17g",
                 out->count, out->shot[0].t);
    for (i = 0; i < out->count; i++) {
        if (!fixed_time && i == 0 && out->shot[0].t == 0.0) {
            /* The t = 0 shot of a target at the muzzle (qdrag_aim.h). */
            FZ_CHECK(fz_qlen(qsim_sub(tg.position, shooter.position)) == 0.0 &&
                         fz_qlen(out->shot[0].velocity) == 0.0,
                     "a t = 0 shot, the target not at the muzzle or a velocity not zero");
            continue;
        }
        if (!fixed_time) {
            double v = fz_qlen(out->shot[i].velocity);
            FZ_CHECK(fabs(v - s[SPEED]) <= 1e-9 * s[SPEED] + FZ_TINY,
                     "shot %d: launch speed %.17g, asked %.17g", i, v, s[SPEED]);
            FZ_CHECK(out->shot[i].t > 0 && out->shot[i].t <= s[TIME],
                     "shot %d at t %.17g, max_time %.17g", i, out->shot[i].t, s[TIME]);
        }
        check_shot_f64(&m, &shooter, &tg, &out->shot[i], sc->flags, i);
    }
    return st;
}

static void run_aim(const fz_args *a, const scene *sc)
{
    int accel = sc->op == OP_TIME_ACCEL || sc->op == OP_SPEED_ACCEL;
    int fixed_time = sc->op == OP_TIME || sc->op == OP_TIME_ACCEL;
    af_shots_f64 f;
    af_shots_q16 q, plain;
    af_qdrag_q16 mq = fz_qdrag_q16(a->q, sc->mi);
    af_qdrag_f64 mf = fz_qdrag_f64(a->fq, sc->mi);
    af_body_q16 shooter = fz_body_q16(a->q, FZ_Q_BODY), tb;
    af_body_f64 bf = fz_body_f64(a->fq, FZ_Q_BODY);
    af_body_accel_q16 tg = target_q16(a->q, accel);
    af_status sf, sq;
    double fast = 0.0;
    static const char *const names[4][2] = {
        { "af_qdrag_aim_time_f64 on the decoded values", "af_qdrag_aim_time_f64 on the Q16.16 values" },
        { "af_qdrag_aim_time_accel_f64 on the decoded values",
          "af_qdrag_aim_time_accel_f64 on the Q16.16 values" },
        { "af_qdrag_aim_speed_f64 on the decoded values", "af_qdrag_aim_speed_f64 on the Q16.16 values" },
        { "af_qdrag_aim_speed_accel_f64 on the decoded values",
          "af_qdrag_aim_speed_accel_f64 on the Q16.16 values" }
    };
    fz_call(names[sc->op][0]);
    (void)aim_f64(a->v, sc, &f);
    fz_call(names[sc->op][1]);
    sf = aim_f64(a->fq, sc, &f);
    if (sf == SKIPPED)
        return;
    tb.position = tg.position;
    tb.velocity = tg.velocity;
    fz_call(fixed_time ? (accel ? "af_qdrag_aim_time_accel_q16" : "af_qdrag_aim_time_q16")
                       : (accel ? "af_qdrag_aim_speed_accel_q16" : "af_qdrag_aim_speed_q16"));
    if (fixed_time)
        sq = accel ? af_qdrag_aim_time_accel_q16(&mq, &shooter, &tg, a->q[TIME], sc->flags, &q)
                   : af_qdrag_aim_time_q16(&mq, &shooter, &tb, a->q[TIME], sc->flags, &q);
    else
        sq = accel ? af_qdrag_aim_speed_accel_q16(&mq, &shooter, &tg, a->q[SPEED], a->q[TIME],
                                                  sc->flags, &q)
                   : af_qdrag_aim_speed_q16(&mq, &shooter, &tb, a->q[SPEED], a->q[TIME],
                                            sc->flags, &q);
    fz_shots_q16(sq, &q);
    if (accel && fz_all_zero(&tg.acceleration, sizeof tg.acceleration)) {
        af_status sp = fixed_time
                           ? af_qdrag_aim_time_q16(&mq, &shooter, &tb, a->q[TIME], sc->flags, &plain)
                           : af_qdrag_aim_speed_q16(&mq, &shooter, &tb, a->q[SPEED], a->q[TIME],
                                                    sc->flags, &plain);
        FZ_CHECK(sp == sq && memcmp(&plain, &q, sizeof plain) == 0,
                 "q16 zero acceleration: %s, the plain form %s, not the same bits",
                 af_status_name(sq), af_status_name(sp));
    }
    if (sq == AF_OK) {
        /* The fastest through the air: the launch plus the wind's. */
        fast = (fixed_time ? 2.0 * fz_vmax(fz_vec_of_q16(q.shot[0].velocity)) * 1.8
                           : a->fq[SPEED]) +
               fz_qlen(mf.wind) + fz_qlen(bf.velocity);
        check_shots_q16(&mq, &shooter, &q, sc->flags, &mf, fast);
    }
    if (sf != AF_OK || !fz_qdrag_domain(&mf, &bf, a->fq[TIME]))
        return;
    if (fixed_time) {
        /* f64's velocity where it fits (qdrag.h: a fixed-time aim's
         * velocity against f64's). */
        af_vec3_f64 v = f.shot[0].velocity;
        if (!(fz_qlen(v) <= 100.0) || !fz_fits3(f.shot[0].point))
            return;
        FZ_CHECK(sq == AF_OK || sq == AF_ERR_OUT_OF_RANGE, "q16 says %s, f64 ok",
                 af_status_name(sq));
        if (sq == AF_OK) {
            /* At least 3.2e-3 m/s (measured), and the miss the aim accepts
             * over the flight's time: stepped, the engine's drift; continuous,
             * qdrag_aim.h's (a short flight's: 1 LSB in 2 ms is 7.6e-3 m/s). */
            double e = fz_qlen(qsim_sub(fz_vec_of_q16(q.shot[0].velocity), v));
            double n = ceil(a->fq[TIME] / mf.dt);
            double tol = mf.kind == AF_DRAG_KIND_STEPPED
                             ? fmax(3.2e-3, 4.0 * (1.0 + n * n) * Q_LSB / a->fq[TIME])
                             : fmax(3.2e-3, qq16_miss_allowed(q16_steps(&mf, a->fq[TIME], fast)) *
                                                Q_LSB / a->fq[TIME]);
            FZ_CHECK(e <= tol, "q16 velocity %.3g m/s from f64's (allowed %.3g)", e, tol);
        }
    } else if (sq == AF_OK && f.count == q.count) {
        /* The same shots: times within the measured 7e-4 s (qdrag.h), or
         * the engine's drift over the launch speed. */
        int i;
        for (i = 0; i < f.count; i++) {
            double e = fabs(fz_f64_of(q.shot[i].t) - f.shot[i].t);
            double n = ceil(f.shot[i].t / mf.dt);
            double tol = mf.kind == AF_DRAG_KIND_STEPPED
                             ? fmax(7e-4, 2.0 * (1.0 + n * n) * Q_LSB / a->fq[SPEED])
                             : 7e-4;
            FZ_CHECK(e <= tol, "q16 shot %d at t %.9g, f64's at %.9g", i,
                     fz_f64_of(q.shot[i].t), f.shot[i].t);
        }
    }
}

/* ---- max range ----------------------------------------------------- */

static af_status range_f64(const double *s, const scene *sc, af_range_f64 *out)
{
    af_qdrag_f64 m = fz_qdrag_f64(s, sc->mi);
    af_vec3_f64 heading = fz_vec_f64(s, HEADING), up, hor, v;
    af_body_f64 b, r, alt;
    double path, scale;
    af_status st;
    memset(out, 0, sizeof *out);
    b.position.x = b.position.y = b.position.z = 0.0;
    b.velocity = b.position;
    b.velocity.x = s[SPEED];
    /* Every elevation's flight up to its landing: at most the time the
     * vertical shot takes to fall back through the level, within 16 s. */
    if (!fz_qdrag_affordable(&m, &b, 16.0) || (fz_qdrag_valid(&m, &b) && !(m.k >= 1.0 / 64)))
        return SKIPPED;
    st = af_qdrag_max_range_f64(&m, s[SPEED], s[HEIGHT], &heading, out);
    fz_status(st);
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(isfinite(out->range) && out->t >= 0 && isfinite(out->t) &&
                 isfinite(out->horizontal_speed) && isfinite(out->vertical_speed),
             "ok with range %g, t %g", out->range, out->t);
    FZ_CHECK(fabs(hypot(out->horizontal_speed, out->vertical_speed) - s[SPEED]) <=
                 1e-9 * s[SPEED] + FZ_TINY,
             "launch speed %.17g, asked %.17g",
             hypot(out->horizontal_speed, out->vertical_speed), s[SPEED]);
    /* The shot: horizontal_speed along the heading's horizontal part,
     * vertical_speed along up; flown by the tests, it is at the level at
     * out->t, out->range along the heading. */
    up = fz_qup(&m);
    hor = heading;
    {
        double d, l, big = fz_vmax(heading);
        /* Scaled first: the square of a heading of 1e154 overflows. */
        if (big > 0 && isfinite(big)) {
            hor.x /= big;
            hor.y /= big;
            hor.z /= big;
        }
        d = fz_qdot(hor, up);
        hor.x -= d * up.x;
        hor.y -= d * up.y;
        hor.z -= d * up.z;
        l = fz_qlen(hor);
        hor.x /= l;
        hor.y /= l;
        hor.z /= l;
    }
    v.x = out->horizontal_speed * hor.x + out->vertical_speed * up.x;
    v.y = out->horizontal_speed * hor.y + out->vertical_speed * up.y;
    v.z = out->horizontal_speed * hor.z + out->vertical_speed * up.z;
    b.velocity = v;
    if (!fz_finite3(hor) || !fz_qdrag_ref(&m, &b, out->t, &r, &alt, &path))
        return st;
    scale = fz_qdrag_pos_tol(&m, &b, out->t, path, &r) + 1e-9 * fz_qdrag_scale(&m, &b, out->t);
    FZ_CHECK(fabs(fz_qdot(r.position, up) - s[HEIGHT]) <= scale,
             "the tests' flight is at height %.17g at t %.17g, the level %.17g (allowed %.3g)",
             fz_qdot(r.position, up), out->t, s[HEIGHT], scale);
    FZ_CHECK(fabs(fz_qdot(r.position, hor) - out->range) <= scale,
             "the tests' flight is %.17g along the heading, the range %.17g (allowed %.3g)",
             fz_qdot(r.position, hor), out->range, scale);
    return st;
}

static void run_range(const fz_args *a, const scene *sc)
{
    af_range_f64 f;
    af_range_q16 q;
    af_qdrag_q16 mq = fz_qdrag_q16(a->q, sc->mi);
    af_qdrag_f64 mf = fz_qdrag_f64(a->fq, sc->mi);
    af_vec3_q16 heading = fz_vec_q16(a->q, HEADING);
    af_body_f64 b;
    af_status sf, sq;
    fz_call("af_qdrag_max_range_f64 on the decoded values");
    (void)range_f64(a->v, sc, &f);
    fz_call("af_qdrag_max_range_f64 on the Q16.16 values");
    sf = range_f64(a->fq, sc, &f);
    if (sf == SKIPPED)
        return;
    fz_call("af_qdrag_max_range_q16");
    sq = af_qdrag_max_range_q16(&mq, a->q[SPEED], a->q[HEIGHT], &heading, &q);
    fz_status(sq);
    fz_zero_on_failure(sq, &q, sizeof q);
    memset(&b, 0, sizeof b);
    b.velocity.x = a->fq[SPEED];
    if (sf != AF_OK || sq != AF_OK || !fz_qdrag_domain(&mf, &b, f.t))
        return;
    {
        /* Stepped: the engine's drift, 2 (1 + n^2) LSB (qdrag.h: the
         * measured 2 mm is no bound: a 45 m/s ball at 64 Hz is 2.1 mm
         * off); continuous: "64 LSB plus 1e-4 of it" (qdrag.h). */
        double e = fabs(fz_f64_of(q.range) - f.range);
        double n = ceil(f.t / mf.dt);
        double tol = mf.kind == AF_DRAG_KIND_STEPPED ? fmax(2e-3, 2.0 * (1.0 + n * n) * Q_LSB)
                                                     : 64.0 * Q_LSB + 1e-4 * fabs(f.range);
        FZ_CHECK(e <= tol, "q16 range %.9g, f64's %.9g: %.3g apart (allowed %.3g)",
                 fz_f64_of(q.range), f.range, e, tol);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    static const char *const own[SLOTS - FZ_Q_SLOTS] = {
        "target.position.x", "target.position.y", "target.position.z", "target.velocity.x",
        "target.velocity.y", "target.velocity.z", "target.acceleration.x",
        "target.acceleration.y", "target.acceleration.z", "speed", "t", "heading.x",
        "heading.y", "heading.z", "height"
    };
    fz_input in;
    fz_args a;
    scene sc;
    int i;
    uint8_t b;

    fz_qdrag_slots(names, kinds);
    for (i = FZ_Q_SLOTS; i < SLOTS; i++) {
        names[i] = own[i - FZ_Q_SLOTS];
        kinds[i] = FZ_ANY;
    }
    kinds[SPEED] = kinds[TIME] = FZ_POS;
    fz_input_start(&in, data, size);
    fz_begin("qdrag_aim", &a);
    b = fz_u8(&in);
    sc.op = b % OPS;
    fz_int("op", sc.op);
    sc.mi = fz_drag_ints(&in);
    b = fz_u8(&in);
    /* One byte in 16 gives an unknown flag. */
    sc.flags = (b & 15) == 15 ? 0x80u : (b & 1u ? AF_INHERIT_VELOCITY : 0u);
    fz_int("flags", (long)sc.flags);
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_qdrag_rescale(&a);
    for (i = 0; i < 3; i++) {
        fz_qdrag_div(&a, TPOS + i, 8.0);  /* within 64 m */
        fz_qdrag_div(&a, TVEL + i, 16.0); /* 32 m/s */
        fz_qdrag_div(&a, TACC + i, 64.0); /* 8 m/s^2 */
    }
    fz_qdrag_div(&a, SPEED, 2.0);  /* up to 128 m/s */
    fz_qdrag_div(&a, TIME, 64.0);  /* up to 4 s */
    fz_qdrag_div(&a, HEIGHT, 16.0); /* within 32 m */

    if (sc.op == OP_RANGE)
        run_range(&a, &sc);
    else
        run_aim(&a, &sc);
    return 0;
}
