# SPDX-License-Identifier: MIT
# The library's files for CMake (the root CMakeLists.txt, ESP-IDF, Zephyr):
# the same lists as mk/sources.mk, which documents them;
# tests/consumers/check-source-lists.sh checks that both agree with each
# other and with src/. Paths are relative to aimfix's root.
set(AIMFIX_COMMON_SRCS
    src/status.c src/version.c)
set(AIMFIX_F64_SRCS
    src/f64/accel_f64.c src/f64/arc_apex_f64.c src/f64/arc_max_range_f64.c
    src/f64/arc_min_speed_f64.c src/f64/arc_moving_f64.c src/f64/moving_convex_f64.c
    src/f64/arc_point_f64.c src/f64/arc_time_f64.c src/f64/exact_f64.c
    src/f64/intercept_f64.c src/f64/roots_f64.c src/f64/turret_aim_f64.c
    src/f64/turret_f64.c src/f64/drag/drag_aim_f64.c src/f64/drag/drag_cap_f64.c
    src/f64/drag/drag_continuous_f64.c src/f64/drag/drag_engine_f64.c src/f64/drag/drag_exact_f64.c
    src/f64/drag/drag_expo_f64.c src/f64/drag/drag_height_f64.c
    src/f64/drag/drag_vertical_f64.c
    src/f64/drag/drag_land_f64.c src/f64/drag/drag_newton_f64.c
    src/f64/drag/drag_predict_f64.c src/f64/drag/drag_range_f64.c
    src/f64/drag/drag_samples_f64.c src/f64/drag/qdrag_aim_f64.c
    src/f64/drag/qdrag_engine_f64.c src/f64/drag/qdrag_flight_f64.c
    src/f64/drag/qdrag_height_f64.c src/f64/drag/qdrag_land_f64.c
    src/f64/drag/qdrag_ode_f64.c src/f64/drag/qdrag_predict_f64.c
    src/f64/drag/qdrag_range_f64.c src/f64/drag/qdrag_root_f64.c
    src/f64/drag/qdrag_scan_f64.c src/f64/drag/qdrag_speed_f64.c
    src/f64/drag/qdrag_static_f64.c src/f64/drag/qdrag_direct_f64.c
    src/f64/drag/turret_drag_f64.c
    src/f64/turret_search_f64.c src/f64/turret_sample_f64.c src/f64/turret_descent_f64.c
    src/f64/fixed_launch_f64.c src/f64/fixed_elev_f64.c src/f64/miss_f64.c src/f64/miss_search_f64.c
    src/f64/drag/fixed_drag_f64.c src/f64/drag/miss_drag_f64.c
    src/f64/drag/drag_aim_accel_f64.c
    src/f64/drag/drag_aim_scan_f64.c
    src/f64/drag/turret_qdrag_f64.c)
