/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere: every Q16 solver (each row of tests/support/q16_solvers.c)
 * and the Q16 math core, run on a fixed set of inputs drawn with integer
 * arithmetic, hashed into one 64-bit number that must equal the one
 * recorded here. make test runs this suite on the host (gcc -O2, and -O1
 * under the sanitizers) and on every board (arm-none-eabi-gcc -O2, M0, M3,
 * M4, M7); tests/host/check-q16-determinism.sh builds it with gcc and
 * clang at -O0, -O2 and -Os. The inputs do not shrink on slow targets (no
 * th_count): every build hashes exactly the same solves.
 *
 * The hash covers each solve's status and every number of its answer,
 * unused (zero) shots included. After an intended change of results (a
 * solver's new rounding, a new row), run the suite on the host once the
 * other suites pass and record the hash it prints; each row's own hash is
 * printed too, to tell which solver moved.
 */
#include <stddef.h>

#include "q16_determinism.h"
#include "q16_shots_rows.h"

/* Solves per solver: 7 rows make 10 752, above the 10 000 asked for. */
#define SOLVES_PER_ROW 1536
/* The math core: 512 rounds of 24 calls (q16_hash_core_round). */
#define CORE_ROUNDS 512
#define RECORDED_HASH UINT64_C(0x68bb23f3d59cf02f)

/* Rows the table may hold (the row hashes are kept in an array). */
#define MAX_ROWS 32
/* Solves per row of the fixed launchers and closest misses (each scans
 * hundreds of flight times: as many solves as the others would take
 * minutes on a board). */
#define SHOTS_SOLVES_PER_ROW 32

/* The table's rows, then the shots group's: row r and its solves. */
#define ROW_COUNT (qs_solver_count + qs_shots_group.count)
static const qs_solver *row_at(int r)
{
    return r < qs_solver_count ? qs_row(r) : &qs_shots_group.rows[r - qs_solver_count];
}

static long solves_of(int r)
{
    return r < qs_solver_count ? SOLVES_PER_ROW : SHOTS_SOLVES_PER_ROW;
}

static void same_hash_as_the_recorded_build(void)
{
    uint64_t rows[MAX_ROWS], core, total;
    char hex[19], want[19];
    int r;
    if (!TH_CHECK(ROW_COUNT <= MAX_ROWS, "%d rows, MAX_ROWS is %d", ROW_COUNT, MAX_ROWS))
        return;
    for (r = 0; r < ROW_COUNT; r++) {
        long st[QD_STATUS_KINDS] = { 0 };
        rows[r] = qd_row_hash(row_at(r), solves_of(r), NULL, st, NULL);
        th_note("%-15s %ld solves: %ld ok, %ld bad_argument, %ld no_solution, %ld out_of_range, "
                "%ld overflow, %ld no_convergence; hash %s",
                row_at(r)->name, solves_of(r), st[0], st[1], st[2], st[3], st[4], st[5],
                q16_hash_hex(rows[r], hex));
        /* The inputs are meant to exercise the solvers, not their
         * refusals: at least half of the solves must find an answer (a
         * quarter for the fixed launchers, whose random targets are often
         * off their plane; the closest misses answer beside a no-solution
         * status). */
        if (r < qs_solver_count)
            TH_CHECK(2 * st[0] >= SOLVES_PER_ROW, "%s: only %ld of %d solves are ok",
                     row_at(r)->name, st[0], SOLVES_PER_ROW);
        else
            TH_CHECK(4 * (st[0] + st[2]) >= SHOTS_SOLVES_PER_ROW,
                     "%s: only %ld of %d solves are ok or no_solution", row_at(r)->name,
                     st[0] + st[2], SHOTS_SOLVES_PER_ROW);
    }
    core = qd_core_hash(CORE_ROUNDS);
    th_note("%-15s %d calls; hash %s", "core", CORE_ROUNDS * 24, q16_hash_hex(core, hex));
    total = qd_total_hash(rows, ROW_COUNT, core);
    th_note("hash of %ld solves and %d core calls: %s",
            (long)qs_solver_count * SOLVES_PER_ROW + (long)qs_shots_group.count * SHOTS_SOLVES_PER_ROW,
            CORE_ROUNDS * 24, q16_hash_hex(total, hex));
    TH_CHECK(total == RECORDED_HASH, "hash %s, recorded %s", hex,
             q16_hash_hex(RECORDED_HASH, want));
}

/* The check above can fail: one result bit flipped, in any row, gives a
 * different total (so a single differing bit on some compiler or core
 * would be reported). Each row gets its flip in a different solve, number
 * and bit. */
static void one_flipped_bit_changes_the_hash(void)
{
    uint64_t rows[MAX_ROWS], core = qd_core_hash(CORE_ROUNDS), total;
    int r;
    if (!TH_CHECK(ROW_COUNT <= MAX_ROWS, "%d rows, MAX_ROWS is %d", ROW_COUNT, MAX_ROWS))
        return;
    for (r = 0; r < ROW_COUNT; r++)
        rows[r] = qd_row_hash(row_at(r), solves_of(r), NULL, NULL, NULL);
    total = qd_total_hash(rows, ROW_COUNT, core);
    for (r = 0; r < ROW_COUNT; r++) {
        uint64_t kept = rows[r];
        qd_flip f;
        f.solve = (397L * r + 11) % solves_of(r);
        f.value = r % 4; /* every answer has at least four numbers */
        f.bit = (5 * r + 3) % 32;
        rows[r] = qd_row_hash(row_at(r), solves_of(r), &f, NULL, NULL);
        TH_CHECK(rows[r] != kept && qd_total_hash(rows, ROW_COUNT, core) != total,
                 "%s: bit %d of number %d of solve %ld flipped, same hash", row_at(r)->name,
                 f.bit, f.value, f.solve);
        rows[r] = kept;
    }
}

static const th_case cases[] = {
    TH_CASE(same_hash_as_the_recorded_build),
    TH_CASE(one_flipped_bit_changes_the_hash),
};

TH_MAIN("q16_determinism", cases)
