/* SPDX-License-Identifier: MIT */
/*
 * The Q16 quadratic drag functions (aimfix/qdrag.h and aimfix/qdrag_aim.h,
 * both kinds, static and accelerating targets) as rows of the solver
 * table (q16_solvers.h), after the vacuum and linear drag rows. Their scenes are their own: flights of at most a few seconds at
 * 6 to 64 steps a second, distances and speeds of balls and pellets (a
 * solve marches the engine step by step, so the vacuum scenes' kilometres
 * and hours would take millions of steps), with one input set in 16 an
 * edge case. Each f64 twin runs af_qdrag_*_f64 on the same numbers.
 */
#include <string.h>

#include "q16_rows.h"

/* ---- The model -------------------------------------------------------- */

typedef struct qdrag_draw {
    int32_t kind, order, k, c, dt;
    af_vec3_q16 gravity, wind;
} qdrag_draw;

/* Where k is among the inputs (after kind, order, gravity and wind). */
#define K_INPUT 8

#define QMODEL_NAMES                                                                         \
    "qdrag.kind", "qdrag.order", VEC_NAMES("gravity"), VEC_NAMES("qdrag.wind"), "qdrag.k",  \
        "qdrag.c", "qdrag.dt"

/* g about 9.81 m/s^2 down z (tilted by up to 1/16 of it), k from 2^-12 to
 * 2^-1 /m, half with a linear term up to 1/2 /s, half in a wind up to
 * 4 m/s, dt from 1/64 to 1/6 s, either order. One set in 8 is of the
 * continuous kind, k from 2^-14 to 2^-3 /m (its Runge-Kutta steps
 * shorten as k grows: the suite's time on a slow board), half of them
 * with dt 0 (the step chosen from the scene). The edges, one set in 16:
 * c < 0, dt = 0, k < 0, an unknown order, g = 0, no drag, a launch near
 * Q16.16's end (its flight overflows), and a drag that reverses a step
 * (the aims refuse it). */
static qdrag_draw draw_model(th_rng *rng, long i, int *edge)
{
    qdrag_draw m;
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = (int32_t)th_rand_below(rng, 2);
    m.gravity.x = qs_spread(rng, 40000);
    m.gravity.y = qs_spread(rng, 40000);
    m.gravity.z = -642908 + qs_spread(rng, 40000);
    m.wind.x = m.wind.y = m.wind.z = 0;
    if (th_rand_below(rng, 2)) {
        m.wind.x = qs_spread(rng, 4 * 65536);
        m.wind.y = qs_spread(rng, 4 * 65536);
        m.wind.z = qs_spread(rng, 65536);
    }
    m.k = (int32_t)qs_magnitude(rng, 4, 15);
    m.c = th_rand_below(rng, 2) ? (int32_t)th_rand_below(rng, 32768) : 0;
    m.dt = 1024 + (int32_t)th_rand_below(rng, 9900);
    *edge = -1;
    if (i % 8 == 3) {
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.k >>= 2;
        if (i % 16 == 3)
            m.dt = 0;
    }
    if (i % 16 == 15) {
        *edge = (int)((i / 16) % 8);
        switch (*edge) {
        case 0: m.c = -1; break;
        case 1: m.dt = 0; break;
        case 2: m.k = -m.k - 1; break;
        case 3: m.order = 7; break;
        case 4: m.gravity.x = m.gravity.y = m.gravity.z = 0; break;
        case 5: m.k = m.c = 0; break;
        case 7: m.k = 8 * 65536; break;
        default: break; /* 6: the launch's (below) */
        }
    }
    return m;
}

static void put_model(int32_t **p, const qdrag_draw *m)
{
    *(*p)++ = m->kind;
    *(*p)++ = m->order;
    qs_put_vec(p, m->gravity);
    qs_put_vec(p, m->wind);
    *(*p)++ = m->k;
    *(*p)++ = m->c;
    *(*p)++ = m->dt;
}

