/* SPDX-License-Identifier: MIT */
/*
 * solve_shots.h — the CLI's fixed launchers (fixed_dir, fixed_elev and
 * their drag twins), the turret aim, and the closest miss that
 * arc_point, arc_moving and drag_aim_speed give with "closest": each
 * runner in f64 and Q16, listed in solve.c's table.
 */
#ifndef AIMFIX_TOOLS_SOLVE_SHOTS_H
#define AIMFIX_TOOLS_SOLVE_SHOTS_H

#include "solve.h"

af_status run_fixed_dir(const request *rq, result *out);
af_status run_fixed_elev(const request *rq, result *out);
af_status run_drag_fixed_dir(const request *rq, result *out);
af_status run_drag_fixed_elev(const request *rq, result *out);
af_status run_turret_aim(const request *rq, result *out);
af_status run_fixed_dir_q16(const request *rq, result *out);
af_status run_fixed_elev_q16(const request *rq, result *out);
af_status run_drag_fixed_dir_q16(const request *rq, result *out);
af_status run_drag_fixed_elev_q16(const request *rq, result *out);
af_status run_turret_aim_q16(const request *rq, result *out);

/* A closest miss into the result (has_miss when its distance or time is
 * set: the library leaves it zero when none was found). */
void solve_miss_store(result *out, const af_miss_f64 *miss);
void solve_miss_store_q16(result *out, const af_miss_q16 *miss);

/* The request's turret: pivot the shooter, platform velocity the
 * shooter's, muzzle speed the speed, the "turret" object's angles,
 * limits, rates, latency and muzzle (request.h's defaults). */
void solve_turret(const request *rq, af_turret_f64 *t);

/* Where turret shot i of a result is at time t from now (the muzzle until
 * its launch), and how far it passes from the target. */
af_vec3_f64 solve_turret_position(const request *rq, const result *res, int i, double t);
double solve_turret_miss(const request *rq, const result *res, int i);

#endif /* AIMFIX_TOOLS_SOLVE_SHOTS_H */
