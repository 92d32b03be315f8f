/* SPDX-License-Identifier: MIT */
/*
 * Where the stack lives on AVR, for port/stack/stack_meter.c: it grows
 * down from the top of RAM to the end of .bss (avr-libc's __heap_start;
 * the tests use no heap), painted byte by byte (the stack pointer need
 * not be aligned).
 */
#ifndef AIMFIX_PORT_STACK_REGION_H
#define AIMFIX_PORT_STACK_REGION_H

#include <stdint.h>

#include <avr/io.h>

typedef uint8_t stack_unit;

#define STACK_PAINT 0xC5u

extern uint8_t __heap_start[];

#define STACK_BOTTOM ((stack_unit *)__heap_start)
#define STACK_TOP ((stack_unit *)(RAMEND + 1))

static inline __attribute__((always_inline)) stack_unit *stack_pointer(void)
{
    return (stack_unit *)SP;
}

#endif /* AIMFIX_PORT_STACK_REGION_H */
