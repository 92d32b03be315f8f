/* SPDX-License-Identifier: MIT */
/*
 * Benchmark rows of the Q16 math core (include/aimfix/q16.h): each
 * function beside libm's float and double functions and libfixmath's (or
 * the textbook formula on libfixmath where it has none).
 *
 * Each input set starts with the edges (zero, one, the ends of the domain,
 * the places where the code changes path), then log-uniform or uniform
 * numbers over the domain the row states, chosen so that the true result
 * fits Q16.16: the accuracy figures compare results, not overflow
 * handling (make test covers that).
 */
#include "ref_fix16.h"
#include "ref_real.h"
#include "rows.h"

#define ONE 65536
#define PI_Q16 205887
#define TWO_PI_Q16 411775
#define Q16_LSB (1.0 / 65536.0)
/* Every row has the largest input set: the figures cost little time. */
#define COUNT BENCH_MAX_INPUTS
#define EDGE_COUNT(table) (sizeof(table) / sizeof((table)[0]))

/* The variants, by kind: aimfix's function through the adapter of its
 * signature; a yardstick of bench/yardsticks/ref_real.c (shown as libm's
 * function it calls); a libfixmath function or formula
 * (bench/yardsticks/ref_fix16.c). */
#define Q16(function, shape) { #function, #function, bench_call_##shape, { .shape = function } }
#define FLOAT(shown, name)                                                    \
    { shown, "bench_" #name "_float", bench_call_float, { .real_f = bench_##name##_float } }
#define DOUBLE(shown, name)                                                   \
    { shown, "bench_" #name "_double", bench_call_double, { .real_d = bench_##name##_double } }
#define FIX16(shown, function, shape) { shown, #function, bench_call_##shape, { .shape = function } }
#define NONE { NULL, NULL, NULL, { NULL } }

/* A signed magnitude below 2^bits, log-uniform, from draw k. */
static int32_t signed_log(const bench_row *row, unsigned i, unsigned k, unsigned bits)
{
    uint64_t h = bench_hash(row->name, i, k);
    return bench_signed(h >> 63, (int32_t)bench_log_uniform(h, bits));
}

/* ---- Square roots ---------------------------------------------------- */

static const uint32_t sqrt_u32_edges[] = {
    0, 1, 2, 3, 4, 0xFFFFFFFFu, 0xFFFE0001u /* 65535^2 */, 0xFFFE0000u, 0xFFFF0000u,
    0x3FFFFFFFu, 0x40000000u, 0x00FFFFFFu,
};

static void sqrt_u32_input(const bench_row *row, unsigned i, bench_input *in)
{
    in->raw[0] = (int32_t)(i < EDGE_COUNT(sqrt_u32_edges)
                               ? sqrt_u32_edges[i]
                               : (uint32_t)bench_log_uniform(bench_hash(row->name, i, 0), 32));
}

static void u32_real(const bench_input *in, double *args)
{
    args[0] = (uint32_t)in->raw[0];
}

const bench_row bench_row_sqrt_u32 = {
    "sqrt_u32", "x: the edges (0 to 4, 2^32 - 1, 65535^2, 2^30), then log-uniform in [1, 2^32)",
    COUNT, 1, 1, 1.0, sqrt_u32_input, u32_real,
    { Q16(af_sqrt_u32, u32_u32), FLOAT("sqrtf", sqrt), DOUBLE("sqrt", sqrt), NONE },
};

static const uint64_t sqrt_u64_edges[] = {
    0, 1, 0xFFFFFFFFu, 0x100000000u, 0x100000001u, UINT64_MAX,
    0xFFFFFFFE00000001u /* (2^32 - 1)^2 */, 0xFFFFFFFE00000000u, UINT64_C(1) << 62,
    (UINT64_C(1) << 62) - 1u,
};

static void sqrt_u64_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t x = i < EDGE_COUNT(sqrt_u64_edges)
                     ? sqrt_u64_edges[i]
                     : bench_log_uniform(bench_hash(row->name, i, 0), 64);
    in->raw[0] = (int32_t)(uint32_t)x;
    in->raw[1] = (int32_t)(uint32_t)(x >> 32);
}

static void u64_real(const bench_input *in, double *args)
{
    args[0] = (double)((uint64_t)(uint32_t)in->raw[0] | (uint64_t)(uint32_t)in->raw[1] << 32);
}

const bench_row bench_row_sqrt_u64 = {
    "sqrt_u64", "x: the edges (0, 1, 2^32 +- 1, 2^64 - 1, (2^32 - 1)^2, 2^62), then log-uniform in [1, 2^64)",
    COUNT, 1, 1, 1.0, sqrt_u64_input, u64_real,
    { Q16(af_sqrt_u64, u64_u64), FLOAT("sqrtf", sqrt), DOUBLE("sqrt", sqrt), NONE },
};

/* ---- One positive argument: sqrt, log2, log --------------------------- */

static const int32_t positive_edges[] = { 1, 2 * ONE, ONE - 1, ONE, ONE + 1, INT32_MAX, 128 * ONE };

/* x > 0 of the row: the edges, then log-uniform over (0, 32768). */
static void positive_input(const bench_row *row, unsigned i, bench_input *in)
{
    in->raw[0] = i < EDGE_COUNT(positive_edges)
                     ? positive_edges[i]
                     : (int32_t)bench_log_uniform(bench_hash(row->name, i, 0), 31);
}

static void sqrt_input(const bench_row *row, unsigned i, bench_input *in)
{
    /* sqrt(0) too: the one input the logarithms have no result for. */
    if (i == 0)
        in->raw[0] = 0;
    else
        positive_input(row, i - 1, in);
}

#define POSITIVE_EDGES "2^-16, 2, 1 - 2^-16, 1, 1 + 2^-16, 32768 - 2^-16, 128"
#define POSITIVE_INPUTS "x: " POSITIVE_EDGES ", then log-uniform in (0, 32768)"

const bench_row bench_row_sqrt = {
    "sqrt", "x: 0, " POSITIVE_EDGES ", then log-uniform in (0, 32768)", COUNT, 1, 1, Q16_LSB, sqrt_input, NULL,
    { Q16(af_sqrt_q16, s_q), FLOAT("sqrtf", sqrt), DOUBLE("sqrt", sqrt),
      FIX16("fix16_sqrt", fix16_sqrt, q_q) },
};

const bench_row bench_row_log2 = {
    "log2", POSITIVE_INPUTS, COUNT, 1, 1, Q16_LSB, positive_input, NULL,
    { Q16(af_log2_q16, s_q), FLOAT("log2f", log2), DOUBLE("log2", log2),
      FIX16("fix16_log2", fix16_log2, q_q) },
};

const bench_row bench_row_log = {
    "log", POSITIVE_INPUTS, COUNT, 1, 1, Q16_LSB, positive_input, NULL,
    { Q16(af_log_q16, s_q), FLOAT("logf", log), DOUBLE("log", log),
      FIX16("fix16_log", fix16_log, q_q) },
};

/* ---- Angles: atan2, sin, cos ----------------------------------------- */

static const int32_t atan2_edges[][2] = {
    { 0, 0 }, { 0, ONE }, { 0, -ONE }, { ONE, 0 }, { -ONE, 0 }, { ONE, ONE },
    { -ONE, -ONE }, { 1, -0x3FFFFFFF }, { 0x3FFFFFFF, 1 }, { 27146, ONE } /* tan(pi/8) */,
};

/* (y, x): the edges, then both log-uniform below 2^14 in magnitude with
 * any signs. Not larger: fix16_atan2 adds |y| to x, which overflows
 * (undefined behaviour) beyond 2^30 raw. */
static void atan2_input(const bench_row *row, unsigned i, bench_input *in)
{
    if (i < EDGE_COUNT(atan2_edges)) {
        in->raw[0] = atan2_edges[i][0];
        in->raw[1] = atan2_edges[i][1];
        return;
    }
    in->raw[0] = signed_log(row, i, 0, 30);
    in->raw[1] = signed_log(row, i, 1, 30);
}

const bench_row bench_row_atan2 = {
    "atan2", "(y, x): the axes, the diagonals, tan(pi/8), then magnitudes log-uniform in (0, 16384), any signs",
    COUNT, 2, 1, Q16_LSB, atan2_input, NULL,
    { Q16(af_atan2_q16, q_qq), FLOAT("atan2f", atan2), DOUBLE("atan2", atan2),
      FIX16("fix16_atan2", fix16_atan2, q_qq) },
};

/* +-32766: near the ends of the range, not at them, because fix16_cos(x)
 * is fix16_sin(x + pi/2), a signed overflow (undefined) within pi/2 of
 * the top. */
static const int32_t angle_edges[] = {
    0, PI_Q16, -PI_Q16, PI_Q16 / 2, -PI_Q16 / 2, ONE, -ONE, 32766 * ONE, -32766 * ONE,
};

/* An angle: the edges (far out at both ends), then uniform in
 * [-2 pi, 2 pi], where a solver's angles are. */
static void angle_input(const bench_row *row, unsigned i, bench_input *in)
{
    in->raw[0] = i < EDGE_COUNT(angle_edges)
                     ? angle_edges[i]
                     : bench_uniform(bench_hash(row->name, i, 0), -TWO_PI_Q16, TWO_PI_Q16);
}

#define ANGLE_INPUTS "x: 0, +-pi, +-pi/2, +-1, +-32766, then uniform in [-2 pi, 2 pi]"

const bench_row bench_row_sin = {
    "sin", ANGLE_INPUTS, COUNT, 1, 1, Q16_LSB, angle_input, NULL,
    { Q16(af_sin_q16, q_q), FLOAT("sinf", sin), DOUBLE("sin", sin),
      FIX16("fix16_sin", fix16_sin, q_q) },
};

const bench_row bench_row_cos = {
    "cos", ANGLE_INPUTS, COUNT, 1, 1, Q16_LSB, angle_input, NULL,
    { Q16(af_cos_q16, q_q), FLOAT("cosf", cos), DOUBLE("cos", cos),
      FIX16("fix16_cos", fix16_cos, q_q) },
};

/* ---- Exponentials and power ------------------------------------------ */

/* x uniform in [lo, hi] after the edges 0, +-1 and the two ends. */
static void exponent_input(const bench_row *row, unsigned i, int32_t lo, int32_t hi,
                           bench_input *in)
{
    const int32_t edges[] = { 0, ONE, -ONE, lo, hi };
    in->raw[0] =
        i < EDGE_COUNT(edges) ? edges[i] : bench_uniform(bench_hash(row->name, i, 0), lo, hi);
}

/* 2^x fits Q16.16 below x = 15 and is above half an LSB from x = -17. */
static void exp2_input(const bench_row *row, unsigned i, bench_input *in)
{
    exponent_input(row, i, -17 * ONE, 15 * ONE - 1, in);
}

/* e^x: the same for x in [-11.78, 10.397]. Below -10.397 fix16_exp
 * computes 1 / e^-x with e^-x beyond Q16.16: its series overflows a
 * signed int (undefined behaviour, which these builds wrap), one of the
 * weaknesses the libfixmath column shows. */
static void exp_input(const bench_row *row, unsigned i, bench_input *in)
{
    exponent_input(row, i, -772014, 681377, in);
}

const bench_row bench_row_exp2 = {
    "exp2", "x: 0, +-1, then uniform in [-17, 15) (the result fits and is not 0)",
    COUNT, 1, 1, Q16_LSB, exp2_input, NULL,
    { Q16(af_exp2_q16, s_q), FLOAT("exp2f", exp2), DOUBLE("exp2", exp2),
      FIX16("fix16_exp(x ln 2)", bench_exp2_fix16, s_q) },
};

const bench_row bench_row_exp = {
    "exp", "x: 0, +-1, then uniform in [-11.78, 10.397] (the result fits and is not 0)",
    COUNT, 1, 1, Q16_LSB, exp_input, NULL,
    { Q16(af_exp_q16, s_q), FLOAT("expf", exp), DOUBLE("exp", exp),
      FIX16("fix16_exp", fix16_exp, q_q) },
};

static const int32_t pow_edges[][2] = {
    { ONE, 123 * ONE }, { 0, ONE }, { 0, 0 }, { 2 * ONE, 14 * ONE }, { ONE / 2, 16 * ONE },
    { ONE - 1, 10000 * ONE }, { ONE - 1, ONE / 2 },
};

/* (base, exponent): the edges, then alternately a damping factor's power
 * as the drag model takes it (base 1 - k 2^-16, k log-uniform in [1, 4096),
 * so base in [0.9375, 1), to a step count uniform in [0, 2000]) and a
 * general power (base log-uniform in [2^-8, 2^8), exponent uniform in
 * [-1.8, 1.8], so the result is within 2^+-14.4). */
static void pow_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t b = bench_hash(row->name, i, 0), e = bench_hash(row->name, i, 1);
    if (i < EDGE_COUNT(pow_edges)) {
        in->raw[0] = pow_edges[i][0];
        in->raw[1] = pow_edges[i][1];
    } else if (i % 2 == 0) {
        in->raw[0] = ONE - (int32_t)bench_log_uniform(b, 12);
        in->raw[1] = bench_uniform(e, 0, 2000 * ONE);
    } else {
        in->raw[0] = (int32_t)bench_with_length(b, bench_length(b, 9, 24));
        in->raw[1] = bench_uniform(e, -117965, 117965); /* +-1.8 */
    }
}

