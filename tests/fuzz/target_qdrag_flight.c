/* SPDX-License-Identifier: MIT */
/* Fuzz target: the quadratic drag flight's queries (aimfix/qdrag.h), f64
 * and q16 on the same numbers, one per input (a selector byte):
 * af_qdrag_predict, _predict_steps, _samples, _apex, _time_at_height,
 * _land and af_qdrag_coef_f64 (see fuzz_qdrag.h). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_qdrag.h"
#include "qdrag_sim.h"

enum { TIME = FZ_Q_SLOTS, STEPS, HEIGHT, TOL, MASS, DIAMETER, CD, AIR, SLOTS };
enum { OP_PREDICT, OP_STEPS, OP_SAMPLES, OP_APEX, OP_HEIGHT, OP_LAND, OP_COEF, OPS };
#define MAX_COUNT 20
#define LSB (1.0 / 65536.0)
/* Not called: a flight too long to fly in a fuzz run. */
#define SKIPPED ((af_status)-1000)

typedef struct scene {
    int op, branch, count;
    fz_model_ints mi;
} scene;

/* The plane at `height` along up from the launch, terrain below it. */
typedef struct floor_plane {
    af_qdrag_f64 m;
    af_vec3_f64 origin;
    double level;
} floor_plane;

static int cast_f64(void *user, const af_vec3_f64 *o, const af_vec3_f64 *d, double length,
                    af_vec3_f64 *hit)
{
    const floor_plane *f = (const floor_plane *)user;
    double ho = fz_qheight(&f->m, f->origin, *o) - f->level;
    double rate = fz_qdot(*d, fz_qup(&f->m)), s;
    if (!(ho >= 0) || !(rate < 0))
        return 0;
    s = -ho / rate;
    if (!(s <= length))
        return 0;
    hit->x = o->x + s * d->x;
    hit->y = o->y + s * d->y;
    hit->z = o->z + s * d->z;
    return 1;
}

static int cast_q16(void *user, const af_vec3_q16 *o, const af_vec3_q16 *d, fix16_t length,
                    af_vec3_q16 *hit)
{
    af_vec3_f64 of = fz_vec_of_q16(*o), df = fz_vec_of_q16(*d), h;
    double l = fz_f64_of(length);
    df.x /= fz_qlen(df);
    df.y /= fz_qlen(fz_vec_of_q16(*d));
    df.z /= fz_qlen(fz_vec_of_q16(*d));
    if (!(fz_qlen(fz_vec_of_q16(*d)) > 0) || !cast_f64(user, &of, &df, l, &h) || !fz_fits3(h))
        return 0;
    hit->x = fz_q16_of(h.x);
    hit->y = fz_q16_of(h.y);
    hit->z = fz_q16_of(h.z);
    return 1;
}

/* The state of an ok f64 answer at t against the tests' own flight. */
static void check_state(const af_qdrag_f64 *m, const af_body_f64 *b, double t,
                        const af_body_f64 *got, int check_velocity)
{
    af_body_f64 r, alt;
    double path, pe, ve;
    if (!fz_qdrag_ref(m, b, t, &r, &alt, &path))
        return;
    /* At a whole step the tolerance counts the faster of the velocities
     * either side: the time's rounding moves the body along the next. */
    if (fz_qlen(alt.velocity) > fz_qlen(r.velocity)) {
        af_body_f64 swap = r;
        r = alt;
        alt = swap;
    }
    pe = fz_qlen(qsim_sub(got->position, r.position));
    FZ_CHECK(pe <= fz_qdrag_pos_tol(m, b, t, path, &r),
             "position %.3g from the tests' flight at t = %.17g (allowed %.3g, path %.3g)", pe,
             t, fz_qdrag_pos_tol(m, b, t, path, &r), path);
    if (!check_velocity)
        return;
    ve = fmin(fz_qlen(qsim_sub(got->velocity, r.velocity)),
              fz_qlen(qsim_sub(got->velocity, alt.velocity)));
    FZ_CHECK(ve <= fz_qdrag_vel_tol(m, b, t, &r),
             "velocity %.3g from the tests' flight at t = %.17g (allowed %.3g)", ve, t,
             fz_qdrag_vel_tol(m, b, t, &r));
}

