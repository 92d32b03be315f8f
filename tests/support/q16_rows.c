/* SPDX-License-Identifier: MIT */
/* What the rows of the Q16 solver table share (see q16_rows.h). */
#include "q16_rows.h"

#include <string.h>

/* ---- Inputs, from integers only ------------------------------------- */

/* Magnitude classes in bits of the raw value (2^16 is 1 m or 1 m/s), as
 * in the comparison suites (q16_random_scenario): small (distances 1/1024
 * to 1 m, speeds 1/4 to 2 m/s), ordinary (1 to 128 m, 2 to 128 m/s) and
 * near the limit (128 to 16384 m and m/s). */
static const struct {
    int dist_lo, dist_hi, speed_lo, speed_hi;
} classes[3] = { { 6, 16, 14, 17 }, { 16, 23, 17, 23 }, { 23, 30, 23, 30 } };

void qs_class_bits(long i, int *dist_lo, int *dist_hi, int *speed_lo, int *speed_hi)
{
    int c = (int)(i % 3);
    *dist_lo = classes[c].dist_lo;
    *dist_hi = classes[c].dist_hi;
    *speed_lo = classes[c].speed_lo;
    *speed_hi = classes[c].speed_hi;
}

/* Positions stay within +-2^30 raw (16384 m), so that differences fit. */
#define POSITION_LIMIT (INT32_C(1) << 30)
/* 9.81 m/s^2, rounded to Q16.16. */
#define EARTH_RAW 642908

/* A raw magnitude in [2^lo, 2^hi), every power of two equally likely. */
uint32_t qs_magnitude(th_rng *rng, int lo, int hi)
{
    int e = lo + (int)th_rand_below(rng, (uint32_t)(hi - lo));
    return (UINT32_C(1) << e) | ((uint32_t)th_rand_u64(rng) & ((UINT32_C(1) << e) - 1u));
}

/* Uniform in [-m, m], m <= 2^30. */
int32_t qs_spread(th_rng *rng, uint32_t m)
{
    return (int32_t)((int64_t)th_rand_below(rng, 2u * m + 1u) - (int64_t)m);
}

/* Components uniform in a cube whose half-side is a magnitude in
 * [2^lo, 2^hi). */
af_vec3_q16 qs_vector(th_rng *rng, int lo, int hi)
{
    uint32_t m = qs_magnitude(rng, lo, hi);
    af_vec3_q16 v;
    v.x = qs_spread(rng, m);
    v.y = qs_spread(rng, m);
    v.z = qs_spread(rng, m);
    return v;
}