const bench_row bench_row_pow = {
    "pow", "(b, e): 1^123, 0^1, 0^0, 2^14, 0.5^16, (1 - 2^-16)^10000 and ^0.5, then alternately "
           "b in [0.9375, 1) to e in [0, 2000] (drag: r^n) and b in [2^-8, 2^8) to e in [-1.8, 1.8]",
    COUNT, 2, 1, Q16_LSB, pow_input, NULL,
    { Q16(af_pow_q16, s_qq), FLOAT("powf", pow), DOUBLE("pow", pow),
      FIX16("fix16_exp(e fix16_log(b))", bench_pow_fix16, s_qq) },
};

/* ---- Arithmetic ------------------------------------------------------ */

/* Two operands uniform in (-16384, 16384): sums and differences fit. */
static void sum_input(const bench_row *row, unsigned i, bench_input *in)
{
    in->raw[0] = bench_uniform(bench_hash(row->name, i, 0), -0x3FFFFFFF, 0x3FFFFFFF);
    in->raw[1] = bench_uniform(bench_hash(row->name, i, 1), -0x3FFFFFFF, 0x3FFFFFFF);
}

#define SUM_INPUTS "(a, b): uniform in (-16384, 16384)"

const bench_row bench_row_add = {
    "add", SUM_INPUTS, COUNT, 2, 1, Q16_LSB, sum_input, NULL,
    { Q16(af_add_q16, s_qq), FLOAT("a + b", add), DOUBLE("a + b", add),
      FIX16("fix16_add", fix16_add, q_qq) },
};

