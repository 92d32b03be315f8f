/* SPDX-License-Identifier: MIT */
/*
 * The Q16 drag functions as rows of the solver table (q16_solvers.h): one
 * row per function of include/aimfix/drag.h's Q16 section, each drawing a
 * drag model beside the shared scene (q16_rows.h).
 *
 * Every row but drag_init takes the model as its first inputs, the
 * arguments of af_drag_init_q16 (drag.model 0 to 4) or a stepped model
 * filled in by hand with its r (drag.model 5, DRAG_BY_HAND), and the step
 * order. Its f64 twin runs on the Q16 model itself, each number held
 * exactly in a double, so that the two answers are of one problem; when
 * af_drag_init_q16 refuses the model, both answers are its status with no
 * number. drag_init's f64 twin is af_drag_init_f64 on the same d and dt.
 */
#include <string.h>

#include "q16_rows.h"

/* drag.model: 0 to 4 are af_drag_model's engines; this one is a stepped
 * model with r given (drag.r), as an engine whose r is known fills it. */
#define DRAG_BY_HAND 5

/* ---- The model's inputs ---------------------------------------------- */

typedef struct drag_draw {
    int32_t model, d, dt, r, order;
    af_vec3_q16 wind;
} drag_draw;

/* Edges of the drag model, one input set in 16 (with the scene's own, at
 * i % 16 == 15), in an order that pairs each with every scene edge over
 * the 96 edge sets of the determinism hash while the first eight (the
 * vectors') hold each once. */
static void drag_edge(drag_draw *m, long which)
{
    static const af_vec3_q16 extreme = { INT32_MIN, INT32_MAX, INT32_MIN };
    switch (which % 8) {
    case 0: /* no drag at all */
        m->d = 0;
        m->r = fix16_one;
        break;
    case 1: /* the strongest damping a Q16.16 r holds: 2^-16 per step */
        m->model = DRAG_BY_HAND;
        m->r = 1;
        break;
    case 2: /* Unity's r = 1 - d dt below 0: refused */
        m->model = AF_DRAG_UNITY;
        m->d = 64 * fix16_one;
        m->dt = fix16_one / 8;
        break;
    case 3: /* no such engine, no such order: refused */
        m->model = 9;
        m->order = 2;
        break;
    case 4: /* a step of 0: refused */
        m->dt = 0;
        break;
    case 5: /* continuous drag at the top of the range, in a wind at the
             * ends of it */
        m->model = AF_DRAG_CONTINUOUS;
        m->d = INT32_MAX;
        m->wind = extreme;
        break;
    case 6: /* the longest step */
        m->dt = INT32_MAX;
        break;
    default: /* damping first, r 1 LSB below 1 */
        m->model = DRAG_BY_HAND;
        m->r = fix16_one - 1;
        m->order = AF_STEP_DAMPING_THEN_GRAVITY;
        break;
    }
}

/* A drag model for the i-th input set: any engine or one by hand, d from
 * 2^-8 to 8 /s (Bullet's below 1), dt from 2^-10 to 1/8 s, r with 1 - r
 * from 2^-16 to 1, either order; a wind of the class's speeds for
 * continuous drag. */
static drag_draw draw_drag(th_rng *rng, long i)
{
    int dist_lo, dist_hi, speed_lo, speed_hi;
    drag_draw m;
    qs_class_bits(i, &dist_lo, &dist_hi, &speed_lo, &speed_hi);
    m.model = (int32_t)th_rand_below(rng, 6);
    m.d = (int32_t)qs_magnitude(rng, 8, m.model == AF_DRAG_BULLET ? 16 : 19);
    m.dt = 64 + (int32_t)th_rand_below(rng, 8192);
    m.r = fix16_one + 1 - (int32_t)qs_magnitude(rng, 0, 16);
    m.order = (int32_t)th_rand_below(rng, 2);
    m.wind = qs_vector(rng, speed_lo - 4, speed_hi - 4);
    if (m.model != AF_DRAG_CONTINUOUS)
        m.wind.x = m.wind.y = m.wind.z = 0;
    if (i % 16 == 15) {
        long k = i / 16;
        drag_edge(&m, k + k / 8);
    }
    return m;
}

/* The i-th scene and drag model, the inputs cleared. */
static qs_scene start_drag(th_rng *rng, long i, qs_in *in, drag_draw *m)
{
    qs_scene s = qs_start(rng, i, in);
    *m = draw_drag(rng, i);
    return s;
}