/* Whether every value of a state is well inside Q16.16. */
static int body_fits(const af_body_f64 *b)
{
    return fz_vmax(b->position) < 16384.0 && fz_vmax(b->velocity) < 16384.0;
}

/* ---- predict, predict_steps ---------------------------------------- */

static af_status predict_f64(const double *s, const scene *sc, int steps, af_body_f64 *out)
{
    af_qdrag_f64 m = fz_qdrag_f64(s, sc->mi);
    af_body_f64 b = fz_body_f64(s, FZ_Q_BODY);
    double t = steps ? s[STEPS] * m.dt : s[TIME];
    af_status st;
    memset(out, 0, sizeof *out);
    if (!fz_qdrag_affordable(&m, &b, t))
        return SKIPPED;
    st = steps ? af_qdrag_predict_steps_f64(&m, &b, s[STEPS], out)
               : af_qdrag_predict_f64(&m, &b, t, out);
    fz_status(st);
    fz_zero_on_failure(st, out, sizeof *out);
    if (steps && m.kind == AF_DRAG_KIND_CONTINUOUS)
        FZ_CHECK(st == AF_ERR_BAD_ARGUMENT, "continuous model, steps said %s",
                 af_status_name(st));
    if (st != AF_OK) {
        af_body_f64 r, alt;
        double path;
        /* A valid, short flight the tests fly to a modest state is answered. */
        FZ_CHECK(!(fz_qdrag_ref(&m, &b, t, &r, &alt, &path) && fz_vmax(r.position) < 1e150 &&
                   fz_vmax(r.velocity) < 1e150 && (!steps || m.kind == AF_DRAG_KIND_STEPPED) &&
                   (steps ? s[STEPS] >= 0 : t >= 0)),
                 "refused (%s) a flight of %.17g s the tests fly", af_status_name(st), t);
        return st;
    }
    FZ_CHECK(fz_body_finite(out), "ok with a state not finite");
    if (steps && s[STEPS] == floor(s[STEPS]) && s[STEPS] <= 65536.0) {
        af_body_f64 e = qsim_engine(&m, &b, (long)s[STEPS]);
        FZ_CHECK(memcmp(&e, out, sizeof e) == 0,
                 "after %.0f whole steps not the engine's bits: position (%.17g %.17g %.17g), "
                 "the engine's (%.17g %.17g %.17g)",
                 s[STEPS], out->position.x, out->position.y, out->position.z, e.position.x,
                 e.position.y, e.position.z);
    }
    check_state(&m, &b, t, out, 1);
    return st;
}

static void run_predict(const fz_args *a, const scene *sc, int steps)
{
    af_body_f64 f;
    af_body_q16 q, start = fz_body_q16(a->q, FZ_Q_BODY);
    af_qdrag_q16 mq = fz_qdrag_q16(a->q, sc->mi);
    af_qdrag_f64 mf = fz_qdrag_f64(a->fq, sc->mi);
    af_body_f64 bf = fz_body_f64(a->fq, FZ_Q_BODY);
    double t = steps ? a->fq[STEPS] * mf.dt : a->fq[TIME];
    af_status sf, sq;
    fz_call(steps ? "af_qdrag_predict_steps_f64 on the decoded values"
                  : "af_qdrag_predict_f64 on the decoded values");
    (void)predict_f64(a->v, sc, steps, &f);
    fz_call(steps ? "af_qdrag_predict_steps_f64 on the Q16.16 values"
                  : "af_qdrag_predict_f64 on the Q16.16 values");
    sf = predict_f64(a->fq, sc, steps, &f);
    if (!fz_qdrag_affordable(&mf, &bf, t))
        return;
    fz_call(steps ? "af_qdrag_predict_steps_q16" : "af_qdrag_predict_q16");
    sq = steps ? af_qdrag_predict_steps_q16(&mq, &start, a->q[STEPS], &q)
               : af_qdrag_predict_q16(&mq, &start, a->q[TIME], &q);
    fz_status(sq);
    fz_zero_on_failure(sq, &q, sizeof q);
    if (sf == AF_OK && fz_qdrag_domain(&mf, &bf, t) && body_fits(&f)) {
        FZ_CHECK(sq == AF_OK, "q16 says %s where f64's state fits", af_status_name(sq));
        fz_qdrag_state_close(&mf, &bf, t, &q, &f);
    }
}

