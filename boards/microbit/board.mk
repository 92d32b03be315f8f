# SPDX-License-Identifier: MIT
# BBC micro:bit v1: Nordic nRF51822, Cortex-M0 (ARMv6-M: no FPU, no divide
# instruction), 256 KiB flash, 16 KiB RAM. QEMU machine "microbit".
# Only what differs between boards is here; mk/target.mk does the rest.

BOARD_CORE := Cortex-M0
BOARD_CPU := -mcpu=cortex-m0 -mthumb
# Flags for the code that may use floating point (the f64 library, tests,
# examples): no FPU, so soft-float. The Q16 library always gets
# -mfloat-abi=soft, whatever this says.
BOARD_FLOAT := -mfloat-abi=soft
BOARD_QEMU := -machine microbit
# The counter's timer (port/cortex-m/timer_<name>.c) and its tick in ns.
BOARD_TIMER := nrf51
BOARD_TIMER_TICK_NS := 125
# QEMU's -icount shift: 2^8 = 256 ns an instruction, 2.048 ticks of 125 ns
# (port/cortex-m/instruction_counter.h says why that is enough).
BOARD_ICOUNT_SHIFT := 8
# Random scenarios in the test suites are divided by this (th_count). A
# probe of the tests' kind of work (random doubles, libm, libfixmath,
# snprintf) ran about 230 times slower here than on the host (9.0 to
# 10.6 s against 0.04 s), Q16-only work about 18 times: The f64 suites
# (soft-float double, brute-force scans) took up to 5 minutes at 1/20:
# 1/200 keeps each board's whole run near a minute.
BOARD_TH_SCALE := 200
# newlib-nano with its float printf: 8 to 21 KiB less flash per program
# than full newlib (the tests print no %ll, as for avr-libc).
BOARD_LIBC_FLAGS := --specs=nano.specs -u _printf_float
# The moving-target lob (its convex path and root isolation) and its distance, the drag
# landing chords, maximum range, height, aim (its scan, bounds and convex search), Newton iteration, engine cap and exponentials,
# the apex lob and the shots' last steps, the fixed launchers' scan, the closest miss, and the f64
# minimum speed, maximum range, moving-target lob (its convex path too), arc to a point, intercept,
# apex lob, root finding, drag landing, drag aim (its scan too) and heights (yardsticks here) compiled for size:
# 256 KiB of flash must hold the determinism and budget suites and the benchmark program
# with their yardsticks (the benchmark program overflowed it by 1500 bytes).
BOARD_SIZE_SRCS := src/q16/arc_moving_q16.c src/q16/moving_convex_q16.c src/q16/poly_roots_q16.c \
                   src/q16/distance_q16.c src/q16/drag/drag_height_q16.c \
                   src/q16/drag/drag_vertical_q16.c src/q16/drag/drag_land_chords_q16.c \
                   src/q16/drag/drag_range_q16.c src/f64/drag/drag_range_f64.c \
                   src/q16/drag/drag_aim_q16.c src/q16/drag/drag_aim_scan_q16.c \
                   src/q16/drag/drag_aim_bounds_q16.c src/q16/drag/drag_aim_convex_q16.c \
                   src/q16/drag/drag_expo_q16.c src/q16/speed_q16.c \
                   src/q16/fixed_scan_q16.c src/q16/fixed_vacuum_q16.c src/q16/fixed_dir_q16.c \
                   src/q16/fixed_elev_q16.c src/q16/miss_q16.c src/f64/arc_min_speed_f64.c \
                   src/q16/drag/drag_newton_q16.c src/q16/drag/drag_cap_q16.c \
                   src/q16/arc_apex_q16.c src/q16/lob_shot_q16.c \
                   src/f64/arc_max_range_f64.c src/f64/arc_moving_f64.c src/f64/moving_convex_f64.c \
                   src/f64/arc_point_f64.c src/f64/intercept_f64.c src/f64/roots_f64.c \
                   src/f64/arc_apex_f64.c src/f64/drag/drag_land_f64.c src/f64/drag/drag_aim_f64.c \
                   src/f64/drag/drag_height_f64.c src/f64/drag/drag_vertical_f64.c src/f64/drag/drag_predict_f64.c \
                   src/f64/drag/drag_cap_f64.c src/f64/drag/drag_exact_f64.c src/f64/arc_time_f64.c \
                   src/f64/exact_f64.c src/f64/drag/drag_engine_f64.c src/f64/drag/drag_newton_f64.c \
                   src/q16/drag/drag_aim_accel_q16.c src/q16/drag/miss_drag_q16.c \
                   src/f64/drag/drag_aim_scan_f64.c
