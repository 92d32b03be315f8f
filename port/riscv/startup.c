/* SPDX-License-Identifier: MIT */
/*
 * Start-up code for the RISC-V boards (machine mode, one hart): the entry
 * point sets the stack and global pointers and the trap vector, prepares
 * memory and runs main; every trap (an illegal instruction, a bad address,
 * an ebreak that is not a semihosting call) ends the run with
 * PORT_EXIT_HARD_FAULT, like a HardFault on the Cortex-M boards. No
 * interrupt is ever enabled, so a trap is always an exception.
 */
#include <stdint.h>

#include "csr.h"
#include "exit_codes.h"
#include "format_number.h"
#include "linker_symbols.h"
#include "port.h"
#include "semihosting.h"
#include "stack_meter.h"

int main(void);
void Reset_Handler(void);
void port_riscv_reset(void) __attribute__((noreturn, used));
void port_riscv_trap(void) __attribute__((noreturn, used));

/* The entry point (linker/sections.ld names it), first in .text, where the machine starts (the .vectors section heads
 * FLASH in linker/sections.ld). Naked: nothing may use the stack before sp
 * is set. gp must be set with relaxation off, or the assembler would
 * address __global_pointer$ through gp itself. tp points at the one
 * thread's block of thread-local data (picolibc's errno). mtvec needs a 4-byte
 * aligned handler (direct mode). */
__attribute__((naked, section(".vectors"))) void Reset_Handler(void)
{
    __asm__ volatile(".option push\n\t"
                     ".option norelax\n\t"
                     "la gp, __global_pointer$\n\t"
                     ".option pop\n\t"
                     "la sp, __stack_top\n\t"
                     "la tp, __tls_base\n\t"
                     "la t0, port_riscv_trap\n\t"
                     CSR_ZICSR_BEGIN "csrw mtvec, t0" CSR_ZICSR_END "\n\t"
                     "j port_riscv_reset");
}

void port_riscv_reset(void)
{
    const uint32_t *from = __data_load;
    uint32_t *to;

    for (to = __data_start; to < __data_end; to++, from++)
        *to = *from;
    for (to = __bss_start; to < __bss_end; to++)
        *to = 0;
    stack_meter_paint();
    port_exit(main());
}

/* Write prefix and value in hexadecimal, without stdio (the trap may have
 * broken it). */
static void report_hex(const char *prefix, uint32_t value)
{
    char text[FORMAT_NUMBER_SIZE];
    semihosting_write0(prefix);
    semihosting_write0(format_hex(text, value));
}

/* The trap handler: it never returns, so it saves nothing; aligned for
 * mtvec. The cause, the faulting pc and the bad address or instruction
 * say what happened. */
__attribute__((aligned(4))) void port_riscv_trap(void)
{
    uint32_t cause, pc, value;
    CSR_READ(mcause, cause);
    CSR_READ(mepc, pc);
    CSR_READ(mtval, value);
    report_hex("\n*** trap, mcause 0x", cause);
    report_hex(" at pc 0x", pc);
    report_hex(", mtval 0x", value);
    semihosting_write0("\n");
    semihosting_exit(PORT_EXIT_HARD_FAULT);
}
