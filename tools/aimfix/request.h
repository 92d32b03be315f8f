/*
 * request.h — one solve request, filled either from command-line flags or
 * from a batch JSON line: both go through the same table of fields, so the
 * flag --shooter-velocity and the key "shooter_velocity" cannot drift apart.
 */
#ifndef AIMFIX_TOOLS_REQUEST_H
#define AIMFIX_TOOLS_REQUEST_H

#include "aimfix.h"
#include "json.h"

typedef enum req_format { FORMAT_F64, FORMAT_Q16 } req_format;
typedef enum req_arc { ARC_ALL, ARC_LOW, ARC_HIGH } req_arc;

typedef struct request {
    char solve[32];
    req_format format;
    af_vec3_f64 shooter, shooter_velocity, target, target_velocity, gravity;
    double speed, time_of_flight, apex_height, vertical_speed, per_distance;
    int inherit_velocity;
    req_arc arc;
    unsigned long given; /* bit i set: field i of the table was given */
} request;

/* Indices into the field table, for request_has(). */
enum req_field {
    F_SOLVE,
    F_FORMAT,
    F_SHOOTER,
    F_SHOOTER_VELOCITY,
    F_TARGET,
    F_TARGET_VELOCITY,
    F_GRAVITY,
    F_SPEED,
    F_TIME_OF_FLIGHT,
    F_APEX_HEIGHT,
    F_VERTICAL_SPEED,
    F_PER_DISTANCE,
    F_INHERIT_VELOCITY,
    F_ARC,
    F_COUNT
};

/* Defaults: everything zero, gravity {0, 0, -9.81}, format f64, arc all. */
void request_init(request *rq);

int request_has(const request *rq, enum req_field f);

/* The JSON key of a field ("shooter_velocity"). */
const char *request_key(enum req_field f);

/* Fill rq from a JSON object. Returns 0, or -1 with a reason in why. */
int request_from_json(request *rq, const json_doc *doc, int object, char *why, size_t why_size);

/* Fill rq from flags argv[0..argc-1] ("--speed 20 --target 10,0,2 ...").
 * Flags the table does not know are handed to extra(), which returns the
 * number of arguments it consumed (0 = unknown flag). Returns 0, or -1
 * with a reason in why. */
typedef int (*request_extra_flag)(int argc, char **argv, void *ctx);
int request_from_args(request *rq, int argc, char **argv, request_extra_flag extra, void *ctx,
                      char *why, size_t why_size);

/* Print one line per field: the flag, its JSON key and what it means. */
void request_print_fields(void);

#endif /* AIMFIX_TOOLS_REQUEST_H */
