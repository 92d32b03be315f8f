/* SPDX-License-Identifier: MIT */
/*
 * bench/harness/bench.h — the benchmark's rows: one function, the ways of
 * computing it, and one fixed set of inputs.
 *
 * A row names a Q16 function of aimfix and, beside it, up to three
 * yardsticks doing the same job: in float (newlib's or glibc's libm), in
 * double, and as a plain transliteration onto libfixmath's fix16_* calls.
 * Every variant sees the same inputs, given as Q16.16 raw values (or plain
 * integers for the integer square roots), so that the fixed-point and the
 * floating-point variants start from the same numbers.
 *
 * A variant's adapter converts the inputs to its own format, counts the
 * instructions of the call itself with BENCH_COUNT, and converts the
 * result back to real units for the accuracy figures. The double variant
 * is the reference the others are compared with.
 *
 * Adding a row (a Q16 solver, say): define a bench_row beside the others
 * (bench/rows/rows_*.c), list it in bench/rows/rows.c, and give it a budget in
 * tests/target/suite_budget.c. Nothing else changes: make bench and the
 * budget test pick it up.
 */
#ifndef AIMFIX_BENCH_H
#define AIMFIX_BENCH_H

#include <stdint.h>

#include "aimfix.h"
#include "port.h"

/* Inputs and outputs of one call: enough for a solver (two bodies, a
 * speed, a flag, a gravity vector and an arc policy are 20 numbers; its
 * four shots of time, velocity and point are 28). */
#define BENCH_ARGS 20
#define BENCH_OUTPUTS 28

/* Hash draws per input (bench_hash's k is below it): fixed, so that a row's
 * inputs stay the same when BENCH_ARGS grows. A row takes at most this many
 * draws per input; its other arguments are constants or derived. */
#define BENCH_DRAWS 16

/* Inputs of a row: the largest set any row has (the counts of one variant
 * are sorted in place: BENCH_MAX_INPUTS words of stack). */
#define BENCH_MAX_INPUTS 256

/* One call's inputs: Q16.16 raw values, or integers where the row says so
 * (a 64-bit integer takes two words, low word first). */
typedef struct bench_input {
    int32_t raw[BENCH_ARGS];
} bench_input;

/* One call's result in real units (metres, radians, plain numbers), and
 * whether there is one: ok = 0 when the variant reported a failure (a
 * status, libfixmath's fix16_overflow, a non-finite float). */
typedef struct bench_output {
    int ok;
    double value[BENCH_OUTPUTS];
} bench_output;

/* The four ways of computing a row, in the order the tables show them. */
typedef enum bench_kind {
    BENCH_Q16 = 0,   /* aimfix's Q16.16 function */
    BENCH_FLOAT = 1, /* float and newlib's libm: soft-float on M0/M3, the FPU on M4/M7 */
    BENCH_DOUBLE = 2, /* double: the reference of the accuracy figures */
    BENCH_FIX16 = 3, /* the textbook formulas on libfixmath's fix16_* calls */
    BENCH_KINDS = 4
} bench_kind;

/* Short names of the kinds: "q16", "float", "double", "fix16". */
extern const char *const bench_kind_names[BENCH_KINDS];

/* The yardsticks in float and double take their arguments and give their
 * results as arrays of real numbers, and return 0 when they have no result
 * (a solver's "no solution"); the Q16 and libfixmath functions are called
 * with their own signatures, through the shapes below. */
typedef int (*bench_float_fn)(const float *args, float *results);
typedef int (*bench_double_fn)(const double *args, double *results);