/* The model of the inputs in Q16.16 and, exactly, in double. */
static void take_model(const int32_t **p, af_qdrag_q16 *q, af_qdrag_f64 *f)
{
    memset(q, 0, sizeof *q);
    q->kind = (af_drag_kind)(*p)[0];
    q->order = (af_qdrag_order)(*p)[1];
    *p += 2;
    q->gravity = qs_take_vec_q16(p);
    q->wind = qs_take_vec_q16(p);
    q->k = (*p)[0];
    q->c = (*p)[1];
    q->dt = (*p)[2];
    *p += 3;
    if (f) {
        f->kind = q->kind;
        f->order = q->order;
        f->gravity.x = qs_f64_of(q->gravity.x);
        f->gravity.y = qs_f64_of(q->gravity.y);
        f->gravity.z = qs_f64_of(q->gravity.z);
        f->wind.x = qs_f64_of(q->wind.x);
        f->wind.y = qs_f64_of(q->wind.y);
        f->wind.z = qs_f64_of(q->wind.z);
        f->k = qs_f64_of(q->k);
        f->c = qs_f64_of(q->c);
        f->dt = qs_f64_of(q->dt);
    }
}

/* A launch from within 16 m of the origin at 1 to 40 m/s, mostly
 * upward; edge 6 starts it 1 m from Q16.16's end, flying outward. */
static af_body_q16 launch(th_rng *rng, int edge)
{
    af_body_q16 b;
    uint32_t speed = qs_magnitude(rng, 16, 21) + 65536;
    b.position.x = qs_spread(rng, 16 * 65536);
    b.position.y = qs_spread(rng, 16 * 65536);
    b.position.z = qs_spread(rng, 4 * 65536);
    b.velocity.x = qs_spread(rng, speed);
    b.velocity.y = qs_spread(rng, speed / 2);
    b.velocity.z = qs_spread(rng, speed) / 2 + (int32_t)(speed / 2);
    if (edge == 6) {
        b.position.x = INT32_MAX - 65536;
        b.velocity.x = 30 * 65536;
    }
    return b;
}

/* 0 to 3 s. */
static fix16_t flight_time(th_rng *rng)
{
    return (fix16_t)th_rand_below(rng, 3 * 65536);
}

/* ---- Flights from a start --------------------------------------------- */

#define QFLIGHT_NAMES QMODEL_NAMES, BODY_NAMES("start")

static int32_t *begin(th_rng *rng, long i, qs_in *in, af_body_q16 *b)
{
    int32_t *p = in->v;
    int edge;
    qdrag_draw m;
    memset(in, 0, sizeof *in);
    m = draw_model(rng, i, &edge);
    *b = launch(rng, edge);
    put_model(&p, &m);
    qs_put_body(&p, b);
    return p;
}

static void take_flight(const qs_in *in, const int32_t **p, af_qdrag_q16 *q, af_qdrag_f64 *f,
                        af_body_q16 *bq, af_body_f64 *bf)
{
    *p = in->v;
    take_model(p, q, f);
    if (bq)
        *bq = qs_take_body_q16(p);
    else
        *bf = qs_take_body_f64(p);
}

static const char *const state_outputs[] = { VEC_NAMES("position"), VEC_NAMES("velocity"),
                                             NULL };
static const char *const predict_inputs[] = { QFLIGHT_NAMES, "t", NULL };
static const char *const predict_steps_inputs[] = { QFLIGHT_NAMES, "steps", NULL };

static void predict_make(th_rng *rng, long i, qs_in *in)
{
    af_body_q16 b;
    int32_t *p = begin(rng, i, in, &b);
    *p = flight_time(rng);
}

static void predict_steps_make(th_rng *rng, long i, qs_in *in)
{
    af_body_q16 b;
    int32_t *p = begin(rng, i, in, &b);
    *p = (int32_t)th_rand_below(rng, 200 * 65536);
}

static void state_q16(const qs_in *in, qs_out_q16 *out, int steps)
{
    const int32_t *p;
    af_qdrag_q16 m;
    af_body_q16 s, r;
    int32_t *v = out->v;
    take_flight(in, &p, &m, NULL, &s, NULL);
    out->status = steps ? af_qdrag_predict_steps_q16(&m, &s, p[0], &r)
                        : af_qdrag_predict_q16(&m, &s, p[0], &r);
    qs_put_body(&v, &r);
    out->n = 6;
}

static void state_f64(const qs_in *in, qs_out_f64 *out, int steps)
{
    const int32_t *p;
    af_qdrag_q16 q;
    af_qdrag_f64 m;
    af_body_f64 s, r;
    double *v = out->v;
    take_flight(in, &p, &q, &m, NULL, &s);
    out->status = steps ? af_qdrag_predict_steps_f64(&m, &s, qs_f64_of(p[0]), &r)
                        : af_qdrag_predict_f64(&m, &s, qs_f64_of(p[0]), &r);
    qs_put_vec_f64(&v, r.position);
    qs_put_vec_f64(&v, r.velocity);
    out->n = 6;
}

