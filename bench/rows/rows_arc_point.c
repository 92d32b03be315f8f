/* SPDX-License-Identifier: MIT */
/*
 * Benchmark rows of the lobs at a static point (include/aimfix/ballistic.h):
 * af_arc_point_q16 (fixed speed), af_arc_max_range_q16 and
 * af_arc_min_speed_q16, each beside its f64 twin as the double column,
 * that twin's algorithm in float (bench/yardsticks/arc_point_float.c) and the
 * textbook formula on libfixmath (bench/yardsticks/arc_point_fix16.c).
 *
 * Scenarios as a turret or a game meets them: gravity straight down z
 * (9.81 m/s^2, or a game's 4 to 40), the launch point within 100 m of the
 * origin, launch speeds log-uniform from 4 m/s (a ping-pong or nerf
 * launcher) to 256 m/s (a paintball marker is about 90), and targets
 * placed relative to what that speed can reach: a fixed-speed target at up
 * to 1.05 times the level-ground range s^2/g (the last twentieth out of
 * reach), up to a quarter of it above or below, in one of 16 directions.
 * The edges first: a target at the muzzle, straight above, straight below,
 * exactly at the edge of reach, beyond it, on a rooftop.
 */
#include "ref_solvers.h"
#include "rows.h"
#include "solver_rows.h"

#define M BENCH_M
/* 9.81 m/s^2 and 1.5 m, raw. */
#define G_EARTH 642908
#define M1_5 98304

/* A row's edge: launch point, target, speed (m/s), gravity down z. */
typedef struct point_edge {
    int32_t from[3], to[3], speed, g;
} point_edge;

static const point_edge arc_point_edges[] = {
    { { 0, 0, M1_5 }, { 0, 0, M1_5 }, M(20), G_EARTH },         /* at the muzzle */
    { { 0, 0, 0 }, { 0, 0, M(30) }, M(30), G_EARTH },            /* straight above */
    { { 0, 0, M(40) }, { 0, 0, 0 }, M(10), G_EARTH },            /* straight below */
    { { 0, 0, 0 }, { M(40), 0, 0 }, M(20), M(10) },              /* the edge of reach */
    { { 0, 0, 0 }, { M(100), 0, 0 }, M(20), M(10) },             /* beyond it */
    { { 0, 0, M1_5 }, { M(25), M(10), M(12) }, M(18), G_EARTH }, /* a rooftop */
};
#define ARC_POINT_EDGES (sizeof arc_point_edges / sizeof arc_point_edges[0])

static void put_edge(const point_edge *e, bench_input *in)
{
    unsigned k;
    for (k = 0; k < 3; k++) {
        in->raw[BENCH_AT_SHOOTER + k] = e->from[k];
        in->raw[BENCH_AT_TARGET + k] = e->to[k];
    }
    in->raw[BENCH_AT_SPEED] = e->speed;
    in->raw[BENCH_AT_GRAVITY + 2] = -e->g;
}

/* Speed log-uniform in [4, 256) m/s: 19 to 24 bits raw. The level-ground
 * range s^2/g is then below 2^48 / 2^18 raw = 16384 m. */
static int32_t draw_speed(const bench_row *row, unsigned i, unsigned k)
{
    return bench_draw_bits(row, i, k, 19, 24);
}

static void arc_point_input(const bench_row *row, unsigned i, bench_input *in)
{
    int32_t speed, g, range;
    if (i < ARC_POINT_EDGES) {
        put_edge(&arc_point_edges[i], in);
        return;
    }
    bench_put_launch_point(row, i, in);
    speed = draw_speed(row, i, 3);
    g = bench_put_gravity(row, i, 4, in, BENCH_AT_GRAVITY);
    range = (int32_t)((int64_t)speed * speed / g);
    in->raw[BENCH_AT_SPEED] = speed;
    /* 1/64 to 1.05 of the range away, up to a quarter of it up or down. */
    bench_put_target(row, i, 5, bench_part(range, bench_draw_uniform(row, i, 6, 1024, 68813)),
                     bench_part(range, bench_draw_uniform(row, i, 7, -16384, 16384)), in);
}

