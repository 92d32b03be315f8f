/* SPDX-License-Identifier: MIT */
/*
 * Instruction-counter timer on the nRF51 (micro:bit): TIMER0 in 32-bit
 * mode, read by capturing the count into CC[0].
 *
 * The base clock is 16 MHz (62.5 ns). Prescaler 1 halves it to 8 MHz, so a
 * tick is a whole 125 ns: QEMU converts between ticks and nanoseconds by
 * truncating, and a fractional tick length would let the count drift.
 */
#include "board_timer.h"

#define NRF51_TIMER0_BASE 0x40008000u
#define TIMER_REG(offset) (*(volatile uint32_t *)(NRF51_TIMER0_BASE + (offset)))
#define TASKS_START TIMER_REG(0x000u)
#define TASKS_STOP TIMER_REG(0x004u)
#define TASKS_CLEAR TIMER_REG(0x00Cu)
#define TASKS_CAPTURE0 TIMER_REG(0x040u)
#define TIMER_MODE TIMER_REG(0x504u)
#define TIMER_BITMODE TIMER_REG(0x508u)
#define TIMER_PRESCALER TIMER_REG(0x510u)
#define TIMER_CC0 TIMER_REG(0x540u)

#define TASK_TRIGGER 1u
#define MODE_TIMER 0u
#define BITMODE_32 3u
#define PRESCALER_8MHZ 1u

#if PORT_TIMER_TICK_NS != 125
#error "the nRF51 timer ticks every 125 ns here: set PORT_TIMER_TICK_NS = 125"
#endif

void board_timer_start(void)
{
    TASKS_STOP = TASK_TRIGGER;
    TIMER_MODE = MODE_TIMER;
    TIMER_BITMODE = BITMODE_32;
    TIMER_PRESCALER = PRESCALER_8MHZ;
    TASKS_CLEAR = TASK_TRIGGER;
    TASKS_START = TASK_TRIGGER;
}

uint32_t board_timer_ticks(void)
{
    TASKS_CAPTURE0 = TASK_TRIGGER;
    return TIMER_CC0;
}

int board_timer_restart_at(uint32_t ticks)
{
    /* The count can only be cleared, not set. */
    (void)ticks;
    return -1;
}
