/* SPDX-License-Identifier: MIT */
/*
 * The hardware timer behind port_counter(): each board names its driver
 * (timer_*.c) in boards/<name>/board.mk.
 *
 * The driver counts timer ticks; instruction_counter.c turns them into
 * executed instructions, which is exact when QEMU runs with -icount (each
 * instruction then advances the emulated clock by the same time).
 */
#ifndef AIMFIX_PORT_BOARD_TIMER_H
#define AIMFIX_PORT_BOARD_TIMER_H

#include <stdint.h>

/* Start (or restart) counting from 0. */
void board_timer_start(void);

/* Ticks since the start, modulo 2^32: the timer wraps after exactly 2^32. */
uint32_t board_timer_ticks(void);

/* Restart counting from ticks instead of 0 and return 0, or return -1 if
 * the timer cannot be preset. A test uses it to put the wrap of the 32-bit
 * count right inside a measurement instead of waiting 2^32 ticks for it. */
int board_timer_restart_at(uint32_t ticks);

#endif /* AIMFIX_PORT_BOARD_TIMER_H */
