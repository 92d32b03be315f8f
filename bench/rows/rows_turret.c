/* SPDX-License-Identifier: MIT */
/*
 * Benchmark rows of the turret aims (include/aimfix/turret.h):
 * af_turret_aim_q16, af_turret_aim_accel_q16, af_turret_aim_drag_q16,
 * af_turret_aim_drag_accel_q16 and af_turret_aim_qdrag_q16 beside their f64 twins as the double column and the same f64 sources
 * compiled in float (bench/yardsticks/turret_real.c). No libfixmath yardstick: no
 * textbook formula aims a turret.
 *
 * Scenes as a turret meets them (the input layout is bench/yardsticks/turret_real.h's):
 * a muzzle speed of 16 to 128 m/s; every other input a lob under 9.81
 * m/s^2 down z, the others straight lines; the target in one of 16
 * directions, 2 m to 0.8 of the level range s^2/g away (4 s of flight for
 * a straight line), up to an eighth of that above or below, driving at up
 * to 16 m/s; the head anywhere within its limits, latency up to 0.5 s,
 * the muzzle up to 1.5 m along the barrel and 0.2 m off it; every other
 * input on a vehicle moving at up to 8 m/s, inherited.
 */
#include <string.h>

#include "rows.h"
#include "solver_rows.h"
#include "turret_real.h"

#define ONE BENCH_ONE
#define M BENCH_M
#define G_EARTH 642908 /* 9.81 m/s^2, raw */
/* Inputs per row: each Q16 call is many fixed-speed solves. */
#define TURRET_INPUTS 32
/* The quadratic drag aim steps whole flights at its exact aims (a scan
 * of the flight times first, then one every few dozen launch times and
 * one per shot): each call costs tens of times a vacuum aim's, so few
 * inputs. */
#define QDRAG_INPUTS 4

static void turret_input(const bench_row *row, unsigned i, bench_input *in)
{
    int32_t speed = bench_draw_bits(row, i, 0, 21, 23); /* [32, 128) m/s */
    int lob = (i & 1) == 0;
    int64_t reach = lob ? (int64_t)speed * speed / G_EARTH * 4 / 5 : (int64_t)speed * 4;
    int32_t far = (int32_t)(reach > M(2) ? reach : M(2));
    unsigned k;
    for (k = 0; k < BENCH_ARGS; k++)
        in->raw[k] = 0;
    bench_put_horizontal(row, i, 1, bench_draw_uniform(row, i, 2, M(2), far), &in->raw[0]);
    in->raw[2] = bench_part(far, bench_draw_uniform(row, i, 3, -8192, 8192));
    bench_put_horizontal(row, i, 4, bench_draw_uniform(row, i, 5, 0, M(16)), &in->raw[3]);
    in->raw[9] = speed;
    in->raw[10] = bench_draw_uniform(row, i, 6, 0, ONE / 2);
    in->raw[11] = bench_draw_uniform(row, i, 7, -BENCH_TURRET_YAW_LIMIT, BENCH_TURRET_YAW_LIMIT);
    in->raw[12] = bench_draw_uniform(row, i, 8, BENCH_TURRET_PITCH_MIN, BENCH_TURRET_PITCH_MAX);
    in->raw[13] = lob ? -G_EARTH : 0;
    in->raw[14] = bench_draw_uniform(row, i, 9, 0, 3 * ONE / 2);
    in->raw[15] = bench_draw_uniform(row, i, 10, -ONE / 5, ONE / 5);
    in->raw[16] = (i & 2) ? bench_draw_uniform(row, i, 11, -M(8), M(8)) : 0;
}

/* The accelerating row: the same scenes, the target accelerating at up
 * to 8 m/s^2 per axis. */
static void accel_input(const bench_row *row, unsigned i, bench_input *in)
{
    unsigned k;
    turret_input(row, i, in);
    for (k = 0; k < 3; k++)
        in->raw[6 + k] = bench_draw_uniform(row, i, 12 + k, -M(8), M(8));
}

/* The drag row: lobs only, under Unity's law at 60 or 30 steps a second
 * and a damping of 0.01 to 0.5 /s. */
static void drag_input(const bench_row *row, unsigned i, bench_input *in)
{
    turret_input(row, i & ~1u, in);
    in->raw[17] = bench_draw_uniform(row, i, 15, 655, ONE / 2);
    in->raw[18] = (i & 4) ? 2185 : 1092; /* 1/30 s, 1/60 s */
}

/* The accelerating drag row: the drag row's lobs at the accelerating
 * row's targets. */
static void drag_accel_input(const bench_row *row, unsigned i, bench_input *in)
{
    unsigned k;
    drag_input(row, i, in);
    for (k = 0; k < 3; k++)
        in->raw[6 + k] = bench_draw_uniform(row, i, 12 + k, -M(8), M(8));
}

/* The quadratic drag row: the lobs of the drag row, slowed by k |v| v
 * with k 1/2048 to 1/256 /m (a 128 m/s shot loses 8 to 64 m/s^2), gravity
 * added first in each step. */
