# SPDX-License-Identifier: MIT
# Arduino Uno: ATmega328P, 8-bit AVR at 16 MHz, 32 KiB flash, 2 KiB RAM;
# int has 16 bits, double 32. Under simavr (boards/avr.mk).
# Only what differs between boards is here; mk/target.mk does the rest.

AVR_MCU := atmega328p
BOARD_CORE := ATmega328P
include boards/avr.mk
# One solver per program (each needs 10 to 14 KiB of the 32 KiB of flash),
# the determinism check over the first 32 inputs of the intercept's and
# the vacuum lobs' rows, and the status names. The fixed-speed point lob,
# which checks and refines each shot's speed, overflows the flash by 8.6 KiB
# beside its test program: the Mega runs its row. Lines of output are cut
# at 120 characters to leave the 2 KiB of RAM to the solvers' stack.
BOARD_SUITES := suite_determinism_intercept_q16 suite_determinism_arc_time_q16 \
    suite_determinism_max_range_q16 suite_determinism_min_speed_q16 suite_status
BOARD_EXTRA_CFLAGS += -DTH_LINE_SIZE=120
# Random scenarios in the test suites are divided by this (th_count).
BOARD_TH_SCALE := 200
