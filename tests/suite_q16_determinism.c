/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere: every Q16 solver (each row of tests/q16_solvers.c)
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

#include "q16_hash.h"
#include "q16_solvers.h"

/* Solves per solver: 7 rows make 10 752, above the 10 000 asked for. */
#define SOLVES_PER_ROW 1536
/* The math core: 512 rounds of 24 calls (q16_hash_core_round). */
#define CORE_ROUNDS 512
#define RECORDED_HASH UINT64_C(0xc4ff778523aae797)

/* Rows the table may hold (the row hashes are kept in an array). */
#define MAX_ROWS 32

/* A bit to flip in one number of one answer before it is hashed: what a
 * compiler or core that differs in a single result bit would produce. */
typedef struct flip {
    long solve;
    int value;
    int bit;
} flip;

/* Statuses are 0 to -5. */
#define STATUS_KINDS 6

/* The hash of one row's answers; tallies its statuses when `statuses` is
 * given. */
static uint64_t row_hash(const qs_solver *s, const flip *f, long statuses[STATUS_KINDS])
{
    th_rng rng = th_rng_for(s->name);
    q16_hash h;
    long i;
    q16_hash_init(&h);
    for (i = 0; i < SOLVES_PER_ROW; i++) {
        qs_in in;
        qs_out_q16 out;
        int k;
        s->make(&rng, i, &in);
        s->run_q16(&in, &out);
        q16_hash_u32(&h, (uint32_t)(int32_t)out.status);
        q16_hash_u32(&h, (uint32_t)out.n);
        for (k = 0; k < out.n; k++) {
            uint32_t v = (uint32_t)out.v[k];
            if (f && f->solve == i && f->value == k)
                v ^= UINT32_C(1) << f->bit;
            q16_hash_u32(&h, v);
        }
        if (statuses && -(int)out.status >= 0 && -(int)out.status < STATUS_KINDS)
            statuses[-(int)out.status]++;
    }
    return h.state;
}

static uint64_t core_hash(void)
{
    th_rng rng = th_rng_for("determinism.core");
    q16_hash h;
    long i;
    q16_hash_init(&h);
    for (i = 0; i < CORE_ROUNDS; i++)
        q16_hash_core_round(&h, &rng);
    return h.state;
}

/* The one number: the row hashes in table order, then the core's. */
static uint64_t total_hash(const uint64_t *rows, int count, uint64_t core)
{
    q16_hash h;
    int r;
    q16_hash_init(&h);
    for (r = 0; r < count; r++)
        q16_hash_u64(&h, rows[r]);
    q16_hash_u64(&h, core);
    return h.state;
}

static void same_hash_as_the_recorded_build(void)
{
    uint64_t rows[MAX_ROWS], core, total;
    char hex[19], want[19];
    int r;
    if (!TH_CHECK(qs_solver_count <= MAX_ROWS, "%d rows, MAX_ROWS is %d", qs_solver_count,
                  MAX_ROWS))
        return;
    for (r = 0; r < qs_solver_count; r++) {
        long st[STATUS_KINDS] = { 0 };
        rows[r] = row_hash(qs_row(r), NULL, st);
        th_note("%-10s %d solves: %ld ok, %ld bad_argument, %ld no_solution, %ld out_of_range, "
                "%ld overflow, %ld no_convergence; hash %s",
                qs_row(r)->name, SOLVES_PER_ROW, st[0], st[1], st[2], st[3], st[4], st[5],
                q16_hash_hex(rows[r], hex));
        /* The inputs are meant to exercise the solvers, not their
         * refusals: at least half of the solves must find an answer. */
        TH_CHECK(2 * st[0] >= SOLVES_PER_ROW, "%s: only %ld of %d solves are ok",
                 qs_row(r)->name, st[0], SOLVES_PER_ROW);
    }
    core = core_hash();
    th_note("%-10s %d calls; hash %s", "core", CORE_ROUNDS * 24, q16_hash_hex(core, hex));
    total = total_hash(rows, qs_solver_count, core);
    th_note("hash of %ld solves and %d core calls: %s", (long)qs_solver_count * SOLVES_PER_ROW,
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
    uint64_t rows[MAX_ROWS], core = core_hash(), total;
    int r;
    if (!TH_CHECK(qs_solver_count <= MAX_ROWS, "%d rows, MAX_ROWS is %d", qs_solver_count,
                  MAX_ROWS))
        return;
    for (r = 0; r < qs_solver_count; r++)
        rows[r] = row_hash(qs_row(r), NULL, NULL);
    total = total_hash(rows, qs_solver_count, core);
    for (r = 0; r < qs_solver_count; r++) {
        uint64_t kept = rows[r];
        flip f;
        f.solve = (397L * r + 11) % SOLVES_PER_ROW;
        f.value = r % 4; /* every answer has at least four numbers */
        f.bit = (5 * r + 3) % 32;
        rows[r] = row_hash(qs_row(r), &f, NULL);
        TH_CHECK(rows[r] != kept && total_hash(rows, qs_solver_count, core) != total,
                 "%s: bit %d of number %d of solve %ld flipped, same hash", qs_row(r)->name,
                 f.bit, f.value, f.solve);
        rows[r] = kept;
    }
}

static const th_case cases[] = {
    TH_CASE(same_hash_as_the_recorded_build),
    TH_CASE(one_flipped_bit_changes_the_hash),
};

TH_MAIN("q16_determinism", cases)
