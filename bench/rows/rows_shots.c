/* SPDX-License-Identifier: MIT */
/*
 * Benchmark rows of the fixed launchers and the closest misses
 * (include/aimfix/fixed_launch.h, miss.h): af_fixed_dir_q16,
 * af_fixed_elev_q16, af_drag_fixed_elev_q16, af_arc_moving_miss_accel_q16
 * and af_drag_aim_speed_miss_accel_q16 beside their f64 twins as the
 * double column and the same f64 sources compiled in float
 * (bench/yardsticks/shots_real.c; not the vacuum closest miss, whose lob
 * holds double-only constants). No libfixmath yardstick: no textbook
 * formula does their job.
 *
 * Scenes (the input layout is bench/yardsticks/shots_real.h's): the
 * shooter still at the origin, gravity 9.81 m/s^2 down z; the target along
 * one of the four horizontal axes, 5 to 200 m away and 10 m below to 30 m above,
 * moving in the vertical plane of the shot (a fixed direction meets
 * nothing else) at up to 8 m/s along the line of sight and 2 m/s up or
 * down, on odd inputs accelerating at up to 4 m/s^2 along each. The launchers fire at an elevation of 0.1 to 1.2 rad (along the
 * target's direction now, for the fixed direction); the misses at 2 to
 * 10 m/s, too slow for most targets; the drag rows under Unity's law,
 * 0.01 to 0.5 /s at 60 steps a second, flights up to 8 s.
 */
#include "rows.h"
#include "shots_real.h"
#include "solver_rows.h"

#define ONE BENCH_ONE
#define M BENCH_M
#define G_EARTH 642908 /* 9.81 m/s^2, raw */
#define SHOTS_INPUTS 32
/* Each drag miss flies hundreds of shots: fewer inputs. */
#define DRAG_MISS_INPUTS 16

/* cos and sin of the elevation e (raw, |e| < 1.6), in Q16.16, by their
 * Taylor series to e^9 (within a few LSB: the direction's length does
 * not matter to the launcher). */
static void cos_sin(int32_t e, int32_t *c, int32_t *s)
{
    int64_t term = ONE, cs = 0, sn = 0;
    int k;
    for (k = 0; k < 10; k++) {
        if (k % 2 == 0)
            cs += (k / 2) % 2 ? -term : term;
        else
            sn += (k / 2) % 2 ? -term : term;
        term = term * e / ONE / (k + 1);
    }
    *c = (int32_t)cs;
    *s = (int32_t)sn;
}

static void shots_input(const bench_row *row, unsigned i, bench_input *in)
{
    int32_t horizontal = bench_draw_uniform(row, i, 0, M(5), M(200)), c, s, v, xy[2];
    unsigned k;
    for (k = 0; k < BENCH_ARGS; k++)
        in->raw[k] = 0;
    /* Along one of the four horizontal axes, so that the target's plane
     * holds the fixed direction exactly (a rounded direction would leave
     * it a few LSB off the plane: no speed meets it). */
    xy[0] = xy[1] = 0;
    k = (unsigned)bench_draw_uniform(row, i, 1, 0, 3);
    xy[k & 1] = k & 2 ? -horizontal : horizontal;
    in->raw[0] = xy[0];
    in->raw[1] = xy[1];
    in->raw[2] = bench_draw_uniform(row, i, 2, -M(10), M(30));
    /* Moving and accelerating along the line of sight and up or down: a
     * fixed direction meets only a target that stays in its vertical
     * plane. */
    v = bench_draw_uniform(row, i, 3, -M(8), M(8));
    in->raw[3] = (int32_t)((int64_t)xy[0] * v / horizontal);
    in->raw[4] = (int32_t)((int64_t)xy[1] * v / horizontal);
    in->raw[5] = bench_draw_uniform(row, i, 4, -M(2), M(2));
    if (i & 1) {
        int32_t a = bench_draw_uniform(row, i, 5, -M(4), M(4));
        in->raw[6] = (int32_t)((int64_t)xy[0] * a / horizontal);
        in->raw[7] = (int32_t)((int64_t)xy[1] * a / horizontal);
        in->raw[8] = bench_draw_uniform(row, i, 6, -M(4), M(4));
    }
    in->raw[9] = bench_draw_uniform(row, i, 8, M(2), M(10));
    in->raw[10] = bench_draw_uniform(row, i, 9, 6554, 78643); /* 0.1 to 1.2 rad */
    cos_sin(in->raw[10], &c, &s);
    in->raw[11] = (int32_t)((int64_t)xy[0] * c / horizontal);
    in->raw[12] = (int32_t)((int64_t)xy[1] * c / horizontal);
    in->raw[13] = s;
    in->raw[14] = -G_EARTH;
    in->raw[15] = bench_draw_uniform(row, i, 10, 655, ONE / 2);
    in->raw[16] = 1092; /* 1/60 s */
    in->raw[17] = M(8);
}

