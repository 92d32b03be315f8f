/* SPDX-License-Identifier: MIT */
/*
 * solve_turret.h — the CLI's turret solvers: turret_aim (a straight line or
 * a vacuum lob, at a target that may accelerate), turret_aim_drag (the
 * request's linear or quadratic drag model), and the head's own questions,
 * turret_angles (the command that points the barrel along 'direction') and
 * turret_barrel (the barrel and muzzle at the turret's yaw and pitch); each
 * runner in f64 and Q16, listed in solve.c's table. And how a turret shot
 * flies, for the misses and the drawing.
 */
#ifndef AIMFIX_TOOLS_SOLVE_TURRET_H
#define AIMFIX_TOOLS_SOLVE_TURRET_H

#include "solve.h"

af_status run_turret_aim(const request *rq, result *out);
af_status run_turret_aim_q16(const request *rq, result *out);
af_status run_turret_aim_drag(const request *rq, result *out);
af_status run_turret_aim_drag_q16(const request *rq, result *out);
af_status run_turret_angles(const request *rq, result *out);
af_status run_turret_angles_q16(const request *rq, result *out);
af_status run_turret_barrel(const request *rq, result *out);
af_status run_turret_barrel_q16(const request *rq, result *out);

/* The request's turret: pivot the shooter, platform velocity the
 * shooter's, muzzle speed the speed, the "turret" object's angles,
 * limits, rates, latency and muzzle (request.h's defaults). */
void solve_turret(const request *rq, af_turret_f64 *t);

/* Where turret shot i of a result is at time t from now (the muzzle until
 * its launch; then flown in vacuum, or by the request's drag model for
 * turret_aim_drag), and how far it passes from the target at its impact
 * time. */
af_vec3_f64 solve_turret_position(const request *rq, const result *res, int i, double t);
double solve_turret_miss(const request *rq, const result *res, int i);

#endif /* AIMFIX_TOOLS_SOLVE_TURRET_H */
