/* SPDX-License-Identifier: MIT */
/*
 * port_counter() on the Versatile/PB: executed instructions, recovered
 * from the system controller's 24 MHz counter while QEMU runs with
 * -icount shift=PORT_ICOUNT_SHIFT.
 *
 * Under -icount the virtual clock is N 2^shift ns after N instructions,
 * and the counter shows floor(ns 24 / 1000) modulo 2^32: with shift 10, T
 * = floor(N 3072 / 125) ticks, more than 24 a instruction, so N =
 * ceil(T 125 / 3072) exactly. (The SP804 timers tick at 1 MHz, about once
 * an instruction at QEMU's largest shift: too coarse to be exact.) The
 * ticks since reset are kept as Q 3072 + r, r < 3072, so that nothing
 * overflows: N = 125 Q + ceil(125 r / 3072), modulo 2^32 as port.h wants.
 * Readings must come less than 2^32 ticks (1.7e8 instructions) apart for
 * the 32-bit difference of two to be the ticks between them.
 *
 * Each reading subtracts the cost of one reading (measured at start-up),
 * so that two readings in a row differ by 0. The arithmetic is ARM code,
 * where the divisions by constants become multiplications (Thumb-1 has no
 * long multiply and would call the divide helper, whose time depends on
 * its operands), and has no branch: every reading runs the same
 * instructions.
 */
#include <stdint.h>

#include "instruction_counter.h"
#include "port.h"

#if PORT_ICOUNT_SHIFT != 10
#error "the conversion below assumes 1024 ns an instruction: set BOARD_ICOUNT_SHIFT = 10"
#endif

/* The Versatile/PB system controller's SYS_24MHZ register. */
#define SYS_24MHZ (*(volatile uint32_t *)0x1000005Cu)
#define TICKS_PER_BLOCK 3072u     /* 125 instructions' worth of ticks */
#define INSTRUCTIONS_PER_BLOCK 125u

static uint32_t last_ticks; /* the previous reading */
static uint32_t blocks;     /* Q: whole blocks of ticks since reset */
static uint32_t rest;       /* r: the ticks beyond them, below 3072 */
static uint32_t reads;
static uint32_t read_cost;

/* noinline: every reading must run the same instructions, wherever it is
 * called from. */
__attribute__((noinline, target("arm"))) uint32_t port_counter(void)
{
    uint32_t ticks = SYS_24MHZ;
    uint32_t delta = ticks - last_ticks;
    uint32_t delta_blocks = delta / TICKS_PER_BLOCK;
    uint32_t carry;
    last_ticks = ticks;
    rest += delta - delta_blocks * TICKS_PER_BLOCK;
    /* 1 when rest reached a whole block (rest < 2 * 3072 here). */
    carry = ((TICKS_PER_BLOCK - 1u) - rest) >> 31;
    rest -= carry * TICKS_PER_BLOCK;
    blocks += delta_blocks + carry;
    return blocks * INSTRUCTIONS_PER_BLOCK +
           (rest * INSTRUCTIONS_PER_BLOCK + (TICKS_PER_BLOCK - 1u)) / TICKS_PER_BLOCK -
           reads++ * read_cost;
}

const char *port_counter_unit(void)
{
    return "instructions";
}

void instruction_counter_start(void)
{
    uint32_t first, second;
    reads = 0;
    read_cost = 0;
    /* Two readings in a row, as a caller makes them around the code it
     * measures: what lies between them is the cost to subtract. */
    first = port_counter();
    second = port_counter();
    read_cost = second - first;
}

uint32_t instruction_counter_read_cost(void)
{
    return read_cost;
}
