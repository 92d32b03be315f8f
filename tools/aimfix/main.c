/* SPDX-License-Identifier: MIT */
/*
 * aimfix — the command-line face of the library.
 *
 *   aimfix SOLVER [--option value ...] [--json] [--svg FILE]
 *   aimfix batch < requests.jsonl > answers.jsonl
 *   aimfix solvers | help
 */
#include <stdio.h>
#include <string.h>

#include "aimfix/version.h"
#include "json.h"
#include "output.h"
#include "request.h"
#include "solve.h"
#include "svg.h"

/* Longest batch line read; longer lines are answered bad_input. */
#define MAX_LINE 16384
/* JSON values per line: a full request has about sixty. */
#define MAX_NODES 256

static void usage(FILE *out)
{
    const solver *s;
    fputs("usage: aimfix SOLVER [options] [--json] [--svg FILE]\n"
          "       aimfix batch     (JSON lines on stdin, one answer line each on stdout)\n"
          "       aimfix solvers   (list the solvers)\n"
          "       aimfix --version (the library's version)\n\n"
          "solvers (each in f64, in q16 with \"format\": \"q16\", and both with --compare):\n",
          out);
    for (s = solvers; s->name; s++)
        fprintf(out, "  %-15s %s\n", s->name, s->summary);
    fputs("\noptions (batch keys are the same names with '_' for '-'; the --drag-* and\n"
          "--terrain-* ones are members of the batch objects \"drag\" and \"terrain\"):\n",
          out);
    request_print_fields();
    fputs("  --json                   print the JSON answer line instead of text\n"
          "  --svg FILE               draw the shot (side and top views) into FILE (with\n"
          "                           --compare: the q16 answer)\n",
          out);
}

struct cli_extras {
    int json;
    const char *svg;
};

static int cli_extra_flag(int argc, char **argv, void *ctx)
{
    struct cli_extras *x = ctx;
    if (strcmp(argv[0], "--json") == 0) {
        x->json = 1;
        return 1;
    }
    if (strcmp(argv[0], "--svg") == 0 && argc > 1) {
        x->svg = argv[1];
        return 2;
    }
    return 0;
}

/* Read one line into buf; returns its length, -1 at end of input, or -2
 * when it was longer than the buffer (the rest is consumed). */
static long read_line(FILE *in, char *buf, size_t size)
{
    size_t n = 0;
    int c, too_long = 0;
    while ((c = fgetc(in)) != EOF && c != '\n') {
        if (n + 1 < size)
            buf[n++] = (char)c;
        else
            too_long = 1;
    }
    if (c == EOF && n == 0 && !too_long)
        return -1;
    buf[n] = '\0';
    return too_long ? -2 : (long)n;
}

static int run_batch(void)
{
    static char line[MAX_LINE];
    static json_node nodes[MAX_NODES];
    static result res, other; /* 6 KiB each: off the stack */
    json_doc doc;
    long n;
    doc.nodes = nodes;
    doc.capacity = MAX_NODES;
    while ((n = read_line(stdin, line, sizeof line)) != -1) {
        request rq;
        char why[128];
        int root;
        if (n == -2) {
            output_json_bad_input(stdout, "line too long");
            continue;
        }
        if (strspn(line, " \t\r") == (size_t)n)
            continue; /* blank lines are skipped */
        root = json_parse(&doc, line);
        if (root < 0) {
            output_json_bad_input(stdout, doc.error);
            continue;
        }
        request_init(&rq);
        if (request_from_json(&rq, &doc, root, why, sizeof why) < 0) {
            output_json_bad_input(stdout, why);
            continue;
        }
        if (rq.compare) {
            solve_compare(&rq, &res, &other);
            output_json_compare(stdout, &rq, &res, &other);
            continue;
        }
        solve_request(&rq, &res);
        output_json(stdout, &rq, &res);
    }
    return ferror(stdin) ? 1 : 0;
}

/* A subcommand with --compare: both answers; the exit status is 0 when
 * both are ok. */
static int run_compare(const request *rq, const struct cli_extras *extras)
{
    static result f, q;
    solve_compare(rq, &f, &q);
    if (extras->json)
        output_json_compare(stdout, rq, &f, &q);
    else
        output_text_compare(stdout, rq, &f, &q);
    if (extras->svg && !f.bad_input && svg_write(extras->svg, rq, &q) < 0) {
        fprintf(stderr, "aimfix: cannot write %s\n", extras->svg);
        return 2;
    }
    if (f.bad_input)
        return 2;
    return f.status == AF_OK && q.status == AF_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
    request rq;
    static result res;
    struct cli_extras extras = { 0, NULL };
    char why[128];
    const solver *s;

    if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("aimfix %s\n", af_version());
        return 0;
    }
    if (strcmp(argv[1], "batch") == 0)
        return run_batch();
    if (strcmp(argv[1], "solvers") == 0) {
        for (s = solvers; s->name; s++)
            printf("%s\n", s->name);
        return 0;
    }
    s = solver_find(argv[1]);
    if (!s) {
        fprintf(stderr, "aimfix: unknown solver '%s' (see aimfix help)\n", argv[1]);
        return 2;
    }
    request_init(&rq);
    snprintf(rq.solve, sizeof rq.solve, "%s", s->name);
    request_mark(&rq, F_SOLVE);
    if (request_from_args(&rq, argc - 2, argv + 2, cli_extra_flag, &extras, why, sizeof why) < 0) {
        fprintf(stderr, "aimfix: %s\n", why);
        return 2;
    }
    if (rq.compare)
        return run_compare(&rq, &extras);
    solve_request(&rq, &res);
    if (extras.json)
        output_json(stdout, &rq, &res);
    else
        output_text(stdout, &rq, &res);
    if (extras.svg && svg_write(extras.svg, &rq, &res) < 0) {
        fprintf(stderr, "aimfix: cannot write %s\n", extras.svg);
        return 2;
    }
    if (res.bad_input)
        return 2;
    return res.status == AF_OK ? 0 : 1;
}
