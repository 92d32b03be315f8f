# Arm MPS2 FPGA board with the AN385 image: Cortex-M3, code in 4 MiB of ZBT
# SSRAM at 0x00000000 (standing in for flash), data in 4 MiB at 0x20000000.
# QEMU machine "mps2-an385". Only what differs between boards is here.

BOARD_CORE := Cortex-M3
BOARD_CPU := -mcpu=cortex-m3 -mthumb
# Flags for the code that may use floating point (the f64 library, tests,
# examples); the Q16 library always gets -mfloat-abi=soft.
# No FPU: soft-float.
BOARD_FLOAT := -mfloat-abi=soft
BOARD_QEMU := -machine mps2-an385
# The counter's timer: CMSDK APB timer 0 at the 25 MHz peripheral clock.
BOARD_TIMER := cmsdk
BOARD_TIMER_TICK_NS := 40
# QEMU's -icount shift: 2^8 = 256 ns an instruction, 6.4 ticks of 40 ns
# (port/cortex-m/instruction_counter.h says why more than 2).
BOARD_ICOUNT_SHIFT := 8
# Random scenarios in the test suites are divided by this (th_count). A
# probe of the tests' kind of work (random doubles, libm, libfixmath,
# snprintf) ran about 90 times slower here than on the host (3.5 to 3.8 s
# against 0.04 s), Q16-only work about 6 times: 1/10 keeps a suite within
# about 9 times its host time.
BOARD_TH_SCALE := 10
