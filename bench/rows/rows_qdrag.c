/* SPDX-License-Identifier: MIT */
/*
 * Benchmark rows of the quadratic drag solvers (include/aimfix/qdrag.h,
 * qdrag_aim.h): the prediction, the aim at a fixed time of flight and the
 * aim at a fixed speed, once for each kind. Beside the Q16 solver, its f64
 * twin as the double column and the same f64
 * source compiled for float as the float column
 * (bench/yardsticks/qdrag_real.c); no libfixmath column (there is no
 * textbook closed form to transliterate). Every column flies the same
 * model: the Q16 inputs' own k, dt, gravity and wind.
 *
 * Inputs as balls, darts and pellets meet them: k log-uniform in [1/128,
 * 1/4) /m (a tennis ball's 0.02 to a ping-pong ball's 0.13 inside), the
 * stepped kind at 30, 50, 60 or 120 Hz in either order, gravity (0, -9.81,
 * 0) or (0, 0, -9.81), one scene in three in a wind of up to 4 m/s per
 * horizontal axis.
 *
 * raw[] (Q16.16, the float and double columns' real arguments one for
 * one): [0] 1 for the continuous kind, [1] k, [2] dt, [3..5] gravity,
 * [6..8] position (the aims: the target's), [9..11] velocity, [12] time
 * (the aims: time of flight or speed), [13..15] wind, [16] 1 for drag
 * first, [17] c (0).
 */
#include "qdrag_real.h"
#include "rows.h"
#include "solver_rows.h"

#define ONE 65536
#define AT_KIND 0
#define AT_K 1
#define AT_DT 2
#define AT_GRAVITY 3
#define AT_BODY 6
#define AT_VALUE 12
#define AT_WIND 13
#define AT_ORDER 16
#define AT_C 17

/* Inputs of the predictions, and of the aims (each aim flies dozens of
 * flights: fewer, so that the soft-double columns on the boards stay
 * within seconds). */
#define PREDICT_INPUTS 64
#define AIM_INPUTS 16

static const int32_t steps_per_second[4] = { 30, 50, 60, 120 };

/* The model of input i: the kind asked, k, the step, the order, gravity
 * and wind. Draws 0 to 3. */
static void qdrag_input(const bench_row *row, unsigned i, int continuous, bench_input *in)
{
    uint64_t h = bench_hash(row->name, i, 0);
    int32_t hz = steps_per_second[h % 4];
    unsigned up = (h >> 8) & 1 ? 2u : 1u, side = 3u - up;
    in->raw[AT_KIND] = continuous ? ONE : 0;
    in->raw[AT_K] = bench_draw_bits(row, i, 1, 9, 14); /* [1/128, 1/4) */
    in->raw[AT_DT] = (ONE + hz / 2) / hz;
    in->raw[AT_GRAVITY] = in->raw[AT_GRAVITY + 1] = in->raw[AT_GRAVITY + 2] = 0;
    in->raw[AT_GRAVITY + up] = -642908; /* -9.81 */
    in->raw[AT_WIND] = in->raw[AT_WIND + 1] = in->raw[AT_WIND + 2] = 0;
    if ((h >> 16) % 3 == 0) {
        in->raw[AT_WIND] = bench_draw_uniform(row, i, 2, -4 * ONE, 4 * ONE);
        in->raw[AT_WIND + side] = bench_draw_uniform(row, i, 3, -4 * ONE, 4 * ONE);
    }
    in->raw[AT_ORDER] = (h >> 24) & 1 ? ONE : 0;
    in->raw[AT_C] = 0;
}

/* The Q16 model of an input. */
static af_qdrag_q16 model_of(const bench_input *in)
{
    af_qdrag_q16 m;
    m.kind = in->raw[AT_KIND] ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED;
    m.gravity = bench_vec_q16(in, AT_GRAVITY);
    m.wind = bench_vec_q16(in, AT_WIND);
    m.k = in->raw[AT_K];
    m.c = in->raw[AT_C];
    m.dt = in->raw[AT_DT];
    m.order = in->raw[AT_ORDER] ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
    return m;
}

/* ---- Prediction ------------------------------------------------------- */

/* A body within 64 m of the origin moving at up to 32 m/s per axis, up to
 * 4 s ahead. */
static void predict_input(const bench_row *row, unsigned i, int continuous, bench_input *in)
{
    unsigned k;
    qdrag_input(row, i, continuous, in);
    for (k = 0; k < 3; k++) {
        in->raw[AT_BODY + k] = bench_draw_uniform(row, i, 4 + k, -64 * ONE, 64 * ONE);
        in->raw[AT_BODY + 3 + k] = bench_draw_uniform(row, i, 7 + k, -32 * ONE, 32 * ONE);
    }
    in->raw[AT_VALUE] = bench_draw_uniform(row, i, 10, 1, 4 * ONE);
}

static void predict_stepped_input(const bench_row *row, unsigned i, bench_input *in)
{
    predict_input(row, i, 0, in);
}

static void predict_ode_input(const bench_row *row, unsigned i, bench_input *in)
{
    predict_input(row, i, 1, in);
}

