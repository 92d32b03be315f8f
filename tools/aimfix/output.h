/* SPDX-License-Identifier: MIT */
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
 * digits, so they read back to the same double; in format q16 each number
 * of the answer is followed by its raw Q16.16 bits ("t_raw":"0x00018000"). */
void output_json(FILE *out, const request *rq, const result *res);

/* The --compare line: {"solve":...,"format":"compare","f64":{answer},
 * "q16":{answer}}, each answer as in output_json (status, ..., solutions)
 * with every shot's "miss", and the q16 shots' "f64_solution" and
 * "diff_lsb"; a bad_input line when the request is unusable. */
void output_json_compare(FILE *out, const request *rq, const result *f, const result *q);

/* A JSON line for input that did not even parse. */
void output_json_bad_input(FILE *out, const char *error);

/* The readable form, with aim angles (and raw hex in format q16). */
void output_text(FILE *out, const request *rq, const result *res);

/* The readable form of --compare: the f64 answer, then the q16 one, each
 * shot with its miss and the q16 ones with their differences in LSB. */
void output_text_compare(FILE *out, const request *rq, const result *f, const result *q);

#endif /* AIMFIX_TOOLS_OUTPUT_H */
