# SPDX-License-Identifier: MIT
# The ARMv4T class (the ARM7TDMI of handhelds and older microcontrollers:
# Thumb-1, no CLZ, no divide instruction, no FPU). The code is built for
# -mcpu=arm7tdmi -mthumb and runs on QEMU's Versatile/PB machine with its
# ARM926 swapped for the TI925T, an ARMv4T core, so that an ARMv5
# instruction in the build would trap. Newlib's Thumb multilib and the
# port in port/armv4t/ (start-up, the semihosting trap, the counter), which
# reuses the Cortex-M port's portable parts.
# Only what differs between boards is here; mk/target.mk does the rest.

BOARD_CORE := ARMv4T
BOARD_PORT := armv4t
BOARD_CPU := -mcpu=arm7tdmi -mthumb
# No FPU: soft-float everywhere.
BOARD_FLOAT := -mfloat-abi=soft
# The PL041 sound device gets a silent audio back end (QEMU would probe
# the host's sound system and print its failures).
BOARD_QEMU := -machine versatilepb -cpu ti925t -audiodev none,id=silent -global pl041.audiodev=silent
# The counter (port/armv4t/counter_<name>.c): the system controller's
# 24 MHz counter, read under QEMU's -icount shift 10 (2^10 = 1024 ns an
# instruction, 24.6 ticks; the largest shift QEMU takes).
BOARD_COUNTER := 24mhz
BOARD_ICOUNT_SHIFT := 10
# Random scenarios in the test suites are divided by this (th_count), as
# on the micro:bit, whose Thumb-1 code runs about as many instructions:
# the f64 suites (soft-float double, brute-force scans) took up to 55 s
# at 1/100 under make test's load; each suite's first line says the scale.
BOARD_TH_SCALE := 200