static uint32_t bench_call_qdrag_predict(const bench_row *row, const bench_variant *variant,
                                         const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_qdrag_q16 *, const af_body_q16 *, fix16_t, af_body_q16 *) =
        variant->fn.qdrag_predict;
    af_qdrag_q16 m = model_of(in);
    af_body_q16 start = bench_body_q16(in, AT_BODY), end;
    fix16_t t = in->raw[AT_VALUE];
    af_status status;
    uint32_t count;
    unsigned k;
    (void)row;
    BENCH_COUNT(count, status = f(&m, &start, t, &end));
    out->ok = status == AF_OK;
    for (k = 0; k < 3; k++) {
        out->value[k] = (&end.position.x)[k] / (double)ONE;
        out->value[3 + k] = (&end.velocity.x)[k] / (double)ONE;
    }
    return count;
}

/* ---- Aims ------------------------------------------------------------- */

/* A launcher at rest at the origin; a target at a horizontal distance of
 * 0.1 to 0.9 of min(1.5 / k, 40 m) (about the farthest such a projectile
 * flies: 6.5 m for a ping-pong ball at 12 m/s) along any direction, up
 * to an eighth of that above or below, moving at up to 2 m/s per
 * horizontal axis. Draws 4 to 9. */
static void put_target(const bench_row *row, unsigned i, bench_input *in)
{
    unsigned up = in->raw[AT_GRAVITY + 1] != 0 ? 1u : 2u, side = 3u - up;
    int64_t reach = ((int64_t)3 << 31) / in->raw[AT_K]; /* 1.5 / k, raw */
    int32_t distance, xy[2];
    if (reach > 40 * ONE)
        reach = 40 * ONE;
    distance = bench_part(reach, bench_draw_uniform(row, i, 4, ONE / 10, ONE * 9 / 10));
    bench_put_horizontal(row, i, 5, distance, xy);
    in->raw[AT_BODY] = xy[0];
    in->raw[AT_BODY + side] = xy[1];
    in->raw[AT_BODY + up] = bench_part(distance, bench_draw_uniform(row, i, 6, -ONE / 8, ONE / 8));
    in->raw[AT_BODY + 3] = bench_draw_uniform(row, i, 7, -2 * ONE, 2 * ONE);
    in->raw[AT_BODY + 3 + up] = 0;
    in->raw[AT_BODY + 3 + side] = bench_draw_uniform(row, i, 8, -2 * ONE, 2 * ONE);
}

/* Flights of 0.25 to 2.5 s. */
static void aim_time_input(const bench_row *row, unsigned i, int continuous, bench_input *in)
{
    qdrag_input(row, i, continuous, in);
    put_target(row, i, in);
    in->raw[AT_VALUE] = bench_draw_uniform(row, i, 10, ONE / 4, ONE * 5 / 2);
}

static void aim_time_stepped_input(const bench_row *row, unsigned i, bench_input *in)
{
    aim_time_input(row, i, 0, in);
}

static void aim_time_ode_input(const bench_row *row, unsigned i, bench_input *in)
{
    aim_time_input(row, i, 1, in);
}

/* Speeds of 4 to 64 m/s, log-uniform; flights up to
 * BENCH_QDRAG_AIM_MAX_TIME s. */
static void aim_speed_input(const bench_row *row, unsigned i, int continuous, bench_input *in)
{
    qdrag_input(row, i, continuous, in);
    put_target(row, i, in);
    in->raw[AT_VALUE] = bench_draw_bits(row, i, 10, 19, 22);
}

static void aim_speed_stepped_input(const bench_row *row, unsigned i, bench_input *in)
{
    aim_speed_input(row, i, 0, in);
}

static void aim_speed_ode_input(const bench_row *row, unsigned i, bench_input *in)
{
    aim_speed_input(row, i, 1, in);
}

static uint32_t bench_call_qdrag_aim_time(const bench_row *row, const bench_variant *variant,
                                          const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_qdrag_q16 *, const af_body_q16 *, const af_body_q16 *, fix16_t,
                   unsigned, af_shots_q16 *) = variant->fn.qdrag_aim;
    af_qdrag_q16 m = model_of(in);
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = bench_body_q16(in, AT_BODY);
    af_shots_q16 shots;
    af_status status;
    uint32_t count;
    (void)row;
    BENCH_COUNT(count, status = f(&m, &shooter, &target, in->raw[AT_VALUE], 0, &shots));
    bench_put_shot_q16(out, status, &shots);
    return count;
}

static uint32_t bench_call_qdrag_aim_speed(const bench_row *row, const bench_variant *variant,
                                           const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_qdrag_q16 *, const af_body_q16 *, const af_body_q16 *, fix16_t,
                   fix16_t, unsigned, af_shots_q16 *) = variant->fn.qdrag_aim_speed;
    af_qdrag_q16 m = model_of(in);
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = bench_body_q16(in, AT_BODY);
    af_shots_q16 shots;
    af_status status;
    uint32_t count;
    (void)row;
    BENCH_COUNT(count, status = f(&m, &shooter, &target, in->raw[AT_VALUE],
                                  BENCH_QDRAG_AIM_MAX_TIME * ONE, 0, &shots));
    bench_put_shot_q16(out, status, &shots);
    return count;
}

