/* SPDX-License-Identifier: MIT */
/* A bounded, allocation-free JSON reader (see json.h). */
#include "json.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Nesting deeper than this is refused: batch requests need three levels. */
#define JSON_MAX_DEPTH 16

struct parser {
    json_doc *doc;
    const char *p;
    const char *why;     /* the first error, kept */
    const char *fail_at; /* and where it happened */
};

static int fail(struct parser *ps, const char *why)
{
    if (!ps->why) {
        ps->why = why;
        ps->fail_at = ps->p;
    }
    return -1;
}

static void skip_space(struct parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' || *ps->p == '\n')
        ps->p++;
}

static int new_node(struct parser *ps, json_type type)
{
    json_node *n;
    if (ps->doc->count >= ps->doc->capacity)
        return fail(ps, "too many values");
    n = &ps->doc->nodes[ps->doc->count];
    memset(n, 0, sizeof *n);
    n->type = type;
    n->first_child = -1;
    n->next = -1;
    return ps->doc->count++;
}

/* A string's raw body; ps->p is on the opening quote. */
static int scan_string(struct parser *ps, const char **start, size_t *length)
{
    const char *s = ++ps->p;
    while (*ps->p != '"') {
        unsigned char c = (unsigned char)*ps->p;
        if (c == '\0')
            return fail(ps, "unterminated string");
        if (c < 0x20)
            return fail(ps, "control character in string");
        if (c == '\\') {
            ps->p++;
            if (*ps->p == '\0')
                return fail(ps, "unterminated string");
        }
        ps->p++;
    }
    *start = s;
    *length = (size_t)(ps->p - s);
    ps->p++;
    return 0;
}

static int parse_value(struct parser *ps, int depth);

static int parse_container(struct parser *ps, int depth, int is_object)
{
    int self = new_node(ps, is_object ? JSON_OBJECT : JSON_ARRAY), last = -1;
    char close = is_object ? '}' : ']';
    if (self < 0)
        return -1;
    ps->p++;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        return self;
    }
    for (;;) {
        const char *key = NULL;
        size_t key_length = 0;
        int child;
        skip_space(ps);
        if (is_object) {
            if (*ps->p != '"')
                return fail(ps, "expected a key");
            if (scan_string(ps, &key, &key_length) < 0)
                return -1;
            skip_space(ps);
            if (*ps->p != ':')
                return fail(ps, "expected ':'");
            ps->p++;
        }
        child = parse_value(ps, depth + 1);
        if (child < 0)
            return -1;
        ps->doc->nodes[child].key = key;
        ps->doc->nodes[child].key_length = key_length;
        if (last < 0)
            ps->doc->nodes[self].first_child = child;
        else
            ps->doc->nodes[last].next = child;
        last = child;
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            return self;
        }
        return fail(ps, is_object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int parse_number(struct parser *ps)
{
    const char *s = ps->p;
    char *end;
    double v;
    int self;
    /* JSON's grammar, checked before strtod (which would accept more:
     * hex, inf, nan, leading '+'). */
    if (*ps->p == '-')
        ps->p++;
    if (!isdigit((unsigned char)*ps->p))
        return fail(ps, "bad number");
    while (isdigit((unsigned char)*ps->p))
        ps->p++;
    if (*ps->p == '.') {
        ps->p++;
        if (!isdigit((unsigned char)*ps->p))
            return fail(ps, "bad number");
        while (isdigit((unsigned char)*ps->p))
            ps->p++;
    }
    if (*ps->p == 'e' || *ps->p == 'E') {
        ps->p++;
        if (*ps->p == '+' || *ps->p == '-')
            ps->p++;
        if (!isdigit((unsigned char)*ps->p))
            return fail(ps, "bad number");
        while (isdigit((unsigned char)*ps->p))
            ps->p++;
    }
    v = strtod(s, &end);
    if (end != ps->p)
        return fail(ps, "bad number");
    self = new_node(ps, JSON_NUMBER);
    if (self >= 0)
        ps->doc->nodes[self].number = v;
    return self;
}

static int parse_literal(struct parser *ps, const char *word, json_type type)
{
    size_t n = strlen(word);
    if (strncmp(ps->p, word, n) != 0)
        return fail(ps, "unexpected character");
    ps->p += n;
    return new_node(ps, type);
}

static int parse_value(struct parser *ps, int depth)
{
    if (depth > JSON_MAX_DEPTH)
        return fail(ps, "nested too deeply");
    skip_space(ps);
    switch (*ps->p) {
    case '{':
        return parse_container(ps, depth, 1);
    case '[':
        return parse_container(ps, depth, 0);
    case '"': {
        const char *s;
        size_t n;
        int self;
        if (scan_string(ps, &s, &n) < 0)
            return -1;
        self = new_node(ps, JSON_STRING);
        if (self >= 0) {
            ps->doc->nodes[self].text = s;
            ps->doc->nodes[self].length = n;
        }
        return self;
    }
    case 't':
        return parse_literal(ps, "true", JSON_TRUE);
    case 'f':
        return parse_literal(ps, "false", JSON_FALSE);
    case 'n':
        return parse_literal(ps, "null", JSON_NULL);
    case '\0':
        return fail(ps, "unexpected end of line");
    default:
        if (*ps->p != '-' && !isdigit((unsigned char)*ps->p))
            return fail(ps, "unexpected character");
        return parse_number(ps);
    }
}

int json_parse(json_doc *doc, const char *text)
{
    struct parser ps;
    int root;
    ps.doc = doc;
    ps.p = text;
    ps.why = NULL;
    ps.fail_at = text;
    doc->count = 0;
    doc->error[0] = '\0';
    root = parse_value(&ps, 0);
    if (root >= 0) {
        skip_space(&ps);
        if (*ps.p != '\0')
            root = fail(&ps, "text after the value");
    }
    if (root < 0)
        snprintf(doc->error, sizeof doc->error, "%s at column %ld", ps.why,
                 (long)(ps.fail_at - text) + 1);
    return root;
}

int json_member(const json_doc *doc, int object, const char *key)
{
    int i;
    size_t n = strlen(key);
    if (object < 0 || doc->nodes[object].type != JSON_OBJECT)
        return -1;
    for (i = doc->nodes[object].first_child; i >= 0; i = doc->nodes[i].next)
        if (doc->nodes[i].key_length == n && memcmp(doc->nodes[i].key, key, n) == 0)
            return i;
    return -1;
}

int json_string_is(const json_node *node, const char *s)
{
    size_t n = strlen(s);
    return node->type == JSON_STRING && node->length == n && memcmp(node->text, s, n) == 0;
}