static int arc_point_double(const double *a, double *r)
{
    af_vec3_f64 from = bench_vec_f64(a, BENCH_AT_SHOOTER), to = bench_vec_f64(a, BENCH_AT_TARGET);
    af_vec3_f64 g = bench_vec_f64(a, BENCH_AT_GRAVITY);
    af_shots_f64 shots;
    return bench_first_shot_f64(af_arc_point_f64(&from, &to, a[BENCH_AT_SPEED], &g, &shots),
                                &shots, r);
}

const bench_row bench_row_arc_point = {
    "arc_point", "the edges, then speeds of 4 to 256 m/s at targets up to 1.05 times s^2/g away "
                 "and a quarter of it up or down, gravity down z (9.81, or 4 to 40)",
    BENCH_MAX_INPUTS, 17, BENCH_SHOT_VALUES, 1.0 / 65536.0, arc_point_input, NULL,
    { { "af_arc_point_q16", "af_arc_point_q16", bench_call_arc_point,
        { .arc_point = af_arc_point_q16 } },
      { "af_arc_point_f64 in float", "bench_arc_point_float", bench_call_float,
        { .real_f = bench_arc_point_float } },
      { "af_arc_point_f64", "af_arc_point_f64", bench_call_double, { .real_d = arc_point_double } },
      { "tan(theta) = (v^2 - sqrt(v^4 - g (g x^2 + 2 y v^2))) / (g x) on fix16_*",
        "bench_arc_point_fix16", bench_call_arc_point, { .arc_point = bench_arc_point_fix16 } } },
};

/* ---- The maximum range ------------------------------------------------ */

/* speed, height, g */
static const int32_t max_range_edges[][3] = {
    { M(20), 0, G_EARTH },     /* level ground: 45 degrees */
    { M(30), M(-50), G_EARTH }, /* from a 50 m tower */
    { M(20), M(20), M(10) },   /* the top of a vertical shot: range 0 */
    { M(20), M(21), M(10) },   /* above it */
};
#define MAX_RANGE_EDGES (sizeof max_range_edges / sizeof max_range_edges[0])

static void max_range_input(const bench_row *row, unsigned i, bench_input *in)
{
    int32_t speed, g, top;
    if (i < MAX_RANGE_EDGES) {
        in->raw[BENCH_AT_RANGE_SPEED] = max_range_edges[i][0];
        in->raw[BENCH_AT_RANGE_HEIGHT] = max_range_edges[i][1];
        in->raw[BENCH_AT_RANGE_GRAVITY + 2] = -max_range_edges[i][2];
        return;
    }
    speed = draw_speed(row, i, 0);
    g = bench_put_gravity(row, i, 1, in, BENCH_AT_RANGE_GRAVITY);
    top = (int32_t)((int64_t)speed * speed / (2 * (int64_t)g)); /* a vertical shot's top */
    in->raw[BENCH_AT_RANGE_SPEED] = speed;
    /* From as far below as the top is above, to just over the top. */
    in->raw[BENCH_AT_RANGE_HEIGHT] = bench_part(top, bench_draw_uniform(row, i, 2, -65536, 68813));
}

static int max_range_double(const double *a, double *r)
{
    af_vec3_f64 g = bench_vec_f64(a, BENCH_AT_RANGE_GRAVITY);
    af_range_f64 range;
    if (af_arc_max_range_f64(a[BENCH_AT_RANGE_SPEED], a[BENCH_AT_RANGE_HEIGHT], &g, &range) !=
        AF_OK)
        return 0;
    r[0] = range.range;
    r[1] = range.t;
    r[2] = range.horizontal_speed;
    r[3] = range.vertical_speed;
    return 1;
}