static void predict_q16(const qs_in *in, qs_out_q16 *out)
{
    state_q16(in, out, 0);
}

static void predict_f64(const qs_in *in, qs_out_f64 *out)
{
    state_f64(in, out, 0);
}

static void predict_steps_q16(const qs_in *in, qs_out_q16 *out)
{
    state_q16(in, out, 1);
}

static void predict_steps_f64(const qs_in *in, qs_out_f64 *out)
{
    state_f64(in, out, 1);
}

/* Events: the apex, and the time at a height (4 m below to 1 m above the
 * launch) on a branch. */
static const char *const apex_inputs[] = { QFLIGHT_NAMES, NULL };
static const char *const height_inputs[] = { QFLIGHT_NAMES, "height", "branch", NULL };
static const char *const event_outputs[] = { "t", "height", VEC_NAMES("position"),
                                             VEC_NAMES("velocity"), "evaluations", NULL };

static void apex_make(th_rng *rng, long i, qs_in *in)
{
    af_body_q16 b;
    (void)begin(rng, i, in, &b);
}

static void height_make(th_rng *rng, long i, qs_in *in)
{
    af_body_q16 b;
    int32_t *p = begin(rng, i, in, &b);
    *p++ = qs_spread(rng, 5 * 32768) - 3 * 32768;
    /* The falling branch twice as often: every flight comes down. */
    *p = th_rand_below(rng, 3) == 0 ? AF_RISING : AF_FALLING;
}

static void event_q16(const qs_in *in, qs_out_q16 *out, int apex)
{
    const int32_t *p;
    af_qdrag_q16 m;
    af_body_q16 s;
    af_drag_event_q16 e;
    int32_t *v = out->v;
    take_flight(in, &p, &m, NULL, &s, NULL);
    out->status = apex ? af_qdrag_apex_q16(&m, &s, &e)
                       : af_qdrag_time_at_height_q16(&m, &s, p[0], (af_branch)p[1], &e);
    *v++ = e.t;
    *v++ = e.height;
    qs_put_body(&v, &e.state);
    *v++ = e.steps;
    out->n = 9;
}

static void event_f64(const qs_in *in, qs_out_f64 *out, int apex)
{
    const int32_t *p;
    af_qdrag_q16 q;
    af_qdrag_f64 m;
    af_body_f64 s;
    af_drag_event_f64 e;
    double *v = out->v;
    take_flight(in, &p, &q, &m, NULL, &s);
    out->status = apex ? af_qdrag_apex_f64(&m, &s, &e)
                       : af_qdrag_time_at_height_f64(&m, &s, qs_f64_of(p[0]), (af_branch)p[1],
                                                     &e);
    *v++ = e.t;
    *v++ = e.height;
    qs_put_vec_f64(&v, e.state.position);
    qs_put_vec_f64(&v, e.state.velocity);
    *v++ = e.steps;
    out->n = 9;
}

static void apex_q16(const qs_in *in, qs_out_q16 *out)
{
    event_q16(in, out, 1);
}

static void apex_f64(const qs_in *in, qs_out_f64 *out)
{
    event_f64(in, out, 1);
}

static void height_q16(const qs_in *in, qs_out_q16 *out)
{
    event_q16(in, out, 0);
}

static void height_f64(const qs_in *in, qs_out_f64 *out)
{
    event_f64(in, out, 0);
}

/* qdrag_land: the ground plane z = ground, 0 to 8 m below the launch
 * (qs_ground_q16 and qs_ground_f64); max_time 0.5 to 4 s. */
static const char *const land_inputs[] = { QFLIGHT_NAMES, "max_time", "tolerance", "ground",
                                           NULL };
static const char *const land_outputs[] = { "t", VEC_NAMES("point"), VEC_NAMES("velocity"),
                                            "casts", NULL };

static void land_make(th_rng *rng, long i, qs_in *in)
{
    af_body_q16 b;
    int32_t *p = begin(rng, i, in, &b);
    *p++ = 32768 + (int32_t)th_rand_below(rng, 7 * 32768);
    *p++ = 64 + (int32_t)th_rand_below(rng, 8192);
    *p = (int32_t)((int64_t)b.position.z - th_rand_below(rng, 8 * 65536));
}

