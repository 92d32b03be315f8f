/* SPDX-License-Identifier: MIT */
/*
 * make bench on the host: the rows of bench/rows/rows.h run in a loop for
 * callgrind, which counts the instructions (bench/harness/host-solves.sh).
 *
 *   bench_host list                 "ROW KIND SYMBOL" for every q16 and
 *                                   double variant
 *   bench_host loop ROW KIND CALLS  call the variant CALLS times, cycling
 *                                   through the row's inputs
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* The kinds measured on the host: the library's two number formats. */
static const bench_kind host_kinds[] = { BENCH_Q16, BENCH_DOUBLE };
#define HOST_KINDS (sizeof host_kinds / sizeof host_kinds[0])

static int list(void)
{
    unsigned r, k;
    for (r = 0; r < bench_row_count; r++)
        for (k = 0; k < HOST_KINDS; k++) {
            const bench_variant *v = &bench_rows[r]->variant[host_kinds[k]];
            if (v->call != NULL)
                printf("%s %s %s\n", bench_rows[r]->name, bench_kind_names[host_kinds[k]],
                       v->symbol);
        }
    return 0;
}

static int loop(const char *name, const char *kind_name, long calls)
{
    const bench_row *row = bench_find_row(name);
    const bench_variant *v = NULL;
    long i;
    int k;
    for (k = 0; row != NULL && k < BENCH_KINDS; k++)
        if (strcmp(bench_kind_names[k], kind_name) == 0)
            v = &row->variant[k];
    if (v == NULL || v->call == NULL) {
        fprintf(stderr, "bench_host: no variant %s of row %s\n", kind_name, name);
        return 2;
    }
    for (i = 0; i < calls; i++) {
        bench_input in;
        bench_output out;
        memset(&in, 0, sizeof in);
        row->input(row, (unsigned)(i % (long)row->count), &in);
        (void)v->call(row, v, &in, &out);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "list") == 0)
        return list();
    if (argc == 5 && strcmp(argv[1], "loop") == 0)
        return loop(argv[2], argv[3], strtol(argv[4], NULL, 10));
    fprintf(stderr, "usage: bench_host list | loop ROW KIND CALLS\n");
    return 2;
}
