/* SPDX-License-Identifier: MIT */
/*
 * request.h — one solve request, filled either from command-line flags or
 * from a batch JSON line: both go through the same table of fields, so the
 * flag --shooter-velocity and the key "shooter_velocity" cannot drift apart.
 *
 * Some fields belong to a group, a JSON object of their own: the flag
 * --drag-model is the member "model" of the batch key "drag", and
 * --terrain-slope the member "slope" of "terrain".
 */
#ifndef AIMFIX_TOOLS_REQUEST_H
#define AIMFIX_TOOLS_REQUEST_H

#include "aimfix.h"
#include "json.h"

/* The values of the fields that take a word, in the order of their words
 * in the field table (request.c). */
enum req_format { FORMAT_F64, FORMAT_Q16 };
enum req_arc { ARC_ALL, ARC_LOW, ARC_HIGH };
enum req_drag_model {
    DRAG_UNITY,
    DRAG_BOX2D,
    DRAG_BULLET,
    DRAG_EXACT,
    DRAG_CONTINUOUS,
    DRAG_ODE,
    DRAG_GODOT,
    DRAG_CHIPMUNK,
    DRAG_JOLT,
    DRAG_CUSTOM, /* a stepped engine whose damping factor r is given */
    DRAG_QUADRATIC /* quadratic drag (aimfix/qdrag.h): solve_qdrag.c */
};
enum req_drag_kind { KIND_CONTINUOUS, KIND_STEPPED };
enum req_drag_order {
    ORDER_GRAVITY_FIRST,
    ORDER_DAMPING_FIRST,
    ORDER_DAMPING_LAST,
    ORDER_MOVE_FIRST
};
enum req_branch { BRANCH_RISING, BRANCH_FALLING };

/* Indices into the field table, for request_has(). */
enum req_field {
    F_SOLVE,
    F_FORMAT,
    F_COMPARE,
    F_SHOOTER,
    F_SHOOTER_VELOCITY,
    F_TARGET,
    F_TARGET_VELOCITY,
    F_TARGET_ACCELERATION,
    F_GRAVITY,
    F_SPEED,
    F_TIME_OF_FLIGHT,
    F_APEX_HEIGHT,
    F_VERTICAL_SPEED,
    F_PER_DISTANCE,
    F_INHERIT_VELOCITY,
    F_ARC,
    /* The flight the drag queries follow (drag_predict ... drag_samples). */
    F_VELOCITY,
    F_TIME,
    F_STEPS,
    F_HEIGHT,
    F_BRANCH,
    F_MAX_TIME,
    F_TOLERANCE,
    F_SAMPLES,
    /* The "drag" object. */
    F_DRAG_MODEL,
    F_DRAG_D,
    F_DRAG_DT,
    F_DRAG_R,
    F_DRAG_ORDER,
    F_DRAG_WIND,
    F_DRAG_KIND,
    F_DRAG_K,
    F_DRAG_C,
    F_DRAG_MASS,
    F_DRAG_DIAMETER,
    F_DRAG_CD,
    F_DRAG_AIR_DENSITY,
    /* The "terrain" object (drag_land). */
    F_TERRAIN_LEVEL,
    F_TERRAIN_SLOPE,
    F_TERRAIN_HILL_AMPLITUDE,
    F_TERRAIN_HILL_WAVELENGTH,
    /* The fixed launchers and the closest miss. */
    F_DIRECTION,
    F_ELEVATION,
    F_CLOSEST,
    /* The "turret" object (turret_aim). */
    F_TURRET_UP,
    F_TURRET_FORWARD,
    F_TURRET_YAW,
    F_TURRET_PITCH,
    F_TURRET_YAW_MIN,
    F_TURRET_YAW_MAX,
    F_TURRET_PITCH_MIN,
    F_TURRET_PITCH_MAX,
    F_TURRET_YAW_RATE,
    F_TURRET_PITCH_RATE,
    F_TURRET_LATENCY,
    F_TURRET_MUZZLE_FORWARD,
    F_TURRET_MUZZLE_UP,
    F_COUNT
};

typedef struct request {
    char solve[32];
    int format;  /* enum req_format */
    int compare; /* both formats side by side (format is then ignored) */
    af_vec3_f64 shooter, shooter_velocity, target, target_velocity, target_acceleration, gravity;
    double speed, time_of_flight, apex_height, vertical_speed, per_distance;
    int inherit_velocity;
    int arc; /* enum req_arc */
    af_vec3_f64 velocity;
    double time, steps, height, max_time, tolerance, samples;
    int branch; /* enum req_branch */
    int drag_model, drag_order; /* enum req_drag_model, req_drag_order */
    double drag_d, drag_dt, drag_r;
    af_vec3_f64 drag_wind;
    int drag_kind; /* enum req_drag_kind */
    double drag_k, drag_c, drag_mass, drag_diameter, drag_cd, drag_air_density;
    double terrain_level;
    af_vec3_f64 terrain_slope;
    double terrain_hill_amplitude, terrain_hill_wavelength;
    af_vec3_f64 direction;
    double elevation;
    int closest;
    af_vec3_f64 turret_up, turret_forward;
    double turret_yaw, turret_pitch, turret_yaw_min, turret_yaw_max, turret_pitch_min,
        turret_pitch_max, turret_yaw_rate, turret_pitch_rate, turret_latency,
        turret_muzzle_forward, turret_muzzle_up;
    unsigned char given[F_COUNT]; /* given[i]: field i of the table was given */
} request;

/* Defaults: everything zero, gravity {0, 0, -9.81}, format f64, arc all;
 * branch falling, max_time 60 s, tolerance 1e-3 m, 32 samples; drag step
 * 0.02 s (Unity's default), gravity first; quadratic drag continuous in
 * air of 1.225 kg/m^3; hill wavelength 10 m; a turret heading world x,
 * pitch limits +-pi/2, slew rates pi rad/s. */
void request_init(request *rq);

int request_has(const request *rq, enum req_field f);
void request_mark(request *rq, enum req_field f);

/* A field's name as a batch line writes it: "shooter_velocity",
 * "drag.model". */
const char *request_name(enum req_field f, char *buf, size_t size);

/* Fill rq from a JSON object. Returns 0, or -1 with a reason in why. */
int request_from_json(request *rq, const json_doc *doc, int object, char *why, size_t why_size);

/* Fill rq from flags argv[0..argc-1] ("--speed 20 --target 10,0,2 ...").
 * Flags the table does not know are handed to extra(), which returns the
 * number of arguments it consumed (0 = unknown flag). Returns 0, or -1
 * with a reason in why. */
typedef int (*request_extra_flag)(int argc, char **argv, void *ctx);
int request_from_args(request *rq, int argc, char **argv, request_extra_flag extra, void *ctx,
                      char *why, size_t why_size);

/* Round every number of rq (each number and vector component, given or
 * default) to the nearest Q16.16 value, as format q16 and compare need.
 * Returns 0, or -1 with a reason in why naming the first number that is
 * not finite or does not fit Q16.16 (rq is then partly rounded). */
int request_round_q16(request *rq, char *why, size_t why_size);

/* Print one line per field: the flag, its JSON key and what it means. */
void request_print_fields(void);

#endif /* AIMFIX_TOOLS_REQUEST_H */
