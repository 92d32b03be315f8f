/* SPDX-License-Identifier: MIT */
/* Stack painting (see port/cortex-m/stack_meter.h), on every port: the
 * region, the paint and the stack pointer come from the port's
 * stack_region.h (port/<port>/ is searched before port/cortex-m/, and
 * this folder has none, so the port's own wins). */
#include "stack_meter.h"

#include <stdint.h>

#include "stack_region.h"

/* The deepest unit found in use so far (the stack top until something is
 * measured). Each measurement repaints, so it keeps what it saw first. */
static const stack_unit *deepest_seen = STACK_TOP;

/* The lowest unit of the stack region that no longer holds the paint.
 * Bound: the region's size in units. */
static const stack_unit *lowest_used(void)
{
    const stack_unit *unit = STACK_BOTTOM;
    while (unit < STACK_TOP && *unit == STACK_PAINT)
        unit++;
    return unit;
}

static void note_deepest(void)
{
    const stack_unit *lowest = lowest_used();
    if (lowest < deepest_seen)
        deepest_seen = lowest;
}

/* Paint from the region's bottom up to (not including) top. Inlined, so
 * that it adds no frame of its own below the caller's. */
static inline __attribute__((always_inline)) void paint_below(stack_unit *top)
{
    volatile stack_unit *unit;
    for (unit = STACK_BOTTOM; unit < top; unit++)
        *unit = STACK_PAINT;
}

/* noinline: the paint starts below this function's own frame, which the
 * caller's callees will reuse, so nothing live is overwritten. */
__attribute__((noinline)) void stack_meter_paint(void)
{
    paint_below(stack_pointer());
}

__attribute__((noinline)) size_t stack_meter_measure(void (*fn)(void *), void *arg)
{
    stack_unit *sp;
    const stack_unit *lowest;

    note_deepest();
    /* Painted in this frame rather than by a call, so that no callee's
     * frame is left unpainted between this frame and fn's. */
    sp = stack_pointer();
    paint_below(sp);
    fn(arg);
    lowest = lowest_used();
    /* Units just below sp's frame slots may keep old paint (RISC-V
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
    return (size_t)((uintptr_t)STACK_TOP - (uintptr_t)deepest_seen);
}

size_t stack_meter_size(void)
{
    return (size_t)((uintptr_t)STACK_TOP - (uintptr_t)STACK_BOTTOM);
}

int stack_meter_overflowed(void)
{
    return *(const volatile stack_unit *)STACK_BOTTOM != STACK_PAINT;
}
