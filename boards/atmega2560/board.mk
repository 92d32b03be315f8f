# SPDX-License-Identifier: MIT
# Arduino Mega 2560: ATmega2560, 8-bit AVR at 16 MHz, 256 KiB flash, 8 KiB
# RAM; int has 16 bits, double 32. Under simavr (boards/avr.mk).
# Only what differs between boards is here; mk/target.mk does the rest.

AVR_MCU := atmega2560
BOARD_CORE := ATmega2560
include boards/avr.mk
# The determinism check in two programs (the vacuum solvers with the math
# core, the drag solvers: all of them together exceed the 256 KiB of
# flash), over a prefix of the full suite's inputs (suite_q16_bits, all of the
# math core's 4096 rounds, would take 70 s here), the status names and the
# stack use of the math core.
BOARD_SUITES := suite_determinism_vacuum_q16 suite_determinism_drag_q16 suite_determinism_shots_q16 \
    suite_status \
    suite_stack_use
# The fixed launchers and closest misses without the rows built on the drag
# aim at a fixed speed (tests/cross/suite_determinism_shots_q16.c): with
# them the shots program exceeds the 256 KiB.
BOARD_EXTRA_CFLAGS += -DQS_SHOTS_NO_DRAG_SPEED
# The turret firmware against the host's recorded camera fixes
# (examples/turret/tests/suite_turret_replay.c).
BOARD_TURRET_REPLAY := 1
# Random scenarios in the test suites are divided by this (th_count).
BOARD_TH_SCALE := 200
