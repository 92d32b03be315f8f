/* SPDX-License-Identifier: MIT */
/*
 * Benchmark row of the fixed-speed lob at a moving target
 * (include/aimfix/ballistic.h): af_arc_moving_q16 beside af_arc_moving_f64 as
 * the double column, that solver's algorithm in float
 * (bench/yardsticks/arc_moving_float.c) and, on libfixmath, what a forum answer
 * does (bench/yardsticks/arc_point_fix16.c): the static tan(theta) solution
 * aimed at the target's predicted position, iterated.
 *
 * Scenarios as a turret meets them: gravity straight down z (9.81 m/s^2,
 * or a game's 4 to 40), the shooter within 100 m of the origin and, every
 * other input, on a vehicle moving at up to 8 m/s whose velocity the
 * projectile inherits; launch speeds log-uniform in [8, 256) m/s; the
 * target 1/64 to 0.8 of the level-ground range s^2/g away in one of 16
 * directions, up to an eighth of it above or below, driving at up to
 * 16 m/s on its level. The edges first: a static target (the two arcs of
 * af_arc_point), a target at the muzzle, one fleeing out of reach.
 */
#include "ref_solvers.h"
#include "rows.h"
#include "solver_rows.h"

#define M BENCH_M
/* 9.81 m/s^2 and 1.5 m, raw. */
#define G_EARTH 642908
#define M1_5 98304

/* shooter position, velocity, target position, velocity, speed; gravity
 * 9.81 down z; inherited when the shooter moves */
static const int32_t moving_edges[][13] = {
    { 0, 0, M1_5, 0, 0, 0, M(60), M(20), 0, 0, 0, 0, M(40) },
    { 0, 0, M1_5, 0, 0, 0, 0, 0, M1_5, M(3), M(4), 0, M(20) },
    { 0, 0, 0, 0, 0, 0, M(35), 0, 0, M(12), 0, 0, M(20) },
    { 0, 0, 0, M(5), 0, 0, M(100), M(-30), M(-5), M(-8), M(6), 0, M(60) },
};
#define MOVING_EDGES (sizeof moving_edges / sizeof moving_edges[0])

static void arc_moving_input(const bench_row *row, unsigned i, bench_input *in)
{
    int32_t speed, g, range;
    unsigned k;
    if (i < MOVING_EDGES) {
        for (k = 0; k < 12; k++)
            in->raw[BENCH_AT_SHOOTER + k] = moving_edges[i][k];
        in->raw[BENCH_AT_SPEED] = moving_edges[i][12];
        in->raw[BENCH_AT_INHERIT] = moving_edges[i][3] ? BENCH_ONE : 0;
        in->raw[BENCH_AT_GRAVITY + 2] = -G_EARTH;
        return;
    }
    bench_put_shooter(row, i, in);
    speed = bench_draw_bits(row, i, 5, 20, 24); /* [8, 256) m/s */
    g = bench_put_gravity(row, i, 6, in, BENCH_AT_GRAVITY);
    range = (int32_t)((int64_t)speed * speed / g); /* below 16384 m */
    in->raw[BENCH_AT_SPEED] = speed;
    bench_put_target(row, i, 7, bench_part(range, bench_draw_uniform(row, i, 8, 1024, 52429)),
                     bench_part(range, bench_draw_uniform(row, i, 9, -8192, 8192)), in);
    bench_put_horizontal(row, i, 10, bench_draw_uniform(row, i, 11, 0, M(16)),
                         &in->raw[BENCH_AT_TARGET + 3]);
    in->raw[BENCH_AT_TARGET + 5] = 0;
}

static int arc_moving_double(const double *a, double *r)
{
    return bench_arc_bodies_f64(af_arc_moving_f64, a, r);
}

const bench_row bench_row_arc_moving = {
    "arc_moving", "the edges, then speeds of 8 to 256 m/s at targets up to 0.8 times s^2/g away "
                  "and an eighth of it up or down, driving at up to 16 m/s, every other shooter "
                  "moving (inherited), gravity down z (9.81, or 4 to 40)",
    BENCH_MAX_INPUTS, 17, BENCH_SHOT_VALUES, 1.0 / 65536.0, arc_moving_input, NULL,
    { { "af_arc_moving_q16", "af_arc_moving_q16", bench_call_arc_bodies,
        { .arc_bodies = af_arc_moving_q16 } },
      { "af_arc_moving_f64 in float", "bench_arc_moving_float", bench_call_float,
        { .real_f = bench_arc_moving_float } },
      { "af_arc_moving_f64", "af_arc_moving_f64", bench_call_double,
        { .real_d = arc_moving_double } },
      { "the static tan(theta) formula at the predicted position, iterated, on fix16_*",
        "bench_arc_moving_fix16", bench_call_arc_bodies,
        { .arc_bodies = bench_arc_moving_fix16 } } },
};
