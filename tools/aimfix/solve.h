/*
 * solve.h — runs a request through the library and keeps what came back.
 * One table lists every solver the CLI knows: its name (the subcommand and
 * the batch "solve" value), what it needs, and how to call it.
 */
#ifndef AIMFIX_TOOLS_SOLVE_H
#define AIMFIX_TOOLS_SOLVE_H

#include "request.h"

typedef struct result {
    int bad_input;     /* the request itself was unusable (see error) */
    char error[128];
    af_status status;  /* otherwise: the library's answer */
    af_shots_f64 shots;
    int has_range;     /* max_range: the range as well */
    double range;
} result;

enum { SOLVER_GRAVITY = 1u, SOLVER_INHERITS = 2u };

typedef struct solver {
    const char *name;
    const char *summary;
    /* Fields that must be given (bit per enum req_field). */
    unsigned long needs;
    /* How its shots fly: SOLVER_GRAVITY (under gravity, else straight),
     * SOLVER_INHERITS (the shooter's velocity is added when asked). */
    unsigned traits;
    af_status (*run)(const request *rq, result *out);
} solver;

/* The solver of that name, or NULL. */
const solver *solver_find(const char *name);

/* Every solver, NULL-terminated by a zero entry (name == NULL). */
extern const solver solvers[];

/* Run rq (whose solve names the solver) into out; out->bad_input is set
 * when the request is unusable (unknown solver, missing key, format). The
 * "arc" choice is applied to the shots afterwards. */
void solve_request(const request *rq, result *out);

/* Where a projectile of shot is at time t (flown without drag, inheriting
 * the shooter's velocity when the request says so), for drawing. */
af_vec3_f64 solve_trajectory(const request *rq, const af_shot_f64 *shot, double t);

#endif /* AIMFIX_TOOLS_SOLVE_H */
