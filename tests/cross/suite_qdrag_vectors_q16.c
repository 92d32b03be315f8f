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

QSV_SUITE("q16_qdrag_vectors", qs_qdrag_group)
