/* SPDX-License-Identifier: MIT */
/*
 * solve_shots.h — the CLI's fixed launchers (fixed_dir, fixed_elev and
 * their drag twins) and the closest miss that arc_point, arc_moving and
 * drag_aim_speed give with "closest": each runner in f64 and Q16, listed
 * in solve.c's table. The turret aims are in solve_turret.h.
 */
#ifndef AIMFIX_TOOLS_SOLVE_SHOTS_H
#define AIMFIX_TOOLS_SOLVE_SHOTS_H

#include "solve.h"

af_status run_fixed_dir(const request *rq, result *out);
af_status run_fixed_elev(const request *rq, result *out);
af_status run_drag_fixed_dir(const request *rq, result *out);
af_status run_drag_fixed_elev(const request *rq, result *out);
af_status run_fixed_dir_q16(const request *rq, result *out);
af_status run_fixed_elev_q16(const request *rq, result *out);
af_status run_drag_fixed_dir_q16(const request *rq, result *out);
af_status run_drag_fixed_elev_q16(const request *rq, result *out);

/* A closest miss into the result (has_miss when its distance or time is
 * set: the library leaves it zero when none was found). */
void solve_miss_store(result *out, const af_miss_f64 *miss);
void solve_miss_store_q16(result *out, const af_miss_q16 *miss);

#endif /* AIMFIX_TOOLS_SOLVE_SHOTS_H */
