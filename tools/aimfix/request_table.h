/* SPDX-License-Identifier: MIT */
/* The request's field table, shared by its JSON and its flag parsers. */
#ifndef AIMFIX_TOOL_REQUEST_TABLE_H
#define AIMFIX_TOOL_REQUEST_TABLE_H

#include <stddef.h>

#include "request.h"

typedef enum kind { K_VEC3, K_NUMBER, K_BOOL, K_SOLVE, K_WORD } kind;

struct field {
    enum req_field id;
    const char *key;          /* the flag's name with '_' for '-' */
    kind kind;
    size_t offset;
    const char *const *words; /* K_WORD: the words, stored as their index */
    const char *group;        /* NULL, or the JSON object holding it */
    const char *help;
};

/* Every field, indexed by its id. */
extern const struct field request_fields[F_COUNT];

/* The JSON objects that group fields ("drag", "terrain", "turret"). */
#define REQUEST_GROUPS 3
extern const char *const request_groups[REQUEST_GROUPS];

/* Writes fmt with what into why; returns -1. */
int request_fail(char *why, size_t size, const char *fmt, const char *what);

/* Stores word (n characters) into the word field f; -1 with why if unknown. */
int request_set_word(request *rq, const struct field *f, const char *word, size_t n, char *why,
                     size_t size);

#endif
