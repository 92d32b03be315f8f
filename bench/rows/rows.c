/* SPDX-License-Identifier: MIT */
/* The registry of benchmark rows (bench/rows/rows.h). */
#include <string.h>

#include "rows.h"

#define BENCH_ROW_POINTER(name) &bench_row_##name,
const bench_row *const bench_rows[] = { BENCH_ROWS(BENCH_ROW_POINTER) };
const unsigned bench_row_count = sizeof bench_rows / sizeof bench_rows[0];

const bench_row *const bench_floor_rows[] = { BENCH_FLOOR_ROWS(BENCH_ROW_POINTER) };
const unsigned bench_floor_row_count = sizeof bench_floor_rows / sizeof bench_floor_rows[0];

const bench_row *bench_find_row(const char *name)
{
    unsigned i;
    for (i = 0; i < bench_row_count; i++)
        if (strcmp(bench_rows[i]->name, name) == 0)
            return bench_rows[i];
    return NULL;
}