#define MODEL_NAMES                                                                          \
    "drag.model", "drag.d", "drag.dt", "drag.r", "drag.order", VEC_NAMES("gravity"),        \
        VEC_NAMES("drag.wind")

/* The model's inputs, in the order of MODEL_NAMES. */
static void put_model(int32_t **p, const drag_draw *m, af_vec3_q16 gravity)
{
    *(*p)++ = m->model;
    *(*p)++ = m->d;
    *(*p)++ = m->dt;
    *(*p)++ = m->r;
    *(*p)++ = m->order;
    qs_put_vec(p, gravity);
    qs_put_vec(p, m->wind);
}

/* The model of the inputs: af_drag_init_q16's, or the one by hand (its
 * validity is the solver's to check); the order set for a stepped one.
 * f, when not NULL, gets the same model in double. */
static af_status take_model(const int32_t **p, af_drag_q16 *q, af_drag_f64 *f)
{
    int32_t model = (*p)[0], d = (*p)[1], dt = (*p)[2], r = (*p)[3], order = (*p)[4];
    af_vec3_q16 g, wind;
    af_status st = AF_OK;
    *p += 5;
    g = qs_take_vec_q16(p);
    wind = qs_take_vec_q16(p);
    memset(q, 0, sizeof *q);
    if (model == DRAG_BY_HAND) {
        q->kind = AF_DRAG_KIND_STEPPED;
        q->gravity = g;
        q->dt = dt;
        q->r = r;
    } else {
        st = af_drag_init_q16((af_drag_model)model, d, dt, &g, &wind, q);
    }
    if (st == AF_OK && q->kind == AF_DRAG_KIND_STEPPED)
        q->order = (af_step_order)order;
    /* The rows test the law over Q16.16's whole range; Box2D's cap on one
     * step's move has its own tests. */
    q->max_move = 0;
    if (f) {
        f->max_move = 0.0;
        f->kind = q->kind;
        f->gravity.x = qs_f64_of(q->gravity.x);
        f->gravity.y = qs_f64_of(q->gravity.y);
        f->gravity.z = qs_f64_of(q->gravity.z);
        f->dt = qs_f64_of(q->dt);
        f->r = qs_f64_of(q->r);
        f->order = q->order;
        f->k = qs_f64_of(q->k);
        f->wind.x = qs_f64_of(q->wind.x);
        f->wind.y = qs_f64_of(q->wind.y);
        f->wind.z = qs_f64_of(q->wind.z);
    }
    return st;
}

/* An answer of n zeros with the model's status. */
static void refused_q16(af_status st, int n, qs_out_q16 *out)
{
    memset(out->v, 0, sizeof out->v);
    out->status = st;
    out->n = n;
}

static void refused_f64(af_status st, int n, qs_out_f64 *out)
{
    int k;
    for (k = 0; k < QS_MAX_OUT; k++)
        out->v[k] = 0.0;
    out->status = st;
    out->n = n;
}

/* ---- drag_init: model, d, dt, gravity, wind; answers the model -------- */

static const char *const init_inputs[] = { "drag.model", "drag.d", "drag.dt",
                                           VEC_NAMES("gravity"), VEC_NAMES("drag.wind"), NULL };
static const char *const init_outputs[] = { "model.kind", VEC_NAMES("model.gravity"),
                                            "model.dt",   "model.r",
                                            "model.order", "model.k",
                                            VEC_NAMES("model.wind"), NULL };
#define INIT_OUTPUTS 11

static void init_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    int32_t *p = in->v;
    /* af_drag_init_q16 knows only the engines (0 to 4). */
    *p++ = m.model == DRAG_BY_HAND ? AF_DRAG_EXACT : m.model;
    *p++ = m.d;
    *p++ = m.dt;
    qs_put_vec(&p, s.gravity);
    qs_put_vec(&p, m.wind);
}

static void init_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v + 3;
    af_vec3_q16 g = qs_take_vec_q16(&p), wind = qs_take_vec_q16(&p);
    af_drag_q16 m;
    int32_t *v = out->v;
    out->status = af_drag_init_q16((af_drag_model)in->v[0], in->v[1], in->v[2], &g, &wind, &m);
    *v++ = (int32_t)m.kind;
    qs_put_vec(&v, m.gravity);
    *v++ = m.dt;
    *v++ = m.r;
    *v++ = (int32_t)m.order;
    *v++ = m.k;
    qs_put_vec(&v, m.wind);
    out->n = INIT_OUTPUTS;
}

