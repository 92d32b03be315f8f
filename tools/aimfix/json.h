/* SPDX-License-Identifier: MIT */
/*
 * json.h — a small JSON reader for the CLI's batch input: one document per
 * line, parsed into a caller-provided node pool (no allocation), with a
 * bounded depth, so that no input line can crash or exhaust the tool.
 */
#ifndef AIMFIX_TOOLS_JSON_H
#define AIMFIX_TOOLS_JSON_H

#include <stddef.h>

typedef enum json_type {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_type;

typedef struct json_node {
    json_type type;
    double number;      /* JSON_NUMBER */
    const char *text;   /* JSON_STRING: the raw characters between the quotes */
    size_t length;      /*   and their count (escapes left as written) */
    const char *key;    /* member of an object: its key, raw, and length */
    size_t key_length;
    int first_child;    /* JSON_ARRAY / JSON_OBJECT: index of the first element, -1 if empty */
    int next;           /* next sibling, -1 at the end */
} json_node;

typedef struct json_doc {
    json_node *nodes;
    int capacity;
    int count;
    char error[96]; /* why parsing failed */
} json_doc;

/* Parse text (NUL-terminated) into doc's pool. Returns the root's index, or
 * -1 with doc->error set. The nodes point into text, which must outlive
 * them. */
int json_parse(json_doc *doc, const char *text);

/* The member of object `object` named key, or -1. */
int json_member(const json_doc *doc, int object, const char *key);

/* Whether a string node equals s exactly. */
int json_string_is(const json_node *node, const char *s);

#endif /* AIMFIX_TOOLS_JSON_H */
