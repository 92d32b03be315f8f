/* SPDX-License-Identifier: MIT */
/* Requests from JSON, through one field table (request_table.c). */
#include "request.h"

#include <stdio.h>
#include <string.h>

#include "request_table.h"

void request_init(request *rq)
{
    memset(rq, 0, sizeof *rq);
    rq->gravity.z = -9.81;
    rq->format = FORMAT_F64;
    rq->arc = ARC_ALL;
    rq->branch = BRANCH_FALLING;
    rq->max_time = 60.0;
    rq->tolerance = 1e-3;
    rq->samples = 32.0;
    rq->drag_dt = 0.02;
    rq->drag_order = ORDER_GRAVITY_FIRST;
    rq->drag_air_density = 1.225;
    rq->terrain_hill_wavelength = 10.0;
    rq->turret_forward.x = 1.0;
    rq->turret_pitch_min = -1.5707963267948966;
    rq->turret_pitch_max = 1.5707963267948966;
    rq->turret_yaw_rate = 3.141592653589793;
    rq->turret_pitch_rate = 3.141592653589793;
}

int request_has(const request *rq, enum req_field f)
{
    return rq->given[f] != 0;
}

void request_mark(request *rq, enum req_field f)
{
    rq->given[f] = 1;
}

/* The member name of a field inside its group's object ("model"). */
static const char *member_of(const struct field *f)
{
    return f->group ? f->key + strlen(f->group) + 1 : f->key;
}

const char *request_name(enum req_field f, char *buf, size_t size)
{
    if (request_fields[f].group)
        snprintf(buf, size, "%s.%s", request_fields[f].group, member_of(&request_fields[f]));
    else
        snprintf(buf, size, "%s", request_fields[f].key);
    return buf;
}

int request_fail(char *why, size_t size, const char *fmt, const char *what)
{
    snprintf(why, size, fmt, what);
    return -1;
}

/* Store a string value into a word field (or the solver's name). */
int request_set_word(request *rq, const struct field *f, const char *word, size_t n, char *why,
                    size_t size)
{
    char buf[32], name[48];
    int i;
    if (n >= sizeof buf)
        return request_fail(why, size, "value of '%s' is too long", request_name(f->id, name, sizeof name));
    memcpy(buf, word, n);
    buf[n] = '\0';
    if (f->kind == K_SOLVE) {
        memcpy(rq->solve, buf, n + 1);
        return 0;
    }
    for (i = 0; f->words[i]; i++) {
        if (strcmp(buf, f->words[i]) == 0) {
            *(int *)((char *)rq + f->offset) = i;
            return 0;
        }
    }
    {
        /* "'arc' must be one of: all, low, high" */
        char list[128];
        size_t used;
        snprintf(list, sizeof list, "'%s' must be one of:", request_name(f->id, name, sizeof name));
        for (i = 0; f->words[i]; i++) {
            used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s %s", i ? "," : "", f->words[i]);
        }
        return request_fail(why, size, "%s", list);
    }
}

/* The field called name (n characters) inside group (NULL: at the top). */
static const struct field *field_in(const char *group, const char *name, size_t n)
{
    int i;
    for (i = 0; i < F_COUNT; i++) {
        const char *m = member_of(&request_fields[i]);
        if (request_fields[i].group == group && strlen(m) == n && memcmp(m, name, n) == 0)
            return &request_fields[i];
    }
    return NULL;
}

/* The group called name, or NULL. */
static const char *group_named(const char *name, size_t n)
{
    size_t i;
    for (i = 0; i < REQUEST_GROUPS; i++)
        if (strlen(request_groups[i]) == n && memcmp(request_groups[i], name, n) == 0)
            return request_groups[i];
    return NULL;
}

/* Store one JSON value into field f. */
static int set_from_json(request *rq, const struct field *f, const json_doc *doc,
                         const json_node *v, char *why, size_t size)
{
    void *at = (char *)rq + f->offset;
    char name[48];
    request_name(f->id, name, sizeof name);
    switch (f->kind) {
    case K_VEC3: {
        double xyz[3];
        int i = 0, e;
        if (v->type != JSON_ARRAY)
            return request_fail(why, size, "'%s' must be an array of 3 numbers", name);
        for (e = v->first_child; e >= 0; e = doc->nodes[e].next) {
            if (i == 3 || doc->nodes[e].type != JSON_NUMBER)
                return request_fail(why, size, "'%s' must be an array of 3 numbers", name);
            xyz[i++] = doc->nodes[e].number;
        }
        if (i != 3)
            return request_fail(why, size, "'%s' must be an array of 3 numbers", name);
        ((af_vec3_f64 *)at)->x = xyz[0];
        ((af_vec3_f64 *)at)->y = xyz[1];
        ((af_vec3_f64 *)at)->z = xyz[2];
        break;
    }
    case K_NUMBER:
        if (v->type != JSON_NUMBER)
            return request_fail(why, size, "'%s' must be a number", name);
        *(double *)at = v->number;
        break;
    case K_BOOL:
        if (v->type != JSON_TRUE && v->type != JSON_FALSE)
            return request_fail(why, size, "'%s' must be true or false", name);
        *(int *)at = v->type == JSON_TRUE;
        break;
    default:
        if (v->type != JSON_STRING)
            return request_fail(why, size, "'%s' must be a string", name);
        if (request_set_word(rq, f, v->text, v->length, why, size) < 0)
            return -1;
        break;
    }
    request_mark(rq, f->id);
    return 0;
}

/* "unknown key 'drag.color'" for the raw key of node v. */
static int unknown_key(const json_node *v, const char *group, char *why, size_t size)
{
    char key[64];
    size_t n = v->key_length < 40 ? v->key_length : 40;
    snprintf(key, sizeof key, "%s%s%.*s", group ? group : "", group ? "." : "", (int)n, v->key);
    return request_fail(why, size, "unknown key '%s'", key);
}

int request_from_json(request *rq, const json_doc *doc, int object, char *why, size_t size)
{
    int m;
    if (object < 0 || doc->nodes[object].type != JSON_OBJECT)
        return request_fail(why, size, "%s", "the line is not a JSON object");
    for (m = doc->nodes[object].first_child; m >= 0; m = doc->nodes[m].next) {
        const json_node *v = &doc->nodes[m];
        const char *group = group_named(v->key, v->key_length);
        const struct field *f;
        int e;
        if (!group) {
            f = field_in(NULL, v->key, v->key_length);
            if (!f)
                return unknown_key(v, NULL, why, size);
            if (set_from_json(rq, f, doc, v, why, size) < 0)
                return -1;
            continue;
        }
        if (v->type != JSON_OBJECT)
            return request_fail(why, size, "'%s' must be an object", group);
        for (e = v->first_child; e >= 0; e = doc->nodes[e].next) {
            const json_node *w = &doc->nodes[e];
            f = field_in(group, w->key, w->key_length);
            if (!f)
                return unknown_key(w, group, why, size);
            if (set_from_json(rq, f, doc, w, why, size) < 0)
                return -1;
        }
    }
    return 0;
}
