/* SPDX-License-Identifier: MIT */
/*
 * Benchmark rows of the Q16 drag solvers (include/aimfix/drag.h), each beside
 * its f64 twin as the double column and the same f64 source compiled for float
 * as the float column (bench/yardsticks/drag_real.c), and the textbook closed
 * forms on libfixmath as the libfixmath column (bench/yardsticks/drag_fix16.h);
 * all on the same model: the Q16 model's own r, dt and k, so that the errors
 * are the solver's, not those of r's rounding.
 *
 * Inputs as a game meets them: an engine model (Unity, Box2D, Bullet or exact
 * damping, d log-uniform in [1/64, 4) /s (Bullet's below 1) or none, at 30, 50,
 * 60 or 120 Hz) or continuous drag with wind, gravity (0, -9.81, 0) or (0, 0,
 * -9.81), a body within 128 m of the origin moving at up to 128 m/s per axis,
 * and the prediction's horizon up to 8 s (whole steps for the steps row, every
 * other one a fraction of a step).
 *
 * raw[]: [0] model (af_drag_model), [1] d, [2] dt, [3..5] gravity,
 * [6..8] position, [9..11] velocity, [12] steps or time, [13..15] wind;
 * the heights' row has the height in [12] and the branch in [6] (the
 * launch at the origin: a height is measured from it).
 * The real arguments of the float and double columns: [0] 1 for
 * continuous drag, [1] r (stepped) or k (continuous), [2] dt, then as
 * raw[].
 */
#include "drag_real.h"
#include "ref_solvers.h"
#include "rows.h"
#include "solver_rows.h"

#define ONE 65536

/* The engines' steps: 1/30, 1/50, 1/60, 1/120 s, rounded to Q16.16. */
static const int32_t steps_per_second[4] = { 30, 50, 60, 120 };

/* A signed magnitude below 2^bits raw, log-uniform, from draw k. */
static int32_t signed_log(const bench_row *row, unsigned i, unsigned k, unsigned bits)
{
    uint64_t h = bench_hash(row->name, i, k);
    return bench_signed(h >> 63, (int32_t)bench_log_uniform(h, bits));
}

/* Model, gravity and body of input i; `continuous_ok`: continuous drag
 * one time in five. */
static void drag_input(const bench_row *row, unsigned i, bench_input *in, int continuous_ok)
{
    uint64_t h = bench_hash(row->name, i, 0);
    unsigned k;
    int32_t hz = steps_per_second[(h >> 8) % 4];
    in->raw[0] = (int32_t)((h >> 16) % (continuous_ok ? 5u : 4u));
    /* d in [1/64, 4): 2^-6 to 2^2, log-uniform; none one time in eight
     * (Bullet's below 1: a fraction of the velocity lost per second). */
    in->raw[1] = (h >> 24) % 8 == 0 ? 0
                                    : (int32_t)bench_with_length(bench_hash(row->name, i, 1),
                                                                 bench_length(h, 11, 18));
    if (in->raw[0] == AF_DRAG_BULLET)
        in->raw[1] &= 0xFFFF; /* a fraction lost per second */
    in->raw[2] = (ONE + hz / 2) / hz;
    in->raw[3] = in->raw[5] = 0;
    in->raw[4] = -642908; /* -9.81 */
    if ((h >> 32) & 1) {
        in->raw[4] = 0;
        in->raw[5] = -642908;
    }
    for (k = 0; k < 3; k++) {
        in->raw[6 + k] = signed_log(row, i, 6 + k, 23);
        in->raw[9 + k] = signed_log(row, i, 9 + k, 23);
        in->raw[13 + k] = in->raw[0] == AF_DRAG_CONTINUOUS ? signed_log(row, i, 13 + k, 20) : 0;
    }
}

static void steps_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t h = bench_hash(row->name, i, 12);
    int32_t hz;
    drag_input(row, i, in, 0);
    hz = (ONE + in->raw[2] / 2) / in->raw[2];
    /* 1 to 8 s of steps, whole, or with a fraction every other input. */
    in->raw[12] = (int32_t)(1 + (h >> 40) % (uint64_t)(8 * hz)) * ONE;
    if (i % 2)
        in->raw[12] += (int32_t)(h & 0xFFFFu);
}

