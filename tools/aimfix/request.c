/* SPDX-License-Identifier: MIT */
/* Requests from flags or JSON, through one field table (see request.h). */
#include "request.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixed.h"

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

#define AT(member) offsetof(request, member)

static const char *const format_words[] = { "f64", "q16", NULL };
static const char *const arc_words[] = { "all", "low", "high", NULL };
static const char *const branch_words[] = { "rising", "falling", NULL };
static const char *const model_words[] = { "unity", "box2d",    "bullet", "exact",  "continuous",
                                           "ode",   "godot",    "chipmunk", "jolt", "custom",
                                           "quadratic", NULL };
static const char *const kind_words[] = { "continuous", "stepped", NULL };
static const char *const order_words[] = { "gravity_first", "damping_first", "damping_last",
                                           "move_first", NULL };

/* The groups: their names' addresses are constants the table can hold. */
static const char DRAG[] = "drag";
static const char TERRAIN[] = "terrain";
static const char TURRET[] = "turret";
static const char *const groups[] = { DRAG, TERRAIN, TURRET };

static const struct field fields[F_COUNT] = {
    { F_SOLVE, "solve", K_SOLVE, AT(solve), NULL, NULL,
      "solver name (batch only; the subcommand otherwise)" },
    { F_FORMAT, "format", K_WORD, AT(format), format_words, NULL,
      "\"f64\" (default) or \"q16\" (inputs rounded to Q16.16, answers with raw hex)" },
    { F_COMPARE, "compare", K_BOOL, AT(compare), NULL, NULL,
      "f64 and q16 side by side on the same (rounded) inputs: differences in LSB, misses" },
    { F_SHOOTER, "shooter", K_VEC3, AT(shooter), NULL, NULL, "launch point, m" },
    { F_SHOOTER_VELOCITY, "shooter_velocity", K_VEC3, AT(shooter_velocity), NULL, NULL,
      "shooter's velocity, m/s (used with inherit_velocity)" },
    { F_TARGET, "target", K_VEC3, AT(target), NULL, NULL, "target's position now, m" },
    { F_TARGET_VELOCITY, "target_velocity", K_VEC3, AT(target_velocity), NULL, NULL,
      "target's velocity, m/s" },
    { F_TARGET_ACCELERATION, "target_acceleration", K_VEC3, AT(target_acceleration), NULL, NULL,
      "every moving-target solver: its constant acceleration, m/s^2 (default 0)" },
    { F_GRAVITY, "gravity", K_VEC3, AT(gravity), NULL, NULL,
      "gravity vector, m/s^2 (default 0,0,-9.81)" },
    { F_SPEED, "speed", K_NUMBER, AT(speed), NULL, NULL, "launch speed, m/s" },
    { F_TIME_OF_FLIGHT, "time_of_flight", K_NUMBER, AT(time_of_flight), NULL, NULL,
      "time of flight, s" },
    { F_APEX_HEIGHT, "apex_height", K_NUMBER, AT(apex_height), NULL, NULL,
      "arc_apex: apex height above the higher end, m" },
    { F_VERTICAL_SPEED, "vertical_speed", K_NUMBER, AT(vertical_speed), NULL, NULL,
      "arc_apex: vertical launch speed, m/s" },
    { F_PER_DISTANCE, "per_distance", K_NUMBER, AT(per_distance), NULL, NULL,
      "arc_apex: added to the apex height or vertical speed per metre of distance" },
    { F_INHERIT_VELOCITY, "inherit_velocity", K_BOOL, AT(inherit_velocity), NULL, NULL,
      "the projectile carries the shooter's velocity" },
    { F_ARC, "arc", K_WORD, AT(arc), arc_words, NULL,
      "\"low\" (earliest), \"high\" (latest) or \"all\" (default)" },
    { F_VELOCITY, "velocity", K_VEC3, AT(velocity), NULL, NULL,
      "drag queries: the projectile's launch velocity, m/s" },
    { F_TIME, "time", K_NUMBER, AT(time), NULL, NULL,
      "drag_predict: time since launch; drag_samples: last sample's time, s" },
    { F_STEPS, "steps", K_NUMBER, AT(steps), NULL, NULL,
      "drag_predict: engine steps since launch (real; instead of time)" },
    { F_HEIGHT, "height", K_NUMBER, AT(height), NULL, NULL,
      "drag_height: height above the launch point (along up), m" },
    { F_BRANCH, "branch", K_WORD, AT(branch), branch_words, NULL,
      "drag_height: \"rising\" or \"falling\" (default)" },
    { F_MAX_TIME, "max_time", K_NUMBER, AT(max_time), NULL, NULL,
      "drag_land, drag_aim_speed, drag_fixed_*, turret_aim_drag: longest flight, s (default 60)" },
    { F_TOLERANCE, "tolerance", K_NUMBER, AT(tolerance), NULL, NULL,
      "drag_land: landing point tolerance, m (default 0.001)" },
    { F_SAMPLES, "samples", K_NUMBER, AT(samples), NULL, NULL,
      "drag_samples: number of points, 2 to 256 (default 32)" },
    { F_DRAG_MODEL, "drag_model", K_WORD, AT(drag_model), model_words, DRAG,
      "unity, box2d, bullet, exact, continuous, ode, godot, chipmunk, jolt, custom or quadratic "
      "(drag queries need it)" },
    { F_DRAG_D, "drag_d", K_NUMBER, AT(drag_d), NULL, DRAG,
      "damping coefficient d, 1/s (Bullet: fraction lost per second; ODE: per step; "
      "Chipmunk: fraction kept per second) (default 0)" },
    { F_DRAG_DT, "drag_dt", K_NUMBER, AT(drag_dt), NULL, DRAG,
      "engine step, s (default 0.02; not used by continuous)" },
    { F_DRAG_R, "drag_r", K_NUMBER, AT(drag_r), NULL, DRAG,
      "custom: velocity factor per step, 0 < r <= 1 (custom needs it)" },
    { F_DRAG_ORDER, "drag_order", K_WORD, AT(drag_order), order_words, DRAG,
      "stepped models: gravity_first, damping_first, damping_last or move_first (default: the "
      "engine's; "
      "gravity_first for custom)" },
    { F_DRAG_WIND, "drag_wind", K_VEC3, AT(drag_wind), NULL, DRAG,
      "continuous and quadratic: the air's velocity, m/s (default 0,0,0)" },
    { F_DRAG_KIND, "drag_kind", K_WORD, AT(drag_kind), kind_words, DRAG,
      "quadratic: \"continuous\" (default) or \"stepped\" (an engine's steps of dt)" },
    { F_DRAG_K, "drag_k", K_NUMBER, AT(drag_k), NULL, DRAG,
      "quadratic: drag coefficient k, 1/m (or mass, diameter and cd)" },
    { F_DRAG_C, "drag_c", K_NUMBER, AT(drag_c), NULL, DRAG,
      "quadratic: linear drag term, 1/s (default 0)" },
    { F_DRAG_MASS, "drag_mass", K_NUMBER, AT(drag_mass), NULL, DRAG,
      "quadratic: the projectile's mass, kg (k from mass, diameter, cd, air_density)" },
    { F_DRAG_DIAMETER, "drag_diameter", K_NUMBER, AT(drag_diameter), NULL, DRAG,
      "quadratic: the projectile's diameter, m" },
    { F_DRAG_CD, "drag_cd", K_NUMBER, AT(drag_cd), NULL, DRAG,
      "quadratic: the projectile's drag coefficient (0.47 a smooth sphere)" },
    { F_DRAG_AIR_DENSITY, "drag_air_density", K_NUMBER, AT(drag_air_density), NULL, DRAG,
      "quadratic: air density, kg/m^3 (default 1.225)" },
    { F_TERRAIN_LEVEL, "terrain_level", K_NUMBER, AT(terrain_level), NULL, TERRAIN,
      "drag_land: the ground's height along up at the origin, m (default 0)" },
    { F_TERRAIN_SLOPE, "terrain_slope", K_VEC3, AT(terrain_slope), NULL, TERRAIN,
      "drag_land: the ground's rise per metre along each axis (default 0,0,0)" },
    { F_TERRAIN_HILL_AMPLITUDE, "terrain_hill_amplitude", K_NUMBER, AT(terrain_hill_amplitude),
      NULL, TERRAIN, "drag_land: sine hills' height above and below the ground, m (default 0)" },
    { F_TERRAIN_HILL_WAVELENGTH, "terrain_hill_wavelength", K_NUMBER,
      AT(terrain_hill_wavelength), NULL, TERRAIN,
      "drag_land: sine hills' crest-to-crest distance, m (default 10)" },
    { F_DIRECTION, "direction", K_VEC3, AT(direction), NULL, NULL,
      "fixed_dir, drag_fixed_dir: the fixed launch direction; turret_angles: the barrel's" },
    { F_ELEVATION, "elevation", K_NUMBER, AT(elevation), NULL, NULL,
      "fixed_elev, drag_fixed_elev: the fixed launch angle above the horizontal, rad" },
    { F_CLOSEST, "closest", K_BOOL, AT(closest), NULL, NULL,
      "arc_point, arc_moving, drag_aim_speed: when nothing hits, the closest shot and its miss" },
    { F_TURRET_UP, "turret_up", K_VEC3, AT(turret_up), NULL, TURRET,
      "turret_*: the yaw axis (default against gravity)" },
    { F_TURRET_FORWARD, "turret_forward", K_VEC3, AT(turret_forward), NULL, TURRET,
      "turret_*: the heading at yaw 0 (default 1,0,0)" },
    { F_TURRET_YAW, "turret_yaw", K_NUMBER, AT(turret_yaw), NULL, TURRET,
      "turret_*: current yaw, rad (turret_barrel: the yaw asked) (default 0)" },
    { F_TURRET_PITCH, "turret_pitch", K_NUMBER, AT(turret_pitch), NULL, TURRET,
      "turret_*: current pitch, rad (turret_barrel: the pitch asked) (default 0)" },
    { F_TURRET_YAW_MIN, "turret_yaw_min", K_NUMBER, AT(turret_yaw_min), NULL, TURRET,
      "turret_*: least yaw, rad (without yaw_min and yaw_max the yaw wraps)" },
    { F_TURRET_YAW_MAX, "turret_yaw_max", K_NUMBER, AT(turret_yaw_max), NULL, TURRET,
      "turret_*: greatest yaw, rad" },
    { F_TURRET_PITCH_MIN, "turret_pitch_min", K_NUMBER, AT(turret_pitch_min), NULL, TURRET,
      "turret_*: least pitch, rad (default -pi/2)" },
    { F_TURRET_PITCH_MAX, "turret_pitch_max", K_NUMBER, AT(turret_pitch_max), NULL, TURRET,
      "turret_*: greatest pitch, rad (default pi/2)" },
    { F_TURRET_YAW_RATE, "turret_yaw_rate", K_NUMBER, AT(turret_yaw_rate), NULL, TURRET,
      "turret_*: yaw slew rate, rad/s (default pi)" },
    { F_TURRET_PITCH_RATE, "turret_pitch_rate", K_NUMBER, AT(turret_pitch_rate), NULL, TURRET,
      "turret_*: pitch slew rate, rad/s (default pi)" },
    { F_TURRET_LATENCY, "turret_latency", K_NUMBER, AT(turret_latency), NULL, TURRET,
      "turret_*: least time from the command to the launch, s (default 0)" },
    { F_TURRET_MUZZLE_FORWARD, "turret_muzzle_forward", K_NUMBER, AT(turret_muzzle_forward),
      NULL, TURRET, "turret_*: the muzzle's distance from the pivot along the barrel, m" },
    { F_TURRET_MUZZLE_UP, "turret_muzzle_up", K_NUMBER, AT(turret_muzzle_up), NULL, TURRET,
      "turret_*: the muzzle's distance above the barrel's axis, m" },
};

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
    if (fields[f].group)
        snprintf(buf, size, "%s.%s", fields[f].group, member_of(&fields[f]));
    else
        snprintf(buf, size, "%s", fields[f].key);
    return buf;
}