const bench_row bench_row_sub = {
    "sub", SUM_INPUTS, COUNT, 2, 1, Q16_LSB, sum_input, NULL,
    { Q16(af_sub_q16, s_qq), FLOAT("a - b", sub), DOUBLE("a - b", sub),
      FIX16("fix16_sub", fix16_sub, q_qq) },
};

/* (a, b), signed, of bit lengths la + lb <= 46 (raw), so that a b fits. */
static void mul_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t ha = bench_hash(row->name, i, 0), hb = bench_hash(row->name, i, 1);
    unsigned la = bench_length(ha, 1, 31);
    unsigned lb = bench_length(hb, 1, 46 - la < 31 ? 46 - la : 31);
    in->raw[0] = bench_signed(ha >> 63, (int32_t)bench_with_length(ha, la));
    in->raw[1] = bench_signed(hb >> 63, (int32_t)bench_with_length(hb, lb));
}

const bench_row bench_row_mul = {
    "mul", "(a, b): signed, log-uniform bit lengths with a b within range",
    COUNT, 2, 1, Q16_LSB, mul_input, NULL,
    { Q16(af_mul_q16, s_qq), FLOAT("a * b", mul), DOUBLE("a * b", mul),
      FIX16("fix16_mul", fix16_mul, q_qq) },
};

