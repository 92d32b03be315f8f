/* SPDX-License-Identifier: MIT */
/*
 * Benchmark rows of the lobs whose time of flight is chosen rather than solved
 * for (include/aimfix/ballistic.h): af_arc_time_q16 (a fixed time) and
 * af_arc_apex_q16 (an apex height or vertical speed picked by a policy), each
 * beside its f64 twin as the double column, that twin's algorithm in float
 * (bench/yardsticks/arc_time_float.c) and the textbook formulas on libfixmath
 * (bench/yardsticks/arc_time_fix16.c).
 *
 * Scenarios as a game's thrower or a mortar-like turret meets them:
 * gravity straight down z (9.81 m/s^2, or a game's 4 to 40), the shooter
 * within 100 m of the origin and, every other input, on a vehicle moving
 * at up to 8 m/s whose velocity the projectile inherits; the target 1 to
 * 256 m away horizontally, up to 16 m above or below, driving at up to
 * 16 m/s in one of 16 directions. Its height does not change: the
 * textbook apex formula has no term for a target's vertical motion, and
 * the rows compare numerics, not that. Times of flight log-uniform in
 * [0.25, 8) s. Apex policies: a height of 0.5 to 8 m plus up to half the
 * distance (three inputs in four), or a vertical launch speed of 5 to
 * 40 m/s plus up to 1/8 per metre (the fourth).
 */
#include "ref_solvers.h"
#include "rows.h"
#include "solver_rows.h"

#define M BENCH_M
/* 9.81 m/s^2 and 1.5 m, raw. */
#define G_EARTH 642908
#define M1_5 98304

/* The shooter and a target driving on its level (draws 0 to 10). */
static void put_bodies(const bench_row *row, unsigned i, bench_input *in)
{
    bench_put_shooter(row, i, in);
    (void)bench_put_gravity(row, i, 5, in, BENCH_AT_GRAVITY);
    bench_put_target(row, i, 6, bench_draw_uniform(row, i, 7, M(1), M(256)),
                     bench_draw_uniform(row, i, 8, M(-16), M(16)), in);
    bench_put_horizontal(row, i, 9, bench_draw_uniform(row, i, 10, 0, M(16)),
                         &in->raw[BENCH_AT_TARGET + 3]);
    in->raw[BENCH_AT_TARGET + 5] = 0;
}

/* An edge: shooter position and velocity (inherited when moving), target
 * position and velocity, then the row's own numbers (a time; or a policy
 * kind, base, per distance), gravity 9.81 down z. */
typedef struct time_edge {
    int32_t shooter[6], target[6], value[3];
} time_edge;

static void put_edge(const time_edge *e, bench_input *in)
{
    unsigned k;
    for (k = 0; k < 6; k++) {
        in->raw[BENCH_AT_SHOOTER + k] = e->shooter[k];
        in->raw[BENCH_AT_TARGET + k] = e->target[k];
    }
    in->raw[BENCH_AT_INHERIT] = e->shooter[3] || e->shooter[4] || e->shooter[5] ? BENCH_ONE : 0;
    in->raw[BENCH_AT_GRAVITY + 2] = -G_EARTH;
}

static const time_edge arc_time_edges[] = {
    { { 0, 0, M1_5 }, { M(50), 0, 0 }, { M(2) } },                        /* static, 2 s */
    { { 0, 0, M1_5 }, { 0, 0, M1_5 }, { M(1) } },                         /* at the muzzle */
    { { 0, 0, 0 }, { M(30), M(-20), 0, M(-5), M(3), 0 }, { 98304 } },      /* driving, 1.5 s */
    { { 0, 0, 0, M(6), 0, 0 }, { M(80), 0, M(-8), 0, M(10), 0 }, { M(4) } }, /* both moving */
};
#define ARC_TIME_EDGES (sizeof arc_time_edges / sizeof arc_time_edges[0])

static void arc_time_input(const bench_row *row, unsigned i, bench_input *in)
{
    if (i < ARC_TIME_EDGES) {
        put_edge(&arc_time_edges[i], in);
        in->raw[BENCH_AT_SPEED] = arc_time_edges[i].value[0];
        return;
    }
    put_bodies(row, i, in);
    in->raw[BENCH_AT_SPEED] = bench_draw_bits(row, i, 11, 15, 19); /* [0.25, 8) s */
}

static int arc_time_double(const double *a, double *r)
{
    return bench_arc_bodies_f64(af_arc_time_f64, a, r);
}

const bench_row bench_row_arc_time = {
    "arc_time", "the edges, then targets 1 to 256 m away and up to 16 m up or down, driving at "
                "up to 16 m/s, every other shooter moving (inherited), t in [0.25, 8) s",
    BENCH_MAX_INPUTS, 17, BENCH_SHOT_VALUES, 1.0 / 65536.0, arc_time_input, NULL,
    { { "af_arc_time_q16", "af_arc_time_q16", bench_call_arc_bodies,
        { .arc_bodies = af_arc_time_q16 } },
      { "af_arc_time_f64 in float", "bench_arc_time_float", bench_call_float,
        { .real_f = bench_arc_time_float } },
      { "af_arc_time_f64", "af_arc_time_f64", bench_call_double, { .real_d = arc_time_double } },
      { "u = (D + V t - g t^2 / 2) / t on fix16_*", "bench_arc_time_fix16",
        bench_call_arc_bodies, { .arc_bodies = bench_arc_time_fix16 } } },
};

