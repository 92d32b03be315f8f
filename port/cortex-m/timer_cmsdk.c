/* SPDX-License-Identifier: MIT */
/*
 * Instruction-counter timer on the MPS2 boards: CMSDK APB timer 0, a 32-bit
 * down-counter clocked by the 25 MHz peripheral clock (40 ns a tick).
 */
#include "board_timer.h"

#define CMSDK_TIMER0_BASE 0x40000000u
#define TIMER_CTRL (*(volatile uint32_t *)(CMSDK_TIMER0_BASE + 0x00u))
#define TIMER_VALUE (*(volatile uint32_t *)(CMSDK_TIMER0_BASE + 0x04u))
#define TIMER_RELOAD (*(volatile uint32_t *)(CMSDK_TIMER0_BASE + 0x08u))
#define CTRL_ENABLE 1u

/* The timer counts down; counting down from 2^32 - 1 - ticks makes the
 * ticks elapsed the bitwise complement of VALUE, and reloading 2^32 - 1
 * after 0 makes the period exactly 2^32 ticks. */
int board_timer_restart_at(uint32_t ticks)
{
    TIMER_CTRL = 0;
    TIMER_RELOAD = 0xFFFFFFFFu;
    TIMER_VALUE = ~ticks;
    TIMER_CTRL = CTRL_ENABLE;
    return 0;
}

void board_timer_start(void)
{
    (void)board_timer_restart_at(0);
}

uint32_t board_timer_ticks(void)
{
    return ~TIMER_VALUE;
}