static void init_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v + 3;
    af_vec3_f64 g = qs_take_vec_f64(&p), wind = qs_take_vec_f64(&p);
    af_drag_f64 m;
    double *v = out->v;
    out->status = af_drag_init_f64((af_drag_model)in->v[0], qs_f64_of(in->v[1]),
                                   qs_f64_of(in->v[2]), &g, &wind, &m);
    *v++ = (double)m.kind;
    qs_put_vec_f64(&v, m.gravity);
    *v++ = m.dt;
    *v++ = m.r;
    *v++ = (double)m.order;
    *v++ = m.k;
    qs_put_vec_f64(&v, m.wind);
    out->n = INIT_OUTPUTS;
}

/* ---- Flights from a start: predict, predict_steps, apex, height, land,
 *      samples -------------------------------------------------------- */

/* A launch from the scene's shooter at a velocity of the class's speeds. */
static af_body_q16 launch(th_rng *rng, long i, const qs_scene *s)
{
    int dist_lo, dist_hi, speed_lo, speed_hi;
    af_body_q16 b;
    qs_class_bits(i, &dist_lo, &dist_hi, &speed_lo, &speed_hi);
    b.position = s->shooter.position;
    b.velocity = qs_vector(rng, speed_lo, speed_hi);
    return b;
}

/* A time of flight for the class, log-uniform in bits of the raw value:
 * 1/1024 to 4 s for the small class, 1/64 to 16 s for the ordinary one,
 * 1/64 to 4 s near the limit (flights at up to 16 km/s): long enough for
 * drag to act, short enough that most flights stay within Q16.16. */
static fix16_t flight_time(th_rng *rng, long i)
{
    static const int bits[3][2] = { { 6, 18 }, { 10, 20 }, { 10, 18 } };
    return (fix16_t)qs_magnitude(rng, bits[i % 3][0], bits[i % 3][1]);
}

/* The longest flight a search is given (drag_land's and drag_aim_speed's
 * max_time): 1 to 64 s for the small class, 4 to 512 s for the others,
 * longer than most of their flights. */
static fix16_t search_time(th_rng *rng, long i)
{
    static const int bits[3][2] = { { 16, 22 }, { 18, 25 }, { 18, 25 } };
    return (fix16_t)qs_magnitude(rng, bits[i % 3][0], bits[i % 3][1]);
}

/* The inputs of a query about a flight: model, start, then `extra`
 * numbers. */
static int32_t *put_flight(qs_in *in, const drag_draw *m, const qs_scene *s,
                           const af_body_q16 *start)
{
    int32_t *p = in->v;
    put_model(&p, m, s->gravity);
    qs_put_body(&p, start);
    return p;
}

#define FLIGHT_NAMES MODEL_NAMES, BODY_NAMES("start")

static const char *const state_outputs[] = { VEC_NAMES("position"), VEC_NAMES("velocity"),
                                             NULL };
#define STATE_OUTPUTS 6

static void put_state(af_status st, const af_body_q16 *b, qs_out_q16 *out)
{
    int32_t *v = out->v;
    out->status = st;
    qs_put_body(&v, b);
    out->n = STATE_OUTPUTS;
}

static void put_state_f64(af_status st, const af_body_f64 *b, qs_out_f64 *out)
{
    double *v = out->v;
    out->status = st;
    qs_put_vec_f64(&v, b->position);
    qs_put_vec_f64(&v, b->velocity);
    out->n = STATE_OUTPUTS;
}

/* drag_predict (time) and drag_predict_steps (n): model, start, time or n. */
static const char *const predict_inputs[] = { FLIGHT_NAMES, "t", NULL };
static const char *const predict_steps_inputs[] = { FLIGHT_NAMES, "n", NULL };

static void predict_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    af_body_q16 b = launch(rng, i, &s);
    fix16_t t = flight_time(rng, i);
    *put_flight(in, &m, &s, &b) = i % 16 == 15 ? s.time : t;
}

/* 1/64 to 2048 steps, a whole number half the time (the engine's own
 * states). */
static void predict_steps_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    af_body_q16 b = launch(rng, i, &s);
    fix16_t n = (fix16_t)qs_magnitude(rng, 10, 27);
    if (th_rand_below(rng, 2))
        n &= ~(fix16_t)0xFFFF;
    *put_flight(in, &m, &s, &b) = i % 16 == 15 ? s.time : n;
}

