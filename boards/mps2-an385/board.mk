# SPDX-License-Identifier: MIT
# Arm MPS2 FPGA board with the AN385 image: Cortex-M3. QEMU machine "mps2-an385".
# Only what differs between boards is here; what the MPS2 boards share is
# in boards/mps2.mk.

include boards/mps2.mk

BOARD_CORE := Cortex-M3
BOARD_CPU := -mcpu=cortex-m3 -mthumb
# Flags for the code that may use floating point (the f64 library, tests,
# examples); the Q16 library always gets -mfloat-abi=soft.
# No FPU: soft-float.
BOARD_FLOAT := -mfloat-abi=soft
BOARD_QEMU := -machine mps2-an385
# Random scenarios in the test suites are divided by this (th_count). A
# probe of the tests' kind of work (random doubles, libm, libfixmath,
# snprintf) ran about 90 times slower here than on the host (3.5 to 3.8 s
# against 0.04 s), Q16-only work about 6 times: The f64 suites
# (soft-float double, brute-force scans) took up to 3 minutes at 1/10:
# 1/100 keeps each board's whole run near a minute.
BOARD_TH_SCALE := 100
