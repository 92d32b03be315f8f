/* SPDX-License-Identifier: MIT */
/*
 * The most stack each Q16 function needs, measured on the board by
 * painting (port/cortex-m/stack_meter.h): the figures `make size` prints.
 * Built for the boards only (tests/target/).
 *
 * To add a function: add ROW(name, shape) to `functions` below and the
 * pointer name_fn beside the others of its shape. A shape is a runner,
 * run_<shape>, that calls the function on inputs reaching its deepest
 * path (the extremes of the domain, the failure cases), and a twin of that
 * signature that uses no stack, no_stack_<shape> (with its pointer
 * no_stack_<shape>_fn); a new signature needs both. The figure covers
 * everything the call runs, helpers and libgcc included; the runner's own
 * share (measured with the twin) is taken off.
 */
#include <stddef.h>
#include <stdint.h>

#include <fix16.h>

#include "aimfix.h"
#include "harness.h"
#include "stack_meter.h"

/* The most stack one Q16 function may take: 1 KiB is a sixteenth of the
 * micro:bit's RAM, leaving the rest of a 16 KiB part to the application. */
#define Q16_STACK_BUDGET 1024u

/* Inputs spanning the Q16.16 range: zero, one, tiny, huge, both signs. */
static const fix16_t inputs[] = {
    0, 1, -1, 0x00010000, -0x00010000, 0x7FFFFFFF, -0x7FFFFFFF, 0x00000100,
    0x01234567, -0x00ABCDEF, 0x00032000, 205887 /* pi */,
};
#define INPUT_COUNT (sizeof inputs / sizeof inputs[0])

/* Results go here so that no call is optimised away. */
static volatile fix16_t sink;

typedef fix16_t (*unary)(fix16_t);
typedef fix16_t (*binary)(fix16_t, fix16_t);

static void run_unary(void *fn)
{
    size_t i;
    unary f = *(const unary *)fn;
    for (i = 0; i < INPUT_COUNT; i++)
        sink = f(inputs[i]);
}

static void run_binary(void *fn)
{
    size_t i, j;
    binary f = *(const binary *)fn;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++)
            sink = f(inputs[i], inputs[j]);
}

/* The Q16 math core's shapes (include/aimfix/q16.h). */
typedef af_status (*status_unary)(fix16_t, fix16_t *);
typedef af_status (*status_binary)(fix16_t, fix16_t, fix16_t *);
typedef af_status (*status_ternary)(fix16_t, fix16_t, fix16_t, fix16_t *);
typedef af_status (*status_q32)(int64_t, fix16_t *);
typedef uint32_t (*root32)(uint32_t);
typedef uint64_t (*root64)(uint64_t);
typedef af_status (*vec_binary)(const af_vec3_q16 *, const af_vec3_q16 *, af_vec3_q16 *);
typedef af_status (*vec_scalar)(const af_vec3_q16 *, fix16_t, af_vec3_q16 *);
typedef af_status (*vec_unary)(const af_vec3_q16 *, af_vec3_q16 *);
typedef af_status (*vec_dot)(const af_vec3_q16 *, const af_vec3_q16 *, int64_t *);
typedef uint64_t (*vec_len2)(const af_vec3_q16 *);
typedef af_status (*vec_len)(const af_vec3_q16 *, fix16_t *);

static volatile int64_t wide_sink;

static void run_status_unary(void *fn)
{
    size_t i;
    status_unary f = *(const status_unary *)fn;
    fix16_t r;
    for (i = 0; i < INPUT_COUNT; i++)
        sink = (fix16_t)f(inputs[i], &r) ^ r;
}

static void run_status_binary(void *fn)
{
    size_t i, j;
    status_binary f = *(const status_binary *)fn;
    fix16_t r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++)
            sink = (fix16_t)f(inputs[i], inputs[j], &r) ^ r;
}

static void run_status_ternary(void *fn)
{
    size_t i, j, k;
    status_ternary f = *(const status_ternary *)fn;
    fix16_t r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++)
            for (k = 0; k < INPUT_COUNT; k++)
                sink = (fix16_t)f(inputs[i], inputs[j], inputs[k], &r) ^ r;
}

/* 64-bit arguments: every pair of inputs as the high and low halves. */
static uint64_t wide_input(size_t i, size_t j)
{
    return (uint64_t)(uint32_t)inputs[i] << 32 | (uint32_t)inputs[j];
}

