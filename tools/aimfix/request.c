/* Requests from flags or JSON, through one field table (see request.h). */
#include "request.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum kind { K_VEC3, K_NUMBER, K_BOOL, K_SOLVE, K_FORMAT, K_ARC } kind;

struct field {
    enum req_field id;
    const char *key;
    kind kind;
    size_t offset;
    const char *help;
};

#define AT(member) offsetof(request, member)

static const struct field fields[F_COUNT] = {
    { F_SOLVE, "solve", K_SOLVE, AT(solve), "solver name (batch only; the subcommand otherwise)" },
    { F_FORMAT, "format", K_FORMAT, AT(format), "\"f64\" (default) or \"q16\"" },
    { F_SHOOTER, "shooter", K_VEC3, AT(shooter), "launch point, m" },
    { F_SHOOTER_VELOCITY, "shooter_velocity", K_VEC3, AT(shooter_velocity),
      "shooter's velocity, m/s (used with inherit_velocity)" },
    { F_TARGET, "target", K_VEC3, AT(target), "target's position now, m" },
    { F_TARGET_VELOCITY, "target_velocity", K_VEC3, AT(target_velocity),
      "target's velocity, m/s" },
    { F_GRAVITY, "gravity", K_VEC3, AT(gravity), "gravity vector, m/s^2 (default 0,0,-9.81)" },
    { F_SPEED, "speed", K_NUMBER, AT(speed), "launch speed, m/s" },
    { F_TIME_OF_FLIGHT, "time_of_flight", K_NUMBER, AT(time_of_flight), "time of flight, s" },
    { F_APEX_HEIGHT, "apex_height", K_NUMBER, AT(apex_height),
      "arc_apex: apex height above the higher end, m" },
    { F_VERTICAL_SPEED, "vertical_speed", K_NUMBER, AT(vertical_speed),
      "arc_apex: vertical launch speed, m/s" },
    { F_PER_DISTANCE, "per_distance", K_NUMBER, AT(per_distance),
      "arc_apex: added to the apex height or vertical speed per metre of distance" },
    { F_INHERIT_VELOCITY, "inherit_velocity", K_BOOL, AT(inherit_velocity),
      "the projectile carries the shooter's velocity" },
    { F_ARC, "arc", K_ARC, AT(arc), "\"low\" (earliest), \"high\" (latest) or \"all\" (default)" },
};

void request_init(request *rq)
{
    memset(rq, 0, sizeof *rq);
    rq->gravity.z = -9.81;
    rq->format = FORMAT_F64;
    rq->arc = ARC_ALL;
}

int request_has(const request *rq, enum req_field f)
{
    return (rq->given >> f) & 1u;
}

const char *request_key(enum req_field f)
{
    return fields[f].key;
}

static int fail(char *why, size_t size, const char *fmt, const char *what)
{
    snprintf(why, size, fmt, what);
    return -1;
}

/* Store a string value into an enum-like field. */
static int set_word(request *rq, const struct field *f, const char *word, size_t n, char *why,
                    size_t size)
{
    char buf[32];
    void *at = (char *)rq + f->offset;
    if (n >= sizeof buf)
        return fail(why, size, "value of '%s' is too long", f->key);
    memcpy(buf, word, n);
    buf[n] = '\0';
    switch (f->kind) {
    case K_SOLVE:
        memcpy(rq->solve, buf, n + 1);
        return 0;
    case K_FORMAT:
        if (strcmp(buf, "f64") == 0)
            *(req_format *)at = FORMAT_F64;
        else if (strcmp(buf, "q16") == 0)
            *(req_format *)at = FORMAT_Q16;
        else
            return fail(why, size, "'%s' must be \"f64\" or \"q16\"", f->key);
        return 0;
    case K_ARC:
        if (strcmp(buf, "all") == 0)
            *(req_arc *)at = ARC_ALL;
        else if (strcmp(buf, "low") == 0)
            *(req_arc *)at = ARC_LOW;
        else if (strcmp(buf, "high") == 0)
            *(req_arc *)at = ARC_HIGH;
        else
            return fail(why, size, "'%s' must be \"low\", \"high\" or \"all\"", f->key);
        return 0;
    default:
        return fail(why, size, "'%s' is not a word", f->key);
    }
}

