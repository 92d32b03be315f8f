/* SPDX-License-Identifier: MIT */
/*
 * What the port's newlib system calls tell about memory (the calls
 * themselves are declared by newlib).
 */
#ifndef AIMFIX_PORT_NEWLIB_SYSCALLS_H
#define AIMFIX_PORT_NEWLIB_SYSCALLS_H

#include <stddef.h>

/* Bytes of heap newlib's malloc has taken so far, and the heap's size. */
size_t newlib_heap_used(void);
size_t newlib_heap_size(void);

#endif /* AIMFIX_PORT_NEWLIB_SYSCALLS_H */
