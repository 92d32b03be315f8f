# SPDX-License-Identifier: MIT
# Arduino Uno: ATmega328P, 8-bit AVR at 16 MHz, 32 KiB flash, 2 KiB RAM;
# int has 16 bits, double 32. Under simavr (boards/avr.mk).
# Only what differs between boards is here; mk/target.mk does the rest.

AVR_MCU := atmega328p
BOARD_CORE := ATmega328P
include boards/avr.mk
# Built for flash above all: no inlining (the wide-number helpers of
# src/core/ are static inline, and inlined at every use they made the
# point lob 8.6 KiB too large beside its test program), link-time
# optimisation (which merges the identical copies of those helpers that
# each object keeps), -mstrict-X, the loop optimisations left out (their
# induction variables and hoisted invariants cost more flash than they
# save cycles here: the apex lob's program 1 KiB less) and linker
# relaxation (short calls and jumps); no temporary expression
# replacement and register allocation over whole regions (1 KiB less
# over the programs: the point lob's had 6 bytes too few). The same bits:
# only code size and speed change.
UNO_SIZE_FLAGS := -fno-inline -mstrict-X -fno-tree-loop-optimize -fno-move-loop-invariants \
                  -fno-tree-ter -fira-region=all
BOARD_EXTRA_CFLAGS += $(UNO_SIZE_FLAGS) -flto -ffat-lto-objects
# --undefined=main: the port wraps main (boards/avr.mk), a reference the
# link-time optimiser does not see, without which it drops main.
BOARD_LINK_FLAGS += -Os -mcall-prologues $(UNO_SIZE_FLAGS) -flto -Wl,--relax -Wl,--undefined=main
# One solver per program, each over the first 32 inputs of its row of
# the determinism check: the intercept and every vacuum lob but the
# moving-target one; the status names.
BOARD_SUITES := suite_determinism_intercept_q16 suite_determinism_arc_point_q16 \
    suite_determinism_arc_time_q16 suite_determinism_arc_apex_q16 \
    suite_determinism_max_range_q16 suite_determinism_min_speed_q16 suite_status
# The rows whose solver alone, in a program that calls nothing else, is
# larger than the 32 KiB of flash (docs/porting.md): "does not fit" in
# the every-board cost table (bench/harness/boards.sh).
BOARD_TOO_LARGE := arc_moving
# Lines of output are cut at 120 characters to leave the 2 KiB of RAM to
# the solvers' stack.
BOARD_EXTRA_CFLAGS += -DTH_LINE_SIZE=120
# Random scenarios in the test suites are divided by this (th_count).
BOARD_TH_SCALE := 200
