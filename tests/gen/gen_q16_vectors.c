/* SPDX-License-Identifier: MIT */
/*
 * gen_q16_vectors — writes tests/vectors/q16_vectors.h to stdout: for every
 * row of tests/support/q16_solvers.c, a fixed set of inputs, the Q16 answers (raw)
 * and the f64 answers (C99 hexadecimal floating constants, exact), each
 * number with its real value in a comment, in three groups (q16_solvers.h):
 * the vacuum solvers', the drag functions' and the quadratic drag
 * functions'. tests/cross/suite_vectors_q16.c, suite_drag_vectors_q16.c and
 * suite_qdrag_vectors_q16.c check on every board that the target computes
 * the same.
 *
 * Run by `make vectors` on the host; the committed file must equal this
 * program's output (tests/host/check-vectors-current.sh), so the tables
 * can never describe a library that no longer exists. The build and the
 * tests never need a script language: the tables are plain C.
 */
#include <stdio.h>
#include <string.h>

#include "q16_solvers.h"

/* Per solver: 32 vectors of the ordinary sequence (the three magnitude
 * classes in turn, edge cases 0 and 1), then one of each of the eight edge
 * cases. Each group's tables and code fit the micro:bit's 256 KiB of
 * flash. */
#define ORDINARY 32
#define EDGES 8
#define PER_SOLVER (ORDINARY + EDGES)

static const char *status_macro(af_status st)
{
    switch (st) {
    case AF_OK: return "AF_OK";
    case AF_ERR_BAD_ARGUMENT: return "AF_ERR_BAD_ARGUMENT";
    case AF_ERR_NO_SOLUTION: return "AF_ERR_NO_SOLUTION";
    case AF_ERR_OUT_OF_RANGE: return "AF_ERR_OUT_OF_RANGE";
    case AF_ERR_OVERFLOW: return "AF_ERR_OVERFLOW";
    case AF_ERR_NO_CONVERGENCE: return "AF_ERR_NO_CONVERGENCE";
    case AF_ERR_BEYOND_YAW: return "AF_ERR_BEYOND_YAW";
    case AF_ERR_BEYOND_PITCH: return "AF_ERR_BEYOND_PITCH";
    case AF_ERR_ENGINE_LIMIT: return "AF_ERR_ENGINE_LIMIT";
    }
    return "?";
}

/* A raw value as a C constant of type int that needs no conversion:
 * "0x00018000", "-0x00018000", "INT32_MIN". */
static void print_raw(int32_t v)
{
    if (v == INT32_MIN)
        printf("INT32_MIN");
    else if (v < 0)
        printf("-0x%08lx", (unsigned long)-(long)v);
    else
        printf("0x%08lx", (unsigned long)v);
}

/* One number: raw, then its name and value in a comment (the value of a
 * Q16.16 number, or the integer itself). */
static void print_q16(int32_t v, const char *name)
{
    printf("    ");
    print_raw(v);
    if (qs_is_integer(name))
        printf(", /* %s %ld */\n", name, (long)v);
    else
        printf(", /* %s %.17g */\n", name, v / 65536.0);
}

/* The vector's numbers without their trailing zeros. */
static int trimmed_q16(const qs_out_q16 *o)
{
    int n = o->n;
    while (n > 0 && o->v[n - 1] == 0)
        n--;
    return n;
}

static int trimmed_f64(const qs_out_f64 *o)
{
    int n = o->n;
    while (n > 0 && o->v[n - 1] == 0.0)
        n--;
    return n;
}

/* The i-th vector's place in make()'s sequence (see PER_SOLVER). */
static long sequence_index(int k)
{
    return k < ORDINARY ? k : 16L * (k - ORDINARY) + 15;
}