static void predict_run_q16(const qs_in *in, qs_out_q16 *out, int steps)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_body_q16 start, state;
    af_status st = take_model(&p, &m, NULL);
    if (st != AF_OK) {
        refused_q16(st, STATE_OUTPUTS, out);
        return;
    }
    start = qs_take_body_q16(&p);
    st = steps ? af_drag_predict_steps_q16(&m, &start, *p, &state)
               : af_drag_predict_q16(&m, &start, *p, &state);
    put_state(st, &state, out);
}

static void predict_run_f64(const qs_in *in, qs_out_f64 *out, int steps)
{
    const int32_t *p = in->v;
    af_drag_q16 q;
    af_drag_f64 m;
    af_body_f64 start, state;
    af_status st = take_model(&p, &q, &m);
    if (st != AF_OK) {
        refused_f64(st, STATE_OUTPUTS, out);
        return;
    }
    start = qs_take_body_f64(&p);
    st = steps ? af_drag_predict_steps_f64(&m, &start, qs_f64_of(*p), &state)
               : af_drag_predict_f64(&m, &start, qs_f64_of(*p), &state);
    put_state_f64(st, &state, out);
}

static void predict_q16(const qs_in *in, qs_out_q16 *out)
{
    predict_run_q16(in, out, 0);
}

static void predict_f64(const qs_in *in, qs_out_f64 *out)
{
    predict_run_f64(in, out, 0);
}

static void predict_steps_q16(const qs_in *in, qs_out_q16 *out)
{
    predict_run_q16(in, out, 1);
}

static void predict_steps_f64(const qs_in *in, qs_out_f64 *out)
{
    predict_run_f64(in, out, 1);
}

/* drag_apex: model, start; drag_height: model, start, height, branch.
 * Both answer an event: t, height, state, evaluations. */
static const char *const apex_inputs[] = { FLIGHT_NAMES, NULL };
static const char *const height_inputs[] = { FLIGHT_NAMES, "height", "branch", NULL };
static const char *const event_outputs[] = { "t",
                                             "height",
                                             VEC_NAMES("position"),
                                             VEC_NAMES("velocity"),
                                             "evaluations",
                                             NULL };
#define EVENT_OUTPUTS 9

static void apex_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    af_body_q16 b = launch(rng, i, &s);
    (void)put_flight(in, &m, &s, &b);
}

/* Heights of the class's distances, below the launch point three times in
 * four (reached on the way down), on the falling branch three times in
 * four. */
static void height_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    af_body_q16 b = launch(rng, i, &s);
    int32_t *p = put_flight(in, &m, &s, &b);
    fix16_t h = s.height < 0 ? -s.height : s.height;
    *p++ = th_rand_below(rng, 4) ? -h : h;
    *p = th_rand_below(rng, 4) ? AF_FALLING : AF_RISING;
    if (i % 16 == 15)
        *p = (int32_t)(i / 16 % 3); /* rising, falling, and no such branch */
}

static void put_event(af_status st, const af_drag_event_q16 *e, qs_out_q16 *out)
{
    int32_t *v = out->v;
    out->status = st;
    *v++ = e->t;
    *v++ = e->height;
    qs_put_body(&v, &e->state);
    *v++ = e->steps;
    out->n = EVENT_OUTPUTS;
}

static void put_event_f64(af_status st, const af_drag_event_f64 *e, qs_out_f64 *out)
{
    double *v = out->v;
    out->status = st;
    *v++ = e->t;
    *v++ = e->height;
    qs_put_vec_f64(&v, e->state.position);
    qs_put_vec_f64(&v, e->state.velocity);
    *v++ = e->steps;
    out->n = EVENT_OUTPUTS;
}

/* apex (height NULL) or the time at *height. */
static void event_run_q16(const qs_in *in, qs_out_q16 *out, int apex)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_body_q16 start;
    af_drag_event_q16 e;
    af_status st = take_model(&p, &m, NULL);
    if (st != AF_OK) {
        refused_q16(st, EVENT_OUTPUTS, out);
        return;
    }
    start = qs_take_body_q16(&p);
    st = apex ? af_drag_apex_q16(&m, &start, &e)
              : af_drag_time_at_height_q16(&m, &start, p[0], (af_branch)p[1], &e);
    put_event(st, &e, out);
}