static int32_t clamp_position(int64_t p)
{
    if (p > POSITION_LIMIT)
        return POSITION_LIMIT;
    return (int32_t)(p < -POSITION_LIMIT ? -POSITION_LIMIT : p);
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* Edge cases, one input set in 16, in turn: the degenerate geometries and
 * the extreme raw values each solver documents. */
static void edge_case(qs_scene *s, long which)
{
    static const af_vec3_q16 zero = { 0, 0, 0 };
    switch (which % 8) {
    case 0: /* the target at the muzzle */
        s->target.position = s->shooter.position;
        break;
    case 1: /* no gravity */
        s->gravity = zero;
        break;
    case 2: /* the two ends of the raw range: differences overflow */
        s->shooter.position.x = INT32_MIN;
        s->target.position.x = INT32_MAX;
        s->target.velocity.y = INT32_MIN;
        break;
    case 3: /* the smallest positive speed, time and policy */
        s->speed = s->time = s->base = 1;
        break;
    case 4: /* zero and negative speed, time, height and policy */
        s->speed = 0;
        s->time = -s->time;
        s->height = 0;
        s->base = -s->base;
        break;
    case 5: /* the target straight above or below */
        s->target.position.x = s->shooter.position.x;
        s->target.position.y = s->shooter.position.y;
        s->gravity.x = s->gravity.y = 0;
        break;
    case 6: /* everything at the top of the range */
        s->shooter.position.x = s->shooter.position.y = INT32_MAX;
        s->target.position = s->shooter.position;
        s->target.position.z = INT32_MAX;
        s->speed = s->time = s->height = INT32_MAX;
        s->target.velocity.x = INT32_MAX;
        break;
    default: /* gravity at the limit */
        s->gravity.x = INT32_MIN;
        s->gravity.z = INT32_MAX;
        break;
    }
}

static qs_scene make_scene(th_rng *rng, long i)
{
    static const af_vec3_q16 zero = { 0, 0, 0 };
    int c = (int)(i % 3), lo = classes[c].speed_lo, hi = classes[c].speed_hi;
    /* Bodies' speeds: from 2^-10 of the class's slowest launch to four
     * times its fastest. */
    int vlo = lo > 10 ? lo - 10 : 0, vhi = min_int(hi + 2, 30);
    qs_scene s;
    af_vec3_q16 d;
    s.shooter.position.x = qs_spread(rng, POSITION_LIMIT);
    s.shooter.position.y = qs_spread(rng, POSITION_LIMIT);
    s.shooter.position.z = qs_spread(rng, POSITION_LIMIT);
    d = qs_vector(rng, classes[c].dist_lo, classes[c].dist_hi);
    s.target.position.x = clamp_position((int64_t)s.shooter.position.x + d.x);
    s.target.position.y = clamp_position((int64_t)s.shooter.position.y + d.y);
    s.target.position.z = clamp_position((int64_t)s.shooter.position.z + d.z);
    s.speed = (fix16_t)qs_magnitude(rng, lo, hi);
    /* A quarter of the bodies stand still. */
    s.target.velocity = th_rand_below(rng, 4) ? qs_vector(rng, vlo, vhi) : zero;
    s.shooter.velocity = th_rand_below(rng, 4) ? qs_vector(rng, vlo, vhi) : zero;
    if (th_rand_below(rng, 2)) {
        s.gravity = zero;
        s.gravity.z = -EARTH_RAW;
    } else {
        s.gravity = qs_vector(rng, 13, 23); /* 0.125 to 128 m/s^2 */
    }
    s.time = (fix16_t)qs_magnitude(rng, 10, 26); /* 1/64 to 1024 s */
    s.height = (th_rand_below(rng, 2) ? 1 : -1) *
               (fix16_t)qs_magnitude(rng, classes[c].dist_lo, classes[c].dist_hi);
    s.base = (fix16_t)th_rand_below(rng, UINT32_C(10) << 16);  /* 0 to 10 m or m/s */
    s.per_distance = 655 + (fix16_t)th_rand_below(rng, 65536 - 655); /* 0.01 to 1 */
    s.kind = (int32_t)th_rand_below(rng, 2);
    s.flags = th_rand_below(rng, 2) ? AF_INHERIT_VELOCITY : 0;
    if (i % 16 == 15)
        edge_case(&s, i / 16);
    return s;
}

/* ---- Packing and unpacking, in the order of the input names ---------- */

void qs_put_vec(int32_t **p, af_vec3_q16 v)
{
    *(*p)++ = v.x;
    *(*p)++ = v.y;
    *(*p)++ = v.z;
}

void qs_put_body(int32_t **p, const af_body_q16 *b)
{
    qs_put_vec(p, b->position);
    qs_put_vec(p, b->velocity);
}

af_vec3_q16 qs_take_vec_q16(const int32_t **p)
{
    af_vec3_q16 v;
    v.x = *(*p)++;
    v.y = *(*p)++;
    v.z = *(*p)++;
    return v;
}

af_body_q16 qs_take_body_q16(const int32_t **p)
{
    af_body_q16 b;
    b.position = qs_take_vec_q16(p);
    b.velocity = qs_take_vec_q16(p);
    return b;
}

/* Raw Q16.16 to double is exact: 32 bits fit the 53 of a double. */
double qs_f64_of(int32_t raw)
{
    return raw / 65536.0;
}

double qs_take_f64(const int32_t **p)
{
    return qs_f64_of(*(*p)++);
}

af_vec3_f64 qs_take_vec_f64(const int32_t **p)
{
    af_vec3_f64 v;
    v.x = qs_take_f64(p);
    v.y = qs_take_f64(p);
    v.z = qs_take_f64(p);
    return v;
}

af_body_f64 qs_take_body_f64(const int32_t **p)
{
    af_body_f64 b;
    b.position = qs_take_vec_f64(p);
    b.velocity = qs_take_vec_f64(p);
    return b;
}

void qs_flat_shots_q16(af_status st, const af_shots_q16 *q, qs_out_q16 *out)
{
    int32_t *v = out->v;
    int k;
    out->status = st;
    *v++ = q->count;
    for (k = 0; k < AF_MAX_SHOTS; k++) {
        *v++ = q->shot[k].t;
        qs_put_vec(&v, q->shot[k].velocity);
        qs_put_vec(&v, q->shot[k].point);
    }
    out->n = (int)(v - out->v);
}

void qs_put_vec_f64(double **p, af_vec3_f64 v)
{
    *(*p)++ = v.x;
    *(*p)++ = v.y;
    *(*p)++ = v.z;
}

void qs_flat_shots_f64(af_status st, const af_shots_f64 *f, qs_out_f64 *out)
{
    double *v = out->v;
    int k;
    out->status = st;
    *v++ = f->count;
    for (k = 0; k < AF_MAX_SHOTS; k++) {
        *v++ = f->shot[k].t;
        qs_put_vec_f64(&v, f->shot[k].velocity);
        qs_put_vec_f64(&v, f->shot[k].point);
    }
    out->n = (int)(v - out->v);
}

void qs_flat_range_q16(af_status st, const af_range_q16 *r, qs_out_q16 *out)
{
    out->status = st;
    out->v[0] = r->range;
    out->v[1] = r->t;
    out->v[2] = r->horizontal_speed;
    out->v[3] = r->vertical_speed;
    out->n = 4;
}

void qs_flat_range_f64(af_status st, const af_range_f64 *r, qs_out_f64 *out)
{
    out->status = st;
    out->v[0] = r->range;
    out->v[1] = r->t;
    out->v[2] = r->horizontal_speed;
    out->v[3] = r->vertical_speed;
    out->n = 4;
}

/* ---- The rows -------------------------------------------------------- */

/* The i-th qs_scene, and the inputs cleared for a row to pack it into. */
qs_scene qs_start(th_rng *rng, long i, qs_in *in)
{
    memset(in, 0, sizeof *in);
    return make_scene(rng, i);
}

const char *const qs_shots_outputs[] = { "count",      SHOT_NAMES("1"), SHOT_NAMES("2"),
                                             SHOT_NAMES("3"), SHOT_NAMES("4"), NULL };
typedef char shot_names_match[AF_MAX_SHOTS == 4 ? 1 : -1];
