/* SPDX-License-Identifier: MIT */
/*
 * The adapters that call a row's variant on one input (bench/harness/bench.h):
 * one per signature, shared by every row of that signature. Each takes its
 * arguments out of the input before counting and turns the result into
 * real units after.
 */
#include <math.h>

#include "bench.h"

/* Q16.16 raw to real, and Q32.32 raw to real. */
#define Q16_UNIT (1.0 / 65536.0)
#define Q32_UNIT (1.0 / 4294967296.0)

/* libfixmath's fix16_overflow, which fix16_mul and fix16_div return on
 * overflow. */
#define FIX16_OVERFLOW INT32_MIN

void bench_real_args(const bench_row *row, const bench_input *in, double *args)
{
    unsigned i;
    if (row->real_args) {
        row->real_args(in, args);
        return;
    }
    for (i = 0; i < row->args; i++)
        args[i] = in->raw[i] * Q16_UNIT;
}

uint32_t bench_call_float(const bench_row *row, const bench_variant *variant,
                          const bench_input *in, bench_output *out)
{
    double wide[BENCH_ARGS];
    float args[BENCH_ARGS], results[BENCH_OUTPUTS] = { 0 };
    bench_float_fn f = variant->fn.real_f;
    uint32_t n;
    unsigned i;
    int found;
    bench_real_args(row, in, wide);
    for (i = 0; i < row->args; i++)
        args[i] = (float)wide[i];
    BENCH_COUNT(n, found = f(args, results));
    out->ok = found != 0;
    for (i = 0; i < row->outputs; i++) {
        out->ok &= isfinite(results[i]) != 0;
        out->value[i] = results[i];
    }
    return n;
}

uint32_t bench_call_double(const bench_row *row, const bench_variant *variant,
                           const bench_input *in, bench_output *out)
{
    double args[BENCH_ARGS], results[BENCH_OUTPUTS] = { 0 };
    bench_double_fn f = variant->fn.real_d;
    uint32_t n;
    unsigned i;
    int found;
    bench_real_args(row, in, args);
    BENCH_COUNT(n, found = f(args, results));
    out->ok = found != 0;
    for (i = 0; i < row->outputs; i++) {
        out->ok &= isfinite(results[i]) != 0;
        out->value[i] = results[i];
    }
    return n;
}

static uint64_t u64_of(const bench_input *in)
{
    return (uint64_t)(uint32_t)in->raw[0] | (uint64_t)(uint32_t)in->raw[1] << 32;
}

static af_vec3_q16 vec_at(const bench_input *in, unsigned first)
{
    af_vec3_q16 v;
    v.x = in->raw[first];
    v.y = in->raw[first + 1];
    v.z = in->raw[first + 2];
    return v;
}

static void put_q16(bench_output *out, int ok, fix16_t r)
{
    out->ok = ok;
    out->value[0] = r * Q16_UNIT;
}

static void put_vec(bench_output *out, af_status status, const af_vec3_q16 *v)
{
    out->ok = status == AF_OK;
    out->value[0] = v->x * Q16_UNIT;
    out->value[1] = v->y * Q16_UNIT;
    out->value[2] = v->z * Q16_UNIT;
}

uint32_t bench_call_u32_u32(const bench_row *row, const bench_variant *variant,
                            const bench_input *in, bench_output *out)
{
    uint32_t (*f)(uint32_t) = variant->fn.u32_u32;
    uint32_t x = (uint32_t)in->raw[0], r, n;
    (void)row;
    BENCH_COUNT(n, r = f(x));
    out->ok = 1;
    out->value[0] = r;
    return n;
}

uint32_t bench_call_u64_u64(const bench_row *row, const bench_variant *variant,
                            const bench_input *in, bench_output *out)
{
    uint64_t (*f)(uint64_t) = variant->fn.u64_u64;
    uint64_t x = u64_of(in), r;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, r = f(x));
    out->ok = 1;
    out->value[0] = (double)r;
    return n;
}

uint32_t bench_call_q_q(const bench_row *row, const bench_variant *variant,
                        const bench_input *in, bench_output *out)
{
    fix16_t (*f)(fix16_t) = variant->fn.q_q;
    fix16_t x = in->raw[0], r;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, r = f(x));
    put_q16(out, r != FIX16_OVERFLOW, r);
    return n;
}

uint32_t bench_call_q_qq(const bench_row *row, const bench_variant *variant,
                         const bench_input *in, bench_output *out)
{
    fix16_t (*f)(fix16_t, fix16_t) = variant->fn.q_qq;
    fix16_t a = in->raw[0], b = in->raw[1], r;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, r = f(a, b));
    put_q16(out, r != FIX16_OVERFLOW, r);
    return n;
}