static af_body_accel_q16 target_q16(const bench_input *in)
{
    af_body_accel_q16 b;
    unsigned k;
    for (k = 0; k < 3; k++) {
        (&b.position.x)[k] = in->raw[k];
        (&b.velocity.x)[k] = in->raw[3 + k];
        (&b.acceleration.x)[k] = in->raw[6 + k];
    }
    return b;
}

static const af_body_q16 still_q16 = { { 0, 0, 0 }, { 0, 0, 0 } };

static void put_miss(bench_output *out, af_status st, const af_miss_q16 *m)
{
    out->ok = st == AF_ERR_NO_SOLUTION && m->distance > 0;
    if (!out->ok)
        return;
    out->value[0] = m->distance / 65536.0;
    out->value[1] = m->shot.t / 65536.0;
    out->value[2] = m->shot.velocity.x / 65536.0;
    out->value[3] = m->shot.velocity.y / 65536.0;
    out->value[4] = m->shot.velocity.z / 65536.0;
}

static uint32_t call_fixed_dir(const bench_row *row, const bench_variant *variant,
                               const bench_input *in, bench_output *out)
{
    af_body_accel_q16 target = target_q16(in);
    af_vec3_q16 dir = { in->raw[11], in->raw[12], in->raw[13] }, g = { 0, 0, in->raw[14] };
    af_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    BENCH_COUNT(count, st = variant->fn.fixed_dir(&still_q16, &target, &dir, &g, 0, &shots));
    bench_put_shot_q16(out, st, &shots);
    return count;
}

static uint32_t call_fixed_elev(const bench_row *row, const bench_variant *variant,
                                const bench_input *in, bench_output *out)
{
    af_body_accel_q16 target = target_q16(in);
    af_vec3_q16 g = { 0, 0, in->raw[14] };
    af_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    BENCH_COUNT(count,
                st = variant->fn.fixed_elev(&still_q16, &target, in->raw[10], &g, 0, &shots));
    bench_put_shot_q16(out, st, &shots);
    return count;
}

static int drag_q16(const bench_input *in, af_drag_q16 *m)
{
    af_vec3_q16 g = { 0, 0, in->raw[14] };
    return af_drag_init_q16(AF_DRAG_UNITY, in->raw[15], in->raw[16], &g, NULL, m) == AF_OK;
}

static uint32_t call_drag_fixed_elev(const bench_row *row, const bench_variant *variant,
                                     const bench_input *in, bench_output *out)
{
    af_body_accel_q16 target = target_q16(in);
    af_drag_q16 m;
    af_shots_q16 shots;
    af_status st;
    uint32_t count;
    (void)row;
    out->ok = 0;
    if (!drag_q16(in, &m))
        return 0;
    BENCH_COUNT(count, st = variant->fn.drag_fixed_elev(&m, &still_q16, &target, in->raw[10],
                                                        in->raw[17], 0, &shots));
    bench_put_shot_q16(out, st, &shots);
    return count;
}

static uint32_t call_moving_miss(const bench_row *row, const bench_variant *variant,
                                 const bench_input *in, bench_output *out)
{
    af_body_accel_q16 target = target_q16(in);
    af_vec3_q16 g = { 0, 0, in->raw[14] };
    af_shots_q16 shots;
    af_miss_q16 m;
    af_status st;
    uint32_t count;
    (void)row;
    BENCH_COUNT(count, st = variant->fn.moving_miss(&still_q16, &target, in->raw[9], &g, 0,
                                                    &shots, &m));
    put_miss(out, st, &m);
    return count;
}

static uint32_t call_drag_miss(const bench_row *row, const bench_variant *variant,
                               const bench_input *in, bench_output *out)
{
    af_body_accel_q16 target = target_q16(in);
    af_drag_q16 d;
    af_shots_q16 shots;
    af_miss_q16 m;
    af_status st;
    uint32_t count;
    (void)row;
    out->ok = 0;
    if (!drag_q16(in, &d))
        return 0;
    BENCH_COUNT(count, st = variant->fn.drag_miss(&d, &still_q16, &target, in->raw[9],
                                                  in->raw[17], 0, &shots, &m));
    put_miss(out, st, &m);
    return count;
}

