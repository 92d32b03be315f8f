/* SPDX-License-Identifier: MIT */
/* Requests from command-line flags; rounding to Q16.16; the flags' help. */
#include "request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixed.h"
#include "request_table.h"

/* A number as the whole of s (strtod would stop early silently). */
static int parse_number(const char *s, double *out)
{
    char *end;
    *out = strtod(s, &end);
    return end != s && *end == '\0';
}

static int parse_vec3(const char *s, af_vec3_f64 *out)
{
    char buf[128], *parts[3], *p;
    int i;
    if (strlen(s) >= sizeof buf)
        return 0;
    strcpy(buf, s);
    p = buf;
    for (i = 0; i < 3; i++) {
        parts[i] = p;
        p = strchr(p, ',');
        if (i < 2) {
            if (!p)
                return 0;
            *p++ = '\0';
        }
    }
    if (p)
        return 0; /* a fourth component */
    return parse_number(parts[0], &out->x) && parse_number(parts[1], &out->y) &&
           parse_number(parts[2], &out->z);
}

/* The field whose flag is --key (with '_' for '-'), in or out of a group. */
static const struct field *field_by_key(const char *key, size_t n)
{
    int i;
    for (i = 0; i < F_COUNT; i++)
        if (strlen(request_fields[i].key) == n && memcmp(request_fields[i].key, key, n) == 0)
            return &request_fields[i];
    return NULL;
}

int request_from_args(request *rq, int argc, char **argv, request_extra_flag extra, void *ctx,
                      char *why, size_t size)
{
    int i = 0;
    while (i < argc) {
        char key[40];
        const char *arg = argv[i];
        const struct field *f = NULL;
        size_t n, k;
        if (strncmp(arg, "--", 2) == 0 && strlen(arg + 2) < sizeof key) {
            /* --shooter-velocity names the key shooter_velocity. */
            n = strlen(arg + 2);
            for (k = 0; k <= n; k++)
                key[k] = arg[2 + k] == '-' ? '_' : arg[2 + k];
            f = field_by_key(key, n);
        }
        if (!f || f->id == F_SOLVE) {
            int used = extra ? extra(argc - i, argv + i, ctx) : 0;
            if (used <= 0)
                return request_fail(why, size, "unknown option '%s' (see aimfix help)", arg);
            i += used;
            continue;
        }
        if (f->kind == K_BOOL) {
            *(int *)((char *)rq + f->offset) = 1;
            request_mark(rq, f->id);
            i++;
            continue;
        }
        if (i + 1 >= argc)
            return request_fail(why, size, "option '%s' needs a value", arg);
        switch (f->kind) {
        case K_VEC3:
            if (!parse_vec3(argv[i + 1], (af_vec3_f64 *)((char *)rq + f->offset)))
                return request_fail(why, size, "'%s' takes x,y,z", arg);
            break;
        case K_NUMBER:
            if (!parse_number(argv[i + 1], (double *)((char *)rq + f->offset)))
                return request_fail(why, size, "'%s' takes a number", arg);
            break;
        default:
            if (request_set_word(rq, f, argv[i + 1], strlen(argv[i + 1]), why, size) < 0)
                return -1;
            break;
        }
        request_mark(rq, f->id);
        i += 2;
    }
    return 0;
}

/* Round one number in place; on failure say which. */
static int round_number(double *v, const struct field *f, int component, char *why, size_t size)
{
    static const char *const axis[] = { "", " x", " y", " z" };
    char name[48];
    fix16_t raw;
    if (fixed_round(*v, &raw)) {
        *v = fixed_value(raw);
        return 0;
    }
    snprintf(why, size, "'%s'%s = %g does not fit Q16.16 (-32768 to 32767.99998)",
             request_name(f->id, name, sizeof name), axis[component], *v);
    return -1;
}

int request_round_q16(request *rq, char *why, size_t size)
{
    int i;
    for (i = 0; i < F_COUNT; i++) {
        char *at = (char *)rq + request_fields[i].offset;
        if (request_fields[i].kind == K_NUMBER) {
            if (round_number((double *)at, &request_fields[i], 0, why, size) < 0)
                return -1;
        } else if (request_fields[i].kind == K_VEC3) {
            af_vec3_f64 *v = (af_vec3_f64 *)at;
            if (round_number(&v->x, &request_fields[i], 1, why, size) < 0 ||
                round_number(&v->y, &request_fields[i], 2, why, size) < 0 ||
                round_number(&v->z, &request_fields[i], 3, why, size) < 0)
                return -1;
        }
    }
    return 0;
}

void request_print_fields(void)
{
    static const char *const kind_names[] = { "x,y,z", "N", "", "", "WORD" };
    int i;
    for (i = 0; i < F_COUNT; i++) {
        char flag[40], name[48];
        size_t k;
        if (request_fields[i].id == F_SOLVE)
            continue;
        for (k = 0; request_fields[i].key[k] && k < sizeof flag - 1; k++)
            flag[k] = request_fields[i].key[k] == '_' ? '-' : request_fields[i].key[k];
        flag[k] = '\0';
        printf("  --%-24s %-5s %s", flag, kind_names[request_fields[i].kind], request_fields[i].help);
        if (request_fields[i].group)
            printf(" [batch: %s]", request_name(request_fields[i].id, name, sizeof name));
        putchar('\n');
    }
}