static void land_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p;
    af_qdrag_q16 m;
    af_body_q16 s;
    af_drag_landing_q16 l;
    fix16_t ground;
    int32_t *v = out->v;
    take_flight(in, &p, &m, NULL, &s, NULL);
    ground = p[2];
    out->status = af_qdrag_land_q16(&m, &s, p[0], p[1], qs_ground_q16, &ground, &l);
    *v++ = l.t;
    qs_put_vec(&v, l.point);
    qs_put_vec(&v, l.velocity);
    *v++ = l.casts;
    out->n = 8;
}

static void land_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p;
    af_qdrag_q16 q;
    af_qdrag_f64 m;
    af_body_f64 s;
    af_drag_landing_f64 l;
    double ground;
    double *v = out->v;
    take_flight(in, &p, &q, &m, NULL, &s);
    ground = qs_f64_of(p[2]);
    out->status = af_qdrag_land_f64(&m, &s, qs_f64_of(p[0]), qs_f64_of(p[1]), qs_ground_f64,
                                    &ground, &l);
    *v++ = l.t;
    qs_put_vec_f64(&v, l.point);
    qs_put_vec_f64(&v, l.velocity);
    *v++ = l.casts;
    out->n = 8;
}

/* qdrag_samples: t_end, 2 to 8 samples; the points (unused ones zero). */
#define MAX_SAMPLES 8
static const char *const samples_inputs[] = { QFLIGHT_NAMES, "t_end", "samples", NULL };
static const char *const samples_outputs[] = {
    VEC_NAMES("point1"), VEC_NAMES("point2"), VEC_NAMES("point3"), VEC_NAMES("point4"),
    VEC_NAMES("point5"), VEC_NAMES("point6"), VEC_NAMES("point7"), VEC_NAMES("point8"), NULL
};

static void samples_make(th_rng *rng, long i, qs_in *in)
{
    af_body_q16 b;
    int32_t *p = begin(rng, i, in, &b);
    *p++ = flight_time(rng);
    *p = 2 + (int32_t)th_rand_below(rng, MAX_SAMPLES - 1);
}

static void samples_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p;
    af_qdrag_q16 m;
    af_body_q16 s;
    af_vec3_q16 points[MAX_SAMPLES];
    int32_t *v = out->v;
    int k;
    take_flight(in, &p, &m, NULL, &s, NULL);
    memset(points, 0, sizeof points);
    out->status = af_qdrag_samples_q16(&m, &s, p[0], points, (int)p[1]);
    for (k = 0; k < MAX_SAMPLES; k++)
        qs_put_vec(&v, points[k]);
    out->n = 3 * MAX_SAMPLES;
}

static void samples_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p;
    af_qdrag_q16 q;
    af_qdrag_f64 m;
    af_body_f64 s;
    af_vec3_f64 points[MAX_SAMPLES];
    double *v = out->v;
    int k;
    take_flight(in, &p, &q, &m, NULL, &s);
    memset(points, 0, sizeof points);
    out->status = af_qdrag_samples_f64(&m, &s, qs_f64_of(p[0]), points, (int)p[1]);
    for (k = 0; k < MAX_SAMPLES; k++)
        qs_put_vec_f64(&v, points[k]);
    out->n = 3 * MAX_SAMPLES;
}

/* ---- Aims and the range ----------------------------------------------- */

static const char *const aim_time_inputs[] = { QMODEL_NAMES, BODY_NAMES("shooter"),
                                               BODY_NAMES("target"), "time", "flags", NULL };
static const char *const aim_speed_inputs[] = { QMODEL_NAMES,         BODY_NAMES("shooter"),
                                                BODY_NAMES("target"), "speed",
                                                "max_time",           "flags",
                                                NULL };

/* A shooter within 16 m of the origin moving at up to 2 m/s, a target 1
 * to 24 m from it (3 m up or down), static or at up to 4 m/s. */