/* ---- The rows --------------------------------------------------------- */

#define QDRAG_FLOAT(title, fn) { title " in float", "bench_" #fn "_float", bench_call_float, \
                                 { .real_f = bench_##fn##_float } }
#define QDRAG_DOUBLE(title, fn) { title, "bench_" #fn "_double", bench_call_double,          \
                                  { .real_d = bench_##fn##_double } }
#define NO_VARIANT { NULL, NULL, NULL, { NULL } }

const bench_row bench_row_qdrag_predict = {
    "qdrag_predict", "stepped at 30 to 120 Hz, k 1/128 to 1/4 /m, a third in wind; a body "
                     "within 64 m moving at up to 32 m/s per axis, up to 4 s ahead",
    PREDICT_INPUTS, BENCH_QDRAG_ARGS, 6, 1.0 / 65536.0, predict_stepped_input, NULL,
    { { "af_qdrag_predict_q16", "af_qdrag_predict_q16", bench_call_qdrag_predict,
        { .qdrag_predict = af_qdrag_predict_q16 } },
      QDRAG_FLOAT("af_qdrag_predict_f64", qdrag_predict),
      QDRAG_DOUBLE("af_qdrag_predict_f64", qdrag_predict), NO_VARIANT },
};

const bench_row bench_row_qdrag_predict_ode = {
    "qdrag_predict_ode", "as qdrag_predict, the continuous kind",
    PREDICT_INPUTS, BENCH_QDRAG_ARGS, 6, 1.0 / 65536.0, predict_ode_input, NULL,
    { { "af_qdrag_predict_q16", "af_qdrag_predict_q16", bench_call_qdrag_predict,
        { .qdrag_predict = af_qdrag_predict_q16 } },
      QDRAG_FLOAT("af_qdrag_predict_f64", qdrag_predict),
      QDRAG_DOUBLE("af_qdrag_predict_f64", qdrag_predict), NO_VARIANT },
};

const bench_row bench_row_qdrag_aim_time = {
    "qdrag_aim_time", "the models of qdrag_predict; a launcher at rest, a target moving at up "
                      "to 2 m/s, 0.1 to 0.9 of min(1.5 / k, 40 m) away, flights of 0.25 to 2.5 s",
    AIM_INPUTS, BENCH_QDRAG_ARGS, 4, 1.0 / 65536.0, aim_time_stepped_input, NULL,
    { { "af_qdrag_aim_time_q16", "af_qdrag_aim_time_q16", bench_call_qdrag_aim_time,
        { .qdrag_aim = af_qdrag_aim_time_q16 } },
      QDRAG_FLOAT("af_qdrag_aim_time_f64", qdrag_aim_time),
      QDRAG_DOUBLE("af_qdrag_aim_time_f64", qdrag_aim_time), NO_VARIANT },
};

const bench_row bench_row_qdrag_aim_time_ode = {
    "qdrag_aim_time_ode", "as qdrag_aim_time, the continuous kind",
    AIM_INPUTS, BENCH_QDRAG_ARGS, 4, 1.0 / 65536.0, aim_time_ode_input, NULL,
    { { "af_qdrag_aim_time_q16", "af_qdrag_aim_time_q16", bench_call_qdrag_aim_time,
        { .qdrag_aim = af_qdrag_aim_time_q16 } },
      QDRAG_FLOAT("af_qdrag_aim_time_f64", qdrag_aim_time),
      QDRAG_DOUBLE("af_qdrag_aim_time_f64", qdrag_aim_time), NO_VARIANT },
};

const bench_row bench_row_qdrag_aim_speed = {
    "qdrag_aim_speed", "the targets of qdrag_aim_time, 4 to 64 m/s, flights up to 4 s",
    AIM_INPUTS, BENCH_QDRAG_ARGS, 4, 1.0 / 65536.0, aim_speed_stepped_input, NULL,
    { { "af_qdrag_aim_speed_q16", "af_qdrag_aim_speed_q16", bench_call_qdrag_aim_speed,
        { .qdrag_aim_speed = af_qdrag_aim_speed_q16 } },
      QDRAG_FLOAT("af_qdrag_aim_speed_f64", qdrag_aim_speed),
      QDRAG_DOUBLE("af_qdrag_aim_speed_f64", qdrag_aim_speed), NO_VARIANT },
};

const bench_row bench_row_qdrag_aim_speed_ode = {
    "qdrag_aim_speed_ode", "as qdrag_aim_speed, the continuous kind",
    AIM_INPUTS, BENCH_QDRAG_ARGS, 4, 1.0 / 65536.0, aim_speed_ode_input, NULL,
    { { "af_qdrag_aim_speed_q16", "af_qdrag_aim_speed_q16", bench_call_qdrag_aim_speed,
        { .qdrag_aim_speed = af_qdrag_aim_speed_q16 } },
      QDRAG_FLOAT("af_qdrag_aim_speed_f64", qdrag_aim_speed),
      QDRAG_DOUBLE("af_qdrag_aim_speed_f64", qdrag_aim_speed), NO_VARIANT },
};