typedef union bench_fn {
    bench_float_fn real_f;
    bench_double_fn real_d;
    uint32_t (*u32_u32)(uint32_t);
    uint64_t (*u64_u64)(uint64_t);
    fix16_t (*q_q)(fix16_t);
    fix16_t (*q_qq)(fix16_t, fix16_t);
    af_status (*s_q)(fix16_t, fix16_t *);
    af_status (*s_qq)(fix16_t, fix16_t, fix16_t *);
    af_status (*s_qqq)(fix16_t, fix16_t, fix16_t, fix16_t *);
    af_status (*s_i64)(int64_t, fix16_t *);
    af_status (*s_vv_v)(const af_vec3_q16 *, const af_vec3_q16 *, af_vec3_q16 *);
    af_status (*s_vq_v)(const af_vec3_q16 *, fix16_t, af_vec3_q16 *);
    af_status (*s_v_v)(const af_vec3_q16 *, af_vec3_q16 *);
    af_status (*s_vv_i64)(const af_vec3_q16 *, const af_vec3_q16 *, int64_t *);
    af_status (*s_vv_q)(const af_vec3_q16 *, const af_vec3_q16 *, fix16_t *);
    af_status (*s_v_q)(const af_vec3_q16 *, fix16_t *);
    uint64_t (*u64_v)(const af_vec3_q16 *);
    /* Solvers (bench/rows_<solver>.c). */
    af_status (*intercept)(const af_body_q16 *, const af_body_q16 *, fix16_t, unsigned,
                           af_shots_q16 *);
    af_status (*arc_point)(const af_vec3_q16 *, const af_vec3_q16 *, fix16_t,
                           const af_vec3_q16 *, af_shots_q16 *);
    af_status (*arc_min_speed)(const af_vec3_q16 *, const af_vec3_q16 *, const af_vec3_q16 *,
                               af_shots_q16 *);
    af_status (*arc_max_range)(fix16_t, fix16_t, const af_vec3_q16 *, af_range_q16 *);
    /* A fixed time or speed: af_arc_time_q16, af_arc_moving_q16. */
    af_status (*arc_bodies)(const af_body_q16 *, const af_body_q16 *, fix16_t,
                            const af_vec3_q16 *, unsigned, af_shots_q16 *);
    af_status (*arc_apex)(const af_body_q16 *, const af_body_q16 *, const af_vec3_q16 *,
                          const af_arc_policy_q16 *, unsigned, af_shots_q16 *);
    af_status (*drag_predict)(const af_drag_q16 *, const af_body_q16 *, fix16_t,
                              af_body_q16 *);
    af_status (*drag_height)(const af_drag_q16 *, const af_body_q16 *, fix16_t, af_branch,
                             af_drag_event_q16 *);
    af_status (*drag_aim_speed)(const af_drag_q16 *, const af_body_q16 *, const af_body_q16 *,
                                fix16_t, fix16_t, unsigned, af_shots_q16 *);
    /* Quadratic drag (bench/rows/rows_qdrag.c). */
    af_status (*qdrag_predict)(const af_qdrag_q16 *, const af_body_q16 *, fix16_t,
                               af_body_q16 *);
    af_status (*qdrag_aim)(const af_qdrag_q16 *, const af_body_q16 *, const af_body_q16 *,
                           fix16_t, unsigned, af_shots_q16 *);
    af_status (*qdrag_aim_speed)(const af_qdrag_q16 *, const af_body_q16 *, const af_body_q16 *,
                                 fix16_t, fix16_t, unsigned, af_shots_q16 *);
    /* Turrets (bench/rows/rows_turret.c). */
    af_status (*turret_aim)(const af_turret_q16 *, const af_body_q16 *, const af_vec3_q16 *,
                            af_turret_shots_q16 *);
    af_status (*turret_aim_accel)(const af_turret_q16 *, const af_body_accel_q16 *,
                                  const af_vec3_q16 *, af_turret_shots_q16 *);
    af_status (*turret_aim_drag)(const af_turret_q16 *, const af_drag_q16 *, const af_body_q16 *,
                                 fix16_t, af_turret_shots_q16 *);
    af_status (*turret_aim_drag_accel)(const af_turret_q16 *, const af_drag_q16 *,
                                       const af_body_accel_q16 *, fix16_t, af_turret_shots_q16 *);
    af_status (*turret_aim_qdrag)(const af_turret_q16 *, const af_qdrag_q16 *,
                                  const af_body_q16 *, fix16_t, af_turret_shots_q16 *);
    /* Fixed launchers and closest misses (bench/rows/rows_shots.c). */
    af_status (*fixed_dir)(const af_body_q16 *, const af_body_accel_q16 *, const af_vec3_q16 *,
                           const af_vec3_q16 *, unsigned, af_shots_q16 *);
    af_status (*fixed_elev)(const af_body_q16 *, const af_body_accel_q16 *, fix16_t,
                            const af_vec3_q16 *, unsigned, af_shots_q16 *);
    af_status (*drag_fixed_elev)(const af_drag_q16 *, const af_body_q16 *,
                                 const af_body_accel_q16 *, fix16_t, fix16_t, unsigned,
                                 af_shots_q16 *);
    af_status (*moving_miss)(const af_body_q16 *, const af_body_accel_q16 *, fix16_t,
                             const af_vec3_q16 *, unsigned, af_shots_q16 *, af_miss_q16 *);
    af_status (*drag_miss)(const af_drag_q16 *, const af_body_q16 *, const af_body_accel_q16 *,
                           fix16_t, fix16_t, unsigned, af_shots_q16 *, af_miss_q16 *);
} bench_fn;

struct bench_row;
struct bench_variant;

/* Run one variant on one input: fill *out and return the instructions the
 * call took (0 where the port has no counter). */
typedef uint32_t (*bench_call)(const struct bench_row *row,
                               const struct bench_variant *variant,
                               const bench_input *in, bench_output *out);

typedef struct bench_variant {
    const char *name;   /* what is computed, for the tables: "sqrtf" */
    const char *symbol; /* the function callgrind measures on the host */
    bench_call call;    /* NULL: the row has no such variant */
    bench_fn fn;        /* the function the adapter calls */
} bench_variant;

