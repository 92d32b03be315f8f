/* SPDX-License-Identifier: MIT */
/*
 * The host's answers to the drag functions' fixed inputs, checked where
 * this suite runs (tests/support/q16_vectors_check.h says how; the vacuum
 * solvers' are checked by suite_vectors_q16.c).
 */
#include "harness.h"
#include "q16_vectors_check.h"

/* The drag group's half of the tables. */
#define QS_VECTORS_DRAG
#include "vectors/q16_vectors.h"

QSV_SUITE("q16_drag_vectors", qs_drag_group)