/* (a, b), signed, with a of at most lb + 14 bits, so that a / b fits. */
static void div_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t ha = bench_hash(row->name, i, 0), hb = bench_hash(row->name, i, 1);
    unsigned lb = bench_length(hb, 1, 31);
    unsigned la = bench_length(ha, 1, lb + 14 < 31 ? lb + 14 : 31);
    in->raw[0] = bench_signed(ha >> 63, (int32_t)bench_with_length(ha, la));
    in->raw[1] = bench_signed(hb >> 63, (int32_t)bench_with_length(hb, lb));
}

const bench_row bench_row_div = {
    "div", "(a, b): signed, log-uniform bit lengths with a / b within range",
    COUNT, 2, 1, Q16_LSB, div_input, NULL,
    { Q16(af_div_q16, s_qq), FLOAT("a / b", div), DOUBLE("a / b", div),
      FIX16("fix16_div", fix16_div, q_qq) },
};

/* (a, b, c), signed, log-uniform lengths with lc >= la + lb - 29, so that
 * a b / c fits (with a bit to spare) while a b alone often does not. */
static void muldiv_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t ha = bench_hash(row->name, i, 0), hb = bench_hash(row->name, i, 1),
             hc = bench_hash(row->name, i, 2);
    unsigned la = bench_length(ha, 1, 31);
    unsigned lb = bench_length(hb, 1, 31);
    unsigned lc;
    if (la + lb > 60)
        lb = 60 - la;
    lc = bench_length(hc, la + lb > 30 ? la + lb - 29 : 1, 31);
    in->raw[0] = bench_signed(ha >> 63, (int32_t)bench_with_length(ha, la));
    in->raw[1] = bench_signed(hb >> 63, (int32_t)bench_with_length(hb, lb));
    in->raw[2] = bench_signed(hc >> 63, (int32_t)bench_with_length(hc, lc));
}