/* ---- samples ------------------------------------------------------- */

static af_status samples_f64(const double *s, const scene *sc, af_vec3_f64 *pts)
{
    af_qdrag_f64 m = fz_qdrag_f64(s, sc->mi);
    af_body_f64 b = fz_body_f64(s, FZ_Q_BODY);
    af_status st;
    int i;
    memset(pts, 0, MAX_COUNT * sizeof *pts);
    if (!fz_qdrag_affordable(&m, &b, s[TIME]))
        return SKIPPED;
    st = af_qdrag_samples_f64(&m, &b, s[TIME], pts, sc->count);
    fz_status(st);
    if (sc->count > 0)
        fz_zero_on_failure(st, pts, (size_t)sc->count * sizeof *pts);
    if (st != AF_OK)
        return st;
    FZ_CHECK(sc->count >= 2 && s[TIME] > 0, "ok with count %d, t_end %g", sc->count, s[TIME]);
    for (i = 0; i < sc->count; i++) {
        af_body_f64 got;
        FZ_CHECK(fz_finite3(pts[i]), "sample %d not finite", i);
        got.position = pts[i];
        got.velocity = b.velocity;
        /* Sample i is the flight at t_end i / (count - 1). */
        check_state(&m, &b, s[TIME] * i / (sc->count - 1), &got, 0);
    }
    return st;
}

static void run_samples(const fz_args *a, const scene *sc)
{
    af_vec3_f64 f[MAX_COUNT];
    af_vec3_q16 q[MAX_COUNT];
    af_body_q16 start = fz_body_q16(a->q, FZ_Q_BODY);
    af_qdrag_q16 mq = fz_qdrag_q16(a->q, sc->mi);
    af_qdrag_f64 mf = fz_qdrag_f64(a->fq, sc->mi);
    af_body_f64 bf = fz_body_f64(a->fq, FZ_Q_BODY);
    af_status sf, sq;
    int i;
    fz_call("af_qdrag_samples_f64 on the decoded values");
    (void)samples_f64(a->v, sc, f);
    fz_call("af_qdrag_samples_f64 on the Q16.16 values");
    sf = samples_f64(a->fq, sc, f);
    if (!fz_qdrag_affordable(&mf, &bf, a->fq[TIME]))
        return;
    fz_call("af_qdrag_samples_q16");
    memset(q, 0, sizeof q);
    sq = af_qdrag_samples_q16(&mq, &start, a->q[TIME], q, sc->count);
    fz_status(sq);
    if (sc->count > 0)
        fz_zero_on_failure(sq, q, (size_t)sc->count * sizeof *q);
    if (sq != AF_OK)
        return;
    /* Each sample is af_qdrag_predict_q16's at t_end i / (count - 1),
     * rounded: one of the raw times either side. */
    for (i = 0; i < sc->count; i++) {
        int64_t num = (int64_t)a->q[TIME] * i, den = sc->count - 1;
        fix16_t lo = (fix16_t)(num / den), hi = (fix16_t)((num + den - 1) / den);
        af_body_q16 p1, p2;
        int ok1 = af_qdrag_predict_q16(&mq, &start, lo, &p1) == AF_OK &&
                  memcmp(&p1.position, &q[i], sizeof q[i]) == 0;
        int ok2 = af_qdrag_predict_q16(&mq, &start, hi, &p2) == AF_OK &&
                  memcmp(&p2.position, &q[i], sizeof q[i]) == 0;
        FZ_CHECK(ok1 || ok2, "sample %d is not the prediction at raw time %ld or %ld", i,
                 (long)lo, (long)hi);
    }
    if (sf == AF_OK && fz_qdrag_domain(&mf, &bf, a->fq[TIME]))
        for (i = 0; i < sc->count; i++) {
            af_body_f64 bff;
            double t = a->fq[TIME] * i / (sc->count - 1);
            bff.position = f[i];
            bff.velocity = bf.velocity;
            /* The q16 sample's time is rounded to an LSB: that much more. */
            {
                double e = fz_vmax(qsim_sub(fz_vec_of_q16(q[i]), f[i]));
                double tol = fz_qdrag_q16_pos_tol(&mf, &bf, t, &bff) +
                             LSB * (fz_qlen(bf.velocity) + fz_qlen(mf.gravity) * 4.0 + 16.0);
                FZ_CHECK(e <= tol, "q16 sample %d %.3g LSB from f64's (allowed %.3g)", i,
                         e / LSB, tol / LSB);
            }
        }
}

