/* SPDX-License-Identifier: MIT */
/*
 * The host's answers to the quadratic drag functions' fixed inputs,
 * checked where this suite runs (tests/support/q16_vectors_check.h says
 * how; the vacuum solvers' are checked by suite_vectors_q16.c, the linear
 * drag functions' by suite_drag_vectors_q16.c).
 */
#include "harness.h"
#include "q16_vectors_check.h"

/* The quadratic drag group's part of the tables. */
#define QS_VECTORS_QDRAG
#include "vectors/q16_vectors.h"

static const qsv_tables tables = { &qs_qdrag_group, q16_vector_sets,
                                   (int)(sizeof q16_vector_sets / sizeof q16_vector_sets[0]) };

static void every_solver_has_its_vectors(void)
{
    qsv_every_solver_has_its_vectors(&tables);
}

static void q16_same_bits_as_the_host(void)
{
    qsv_q16_same_bits_as_the_host(&tables);
}

static void f64_agrees_with_the_host(void)
{
    qsv_f64_agrees_with_the_host(&tables);
}

static const th_case cases[] = {
    TH_CASE(every_solver_has_its_vectors),
    TH_CASE(q16_same_bits_as_the_host),
    TH_CASE(f64_agrees_with_the_host),
};

TH_MAIN("q16_qdrag_vectors", cases)