static void qdrag_input(const bench_row *row, unsigned i, bench_input *in)
{
    turret_input(row, i & ~1u, in);
    in->raw[17] = bench_draw_bits(row, i, 15, 5, 8); /* [1/2048, 1/256) */
    in->raw[18] = (i & 4) ? 2185 : 1092;             /* 1/30 s, 1/60 s */
}

static void turret_q16(const bench_input *in, af_turret_q16 *t, af_body_accel_q16 *b,
                       af_vec3_q16 *g)
{
    unsigned k;
    t->pivot.x = t->pivot.y = t->pivot.z = 0;
    t->up.x = t->up.y = 0;
    t->up.z = ONE;
    t->forward.x = ONE;
    t->forward.y = t->forward.z = 0;
    t->yaw_min = -BENCH_TURRET_YAW_LIMIT;
    t->yaw_max = BENCH_TURRET_YAW_LIMIT;
    t->pitch_min = BENCH_TURRET_PITCH_MIN;
    t->pitch_max = BENCH_TURRET_PITCH_MAX;
    t->yaw_rate = BENCH_TURRET_YAW_RATE;
    t->pitch_rate = BENCH_TURRET_PITCH_RATE;
    t->speed = in->raw[9];
    t->latency = in->raw[10];
    t->yaw = in->raw[11];
    t->pitch = in->raw[12];
    t->muzzle_forward = in->raw[14];
    t->muzzle_up = in->raw[15];
    t->velocity.x = in->raw[16];
    t->velocity.y = t->velocity.z = 0;
    t->flags = in->raw[16] != 0 ? AF_INHERIT_VELOCITY : 0u;
    for (k = 0; k < 3; k++) {
        (&b->position.x)[k] = in->raw[k];
        (&b->velocity.x)[k] = in->raw[3 + k];
        (&b->acceleration.x)[k] = in->raw[6 + k];
    }
    g->x = g->y = 0;
    g->z = in->raw[13];
}

static void put_first(bench_output *out, af_status st, const af_turret_shots_q16 *shots)
{
    out->ok = st == AF_OK && shots->count > 0;
    if (!out->ok)
        return;
    out->value[0] = shots->shot[0].launch / 65536.0;
    out->value[1] = shots->shot[0].flight / 65536.0;
    out->value[2] = shots->shot[0].yaw / 65536.0;
    out->value[3] = shots->shot[0].pitch / 65536.0;
}

static uint32_t call_turret_aim(const bench_row *row, const bench_variant *variant,
                                const bench_input *in, bench_output *out)
{
    af_turret_q16 t;
    af_body_accel_q16 b;
    af_body_q16 target;
    af_vec3_q16 g;
    af_turret_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    turret_q16(in, &t, &b, &g);
    target.position = b.position;
    target.velocity = b.velocity;
    BENCH_COUNT(count, st = variant->fn.turret_aim(&t, &target, &g, &shots));
    put_first(out, st, &shots);
    return count;
}

static uint32_t call_turret_aim_accel(const bench_row *row, const bench_variant *variant,
                                      const bench_input *in, bench_output *out)
{
    af_turret_q16 t;
    af_body_accel_q16 b;
    af_vec3_q16 g;
    af_turret_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    turret_q16(in, &t, &b, &g);
    BENCH_COUNT(count, st = variant->fn.turret_aim_accel(&t, &b, &g, &shots));
    put_first(out, st, &shots);
    return count;
}

/* The turret and target of a drag row's input, and its Unity drag model:
 * 0 when the model is refused. */
static int drag_scene(const bench_input *in, af_turret_q16 *t, af_body_accel_q16 *b,
                      af_drag_q16 *m)
{
    af_vec3_q16 g;
    turret_q16(in, t, b, &g);
    return af_drag_init_q16(AF_DRAG_UNITY, in->raw[17], in->raw[18], &g, NULL, m) == AF_OK;
}

static uint32_t call_turret_aim_drag(const bench_row *row, const bench_variant *variant,
                                     const bench_input *in, bench_output *out)
{
    af_turret_q16 t;
    af_body_accel_q16 b;
    af_body_q16 target;
    af_drag_q16 m;
    af_turret_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    out->ok = 0;
    if (!drag_scene(in, &t, &b, &m))
        return 0;
    target.position = b.position;
    target.velocity = b.velocity;
    BENCH_COUNT(count, st = variant->fn.turret_aim_drag(&t, &m, &target,
                                                        M(BENCH_TURRET_MAX_TIME), &shots));
    put_first(out, st, &shots);
    return count;
}

static uint32_t call_turret_aim_drag_accel(const bench_row *row, const bench_variant *variant,
                                           const bench_input *in, bench_output *out)
{
    af_turret_q16 t;
    af_body_accel_q16 b;
    af_drag_q16 m;
    af_turret_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    out->ok = 0;
    if (!drag_scene(in, &t, &b, &m))
        return 0;
    BENCH_COUNT(count, st = variant->fn.turret_aim_drag_accel(&t, &m, &b,
                                                              M(BENCH_TURRET_MAX_TIME), &shots));
    put_first(out, st, &shots);
    return count;
}

