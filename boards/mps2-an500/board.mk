# Arm MPS2 FPGA board with the AN500 image: Cortex-M7, code in 4 MiB of ZBT
# SSRAM at 0x00000000 (standing in for flash), data in 4 MiB at 0x20000000.
# QEMU machine "mps2-an500". Only what differs between boards is here.

BOARD_CORE := Cortex-M7
BOARD_CPU := -mcpu=cortex-m7 -mthumb
# Flags for the code that may use floating point (the f64 library, tests,
# examples); the Q16 library always gets -mfloat-abi=soft.
# Double-precision FPU: float and double in hardware. softfp passes
# arguments in integer registers, so this code links with the soft-float
# Q16 library (and with newlib's v7e-m+dp/softfp multilib).
BOARD_FLOAT := -mfloat-abi=softfp -mfpu=fpv5-d16
BOARD_QEMU := -machine mps2-an500
# The counter's timer: CMSDK APB timer 0 at the 25 MHz peripheral clock.
BOARD_TIMER := cmsdk
BOARD_TIMER_TICK_NS := 40
# QEMU's -icount shift: 2^8 = 256 ns an instruction, 6.4 ticks of 40 ns
# (port/cortex-m/instruction_counter.h says why more than 2).
BOARD_ICOUNT_SHIFT := 8
# Random scenarios in the test suites are divided by this (th_count). A
# probe of the tests' kind of work (random doubles, libm, libfixmath,
# snprintf) ran 10 times slower here than on the host (0.46 s against
# 0.045 s: double is in hardware), Q16-only work 5 times: 1/2 keeps a suite
# within about 5 times its host time.
BOARD_TH_SCALE := 2