const bench_row bench_row_fixed_dir = {
    "fixed_dir", "a fixed launch direction 0.1 to 1.2 rad up towards the target now, 9.81 down "
                 "z, targets 5 to 200 m away moving in the shot's plane at up to 8 m/s, half "
                 "accelerating at up to 4 m/s^2",
    SHOTS_INPUTS, BENCH_SHOTS_ARGS, BENCH_SHOT_VALUES, 1.0 / 65536.0, shots_input, NULL,
    { { "af_fixed_dir_q16", "af_fixed_dir_q16", call_fixed_dir, { .fixed_dir = af_fixed_dir_q16 } },
      { "af_fixed_dir_f64 in float", "bench_fixed_dir_float", bench_call_float,
        { .real_f = bench_fixed_dir_float } },
      { "af_fixed_dir_f64", "af_fixed_dir_f64", bench_call_double,
        { .real_d = bench_fixed_dir_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_fixed_elev = {
    "fixed_elev", "the scenes of fixed_dir, the elevation fixed and the yaw free",
    SHOTS_INPUTS, BENCH_SHOTS_ARGS, BENCH_SHOT_VALUES, 1.0 / 65536.0, shots_input, NULL,
    { { "af_fixed_elev_q16", "af_fixed_elev_q16", call_fixed_elev,
        { .fixed_elev = af_fixed_elev_q16 } },
      { "af_fixed_elev_f64 in float", "bench_fixed_elev_float", bench_call_float,
        { .real_f = bench_fixed_elev_float } },
      { "af_fixed_elev_f64", "af_fixed_elev_f64", bench_call_double,
        { .real_d = bench_fixed_elev_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_drag_fixed_elev = {
    "drag_fixed_elev", "the scenes of fixed_elev under Unity's drag, 0.01 to 0.5 /s at 60 steps "
                       "a second, flights up to 8 s",
    SHOTS_INPUTS, BENCH_SHOTS_ARGS, BENCH_SHOT_VALUES, 1.0 / 65536.0, shots_input, NULL,
    { { "af_drag_fixed_elev_q16", "af_drag_fixed_elev_q16", call_drag_fixed_elev,
        { .drag_fixed_elev = af_drag_fixed_elev_q16 } },
      { "af_drag_fixed_elev_f64 in float", "bench_drag_fixed_elev_float", bench_call_float,
        { .real_f = bench_drag_fixed_elev_float } },
      { "af_drag_fixed_elev_f64", "af_drag_fixed_elev_f64", bench_call_double,
        { .real_d = bench_drag_fixed_elev_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_moving_miss = {
    "moving_miss", "the closest shot at 2 to 10 m/s at the targets of fixed_dir (most out of "
                   "reach), 9.81 down z",
    SHOTS_INPUTS, BENCH_SHOTS_ARGS, 5, 1.0 / 65536.0, shots_input, NULL,
    { { "af_arc_moving_miss_accel_q16", "af_arc_moving_miss_accel_q16", call_moving_miss,
        { .moving_miss = af_arc_moving_miss_accel_q16 } },
      { NULL, NULL, NULL, { NULL } },
      { "af_arc_moving_miss_accel_f64", "af_arc_moving_miss_accel_f64", bench_call_double,
        { .real_d = bench_moving_miss_double } },
      { NULL, NULL, NULL, { NULL } } },
};

const bench_row bench_row_drag_miss = {
    "drag_miss", "the closest shots of moving_miss under the drag of drag_fixed_elev",
    DRAG_MISS_INPUTS, BENCH_SHOTS_ARGS, 5, 1.0 / 65536.0, shots_input, NULL,
    { { "af_drag_aim_speed_miss_accel_q16", "af_drag_aim_speed_miss_accel_q16", call_drag_miss,
        { .drag_miss = af_drag_aim_speed_miss_accel_q16 } },
      { "af_drag_aim_speed_miss_accel_f64 in float", "bench_drag_miss_float", bench_call_float,
        { .real_f = bench_drag_miss_float } },
      { "af_drag_aim_speed_miss_accel_f64", "af_drag_aim_speed_miss_accel_f64",
        bench_call_double, { .real_d = bench_drag_miss_double } },
      { NULL, NULL, NULL, { NULL } } },
};