static uint32_t call_turret_aim_qdrag(const bench_row *row, const bench_variant *variant,
                                      const bench_input *in, bench_output *out)
{
    af_turret_q16 t;
    af_body_accel_q16 b;
    af_body_q16 target;
    af_vec3_q16 g;
    af_qdrag_q16 m;
    af_turret_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    turret_q16(in, &t, &b, &g);
    target.position = b.position;
    target.velocity = b.velocity;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity = g;
    m.k = in->raw[17];
    m.dt = in->raw[18];
    m.order = AF_QDRAG_GRAVITY_FIRST;
    BENCH_COUNT(count, st = variant->fn.turret_aim_qdrag(&t, &m, &target,
                                                         M(BENCH_TURRET_MAX_TIME), &shots));
    put_first(out, st, &shots);
    return count;
}

const bench_row bench_row_turret_aim = {
    "turret_aim", "32 to 128 m/s, lobs (9.81 down z) and straight lines alternating, targets "
                  "2 m to 0.8 of the reach away driving at up to 16 m/s, the head anywhere "
                  "in its limits, latency to 0.5 s, half on a moving vehicle",
    TURRET_INPUTS, BENCH_TURRET_ARGS, 4, 1.0 / 65536.0, turret_input, NULL,
    { { "af_turret_aim_q16", "af_turret_aim_q16", call_turret_aim,
        { .turret_aim = af_turret_aim_q16 } },
      { "af_turret_aim_f64 in float", "bench_turret_aim_float", bench_call_float,
        { .real_f = bench_turret_aim_float } },
      { "af_turret_aim_f64", "af_turret_aim_f64", bench_call_double,
        { .real_d = bench_turret_aim_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_turret_aim_accel = {
    "turret_aim_accel", "the scenes of turret_aim, the target accelerating at up to 8 m/s^2 per "
                        "axis",
    TURRET_INPUTS, BENCH_TURRET_ARGS, 4, 1.0 / 65536.0, accel_input, NULL,
    { { "af_turret_aim_accel_q16", "af_turret_aim_accel_q16", call_turret_aim_accel,
        { .turret_aim_accel = af_turret_aim_accel_q16 } },
      { "af_turret_aim_accel_f64 in float", "bench_turret_aim_accel_float", bench_call_float,
        { .real_f = bench_turret_aim_accel_float } },
      { "af_turret_aim_accel_f64", "af_turret_aim_accel_f64", bench_call_double,
        { .real_d = bench_turret_aim_accel_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_turret_aim_drag = {
    "turret_aim_drag", "the lobs of turret_aim under Unity's drag, 0.01 to 0.5 /s at 30 or 60 "
                       "steps a second, flights up to 8 s",
    TURRET_INPUTS, BENCH_TURRET_ARGS, 4, 1.0 / 65536.0, drag_input, NULL,
    { { "af_turret_aim_drag_q16", "af_turret_aim_drag_q16", call_turret_aim_drag,
        { .turret_aim_drag = af_turret_aim_drag_q16 } },
      { "af_turret_aim_drag_f64 in float", "bench_turret_aim_drag_float", bench_call_float,
        { .real_f = bench_turret_aim_drag_float } },
      { "af_turret_aim_drag_f64", "af_turret_aim_drag_f64", bench_call_double,
        { .real_d = bench_turret_aim_drag_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_turret_aim_drag_accel = {
    "turret_aim_drag_accel", "the lobs of turret_aim_drag at the targets of turret_aim_accel",
    TURRET_INPUTS, BENCH_TURRET_ARGS, 4, 1.0 / 65536.0, drag_accel_input, NULL,
    { { "af_turret_aim_drag_accel_q16", "af_turret_aim_drag_accel_q16", call_turret_aim_drag_accel,
        { .turret_aim_drag_accel = af_turret_aim_drag_accel_q16 } },
      { "af_turret_aim_drag_accel_f64 in float", "bench_turret_aim_drag_accel_float",
        bench_call_float, { .real_f = bench_turret_aim_drag_accel_float } },
      { "af_turret_aim_drag_accel_f64", "af_turret_aim_drag_accel_f64", bench_call_double,
        { .real_d = bench_turret_aim_drag_accel_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_turret_aim_qdrag = {
    "turret_aim_qdrag", "the lobs of turret_aim under quadratic drag, k 1/2048 to 1/256 /m at 30 "
                        "or 60 steps a second, flights up to 8 s",
    QDRAG_INPUTS, BENCH_TURRET_ARGS, 4, 1.0 / 65536.0, qdrag_input, NULL,
    { { "af_turret_aim_qdrag_q16", "af_turret_aim_qdrag_q16", call_turret_aim_qdrag,
        { .turret_aim_qdrag = af_turret_aim_qdrag_q16 } },
      { "af_turret_aim_qdrag_f64 in float", "bench_turret_aim_qdrag_float", bench_call_float,
        { .real_f = bench_turret_aim_qdrag_float } },
      { "af_turret_aim_qdrag_f64", "af_turret_aim_qdrag_f64", bench_call_double,
        { .real_d = bench_turret_aim_qdrag_double } },
      { NULL, NULL, NULL, { NULL } } },
};
