/* SPDX-License-Identifier: MIT */
/* Stack painting (see stack_meter.h). */
#include "stack_meter.h"

#include <stdint.h>

#include "linker_symbols.h"

/* An unlikely value for a saved register or a local: neither a small
 * number, nor a RAM or flash address, nor an odd code address. */
#define STACK_PAINT 0xC5A3C5A3u

/* The deepest word found in use so far (the stack top until something is
 * measured). Each measurement repaints, so it keeps what it saw first. */
static const uint32_t *deepest_seen = __stack_top;

static inline __attribute__((always_inline)) uint32_t *stack_pointer(void)
{
    uint32_t *sp;
#if defined(__riscv)
    __asm__ volatile("mv %0, sp" : "=r"(sp));
#else
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#endif
    return sp;
}

/* The lowest word of the stack region that no longer holds the paint.
 * Bound: the region's size in words. */
static const uint32_t *lowest_used(void)
{
    const uint32_t *word = __stack_bottom;
    while (word < __stack_top && *word == STACK_PAINT)
        word++;
    return word;
}

static void note_deepest(void)
{
    const uint32_t *lowest = lowest_used();
    if (lowest < deepest_seen)
        deepest_seen = lowest;
}

/* Paint from the region's bottom up to (not including) top. Inlined, so
 * that it adds no frame of its own below the caller's. */
static inline __attribute__((always_inline)) void paint_below(uint32_t *top)
{
    volatile uint32_t *word;
    for (word = __stack_bottom; word < top; word++)
        *word = STACK_PAINT;
}

/* noinline: the paint starts below this function's own frame, which the
 * caller's callees will reuse, so nothing live is overwritten. */
__attribute__((noinline)) void stack_meter_paint(void)
{
    paint_below(stack_pointer());
}

__attribute__((noinline)) size_t stack_meter_measure(void (*fn)(void *), void *arg)
{
    uint32_t *sp;
    const uint32_t *lowest;

    note_deepest();
    /* Painted in this frame rather than by a call, so that no callee's
     * frame is left unpainted between this frame and fn's. */
    sp = stack_pointer();
    paint_below(sp);
    fn(arg);
    lowest = lowest_used();
    /* Words just below sp's frame slots may keep old paint (RISC-V
     * frames are padded to 16 bytes): what fn used starts at sp. */
    if (lowest > sp)
        lowest = sp;
    if (lowest < deepest_seen)
        deepest_seen = lowest;
    return (size_t)((uintptr_t)sp - (uintptr_t)lowest);
}

size_t stack_meter_high_water(void)
{
    note_deepest();
    return (size_t)((uintptr_t)__stack_top - (uintptr_t)deepest_seen);
}

size_t stack_meter_size(void)
{
    return (size_t)((uintptr_t)__stack_top - (uintptr_t)__stack_bottom);
}

int stack_meter_overflowed(void)
{
    return *(const volatile uint32_t *)__stack_bottom != STACK_PAINT;
}
