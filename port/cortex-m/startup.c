/* SPDX-License-Identifier: MIT */
/*
 * Start-up code for every Cortex-M board: the vector table, the reset
 * handler that prepares memory and runs main, and the fault handlers that
 * turn a crash into a non-zero exit status instead of a hang.
 *
 * The configurable faults (MemManage, BusFault, UsageFault) are left
 * disabled, so on every core they escalate to HardFault; one handler covers
 * M0 (which has no others) and M3/M4/M7 alike.
 */
#include <stdint.h>

#include "exit_codes.h"
#include "format_number.h"
#include "linker_symbols.h"
#include "port.h"
#include "semihosting.h"
#include "stack_meter.h"

/* External interrupt lines in the table. No test enables one; any that fires
 * anyway reaches Default_Handler. 32 covers the nRF51's and the MPS2 AN385's
 * lines; a board with more only needs a longer table if it uses them. */
#define PORT_IRQ_LINES 32

int main(void);
void Reset_Handler(void);
void Default_Handler(void);
void HardFault_Handler(void);
void hard_fault_report(const uint32_t *frame) __attribute__((noreturn, used));

/* Weak, so that a test or an example can define its own handler. */
void NMI_Handler(void) __attribute__((weak, alias("Default_Handler")));
void MemManage_Handler(void) __attribute__((weak, alias("Default_Handler")));
void BusFault_Handler(void) __attribute__((weak, alias("Default_Handler")));
void UsageFault_Handler(void) __attribute__((weak, alias("Default_Handler")));
void SVC_Handler(void) __attribute__((weak, alias("Default_Handler")));
void DebugMon_Handler(void) __attribute__((weak, alias("Default_Handler")));
void PendSV_Handler(void) __attribute__((weak, alias("Default_Handler")));
void SysTick_Handler(void) __attribute__((weak, alias("Default_Handler")));
void IRQ_Handler(void) __attribute__((weak, alias("Default_Handler")));

typedef void (*handler)(void);

/* The layout the core reads at reset: the initial stack pointer, then one
 * handler per exception number (1 = reset). */
struct vector_table {
    uint32_t *initial_stack;
    handler exception[15 + PORT_IRQ_LINES];
};

#define IRQ4 IRQ_Handler, IRQ_Handler, IRQ_Handler, IRQ_Handler
#define IRQ32 IRQ4, IRQ4, IRQ4, IRQ4, IRQ4, IRQ4, IRQ4, IRQ4

__attribute__((section(".vectors"), used))
const struct vector_table port_vector_table = {
    __stack_top,
    {
        Reset_Handler, NMI_Handler, HardFault_Handler, MemManage_Handler,
        BusFault_Handler, UsageFault_Handler, 0, 0, 0, 0, SVC_Handler,
        DebugMon_Handler, 0, PendSV_Handler, SysTick_Handler,
        IRQ32,
    },
};

/* Coprocessor Access Control Register: CP10 and CP11 are the FPU. */
#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u)
#define CPACR_CP10_CP11_FULL (0xFu << 20)

void Reset_Handler(void)
{
    const uint32_t *from = __data_load;
    uint32_t *to;

    for (to = __data_start; to < __data_end; to++, from++)
        *to = *from;
    for (to = __bss_start; to < __bss_end; to++)
        *to = 0;

#if defined(__ARM_FP)
    /* Code built with -mfpu uses the FPU, which is off after reset: using
     * it before this would fault. (Cores without an FPU never get here.) */
    SCB_CPACR |= CPACR_CP10_CP11_FULL;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif

    stack_meter_paint();
    port_exit(main());
}

/* Write prefix and value in hexadecimal, without stdio (the fault may
 * have broken it). */
static void report_hex(const char *prefix, uint32_t value)
{
    char text[FORMAT_NUMBER_SIZE];
    semihosting_write0(prefix);
    semihosting_write0(format_hex(text, value));
}

/* The frame the core pushed on the fault: r0-r3, r12, lr, pc, xPSR. */
enum { FRAME_LR = 5, FRAME_PC = 6 };

#if __ARM_ARCH >= 7
/* Fault status registers (ARMv7-M only; ARMv6-M has none). */
#define SCB_CFSR (*(volatile uint32_t *)0xE000ED28u)
#define SCB_HFSR (*(volatile uint32_t *)0xE000ED2Cu)
#endif

void hard_fault_report(const uint32_t *frame)
{
    report_hex("\n*** HardFault at pc 0x", frame[FRAME_PC]);
    report_hex(", lr 0x", frame[FRAME_LR]);
#if __ARM_ARCH >= 7
    report_hex(", CFSR 0x", SCB_CFSR);
    report_hex(", HFSR 0x", SCB_HFSR);
#endif
    semihosting_write0("\n");
    semihosting_exit(PORT_EXIT_HARD_FAULT);
}

/* Only the main stack is used, so the fault frame is at MSP. Naked: no
 * prologue may touch the stack before the frame's address is taken. */
__attribute__((naked)) void HardFault_Handler(void)
{
    __asm__ volatile("mrs r0, msp\n\t"
                     "bl hard_fault_report\n\t");
}

void Default_Handler(void)
{
    uint32_t exception;
    __asm__ volatile("mrs %0, ipsr" : "=r"(exception));
    report_hex("\n*** unexpected exception 0x", exception);
    semihosting_write0("\n");
    semihosting_exit(PORT_EXIT_UNEXPECTED_EXCEPTION);
}
