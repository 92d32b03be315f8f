/* SPDX-License-Identifier: MIT */
/*
 * bench/yardsticks/float_f64.h — turns an f64 source of aimfix into the float
 * yardstick of the same algorithm. mk/bench.mk compiles the drag solvers' f64
 * sources (and bench/yardsticks/drag_real.c's float adapters) a second time
 * with `-include bench/yardsticks/float_f64.h -fsingle-precision-constant`:
 * every double becomes a float, every literal a float constant, every libm call
 * its float twin (sqrt is sqrtf), and the rounding unit the solvers estimate
 * their noise from is float's. Nothing else changes: the same statements, the
 * same iterations, the same bounds. A libm function missing below would be
 * called in double: -Wdouble-promotion (with -Werror) stops the build at its
 * promoted argument.
 *
 * The float copies must not share a name with the f64 library, which the
 * same programs link: every global of those sources is renamed below,
 * and mk/bench.mk fails the build if a float object defines a name that
 * does not start with bench_ (a name missing here would otherwise bind the
 * f64 library's callers to a float function).
 */
#ifndef AIMFIX_BENCH_FLOAT_F64_H
#define AIMFIX_BENCH_FLOAT_F64_H

/* Every system header the sources use, before double is redefined (their
 * own prototypes keep their types). */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#undef DBL_EPSILON
#define DBL_EPSILON FLT_EPSILON
#undef DBL_MAX
#define DBL_MAX FLT_MAX
#undef DBL_MANT_DIG
#define DBL_MANT_DIG FLT_MANT_DIG
#undef DBL_MIN
#define DBL_MIN FLT_MIN
#define double float

/* The float twins of the libm functions the sources call (GCC's tgmath.h
 * would do it, but wants complex long double functions newlib lacks). */
#define acos(x) acosf(x)
#define asin(x) asinf(x)
#define atan2(y, x) atan2f(y, x)
#define ceil(x) ceilf(x)
#define copysign(x, y) copysignf(x, y)
#define cos(x) cosf(x)
#define exp(x) expf(x)
#define exp2(x) exp2f(x)
#define expm1(x) expm1f(x)
#define fabs(x) fabsf(x)
#define fmax(x, y) fmaxf(x, y)
#define fmin(x, y) fminf(x, y)
#define hypot(x, y) hypotf(x, y)
#define frexp(x, e) frexpf(x, e)
#define ldexp(x, e) ldexpf(x, e)
#define log(x) logf(x)
#define log1p(x) log1pf(x)
#undef log2 /* newlib's math.h: log(x) / ln 2, in double */
#define log2(x) log2f(x)
#define pow(x, y) powf(x, y)
#define sin(x) sinf(x)
#define sqrt(x) sqrtf(x)

/* The drag solvers' globals (nm on their objects). */
#define af_drag_aim_speed_f64 bench_float_af_drag_aim_speed_f64
#define af_drag_aim_time_f64 bench_float_af_drag_aim_time_f64
#define af_drag_aim_speed_accel_f64 bench_float_af_drag_aim_speed_accel_f64
#define af_drag_aim_time_accel_f64 bench_float_af_drag_aim_time_accel_f64
/* The turret flights' tame magnitudes: squares that stay floats. */
#define AFR_TAME_MAX 0x1p60f