static const struct field *field_named(const char *key, size_t n)
{
    int i;
    for (i = 0; i < F_COUNT; i++)
        if (strlen(fields[i].key) == n && memcmp(fields[i].key, key, n) == 0)
            return &fields[i];
    return NULL;
}

int request_from_json(request *rq, const json_doc *doc, int object, char *why, size_t size)
{
    int m;
    if (object < 0 || doc->nodes[object].type != JSON_OBJECT)
        return fail(why, size, "%s", "the line is not a JSON object");
    for (m = doc->nodes[object].first_child; m >= 0; m = doc->nodes[m].next) {
        const json_node *v = &doc->nodes[m];
        const struct field *f = field_named(v->key, v->key_length);
        void *at;
        if (!f) {
            char key[40];
            size_t n = v->key_length < sizeof key - 1 ? v->key_length : sizeof key - 1;
            memcpy(key, v->key, n);
            key[n] = '\0';
            return fail(why, size, "unknown key '%s'", key);
        }
        at = (char *)rq + f->offset;
        switch (f->kind) {
        case K_VEC3: {
            double xyz[3];
            int i = 0, e;
            if (v->type != JSON_ARRAY)
                return fail(why, size, "'%s' must be an array of 3 numbers", f->key);
            for (e = v->first_child; e >= 0; e = doc->nodes[e].next) {
                if (i == 3 || doc->nodes[e].type != JSON_NUMBER)
                    return fail(why, size, "'%s' must be an array of 3 numbers", f->key);
                xyz[i++] = doc->nodes[e].number;
            }
            if (i != 3)
                return fail(why, size, "'%s' must be an array of 3 numbers", f->key);
            ((af_vec3_f64 *)at)->x = xyz[0];
            ((af_vec3_f64 *)at)->y = xyz[1];
            ((af_vec3_f64 *)at)->z = xyz[2];
            break;
        }
        case K_NUMBER:
            if (v->type != JSON_NUMBER)
                return fail(why, size, "'%s' must be a number", f->key);
            *(double *)at = v->number;
            break;
        case K_BOOL:
            if (v->type != JSON_TRUE && v->type != JSON_FALSE)
                return fail(why, size, "'%s' must be true or false", f->key);
            *(int *)at = v->type == JSON_TRUE;
            break;
        default:
            if (v->type != JSON_STRING)
                return fail(why, size, "'%s' must be a string", f->key);
            if (set_word(rq, f, v->text, v->length, why, size) < 0)
                return -1;
            break;
        }
        rq->given |= 1ul << f->id;
    }
    return 0;
}

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
            f = field_named(key, n);
        }
        if (!f || f->id == F_SOLVE) {
            int used = extra ? extra(argc - i, argv + i, ctx) : 0;
            if (used <= 0)
                return fail(why, size, "unknown option '%s' (see aimfix help)", arg);
            i += used;
            continue;
        }
        if (f->kind == K_BOOL) {
            *(int *)((char *)rq + f->offset) = 1;
            rq->given |= 1ul << f->id;
            i++;
            continue;
        }
        if (i + 1 >= argc)
            return fail(why, size, "option '%s' needs a value", arg);
        switch (f->kind) {
        case K_VEC3:
            if (!parse_vec3(argv[i + 1], (af_vec3_f64 *)((char *)rq + f->offset)))
                return fail(why, size, "'%s' takes x,y,z", arg);
            break;
        case K_NUMBER:
            if (!parse_number(argv[i + 1], (double *)((char *)rq + f->offset)))
                return fail(why, size, "'%s' takes a number", arg);
            break;
        default:
            if (set_word(rq, f, argv[i + 1], strlen(argv[i + 1]), why, size) < 0)
                return -1;
            break;
        }
        rq->given |= 1ul << f->id;
        i += 2;
    }
    return 0;
}

void request_print_fields(void)
{
    int i;
    for (i = 0; i < F_COUNT; i++) {
        char flag[40];
        size_t k;
        if (fields[i].id == F_SOLVE)
            continue;
        for (k = 0; fields[i].key[k] && k < sizeof flag - 1; k++)
            flag[k] = fields[i].key[k] == '_' ? '-' : fields[i].key[k];
        flag[k] = '\0';
        printf("  --%-18s %-4s %s\n", flag,
               fields[i].kind == K_VEC3 ? "x,y,z" : fields[i].kind == K_BOOL ? "" : "N",
               fields[i].help);
    }
}
