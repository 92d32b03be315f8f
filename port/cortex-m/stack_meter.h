/* SPDX-License-Identifier: MIT */
/*
 * Stack painting: how many bytes of stack a function really uses.
 *
 * The free stack is filled with a known word; after the call, the lowest
 * word that no longer holds it marks the deepest point the call reached.
 * This measures what ran (every helper and library call included), not a
 * compiler's estimate, and needs no tool beyond the target itself.
 *
 * For tests, benchmarks and the port's own exit report; the library never
 * uses it. Interrupts would also leave marks: none are enabled here.
 */
#ifndef AIMFIX_PORT_STACK_METER_H
#define AIMFIX_PORT_STACK_METER_H

#include <stddef.h>

/* Paint the whole stack below the caller's frame. The reset handler calls
 * it once before main, so that stack_meter_high_water() covers the run. */
void stack_meter_paint(void);

/* Call fn(arg) and return the bytes of stack it used: from the stack
 * pointer at the call down to the deepest word it wrote. */
size_t stack_meter_measure(void (*fn)(void *), void *arg);

/* The deepest the stack has been since reset, in bytes below its top. */
size_t stack_meter_high_water(void);

/* The size of the stack's reserved region, in bytes (see linker/). */
size_t stack_meter_size(void);

/* Non-zero when the bottom word of the stack region was overwritten: the
 * stack reached (and perhaps passed) the end of its reserved region. */
int stack_meter_overflowed(void);

#endif /* AIMFIX_PORT_STACK_METER_H */
