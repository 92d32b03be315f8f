# SPDX-License-Identifier: MIT
# The library's files: the list to copy into your own build.
#
# Every build of aimfix reads this list: the Makefile here, CMake through
# cmake/sources.cmake (its mirror, checked to agree by
# tests/host/check-source-lists.sh) and the Arduino/PlatformIO, ESP-IDF and
# Zephyr descriptions built on that.
#
# From your own Makefile:
#     AIMFIX_ROOT := path/to/aimfix
#     include $(AIMFIX_ROOT)/mk/sources.mk
#     SRCS   += $(AIMFIX_Q16_LIB_SRCS)      (or $(AIMFIX_LIB_SRCS) for both)
#     CFLAGS += $(AIMFIX_INC) -Ipath/to/libfixmath/libfixmath
# Copying by hand instead: include/ whole (aimfix.h and aimfix/) and src/
# whole, its folders kept (a source includes the private headers by their
# path relative to itself): src/core/ the Q16.16 math core, src/q16/ and
# src/f64/ the solvers in each format (see src/README.md).
#
# Flags: C99 or later; any optimisation, CPU and float ABI (the sources
# compile as part of your program, with your flags). The f64 sources need
# libm (-lm); the Q16 ones need no libm, no heap and no floating point.
# Any width of int: 16 bits (AVR) gives the same answers as 32.
#
# libfixmath: only its header fix16.h, for the fix16_t type; none of its .c
# files is needed (aimfix has its own Q16 arithmetic). Its folder goes on the
# include path: -I<libfixmath>/libfixmath.

AIMFIX_ROOT ?= .
# aimfix_files,FOLDER,NAMES: the paths of NAMES in FOLDER of aimfix (no
# leading ./, so that make sees one name per file).
aimfix_files = $(patsubst ./%,%,$(addprefix $(AIMFIX_ROOT)/$(1)/,$(2)))
# Both libraries need these (no floating point): the status names and the
# version, at the top of src/.
AIMFIX_COMMON_SRCS := $(call aimfix_files,src,\
    status.c version.c)
# The double-precision reference solvers (use libm): src/f64/ and its
# drag/ folder.
AIMFIX_F64_SRCS := $(call aimfix_files,src/f64,\
    accel_f64.c arc_apex_f64.c arc_max_range_f64.c arc_min_speed_f64.c arc_moving_f64.c \
    moving_convex_f64.c \
    arc_point_f64.c arc_time_f64.c exact_f64.c intercept_f64.c roots_f64.c turret_aim_f64.c \
    turret_f64.c turret_descent_f64.c turret_sample_f64.c turret_search_f64.c) \
  $(call aimfix_files,src/f64/drag,\
    drag_aim_f64.c drag_cap_f64.c drag_continuous_f64.c drag_engine_f64.c \
    drag_exact_f64.c drag_expo_f64.c drag_height_f64.c drag_vertical_f64.c drag_land_f64.c \
    drag_newton_f64.c drag_predict_f64.c drag_range_f64.c drag_samples_f64.c qdrag_aim_f64.c \
    qdrag_engine_f64.c qdrag_flight_f64.c qdrag_height_f64.c qdrag_land_f64.c qdrag_ode_f64.c \
    qdrag_predict_f64.c qdrag_range_f64.c qdrag_root_f64.c qdrag_scan_f64.c qdrag_speed_f64.c \
    qdrag_static_f64.c qdrag_direct_f64.c turret_drag_f64.c) \
  $(call aimfix_files,src/f64,fixed_launch_f64.c fixed_elev_f64.c miss_f64.c miss_search_f64.c) \
  $(call aimfix_files,src/f64/drag,fixed_drag_f64.c miss_drag_f64.c) \
  $(call aimfix_files,src/f64/drag,drag_aim_accel_f64.c) \
  $(call aimfix_files,src/f64/drag,drag_aim_scan_f64.c) \
  $(call aimfix_files,src/f64/drag,turret_qdrag_f64.c)
