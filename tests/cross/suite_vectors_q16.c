/* SPDX-License-Identifier: MIT */
/*
 * The host's answers to the vacuum solvers' fixed inputs, checked where
 * this suite runs (tests/support/q16_vectors_check.h says how; the drag functions'
 * are checked by suite_drag_vectors_q16.c).
 */
#include "harness.h"
#include "q16_vectors_check.h"
#include "vectors/q16_vectors.h"

QSV_SUITE("q16_vectors", qs_vacuum_group)
