/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_vectors_check.h — the checks of the vector suites
 * (tests/cross/suite_vectors_q16.c for the vacuum solvers,
 * tests/cross/suite_drag_vectors_q16.c for the drag functions): one group of
 * rows (q16_solvers.h) against the host's answers to its fixed inputs
 * (tests/vectors/q16_vectors.h, written on the host by
 * tests/gen/gen_q16_vectors.c). On a board:
 *   - the Q16 answers must be the host's bit for bit (status, every number,
 *     the unused zero shots included);
 *   - the f64 answers, computed there with the board's soft-float double
 *     and newlib's libm, must have the host's status (x86-64 SSE2, glibc)
 *     and numbers within the row's stated tolerance (q16_solvers.c and
 *     q16_drag_rows.c give the reasons).
 * On the host they check the committed tables against the library they
 * describe (tests/host/check-vectors-current.sh also checks that they are
 * exactly what the generator writes now).
 */
#ifndef AIMFIX_TESTS_Q16_VECTORS_CHECK_H
#define AIMFIX_TESTS_Q16_VECTORS_CHECK_H

#include "harness.h"
#include "q16_solvers.h"

/* A group's rows and the host's vectors of them. */
typedef struct qsv_tables {
    const qs_group *group;
    const qs_vectors *sets;
    int set_count;
} qsv_tables;

/* Every row has its vectors, with its number of inputs, and every set
 * belongs to a row: a row added without `make vectors` fails here. */
void qsv_every_solver_has_its_vectors(const qsv_tables *t);

/* The Q16 answers, bit for bit. */
void qsv_q16_same_bits_as_the_host(const qsv_tables *t);

/* The f64 answers: the statuses, the numbers within each row's tolerance. */
void qsv_f64_agrees_with_the_host(const qsv_tables *t);

/* A vectors suite named `name` over `group`'s part of q16_vector_sets[]
 * (included before): the three checks above as its cases, and its main. */
#define QSV_SUITE(name, group)                                                  \
    static const qsv_tables tables = {                                         \
        &(group), q16_vector_sets,                                             \
        (int)(sizeof q16_vector_sets / sizeof q16_vector_sets[0])              \
    };                                                                         \
    static void every_solver_has_its_vectors(void)                             \
    {                                                                          \
        qsv_every_solver_has_its_vectors(&tables);                             \
    }                                                                          \
    static void q16_same_bits_as_the_host(void)                                \
    {                                                                          \
        qsv_q16_same_bits_as_the_host(&tables);                                \
    }                                                                          \
    static void f64_agrees_with_the_host(void)                                 \
    {                                                                          \
        qsv_f64_agrees_with_the_host(&tables);                                 \
    }                                                                          \
    static const th_case cases[] = {                                           \
        TH_CASE(every_solver_has_its_vectors),                                 \
        TH_CASE(q16_same_bits_as_the_host),                                    \
        TH_CASE(f64_agrees_with_the_host),                                     \
    };                                                                         \
    TH_MAIN(name, cases)

#endif /* AIMFIX_TESTS_Q16_VECTORS_CHECK_H */