/* ---- apex, time at height ------------------------------------------ */

static af_status event_f64(const double *s, const scene *sc, int apex, af_drag_event_f64 *out)
{
    af_qdrag_f64 m = fz_qdrag_f64(s, sc->mi);
    af_body_f64 b = fz_body_f64(s, FZ_Q_BODY);
    af_status st;
    double scale, h;
    memset(out, 0, sizeof *out);
    /* The flight to the event is bounded by 16 s of flight only through
     * the drag: the fall's terminal speed within 16 s. */
    if (!fz_qdrag_affordable(&m, &b, 16.0) || (fz_qdrag_valid(&m, &b) && !(m.k >= 1.0 / 64)))
        return SKIPPED;
    st = apex ? af_qdrag_apex_f64(&m, &b, out)
              : af_qdrag_time_at_height_f64(&m, &b, s[HEIGHT], (af_branch)sc->branch, out);
    fz_status(st);
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(out->t >= 0 && isfinite(out->t) && isfinite(out->height) &&
                 fz_body_finite(&out->state),
             "ok with t %g, height %g or a state not finite", out->t, out->height);
    /* The state's own size too: a folding engine outgrows the start. */
    scale = fz_qdrag_scale(&m, &b, out->t) + fz_qlen(out->state.position) +
            fz_qlen(out->state.velocity) * (out->t + (m.kind == AF_DRAG_KIND_STEPPED ? m.dt : 0.0));
    h = fz_qheight(&m, b.position, out->state.position);
    FZ_CHECK(!isfinite(h) || fabs(h - out->height) <= 1e-9 * scale + FZ_TINY,
             "the state is at height %.17g, the event says %.17g", h, out->height);
    if (!apex)
        FZ_CHECK(fabs(out->height - s[HEIGHT]) <= 1e-9 * scale + FZ_TINY,
                 "at height %.17g, asked %.17g", out->height, s[HEIGHT]);
    if (out->t <= 16.0)
        check_state(&m, &b, out->t, &out->state, 0);
    if (apex && out->t == 0.0)
        FZ_CHECK(out->height == 0.0, "apex at t = 0 at height %.17g", out->height);
    if (apex && m.kind == AF_DRAG_KIND_CONTINUOUS) {
        /* The highest point: the tests' flight is no higher at 16 times
         * up to twice the apex's (a second at least). */
        double span = fmin(16.0, fmax(1.0, 2.0 * out->t));
        int i;
        for (i = 1; i <= 16; i++) {
            af_body_f64 r, alt;
            double path, t = span * i / 16.0, hi;
            if (!fz_qdrag_ref(&m, &b, t, &r, &alt, &path))
                break;
            hi = fz_qheight(&m, b.position, r.position);
            FZ_CHECK(!(hi > out->height + fz_qdrag_pos_tol(&m, &b, t, path, &r)),
                     "the tests' flight is at height %.17g at t %.17g, above the apex %.17g "
                     "(at t %.17g)",
                     hi, t, out->height, out->t);
        }
    }
    if (apex && m.kind == AF_DRAG_KIND_STEPPED && out->t > 0 && out->t / m.dt <= 65536.0) {
        /* The engine's highest vertex: its neighbours are no higher. */
        double n = floor(out->t / m.dt + 0.5);
        af_body_f64 lo = qsim_engine(&m, &b, (long)n - 1), hi = qsim_engine(&m, &b, (long)n + 1);
        double tol = 1e-9 * scale + FZ_TINY;
        FZ_CHECK(fabs(out->t / m.dt - n) <= 1e-9 * n, "apex at %.17g steps, not a whole step",
                 out->t / m.dt);
        /* A neighbour that left the doubles (a folding engine) is not judged. */
        FZ_CHECK(!(fz_qheight(&m, b.position, lo.position) > out->height + tol) &&
                     !(fz_qheight(&m, b.position, hi.position) > out->height + tol),
                 "a neighbouring step is higher: %.17g, %.17g, apex %.17g",
                 fz_qheight(&m, b.position, lo.position), fz_qheight(&m, b.position, hi.position),
                 out->height);
    }
    if (apex && m.kind == AF_DRAG_KIND_CONTINUOUS && out->t > 0 && out->t <= 16.0) {
        af_body_f64 r, alt;
        double path;
        if (fz_qdrag_ref(&m, &b, out->t, &r, &alt, &path)) {
            double up = fz_qdot(r.velocity, fz_qup(&m));
            FZ_CHECK(fabs(up) <= fz_qdrag_vel_tol(&m, &b, out->t, &r),
                     "rising at %.3g m/s at the apex (allowed %.3g)", up,
                     fz_qdrag_vel_tol(&m, &b, out->t, &r));
        }
    }
    return st;
}

