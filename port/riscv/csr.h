/* SPDX-License-Identifier: MIT */
/* Control and status register access. The code is built for rv32imac,
 * whose multilib picolibc provides; the CSR instructions are the Zicsr
 * extension, which every RISC-V core with machine mode has, enabled here
 * for just these instructions. */
#ifndef AIMFIX_PORT_RISCV_CSR_H
#define AIMFIX_PORT_RISCV_CSR_H

#define CSR_ZICSR_BEGIN ".option push\n\t.option arch, +zicsr\n\t"
#define CSR_ZICSR_END "\n\t.option pop"

/* value = the CSR `name` (a register name such as minstret). */
#define CSR_READ(name, value) \
    __asm__ volatile(CSR_ZICSR_BEGIN "csrr %0, " #name CSR_ZICSR_END : "=r"(value))

#endif /* AIMFIX_PORT_RISCV_CSR_H */
