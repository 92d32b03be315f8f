# SPDX-License-Identifier: MIT
# What the MPS2 FPGA boards have in common under QEMU, included by each
# boards/mps2-*/board.mk: code in 4 MiB of ZBT SSRAM at 0x00000000 (standing
# in for flash), data in 4 MiB at 0x20000000 (their memory.ld), and the
# counter's timer.

# CMSDK APB timer 0, clocked by the 25 MHz peripheral clock.
BOARD_TIMER := cmsdk
BOARD_TIMER_TICK_NS := 40
# QEMU's -icount shift: 2^8 = 256 ns an instruction, 6.4 ticks of 40 ns
# (port/cortex-m/instruction_counter.h says why more than 2).
BOARD_ICOUNT_SHIFT := 8
