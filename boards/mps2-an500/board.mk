# SPDX-License-Identifier: MIT
# Arm MPS2 FPGA board with the AN500 image: Cortex-M7. QEMU machine "mps2-an500".
# Only what differs between boards is here; what the MPS2 boards share is
# in boards/mps2.mk.

include boards/mps2.mk

BOARD_CORE := Cortex-M7
BOARD_CPU := -mcpu=cortex-m7 -mthumb
# Flags for the code that may use floating point (the f64 library, tests,
# examples); the Q16 library always gets -mfloat-abi=soft.
# The core's FPU does double precision too, but only its single-precision
# half is used (fpv5-sp-d16): float in hardware, and the f64 reference in
# newlib's soft-float double and libm, as on every other board. softfp
# passes arguments in integer registers, so this code links with the
# soft-float Q16 library (and with newlib's v7e-m+fp/softfp multilib).
BOARD_FLOAT := -mfloat-abi=softfp -mfpu=fpv5-sp-d16
BOARD_QEMU := -machine mps2-an500
# Random scenarios in the test suites are divided by this (th_count). A
# probe of the tests' kind of work (random doubles, libm, libfixmath,
# snprintf) ran about 100 times slower here than on the host (3.3 to 4.7 s
# against 0.04 s), Q16-only work about 5 times: 1/10 keeps a suite within
# about 10 times its host time.
BOARD_TH_SCALE := 100
