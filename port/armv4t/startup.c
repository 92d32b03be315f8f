/* SPDX-License-Identifier: MIT */
/*
 * Start-up code for the ARMv4T board (an ARM7TDMI-class core: ARM and
 * Thumb-1, no CLZ, no divide instruction): the exception vectors at
 * address 0, the reset handler that sets the stack, prepares memory and
 * runs main, and one handler per exception that ends the run with
 * PORT_EXIT_HARD_FAULT instead of a hang, like a HardFault on Cortex-M.
 *
 * The vectors and the handlers' entries are ARM code (the core enters
 * every exception in ARM state); everything else is Thumb. The core
 * starts in supervisor mode with IRQ and FIQ masked, and nothing here
 * unmasks them, so no interrupt can fire.
 */
#include <stdint.h>

#include "exit_codes.h"
#include "format_number.h"
#include "linker_symbols.h"
#include "port.h"
#include "semihosting.h"
#include "stack_meter.h"

int main(void);
void Reset_Handler(void);
void port_armv4t_vectors(void);
void port_armv4t_reset(void) __attribute__((noreturn, used));
void port_armv4t_exception(uint32_t vector, uint32_t return_address) __attribute__((noreturn, used));

/* The table the core jumps into, at address 0 (.vectors heads FLASH):
 * one branch per exception, in the architecture's order. An exception's
 * entry puts its vector's offset in r0 and the interrupted address in r1,
 * switches to supervisor mode (whose stack is the program's) and reports.
 * Naked: this is a table, not a function. */
__attribute__((naked, target("arm"), section(".vectors"))) void port_armv4t_vectors(void)
{
    __asm__ volatile("b Reset_Handler\n\t"
                     "b 1f\n\t"
                     "b 2f\n\t"
                     "b 3f\n\t"
                     "b 4f\n\t"
                     "b 5f\n\t"
                     "b 6f\n\t"
                     "b 7f\n"
                     "1: mov r0, #0x04\n\tb 8f\n"
                     "2: mov r0, #0x08\n\tb 8f\n"
                     "3: mov r0, #0x0c\n\tb 8f\n"
                     "4: mov r0, #0x10\n\tb 8f\n"
                     "5: mov r0, #0x14\n\tb 8f\n"
                     "6: mov r0, #0x18\n\tb 8f\n"
                     "7: mov r0, #0x1c\n"
                     /* Supervisor mode (0x13), IRQ and FIQ masked. */
                     "8: mov r1, lr\n\t"
                     "msr cpsr_c, #0xd3\n\t"
                     "ldr r2, =port_armv4t_exception\n\t"
                     "bx r2\n\t"
                     ".ltorg");
}

/* The entry point (linker/sections.ld names it). Naked: nothing may use
 * the stack before sp is set. */
__attribute__((naked, target("arm"))) void Reset_Handler(void)
{
    __asm__ volatile("ldr sp, =__stack_top\n\t"
                     "ldr r0, =port_armv4t_reset\n\t"
                     "bx r0\n\t"
                     ".ltorg");
}

void port_armv4t_reset(void)
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

/* Write prefix and value in hexadecimal, without stdio (the exception may
 * have broken it). */
static void report_hex(const char *prefix, uint32_t value)
{
    char text[FORMAT_NUMBER_SIZE];
    semihosting_write0(prefix);
    semihosting_write0(format_hex(text, value));
}

/* The vector's offset says which exception (0x04 undefined instruction,
 * 0x0c prefetch abort, 0x10 data abort, ...); lr of the exception's mode
 * points a fixed distance past the instruction that raised it. */
void port_armv4t_exception(uint32_t vector, uint32_t return_address)
{
    report_hex("\n*** exception, vector 0x", vector);
    report_hex(", lr 0x", return_address);
    semihosting_write0("\n");
    semihosting_exit(PORT_EXIT_HARD_FAULT);
}