static void run_status_q32(void *fn)
{
    size_t i, j;
    status_q32 f = *(const status_q32 *)fn;
    fix16_t r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++) {
            uint64_t x = wide_input(i, j);
            /* Two's complement by hand: converting a uint64_t above
             * INT64_MAX to int64_t is implementation-defined. */
            int64_t q = x >> 63 ? -(int64_t)(~x) - 1 : (int64_t)x;
            sink = (fix16_t)f(q, &r) ^ r;
        }
}

static void run_root32(void *fn)
{
    size_t i;
    root32 f = *(const root32 *)fn;
    for (i = 0; i < INPUT_COUNT; i++)
        sink = (fix16_t)f((uint32_t)inputs[i]);
}

static void run_root64(void *fn)
{
    size_t i, j;
    root64 f = *(const root64 *)fn;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++)
            wide_sink = (int64_t)(f(wide_input(i, j)) & 0xFFFFFFFFu);
}

/* Vectors: (inputs[i], inputs[j], inputs[(i + j) % INPUT_COUNT]) for
 * every i, j; a second vector, or a scalar, from every input. */
static af_vec3_q16 vector_input(size_t i, size_t j)
{
    af_vec3_q16 v;
    v.x = inputs[i];
    v.y = inputs[j];
    v.z = inputs[(i + j) % INPUT_COUNT];
    return v;
}

static void run_vec_binary(void *fn)
{
    size_t i, j, k;
    vec_binary f = *(const vec_binary *)fn;
    af_vec3_q16 r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++)
            for (k = 0; k < INPUT_COUNT; k++) {
                af_vec3_q16 a = vector_input(i, j), b = vector_input(k, i);
                sink = (fix16_t)f(&a, &b, &r) ^ r.x;
            }
}

static void run_vec_scalar(void *fn)
{
    size_t i, j, k;
    vec_scalar f = *(const vec_scalar *)fn;
    af_vec3_q16 r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++)
            for (k = 0; k < INPUT_COUNT; k++) {
                af_vec3_q16 v = vector_input(i, j);
                sink = (fix16_t)f(&v, inputs[k], &r) ^ r.x;
            }
}

static void run_vec_unary(void *fn)
{
    size_t i, j;
    vec_unary f = *(const vec_unary *)fn;
    af_vec3_q16 r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++) {
            af_vec3_q16 v = vector_input(i, j);
            sink = (fix16_t)f(&v, &r) ^ r.x;
        }
}

static void run_vec_dot(void *fn)
{
    size_t i, j, k;
    vec_dot f = *(const vec_dot *)fn;
    int64_t r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++)
            for (k = 0; k < INPUT_COUNT; k++) {
                af_vec3_q16 a = vector_input(i, j), b = vector_input(k, i);
                wide_sink = (int64_t)f(&a, &b, &r) ^ r;
            }
}

static void run_vec_len2(void *fn)
{
    size_t i, j;
    vec_len2 f = *(const vec_len2 *)fn;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++) {
            af_vec3_q16 v = vector_input(i, j);
            wide_sink = (int64_t)(f(&v) & 0xFFFFFFFFu);
        }
}

static void run_vec_len(void *fn)
{
    size_t i, j;
    vec_len f = *(const vec_len *)fn;
    fix16_t r;
    for (i = 0; i < INPUT_COUNT; i++)
        for (j = 0; j < INPUT_COUNT; j++) {
            af_vec3_q16 v = vector_input(i, j);
            sink = (fix16_t)f(&v, &r) ^ r;
        }
}

typedef const char *(*status_namer)(af_status);