static void event_run_f64(const qs_in *in, qs_out_f64 *out, int apex)
{
    const int32_t *p = in->v;
    af_drag_q16 q;
    af_drag_f64 m;
    af_body_f64 start;
    af_drag_event_f64 e;
    af_status st = take_model(&p, &q, &m);
    if (st != AF_OK) {
        refused_f64(st, EVENT_OUTPUTS, out);
        return;
    }
    start = qs_take_body_f64(&p);
    st = apex ? af_drag_apex_f64(&m, &start, &e)
              : af_drag_time_at_height_f64(&m, &start, qs_f64_of(p[0]), (af_branch)p[1], &e);
    put_event_f64(st, &e, out);
}

static void apex_q16(const qs_in *in, qs_out_q16 *out)
{
    event_run_q16(in, out, 1);
}

static void apex_f64(const qs_in *in, qs_out_f64 *out)
{
    event_run_f64(in, out, 1);
}

static void height_q16(const qs_in *in, qs_out_q16 *out)
{
    event_run_q16(in, out, 0);
}

static void height_f64(const qs_in *in, qs_out_f64 *out)
{
    event_run_f64(in, out, 0);
}

/*
 * drag_land: model, start, max_time, tolerance, and the ground: the plane
 * z = ground, cast in closed form in each format (the ray o + d s meets it
 * at s = (o.z - ground) / -d.z). The start is above it, gravity points
 * down (its z component at least 1 m/s^2 down).
 */
static const char *const land_inputs[] = { FLIGHT_NAMES, "max_time", "tolerance", "ground",
                                           NULL };
static const char *const land_outputs[] = { "t", VEC_NAMES("point"), VEC_NAMES("velocity"),
                                            "casts", NULL };
#define LAND_OUTPUTS 8

static void land_make(th_rng *rng, long i, qs_in *in)
{
    int dist_lo, dist_hi, speed_lo, speed_hi;
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    af_body_q16 b = launch(rng, i, &s);
    fix16_t drop, tolerance;
    int32_t *p;
    qs_class_bits(i, &dist_lo, &dist_hi, &speed_lo, &speed_hi);
    if (i % 16 != 15)
        s.gravity.z = -(s.gravity.z < 0 ? -s.gravity.z : s.gravity.z) - fix16_one;
    drop = (fix16_t)qs_magnitude(rng, dist_lo, dist_hi);
    tolerance = (fix16_t)qs_magnitude(rng, dist_lo - 6 > 0 ? dist_lo - 6 : 0, dist_lo);
    p = put_flight(in, &m, &s, &b);
    *p++ = i % 16 == 15 ? s.time : search_time(rng, i);
    *p++ = tolerance;
    *p = (fix16_t)((int64_t)b.position.z - drop);
}

/* The plane z = ground, in Q16.16 (user: the ground's raw height). */
int qs_ground_q16(void *user, const af_vec3_q16 *o, const af_vec3_q16 *d, fix16_t max_distance,
                  af_vec3_q16 *hit)
{
    const fix16_t ground = *(const fix16_t *)user;
    fix16_t above, s, dx, dy;
    if (af_sub_q16(o->z, ground, &above) != AF_OK)
        return 0;
    if (above <= 0) {
        *hit = *o;
        return 1;
    }
    if (d->z >= 0 || af_div_q16(above, -d->z, &s) != AF_OK || s > max_distance)
        return 0;
    if (af_mul_q16(d->x, s, &dx) != AF_OK || af_mul_q16(d->y, s, &dy) != AF_OK ||
        af_add_q16(o->x, dx, &hit->x) != AF_OK || af_add_q16(o->y, dy, &hit->y) != AF_OK)
        return 0;
    hit->z = ground;
    return 1;
}

/* The same plane in double (user: the ground's height, m). */
int qs_ground_f64(void *user, const af_vec3_f64 *o, const af_vec3_f64 *d, double max_distance,
                  af_vec3_f64 *hit)
{
    const double ground = *(const double *)user, above = o->z - ground;
    double s;
    if (above <= 0.0) {
        *hit = *o;
        return 1;
    }
    if (!(d->z < 0.0))
        return 0;
    s = above / -d->z;
    if (s > max_distance)
        return 0;
    hit->x = o->x + d->x * s;
    hit->y = o->y + d->y * s;
    hit->z = ground;
    return 1;
}

