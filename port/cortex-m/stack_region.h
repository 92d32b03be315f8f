/* SPDX-License-Identifier: MIT */
/*
 * Where the stack lives and how to paint it, for port/stack/stack_meter.c, on the
 * 32-bit ports (Cortex-M, ARMv4T, RISC-V): the region linker/sections.ld
 * reserves, painted a word at a time. A port with another layout puts its
 * own stack_region.h in port/<port>/, which is searched first (the AVR
 * port does).
 */
#ifndef AIMFIX_PORT_STACK_REGION_H
#define AIMFIX_PORT_STACK_REGION_H

#include <stdint.h>

#include "linker_symbols.h"

/* The unit painted and checked. */
typedef uint32_t stack_unit;

/* An unlikely value for a saved register or a local: neither a small
 * number, nor a RAM or flash address, nor an odd code address. */
#define STACK_PAINT 0xC5A3C5A3u

/* The region: from its lowest unit up to (not including) its top. */
#define STACK_BOTTOM ((stack_unit *)__stack_bottom)
#define STACK_TOP ((stack_unit *)__stack_top)

static inline __attribute__((always_inline)) stack_unit *stack_pointer(void)
{
    stack_unit *sp;
#if defined(__riscv)
    __asm__ volatile("mv %0, sp" : "=r"(sp));
#else
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#endif
    return sp;
}

#endif /* AIMFIX_PORT_STACK_REGION_H */
