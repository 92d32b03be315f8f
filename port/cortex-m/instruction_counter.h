/* SPDX-License-Identifier: MIT */
/*
 * port_counter() on Cortex-M: executed instructions, recovered from a
 * hardware timer while QEMU runs with -icount shift=PORT_ICOUNT_SHIFT.
 *
 * Under -icount every instruction advances QEMU's virtual clock by exactly
 * 2^shift ns, and the board's timer ticks every PORT_TIMER_TICK_NS ns of
 * that clock: R = 2^shift / tick ticks per instruction. The timer starts on
 * an instruction, so n instructions later the exact tick count is n R, and
 * the timer shows it rounded down. Adding half a tick and dividing by R,
 * rounded to the nearest integer, gives n back as long as the reading is
 * within R / 2 ticks of the truth: the rounding itself is within 1/2 tick,
 * which leaves R / 2 - 1/2 ticks for a timer's quirks. QEMU 7.2's CMSDK
 * timer reads 2 ticks low on the very instruction at which it wraps, hence
 * R = 6.4 on the MPS2 boards; the nRF51's has no such quirk (R = 2.048).
 *
 * Two more things make differences exact:
 *  - the 32-bit tick count wraps after 2^32 ticks, which is a whole number
 *    of instructions; a reading lower than the previous one adds that
 *    number, so intervals shorter than one wrap (6.7e8 instructions on
 *    the MPS2 boards, 2.1e9 on the micro:bit) are measured across it;
 *  - each reading subtracts the cost of one reading (measured at start-up),
 *    so that a reading costs nothing: port_counter() twice in a row
 *    differ by 0, and around code they count that code alone.
 * Every step is branch-free, so a reading always costs the same.
 *
 * Without -icount the numbers are time-based and meaningless: the runner
 * in mk/target.mk always passes it.
 */
#ifndef AIMFIX_PORT_INSTRUCTION_COUNTER_H
#define AIMFIX_PORT_INSTRUCTION_COUNTER_H

#include <stdint.h>

typedef struct instruction_counter {
    uint32_t last_ticks;  /* the previous reading, to see a wrap */
    uint32_t wrap_offset; /* instructions in the wraps seen so far */
    uint32_t reads;       /* readings so far */
    uint32_t read_cost;   /* instructions one reading costs */
} instruction_counter;

/* The next value of a counter given the timer's ticks: the pure part of
 * port_counter(), exposed so that a test can feed it any ticks. */
uint32_t instruction_counter_next(instruction_counter *counter, uint32_t ticks);

/* Instructions in one wrap of the timer (2^32 ticks). */
uint32_t instruction_counter_wrap_length(void);

/* Start the timer and measure the cost of a reading. Called by port_init. */
void instruction_counter_start(void);

/* The cost of one reading that port_counter() subtracts. */
uint32_t instruction_counter_read_cost(void);

/* For tests: restart the timer so that it wraps after `instructions`
 * (rounded down to a whole number of ticks per instruction period), and
 * return 0; -1 if the board's timer cannot be preset. */
int instruction_counter_restart_before_wrap(uint32_t instructions);

#endif /* AIMFIX_PORT_INSTRUCTION_COUNTER_H */