static void time_input(const bench_row *row, unsigned i, bench_input *in)
{
    drag_input(row, i, in, 1);
    /* Up to 8 s. */
    in->raw[12] = (int32_t)(bench_hash(row->name, i, 12) % (uint64_t)(8 * ONE)) + 1;
}

/* The input's Q16 model (0 when its d and dt make none). */
static int model_of(const bench_input *in, af_drag_q16 *m)
{
    af_vec3_q16 g, wind;
    g.x = in->raw[3];
    g.y = in->raw[4];
    g.z = in->raw[5];
    wind.x = in->raw[13];
    wind.y = in->raw[14];
    wind.z = in->raw[15];
    return af_drag_init_q16((af_drag_model)in->raw[0], in->raw[1], in->raw[2], &g, &wind, m) ==
           AF_OK;
}

static void drag_real_args(const bench_input *in, double *args)
{
    af_drag_q16 m;
    unsigned k;
    for (k = 0; k < BENCH_ARGS; k++)
        args[k] = in->raw[k] / (double)ONE;
    if (!model_of(in, &m))
        return;
    args[0] = m.kind == AF_DRAG_KIND_CONTINUOUS;
    args[1] = (m.kind == AF_DRAG_KIND_CONTINUOUS ? m.k : m.r) / (double)ONE;
}

/* The launch of an input (at the origin for the heights' row, whose [6..8]
 * hold other numbers). */
static af_body_q16 start_of(const bench_input *in, int at_origin)
{
    af_body_q16 b;
    b.position.x = at_origin ? 0 : in->raw[6];
    b.position.y = at_origin ? 0 : in->raw[7];
    b.position.z = at_origin ? 0 : in->raw[8];
    b.velocity.x = in->raw[9];
    b.velocity.y = in->raw[10];
    b.velocity.z = in->raw[11];
    return b;
}

/* A Q16 state into out->value[first ..]: position, then velocity. */
static void put_body_q16(bench_output *out, unsigned first, const af_body_q16 *b)
{
    unsigned k;
    for (k = 0; k < 3; k++) {
        out->value[first + k] = (&b->position.x)[k] / (double)ONE;
        out->value[first + 3 + k] = (&b->velocity.x)[k] / (double)ONE;
    }
}

/* The adapter of the forward predictions' signature. */
static uint32_t bench_call_drag_predict(const bench_row *row, const bench_variant *variant,
                                        const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_drag_q16 *, const af_body_q16 *, fix16_t, af_body_q16 *) =
        variant->fn.drag_predict;
    af_drag_q16 m;
    af_body_q16 start = start_of(in, 0), end;
    fix16_t n = in->raw[12];
    af_status status;
    uint32_t count;
    (void)row;
    out->ok = 0;
    if (!model_of(in, &m))
        return 0;
    BENCH_COUNT(count, status = f(&m, &start, n, &end));
    out->ok = status == AF_OK;
    put_body_q16(out, 0, &end);
    return count;
}

const bench_row bench_row_drag_steps = {
    "drag_steps", "an engine model at 30 to 120 Hz, d up to 4 /s, 1 to 8 s of whole or "
                  "fractional steps, a body within 128 m moving at up to 128 m/s per axis",
    BENCH_MAX_INPUTS, 16, 6, 1.0 / 65536.0, steps_input, drag_real_args,
    { { "af_drag_predict_steps_q16", "af_drag_predict_steps_q16", bench_call_drag_predict,
        { .drag_predict = af_drag_predict_steps_q16 } },
      { "af_drag_predict_steps_f64 in float", "bench_drag_steps_float", bench_call_float,
        { .real_f = bench_drag_steps_float } },
      { "af_drag_predict_steps_f64", "af_drag_predict_steps_f64", bench_call_double,
        { .real_d = bench_drag_steps_double } },
      { "r^n = e^(n ln r) and the geometric sums on fix16_*", "bench_drag_predict_steps_fix16",
        bench_call_drag_predict, { .drag_predict = bench_drag_predict_steps_fix16 } } },
};