static void run_event(const fz_args *a, const scene *sc, int apex)
{
    af_drag_event_f64 f;
    af_drag_event_q16 q;
    af_body_q16 start = fz_body_q16(a->q, FZ_Q_BODY);
    af_qdrag_q16 mq = fz_qdrag_q16(a->q, sc->mi);
    af_qdrag_f64 mf = fz_qdrag_f64(a->fq, sc->mi);
    af_body_f64 bf = fz_body_f64(a->fq, FZ_Q_BODY);
    af_status sf, sq;
    fz_call(apex ? "af_qdrag_apex_f64 on the decoded values"
                 : "af_qdrag_time_at_height_f64 on the decoded values");
    (void)event_f64(a->v, sc, apex, &f);
    fz_call(apex ? "af_qdrag_apex_f64 on the Q16.16 values"
                 : "af_qdrag_time_at_height_f64 on the Q16.16 values");
    sf = event_f64(a->fq, sc, apex, &f);
    if (sf == SKIPPED)
        return;
    fz_call(apex ? "af_qdrag_apex_q16" : "af_qdrag_time_at_height_q16");
    sq = apex ? af_qdrag_apex_q16(&mq, &start, &q)
              : af_qdrag_time_at_height_q16(&mq, &start, a->q[HEIGHT], (af_branch)sc->branch, &q);
    fz_status(sq);
    fz_zero_on_failure(sq, &q, sizeof q);
    if (sf != AF_OK || !fz_qdrag_domain(&mf, &bf, f.t) || !body_fits(&f.state))
        return;
    {
        double up = -fz_qdot(f.state.velocity, mf.gravity) / fz_qlen(mf.gravity);
        double ptol = fz_qdrag_q16_pos_tol(&mf, &bf, f.t, &f.state);
        if (!apex && fabs(up) * 0.05 <= fz_qlen(mf.gravity) * 1e-3 + ptol)
            return; /* near the apex: either format may miss the height */
        FZ_CHECK(sq == AF_OK, "q16 says %s, f64 ok at t %.9g", af_status_name(sq), f.t);
        if (apex) {
            double e = fabs(fz_f64_of(q.height) - f.height);
            FZ_CHECK(e <= ptol + LSB, "q16 apex height %.3g LSB from f64's (allowed %.3g)",
                     e / LSB, (ptol + LSB) / LSB);
        } else {
            /* The position's tolerance over the vertical speed (stepped:
             * the engine's drift, the measured 4e-4 s at least). */
            double e = fabs(fz_f64_of(q.t) - f.t);
            double tol = mf.kind == AF_DRAG_KIND_STEPPED ? fmax(4e-4, ptol / fabs(up) + LSB)
                                                         : ptol / fabs(up) + LSB;
            FZ_CHECK(e <= tol, "q16 time %.9g, f64 %.9g: %.3g s apart (allowed %.3g)",
                     fz_f64_of(q.t), f.t, e, tol);
        }
    }
}

/* ---- land ---------------------------------------------------------- */

