/* SPDX-License-Identifier: MIT */
/*
 * make bench on a board: every row's every variant over its inputs (the floors
 * after the rows), one line each, for bench/harness/report.sh to turn into
 * tables:
 *
 *   result ROW KIND CALLS MIN MEDIAN MAX COMPARED FAILURES MAX_ERROR MEAN_ERROR | NAME
 *   worst ROW KIND ARGS...     the input of MAX_ERROR, as real numbers
 *
 * Counts are executed instructions per call (port_counter() under QEMU
 * -icount: exact, and not cycles); errors are against the double variant
 * in the row's LSB. Nothing here depends on time or on an earlier run, so
 * a second run prints the same bytes (make bench checks it).
 */
#include <stdarg.h>
#include <stdio.h>

#include "bench.h"

static void say(const char *fmt, ...)
{
    char line[320];
    va_list args;
    int n;
    va_start(args, fmt);
    n = vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof line)
        n = (int)sizeof line - 1;
    port_write(line, (size_t)n);
}

static void say_worst(const bench_row *row, bench_kind kind, unsigned i)
{
    bench_input in = { { 0 } };
    double args[BENCH_ARGS];
    unsigned k;
    row->input(row, i, &in);
    bench_real_args(row, &in, args);
    say("worst %s %s", row->name, bench_kind_names[kind]);
    for (k = 0; k < row->args; k++)
        say(" %.9g", args[k]);
    say("\n");
}

/* Every variant of every row of the list. */
static void measure_rows(const bench_row *const *rows, unsigned count)
{
    unsigned r;
    int kind;
    for (r = 0; r < count; r++) {
        const bench_row *row = rows[r];
        for (kind = 0; kind < BENCH_KINDS; kind++) {
            bench_stats s;
            if (bench_measure(row, (bench_kind)kind, &s) != 0)
                continue;
            say("result %s %s %u %lu %lu %lu %u %u %.6g %.6g | %s\n", row->name,
                bench_kind_names[kind], s.calls, (unsigned long)s.min, (unsigned long)s.median,
                (unsigned long)s.max, s.compared, s.failures, s.max_error, s.mean_error,
                row->variant[kind].name);
            if (s.compared > 0)
                say_worst(row, (bench_kind)kind, s.worst_input);
        }
    }
}

int main(void)
{
    port_init();
    say("# aimfix benchmark: %s per call (executed, counted exactly; not cycles)\n",
        port_counter_unit());
    say("# compiler: gcc %s\n", __VERSION__);
#if defined(__ARM_FP)
    say("# float: hardware single precision (FPU), double: software\n");
#else
    say("# float: software (no FPU), double: software\n");
#endif
    say("# result ROW KIND CALLS MIN MEDIAN MAX COMPARED FAILURES MAX_ERROR MEAN_ERROR | NAME\n");
    say("# worst ROW KIND ARGS... (the input of MAX_ERROR)\n");
    measure_rows(bench_rows, bench_row_count);
    measure_rows(bench_floor_rows, bench_floor_row_count);
    port_exit(0);
}