set(AIMFIX_Q16_SRCS
    src/core/arith_q16.c src/core/atan2_q16.c src/core/exp2_q16.c src/core/log2_q16.c
    src/core/mul_q16.c src/core/pow_q16.c src/core/recip_q16.c src/core/rsqrt_q16.c
    src/core/sqrt_q16.c src/core/trig_q16.c src/core/vec_q16.c src/q16/accel_q16.c
    src/q16/arc_apex_q16.c src/q16/arc_max_range_q16.c src/q16/arc_min_speed_q16.c
    src/q16/arc_moving_q16.c src/q16/arc_point_q16.c
    src/q16/arc_time_q16.c src/q16/distance_q16.c src/q16/fit_q16.c src/q16/intercept_q16.c
    src/q16/lob_shot_q16.c src/q16/moving_convex_q16.c
    src/q16/poly_roots_q16.c src/q16/shots_q16.c src/q16/speed_q16.c src/q16/turret_aim_q16.c
    src/q16/turret_q16.c src/q16/drag/drag_aim_q16.c src/q16/drag/drag_aim_bounds_q16.c
    src/q16/drag/drag_aim_convex_q16.c src/q16/drag/drag_aim_scan_q16.c
    src/q16/drag/drag_cap_q16.c
    src/q16/drag/drag_steps_q16.c
    src/q16/drag/drag_continuous_q16.c src/q16/drag/drag_engine_q16.c
    src/q16/drag/drag_expo_q16.c src/q16/drag/drag_height_q16.c
    src/q16/drag/drag_vertical_q16.c
    src/q16/drag/drag_land_chords_q16.c src/q16/drag/drag_land_q16.c
    src/q16/drag/drag_newton_q16.c
    src/q16/drag/drag_predict_q16.c src/q16/drag/drag_range_q16.c
    src/q16/drag/drag_samples_q16.c src/q16/drag/qdrag_aim_q16.c
    src/q16/drag/qdrag_accel_q16.c
    src/q16/drag/qdrag_height_q16.c src/q16/drag/qdrag_jacobian_q16.c
    src/q16/drag/qdrag_land_q16.c src/q16/drag/qdrag_range_q16.c
    src/q16/drag/qdrag_samples_q16.c src/q16/drag/qdrag_speed_q16.c
    src/q16/drag/qdrag_speed_scan_q16.c src/q16/drag/qdrag_follow_q16.c
    src/q16/drag/qdrag_linear_q16.c
    src/q16/drag/qdrag_rk4_q16.c src/q16/drag/qdrag_step_q16.c
    src/q16/drag/qdrag_apex_q16.c
    src/q16/drag/qdrag_within_q16.c
    src/q16/drag/turret_drag_q16.c src/q16/turret_flights_q16.c
    src/q16/turret_descent_q16.c src/q16/turret_same_shot_q16.c
    src/q16/turret_sample_q16.c src/q16/turret_search_q16.c
    src/q16/fixed_vacuum_q16.c src/q16/fixed_dir_q16.c src/q16/fixed_elev_q16.c
    src/q16/fixed_scan_q16.c src/q16/miss_q16.c
    src/q16/drag/fixed_drag_q16.c src/q16/drag/miss_drag_q16.c
    src/q16/drag/drag_aim_accel_q16.c
    src/q16/drag/turret_qdrag_q16.c)
set(AIMFIX_PRIVATE_HDRS
    src/core/dnum_q16.h src/core/num_mul32_q16.h src/core/num_q16.h
    src/core/q16_internal.h src/core/rsqrt_q16.h src/core/steering_q16.h
    src/core/xnum_q16.h src/q16/accel_q16.h src/q16/distance_q16.h src/q16/intercept_wide_q16.h
    src/q16/moving_q16.h
    src/q16/solve_q16.h src/q16/turret_q16.h src/q16/turret_search_q16.h
    src/q16/drag/drag_aim_q16.h src/q16/drag/drag_cap_q16.h src/q16/drag/drag_land_q16.h
    src/q16/drag/drag_q16.h src/q16/drag/qdrag_aim_q16.h src/q16/drag/qdrag_speed_q16.h src/q16/drag/qdrag_q16.h
    src/f64/check_f64.h
    src/f64/exact_f64.h src/f64/moving_f64.h src/f64/roots_f64.h src/f64/turret_f64.h src/f64/vec_f64.h
    src/f64/turret_search_f64.h
    src/f64/drag/drag_aim_f64.h src/f64/drag/drag_cap_f64.h src/f64/drag/drag_f64.h src/f64/drag/qdrag_aim_f64.h
    src/f64/drag/qdrag_f64.h src/f64/drag/qdrag_speed_f64.h
    src/f64/fixed_launch_f64.h src/f64/miss_f64.h src/q16/fixed_scan_q16.h
    src/q16/fixed_vacuum_q16.h src/q16/miss_q16.h)
set(AIMFIX_PUBLIC_HDRS
    include/aimfix.h include/aimfix/accel.h include/aimfix/ballistic.h
    include/aimfix/ballistic_moving.h
    include/aimfix/config.h include/aimfix/drag.h include/aimfix/drag_aim.h include/aimfix/qdrag_aim.h
    include/aimfix/drag_flight.h include/aimfix/drag_model.h include/aimfix/intercept.h
    include/aimfix/q16.h include/aimfix/status.h include/aimfix/turret.h
    include/aimfix/turret_aim.h include/aimfix/turret_drag_aim.h include/aimfix/turret_head.h
    include/aimfix/turret_shot.h
    include/aimfix/types.h include/aimfix/version.h include/aimfix/qdrag.h
    include/aimfix/fixed_launch.h include/aimfix/miss.h)
