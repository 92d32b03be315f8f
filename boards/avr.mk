# SPDX-License-Identifier: MIT
# What the AVR boards have in common: 8-bit AVR cores, whose int has 16
# bits and whose double has 32, built with Debian's avr-gcc and avr-libc
# and run under simavr (port/avr/, scripts/run-simavr.sh). Included by
# boards/atmega*/board.mk after they set AVR_MCU.

BOARD_PORT := avr
BOARD_CROSS_COMPILE := avr-
BOARD_CPU := -mmcu=$(AVR_MCU)
BOARD_FLOAT :=
BOARD_SOFT_FLOAT :=
# simavr reads the MCU and the clock from the program (simavr_tags.c).
# GCC 5's -Wall has -Wstrict-overflow, which reports the optimiser's
# assumptions, not defects (GCC 8 took it out of -Wall).
# -Os: the Q16 solvers' 64-bit arithmetic is long in 8-bit code; at -O2
# the drag solvers alone exceed 256 KiB. -mcall-prologues: functions save
# and restore registers through shared routines, less flash.
# TH_NO_ENVIRONMENT: simavr gives a program no environment, so the test
# harness does not look for one (tests/support/harness.c).
BOARD_EXTRA_CFLAGS := -Os -mcall-prologues -DF_CPU=16000000UL -DPORT_AVR_MCU_NAME='"$(AVR_MCU)"' -DQS_NO_F64 -DQS_NO_NAMES \
    -DTH_NO_ENVIRONMENT -Wno-strict-overflow
# avr-libc's start-up code and linker script; simavr's tags kept out of
# flash (.mmcu far above it, where simavr's loader does not look for code);
# main wrapped so that it ends through port_exit (port_avr.c).
BOARD_LINK_FLAGS := $(BOARD_CPU) -Wl,--gc-sections -Wl,--undefined=port_simavr_tags \
    -Wl,--section-start=.mmcu=0x910000 -Wl,--wrap=main
BOARD_RUNNER := $(CURDIR)/scripts/run-simavr.sh
# avr-gcc's double has 32 bits: no f64 library, and only the suites that
# need no double reference.
BOARD_NO_F64 := 1
BOARD_SUPPORT_SRCS := tests/support/harness.c tests/support/q16_determinism.c tests/support/q16_hash.c \
    tests/support/q16_solvers.c tests/support/q16_rows.c tests/support/q16_drag_rows.c \
    tests/support/q16_shots_rows.c \
    tests/support/q16_sweep.c
BOARD_CHECK_SCRIPTS := tests/check-namespace.sh tests/check-q16-symbols.sh \
    tests/check-fix16-header-only.sh
# No instruction count: simavr counts cycles, which the port reads from
# Timer 1 (port_counter_unit() says "cycles").
BOARD_ICOUNT_SHIFT := 0