uint32_t bench_call_s_q(const bench_row *row, const bench_variant *variant,
                        const bench_input *in, bench_output *out)
{
    af_status (*f)(fix16_t, fix16_t *) = variant->fn.s_q;
    fix16_t x = in->raw[0], r = 0;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(x, &r));
    put_q16(out, status == AF_OK, r);
    return n;
}

uint32_t bench_call_s_qq(const bench_row *row, const bench_variant *variant,
                         const bench_input *in, bench_output *out)
{
    af_status (*f)(fix16_t, fix16_t, fix16_t *) = variant->fn.s_qq;
    fix16_t a = in->raw[0], b = in->raw[1], r = 0;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(a, b, &r));
    put_q16(out, status == AF_OK, r);
    return n;
}

uint32_t bench_call_s_qqq(const bench_row *row, const bench_variant *variant,
                          const bench_input *in, bench_output *out)
{
    af_status (*f)(fix16_t, fix16_t, fix16_t, fix16_t *) = variant->fn.s_qqq;
    fix16_t a = in->raw[0], b = in->raw[1], c = in->raw[2], r = 0;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(a, b, c, &r));
    put_q16(out, status == AF_OK, r);
    return n;
}

uint32_t bench_call_s_i64(const bench_row *row, const bench_variant *variant,
                          const bench_input *in, bench_output *out)
{
    af_status (*f)(int64_t, fix16_t *) = variant->fn.s_i64;
    int64_t x = (int64_t)u64_of(in);
    fix16_t r = 0;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(x, &r));
    put_q16(out, status == AF_OK, r);
    return n;
}

uint32_t bench_call_s_vv_v(const bench_row *row, const bench_variant *variant,
                           const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, const af_vec3_q16 *, af_vec3_q16 *) = variant->fn.s_vv_v;
    af_vec3_q16 a = vec_at(in, 0), b = vec_at(in, 3), r = { 0, 0, 0 };
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&a, &b, &r));
    put_vec(out, status, &r);
    return n;
}

uint32_t bench_call_s_vq_v(const bench_row *row, const bench_variant *variant,
                           const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, fix16_t, af_vec3_q16 *) = variant->fn.s_vq_v;
    af_vec3_q16 v = vec_at(in, 0), r = { 0, 0, 0 };
    fix16_t s = in->raw[3];
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&v, s, &r));
    put_vec(out, status, &r);
    return n;
}

uint32_t bench_call_s_v_v(const bench_row *row, const bench_variant *variant,
                          const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, af_vec3_q16 *) = variant->fn.s_v_v;
    af_vec3_q16 v = vec_at(in, 0), r = { 0, 0, 0 };
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&v, &r));
    put_vec(out, status, &r);
    return n;
}

uint32_t bench_call_s_vv_i64(const bench_row *row, const bench_variant *variant,
                             const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, const af_vec3_q16 *, int64_t *) = variant->fn.s_vv_i64;
    af_vec3_q16 a = vec_at(in, 0), b = vec_at(in, 3);
    int64_t r = 0;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&a, &b, &r));
    out->ok = status == AF_OK;
    out->value[0] = (double)r * Q32_UNIT;
    return n;
}

uint32_t bench_call_s_vv_q(const bench_row *row, const bench_variant *variant,
                           const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, const af_vec3_q16 *, fix16_t *) = variant->fn.s_vv_q;
    af_vec3_q16 a = vec_at(in, 0), b = vec_at(in, 3);
    fix16_t r = 0;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&a, &b, &r));
    put_q16(out, status == AF_OK, r);
    return n;
}

uint32_t bench_call_s_v_q(const bench_row *row, const bench_variant *variant,
                          const bench_input *in, bench_output *out)
{
    af_status (*f)(const af_vec3_q16 *, fix16_t *) = variant->fn.s_v_q;
    af_vec3_q16 v = vec_at(in, 0);
    fix16_t r = 0;
    af_status status;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, status = f(&v, &r));
    put_q16(out, status == AF_OK, r);
    return n;
}

uint32_t bench_call_u64_v(const bench_row *row, const bench_variant *variant,
                          const bench_input *in, bench_output *out)
{
    uint64_t (*f)(const af_vec3_q16 *) = variant->fn.u64_v;
    af_vec3_q16 v = vec_at(in, 0);
    uint64_t r;
    uint32_t n;
    (void)row;
    BENCH_COUNT(n, r = f(&v));
    out->ok = 1;
    out->value[0] = (double)r * Q32_UNIT;
    return n;
}
