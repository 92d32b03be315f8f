/* SPDX-License-Identifier: MIT */
/*
 * The Q16 drag solvers give the same bits on every compiler and core: a
 * hash of their outputs on fixed inputs must equal the one recorded from
 * the reference build (host gcc -O2). The inputs are drawn as integers
 * (no floating point decides them), and do not shrink on slow targets:
 * the hash covers exactly the same 11 456 solves everywhere.
 *
 * After an intended change of results, run this suite on the host and
 * record the hash it prints, once the other suites pass.
 */
#include <stdint.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"

#define ROUNDS 1024 /* 11 solves each */
#define HEAVY_ROUNDS 64 /* fixed-speed aims, max ranges, landings: 3 each */
#define RECORDED_HASH UINT64_C(0x3abdf9bf6870838f)

typedef struct hash {
    uint64_t state;
} hash;

/* FNV-1a over the four bytes of each value, low byte first. */
static void mix(hash *h, uint32_t v)
{
    int i;
    for (i = 0; i < 4; i++) {
        h->state ^= (v >> (8 * i)) & 0xFFu;
        h->state *= UINT64_C(0x100000001b3);
    }
}

static void mix_vec(hash *h, const af_vec3_q16 *v)
{
    mix(h, (uint32_t)v->x);
    mix(h, (uint32_t)v->y);
    mix(h, (uint32_t)v->z);
}

static void mix_event(hash *h, af_status st, const af_drag_event_q16 *e)
{
    mix(h, (uint32_t)st);
    mix(h, (uint32_t)e->t);
    mix(h, (uint32_t)e->height);
    mix(h, (uint32_t)e->steps);
    mix_vec(h, &e->state.position);
    mix_vec(h, &e->state.velocity);
}

static void mix_shots(hash *h, af_status st, const af_shots_q16 *s)
{
    int k;
    mix(h, (uint32_t)st);
    mix(h, (uint32_t)s->count);
    for (k = 0; k < s->count; k++) {
        mix(h, (uint32_t)s->shot[k].t);
        mix_vec(h, &s->shot[k].velocity);
        mix_vec(h, &s->shot[k].point);
    }
}

/* A signed raw value of up to `bits` bits (log-uniform length). */
static fix16_t draw(th_rng *rng, unsigned bits)
{
    uint64_t u = th_rand_u64(rng);
    unsigned length = 1 + (unsigned)(u % bits);
    int32_t v = (int32_t)((u >> 8) & ((1u << length) - 1u)) | (int32_t)(1u << (length - 1));
    return (u >> 63) ? -v : v;
}

static af_vec3_q16 draw_vec(th_rng *rng, unsigned bits)
{
    af_vec3_q16 v;
    v.x = draw(rng, bits);
    v.y = draw(rng, bits);
    v.z = draw(rng, bits);
    return v;
}

/* A model: every engine (d up to 4 /s, dt from 2^-10 to 1/8 s), or
 * continuous drag with wind; gravity mostly down z. */
static af_drag_q16 draw_model(th_rng *rng)
{
    af_vec3_q16 g = draw_vec(rng, 21), wind = draw_vec(rng, 22);
    fix16_t d = draw(rng, 18), dt = 64 + (fix16_t)th_rand_below(rng, 8192);
    af_drag_model model = (af_drag_model)th_rand_below(rng, 5);
    af_drag_q16 m;
    if (d < 0)
        d = -d;
    if (model == AF_DRAG_BULLET)
        d &= 0xFFFF;
    g.z = -(g.z < 0 ? -g.z : g.z) - 65536;
    if (af_drag_init_q16(model, d, dt, &g, model == AF_DRAG_CONTINUOUS ? &wind : NULL, &m) ==
        AF_OK)
        return m;
    /* d dt too large for the model: no drag instead. */
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity = g;
    m.dt = dt;
    m.r = 65536;
    return m;
}

static af_body_q16 draw_body(th_rng *rng)
{
    af_body_q16 b;
    b.position = draw_vec(rng, 26);
    b.velocity = draw_vec(rng, 23);
    return b;
}

/* The ground plane z = 0, in integers: the ray o + d s meets it at
 * s = o.z / -d.z. */
static int ground(void *user, const af_vec3_q16 *o, const af_vec3_q16 *d, fix16_t max_distance,
                  af_vec3_q16 *hit)
{
    fix16_t s;
    (void)user;
    if (o->z <= 0) {
        *hit = *o;
        return 1;
    }
    if (d->z >= 0 || af_div_q16(o->z, -d->z, &s) != AF_OK || s > max_distance)
        return 0;
    if (af_mul_q16(d->x, s, &hit->x) != AF_OK || af_mul_q16(d->y, s, &hit->y) != AF_OK)
        return 0;
    hit->x += o->x;
    hit->y += o->y;
    hit->z = 0;
    return 1;
}

