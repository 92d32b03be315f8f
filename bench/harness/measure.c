/* SPDX-License-Identifier: MIT */
/*
 * The figures of one variant over its row's inputs (bench/harness/bench.h):
 * instructions per call, and errors against the double variant.
 */
#include <math.h>
#include <string.h>

#include "bench.h"

const char *const bench_kind_names[BENCH_KINDS] = { "q16", "float", "double", "fix16" };

/* Sort n counts ascending; n <= BENCH_MAX_INPUTS, so insertion sort's
 * n^2 / 4 steps cost nothing next to the calls measured. */
static void sort_counts(uint32_t *counts, unsigned n)
{
    unsigned i, j;
    for (i = 1; i < n; i++) {
        uint32_t c = counts[i];
        for (j = i; j > 0 && counts[j - 1] > c; j--)
            counts[j] = counts[j - 1];
        counts[j] = c;
    }
}

/* The largest |got - want| over the row's outputs, in units of its LSB. */
static double error_of(const bench_row *row, const bench_output *got, const bench_output *want)
{
    double worst = 0.0;
    unsigned k;
    for (k = 0; k < row->outputs; k++) {
        double e = fabs(got->value[k] - want->value[k]) / row->lsb;
        if (e > worst)
            worst = e;
    }
    return worst;
}

int bench_measure(const bench_row *row, bench_kind kind, bench_stats *stats)
{
    uint32_t counts[BENCH_MAX_INPUTS];
    const bench_variant *variant = &row->variant[kind];
    const bench_variant *reference = &row->variant[BENCH_DOUBLE];
    double error_sum = 0.0;
    unsigned i, n = row->count < BENCH_MAX_INPUTS ? row->count : BENCH_MAX_INPUTS;

    memset(stats, 0, sizeof *stats);
    if (variant->call == NULL || n == 0)
        return -1;
    for (i = 0; i < n; i++) {
        bench_input in;
        bench_output got, want;
        memset(&in, 0, sizeof in);
        memset(&got, 0, sizeof got);
        memset(&want, 0, sizeof want);
        row->input(row, i, &in);
        counts[i] = variant->call(row, variant, &in, &got);
        /* The reference is not compared with itself. */
        if (kind == BENCH_DOUBLE || reference->call == NULL)
            continue;
        (void)reference->call(row, reference, &in, &want);
        if (!want.ok)
            continue;
        if (!got.ok) {
            stats->failures++;
        } else {
            double e = error_of(row, &got, &want);
            if (stats->compared == 0 || e > stats->max_error) {
                stats->max_error = e;
                stats->worst_input = i;
            }
            error_sum += e;
            stats->compared++;
        }
    }
    sort_counts(counts, n);
    stats->calls = n;
    stats->min = counts[0];
    stats->median = counts[(n - 1) / 2];
    stats->max = counts[n - 1];
    if (stats->compared > 0)
        stats->mean_error = error_sum / stats->compared;
    return 0;
}