static void run_namer(void *fn)
{
    static const af_status statuses[] = { AF_OK, AF_ERR_BAD_ARGUMENT, AF_ERR_NO_CONVERGENCE,
                                          (af_status)-99 };
    size_t i;
    status_namer f = *(const status_namer *)fn;
    for (i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
        sink = (fix16_t)(uintptr_t)f(statuses[i]);
}

/* Functions that use no stack, of each shape: what a runner measures
 * with one of them is the runner's own share, taken off every figure. */
static fix16_t no_stack_unary(fix16_t x)
{
    return x;
}
static fix16_t no_stack_binary(fix16_t x, fix16_t y)
{
    return x ^ y;
}
static const char *no_stack_namer(af_status status)
{
    return status == AF_OK ? "ok" : "";
}
static af_status no_stack_status_unary(fix16_t x, fix16_t *out)
{
    *out = x;
    return AF_OK;
}
static af_status no_stack_status_binary(fix16_t x, fix16_t y, fix16_t *out)
{
    *out = x ^ y;
    return AF_OK;
}
static af_status no_stack_status_ternary(fix16_t x, fix16_t y, fix16_t z, fix16_t *out)
{
    *out = x ^ y ^ z;
    return AF_OK;
}
static af_status no_stack_status_q32(int64_t x, fix16_t *out)
{
    *out = (fix16_t)(x & 0xFFFF);
    return AF_OK;
}
static uint32_t no_stack_root32(uint32_t x)
{
    return x;
}
static uint64_t no_stack_root64(uint64_t x)
{
    return x;
}
static af_status no_stack_vec_binary(const af_vec3_q16 *a, const af_vec3_q16 *b, af_vec3_q16 *out)
{
    out->x = a->x ^ b->x;
    return AF_OK;
}
static af_status no_stack_vec_scalar(const af_vec3_q16 *v, fix16_t s, af_vec3_q16 *out)
{
    out->x = v->x ^ s;
    return AF_OK;
}
static af_status no_stack_vec_unary(const af_vec3_q16 *v, af_vec3_q16 *out)
{
    out->x = v->x;
    return AF_OK;
}
static af_status no_stack_vec_dot(const af_vec3_q16 *a, const af_vec3_q16 *b, int64_t *out)
{
    *out = a->x ^ b->x;
    return AF_OK;
}
static uint64_t no_stack_vec_len2(const af_vec3_q16 *v)
{
    return (uint32_t)v->x;
}
static af_status no_stack_vec_len(const af_vec3_q16 *v, fix16_t *out)
{
    *out = v->x;
    return AF_OK;
}

/* The pointers the runners get (a function pointer cannot pass through a
 * void * directly in ISO C). */
static const unary fix16_sqrt_fn = fix16_sqrt, fix16_exp_fn = fix16_exp,
                   fix16_log_fn = fix16_log, fix16_sin_fn = fix16_sin, fix16_atan_fn = fix16_atan,
                   af_sin_q16_fn = af_sin_q16, af_cos_q16_fn = af_cos_q16,
                   no_stack_unary_fn = no_stack_unary;
static const binary fix16_mul_fn = fix16_mul, fix16_div_fn = fix16_div,
                    fix16_atan2_fn = fix16_atan2, af_atan2_q16_fn = af_atan2_q16,
                    no_stack_binary_fn = no_stack_binary;
static const status_namer af_status_name_fn = af_status_name, no_stack_namer_fn = no_stack_namer;
static const status_unary af_sqrt_q16_fn = af_sqrt_q16, af_log2_q16_fn = af_log2_q16,
                          af_log_q16_fn = af_log_q16, af_exp2_q16_fn = af_exp2_q16,
                          af_exp_q16_fn = af_exp_q16, no_stack_status_unary_fn = no_stack_status_unary;
static const status_binary af_add_q16_fn = af_add_q16, af_sub_q16_fn = af_sub_q16,
                           af_mul_q16_fn = af_mul_q16, af_div_q16_fn = af_div_q16,
                           af_pow_q16_fn = af_pow_q16,
                           no_stack_status_binary_fn = no_stack_status_binary;
static const status_ternary af_muldiv_q16_fn = af_muldiv_q16,
                            no_stack_status_ternary_fn = no_stack_status_ternary;
static const status_q32 af_round_q32_q16_fn = af_round_q32_q16,
                        no_stack_status_q32_fn = no_stack_status_q32;
static const root32 af_sqrt_u32_fn = af_sqrt_u32, no_stack_root32_fn = no_stack_root32;
static const root64 af_sqrt_u64_fn = af_sqrt_u64, no_stack_root64_fn = no_stack_root64;
static const vec_binary af_vec3_add_q16_fn = af_vec3_add_q16, af_vec3_sub_q16_fn = af_vec3_sub_q16,
                        no_stack_vec_binary_fn = no_stack_vec_binary;
static const vec_scalar af_vec3_scale_q16_fn = af_vec3_scale_q16,
                        af_vec3_resize_q16_fn = af_vec3_resize_q16,
                        no_stack_vec_scalar_fn = no_stack_vec_scalar;
static const vec_unary af_vec3_normalize_q16_fn = af_vec3_normalize_q16,
                       no_stack_vec_unary_fn = no_stack_vec_unary;
static const vec_dot af_vec3_dot_q16_fn = af_vec3_dot_q16, no_stack_vec_dot_fn = no_stack_vec_dot;
static const vec_len2 af_vec3_len2_q16_fn = af_vec3_len2_q16,
                      no_stack_vec_len2_fn = no_stack_vec_len2;
static const vec_len af_vec3_len_q16_fn = af_vec3_len_q16, no_stack_vec_len_fn = no_stack_vec_len;

/* A row: the function, its runner and the runner's no-stack twin. */
#define ROW(name, shape) { #name, run_##shape, &name##_fn, &no_stack_##shape##_fn }

static const struct {
    const char *name;
    void (*run)(void *);
    const void *function;
    const void *no_stack_twin;
} functions[] = {
    ROW(af_status_name, namer),
    /* The Q16 math core. */
    ROW(af_add_q16, status_binary),
    ROW(af_sub_q16, status_binary),
    ROW(af_mul_q16, status_binary),
    ROW(af_div_q16, status_binary),
    ROW(af_muldiv_q16, status_ternary),
    ROW(af_round_q32_q16, status_q32),
    ROW(af_sqrt_u32, root32),
    ROW(af_sqrt_u64, root64),
    ROW(af_sqrt_q16, status_unary),
    ROW(af_atan2_q16, binary),
    ROW(af_sin_q16, unary),
    ROW(af_cos_q16, unary),
    ROW(af_log2_q16, status_unary),
    ROW(af_log_q16, status_unary),
    ROW(af_exp2_q16, status_unary),
    ROW(af_exp_q16, status_unary),
    ROW(af_pow_q16, status_binary),
    ROW(af_vec3_add_q16, vec_binary),
    ROW(af_vec3_sub_q16, vec_binary),
    ROW(af_vec3_scale_q16, vec_scalar),
    ROW(af_vec3_dot_q16, vec_dot),
    ROW(af_vec3_len2_q16, vec_len2),
    ROW(af_vec3_len_q16, vec_len),
    ROW(af_vec3_resize_q16, vec_scalar),
    ROW(af_vec3_normalize_q16, vec_unary),
    /* libfixmath, for comparison. */
    ROW(fix16_mul, binary),
    ROW(fix16_div, binary),
    ROW(fix16_sqrt, unary),
    ROW(fix16_exp, unary),
    ROW(fix16_log, unary),
    ROW(fix16_sin, unary),
    ROW(fix16_atan, unary),
    ROW(fix16_atan2, binary),
};

/* A frame of known size: KNOWN_FRAME bytes, every one written. */
#define KNOWN_FRAME 1000u
static void fill_known_frame(void *unused)
{
    volatile uint8_t frame[KNOWN_FRAME];
    size_t i;
    (void)unused;
    for (i = 0; i < sizeof frame; i++)
        frame[i] = (uint8_t)i;
}

static void do_nothing(void *unused)
{
    (void)unused;
}

/* The meter must see a known frame at its size. Above it: the runner's
 * saved registers and alignment, at most 8 registers of 4 bytes and 8
 * bytes of padding, so 40 bytes of slack. */
static void meter_measures_a_known_frame(void)
{
    size_t used = stack_meter_measure(fill_known_frame, NULL);
    size_t idle = stack_meter_measure(do_nothing, NULL);
    TH_CHECK(used >= KNOWN_FRAME && used <= KNOWN_FRAME + 40, "a %u-byte frame measured %lu bytes",
             KNOWN_FRAME, (unsigned long)used);
    /* An empty function pushes nothing, or at most a return address and a
     * padding register. */
    TH_CHECK(idle <= 8, "an empty function measured %lu bytes", (unsigned long)idle);
}

/* The lines "stack NAME BYTES" are what make size reads. */
static void q16_functions_stay_within_budget(void)
{
    size_t i;
    for (i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        size_t gross = stack_meter_measure(functions[i].run, (void *)(uintptr_t)functions[i].function);
        size_t runner =
            stack_meter_measure(functions[i].run, (void *)(uintptr_t)functions[i].no_stack_twin);
        size_t used = gross - runner;
        TH_CHECK(gross >= runner, "%s: %lu bytes, less than its runner's %lu", functions[i].name,
                 (unsigned long)gross, (unsigned long)runner);
        th_note("stack %s %lu", functions[i].name, (unsigned long)used);
        TH_CHECK(used <= Q16_STACK_BUDGET, "%s needs %lu bytes of stack, over the %u budget",
                 functions[i].name, (unsigned long)used, Q16_STACK_BUDGET);
    }
}

static const th_case cases[] = {
    TH_CASE(meter_measures_a_known_frame),
    TH_CASE(q16_functions_stay_within_budget),
};

TH_MAIN("stack_use", cases)
