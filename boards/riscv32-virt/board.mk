# SPDX-License-Identifier: MIT
# A 32-bit RISC-V microcontroller core, rv32imac (no FPU, a hardware
# multiply and divide, compressed instructions; the class of the GD32VF103
# and CH32V), on QEMU's "virt" machine with its FPU turned off, so that a
# floating-point instruction would trap. Debian's riscv64-unknown-elf gcc
# with picolibc; the port in port/riscv/.
# Only what differs between boards is here; mk/target.mk does the rest.

BOARD_CORE := RV32IMAC
BOARD_PORT := riscv
BOARD_CROSS_COMPILE := riscv64-unknown-elf-
BOARD_CPU := -march=rv32imac -mabi=ilp32
# No FPU: float and double in software everywhere.
BOARD_FLOAT :=
BOARD_SOFT_FLOAT :=
BOARD_LIBC_FLAGS := --specs=picolibc.specs
BOARD_QEMU_BIN := qemu-system-riscv32
BOARD_QEMU := -machine virt -cpu rv32,f=false,d=false -bios none
# QEMU's -icount shift: 2^0 = 1 ns an instruction, so minstret (the virtual
# clock in ns under -icount) counts instructions (port/riscv/port_riscv.c).
BOARD_ICOUNT_SHIFT := 0
# Random scenarios in the test suites are divided by this (th_count), as
# on the MPS2 boards (the same kind of QEMU speed).
BOARD_TH_SCALE := 100