static af_status land_f64(const double *s, const scene *sc, af_drag_landing_f64 *out)
{
    floor_plane fl;
    af_body_f64 b = fz_body_f64(s, FZ_Q_BODY);
    af_status st;
    fl.m = fz_qdrag_f64(s, sc->mi);
    fl.origin = b.position;
    fl.level = s[HEIGHT];
    memset(out, 0, sizeof *out);
    if (!fz_qdrag_affordable(&fl.m, &b, s[TIME]) || !(fz_qlen(fl.m.gravity) > 0) ||
        !isfinite(fz_qlen(fl.m.gravity)))
        return SKIPPED;
    st = af_qdrag_land_f64(&fl.m, &b, s[TIME], s[TOL], cast_f64, &fl, out);
    fz_status(st);
    FZ_CHECK(out->casts >= 0 && out->casts <= AF_QDRAG_LAND_MAX_CASTS, "%d casts", out->casts);
    if (st != AF_OK) {
        af_drag_landing_f64 z = *out;
        z.casts = 0;
        FZ_CHECK(fz_all_zero(&z, sizeof z), "failed (%s) with an output not zero",
                 af_status_name(st));
        return st;
    }
    FZ_CHECK(out->t >= 0 && out->t <= s[TIME] && fz_finite3(out->point) &&
                 fz_finite3(out->velocity),
             "ok at t %.17g (max %.17g) or a point not finite", out->t, s[TIME]);
    {
        double scale = fz_qdrag_scale(&fl.m, &b, out->t) + fabs(s[HEIGHT]) +
                       fz_qlen(out->point) + fz_qlen(out->velocity) * (out->t + fabs(fl.m.dt));
        double h = fz_qheight(&fl.m, b.position, out->point);
        FZ_CHECK(fabs(h - s[HEIGHT]) <= 1e-9 * scale + FZ_TINY,
                 "landed at height %.17g, the floor is at %.17g", h, s[HEIGHT]);
        if (fl.m.kind == AF_DRAG_KIND_STEPPED) {
            /* Down to one engine segment, which the body follows: the hit
             * is on its path at out->t. */
            af_body_f64 r, alt;
            double path;
            if (fz_qdrag_ref(&fl.m, &b, out->t, &r, &alt, &path)) {
                if (fz_qlen(alt.velocity) > fz_qlen(r.velocity))
                    r.velocity = alt.velocity;
                double e = fz_qlen(qsim_sub(r.position, out->point));
                FZ_CHECK(e <= fz_qdrag_pos_tol(&fl.m, &b, out->t, 0.0, &r) + 1e-9 * scale,
                         "the engine is %.3g m from the landing at t %.17g", e, out->t);
            }
        }
    }
    return st;
}

static void run_land(const fz_args *a, const scene *sc)
{
    af_drag_landing_f64 f;
    af_drag_landing_q16 q;
    floor_plane fl;
    af_body_q16 start = fz_body_q16(a->q, FZ_Q_BODY);
    af_qdrag_q16 mq = fz_qdrag_q16(a->q, sc->mi);
    af_status sq;
    fz_call("af_qdrag_land_f64 on the decoded values");
    (void)land_f64(a->v, sc, &f);
    fz_call("af_qdrag_land_f64 on the Q16.16 values");
    if (land_f64(a->fq, sc, &f) == SKIPPED)
        return;
    fl.m = fz_qdrag_f64(a->fq, sc->mi);
    fl.origin = fz_body_f64(a->fq, FZ_Q_BODY).position;
    fl.level = a->fq[HEIGHT];
    fz_call("af_qdrag_land_q16");
    sq = af_qdrag_land_q16(&mq, &start, a->q[TIME], a->q[TOL], cast_q16, &fl, &q);
    fz_status(sq);
    FZ_CHECK(q.casts >= 0 && q.casts <= AF_QDRAG_LAND_MAX_CASTS, "%d casts", q.casts);
    if (sq != AF_OK) {
        af_drag_landing_q16 z = q;
        z.casts = 0;
        FZ_CHECK(fz_all_zero(&z, sizeof z), "failed (%s) with an output not zero",
                 af_status_name(sq));
        return;
    }
    FZ_CHECK(q.t >= 0 && q.t <= a->q[TIME], "q16 landed at raw t %ld (max %ld)", (long)q.t,
             (long)a->q[TIME]);
}

/* ---- coef ---------------------------------------------------------- */

