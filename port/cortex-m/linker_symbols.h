/* SPDX-License-Identifier: MIT */
/*
 * Addresses defined by linker/sections.ld. Declared as arrays so that only
 * their addresses are ever used (the objects themselves are not C data).
 */
#ifndef AIMFIX_PORT_LINKER_SYMBOLS_H
#define AIMFIX_PORT_LINKER_SYMBOLS_H

#include <stdint.h>

extern uint32_t __data_load[];   /* initial values of .data, in flash */
extern uint32_t __data_start[];  /* .data in RAM, word-aligned */
extern uint32_t __data_end[];
extern uint32_t __bss_start[];   /* .bss, word-aligned */
extern uint32_t __bss_end[];
extern uint32_t __heap_start[];  /* the heap: end of .bss up to the stack */
extern uint32_t __heap_end[];
extern uint32_t __stack_bottom[]; /* the stack's reserved region, 8-aligned */
extern uint32_t __stack_top[];

#endif /* AIMFIX_PORT_LINKER_SYMBOLS_H */