const bench_row bench_row_drag_predict = {
    "drag_predict", "as drag_steps, one model in five continuous drag with wind, up to 8 s",
    BENCH_MAX_INPUTS, 16, 6, 1.0 / 65536.0, time_input, drag_real_args,
    { { "af_drag_predict_q16", "af_drag_predict_q16", bench_call_drag_predict,
        { .drag_predict = af_drag_predict_q16 } },
      { "af_drag_predict_f64 in float", "bench_drag_predict_float", bench_call_float,
        { .real_f = bench_drag_predict_float } },
      { "af_drag_predict_f64", "af_drag_predict_f64", bench_call_double,
        { .real_d = bench_drag_predict_double } },
      { "e^(-k t) or r^(t / dt) and the closed forms on fix16_*", "bench_drag_predict_fix16",
        bench_call_drag_predict, { .drag_predict = bench_drag_predict_fix16 } } },
};

/* A height on the flight of input i: rising, half the time a fraction of
 * the apex's height; falling, from the apex down to 64 m below the launch
 * (the launch at the origin). The apex from the Q16 solver itself:
 * integers only, the same everywhere. */
static void height_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t h = bench_hash(row->name, i, 12);
    af_drag_q16 m;
    af_body_q16 start = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_drag_event_q16 apex;
    int32_t top = 0;
    drag_input(row, i, in, 1);
    in->raw[6] = (int32_t)(i % 2); /* AF_RISING, AF_FALLING */
    in->raw[7] = in->raw[8] = 0;
    /* Launched upwards (along -gravity) at up to 64 m/s. */
    if (in->raw[4] != 0)
        in->raw[10] = (int32_t)((h >> 8) % (64u * ONE));
    else
        in->raw[11] = (int32_t)((h >> 8) % (64u * ONE));
    start.velocity.x = in->raw[9];
    start.velocity.y = in->raw[10];
    start.velocity.z = in->raw[11];
    if (model_of(in, &m) && af_drag_apex_q16(&m, &start, &apex) == AF_OK)
        top = apex.height;
    if (in->raw[6] == AF_RISING)
        in->raw[12] = (int32_t)((int64_t)top * (int32_t)((h >> 40) & 0xFFFFu) >> 16);
    else
        in->raw[12] = top - (int32_t)((h >> 32) % (uint64_t)((int64_t)top + 64 * ONE + 1));
}

/* The adapter of the time at height's signature. */
static uint32_t bench_call_drag_height(const bench_row *row, const bench_variant *variant,
                                       const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_drag_q16 *, const af_body_q16 *, fix16_t, af_branch,
                   af_drag_event_q16 *) = variant->fn.drag_height;
    af_drag_q16 m;
    af_body_q16 start = start_of(in, 1);
    af_drag_event_q16 ev;
    af_branch branch = in->raw[6] ? AF_FALLING : AF_RISING;
    fix16_t height = in->raw[12];
    af_status status;
    uint32_t count;
    (void)row;
    out->ok = 0;
    if (!model_of(in, &m))
        return 0;
    BENCH_COUNT(count, status = f(&m, &start, height, branch, &ev));
    out->ok = status == AF_OK;
    out->value[0] = ev.t / (double)ONE;
    put_body_q16(out, 1, &ev.state);
    return count;
}

const bench_row bench_row_drag_height = {
    "drag_height", "as drag_predict, launched up at up to 64 m/s; rising to a fraction of the "
                   "apex, or falling from it to 64 m below the launch",
    BENCH_MAX_INPUTS, 16, 7, 1.0 / 65536.0, height_input, drag_real_args,
    { { "af_drag_time_at_height_q16", "af_drag_time_at_height_q16", bench_call_drag_height,
        { .drag_height = af_drag_time_at_height_q16 } },
      { "af_drag_time_at_height_f64 in float", "bench_drag_height_float", bench_call_float,
        { .real_f = bench_drag_height_float } },
      { "af_drag_time_at_height_f64", "af_drag_time_at_height_f64", bench_call_double,
        { .real_d = bench_drag_height_double } },
      { "the vertical closed form bisected on fix16_*", "bench_drag_time_at_height_fix16",
        bench_call_drag_height, { .drag_height = bench_drag_time_at_height_fix16 } } },
};