const bench_row bench_row_muldiv = {
    "muldiv", "(a, b, c): signed, log-uniform bit lengths with a b / c within range (a b often not)",
    COUNT, 3, 1, Q16_LSB, muldiv_input, NULL,
    { Q16(af_muldiv_q16, s_qqq), FLOAT("a * b / c", muldiv), DOUBLE("a * b / c", muldiv),
      FIX16("fix16_div(fix16_mul(a, b), c)", bench_muldiv_fix16, s_qqq) },
};

/* A Q32.32 value, signed, log-uniform below 2^46 raw (32768 in Q16.16). */
static void round_q32_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t h = bench_hash(row->name, i, 0);
    uint64_t mag = bench_log_uniform(h, 46);
    uint64_t x = (h >> 63) ? 0u - mag : mag;
    in->raw[0] = (int32_t)(uint32_t)x;
    in->raw[1] = (int32_t)(uint32_t)(x >> 32);
}

/* No float, double or libfixmath twin: rounding a Q32.32 is a job of
 * fixed point alone (make test checks it is correctly rounded). */
const bench_row bench_row_round_q32 = {
    "round_q32", "x: Q32.32, signed, log-uniform in magnitude below 2^14",
    COUNT, 1, 1, Q16_LSB, round_q32_input, NULL,
    { Q16(af_round_q32_q16, s_i64), NONE, NONE, NONE },
};

/* ---- Vectors --------------------------------------------------------- */

/* Vector components: v in raw[0..2], w (or a scalar) from raw[3], signed,
 * each log-uniform below 2^bits raw. */
static void vector_input(const bench_row *row, unsigned i, unsigned values, unsigned bits,
                         bench_input *in)
{
    unsigned k;
    for (k = 0; k < values; k++)
        in->raw[k] = signed_log(row, i, k, bits);
}

/* The row's vectors with components below 16384, where sums, dot
 * products (3 2^60 < 2^63 in Q32.32) and lengths (below 28378) fit. */
static void vectors_below_16384(const bench_row *row, unsigned i, bench_input *in)
{
    vector_input(row, i, row->args, 30, in);
}

/* The row's vectors with any components (|v|^2 always fits its unsigned
 * Q32.32 result; a direction is at most 1). */
static void vectors_any(const bench_row *row, unsigned i, bench_input *in)
{
    vector_input(row, i, row->args, 31, in);
}

#define SUM3_INPUTS "(v, w): components signed, log-uniform below 16384"

const bench_row bench_row_vec3_add = {
    "vec3_add", SUM3_INPUTS, COUNT, 6, 3, Q16_LSB, vectors_below_16384, NULL,
    { Q16(af_vec3_add_q16, s_vv_v), FLOAT("v + w", vec3_add), DOUBLE("v + w", vec3_add),
      FIX16("fix16_add", bench_vec3_add_fix16, s_vv_v) },
};