/* The floor: the same inputs (the row above's name seeds them),
 * af_arc_time_q16's arithmetic without its safeguards. */
static void arc_time_floor_input(const bench_row *row, unsigned i, bench_input *in)
{
    (void)row;
    arc_time_input(&bench_row_arc_time, i, in);
}

const bench_row bench_row_arc_time_floor = {
    "arc_time_floor", "the arc_time row's inputs",
    BENCH_MAX_INPUTS, 17, BENCH_SHOT_VALUES, 1.0 / 65536.0, arc_time_floor_input, NULL,
    { { "af_arc_time_q16 unchecked, unrounded", "bench_arc_time_floor", bench_call_arc_bodies,
        { .arc_bodies = bench_arc_time_floor } },
      { NULL, NULL, NULL, { NULL } },
      { "af_arc_time_f64", "af_arc_time_f64", bench_call_double, { .real_d = arc_time_double } },
      { NULL, NULL, NULL, { NULL } } },
};

/* ---- The apex policy --------------------------------------------------- */

/* Policy kind 1: a vertical launch speed. */
#define KIND_SPEED BENCH_ONE

static const time_edge arc_apex_edges[] = {
    /* AF_ARC_POLICY_DEFAULT_Q16 at a static target on level ground */
    { { 0, 0, 0 }, { M(40), 0, 0 }, { 0, 0, 16384 } },
    /* onto a ledge 6 m up, apex 3 m above it */
    { { 0, 0, M1_5 }, { M(20), M(5), M(6) }, { 0, M(3), 0 } },
    /* a driving target, a vertical speed of 20 m/s */
    { { 0, 0, 0 }, { M(60), M(10), 0, M(-4), M(8), 0 }, { KIND_SPEED, M(20), 0 } },
    /* from a moving shooter, down into a pit */
    { { 0, 0, 0, 0, M(5), 0 }, { M(-30), M(40), M(-10), 0, 0, 0 }, { 0, M(2), 8192 } },
};
#define ARC_APEX_EDGES (sizeof arc_apex_edges / sizeof arc_apex_edges[0])

static void arc_apex_input(const bench_row *row, unsigned i, bench_input *in)
{
    int32_t *policy = &in->raw[BENCH_AT_POLICY];
    if (i < ARC_APEX_EDGES) {
        put_edge(&arc_apex_edges[i], in);
        policy[0] = arc_apex_edges[i].value[0];
        policy[1] = arc_apex_edges[i].value[1];
        policy[2] = arc_apex_edges[i].value[2];
        return;
    }
    put_bodies(row, i, in);
    if (i % 4 == 3) {
        policy[0] = KIND_SPEED;
        policy[1] = bench_draw_uniform(row, i, 11, M(5), M(40));
        policy[2] = bench_draw_uniform(row, i, 12, 0, 8192);
    } else {
        policy[0] = 0;
        policy[1] = bench_draw_uniform(row, i, 11, 32768, M(8));
        policy[2] = bench_draw_uniform(row, i, 12, 0, 32768);
    }
}

static int arc_apex_double(const double *a, double *r)
{
    af_body_f64 shooter = bench_body_f64(a, BENCH_AT_SHOOTER);
    af_body_f64 target = bench_body_f64(a, BENCH_AT_TARGET);
    af_vec3_f64 g = bench_vec_f64(a, BENCH_AT_GRAVITY);
    af_arc_policy_f64 policy;
    af_shots_f64 shots;
    policy.kind = a[BENCH_AT_POLICY] != 0.0 ? AF_ARC_VERTICAL_SPEED : AF_ARC_APEX_HEIGHT;
    policy.base = a[BENCH_AT_POLICY + 1];
    policy.per_distance = a[BENCH_AT_POLICY + 2];
    return bench_first_shot_f64(
        af_arc_apex_f64(&shooter, &target, &g, &policy, bench_flags_f64(a), &shots), &shots, r);
}

const bench_row bench_row_arc_apex = {
    "arc_apex", "the edges, then targets 1 to 256 m away and up to 16 m up or down, driving at "
                "up to 16 m/s, every other shooter moving (inherited); apex 0.5 to 8 m plus up to "
                "half the distance, or (one in four) a vertical speed of 5 to 40 m/s",
    BENCH_MAX_INPUTS, 20, BENCH_SHOT_VALUES, 1.0 / 65536.0, arc_apex_input, NULL,
    { { "af_arc_apex_q16", "af_arc_apex_q16", bench_call_arc_apex,
        { .arc_apex = af_arc_apex_q16 } },
      { "af_arc_apex_f64 in float", "bench_arc_apex_float", bench_call_float,
        { .real_f = bench_arc_apex_float } },
      { "af_arc_apex_f64", "af_arc_apex_f64", bench_call_double, { .real_d = arc_apex_double } },
      { "w = sqrt(2 g H), t = w / g + sqrt(2 (H - y) / g) on fix16_*", "bench_arc_apex_fix16",
        bench_call_arc_apex, { .arc_apex = bench_arc_apex_fix16 } } },
};
