/* SPDX-License-Identifier: MIT */
/*
 * bench/rows/rows.h — the list of every benchmark row, in the order of the
 * tables. A row named NAME is the object bench_row_NAME, defined in a
 * bench/rows/rows_*.c file; adding one to the benchmark is adding it here.
 */
#ifndef AIMFIX_BENCH_ROWS_H
#define AIMFIX_BENCH_ROWS_H

#include "bench.h"

#define BENCH_ROWS(X)                                                         \
    /* The Q16 math core (rows_math.c). */                                   \
    X(sqrt_u32) X(sqrt_u64) X(sqrt) X(atan2) X(sin) X(cos) X(log2) X(log)     \
    X(exp2) X(exp) X(pow) X(add) X(sub) X(mul) X(div) X(muldiv) X(round_q32)  \
    X(vec3_add) X(vec3_sub) X(vec3_scale) X(vec3_dot) X(vec3_len2)            \
    X(vec3_len) X(vec3_resize) X(vec3_normalize)                             \
    /* The solvers (rows_<solver>.c). */                                     \
    X(intercept) X(arc_point) X(arc_max_range) X(arc_min_speed) X(arc_time)  \
    X(arc_apex) X(arc_moving)                                                 \
    /* Drag (rows_drag.c). */                                                \
    X(drag_steps) X(drag_predict) X(drag_height) BENCH_DRAG_AIM_ROW(X)      \
    /* Turrets (rows_turret.c). */                                           \
    BENCH_TURRET_ROWS(X)                                                      \
    /* Fixed launchers and closest misses (rows_shots.c). */                \
    BENCH_SHOTS_ROWS(X)                                                     \
    /* Quadratic drag (rows_qdrag.c). */                                     \
    BENCH_QDRAG_ROWS(X)

/* The turret rows are left out on the Cortex-M0 (the micro:bit): the
 * turret aims with their float and double twins take 50 KiB more than
 * its flash has beside the budget suite. */
#if defined(__ARM_ARCH_6M__)
#define BENCH_TURRET_ROWS(X)
#else
#define BENCH_TURRET_ROWS(X)                                                  \
    X(turret_aim) X(turret_aim_accel) X(turret_aim_drag) X(turret_aim_drag_accel)          \
        BENCH_TURRET_QDRAG_ROW(X)
#endif

/* The quadratic-drag turret aim is measured on the host only: a call still
 * flies dozens of quadratic-drag flights (about 2e7 host instructions on
 * these inputs), and its soft-float twins take hours under QEMU. */
#if defined(__arm__) || defined(__riscv)
#define BENCH_TURRET_QDRAG_ROW(X)
#else
#define BENCH_TURRET_QDRAG_ROW(X) X(turret_aim_qdrag)
#endif

/* The drag aim at a speed is left out on the Cortex-M0 too: with its
 * float and double twins the budget suite outgrew the micro:bit's flash
 * (its Q16 bits are checked there by suite_determinism_drag_q16). */
#if defined(__ARM_ARCH_6M__)
#define BENCH_DRAG_AIM_ROW(X)
#else
#define BENCH_DRAG_AIM_ROW(X) X(drag_aim_speed)
#endif

/* The fixed launchers and closest misses are left out on the Cortex-M0
 * too: with their float and double twins they do not fit its flash
 * beside the budget suite. */
#if defined(__ARM_ARCH_6M__)
#define BENCH_SHOTS_ROWS(X)
#else
#define BENCH_SHOTS_ROWS(X)                                                   \
    X(fixed_dir) X(fixed_elev) X(drag_fixed_elev) X(moving_miss) X(drag_miss)
#endif

/* The quadratic drag rows are left out on the Cortex-M0 too: their float
 * and double twins (every quadratic drag solver twice) do not fit its
 * flash beside the budget suite either. */
#if defined(__ARM_ARCH_6M__)
#define BENCH_QDRAG_ROWS(X)
#else
#define BENCH_QDRAG_ROWS(X)                                                   \
    X(qdrag_predict) X(qdrag_predict_ode) X(qdrag_aim_time) X(qdrag_aim_time_ode)        \
    X(qdrag_aim_speed) X(qdrag_aim_speed_ode)
#endif

/* Floors: rows of a solver's arithmetic without its safeguards
 * (bench/floors/floor_*.c), named after the solver's row with "_floor", on that
 * row's inputs. Measured by make bench only: bench_rows, which the budget
 * suites search, leaves them out (and so their code out of those
 * programs' flash). */
#define BENCH_FLOOR_ROWS(X) X(intercept_floor) X(arc_time_floor)

#define BENCH_DECLARE_ROW(name) extern const bench_row bench_row_##name;
BENCH_ROWS(BENCH_DECLARE_ROW)
BENCH_FLOOR_ROWS(BENCH_DECLARE_ROW)

#endif /* AIMFIX_BENCH_ROWS_H */