static void land_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_body_q16 start;
    af_drag_landing_q16 l;
    fix16_t ground;
    int32_t *v = out->v;
    af_status st = take_model(&p, &m, NULL);
    if (st != AF_OK) {
        refused_q16(st, LAND_OUTPUTS, out);
        return;
    }
    start = qs_take_body_q16(&p);
    ground = p[2];
    out->status = af_drag_land_q16(&m, &start, p[0], p[1], qs_ground_q16, &ground, &l);
    *v++ = l.t;
    qs_put_vec(&v, l.point);
    qs_put_vec(&v, l.velocity);
    *v++ = l.casts;
    out->n = LAND_OUTPUTS;
}

static void land_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_drag_q16 q;
    af_drag_f64 m;
    af_body_f64 start;
    af_drag_landing_f64 l;
    double ground;
    double *v = out->v;
    af_status st = take_model(&p, &q, &m);
    if (st != AF_OK) {
        refused_f64(st, LAND_OUTPUTS, out);
        return;
    }
    start = qs_take_body_f64(&p);
    ground = qs_f64_of(p[2]);
    out->status = af_drag_land_f64(&m, &start, qs_f64_of(p[0]), qs_f64_of(p[1]), qs_ground_f64,
                                   &ground, &l);
    *v++ = l.t;
    qs_put_vec_f64(&v, l.point);
    qs_put_vec_f64(&v, l.velocity);
    *v++ = l.casts;
    out->n = LAND_OUTPUTS;
}

/* drag_samples: model, start, t_end, samples (2 to 8); answers the points
 * (unused ones zero). */
#define MAX_SAMPLES 8
static const char *const samples_inputs[] = { FLIGHT_NAMES, "t_end", "samples", NULL };
static const char *const samples_outputs[] = {
    VEC_NAMES("point1"), VEC_NAMES("point2"), VEC_NAMES("point3"), VEC_NAMES("point4"),
    VEC_NAMES("point5"), VEC_NAMES("point6"), VEC_NAMES("point7"), VEC_NAMES("point8"), NULL
};
typedef char samples_fit[3 * MAX_SAMPLES <= QS_MAX_OUT ? 1 : -1];

static void samples_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    af_body_q16 b = launch(rng, i, &s);
    int32_t *p = put_flight(in, &m, &s, &b);
    *p++ = i % 16 == 15 ? s.time : flight_time(rng, i);
    *p = 2 + (int32_t)th_rand_below(rng, MAX_SAMPLES - 1);
}

/* The count of samples asked, when the row can hold them (else 0: the
 * solver is not called). */
static int sample_count(int32_t n)
{
    return n >= 2 && n <= MAX_SAMPLES ? (int)n : 0;
}

static void samples_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_body_q16 start;
    af_vec3_q16 points[MAX_SAMPLES];
    int32_t *v = out->v;
    int k, n;
    af_status st = take_model(&p, &m, NULL);
    start = qs_take_body_q16(&p);
    n = sample_count(p[1]);
    if (st != AF_OK || n == 0) {
        refused_q16(st != AF_OK ? st : AF_ERR_BAD_ARGUMENT, 3 * MAX_SAMPLES, out);
        return;
    }
    memset(points, 0, sizeof points);
    out->status = af_drag_samples_q16(&m, &start, p[0], points, n);
    for (k = 0; k < MAX_SAMPLES; k++)
        qs_put_vec(&v, points[k]);
    out->n = 3 * MAX_SAMPLES;
}

static void samples_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_drag_q16 q;
    af_drag_f64 m;
    af_body_f64 start;
    af_vec3_f64 points[MAX_SAMPLES];
    double *v = out->v;
    int k, n;
    af_status st = take_model(&p, &q, &m);
    start = qs_take_body_f64(&p);
    n = sample_count(p[1]);
    if (st != AF_OK || n == 0) {
        refused_f64(st != AF_OK ? st : AF_ERR_BAD_ARGUMENT, 3 * MAX_SAMPLES, out);
        return;
    }
    memset(points, 0, sizeof points);
    out->status = af_drag_samples_f64(&m, &start, qs_f64_of(p[0]), points, n);
    for (k = 0; k < MAX_SAMPLES; k++)
        qs_put_vec_f64(&v, points[k]);
    out->n = 3 * MAX_SAMPLES;
}

/* ---- Aims: aim_time, aim_speed; max_range ----------------------------- */

/* drag_aim_time: model, shooter, target, time, flags;
 * drag_aim_speed: model, shooter, target, speed, max_time, flags. */