static int fail(char *why, size_t size, const char *fmt, const char *what)
{
    snprintf(why, size, fmt, what);
    return -1;
}

/* Store a string value into a word field (or the solver's name). */
static int set_word(request *rq, const struct field *f, const char *word, size_t n, char *why,
                    size_t size)
{
    char buf[32], name[48];
    int i;
    if (n >= sizeof buf)
        return fail(why, size, "value of '%s' is too long", request_name(f->id, name, sizeof name));
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
        return fail(why, size, "%s", list);
    }
}

/* The field called name (n characters) inside group (NULL: at the top). */
static const struct field *field_in(const char *group, const char *name, size_t n)
{
    int i;
    for (i = 0; i < F_COUNT; i++) {
        const char *m = member_of(&fields[i]);
        if (fields[i].group == group && strlen(m) == n && memcmp(m, name, n) == 0)
            return &fields[i];
    }
    return NULL;
}

/* The group called name, or NULL. */
static const char *group_named(const char *name, size_t n)
{
    size_t i;
    for (i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (strlen(groups[i]) == n && memcmp(groups[i], name, n) == 0)
            return groups[i];
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
            return fail(why, size, "'%s' must be an array of 3 numbers", name);
        for (e = v->first_child; e >= 0; e = doc->nodes[e].next) {
            if (i == 3 || doc->nodes[e].type != JSON_NUMBER)
                return fail(why, size, "'%s' must be an array of 3 numbers", name);
            xyz[i++] = doc->nodes[e].number;
        }
        if (i != 3)
            return fail(why, size, "'%s' must be an array of 3 numbers", name);
        ((af_vec3_f64 *)at)->x = xyz[0];
        ((af_vec3_f64 *)at)->y = xyz[1];
        ((af_vec3_f64 *)at)->z = xyz[2];
        break;
    }
    case K_NUMBER:
        if (v->type != JSON_NUMBER)
            return fail(why, size, "'%s' must be a number", name);
        *(double *)at = v->number;
        break;
    case K_BOOL:
        if (v->type != JSON_TRUE && v->type != JSON_FALSE)
            return fail(why, size, "'%s' must be true or false", name);
        *(int *)at = v->type == JSON_TRUE;
        break;
    default:
        if (v->type != JSON_STRING)
            return fail(why, size, "'%s' must be a string", name);
        if (set_word(rq, f, v->text, v->length, why, size) < 0)
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
    return fail(why, size, "unknown key '%s'", key);
}