/* ---- Aiming at a fixed speed ------------------------------------------ */

/* The flights the fixed-speed aim looks through (s). */
#define AIM_MAX_TIME (BENCH_DRAG_AIM_MAX_TIME * ONE)

/*
 * A launcher at rest at the origin, a speed of 4 to 64 m/s (log-uniform),
 * a target on the ground plane at up to the vacuum's level range s^2/g
 * (drag makes the far part unreachable: those inputs have no shot), up to
 * an eighth of that above or below, moving at up to 4 m/s per horizontal
 * axis. raw[6..8]: the target's position, [9..11] its velocity, [12] the
 * speed; the model as drag_input draws it (a third of them continuous).
 */
static void aim_speed_input(const bench_row *row, unsigned i, bench_input *in)
{
    int up, side, k;
    int64_t speed, reach;
    drag_input(row, i, in, 1);
    up = in->raw[4] != 0 ? 1 : 2;
    side = 3 - up;
    speed = bench_draw_bits(row, i, 12, 19, 22); /* [4, 64) m/s */
    reach = speed * speed / 642908;               /* s^2 / g, raw */
    for (k = 0; k < 3; k++) {
        in->raw[6 + k] = 0;
        in->raw[9 + k] = 0;
    }
    /* x and the other horizontal axis: each up to 0.7 of the reach, so the
     * distance is up to about the reach. */
    in->raw[6] = bench_part(reach, bench_draw_uniform(row, i, 13, -45875, 45875));
    in->raw[6 + side] = bench_part(reach, bench_draw_uniform(row, i, 14, -45875, 45875));
    in->raw[6 + up] = bench_part(reach, bench_draw_uniform(row, i, 15, -8192, 8192));
    in->raw[9] = bench_draw_uniform(row, i, 16, -4 * ONE, 4 * ONE);
    in->raw[9 + side] = bench_draw_uniform(row, i, 17, -4 * ONE, 4 * ONE);
    in->raw[12] = (int32_t)speed;
}

/* The adapter of the fixed-speed aim's signature. */
static uint32_t bench_call_drag_aim_speed(const bench_row *row, const bench_variant *variant,
                                          const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_drag_q16 *, const af_body_q16 *, const af_body_q16 *, fix16_t,
                   fix16_t, unsigned, af_shots_q16 *) = variant->fn.drag_aim_speed;
    af_drag_q16 m;
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = start_of(in, 0);
    af_shots_q16 shots;
    af_status status;
    uint32_t count;
    (void)row;
    out->ok = 0;
    if (!model_of(in, &m))
        return 0;
    BENCH_COUNT(count, status = f(&m, &shooter, &target, in->raw[12], AIM_MAX_TIME, 0, &shots));
    bench_put_shot_q16(out, status, &shots);
    return count;
}

const bench_row bench_row_drag_aim_speed = {
    "drag_aim_speed", "the drag models of drag_predict; a launcher at rest, 4 to 64 m/s, a target "
                      "moving at up to 4 m/s on the ground up to the vacuum's level range "
                      "(the far ones out of reach), flights up to 8 s",
    BENCH_MAX_INPUTS, 16, 4, 1.0 / 65536.0, aim_speed_input, drag_real_args,
    { { "af_drag_aim_speed_q16", "af_drag_aim_speed_q16", bench_call_drag_aim_speed,
        { .drag_aim_speed = af_drag_aim_speed_q16 } },
      { "af_drag_aim_speed_f64 in float", "bench_drag_aim_speed_float", bench_call_float,
        { .real_f = bench_drag_aim_speed_float } },
      { "af_drag_aim_speed_f64", "af_drag_aim_speed_f64", bench_call_double,
        { .real_d = bench_drag_aim_speed_double } },
      { "the closed fixed-time aim, its speed sampled and bisected, on fix16_*",
        "bench_drag_aim_speed_fix16", bench_call_drag_aim_speed,
        { .drag_aim_speed = bench_drag_aim_speed_fix16 } } },
};