static void run_coef(const double *s)
{
    double k = -1.0, want;
    af_status st;
    int valid = 1, i;
    fz_call("af_qdrag_coef_f64");
    st = af_qdrag_coef_f64(s[MASS], s[DIAMETER], s[CD], s[AIR], &k);
    fz_status(st);
    fz_zero_on_failure(st, &k, sizeof k);
    for (i = MASS; i <= AIR; i++)
        valid = valid && s[i] > 0 && isfinite(s[i]);
    if (!valid) {
        FZ_CHECK(st == AF_ERR_BAD_ARGUMENT, "bad input, said %s", af_status_name(st));
        return;
    }
    /* k = rho Cd pi d^2 / (8 m), in long double with the exponents apart. */
    {
        long double kl = (long double)s[AIR] * (long double)s[CD] * 3.14159265358979323846L *
                         (long double)s[DIAMETER] * (long double)s[DIAMETER] / 8.0L /
                         (long double)s[MASS];
        want = (double)kl;
        if (kl > (long double)DBL_MAX * (1.0L + 0x1p-53L)) {
            FZ_CHECK(st == AF_ERR_OVERFLOW, "k %Lg overflows, said %s", kl, af_status_name(st));
            return;
        }
        if (st == AF_ERR_OVERFLOW) {
            FZ_CHECK(kl >= (long double)DBL_MAX * (1.0L - 1e-12L), "overflow for k %Lg", kl);
            return;
        }
        FZ_CHECK(st == AF_OK, "said %s for k %Lg", af_status_name(st), kl);
        /* Relative 1e-14 where k is normal; a few ulps of the least
         * subnormal below. */
        FZ_CHECK(fabs(k - want) <= 1e-14 * fabs(want) + 8.0 * 4.9406564584124654e-324,
                 "k %.17g, the formula's %.17g", k, want);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    scene sc;
    uint8_t b;

    fz_qdrag_slots(names, kinds);
    names[TIME] = "t";
    kinds[TIME] = FZ_POS;
    names[STEPS] = "n";
    kinds[STEPS] = FZ_POS;
    names[HEIGHT] = "height";
    kinds[HEIGHT] = FZ_ANY;
    names[TOL] = "tolerance";
    kinds[TOL] = FZ_POS;
    names[MASS] = "mass";
    names[DIAMETER] = "diameter";
    names[CD] = "cd";
    names[AIR] = "air_density";
    kinds[MASS] = kinds[DIAMETER] = kinds[CD] = kinds[AIR] = FZ_POS;
    fz_input_start(&in, data, size);
    fz_begin("qdrag_flight", &a);
    b = fz_u8(&in);
    sc.op = b % OPS;
    fz_int("op", sc.op);
    sc.mi = fz_drag_ints(&in);
    b = fz_u8(&in);
    sc.branch = b % 3; /* 2: unknown */
    sc.count = (int)(b / 3 % MAX_COUNT) - 1;
    fz_int("branch", sc.branch);
    fz_int("count", sc.count);
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_qdrag_rescale(&a);
    fz_qdrag_div(&a, TIME, 64.0);   /* up to 4 s */
    fz_qdrag_div(&a, HEIGHT, 16.0); /* within 32 m */
    fz_qdrag_div(&a, TOL, 1024.0);  /* up to 25 cm */
    if (sc.op == OP_COEF) {
        fz_qdrag_div(&a, MASS, 512.0);
        fz_qdrag_div(&a, DIAMETER, 1024.0);
        fz_qdrag_div(&a, CD, 64.0);
        fz_qdrag_div(&a, AIR, 64.0);
    }

    switch (sc.op) {
    case OP_PREDICT:
        run_predict(&a, &sc, 0);
        break;
    case OP_STEPS:
        run_predict(&a, &sc, 1);
        break;
    case OP_SAMPLES:
        run_samples(&a, &sc);
        break;
    case OP_APEX:
        run_event(&a, &sc, 1);
        break;
    case OP_HEIGHT:
        run_event(&a, &sc, 0);
        break;
    case OP_LAND:
        run_land(&a, &sc);
        break;
    default:
        run_coef(a.v);
        run_coef(a.fq);
        break;
    }
    return 0;
}