# The Q16.16 math core (src/core/) and solvers (src/q16/ and its drag/
# folder): no floating point, no libm, no malloc.
AIMFIX_Q16_SRCS := $(call aimfix_files,src/core,\
    arith_q16.c atan2_q16.c exp2_q16.c log2_q16.c mul_q16.c pow_q16.c \
    recip_q16.c rsqrt_q16.c sqrt_q16.c trig_q16.c vec_q16.c) \
  $(call aimfix_files,src/q16,\
    accel_q16.c arc_apex_q16.c arc_max_range_q16.c arc_min_speed_q16.c arc_moving_q16.c \
    arc_point_q16.c arc_time_q16.c distance_q16.c fit_q16.c intercept_q16.c lob_shot_q16.c \
    moving_convex_q16.c poly_roots_q16.c shots_q16.c speed_q16.c turret_aim_q16.c turret_flights_q16.c \
    turret_descent_q16.c turret_q16.c turret_same_shot_q16.c turret_sample_q16.c \
    turret_search_q16.c) \
  $(call aimfix_files,src/q16/drag,\
    drag_aim_q16.c drag_aim_bounds_q16.c drag_aim_convex_q16.c drag_aim_scan_q16.c \
    drag_cap_q16.c \
    drag_steps_q16.c \
    drag_continuous_q16.c drag_engine_q16.c \
    drag_expo_q16.c drag_height_q16.c drag_land_chords_q16.c drag_land_q16.c drag_newton_q16.c \
    drag_predict_q16.c drag_range_q16.c drag_samples_q16.c qdrag_aim_q16.c \
    qdrag_accel_q16.c qdrag_height_q16.c qdrag_jacobian_q16.c qdrag_land_q16.c qdrag_range_q16.c \
    qdrag_rk4_q16.c qdrag_samples_q16.c qdrag_speed_q16.c qdrag_speed_scan_q16.c qdrag_follow_q16.c qdrag_linear_q16.c \
    qdrag_step_q16.c qdrag_apex_q16.c qdrag_within_q16.c \
    turret_drag_q16.c drag_vertical_q16.c) \
  $(call aimfix_files,src/q16,fixed_vacuum_q16.c fixed_dir_q16.c fixed_elev_q16.c fixed_scan_q16.c \
    miss_q16.c) \
  $(call aimfix_files,src/q16/drag,fixed_drag_q16.c miss_drag_q16.c) \
  $(call aimfix_files,src/q16/drag,drag_aim_accel_q16.c) \
  $(call aimfix_files,src/q16/drag,turret_qdrag_q16.c)
# Private headers, included by the sources by their path relative to the
# including file (no include path needed). (src/aimfix.h and src/aimfix/
# only forward to include/, for the Arduino builder.)
AIMFIX_PRIVATE_HDRS := $(call aimfix_files,src/core,\
    dnum_q16.h num_mul32_q16.h num_q16.h q16_internal.h rsqrt_q16.h steering_q16.h \
    xnum_q16.h) \
  $(call aimfix_files,src/q16,accel_q16.h distance_q16.h intercept_wide_q16.h moving_q16.h solve_q16.h turret_q16.h turret_search_q16.h) \
  $(call aimfix_files,src/q16/drag,drag_aim_q16.h drag_cap_q16.h drag_land_q16.h drag_q16.h qdrag_aim_q16.h qdrag_speed_q16.h \
    qdrag_q16.h) \
  $(call aimfix_files,src/f64,check_f64.h exact_f64.h moving_f64.h roots_f64.h turret_f64.h vec_f64.h) \
  $(call aimfix_files,src/f64,turret_search_f64.h) \
  $(call aimfix_files,src/f64/drag,drag_aim_f64.h drag_cap_f64.h drag_f64.h qdrag_aim_f64.h qdrag_f64.h qdrag_speed_f64.h) \
  $(call aimfix_files,src/f64,fixed_launch_f64.h miss_f64.h) \
  $(call aimfix_files,src/q16,fixed_scan_q16.h fixed_vacuum_q16.h miss_q16.h)
# Public headers (aimfix.h includes the rest).
AIMFIX_PUBLIC_HDRS := $(call aimfix_files,include,aimfix.h) $(call aimfix_files,include/aimfix,\
    accel.h ballistic.h ballistic_moving.h config.h drag.h drag_aim.h drag_flight.h drag_model.h qdrag_aim.h intercept.h q16.h \
    status.h turret.h turret_aim.h turret_drag_aim.h turret_head.h turret_shot.h types.h version.h qdrag.h) \
  $(call aimfix_files,include/aimfix,fixed_launch.h miss.h)

# What each library is made of.
AIMFIX_Q16_LIB_SRCS := $(AIMFIX_COMMON_SRCS) $(AIMFIX_Q16_SRCS)
AIMFIX_F64_LIB_SRCS := $(AIMFIX_COMMON_SRCS) $(AIMFIX_F64_SRCS)
AIMFIX_LIB_SRCS := $(AIMFIX_COMMON_SRCS) $(AIMFIX_F64_SRCS) $(AIMFIX_Q16_SRCS)
AIMFIX_INC := -I$(AIMFIX_ROOT)/include
