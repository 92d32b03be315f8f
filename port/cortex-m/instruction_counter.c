/* SPDX-License-Identifier: MIT */
/* Executed-instruction counter (see instruction_counter.h). */
#include "instruction_counter.h"

#include "board_timer.h"
#include "port.h"

#if !defined(PORT_TIMER_TICK_NS) || !defined(PORT_ICOUNT_SHIFT)
#error "board.mk must define PORT_TIMER_TICK_NS and PORT_ICOUNT_SHIFT"
#endif

#define SHIFT PORT_ICOUNT_SHIFT
#define TICK_NS ((uint32_t)PORT_TIMER_TICK_NS)
#define INSTRUCTION_NS (1u << SHIFT)

#if (1 << PORT_ICOUNT_SHIFT) < 2 * PORT_TIMER_TICK_NS
#error "need at least 2 timer ticks per instruction: raise PORT_ICOUNT_SHIFT"
#endif
#if PORT_ICOUNT_SHIFT > 24 || PORT_TIMER_TICK_NS > 255
#error "the conversion below assumes a tick of at most 255 ns and a shift of at most 24"
#endif

/* Instructions in 2^32 ticks: 2^32 * TICK_NS / 2^SHIFT, a whole number
 * (the shift is at most 24 here), below 2^32 because there are at least two
 * ticks per instruction. */
#define WRAP_INSTRUCTIONS (TICK_NS << (32 - SHIFT))

/* round((ticks + 1/2) * TICK_NS / 2^SHIFT), in 32-bit arithmetic with no
 * helper call. The timers count whole ticks elapsed (rounded down), so the
 * half tick centres the error on zero. Computed doubled, to keep the half
 * an integer: the high part of ticks divides exactly, the low part (below
 * 2^SHIFT ticks, so the products stay far below 2^32) is rounded. */
static uint32_t ticks_to_instructions(uint32_t ticks)
{
    uint32_t high = (ticks >> SHIFT) * TICK_NS;
    uint32_t low = (ticks & (INSTRUCTION_NS - 1u)) * (2u * TICK_NS);
    return high + ((low + TICK_NS + INSTRUCTION_NS) >> (SHIFT + 1));
}

/* 1 when a < b as unsigned numbers, else 0, without a branch: the borrow
 * out of a - b (Hacker's Delight, 2-13). */
static uint32_t borrow(uint32_t a, uint32_t b)
{
    return ((~a & b) | (~(a ^ b) & (a - b))) >> 31;
}

uint32_t instruction_counter_next(instruction_counter *counter, uint32_t ticks)
{
    uint32_t value;
    counter->wrap_offset += borrow(ticks, counter->last_ticks) * WRAP_INSTRUCTIONS;
    counter->last_ticks = ticks;
    value = ticks_to_instructions(ticks) + counter->wrap_offset -
            counter->reads * counter->read_cost;
    counter->reads++;
    return value;
}

uint32_t instruction_counter_wrap_length(void)
{
    return WRAP_INSTRUCTIONS;
}

static instruction_counter the_counter;

/* noinline: every reading must run the same instructions, wherever it is
 * called from (an inlined copy could be scheduled differently). */
__attribute__((noinline)) uint32_t port_counter(void)
{
    return instruction_counter_next(&the_counter, board_timer_ticks());
}

const char *port_counter_unit(void)
{
    return "instructions";
}

void instruction_counter_start(void)
{
    uint32_t first, second;
    instruction_counter reset = { 0, 0, 0, 0 };
    the_counter = reset;
    board_timer_start();
    /* Two readings in a row, as a caller makes them around the code it
     * measures: what lies between them is the cost to subtract. */
    first = port_counter();
    second = port_counter();
    the_counter.read_cost = second - first;
}

uint32_t instruction_counter_read_cost(void)
{
    return the_counter.read_cost;
}

/* Greatest common divisor; the loop runs at most about 2 log2(b) times. */
static uint32_t gcd(uint32_t a, uint32_t b)
{
    while (b != 0) {
        uint32_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

int instruction_counter_restart_before_wrap(uint32_t instructions)
{
    /* Only a whole number of blocks keeps the count free of a fractional
     * phase: a block is INSTRUCTION_NS / g ticks = TICK_NS / g instructions. */
    uint32_t g = gcd(INSTRUCTION_NS, TICK_NS);
    uint32_t blocks = instructions / (TICK_NS / g);
    uint32_t ticks = 0u - blocks * (INSTRUCTION_NS / g);
    if (board_timer_restart_at(ticks) != 0)
        return -1;
    the_counter.last_ticks = ticks;
    return 0;
}
