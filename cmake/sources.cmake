# SPDX-License-Identifier: MIT
# The library's files for CMake (the root CMakeLists.txt, ESP-IDF, Zephyr):
# the same lists as mk/sources.mk, which documents them;
# tests/consumers/check-source-lists.sh checks that both agree with each
# other and with src/. Paths are relative to aimfix's root.
set(AIMFIX_COMMON_SRCS
    src/status.c src/version.c)
set(AIMFIX_F64_SRCS
    src/arc_moving_f64.c src/arc_point_f64.c src/arc_time_f64.c src/drag_aim_f64.c
    src/drag_continuous_f64.c src/drag_engine_f64.c src/drag_expo_f64.c
    src/drag_height_f64.c src/drag_land_f64.c src/drag_newton_f64.c
    src/drag_predict_f64.c src/drag_range_f64.c src/drag_samples_f64.c
    src/intercept_f64.c src/roots_f64.c src/drag_cap_f64.c src/exact_f64.c
    src/turret_aim_f64.c src/turret_f64.c src/accel_f64.c
    src/qdrag_flight_f64.c src/qdrag_predict_f64.c src/qdrag_height_f64.c
    src/qdrag_land_f64.c src/qdrag_aim_f64.c src/qdrag_range_f64.c)
set(AIMFIX_Q16_SRCS
    src/arc_apex_q16.c src/arc_moving_q16.c src/arc_point_q16.c src/arc_time_q16.c
    src/arith_q16.c src/atan2_q16.c src/drag_aim_q16.c src/drag_continuous_q16.c
    src/drag_engine_q16.c src/drag_expo_q16.c src/drag_height_q16.c
    src/drag_land_q16.c src/drag_newton_q16.c src/drag_predict_q16.c
    src/drag_range_q16.c src/drag_samples_q16.c src/exp2_q16.c src/fit_q16.c
    src/intercept_q16.c src/lob_shot_q16.c src/log2_q16.c src/mul_q16.c
    src/pow_q16.c src/recip_q16.c src/rsqrt_q16.c src/shots_q16.c src/sqrt_q16.c
    src/trig_q16.c src/vec_q16.c src/drag_cap_q16.c src/turret_aim_q16.c
    src/turret_q16.c src/accel_q16.c src/qdrag_step_q16.c)
set(AIMFIX_PRIVATE_HDRS
    src/check_f64.h src/drag_f64.h src/drag_q16.h src/q16_internal.h src/roots_f64.h
    src/rsqrt_q16.h src/solve_q16.h src/vec_f64.h src/xnum_q16.h src/drag_cap_f64.h
    src/drag_cap_q16.h src/exact_f64.h src/turret_f64.h src/turret_q16.h
    src/qdrag_f64.h)
set(AIMFIX_PUBLIC_HDRS
    include/aimfix.h include/aimfix/accel.h include/aimfix/ballistic.h include/aimfix/config.h
    include/aimfix/drag.h include/aimfix/intercept.h include/aimfix/q16.h
    include/aimfix/status.h include/aimfix/turret.h include/aimfix/types.h
    include/aimfix/version.h
    include/aimfix/qdrag.h)