static int32_t *begin_aim(th_rng *rng, long i, qs_in *in)
{
    int32_t *p = in->v;
    int edge;
    qdrag_draw m;
    af_body_q16 sh, tg;
    memset(in, 0, sizeof *in);
    m = draw_model(rng, i, &edge);
    sh.position.x = qs_spread(rng, 16 * 65536);
    sh.position.y = qs_spread(rng, 16 * 65536);
    sh.position.z = qs_spread(rng, 2 * 65536);
    sh.velocity.x = qs_spread(rng, 2 * 65536);
    sh.velocity.y = qs_spread(rng, 2 * 65536);
    sh.velocity.z = 0;
    tg.position.x = sh.position.x + 65536 + (int32_t)th_rand_below(rng, 23 * 65536);
    tg.position.y = sh.position.y + qs_spread(rng, 6 * 65536);
    tg.position.z = sh.position.z + qs_spread(rng, 3 * 65536);
    tg.velocity.x = tg.velocity.y = tg.velocity.z = 0;
    if (th_rand_below(rng, 2)) {
        tg.velocity.x = qs_spread(rng, 4 * 65536);
        tg.velocity.y = qs_spread(rng, 4 * 65536);
    }
    if (edge == 6)
        tg.position.x = INT32_MAX - 65536;
    put_model(&p, &m);
    qs_put_body(&p, &sh);
    qs_put_body(&p, &tg);
    return p;
}

static void aim_time_make(th_rng *rng, long i, qs_in *in)
{
    int32_t *p = begin_aim(rng, i, in);
    *p++ = 6554 + (int32_t)th_rand_below(rng, 2 * 65536);
    *p = (int32_t)th_rand_below(rng, 2);
}

/* A fixed-speed aim's drag a quarter as strong (k up to 1/8 /m), so that
 * most targets are within reach of 8 to 40 m/s in 1.5 to 4 s. */
static void aim_speed_make(th_rng *rng, long i, qs_in *in)
{
    int32_t *p = begin_aim(rng, i, in);
    in->v[K_INPUT] >>= 2;
    *p++ = 8 * 65536 + (int32_t)th_rand_below(rng, 32 * 65536);
    *p++ = 3 * 32768 + (int32_t)th_rand_below(rng, 5 * 32768);
    *p = (int32_t)th_rand_below(rng, 2);
}

static void aim_q16(const qs_in *in, qs_out_q16 *out, int by_speed)
{
    const int32_t *p = in->v;
    af_qdrag_q16 m;
    af_body_q16 sh, tg;
    af_shots_q16 q;
    af_status st;
    take_model(&p, &m, NULL);
    sh = qs_take_body_q16(&p);
    tg = qs_take_body_q16(&p);
    st = by_speed ? af_qdrag_aim_speed_q16(&m, &sh, &tg, p[0], p[1], (unsigned)p[2], &q)
                  : af_qdrag_aim_time_q16(&m, &sh, &tg, p[0], (unsigned)p[1], &q);
    qs_flat_shots_q16(st, &q, out);
}

static void aim_f64(const qs_in *in, qs_out_f64 *out, int by_speed)
{
    const int32_t *p = in->v;
    af_qdrag_q16 q;
    af_qdrag_f64 m;
    af_body_f64 sh, tg;
    af_shots_f64 f;
    af_status st;
    take_model(&p, &q, &m);
    sh = qs_take_body_f64(&p);
    tg = qs_take_body_f64(&p);
    st = by_speed ? af_qdrag_aim_speed_f64(&m, &sh, &tg, qs_f64_of(p[0]), qs_f64_of(p[1]),
                                           (unsigned)p[2], &f)
                  : af_qdrag_aim_time_f64(&m, &sh, &tg, qs_f64_of(p[0]), (unsigned)p[1], &f);
    qs_flat_shots_f64(st, &f, out);
}

static void aim_time_q16(const qs_in *in, qs_out_q16 *out)
{
    aim_q16(in, out, 0);
}

static void aim_time_f64(const qs_in *in, qs_out_f64 *out)
{
    aim_f64(in, out, 0);
}

static void aim_speed_q16(const qs_in *in, qs_out_q16 *out)
{
    aim_q16(in, out, 1);
}

static void aim_speed_f64(const qs_in *in, qs_out_f64 *out)
{
    aim_f64(in, out, 1);
}

/* ---- Aims at an accelerating target ----------------------------------- */

#define ACCEL_TARGET_NAMES BODY_NAMES("target"), VEC_NAMES("target.a")
static const char *const aim_time_accel_inputs[] = { QMODEL_NAMES, BODY_NAMES("shooter"),
                                                     ACCEL_TARGET_NAMES, "time", "flags", NULL };
static const char *const aim_speed_accel_inputs[] = { QMODEL_NAMES,       BODY_NAMES("shooter"),
                                                      ACCEL_TARGET_NAMES, "speed",
                                                      "max_time",         "flags",
                                                      NULL };

