/* SPDX-License-Identifier: MIT */
/*
 * solve.h — runs a request through the library and keeps what came back.
 * One table lists every solver the CLI knows: its name (the subcommand and
 * the batch "solve" value), what it needs, and how to call it.
 */
#ifndef AIMFIX_TOOLS_SOLVE_H
#define AIMFIX_TOOLS_SOLVE_H

#include "request.h"

/* The most points drag_samples returns. */
#define RESULT_MAX_POINTS 256

typedef struct result {
    int bad_input;     /* the request itself was unusable (see error) */
    char error[128];
    af_status status;  /* otherwise: the library's answer */
    af_shots_f64 shots;
    int has_range;     /* max_range, drag_max_range: the range as well */
    double range;
    /* The drag queries' other answers, each printed when its has_ is set:
     * the body at the solution's time (position, velocity), the height
     * there (m above the launch point along up), the evaluations an
     * iteration took, the raycasts a landing took (on every path), and
     * the trajectory samples. */
    int has_state, has_height, has_evaluations, has_casts;
    af_body_f64 state;
    double height;
    int evaluations, casts;
    int point_count;
    af_vec3_f64 points[RESULT_MAX_POINTS];
    /* compare (solve_compare): per shot, its simulated miss (m); for the
     * q16 answer also the f64 shot it is set beside (the one of nearest
     * time, -1 when f64 has none) and the differences q16 - f64 in LSB
     * (2^-16) of t, velocity and point, and of the range. */
    int compared;
    double miss[AF_MAX_SHOTS];
    int beside[AF_MAX_SHOTS];
    double diff_t[AF_MAX_SHOTS];
    af_vec3_f64 diff_velocity[AF_MAX_SHOTS], diff_point[AF_MAX_SHOTS];
    double diff_range;
    /* closest (arc_point, arc_moving, drag_aim_speed): when no shot hits,
     * the shot that passes closest and its miss distance (aimfix/miss.h). */
    int has_miss;
    double miss_distance;
    af_shot_f64 miss_shot;
    /* turret_aim: each shot's command, launch time (from now) and muzzle
     * then; the shot's t is its flight, its velocity the world launch
     * velocity, its point the impact. */
    int has_turret;
    double yaw[AF_MAX_SHOTS], pitch[AF_MAX_SHOTS], launch[AF_MAX_SHOTS];
    af_vec3_f64 muzzle[AF_MAX_SHOTS];
    /* turret_angles: the command (yaw, pitch, slew time); turret_barrel:
     * the pose (the barrel's unit direction, the muzzle). No shots. */
    int has_command, has_pose;
    double command_yaw, command_pitch, command_slew;
    af_vec3_f64 pose_barrel, pose_muzzle;
} result;

enum {
    SOLVER_GRAVITY = 1u,
    SOLVER_INHERITS = 2u,
    SOLVER_DRAG = 4u,
    SOLVER_FORWARD = 8u,
    SOLVER_TERRAIN = 16u,
    SOLVER_RANGE = 32u,
    SOLVER_ACCELERATES = 64u,
    SOLVER_TURRET = 128u,
    SOLVER_HEAD = 256u
};

typedef struct solver {
    const char *name;
    const char *summary;
    /* Fields that must be given (bit per enum req_field). */
    unsigned long long needs;
    /* How its shots fly: SOLVER_GRAVITY (under gravity, else straight),
     * SOLVER_DRAG (under gravity and the request's drag model),
     * SOLVER_INHERITS (the shooter's velocity is added when asked).
     * SOLVER_FORWARD: a query about a given flight (no target; the shot's
     * point is where the body is at its time); SOLVER_TERRAIN: it flies
     * over the request's terrain; SOLVER_RANGE: the shot lands as far as
     * it can toward the target (its point is that landing, not a hit).
     * SOLVER_ACCELERATES: it takes the target's acceleration.
     * SOLVER_TURRET: a turret's shot, launched from the muzzle at its
     * launch time (solve_turret.h flies it). SOLVER_HEAD: a question
     * about the turret's head alone (no shot, no target). */
    unsigned traits;
    af_status (*run)(const request *rq, result *out);
    /* Its Q16 twin (runners_q16.h; every solver has one): it reads a
     * request rounded to Q16.16 and stores the Q16 answer in the result's
     * doubles (exactly). */
    af_status (*run_q16)(const request *rq, result *out);
} solver;

/* The solver of that name, or NULL. */
const solver *solver_find(const char *name);

/* The traits of the request's solver (0 when it names none). */
unsigned solve_traits(const request *rq);

/* Every solver, NULL-terminated by a zero entry (name == NULL). */
extern const solver solvers[];

/* Run rq (whose solve names the solver) into out, in rq's format;
 * out->bad_input is set when the request is unusable (unknown solver,
 * missing key; in format q16 a number that does not fit Q16.16). The
 * "arc" choice is applied to the shots
 * afterwards. */
void solve_request(const request *rq, result *out);

/* --compare: the f64 and the q16 solver on the same inputs, rq's numbers
 * rounded to Q16.16, into f and q, with each shot's miss and the q16
 * shots' differences from the f64 ones (result.compared). When the
 * request is unusable in either format, f->bad_input says why (q too). */
void solve_compare(const request *rq, result *f, result *q);

/* How far a shot, flown by the f64 physics, passes from what it aims at
 * (m): its launch velocity (for a solver given a speed: that speed along
 * the shot's direction, as a launcher of fixed muzzle speed fires it) flown
 * as solve_trajectory flies it, against the target body (the closest
 * approach near the shot's time), or for max_range and drag_max_range the
 * shot's own landing point, or for a query about a given flight the shot's
 * own point at its time. */
double solve_miss(const request *rq, const af_shot_f64 *shot);

/* Where a projectile of shot is at time t (flown as the solver's shots
 * fly: straight, in vacuum or with the request's drag; inheriting the
 * shooter's velocity when the request says so), for drawing. */
af_vec3_f64 solve_trajectory(const request *rq, const af_shot_f64 *shot, double t);

/* The shooter and target bodies of a request, and its AF_INHERIT_VELOCITY
 * flag. */
void solve_bodies(const request *rq, af_body_f64 *shooter, af_body_f64 *target);
unsigned solve_flags(const request *rq);

/* The geometry max_range and drag_max_range answer in, toward the target:
 * up (against gravity; zero without gravity), the target's height h above
 * the shooter along it, and the unit horizontal heading to the target
 * (world x, else y, with the vertical part removed, when the target is
 * straight above or below). */
void solve_range_frame(const request *rq, af_vec3_f64 *up, double *h, af_vec3_f64 *heading);

/* The launch velocity of a range answer in that geometry. */
af_vec3_f64 solve_range_velocity(af_vec3_f64 up, af_vec3_f64 heading, const af_range_f64 *r);

/* A vacuum range answer as a shot: its time, launch velocity, and landing
 * point at the range along the heading, h above the shooter. */
af_shot_f64 solve_range_shot(const request *rq, af_vec3_f64 up, double h, af_vec3_f64 heading,
                             const af_range_f64 *r);

/* The arc_apex policy a request asks for (af_arc_policy_f64's fields):
 * apex_height or vertical_speed with per_distance, else the default
 * policy (with per_distance when given). */
void solve_arc_policy(const request *rq, af_arc_kind *kind, double *base, double *per_distance);

#endif /* AIMFIX_TOOLS_SOLVE_H */