const bench_row bench_row_vec3_sub = {
    "vec3_sub", SUM3_INPUTS, COUNT, 6, 3, Q16_LSB, vectors_below_16384, NULL,
    { Q16(af_vec3_sub_q16, s_vv_v), FLOAT("v - w", vec3_sub), DOUBLE("v - w", vec3_sub),
      FIX16("fix16_sub", bench_vec3_sub_fix16, s_vv_v) },
};

/* v and s with every component's length plus the scalar's at most 46
 * bits, so that each product fits. */
static void vec3_scale_input(const bench_row *row, unsigned i, bench_input *in)
{
    uint64_t hs = bench_hash(row->name, i, 3);
    unsigned ls = bench_length(hs, 1, 31);
    vector_input(row, i, 3, 46 - ls < 31 ? 46 - ls : 31, in);
    in->raw[3] = bench_signed(hs >> 63, (int32_t)bench_with_length(hs, ls));
}

const bench_row bench_row_vec3_scale = {
    "vec3_scale", "(v, s): signed, log-uniform bit lengths with every product within range",
    COUNT, 4, 3, Q16_LSB, vec3_scale_input, NULL,
    { Q16(af_vec3_scale_q16, s_vq_v), FLOAT("v * s", vec3_scale), DOUBLE("v * s", vec3_scale),
      FIX16("fix16_mul", bench_vec3_scale_fix16, s_vq_v) },
};

const bench_row bench_row_vec3_dot = {
    "vec3_dot", "(v, w): components signed, log-uniform below 16384",
    COUNT, 6, 1, Q16_LSB, vectors_below_16384, NULL,
    { Q16(af_vec3_dot_q16, s_vv_i64), FLOAT("v . w", vec3_dot), DOUBLE("v . w", vec3_dot),
      FIX16("fix16_mul, fix16_add", bench_vec3_dot_fix16, s_vv_q) },
};

const bench_row bench_row_vec3_len2 = {
    "vec3_len2", "v: components signed, log-uniform below 32768",
    COUNT, 3, 1, Q16_LSB, vectors_any, NULL,
    { Q16(af_vec3_len2_q16, u64_v), FLOAT("v . v", vec3_len2), DOUBLE("v . v", vec3_len2),
      FIX16("fix16_mul, fix16_add", bench_vec3_len2_fix16, s_v_q) },
};

const bench_row bench_row_vec3_len = {
    "vec3_len", "v: components signed, log-uniform below 16384",
    COUNT, 3, 1, Q16_LSB, vectors_below_16384, NULL,
    { Q16(af_vec3_len_q16, s_v_q), FLOAT("sqrtf(v . v)", vec3_len),
      DOUBLE("sqrt(v . v)", vec3_len), FIX16("fix16_sqrt(v . v)", bench_vec3_len_fix16, s_v_q) },
};

/* Any nonzero v and a length log-uniform below 32768. */
static void vec3_resize_input(const bench_row *row, unsigned i, bench_input *in)
{
    vector_input(row, i, 3, 31, in);
    in->raw[3] = (int32_t)bench_log_uniform(bench_hash(row->name, i, 3), 31);
}

const bench_row bench_row_vec3_resize = {
    "vec3_resize", "(v, L): components signed, log-uniform below 32768; L log-uniform below 32768",
    COUNT, 4, 3, Q16_LSB, vec3_resize_input, NULL,
    { Q16(af_vec3_resize_q16, s_vq_v), FLOAT("v * (L / sqrtf(v . v))", vec3_resize),
      DOUBLE("v * (L / sqrt(v . v))", vec3_resize),
      FIX16("v * fix16_div(L, |v|)", bench_vec3_resize_fix16, s_vq_v) },
};

const bench_row bench_row_vec3_normalize = {
    "vec3_normalize", "v: components signed, log-uniform below 32768",
    COUNT, 3, 3, Q16_LSB, vectors_any, NULL,
    { Q16(af_vec3_normalize_q16, s_v_v), FLOAT("v * (1 / sqrtf(v . v))", vec3_normalize),
      DOUBLE("v * (1 / sqrt(v . v))", vec3_normalize),
      FIX16("fix16_div(v, |v|)", bench_vec3_normalize_fix16, s_v_v) },
};