/* begin_aim's scene, the target accelerating by up to 2 m/s^2 across and
 * 1 m/s^2 up or down (a cart, a drone). */
static int32_t *begin_aim_accel(th_rng *rng, long i, qs_in *in)
{
    int32_t *p = begin_aim(rng, i, in);
    *p++ = qs_spread(rng, 2 * 65536);
    *p++ = qs_spread(rng, 2 * 65536);
    *p++ = qs_spread(rng, 65536);
    return p;
}

static void aim_time_accel_make(th_rng *rng, long i, qs_in *in)
{
    int32_t *p = begin_aim_accel(rng, i, in);
    *p++ = 6554 + (int32_t)th_rand_below(rng, 2 * 65536);
    *p = (int32_t)th_rand_below(rng, 2);
}

/* The drag and speeds of aim_speed_make. */
static void aim_speed_accel_make(th_rng *rng, long i, qs_in *in)
{
    int32_t *p = begin_aim_accel(rng, i, in);
    in->v[K_INPUT] >>= 2;
    *p++ = 8 * 65536 + (int32_t)th_rand_below(rng, 32 * 65536);
    *p++ = 3 * 32768 + (int32_t)th_rand_below(rng, 5 * 32768);
    *p = (int32_t)th_rand_below(rng, 2);
}

static void aim_accel_q16(const qs_in *in, qs_out_q16 *out, int by_speed)
{
    const int32_t *p = in->v;
    af_qdrag_q16 m;
    af_body_q16 sh, tb;
    af_body_accel_q16 tg;
    af_shots_q16 q;
    af_status st;
    take_model(&p, &m, NULL);
    sh = qs_take_body_q16(&p);
    tb = qs_take_body_q16(&p);
    tg.position = tb.position;
    tg.velocity = tb.velocity;
    tg.acceleration = qs_take_vec_q16(&p);
    st = by_speed
             ? af_qdrag_aim_speed_accel_q16(&m, &sh, &tg, p[0], p[1], (unsigned)p[2], &q)
             : af_qdrag_aim_time_accel_q16(&m, &sh, &tg, p[0], (unsigned)p[1], &q);
    qs_flat_shots_q16(st, &q, out);
}

static void aim_accel_f64(const qs_in *in, qs_out_f64 *out, int by_speed)
{
    const int32_t *p = in->v;
    af_qdrag_q16 q;
    af_qdrag_f64 m;
    af_body_f64 sh, tb;
    af_body_accel_f64 tg;
    af_shots_f64 f;
    af_status st;
    take_model(&p, &q, &m);
    sh = qs_take_body_f64(&p);
    tb = qs_take_body_f64(&p);
    tg.position = tb.position;
    tg.velocity = tb.velocity;
    tg.acceleration = qs_take_vec_f64(&p);
    st = by_speed ? af_qdrag_aim_speed_accel_f64(&m, &sh, &tg, qs_f64_of(p[0]),
                                                 qs_f64_of(p[1]), (unsigned)p[2], &f)
                  : af_qdrag_aim_time_accel_f64(&m, &sh, &tg, qs_f64_of(p[0]), (unsigned)p[1],
                                                &f);
    qs_flat_shots_f64(st, &f, out);
}

static void aim_time_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    aim_accel_q16(in, out, 0);
}

static void aim_time_accel_f64(const qs_in *in, qs_out_f64 *out)
{
    aim_accel_f64(in, out, 0);
}

static void aim_speed_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    aim_accel_q16(in, out, 1);
}

static void aim_speed_accel_f64(const qs_in *in, qs_out_f64 *out)
{
    aim_accel_f64(in, out, 1);
}

/* qdrag_max_range: speed 2 to 30 m/s, a level 3 m up or down, a heading
 * mostly level. */
static const char *const max_range_inputs[] = { QMODEL_NAMES, "speed", "height",
                                                VEC_NAMES("heading"), NULL };
static const char *const max_range_outputs[] = { "range", "t", "horizontal_speed",
                                                 "vertical_speed", NULL };