typedef struct bench_row {
    const char *name;   /* "sqrt", "intercept": what make bench prints */
    const char *inputs; /* the input set, in words, for the tables */
    unsigned count;     /* inputs, at most BENCH_MAX_INPUTS */
    unsigned args;      /* real arguments the float and double variants get */
    unsigned outputs;   /* values each variant gives, at most BENCH_OUTPUTS */
    double lsb;         /* the unit of the errors: 2^-16, or 1 for integers */
    /* Input i of the set: the same numbers on every core and compiler
     * (integer arithmetic only). Gets the row, so that one generator can
     * serve several rows (its name seeds bench_hash, args says how many
     * numbers to draw). */
    void (*input)(const struct bench_row *row, unsigned i, bench_input *in);
    /* The input as real numbers for the float and double variants; NULL:
     * each of the first `args` raw values is Q16.16. */
    void (*real_args)(const bench_input *in, double *args);
    bench_variant variant[BENCH_KINDS];
} bench_row;

/* Every row, in the order of the tables (bench/rows/rows.c). */
extern const bench_row *const bench_rows[];
extern const unsigned bench_row_count;
/* The floors (bench/rows/rows.h), which only make bench measures. */
extern const bench_row *const bench_floor_rows[];
extern const unsigned bench_floor_row_count;

/* The row of that name, or NULL. */
const bench_row *bench_find_row(const char *name);

/*
 * Count the instructions of `call` (a statement) into `count`. The
 * adapter loads the arguments before (into locals, or into memory whose
 * address the call gets, which the first reading cannot be moved above)
 * and converts the result after, so the count is the call as a caller
 * pays it: the moves of the arguments into place, the call itself, the
 * function, its return. port_counter() costs nothing (port/port.h).
 */
#define BENCH_COUNT(count, call)                                              \
    do {                                                                      \
        uint32_t bench_start_ = port_counter();                              \
        call;                                                                 \
        (count) = port_counter() - bench_start_;                             \
    } while (0)

/* ---- Figures over a row's inputs (bench/harness/measure.c) --------------- */

typedef struct bench_stats {
    unsigned calls;              /* inputs measured */
    uint32_t min, median, max;   /* instructions per call; the median is the
                                    lower middle one for an even count */
    unsigned compared;           /* inputs where this and the reference
                                    both gave a result */
    unsigned failures;           /* inputs where the reference gave a
                                    result and this variant did not */
    double max_error, mean_error; /* |this - reference| / lsb, the largest
                                     of the outputs, over `compared` */
    unsigned worst_input;        /* the input of max_error */
} bench_stats;

/* An input as the real numbers the float and double variants
 * get (row->args of them). */
void bench_real_args(const bench_row *row, const bench_input *in, double *args);

/* Run variant `kind` of `row` on every input: counts, and errors against
 * the double variant (none when the row has no double variant). Returns 0,
 * or -1 when the row has no such variant (*stats is then zero). */
int bench_measure(const bench_row *row, bench_kind kind, bench_stats *stats);

/* ---- Input sets (bench/harness/inputs.c) --------------------------------- */

/* A 64-bit hash of (row, i, k): draw k (below BENCH_DRAWS) of input i of
 * the row, the source of every "random" input, the same everywhere. */
uint64_t bench_hash(const char *row, unsigned i, unsigned k);

/* A bit length uniform in [lo, hi], 1 <= lo <= hi <= 64 (from the top
 * byte of h). */
unsigned bench_length(uint64_t h, unsigned lo, unsigned hi);

/* A number of exactly `length` bits (1 to 64), uniform among them; it
 * uses the bits of h that bench_length does not. */
uint64_t bench_with_length(uint64_t h, unsigned length);

/* A magnitude in [1, 2^bits), log-uniform: bench_length(h, 1, bits), then
 * bench_with_length. */
uint64_t bench_log_uniform(uint64_t h, unsigned bits);

/* v or -v by the lowest bit of h. */
int32_t bench_signed(uint64_t h, int32_t v);

/* A value uniform in [lo, hi] (raw), from h. */
int32_t bench_uniform(uint64_t h, int32_t lo, int32_t hi);

/* ---- Adapters for the common shapes (bench/harness/adapters.c) ----------- */

/* The float and double yardsticks: the row's inputs as real numbers, the
 * results as they are (none when the yardstick says so, or when one is
 * not finite). */
uint32_t bench_call_float(const bench_row *row, const bench_variant *variant,
                          const bench_input *in, bench_output *out);
uint32_t bench_call_double(const bench_row *row, const bench_variant *variant,
                           const bench_input *in, bench_output *out);

/* Q16.16 and libfixmath functions by signature (the letters after "call_"
 * are the result, then the arguments: q a fix16_t, s an af_status with the
 * result through a pointer, v an af_vec3_q16 from raw[0..2] (the second
 * from raw[3..5]), i64 an int64_t from raw[0..1]). A fix16_t result equal
 * to fix16_overflow (INT32_MIN) is libfixmath's overflow signal: no result
 * (no aimfix function returns it without a status). */
uint32_t bench_call_u32_u32(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_u64_u64(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_q_q(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_q_qq(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_q(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_qq(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_qqq(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_i64(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_vv_v(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_vq_v(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_v_v(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_vv_i64(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_vv_q(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_s_v_q(const bench_row *, const bench_variant *, const bench_input *, bench_output *);
uint32_t bench_call_u64_v(const bench_row *, const bench_variant *, const bench_input *, bench_output *);

#endif /* AIMFIX_BENCH_H */
