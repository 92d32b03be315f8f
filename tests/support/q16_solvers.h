/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_solvers.h — every Q16 solver as a row of one table: inputs drawn
 * with integer arithmetic only, and the Q16 and f64 answers flattened into
 * arrays of numbers. Three users read the table:
 *   - tests/cross/suite_determinism_q16.c hashes the Q16 answers of a fixed set of
 *     inputs (the same bits on every compiler and core);
 *   - tests/gen/gen_q16_vectors.c writes both answers of a smaller set into
 *     tests/vectors/q16_vectors.h on the host;
 *   - tests/cross/suite_vectors_q16.c checks the target's answers against them.
 * A solver joins all three with one row: q16_solvers.c holds the vacuum
 * solvers' rows and q16_drag_rows.c the drag functions' (its input names,
 * its input maker and its two runs), sharing q16_rows.h.
 *
 * Inputs are drawn without floating point (the harness's splitmix64 and
 * integer scaling), so that the same inputs come out on every target: an
 * input made with libm's exp would differ between glibc and newlib.
 */
#ifndef AIMFIX_TESTS_Q16_SOLVERS_H
#define AIMFIX_TESTS_Q16_SOLVERS_H

#include <stdint.h>

#include "aimfix.h"
#include "harness.h"

/* Inputs of one solve: raw Q16.16 values (and flags, policy kinds as plain
 * integers), in the order of the row's input names. */
#define QS_MAX_IN 32
typedef struct qs_in {
    int32_t v[QS_MAX_IN];
} qs_in;

/*
 * One answer, flattened: the status and `n` numbers. A solver returning
 * af_shots gives n = 1 + 7 AF_MAX_SHOTS: the count, then every shot's t,
 * velocity and point, the unused (all-zero) shots included, so that the
 * promise "unused entries are zero" is checked too. af_arc_max_range
 * gives its four numbers; the drag rows their model, state, event,
 * landing or samples (q16_drag_rows.c names them).
 */
#define QS_MAX_OUT (1 + 7 * AF_MAX_SHOTS)
typedef struct qs_out_q16 {
    af_status status;
    int n;
    int32_t v[QS_MAX_OUT];
} qs_out_q16;

typedef struct qs_out_f64 {
    af_status status;
    int n;
    double v[QS_MAX_OUT];
} qs_out_f64;

/* A row's f64 twin as the table holds it: NULL where QS_NO_F64 is defined
 * (the AVR boards, whose double has 32 bits, link no f64 library; they run
 * only the Q16 side of the rows). The twin stays referenced, so that it
 * still compiles there and is not an unused function. */
#ifdef QS_NO_F64
#define QS_F64(fn) (1 ? NULL : (fn))
#else
#define QS_F64(fn) (fn)
#endif

/* A row's names of inputs and outputs (for the vectors' comments) as the
 * table holds them: NULL where QS_NO_NAMES is defined (the AVR boards,
 * which run no vectors suite: the names would take RAM, where avr-gcc
 * puts constant strings). */
#ifdef QS_NO_NAMES
#define QS_NAMES(list) (1 ? NULL : (list))
#else
#define QS_NAMES(list) (list)
#endif

typedef struct qs_solver {
    const char *name;
    /* The inputs' names ("shooter.x", "speed", "flags"), NULL-terminated;
     * their count is the number of v[] a solve reads. */
    const char *const *inputs;
    /* The names of the answer's numbers, NULL-terminated ("count",
     * "shot1.t", ...; "range", ...), for the vectors' comments. */
    const char *const *outputs;
    /* The i-th input set of a sequence drawn from rng (i picks the
     * magnitude class and, now and then, an edge case). */
    void (*make)(th_rng *rng, long i, qs_in *in);
    /* The Q16 solver, and its f64 twin on the same values (raw / 65536,
     * exactly). */
    void (*run_q16)(const qs_in *in, qs_out_q16 *out);
    void (*run_f64)(const qs_in *in, qs_out_f64 *out);
    /* How far the f64 answer computed on a target may be from the host's,
     * relative to the largest magnitude in the answer (see q16_solvers.c
     * for each row's reason). */
    double f64_tolerance;
} qs_solver;

/*
 * Answers computed on the host, as tests/gen/gen_q16_vectors.c writes them
 * into tests/vectors/q16_vectors.h (the vacuum group's, or with
 * QS_VECTORS_DRAG defined the drag group's): `count` vectors of `inputs` numbers
 * each (in[]). q16[] holds, per vector, the Q16 status and number count
 * n, the f64 status and count m, then the Q16 answer's first n numbers;
 * f64[] holds each vector's m f64 numbers. The counts drop trailing zeros
 * (the numbers after them are 0).
 */
typedef struct qs_vectors {
    const char *solver;
    int count, inputs;
    const int32_t *in;
    const int32_t *q16;
    const double *f64;
} qs_vectors;

/*
 * The rows come in three groups: the vacuum solvers' (q16_solvers.c), the
 * drag functions' (q16_drag_rows.c) and the quadratic drag functions'
 * (q16_qdrag_rows.c). Each group has its own vectors (one
 * vector suite each: on the micro:bit the code and tables of both do not
 * fit one binary's 256 KiB of flash); a suite that names one group links
 * only its rows.
 */
typedef struct qs_group {
    const char *name;
    const qs_solver *rows;
    int count;
} qs_group;
extern const qs_group qs_vacuum_group;
/* The vacuum rows one by one (the same as the group's). */
extern const qs_solver qs_row_intercept, qs_row_arc_point, qs_row_max_range, qs_row_min_speed,
    qs_row_arc_time, qs_row_arc_apex, qs_row_arc_moving;
extern const qs_group qs_drag_group;
extern const qs_group qs_qdrag_group;

/* Every row of suite_determinism_q16, the vacuum group's then the drag
 * group's (the quadratic drag group has a suite of its own: the
 * micro:bit's flash holds the one or the other): row i for
 * 0 <= i < qs_solver_count, else NULL. */
const qs_solver *qs_row(int i);
extern const int qs_solver_count;

/* The row of the group called name, or NULL. */
const qs_solver *qs_find(const qs_group *group, const char *name);

/* Whether a named input or output is a plain integer, not Q16.16: the
 * flags, a shot count, a branch, a number of samples, evaluations or
 * casts ("flags", "count", "branch", "samples", "evaluations", "casts"),
 * a kind, a drag model or a step order ("*.kind", "*.model", "*.order"). */
int qs_is_integer(const char *name);

/* The number of inputs of a row. */
int qs_input_count(const qs_solver *s);

#endif /* AIMFIX_TESTS_Q16_SOLVERS_H */