int request_from_json(request *rq, const json_doc *doc, int object, char *why, size_t size)
{
    int m;
    if (object < 0 || doc->nodes[object].type != JSON_OBJECT)
        return fail(why, size, "%s", "the line is not a JSON object");
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
            return fail(why, size, "'%s' must be an object", group);
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
        if (strlen(fields[i].key) == n && memcmp(fields[i].key, key, n) == 0)
            return &fields[i];
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
                return fail(why, size, "unknown option '%s' (see aimfix help)", arg);
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
        char *at = (char *)rq + fields[i].offset;
        if (fields[i].kind == K_NUMBER) {
            if (round_number((double *)at, &fields[i], 0, why, size) < 0)
                return -1;
        } else if (fields[i].kind == K_VEC3) {
            af_vec3_f64 *v = (af_vec3_f64 *)at;
            if (round_number(&v->x, &fields[i], 1, why, size) < 0 ||
                round_number(&v->y, &fields[i], 2, why, size) < 0 ||
                round_number(&v->z, &fields[i], 3, why, size) < 0)
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
        if (fields[i].id == F_SOLVE)
            continue;
        for (k = 0; fields[i].key[k] && k < sizeof flag - 1; k++)
            flag[k] = fields[i].key[k] == '_' ? '-' : fields[i].key[k];
        flag[k] = '\0';
        printf("  --%-24s %-5s %s", flag, kind_names[fields[i].kind], fields[i].help);
        if (fields[i].group)
            printf(" [batch: %s]", request_name(fields[i].id, name, sizeof name));
        putchar('\n');
    }
}
