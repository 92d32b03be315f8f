/* SPDX-License-Identifier: MIT */
/*
 * What the solvers' benchmark rows share (bench/rows/solver_rows.h): argument
 * layout, adapters, first shots, input pieces.
 */
#include "solver_rows.h"

#define Q16_UNIT (1.0 / 65536.0)

/* ---- Q16 arguments and results --------------------------------------- */

af_vec3_q16 bench_vec_q16(const bench_input *in, unsigned first)
{
    af_vec3_q16 v;
    v.x = in->raw[first];
    v.y = in->raw[first + 1];
    v.z = in->raw[first + 2];
    return v;
}

af_body_q16 bench_body_q16(const bench_input *in, unsigned first)
{
    af_body_q16 b;
    b.position = bench_vec_q16(in, first);
    b.velocity = bench_vec_q16(in, first + 3);
    return b;
}

void bench_put_shot_q16(bench_output *out, af_status status, const af_shots_q16 *shots)
{
    out->ok = status == AF_OK && shots->count > 0;
    out->value[0] = shots->shot[0].t * Q16_UNIT;
    out->value[1] = shots->shot[0].velocity.x * Q16_UNIT;
    out->value[2] = shots->shot[0].velocity.y * Q16_UNIT;
    out->value[3] = shots->shot[0].velocity.z * Q16_UNIT;
}

static unsigned flags_q16(const bench_input *in)
{
    return in->raw[BENCH_AT_INHERIT] ? AF_INHERIT_VELOCITY : 0u;
}

uint32_t bench_call_arc_point(const bench_row *row, const bench_variant *variant,
                              const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, const af_vec3_q16 *, fix16_t, const af_vec3_q16 *,
                   af_shots_q16 *) = variant->fn.arc_point;
    af_vec3_q16 from = bench_vec_q16(in, BENCH_AT_SHOOTER), to = bench_vec_q16(in, BENCH_AT_TARGET);
    af_vec3_q16 g = bench_vec_q16(in, BENCH_AT_GRAVITY);
    fix16_t speed = in->raw[BENCH_AT_SPEED];
    af_shots_q16 shots;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&from, &to, speed, &g, &shots));
    bench_put_shot_q16(out, status, &shots);
    return n;
}

uint32_t bench_call_arc_min_speed(const bench_row *row, const bench_variant *variant,
                                  const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, const af_vec3_q16 *, const af_vec3_q16 *,
                   af_shots_q16 *) = variant->fn.arc_min_speed;
    af_vec3_q16 from = bench_vec_q16(in, BENCH_AT_SHOOTER), to = bench_vec_q16(in, BENCH_AT_TARGET);
    af_vec3_q16 g = bench_vec_q16(in, BENCH_AT_GRAVITY);
    af_shots_q16 shots;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&from, &to, &g, &shots));
    bench_put_shot_q16(out, status, &shots);
    return n;
}

uint32_t bench_call_arc_max_range(const bench_row *row, const bench_variant *variant,
                                  const bench_input *in, bench_output *out)
{
    af_status (*f)(fix16_t, fix16_t, const af_vec3_q16 *, af_range_q16 *) =
        variant->fn.arc_max_range;
    fix16_t speed = in->raw[BENCH_AT_RANGE_SPEED], height = in->raw[BENCH_AT_RANGE_HEIGHT];
    af_vec3_q16 g = bench_vec_q16(in, BENCH_AT_RANGE_GRAVITY);
    af_range_q16 range;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(speed, height, &g, &range));
    out->ok = status == AF_OK;
    out->value[0] = range.range * Q16_UNIT;
    out->value[1] = range.t * Q16_UNIT;
    out->value[2] = range.horizontal_speed * Q16_UNIT;
    out->value[3] = range.vertical_speed * Q16_UNIT;
    return n;
}

uint32_t bench_call_arc_bodies(const bench_row *row, const bench_variant *variant,
                               const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_body_q16 *, const af_body_q16 *, fix16_t, const af_vec3_q16 *,
                   unsigned, af_shots_q16 *) = variant->fn.arc_bodies;
    af_body_q16 shooter = bench_body_q16(in, BENCH_AT_SHOOTER);
    af_body_q16 target = bench_body_q16(in, BENCH_AT_TARGET);
    af_vec3_q16 g = bench_vec_q16(in, BENCH_AT_GRAVITY);
    fix16_t value = in->raw[BENCH_AT_SPEED];
    unsigned flags = flags_q16(in);
    af_shots_q16 shots;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&shooter, &target, value, &g, flags, &shots));
    bench_put_shot_q16(out, status, &shots);
    return n;
}

uint32_t bench_call_arc_apex(const bench_row *row, const bench_variant *variant,
                             const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_body_q16 *, const af_body_q16 *, const af_vec3_q16 *,
                   const af_arc_policy_q16 *, unsigned, af_shots_q16 *) = variant->fn.arc_apex;
    af_body_q16 shooter = bench_body_q16(in, BENCH_AT_SHOOTER);
    af_body_q16 target = bench_body_q16(in, BENCH_AT_TARGET);
    af_vec3_q16 g = bench_vec_q16(in, BENCH_AT_GRAVITY);
    af_arc_policy_q16 policy;
    unsigned flags = flags_q16(in);
    af_shots_q16 shots;
    af_status status;
    uint32_t n;
    (void)row;
    policy.kind = in->raw[BENCH_AT_POLICY] ? AF_ARC_VERTICAL_SPEED : AF_ARC_APEX_HEIGHT;
    policy.base = in->raw[BENCH_AT_POLICY + 1];
    policy.per_distance = in->raw[BENCH_AT_POLICY + 2];
    BENCH_COUNT(n, status = f(&shooter, &target, &g, &policy, flags, &shots));
    bench_put_shot_q16(out, status, &shots);
    return n;
}

