/* SPDX-License-Identifier: MIT */
/*
 * Benchmark row of the straight-line intercept (include/aimfix/intercept.h):
 * af_intercept_f64 as the double column, its algorithm in float, and the
 * textbook quadratic on libfixmath (bench/yardsticks/ref_solvers.h). The Q16
 * column is af_intercept_q16 through bench_call_intercept, the adapter the
 * libfixmath column uses too.
 *
 * Scenarios as a turret or a game meets them: the edges first (target at
 * the muzzle, static, as fast as the projectile, faster and closing,
 * faster and escaping, a moving shooter whose velocity the projectile
 * inherits), then the shooter within 100 m of the origin, the target up
 * to 2048 m away on each axis (log-uniform) moving at up to 64 m/s per
 * axis, a projectile speed log-uniform in [16, 1024) m/s, and every other
 * shooter moving at up to 16 m/s per axis with its velocity inherited.
 */
#include "ref_solvers.h"
#include "rows.h"
#include "solver_rows.h"

#define ONE BENCH_ONE
#define M BENCH_M

/* shooter position, velocity, target position, velocity, speed, inherit */
static const int32_t intercept_edges[][14] = {
    { M(10), M(5), 0, 0, 0, 0, M(10), M(5), 0, M(3), 0, 0, M(100), 0 },
    { 0, 0, 0, 0, 0, 0, M(100), M(50), M(2), 0, 0, 0, M(300), 0 },
    { 0, 0, 0, 0, 0, 0, M(200), 0, 0, M(-50), 0, 0, M(50), 0 },
    { 0, 0, 0, 0, 0, 0, M(500), 0, 0, M(-80), M(10), 0, M(40), 0 },
    { 0, 0, 0, 0, 0, 0, M(100), 0, 0, M(90), 0, 0, M(40), 0 },
    { 0, 0, 0, M(20), 0, 0, M(300), M(40), 0, 0, M(-10), 0, M(200), ONE },
};

/* A signed magnitude below 2^bits raw, log-uniform, from draw k. */
static int32_t signed_log(const bench_row *row, unsigned i, unsigned k, unsigned bits)
{
    uint64_t h = bench_hash(row->name, i, k);
    return bench_signed(h >> 63, (int32_t)bench_log_uniform(h, bits));
}

static void intercept_input(const bench_row *row, unsigned i, bench_input *in)
{
    unsigned k;
    if (i < sizeof intercept_edges / sizeof intercept_edges[0]) {
        for (k = 0; k < 14; k++)
            in->raw[k] = intercept_edges[i][k];
        return;
    }
    for (k = 0; k < 3; k++) {
        in->raw[k] = bench_uniform(bench_hash(row->name, i, k), M(-100), M(100));
        in->raw[3 + k] = i % 2 ? signed_log(row, i, 3 + k, 20) : 0;
        in->raw[6 + k] = in->raw[k] + signed_log(row, i, 6 + k, 27);
        in->raw[9 + k] = signed_log(row, i, 9 + k, 22);
    }
    in->raw[12] = (int32_t)bench_with_length(bench_hash(row->name, i, 12),
                                             bench_length(bench_hash(row->name, i, 12), 21, 26));
    in->raw[13] = i % 2 ? ONE : 0;
}

/* The adapter of the intercept's signature, for fixed-point variants. */
static uint32_t bench_call_intercept(const bench_row *row, const bench_variant *variant,
                                     const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_body_q16 *, const af_body_q16 *, fix16_t, unsigned, af_shots_q16 *) =
        variant->fn.intercept;
    af_body_q16 shooter = bench_body_q16(in, BENCH_AT_SHOOTER);
    af_body_q16 target = bench_body_q16(in, BENCH_AT_TARGET);
    fix16_t speed = in->raw[BENCH_AT_SPEED];
    unsigned flags = in->raw[BENCH_AT_INHERIT] ? AF_INHERIT_VELOCITY : 0u;
    af_shots_q16 shots;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&shooter, &target, speed, flags, &shots));
    bench_put_shot_q16(out, status, &shots);
    return n;
}

/* af_intercept_f64 on the arguments as doubles: the reference. */
static int intercept_double(const double *a, double *r)
{
    af_body_f64 shooter = bench_body_f64(a, BENCH_AT_SHOOTER);
    af_body_f64 target = bench_body_f64(a, BENCH_AT_TARGET);
    af_shots_f64 shots;
    return bench_first_shot_f64(
        af_intercept_f64(&shooter, &target, a[BENCH_AT_SPEED], bench_flags_f64(a), &shots), &shots,
        r);
}

const bench_row bench_row_intercept = {
    "intercept", "the edges, then a target up to 2048 m away per axis moving at up to 64 m/s, "
                 "speed in [16, 1024) m/s, every other shooter moving (inherited)",
    BENCH_MAX_INPUTS, 14, 4, 1.0 / 65536.0, intercept_input, NULL,
    { { "af_intercept_q16", "af_intercept_q16", bench_call_intercept,
        { .intercept = af_intercept_q16 } },
      { "af_intercept_f64 in float", "bench_intercept_float", bench_call_float,
        { .real_f = bench_intercept_float } },
      { "af_intercept_f64", "af_intercept_f64", bench_call_double, { .real_d = intercept_double } },
      { "quadratic formula on fix16_*", "bench_intercept_fix16", bench_call_intercept,
        { .intercept = bench_intercept_fix16 } } },
};

/* The floor: the same inputs (those of the row above: its name seeds
 * them), af_intercept_q16's arithmetic without its safeguards. */
static void intercept_floor_input(const bench_row *row, unsigned i, bench_input *in)
{
    (void)row;
    intercept_input(&bench_row_intercept, i, in);
}

const bench_row bench_row_intercept_floor = {
    "intercept_floor", "the intercept row's inputs",
    BENCH_MAX_INPUTS, 14, 4, 1.0 / 65536.0, intercept_floor_input, NULL,
    { { "af_intercept_q16 unchecked, unrounded", "bench_intercept_floor", bench_call_intercept,
        { .intercept = bench_intercept_floor } },
      { NULL, NULL, NULL, { NULL } },
      { "af_intercept_f64", "af_intercept_f64", bench_call_double, { .real_d = intercept_double } },
      { NULL, NULL, NULL, { NULL } } },
};