#define afr_drag_aim_speed_f64 bench_float_drag_aim_speed_f64
#define afr_drag_aim_excess_f64 bench_float_drag_aim_excess_f64
#define afr_drag_aim_scan_f64 bench_float_drag_aim_scan_f64
#define af_drag_apex_f64 bench_float_af_drag_apex_f64
#define af_drag_init_f64 bench_float_af_drag_init_f64
#define af_drag_land_f64 bench_float_af_drag_land_f64
#define af_drag_max_range_f64 bench_float_af_drag_max_range_f64
#define af_drag_predict_f64 bench_float_af_drag_predict_f64
#define af_drag_predict_steps_f64 bench_float_af_drag_predict_steps_f64
#define af_drag_samples_f64 bench_float_af_drag_samples_f64
#define af_drag_time_at_height_f64 bench_float_af_drag_time_at_height_f64
#define afr_drag_apex_time_f64 bench_float_drag_apex_time_f64
#define afr_drag_coef_at_f64 bench_float_drag_coef_at_f64
#define afr_drag_coef_x_f64 bench_float_drag_coef_x_f64
#define afr_drag_concave_f64 bench_float_drag_concave_f64
#define afr_drag_continuous_law_f64 bench_float_drag_continuous_law_f64
#define afr_drag_event_at_f64 bench_float_drag_event_at_f64
#define afr_drag_height_time_f64 bench_float_drag_height_time_f64
#define afr_drag_law_init_f64 bench_float_drag_law_init_f64
#define afr_drag_log1p_ratio bench_float_drag_log1p_ratio
#define afr_drag_newton_f64 bench_float_drag_newton_f64
#define afr_drag_pull_excess_f64 bench_float_drag_pull_excess_f64
#define afr_drag_times_a_f64 bench_float_drag_times_a_f64
#define afr_drag_times_b_f64 bench_float_drag_times_b_f64
#define afr_drag_times_b_ldexp_f64 bench_float_drag_times_b_ldexp_f64
#define afr_drag_cap_f64 bench_float_drag_cap_f64
#define afr_drag_cap_shots_f64 bench_float_drag_cap_shots_f64
#define afr_drag_cap_steps_f64 bench_float_drag_cap_steps_f64
#define afr_head_f64 bench_float_head_f64
#define afr_sq_excess_f64 bench_float_sq_excess_f64
#define afr_cross_exact_f64 bench_float_cross_exact_f64
#define afr_across_f64 bench_float_across_f64
#define afr_sq_excess_f64 bench_float_sq_excess_f64
#define af_turret_aim_accel_f64 bench_float_af_turret_aim_accel_f64
#define af_turret_aim_drag_f64 bench_float_af_turret_aim_drag_f64
#define af_turret_aim_qdrag_f64 bench_float_af_turret_aim_qdrag_f64
#define af_turret_aim_drag_accel_f64 bench_float_af_turret_aim_drag_accel_f64
#define af_turret_aim_qdrag_accel_f64 bench_float_af_turret_aim_qdrag_accel_f64
#define af_turret_aim_f64 bench_float_af_turret_aim_f64
#define af_turret_angles_f64 bench_float_af_turret_angles_f64
#define af_turret_barrel_f64 bench_float_af_turret_barrel_f64
#define afr_turret_search_f64 bench_float_turret_search_f64
#define afr_turret_evaluate_f64 bench_float_turret_evaluate_f64
#define afr_turret_shot_at_f64 bench_float_turret_shot_at_f64
#define afr_turret_descend_f64 bench_float_turret_descend_f64
#define afr_turret_fall_after_f64 bench_float_turret_fall_after_f64
#define afr_turret_still_descending_f64 bench_float_turret_still_descending_f64
#define afr_turret_target_at_f64 bench_float_turret_target_at_f64
#define afr_turret_steady_f64 bench_float_turret_steady_f64
#define afr_turret_axes_f64 bench_float_turret_axes_f64
#define afr_turret_frame_f64 bench_float_turret_frame_f64
#define afr_turret_limit_f64 bench_float_turret_limit_f64
#define afr_turret_max_slew_f64 bench_float_turret_max_slew_f64
#define afr_drag_phi1 bench_float_drag_phi1
#define afr_drag_phi2 bench_float_drag_phi2
#define afr_drag_position_f64 bench_float_drag_position_f64
#define afr_drag_stepped_law_f64 bench_float_drag_stepped_law_f64
#define afr_drag_tangent_f64 bench_float_drag_tangent_f64
#define afr_drag_velocity_f64 bench_float_drag_velocity_f64
#define afr_drag_vertical_init_f64 bench_float_drag_vertical_init_f64
#define afr_poly_root_bounds_f64 bench_float_poly_root_bounds_f64
#define afr_poly_roots_f64 bench_float_poly_roots_f64
#define afr_quadratic_roots_f64 bench_float_quadratic_roots_f64
#define afr_root_bracketed_f64 bench_float_root_bracketed_f64