/* ---- f64 arguments and results ---------------------------------------- */

af_vec3_f64 bench_vec_f64(const double *a, unsigned first)
{
    af_vec3_f64 v;
    v.x = a[first];
    v.y = a[first + 1];
    v.z = a[first + 2];
    return v;
}

af_body_f64 bench_body_f64(const double *a, unsigned first)
{
    af_body_f64 b;
    b.position = bench_vec_f64(a, first);
    b.velocity = bench_vec_f64(a, first + 3);
    return b;
}

unsigned bench_flags_f64(const double *a)
{
    return a[BENCH_AT_INHERIT] != 0.0 ? AF_INHERIT_VELOCITY : 0u;
}

int bench_first_shot_f64(af_status status, const af_shots_f64 *shots, double *r)
{
    if (status != AF_OK || shots->count == 0)
        return 0;
    r[0] = shots->shot[0].t;
    r[1] = shots->shot[0].velocity.x;
    r[2] = shots->shot[0].velocity.y;
    r[3] = shots->shot[0].velocity.z;
    return 1;
}

int bench_arc_bodies_f64(af_status (*f)(const af_body_f64 *, const af_body_f64 *, double,
                                        const af_vec3_f64 *, unsigned, af_shots_f64 *),
                         const double *a, double *r)
{
    af_body_f64 shooter = bench_body_f64(a, BENCH_AT_SHOOTER);
    af_body_f64 target = bench_body_f64(a, BENCH_AT_TARGET);
    af_vec3_f64 g = bench_vec_f64(a, BENCH_AT_GRAVITY);
    af_shots_f64 shots;
    return bench_first_shot_f64(
        f(&shooter, &target, a[BENCH_AT_SPEED], &g, bench_flags_f64(a), &shots), &shots, r);
}

/* ---- Input sets ------------------------------------------------------- */

int32_t bench_draw_uniform(const bench_row *row, unsigned i, unsigned k, int32_t lo, int32_t hi)
{
    return bench_uniform(bench_hash(row->name, i, k), lo, hi);
}

int32_t bench_draw_bits(const bench_row *row, unsigned i, unsigned k, unsigned lo_bits,
                        unsigned hi_bits)
{
    uint64_t h = bench_hash(row->name, i, k);
    return (int32_t)bench_with_length(h, bench_length(h, lo_bits, hi_bits));
}

int32_t bench_part(int64_t raw, int32_t num)
{
    return (int32_t)(raw * num / BENCH_ONE); /* C99 division truncates toward zero */
}

/* cos(k 22.5 degrees) in Q16.16, rounded; the sine is cos(k - 4). */
static const int32_t cos16[16] = { 65536,  60547,  46341,  25080,  0,     -25080,
                                   -46341, -60547, -65536, -60547, -46341, -25080,
                                   0,      25080,  46341,  60547 };

void bench_put_horizontal(const bench_row *row, unsigned i, unsigned k, int32_t length,
                          int32_t *xy)
{
    unsigned dir = (unsigned)(bench_hash(row->name, i, k) >> 40) % 16u;
    xy[0] = bench_part(length, cos16[dir]);
    xy[1] = bench_part(length, cos16[(dir + 12u) % 16u]);
}

void bench_put_target(const bench_row *row, unsigned i, unsigned k, int32_t length,
                      int32_t height, bench_input *in)
{
    int32_t xy[2];
    bench_put_horizontal(row, i, k, length, xy);
    in->raw[BENCH_AT_TARGET] = in->raw[BENCH_AT_SHOOTER] + xy[0];
    in->raw[BENCH_AT_TARGET + 1] = in->raw[BENCH_AT_SHOOTER + 1] + xy[1];
    in->raw[BENCH_AT_TARGET + 2] = in->raw[BENCH_AT_SHOOTER + 2] + height;
}

/* 9.81 m/s^2 in Q16.16: 642908.16 raw. */
#define EARTH_G 642908

int32_t bench_put_gravity(const bench_row *row, unsigned i, unsigned k, bench_input *in,
                          unsigned first)
{
    uint64_t h = bench_hash(row->name, i, k);
    int32_t g = (h >> 63) ? EARTH_G : bench_uniform(h, BENCH_M(4), BENCH_M(40));
    in->raw[first] = 0;
    in->raw[first + 1] = 0;
    in->raw[first + 2] = -g;
    return g;
}

void bench_put_launch_point(const bench_row *row, unsigned i, bench_input *in)
{
    unsigned k;
    for (k = 0; k < 3; k++) {
        in->raw[BENCH_AT_SHOOTER + k] = bench_draw_uniform(row, i, k, BENCH_M(-100), BENCH_M(100));
        in->raw[BENCH_AT_SHOOTER + 3 + k] = 0;
    }
    in->raw[BENCH_AT_INHERIT] = 0;
}

void bench_put_shooter(const bench_row *row, unsigned i, bench_input *in)
{
    bench_put_launch_point(row, i, in);
    if (i % 2) {
        bench_put_horizontal(row, i, 3, bench_draw_uniform(row, i, 4, 0, BENCH_M(8)),
                             &in->raw[BENCH_AT_SHOOTER + 3]);
        in->raw[BENCH_AT_INHERIT] = BENCH_ONE;
    }
}
