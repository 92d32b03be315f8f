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
} result;

enum {
    SOLVER_GRAVITY = 1u,
    SOLVER_INHERITS = 2u,
    SOLVER_DRAG = 4u,
    SOLVER_FORWARD = 8u,
    SOLVER_TERRAIN = 16u
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
     * over the request's terrain. */
    unsigned traits;
    af_status (*run)(const request *rq, result *out);
} solver;

/* The solver of that name, or NULL. */
const solver *solver_find(const char *name);

/* The traits of the request's solver (0 when it names none). */
unsigned solve_traits(const request *rq);

/* Every solver, NULL-terminated by a zero entry (name == NULL). */
extern const solver solvers[];

/* Run rq (whose solve names the solver) into out; out->bad_input is set
 * when the request is unusable (unknown solver, missing key, format). The
 * "arc" choice is applied to the shots afterwards. */
void solve_request(const request *rq, result *out);

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

#endif /* AIMFIX_TOOLS_SOLVE_H */