static void write_solver(const qs_solver *s)
{
    static qs_in in[PER_SOLVER];
    static qs_out_q16 q[PER_SOLVER];
    static qs_out_f64 f[PER_SOLVER];
    char seed[64];
    th_rng rng;
    int k, j, inputs = qs_input_count(s);
    long next = 0;
    snprintf(seed, sizeof seed, "vectors.%s", s->name);
    rng = th_rng_for(seed);
    /* make() draws in sequence: vectors further along are reached by
     * drawing (and dropping) the ones between. */
    for (k = 0; k < PER_SOLVER; k++) {
        long want = sequence_index(k);
        if (want < next) {
            rng = th_rng_for(seed);
            next = 0;
        }
        for (; next <= want; next++)
            s->make(&rng, next, &in[k]);
        s->run_q16(&in[k], &q[k]);
        s->run_f64(&in[k], &f[k]);
    }

    printf("\n/* %s: %d vectors of %d inputs. */\n", s->name, PER_SOLVER, inputs);
    printf("static const int32_t %s_in[] = {\n", s->name);
    for (k = 0; k < PER_SOLVER; k++) {
        printf("    /* %d */\n", k);
        for (j = 0; j < inputs; j++)
            print_q16(in[k].v[j], s->inputs[j]);
    }
    printf("};\n");

    printf("static const int32_t %s_q16[] = {\n", s->name);
    for (k = 0; k < PER_SOLVER; k++) {
        int n = trimmed_q16(&q[k]), m = trimmed_f64(&f[k]);
        printf("    /* %d */\n    %s, %d, %s, %d,\n", k, status_macro(q[k].status), n,
               status_macro(f[k].status), m);
        for (j = 0; j < n; j++)
            print_q16(q[k].v[j], s->outputs[j]);
    }
    printf("};\n");

    printf("static const double %s_f64[] = {\n", s->name);
    for (k = 0; k < PER_SOLVER; k++) {
        int m = trimmed_f64(&f[k]);
        printf("    /* %d */\n", k);
        for (j = 0; j < m; j++)
            printf("    %a, /* %s %.17g */\n", f[k].v[j], s->outputs[j], f[k].v[j]);
        if (m == 0)
            printf("    /* no number */\n");
    }
    /* An empty initializer list is not C99: a last, unread zero. */
    printf("    0.0 /* end */\n};\n");
}

/* One group's tables and its q16_vector_sets. */
static void write_group(const qs_group *g)
{
    int r;
    for (r = 0; r < g->count; r++)
        write_solver(&g->rows[r]);
    printf("\nstatic const qs_vectors q16_vector_sets[] = {\n");
    for (r = 0; r < g->count; r++) {
        const char *name = g->rows[r].name;
        printf("    { \"%s\", %d, %d, %s_in, %s_q16, %s_f64 },\n", name, PER_SOLVER,
               qs_input_count(&g->rows[r]), name, name, name);
    }
    printf("};\n");
}

int main(void)
{
    printf("/* SPDX-License-Identifier: MIT */\n"
           "/*\n"
           " * tests/vectors/q16_vectors.h — the Q16 solvers' answers and their f64\n"
           " * twins' on fixed inputs, computed on the host. Written by\n"
           " * tests/gen/gen_q16_vectors.c (make vectors): do not edit.\n"
           " * tests/host/check-vectors-current.sh fails when it is not current.\n"
           " * Read by tests/cross/suite_vectors_q16.c (the vacuum solvers), with\n"
           " * QS_VECTORS_DRAG defined by tests/cross/suite_drag_vectors_q16.c (the drag\n"
           " * functions) and with QS_VECTORS_QDRAG by\n"
           " * tests/cross/suite_qdrag_vectors_q16.c (the quadratic drag functions).\n"
           " * Layout: see qs_vectors in tests/support/q16_solvers.h.\n"
           " */\n"
           "#ifndef AIMFIX_TESTS_VECTORS_Q16_VECTORS_H\n"
           "#define AIMFIX_TESTS_VECTORS_Q16_VECTORS_H\n\n"
           "#include <stdint.h>\n\n"
           "#include \"q16_solvers.h\"\n\n"
           "#if !defined(QS_VECTORS_DRAG) && !defined(QS_VECTORS_QDRAG)\n");
    write_group(&qs_vacuum_group);
    printf("\n#elif defined(QS_VECTORS_DRAG)\n");
    write_group(&qs_drag_group);
    printf("\n#else /* QS_VECTORS_QDRAG */\n");
    write_group(&qs_qdrag_group);
    printf("\n#endif\n\n#endif /* AIMFIX_TESTS_VECTORS_Q16_VECTORS_H */\n");
    return ferror(stdout) ? 1 : 0;
}