static void max_range_make(th_rng *rng, long i, qs_in *in)
{
    int32_t *p = in->v;
    int edge;
    qdrag_draw m;
    af_vec3_q16 heading;
    memset(in, 0, sizeof *in);
    m = draw_model(rng, i, &edge);
    put_model(&p, &m);
    *p++ = 2 * 65536 + (int32_t)th_rand_below(rng, 28 * 65536);
    *p++ = qs_spread(rng, 3 * 65536);
    heading.x = qs_spread(rng, 65536);
    heading.y = qs_spread(rng, 65536);
    heading.z = qs_spread(rng, 16384);
    qs_put_vec(&p, heading);
}

static void max_range_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_qdrag_q16 m;
    af_vec3_q16 heading;
    af_range_q16 r;
    take_model(&p, &m, NULL);
    heading.x = p[2];
    heading.y = p[3];
    heading.z = p[4];
    qs_flat_range_q16(af_qdrag_max_range_q16(&m, p[0], p[1], &heading, &r), &r, out);
}

static void max_range_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_qdrag_q16 q;
    af_qdrag_f64 m;
    af_vec3_f64 heading;
    af_range_f64 r;
    take_model(&p, &q, &m);
    heading.x = qs_f64_of(p[2]);
    heading.y = qs_f64_of(p[3]);
    heading.z = qs_f64_of(p[4]);
    qs_flat_range_f64(af_qdrag_max_range_f64(&m, qs_f64_of(p[0]), qs_f64_of(p[1]), &heading, &r),
                      &r, out);
}

/* ---- The rows ---------------------------------------------------------- */

/*
 * f64 on a target against the host: the stepped f64 engine is + * / and
 * sqrt, the same bits everywhere but where a compiler contracts a product
 * and a sum into one (the FPU boards); the continuous kind and the aims
 * iterate to 1e-9 and 1e-10 of the scene, and the fixed-speed aim's scan
 * places its samples with pow, which newlib and glibc round differently:
 * an answer may then converge to another point within those tolerances.
 * QDRAG_F64_TOLERANCE, 2^-26, is some 70 times the aims' 1e-10; the max
 * range's golden section moves by the square root of a last-bit change,
 * as for linear drag: 2^-24.
 */
#define QDRAG_F64_TOLERANCE 1.4901161193847656e-08 /* 2^-26 */
#define QDRAG_RANGE_F64_TOLERANCE 5.9604644775390625e-08 /* 2^-24 */

const qs_solver qs_qdrag_rows[QS_QDRAG_ROWS] = {
    { "qdrag_predict", QS_NAMES(predict_inputs), QS_NAMES(state_outputs), predict_make,
      predict_q16, QS_F64(predict_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_predict_steps", QS_NAMES(predict_steps_inputs), QS_NAMES(state_outputs),
      predict_steps_make, predict_steps_q16, QS_F64(predict_steps_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_apex", QS_NAMES(apex_inputs), QS_NAMES(event_outputs), apex_make, apex_q16,
      QS_F64(apex_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_height", QS_NAMES(height_inputs), QS_NAMES(event_outputs), height_make, height_q16,
      QS_F64(height_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_land", QS_NAMES(land_inputs), QS_NAMES(land_outputs), land_make, land_q16,
      QS_F64(land_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_samples", QS_NAMES(samples_inputs), QS_NAMES(samples_outputs), samples_make,
      samples_q16, QS_F64(samples_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_aim_time", QS_NAMES(aim_time_inputs), QS_NAMES(qs_shots_outputs), aim_time_make,
      aim_time_q16, QS_F64(aim_time_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_aim_speed", QS_NAMES(aim_speed_inputs), QS_NAMES(qs_shots_outputs), aim_speed_make,
      aim_speed_q16, QS_F64(aim_speed_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_max_range", QS_NAMES(max_range_inputs), QS_NAMES(max_range_outputs), max_range_make,
      max_range_q16, QS_F64(max_range_f64), QDRAG_RANGE_F64_TOLERANCE },
    { "qdrag_aim_time_accel", QS_NAMES(aim_time_accel_inputs), QS_NAMES(qs_shots_outputs),
      aim_time_accel_make, aim_time_accel_q16, QS_F64(aim_time_accel_f64), QDRAG_F64_TOLERANCE },
    { "qdrag_aim_speed_accel", QS_NAMES(aim_speed_accel_inputs), QS_NAMES(qs_shots_outputs),
      aim_speed_accel_make, aim_speed_accel_q16, QS_F64(aim_speed_accel_f64),
      QDRAG_F64_TOLERANCE },
};

const qs_group qs_qdrag_group = { "qdrag", qs_qdrag_rows, QS_QDRAG_ROWS };
