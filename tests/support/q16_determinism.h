/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_determinism.h — the hashes the determinism suites compare:
 * one per solver row (its answers to a fixed sequence of inputs) and one
 * for the math core, combined into a total.
 */
#ifndef AIMFIX_TESTS_Q16_DETERMINISM_H
#define AIMFIX_TESTS_Q16_DETERMINISM_H

#include <stddef.h>
#include <stdint.h>

#include "q16_hash.h"
#include "q16_solvers.h"

/* A bit to flip in one number of one answer before it is hashed: what a
 * compiler or core that differs in a single result bit would produce. */
typedef struct qd_flip {
    long solve;
    int value;
    int bit;
} qd_flip;

/* Statuses are 0 to -5. */
#define QD_STATUS_KINDS 6

/* The cost of a row's solves in the port's counter unit (port/port.h). */
typedef struct qd_cost {
    uint32_t total, worst;
} qd_cost;

/* The hash of a row's answers to its first `solves` inputs (the same
 * inputs on every target); flips f's bit when given; tallies the statuses
 * when `statuses` is given; adds up each solve's cost when `cost` is. */
uint64_t qd_row_hash(const qs_solver *s, long solves, const qd_flip *f,
                     long statuses[QD_STATUS_KINDS], qd_cost *cost);

/* The hash of `rounds` rounds of 24 calls into the math core. */
uint64_t qd_core_hash(long rounds);

/* The row hashes in order, then the core's, as one number. */
uint64_t qd_total_hash(const uint64_t *rows, int count, uint64_t core);

/* What a group's prefix run must give: one hash per row of the group, in
 * its order, over each row's first `solves` inputs; the math core's over
 * its first `core_rounds` rounds by `core_hash` (qd_core_hash, or NULL:
 * none, and the math core is not linked); and their total. */
typedef struct qd_prefix {
    const qs_group *group;
    long solves;
    uint64_t (*core_hash)(long rounds);
    long core_rounds;
    const uint64_t *rows;
    int row_count; /* of rows[], which must be the group's */
    uint64_t core;
    uint64_t total;
} qd_prefix;

/* The determinism checks over a prefix, as cases of a suite: the hashes
 * equal the recorded ones (printed, so that a new recording can be read
 * off the host's run), and flipping one bit of one answer in any row
 * changes that row's hash and the total (so the first check can fail). */
void qd_check_prefix(const qd_prefix *p);
void qd_check_prefix_flips(const qd_prefix *p);

/* The cases of a prefix suite over the qd_prefix `p` (the two checks
 * above), and its main, the suite named q16_determinism_<name>. */
#define QD_PREFIX_SUITE(name, p)                                                 \
    static void same_hashes_as_the_recorded_build(void)                        \
    {                                                                          \
        qd_check_prefix(&(p));                                                 \
    }                                                                          \
    static void one_flipped_bit_changes_the_hash(void)                         \
    {                                                                          \
        qd_check_prefix_flips(&(p));                                           \
    }                                                                          \
    static const th_case cases[] = {                                           \
        TH_CASE(same_hashes_as_the_recorded_build),                            \
        TH_CASE(one_flipped_bit_changes_the_hash),                             \
    };                                                                         \
    TH_MAIN("q16_determinism_" #name, cases)

/* The whole of a suite over one vacuum row's first `solves` inputs, for a
 * target that holds one solver per program (the ATmega328P's 32 KiB):
 * the row's hash and the total must be the recorded ones (from the host,
 * which runs the suite too). */
#define QD_ONE_ROW_SUITE(row, solves, row_hash, total_hash)                      \
    static const qs_group one_row = { #row, &qs_row_##row, 1 };               \
    static const uint64_t recorded_rows[] = { UINT64_C(row_hash) };            \
    static const qd_prefix prefix = { &one_row, solves, NULL, 0,               \
                                      recorded_rows, 1, 0,                     \
                                      UINT64_C(total_hash) };                  \
    QD_PREFIX_SUITE(row, prefix)

#endif /* AIMFIX_TESTS_Q16_DETERMINISM_H */