/* The fixed launchers and the drag closest miss (the shots rows). */
#define af_fixed_dir_f64 bench_float_af_fixed_dir_f64
#define af_fixed_elev_f64 bench_float_af_fixed_elev_f64
#define af_drag_fixed_dir_f64 bench_float_af_drag_fixed_dir_f64
#define af_drag_fixed_elev_f64 bench_float_af_drag_fixed_elev_f64
#define af_drag_aim_speed_miss_accel_f64 bench_float_af_drag_aim_speed_miss_accel_f64
#define af_drag_aim_speed_miss_f64 bench_float_af_drag_aim_speed_miss_f64
#define afr_fixed_basis_f64 bench_float_fixed_basis_f64
#define afr_fixed_dir_solve_f64 bench_float_fixed_dir_solve_f64
#define afr_fixed_muzzle_shot_f64 bench_float_fixed_muzzle_shot_f64
#define afr_fixed_point_f64 bench_float_fixed_point_f64
#define afr_fixed_reach_f64 bench_float_fixed_reach_f64
#define afr_fixed_scale_f64 bench_float_fixed_scale_f64
#define afr_fixed_setup_f64 bench_float_fixed_setup_f64
#define afr_miss_min_f64 bench_float_miss_min_f64

/* The quadratic drag solvers' globals (nm on their objects). */
#define af_qdrag_aim_speed_f64 bench_float_af_qdrag_aim_speed_f64
#define af_qdrag_aim_time_f64 bench_float_af_qdrag_aim_time_f64
#define af_qdrag_aim_time_accel_f64 bench_float_af_qdrag_aim_time_accel_f64
#define af_qdrag_aim_speed_accel_f64 bench_float_af_qdrag_aim_speed_accel_f64
#define af_qdrag_apex_f64 bench_float_af_qdrag_apex_f64
#define af_qdrag_coef_f64 bench_float_af_qdrag_coef_f64
#define af_qdrag_land_f64 bench_float_af_qdrag_land_f64
#define af_qdrag_max_range_f64 bench_float_af_qdrag_max_range_f64
#define af_qdrag_predict_f64 bench_float_af_qdrag_predict_f64
#define af_qdrag_predict_steps_f64 bench_float_af_qdrag_predict_steps_f64
#define af_qdrag_samples_f64 bench_float_af_qdrag_samples_f64
#define af_qdrag_time_at_height_f64 bench_float_af_qdrag_time_at_height_f64
#define afr_qd_add_root_f64 bench_float_qd_add_root_f64
#define afr_qd_aim_fly_f64 bench_float_qd_aim_fly_f64
#define afr_qd_aim_setup_f64 bench_float_qd_aim_setup_f64
#define afr_qd_at_f64 bench_float_qd_at_f64
#define afr_qd_at_steps_f64 bench_float_qd_at_steps_f64
#define afr_qd_deriv_f64 bench_float_qd_deriv_f64
#define afr_qd_direct_arcs_f64 bench_float_qd_direct_arcs_f64
#define afr_qd_dp_step_f64 bench_float_qd_dp_step_f64
#define afr_qd_engine_run_f64 bench_float_qd_engine_run_f64
#define afr_qd_engine_step_f64 bench_float_qd_engine_step_f64
#define afr_qd_excess_f64 bench_float_qd_excess_f64
#define afr_qd_joint_newton_f64 bench_float_qd_joint_newton_f64
#define afr_qd_law_f64 bench_float_qd_law_f64
#define afr_qd_ode_step_f64 bench_float_qd_ode_step_f64
#define afr_qd_partial_f64 bench_float_qd_partial_f64
#define afr_qd_polish_f64 bench_float_qd_polish_f64
#define afr_qd_push_root_f64 bench_float_qd_push_root_f64
#define afr_qd_refine_root_f64 bench_float_qd_refine_root_f64
#define afr_qd_scan_roots_f64 bench_float_qd_scan_roots_f64
#define afr_qd_solve3_f64 bench_float_qd_solve3_f64
#define afr_qd_solve_time_f64 bench_float_qd_solve_time_f64
#define afr_qd_split_f64 bench_float_qd_split_f64
#define afr_qd_start_f64 bench_float_qd_start_f64
#define afr_qd_static_roots_f64 bench_float_qd_static_roots_f64
#define afr_qd_step_f64 bench_float_qd_step_f64
#define afr_qd_true_roots_f64 bench_float_qd_true_roots_f64
#define afr_qd_vacuum_guess_f64 bench_float_qd_vacuum_guess_f64
#define afr_qd_vacuum_times_f64 bench_float_qd_vacuum_times_f64

#endif /* AIMFIX_BENCH_FLOAT_F64_H */