static const char *const aim_time_inputs[] = { MODEL_NAMES, BODY_NAMES("shooter"),
                                               BODY_NAMES("target"), "time", "flags", NULL };
static const char *const aim_speed_inputs[] = { MODEL_NAMES,          BODY_NAMES("shooter"),
                                                BODY_NAMES("target"), "speed",
                                                "max_time",           "flags",
                                                NULL };

/* The drag of a fixed-speed aim, an eighth as strong as drawn: a target
 * is within reach of a speed v for distances below about v / d, and the
 * scene's distances are of the class's speeds in vacuum. */
static void gentle(drag_draw *m)
{
    m->d >>= 3;
    m->r = fix16_one - ((fix16_one - m->r) >> 3);
}

static int32_t *put_aim(qs_in *in, const drag_draw *m, const qs_scene *s)
{
    int32_t *p = in->v;
    put_model(&p, m, s->gravity);
    qs_put_body(&p, &s->shooter);
    qs_put_body(&p, &s->target);
    return p;
}

static void aim_time_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    int32_t *p = put_aim(in, &m, &s);
    *p++ = i % 16 == 15 ? s.time : flight_time(rng, i);
    *p = s.flags;
}

static void aim_speed_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    int32_t *p;
    if (i % 16 != 15)
        gentle(&m);
    p = put_aim(in, &m, &s);
    *p++ = s.speed;
    *p++ = i % 16 == 15 ? s.time : search_time(rng, i);
    *p = s.flags;
}

static void aim_run_q16(const qs_in *in, qs_out_q16 *out, int by_speed)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_body_q16 sh, tg;
    af_shots_q16 q;
    af_status st = take_model(&p, &m, NULL);
    if (st != AF_OK) {
        refused_q16(st, 1 + 7 * AF_MAX_SHOTS, out);
        return;
    }
    sh = qs_take_body_q16(&p);
    tg = qs_take_body_q16(&p);
    st = by_speed ? af_drag_aim_speed_q16(&m, &sh, &tg, p[0], p[1], (unsigned)p[2], &q)
                  : af_drag_aim_time_q16(&m, &sh, &tg, p[0], (unsigned)p[1], &q);
    qs_flat_shots_q16(st, &q, out);
}

static void aim_run_f64(const qs_in *in, qs_out_f64 *out, int by_speed)
{
    const int32_t *p = in->v;
    af_drag_q16 q;
    af_drag_f64 m;
    af_body_f64 sh, tg;
    af_shots_f64 f;
    af_status st = take_model(&p, &q, &m);
    if (st != AF_OK) {
        refused_f64(st, 1 + 7 * AF_MAX_SHOTS, out);
        return;
    }
    sh = qs_take_body_f64(&p);
    tg = qs_take_body_f64(&p);
    st = by_speed ? af_drag_aim_speed_f64(&m, &sh, &tg, qs_f64_of(p[0]), qs_f64_of(p[1]),
                                          (unsigned)p[2], &f)
                  : af_drag_aim_time_f64(&m, &sh, &tg, qs_f64_of(p[0]), (unsigned)p[1], &f);
    qs_flat_shots_f64(st, &f, out);
}

static void aim_time_q16(const qs_in *in, qs_out_q16 *out)
{
    aim_run_q16(in, out, 0);
}

static void aim_time_f64(const qs_in *in, qs_out_f64 *out)
{
    aim_run_f64(in, out, 0);
}

static void aim_speed_q16(const qs_in *in, qs_out_q16 *out)
{
    aim_run_q16(in, out, 1);
}

static void aim_speed_f64(const qs_in *in, qs_out_f64 *out)
{
    aim_run_f64(in, out, 1);
}

/* drag_max_range: model, speed, height, heading; answers range, t,
 * horizontal and vertical speed. */
static const char *const max_range_inputs[] = { MODEL_NAMES, "speed", "height",
                                                VEC_NAMES("heading"), NULL };
static const char *const max_range_outputs[] = { "range", "t", "horizontal_speed",
                                                 "vertical_speed", NULL };

static void max_range_make(th_rng *rng, long i, qs_in *in)
{
    drag_draw m;
    qs_scene s = start_drag(rng, i, in, &m);
    int32_t *p = in->v;
    af_vec3_q16 heading = qs_vector(rng, 10, 20);
    put_model(&p, &m, s.gravity);
    *p++ = s.speed;
    *p++ = s.height;
    qs_put_vec(&p, heading);
}

