/* SPDX-License-Identifier: MIT */
/* Stack painting on AVR (port/cortex-m/stack_meter.h): the stack grows
 * down from the top of RAM to the end of .bss (avr-libc's __heap_start;
 * the tests use no heap), painted byte by byte. */
#include "stack_meter.h"

#include <stdint.h>

#include <avr/io.h>

#define STACK_PAINT 0xC5u

extern uint8_t __heap_start[];

#define STACK_TOP ((uint8_t *)(RAMEND + 1))

static const uint8_t *deepest_seen = STACK_TOP;

static inline __attribute__((always_inline)) uint8_t *stack_pointer(void)
{
    return (uint8_t *)SP;
}

static const uint8_t *lowest_used(void)
{
    const uint8_t *byte = __heap_start;
    while (byte < STACK_TOP && *byte == STACK_PAINT)
        byte++;
    return byte;
}

static void note_deepest(void)
{
    const uint8_t *lowest = lowest_used();
    if (lowest < deepest_seen)
        deepest_seen = lowest;
}

static inline __attribute__((always_inline)) void paint_below(uint8_t *top)
{
    volatile uint8_t *byte;
    for (byte = __heap_start; byte < top; byte++)
        *byte = STACK_PAINT;
}

__attribute__((noinline)) void stack_meter_paint(void)
{
    paint_below(stack_pointer());
}

__attribute__((noinline)) size_t stack_meter_measure(void (*fn)(void *), void *arg)
{
    uint8_t *sp;
    const uint8_t *lowest;
    note_deepest();
    sp = stack_pointer();
    paint_below(sp);
    fn(arg);
    lowest = lowest_used();
    if (lowest > sp)
        lowest = sp;
    if (lowest < deepest_seen)
        deepest_seen = lowest;
    return (size_t)(sp - lowest);
}

size_t stack_meter_high_water(void)
{
    note_deepest();
    return (size_t)(STACK_TOP - deepest_seen);
}

size_t stack_meter_size(void)
{
    return (size_t)(STACK_TOP - __heap_start);
}

int stack_meter_overflowed(void)
{
    return *(const volatile uint8_t *)__heap_start != STACK_PAINT;
}
