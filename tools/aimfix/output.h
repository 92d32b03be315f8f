/*
 * output.h — how the CLI prints a result: a JSON line (batch, --json) or a
 * readable block (subcommands).
 */
#ifndef AIMFIX_TOOLS_OUTPUT_H
#define AIMFIX_TOOLS_OUTPUT_H

#include <stdio.h>

#include "solve.h"

/* One JSON line: {"solve":...,"format":...,"status":...,"solutions":[...]}
 * or {"status":"bad_input","error":...}. Numbers print with 17 significant
 * digits, so they read back to the same double. */
void output_json(FILE *out, const request *rq, const result *res);

/* A JSON line for input that did not even parse. */
void output_json_bad_input(FILE *out, const char *error);

/* The readable form, with aim angles. */
void output_text(FILE *out, const request *rq, const result *res);

#endif /* AIMFIX_TOOLS_OUTPUT_H */