const bench_row bench_row_arc_max_range = {
    "arc_max_range", "the edges, then speeds of 4 to 256 m/s, levels from the top of a vertical "
                     "shot below to 1.05 times it above, gravity down z (9.81, or 4 to 40)",
    BENCH_MAX_INPUTS, 5, 4, 1.0 / 65536.0, max_range_input, NULL,
    { { "af_arc_max_range_q16", "af_arc_max_range_q16", bench_call_arc_max_range,
        { .arc_max_range = af_arc_max_range_q16 } },
      { "af_arc_max_range_f64 in float", "bench_arc_max_range_float", bench_call_float,
        { .real_f = bench_arc_max_range_float } },
      { "af_arc_max_range_f64", "af_arc_max_range_f64", bench_call_double,
        { .real_d = max_range_double } },
      { "R = v / g sqrt(v^2 - 2 g h) on fix16_*", "bench_arc_max_range_fix16",
        bench_call_arc_max_range, { .arc_max_range = bench_arc_max_range_fix16 } } },
};

/* ---- The minimum speed ------------------------------------------------ */

static const point_edge min_speed_edges[] = {
    { { 0, 0, M1_5 }, { 0, 0, M1_5 }, 0, G_EARTH },     /* at the muzzle */
    { { 0, 0, 0 }, { 0, 0, M(20) }, 0, G_EARTH },       /* straight above */
    { { 0, 0, M(20) }, { 0, 0, 0 }, 0, G_EARTH },       /* straight below */
    { { 0, 0, 0 }, { M(100), 0, 0 }, 0, G_EARTH },      /* level ground: 45 degrees */
    { { 0, 0, M(30) }, { M(60), M(20), 0 }, 0, G_EARTH }, /* from a tower */
};
#define MIN_SPEED_EDGES (sizeof min_speed_edges / sizeof min_speed_edges[0])

static void min_speed_input(const bench_row *row, unsigned i, bench_input *in)
{
    int32_t length;
    if (i < MIN_SPEED_EDGES) {
        put_edge(&min_speed_edges[i], in);
        return;
    }
    bench_put_launch_point(row, i, in);
    (void)bench_put_gravity(row, i, 3, in, BENCH_AT_GRAVITY);
    /* 1 m to 4 km away, log-uniform; up to half of it up or down. */
    length = bench_draw_bits(row, i, 4, 17, 28);
    bench_put_target(row, i, 5, length,
                     bench_part(length, bench_draw_uniform(row, i, 6, -32768, 32768)), in);
}

static int min_speed_double(const double *a, double *r)
{
    af_vec3_f64 from = bench_vec_f64(a, BENCH_AT_SHOOTER), to = bench_vec_f64(a, BENCH_AT_TARGET);
    af_vec3_f64 g = bench_vec_f64(a, BENCH_AT_GRAVITY);
    af_shots_f64 shots;
    return bench_first_shot_f64(af_arc_min_speed_f64(&from, &to, &g, &shots), &shots, r);
}

const bench_row bench_row_arc_min_speed = {
    "arc_min_speed", "the edges, then targets 1 m to 4 km away (log-uniform) and up to half of "
                     "it up or down, gravity down z (9.81, or 4 to 40)",
    BENCH_MAX_INPUTS, 17, BENCH_SHOT_VALUES, 1.0 / 65536.0, min_speed_input, NULL,
    { { "af_arc_min_speed_q16", "af_arc_min_speed_q16", bench_call_arc_min_speed,
        { .arc_min_speed = af_arc_min_speed_q16 } },
      { "af_arc_min_speed_f64 in float", "bench_arc_min_speed_float", bench_call_float,
        { .real_f = bench_arc_min_speed_float } },
      { "af_arc_min_speed_f64", "af_arc_min_speed_f64", bench_call_double,
        { .real_d = min_speed_double } },
      { "v^2 = g (y + sqrt(x^2 + y^2)) on fix16_*", "bench_arc_min_speed_fix16",
        bench_call_arc_min_speed, { .arc_min_speed = bench_arc_min_speed_fix16 } } },
};