static void max_range_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_vec3_q16 heading;
    af_range_q16 r;
    fix16_t speed, height;
    af_status st = take_model(&p, &m, NULL);
    if (st != AF_OK) {
        refused_q16(st, 4, out);
        return;
    }
    speed = *p++;
    height = *p++;
    heading = qs_take_vec_q16(&p);
    qs_flat_range_q16(af_drag_max_range_q16(&m, speed, height, &heading, &r), &r, out);
}

static void max_range_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_drag_q16 q;
    af_drag_f64 m;
    af_vec3_f64 heading;
    af_range_f64 r;
    double speed, height;
    af_status st = take_model(&p, &q, &m);
    if (st != AF_OK) {
        refused_f64(st, 4, out);
        return;
    }
    speed = qs_take_f64(&p);
    height = qs_take_f64(&p);
    heading = qs_take_vec_f64(&p);
    qs_flat_range_f64(af_drag_max_range_f64(&m, speed, height, &heading, &r), &r, out);
}

/* ---- The rows ---------------------------------------------------------- */

/*
 * f64 on a target against the host: the drag solvers call exp, expm1,
 * log1p and pow, which newlib and glibc may round differently in the last
 * bit, and their iterations (time at height, the speed scan, the landing's
 * chords) stop when a bracket is 2^-50 of its magnitude, a test that a
 * last-bit difference can move by a step: the answers may differ by about
 * 2^-50 of their size. DRAG_F64_TOLERANCE is 16 times that (measured on
 * the four boards: 3.2e-17 of the answer's largest number at worst).
 * drag_max_range's answer is where the range is largest, found by a golden
 * section on the range's values: where a smooth function is flat, a
 * change of eps in its values moves its best argument by about sqrt(eps),
 * 2^-26 (measured: 6.8e-9); its tolerance is 4 times that, 2^-24.
 */
#define DRAG_F64_TOLERANCE 1.4210854715202004e-14 /* 2^-46 */
#define MAX_RANGE_F64_TOLERANCE 5.9604644775390625e-08 /* 2^-24 */

const qs_solver qs_drag_rows[QS_DRAG_ROWS] = {
    { "drag_init", QS_NAMES(init_inputs), QS_NAMES(init_outputs), init_make, init_q16, QS_F64(init_f64), DRAG_F64_TOLERANCE },
    { "drag_predict", QS_NAMES(predict_inputs), QS_NAMES(state_outputs), predict_make, predict_q16, QS_F64(predict_f64),
      DRAG_F64_TOLERANCE },
    { "drag_predict_steps", QS_NAMES(predict_steps_inputs), QS_NAMES(state_outputs), predict_steps_make,
      predict_steps_q16, QS_F64(predict_steps_f64), DRAG_F64_TOLERANCE },
    { "drag_apex", QS_NAMES(apex_inputs), QS_NAMES(event_outputs), apex_make, apex_q16, QS_F64(apex_f64), DRAG_F64_TOLERANCE },
    { "drag_height", QS_NAMES(height_inputs), QS_NAMES(event_outputs), height_make, height_q16, QS_F64(height_f64),
      DRAG_F64_TOLERANCE },
    { "drag_land", QS_NAMES(land_inputs), QS_NAMES(land_outputs), land_make, land_q16, QS_F64(land_f64), DRAG_F64_TOLERANCE },
    { "drag_aim_time", QS_NAMES(aim_time_inputs), QS_NAMES(qs_shots_outputs), aim_time_make, aim_time_q16,
      QS_F64(aim_time_f64), DRAG_F64_TOLERANCE },
    { "drag_aim_speed", QS_NAMES(aim_speed_inputs), QS_NAMES(qs_shots_outputs), aim_speed_make, aim_speed_q16,
      QS_F64(aim_speed_f64), DRAG_F64_TOLERANCE },
    { "drag_max_range", QS_NAMES(max_range_inputs), QS_NAMES(max_range_outputs), max_range_make, max_range_q16,
      QS_F64(max_range_f64), MAX_RANGE_F64_TOLERANCE },
    { "drag_samples", QS_NAMES(samples_inputs), QS_NAMES(samples_outputs), samples_make, samples_q16, QS_F64(samples_f64),
      DRAG_F64_TOLERANCE },
};

const qs_group qs_drag_group = { "drag", qs_drag_rows, QS_DRAG_ROWS };
