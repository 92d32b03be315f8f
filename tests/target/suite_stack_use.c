/*
 * The most stack each Q16 function needs, measured on the board by
 * painting (port/cortex-m/stack_meter.h): the figures `make size` prints.
 * Built for the boards only (tests/target/).
 *
 * To add a function: add a row to `functions` below, with a runner for its
 * shape that calls it on inputs reaching its deepest path (the extremes of
 * the domain, the failure cases) and a twin of that shape that uses no
 * stack. The figure covers everything the call runs, helpers and libgcc
 * included; the runner's own share (measured with the twin) is taken off.
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

typedef const char *(*status_namer)(af_status);

static void run_status_namer(void *fn)
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

/* The pointers the runners get (a function pointer cannot pass through a
 * void * directly in ISO C). */
static const unary fix16_sqrt_fn = fix16_sqrt, fix16_exp_fn = fix16_exp,
                   fix16_log_fn = fix16_log, fix16_sin_fn = fix16_sin, fix16_atan_fn = fix16_atan,
                   no_stack_unary_fn = no_stack_unary;
static const binary fix16_mul_fn = fix16_mul, fix16_div_fn = fix16_div,
                    fix16_atan2_fn = fix16_atan2, no_stack_binary_fn = no_stack_binary;
static const status_namer af_status_name_fn = af_status_name, no_stack_namer_fn = no_stack_namer;

static const struct {
    const char *name;
    void (*run)(void *);
    const void *function;
    const void *no_stack_twin;
} functions[] = {
    { "af_status_name", run_status_namer, &af_status_name_fn, &no_stack_namer_fn },
    { "fix16_mul", run_binary, &fix16_mul_fn, &no_stack_binary_fn },
    { "fix16_div", run_binary, &fix16_div_fn, &no_stack_binary_fn },
    { "fix16_sqrt", run_unary, &fix16_sqrt_fn, &no_stack_unary_fn },
    { "fix16_exp", run_unary, &fix16_exp_fn, &no_stack_unary_fn },
    { "fix16_log", run_unary, &fix16_log_fn, &no_stack_unary_fn },
    { "fix16_sin", run_unary, &fix16_sin_fn, &no_stack_unary_fn },
    { "fix16_atan", run_unary, &fix16_atan_fn, &no_stack_unary_fn },
    { "fix16_atan2", run_binary, &fix16_atan2_fn, &no_stack_binary_fn },
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