static void hash_round(hash *h, th_rng *rng)
{
    af_drag_q16 m = draw_model(rng);
    af_body_q16 a = draw_body(rng), b = draw_body(rng), out;
    fix16_t t = (fix16_t)th_rand_below(rng, 1u << 20), height = draw(rng, 24);
    af_drag_event_q16 ev;
    af_shots_q16 shots;
    af_vec3_q16 points[4];
    af_status st;
    int k;
    st = af_drag_predict_q16(&m, &a, t, &out);
    mix(h, (uint32_t)st);
    mix_vec(h, &out.position);
    mix_vec(h, &out.velocity);
    st = af_drag_predict_steps_q16(&m, &a, t, &out);
    mix(h, (uint32_t)st);
    mix_vec(h, &out.position);
    mix_vec(h, &out.velocity);
    st = af_drag_apex_q16(&m, &a, &ev);
    mix_event(h, st, &ev);
    st = af_drag_time_at_height_q16(&m, &a, height, AF_RISING, &ev);
    mix_event(h, st, &ev);
    st = af_drag_time_at_height_q16(&m, &a, height, AF_FALLING, &ev);
    mix_event(h, st, &ev);
    st = af_drag_time_at_height_q16(&m, &a, -(height < 0 ? -height : height), AF_FALLING, &ev);
    mix_event(h, st, &ev);
    st = af_drag_aim_time_q16(&m, &a, &b, t + 1, 0, &shots);
    mix_shots(h, st, &shots);
    st = af_drag_aim_time_q16(&m, &a, &b, t + 1, AF_INHERIT_VELOCITY, &shots);
    mix_shots(h, st, &shots);
    st = af_drag_samples_q16(&m, &a, t + 1, points, 4);
    mix(h, (uint32_t)st);
    for (k = 0; k < 4; k++)
        mix_vec(h, &points[k]);
    st = af_drag_predict_q16(&m, &b, t >> 4, &out);
    mix(h, (uint32_t)st);
    mix_vec(h, &out.position);
    st = af_drag_apex_q16(&m, &b, &ev);
    mix_event(h, st, &ev);
}

static void heavy_round(hash *h, th_rng *rng)
{
    af_drag_q16 m = draw_model(rng);
    af_body_q16 a = draw_body(rng), b = draw_body(rng);
    fix16_t speed = 1 + (fix16_t)th_rand_below(rng, 1u << 23);
    af_drag_landing_q16 land;
    af_shots_q16 shots;
    af_range_q16 r;
    af_status st;
    a.position.z = (a.position.z < 0 ? -a.position.z : a.position.z) >> 4;
    st = af_drag_aim_speed_q16(&m, &a, &b, speed, 1 + (fix16_t)th_rand_below(rng, 1u << 22), 0,
                               &shots);
    mix_shots(h, st, &shots);
    st = af_drag_max_range_q16(&m, speed, draw(rng, 22), &b.velocity, &r);
    mix(h, (uint32_t)st);
    mix(h, (uint32_t)r.range);
    mix(h, (uint32_t)r.t);
    mix(h, (uint32_t)r.horizontal_speed);
    mix(h, (uint32_t)r.vertical_speed);
    st = af_drag_land_q16(&m, &a, 1 + (fix16_t)th_rand_below(rng, 1u << 24), 64, ground, NULL,
                          &land);
    mix(h, (uint32_t)st);
    mix(h, (uint32_t)land.t);
    mix(h, (uint32_t)land.casts);
    mix_vec(h, &land.point);
    mix_vec(h, &land.velocity);
}

static void same_bits_as_the_recorded_build(void)
{
    th_rng rng = th_rng_for("drag_bits");
    hash h;
    int i;
    h.state = UINT64_C(0xcbf29ce484222325);
    for (i = 0; i < ROUNDS; i++)
        hash_round(&h, &rng);
    for (i = 0; i < HEAVY_ROUNDS; i++)
        heavy_round(&h, &rng);
    th_note("hash of %d solves: 0x%08lx%08lx", ROUNDS * 11 + HEAVY_ROUNDS * 3,
            (unsigned long)(h.state >> 32), (unsigned long)(h.state & 0xFFFFFFFFu));
    TH_CHECK(h.state == RECORDED_HASH, "the hash differs from the recorded 0x%08lx%08lx",
             (unsigned long)(RECORDED_HASH >> 32), (unsigned long)(RECORDED_HASH & 0xFFFFFFFFu));
}

static const th_case cases[] = {
    TH_CASE(same_bits_as_the_recorded_build),
};

TH_MAIN("drag_bits_q16", cases)
