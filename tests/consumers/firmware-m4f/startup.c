/* SPDX-License-Identifier: MIT */
/*
 * The user's own start-up for the M4F firmware: the vector table, the FPU
 * switched on before any floating-point instruction, .data and .bss set
 * up, main, then the exit status handed to the debugger (semihosting).
 */
#include <stdint.h>
#include <stdlib.h>

extern uint32_t __stack_top, __data_start, __data_end, __data_load, __bss_start, __bss_end;
extern void initialise_monitor_handles(void);
int main(void);
void Reset_Handler(void);
void Fault_Handler(void);

__attribute__((section(".vectors"), used))
static void (*const vectors[16])(void) = {
    (void (*)(void))&__stack_top, Reset_Handler, Fault_Handler, Fault_Handler,
    Fault_Handler, Fault_Handler, Fault_Handler,
};

/* newlib's exit runs the destructor list, which ends with _fini; crt0's
 * own is not linked (-nostartfiles) and this firmware has nothing to undo. */
void _fini(void);
void _fini(void)
{
}

void Fault_Handler(void)
{
    exit(99);
}

void Reset_Handler(void)
{
    volatile uint32_t *const cpacr = (volatile uint32_t *)0xE000ED88u;
    uint32_t *src = &__data_load;
    uint32_t *dst;

    *cpacr |= 0xFu << 20; /* CP10 and CP11: full access to the FPU */
    __asm__ volatile("dsb\n\tisb");
    for (dst = &__data_start; dst < &__data_end;)
        *dst++ = *src++;
    for (dst = &__bss_start; dst < &__bss_end;)
        *dst++ = 0;
    initialise_monitor_handles();
    exit(main());
}
